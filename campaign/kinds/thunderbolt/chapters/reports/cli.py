"""The commands of the reports from the table (TB-5, TB-1.4)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.commandline.core import CampaignOption
from campaign.kinds.thunderbolt import RULES as TB
from campaign.kinds.thunderbolt.options import (
    ArmyArgument,
    EvidenceOption,
    FaceOption,
    command,
    given_sp,
    rolled,
)


@command()
def besieged(
    ctx: typer.Context,
    leader: Annotated[
        str, typer.Argument(help="A Roman leader (name or number), a Legion (X) or a CA (CA 3).")
    ],
    where: Annotated[
        str, typer.Option("--in", help="city (neither port nor Rome), port, roma, or free.")
    ],
    campaign: CampaignOption = None,
) -> None:
    """A Roman leader, Legion or CA reported besieged, or free again (TB-5.4), at any step; no
    magistrate is placed with Legions besieged in a city (TB-6.5)."""
    from campaign.kinds.thunderbolt.chapters.reports import decide as reports

    ctx.obj.act(campaign, lambda state: reports.besieged(state, leader, where), TB)


@command()
def march(
    ctx: typer.Context,
    unit: Annotated[
        str,
        typer.Argument(
            help="A magistrate (name or number), a Legion (X), a CA (CA 3), an Army or its "
            "commander, a Detachment (hannibal-1) or its leader."
        ),
    ],
    to: Annotated[str, typer.Option("--to", help="The province it moves to (key or name).")],
    place: Annotated[
        str, typer.Option("--in", help="field, roma, carthago, port or city (TB-1.4).")
    ] = "field",
    override: Annotated[
        str,
        typer.Option(
            "--override",
            help="An organiser lets through a move a rule about places refuses (TB-5.4): why.",
        ),
    ] = "",
    campaign: CampaignOption = None,
) -> None:
    """A move made on the map, by land or sea, at province level (TB-1.4), at any step (Hadrian's
    Wall's `move` is another command): a magistrate takes the
    Legions that stand with him. Refused, citing the rule, when it breaks one about places
    (TB-5.4, TB-12.7) unless an organiser overrides it with a reason."""
    from campaign.kinds.thunderbolt.chapters.reports import decide as reports

    ctx.obj.act(campaign, lambda state: reports.move(state, unit, to, place, override), TB)


@command("land-battle")
def land_battle(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="Where the land battle was fought.")],
    winner: Annotated[str, typer.Option("--winner", help="rome, carthage or none.")],
    major: Annotated[bool, typer.Option("--major", help="A Major Victory.")] = False,
    ca: Annotated[
        bool, typer.Option("--ca", help="Rome fought with a CA or larger force (TB-9.1).")
    ] = False,
    lost: Annotated[
        int, typer.Option("--lost", help="The share of Rome's SP lost, in percent (TB-9.1).")
    ] = 0,
    legion: Annotated[
        Optional[list[str]], typer.Option("--legion", help="A Legion engaged (TB-5.1).")
    ] = None,
    legion_loss: Annotated[
        Optional[list[str]],
        typer.Option(
            "--legion-loss", help="SP a Legion lost: LEGION:CLASS=N, e.g. X:citizen-infantry=2."
        ),
    ] = None,
    promote: Annotated[
        Optional[list[str]],
        typer.Option("--promote", help="After a victory: a Recruit Legion promoted (TB-11.10)."),
    ] = None,
    demote: Annotated[
        Optional[list[str]],
        typer.Option("--demote", help="After a defeat: the Veteran of the player's choice."),
    ] = None,
    army: Annotated[
        Optional[str], typer.Option("--army", help="The Carthaginian Army that fought (TB-13.3).")
    ] = None,
    army_sp: Annotated[
        Optional[int],
        typer.Option("--army-sp", help="Its SP at the battle's start, if not as tracked."),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """A land battle reported from the table (TB-5.1): Emergencies, the Italian Allies; with the
    Legions engaged, their losses, promotions and demotions (TB-11.10); with the Carthaginian
    Army that fought, its commander's recall roll after a defeat (TB-13.3)."""
    from campaign.kinds.thunderbolt.chapters.reports import decide as reports

    losses = given_sp(legion_loss or [])
    engaged = list(legion or [])

    def decide(state):
        return reports.battle(
            *(state, province, winner, major, ca, lost, engaged, losses),
            *(promote or (), demote or (), army, army_sp),
        )

    ctx.obj.act(campaign, decide, TB)


@command()
def facts(
    ctx: typer.Context,
    occupied: Annotated[
        Optional[int],
        typer.Option("--occupied", help="Medium/Large cities of Roman Italy enemy-occupied."),
    ] = None,
    near_roma: Annotated[
        Optional[bool],
        typer.Option("--near-roma/--not-near-roma", help="An enemy-occupied city within 3 hexes."),
    ] = None,
    roma_besieged: Annotated[
        Optional[bool], typer.Option("--roma-besieged/--roma-free", help="Roma besieged.")
    ] = None,
    enemy_near_rome: Annotated[
        Optional[bool],
        typer.Option(
            "--enemy-near-rome/--no-enemy-near-rome",
            help="20+ enemy SP within 10 hexes of Rome (TB-10.2).",
        ),
    ] = None,
    enemy_in_italy: Annotated[
        Optional[bool],
        typer.Option(
            "--enemy-in-italy/--no-enemy-in-italy",
            help="20+ enemy SP in Roman Italy (TB-11.3: Manpower Operations).",
        ),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """The situation facts Emergencies, the Senate and Manpower Operations read (TB-5.3, TB-9.1,
    TB-11.3), at any step."""
    from campaign.kinds.thunderbolt.chapters.reports import decide as reports

    def decide(state):
        said = (occupied, near_roma, roma_besieged, enemy_near_rome, enemy_in_italy)
        return reports.facts(state, *said)

    ctx.obj.act(campaign, decide, TB)


@command()
def losses(
    ctx: typer.Context,
    army: ArmyArgument,
    sp: Annotated[int, typer.Option("--sp", help="SP lost.")],
    cause: Annotated[
        str, typer.Option("--cause", help="What cost them: a battle, attrition.")
    ] = "",
    successor: Annotated[
        str, typer.Option("--successor", help="Of Hannibal's two Detachments, the new Army.")
    ] = "",
    promote: Annotated[
        bool, typer.Option("--promote", help="Its leader commands the new Army (TB-14.6).")
    ] = False,
    citizens: Annotated[
        int, typer.Option("--citizens", help="Of the SP lost, Carthaginian Citizens (TB-29.3).")
    ] = 0,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """SP an Army or Detachment lost; an Army at 0 is eliminated (TB-5.5, TB-13.4, TB-14.6)."""
    from campaign.kinds.thunderbolt.chapters.reports import decide as reports

    def decide(state, faces):
        return reports.losses(state, army, sp, cause, faces, successor, promote, citizens)

    rolled(ctx, campaign, face, evidence, decide)


@command()
def casualty(
    ctx: typer.Context,
    leader: Annotated[str, typer.Argument(help="A leader of either side: name or number.")],
    outcome: Annotated[str, typer.Option("--outcome", help="wounded, killed or captured.")],
    replace_him: Annotated[
        bool, typer.Option("--replace", help="A leader drawn from the pool takes his place.")
    ] = False,
    drawn: Annotated[
        Optional[str], typer.Option("--leader", help="With --dice external: who was drawn.")
    ] = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D or E: a leader wounded, killed or captured, perhaps replaced (TB-5.1, 10.8, 13.8)."""
    from campaign.kinds.thunderbolt.board import dice, naming
    from campaign.kinds.thunderbolt.chapters.reports import decide as reports

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)

    def decide(state):
        fallen = naming.leader(state, leader, "any")
        side = "rome" if fallen in state.romans.leaders else "carthage"
        chosen = naming.leader(state, drawn, side) if drawn else None
        draws = dice.draws_for(state, secrets, chosen, evidence, f"draw-{side}")
        return reports.fell(state, leader, outcome, replace_him, draws)

    ctx.obj.act(name, decide, TB)


@command()
def islands(
    ctx: typer.Context,
    held: Annotated[list[str], typer.Argument(help="sicily and/or sardinia, or none (TB-5.3).")],
    campaign: CampaignOption = None,
) -> None:
    """The islands Carthage controls whole, at any step (TB-5.3): a governor is then optional
    (TB-8.6)."""
    from campaign.kinds.thunderbolt.chapters.reports import decide as reports

    ctx.obj.act(campaign, lambda state: reports.islands(state, held), TB)


@command()
def siege(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="The besieged city's province.")],
    city: Annotated[str, typer.Option("--city", help="The city, as the map names it.")],
    ended: Annotated[
        str,
        typer.Option(
            "--ended", help="assault, attrition, surrender (involuntary), treachery or lifted."
        ),
    ],
    size: Annotated[str, typer.Option("--size", help="small, medium or large.")] = "small",
    port: Annotated[bool, typer.Option("--port", help="The city is a port.")] = False,
    taken_by: Annotated[
        Optional[str], typer.Option("--taken-by", help="rome or carthage (not when lifted).")
    ] = None,
    major: Annotated[bool, typer.Option("--major", help="A Major Victory (TB-15.2).")] = False,
    enemy_infantry: Annotated[
        bool, typer.Option("--enemy-infantry", help="Enemy infantry present (TB-10.9).")
    ] = False,
    inflicted: Annotated[
        int, typer.Option("--inflicted", help="Infantry/cavalry SP inflicted (TB-10.9).")
    ] = 0,
    leader: Annotated[
        Optional[list[str]],
        typer.Option("--leader", help="A leader present, of either side (TB-10.9, TB-13.3)."),
    ] = None,
    sacked: Annotated[
        bool, typer.Option("--sacked", help="Rome sacked the city (TB-15.7).")
    ] = False,
    by: Annotated[
        Optional[str],
        typer.Option("--by", help="Who used Treachery: his Guile Point is spent (TB-24.3)."),
    ] = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """A siege reported from the table (TB-5.2), with what it sets off: the track's shifts, Roman
    Retribution and its dice, a Triumph earned, a recall due, Treachery's Guile Point, the
    besieged leaders present freed (TB-15.2, 15.7, 10.9, 13.3, 24.3, 7.6)."""
    from campaign.kinds.thunderbolt.chapters.reports import decide as reports

    def decide(state, faces):
        present = reports.present_with(state, leader or [], by)
        report = reports.siege_report(
            state, city, province, size, port, ended, taken_by, major, enemy_infantry,
            inflicted, present, sacked,
        )  # fmt: skip
        return reports.siege_ended(state, report, faces, by)

    rolled(ctx, campaign, face, evidence, decide)
