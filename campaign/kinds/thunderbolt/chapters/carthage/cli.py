"""The commands of Carthage (TB-12 to TB-14)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.commandline.core import CampaignOption
from campaign.kinds.thunderbolt import RULES as TB
from campaign.kinds.thunderbolt.options import (
    DrawnOption,
    FromMapOption,
    FromOption,
    ArmyArgument,
    DrmOption,
    EvidenceOption,
    FaceOption,
    OutcomeOption,
    command,
    dice_range,
    drms,
    rolled,
    taken,
)


def _politics(ctx, campaign, what, drm, face, evidence, outcome) -> None:
    from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage

    modifiers = drms(drm)
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: carthage.politics(state, what, modifiers, faces, outcome),
    )


@command()
def family(
    ctx: typer.Context,
    drm: DrmOption = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    outcome: OutcomeOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B2a: the Family in Power for the Game Turn, Barcid or Magonid (TB-12.1)."""
    _politics(ctx, campaign, "family", drm, face, evidence, outcome)


@command()
def climate(
    ctx: typer.Context,
    drm: DrmOption = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    outcome: OutcomeOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B2b: the Political Climate, and with it the army limit (TB-12.1, TB-12.2)."""
    _politics(ctx, campaign, "climate", drm, face, evidence, outcome)


@command()
def disband(
    ctx: typer.Context,
    army: Annotated[str, typer.Argument(help="The Army checked.")],
    without_roll: Annotated[
        bool,
        typer.Option("--without-roll", help="Its commander is not of the Family in Power."),
    ] = False,
    sp_to: Annotated[str, typer.Option("--sp-to", help="Where a disbanded Army's SP went.")] = "",
    disband_range: Annotated[
        Optional[str],
        typer.Option("--range", help="The Disband range LOW-HIGH, where the set-up has no chart."),
    ] = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """B2c: an Army over the limit checked for disbanding (TB-12.4, TB-12.5)."""
    from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage

    entered = dice_range(disband_range)
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: carthage.disband(state, army, faces, without_roll, sp_to, entered),
    )


@command()
def appoint(
    ctx: typer.Context,
    army: Annotated[
        Optional[str], typer.Argument(help="The Army; the first without a commander if left out.")
    ] = None,
    leader: DrawnOption = None,
    from_map: FromMapOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """B2d: a commander for an Army without one, drawn blind from the pool (TB-13.2)."""
    from campaign.kinds.thunderbolt.board import dice, naming
    from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)

    def decide(state):
        drawn = naming.leader(state, leader, "carthage") if leader else None
        draws = dice.draws_for(state, secrets, drawn, evidence, "draw-carthage")
        return carthage.appoint(state, army, draws, from_map)

    ctx.obj.act(name, decide, TB)


@command("raise-army")
def raise_army(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The new Army's name (its holding box).")],
    sp: Annotated[int, typer.Option("--sp", help="The SP the Manpower Table gave (7.21).")],
    leader: DrawnOption = None,
    from_map: FromMapOption = None,
    evidence: EvidenceOption = "",
    boxes: FromOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B3b: a new Army below the army limit, instead of reinforcements, its commander appointed
    with it (TB-21.1, TB-21.2); its SP drawn from the Holding Boxes named (TB-25.2)."""
    from campaign.kinds.thunderbolt.board import dice, naming
    from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage

    name_of = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name_of)

    def decide(state):
        drawn = naming.leader(state, leader, "carthage") if leader else None
        draws = dice.draws_for(state, secrets, drawn, evidence, "draw-carthage")
        return carthage.raise_and_appoint(state, name, sp, draws, from_map, taken(boxes))

    ctx.obj.act(name_of, decide, TB)


@command()
def station(
    ctx: typer.Context,
    army: Annotated[
        Optional[str], typer.Argument(help="The Army; every Theater due if left out.")
    ] = None,
    theater: Annotated[Optional[str], typer.Argument(help="Africa or Hispania.")] = None,
    campaign: CampaignOption = None,
) -> None:
    """B2e: an Army assigned to Africa or Hispania for the Game Turn (TB-12.6)."""
    from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage

    ctx.obj.act(campaign, lambda state: carthage.post_army(state, army, theater), TB)


@command()
def recall(
    ctx: typer.Context,
    army: Annotated[str, typer.Argument(help="The Army whose commander is recalled.")],
    by_choice: Annotated[
        bool, typer.Option("--by-choice", help="The player's choice in D: no roll (TB-13.4).")
    ] = False,
    recall_range: Annotated[
        Optional[str],
        typer.Option("--range", help="The Recall range LOW-HIGH, where the set-up has no chart."),
    ] = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D or E: an Army Commander's recall roll and crucifixion roll (TB-13.3, TB-13.5)."""
    from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage

    entered = dice_range(recall_range)
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: carthage.recall(state, army, faces, by_choice, entered),
    )


@command()
def reinforce(
    ctx: typer.Context,
    army: ArmyArgument,
    sp: Annotated[int, typer.Option("--sp", help="SP joining from no other Army.")],
    elite: Annotated[
        int,
        typer.Option("--elite", help="Of them, Carthaginian Citizens or Elite (not counted)."),
    ] = 0,
    boxes: FromOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B3b or D: SP join an Army; its AER drops by the window's sum (TB-14.3, TB-14.4); those
    named come from their Holding Boxes (TB-25.2)."""
    from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage

    drawn = taken(boxes)
    ctx.obj.act(campaign, lambda state: carthage.reinforce_from(state, army, sp, elite, drawn), TB)


@command("provincial-manpower")
def provincial_manpower(
    ctx: typer.Context,
    by: Annotated[str, typer.Argument(help="The Army (its commander) or Detachment (its leader).")],
    province: Annotated[
        Optional[list[str]],
        typer.Option(
            "--province",
            help="A province raised from; every one in reach allied to Carthage if left out.",
        ),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """D: a Provincial Manpower Operation, the PIC's SP of the provinces in reach joining the
    leader's Army or Detachment, once a Game Turn for each leader (TB-28.2)."""
    from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage

    named = list(province or [])
    ctx.obj.act(campaign, lambda state: carthage.provincial(state, by, named), TB)


@command("oc-manpower")
def oc_manpower(
    ctx: typer.Context,
    sp: Annotated[int, typer.Option("--sp", help="The SP the Manpower Table gave; 0 if none.")],
    boxes: FromOption = None,
    campaign: CampaignOption = None,
) -> None:
    """D: the OC's Manpower Operation in Carthago, once a Game Turn; its SP join his Army as
    reinforcements (TB-28.3), those named from their Holding Boxes (TB-25.2)."""
    from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage

    drawn = taken(boxes)
    ctx.obj.act(campaign, lambda state: carthage.oc_manpower(state, sp, drawn), TB)


@command()
def subordinate(
    ctx: typer.Context,
    army: ArmyArgument,
    leader: DrawnOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """B3b: with 20 SP or more raised, a Subordinate drawn blind from the pool joins the new Army
    or one the reinforcements joined (TB-28.4)."""
    from campaign.kinds.thunderbolt.board import dice, naming
    from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage

    name_of = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name_of)

    def decide(state):
        drawn = naming.leader(state, leader, "carthage") if leader else None
        draws = dice.draws_for(state, secrets, drawn, evidence, "draw-carthage")
        return carthage.subordinate(state, army, draws)

    ctx.obj.act(name_of, decide, TB)


@command("manpower-return")
def manpower_return(
    ctx: typer.Context,
    contingent: Annotated[str, typer.Argument(help="The Holding Box, by its contingent.")],
    sp: Annotated[int, typer.Option("--sp", help="The SP put back.")],
    reason: Annotated[str, typer.Option("--reason", help="The rule that puts them back.")] = "",
    campaign: CampaignOption = None,
) -> None:
    """Any step: SP put back in a Carthaginian Manpower Holding Box, as a rule directs (TB-25.3:
    9.42's garrisons going home, 9.44's Gauls)."""
    from campaign.kinds.thunderbolt.board import pools

    ctx.obj.act(campaign, lambda state: pools.returned(state, contingent, sp, reason), TB)


@command()
def detach(
    ctx: typer.Context,
    army: ArmyArgument,
    sp: Annotated[int, typer.Option("--sp", help="At most half the Army's SP.")],
    leader: Annotated[
        Optional[str], typer.Option("--leader", help="The Carthaginian leader who leads it.")
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """D: a Detachment made from an Army (TB-13.9); both act at the lower AER (TB-14.5)."""
    from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage

    ctx.obj.act(campaign, lambda state: carthage.detach(state, army, sp, leader), TB)


@command()
def rejoin(
    ctx: typer.Context,
    detachment: Annotated[str, typer.Argument(help="The Detachment, e.g. hannibal-1.")],
    received: Annotated[
        bool, typer.Option("--received", help="It received SP while away (TB-14.3).")
    ] = False,
    campaign: CampaignOption = None,
) -> None:
    """D: a Detachment returns to its Army (TB-13.9)."""
    from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage

    ctx.obj.act(campaign, lambda state: carthage.rejoin(state, detachment, received), TB)


@command()
def oc(
    ctx: typer.Context,
    leader: Annotated[str, typer.Argument(help="An Army Commander of Carthage.")],
    campaign: CampaignOption = None,
) -> None:
    """Carthage names its Overall Commander after the last was lost (TB-13.7)."""
    from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage

    ctx.obj.act(campaign, lambda state: carthage.name_oc(state, leader), TB)
