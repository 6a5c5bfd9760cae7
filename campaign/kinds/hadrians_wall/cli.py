"""Britannia with Hadrian's Wall's commands (`--rules hadrians-wall`)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.domain.grammar import plural
from campaign.commandline.core import CampaignOption, pairs, registrar, say
from campaign.kinds.hadrians_wall import RULES as HW

commands = typer.Typer()
command = registrar(commands, "Britannia with Hadrian's Wall")


def start_options(
    purple: Annotated[
        Optional[str],
        typer.Option("--purple", help="Romans, Romano-British, Scots, Dubliners, Norwegians."),
    ] = None,
    blue: Annotated[
        Optional[str], typer.Option("--blue", help="Belgae, Picts, Angles, Normans (HW-2.3).")
    ] = None,
    red: Annotated[
        Optional[str], typer.Option("--red", help="Brigantes, Irish, Norsemen, Saxons (HW-2.3).")
    ] = None,
    green: Annotated[
        Optional[str], typer.Option("--green", help="Welsh, Caledonians, Jutes, Danes (HW-2.3).")
    ] = None,
    board: Annotated[
        Optional[str],
        typer.Option("--board", help="ah (Avalon Hill, the default) or ffg (HW-1.3)."),
    ] = None,
    ffg_gap: Annotated[
        Optional[str],
        typer.Option("--ffg-gap", help="On the ffg board: Cumbria|Lothian open or wall (HW-1.3)."),
    ] = None,
    wall_trigger: Annotated[
        Optional[str],
        typer.Option("--wall-trigger", help="any (default) or roman-action (HW-4.6)."),
    ] = None,
    leaders_roll: Annotated[
        Optional[str],
        typer.Option("--leaders-roll", help="yes (default) or no (HW-6.8)."),
    ] = None,
    dice: Annotated[
        Optional[str],
        typer.Option("--dice", help="committed (default) or external (HW-7.1)."),
    ] = None,
) -> None:
    """The options of `campaign new` for Britannia with Hadrian's Wall."""


@command()
def advance(
    ctx: typer.Context,
    to: Annotated[
        Optional[str],
        typer.Option(
            "--to",
            help="A later phase of this nation, a later nation (its arrival), or end-of-turn.",
        ),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """The clock's next step: the next phase, the next nation with something on the map, the
    turn's end (revealing its dice secret, HW-7.2), the next turn (HW-2.1)."""
    from campaign.kinds.hadrians_wall import commands as hw

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)
    ctx.obj.act(name, lambda state: hw.advance(state, to, secrets), HW)


@command()
def move(
    ctx: typer.Context,
    moves: Annotated[
        list[str],
        typer.Argument(
            metavar="COUNTER:FROM,TO,...",
            help="A counter and its whole path, e.g. P7:lothian,bernicia; several in order.",
        ),
    ],
    through_crossings: Annotated[
        bool,
        typer.Option(
            "--through-crossings",
            help="Carry out every move, not only up to the first wall crossing (HW-6.4).",
        ),
    ] = False,
    die: Annotated[
        Optional[list[int]],
        typer.Option("--die", help="With --dice external: a crossing's die, in order (HW-7.5)."),
    ] = None,
    evidence: Annotated[
        Optional[list[str]],
        typer.Option("--evidence", help="Where the die was rolled: a link or a note (HW-7.5)."),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """Moves in the mover's order; a step over a wall into a Roman-occupied area rolls a die
    (HW-6), and the list stops after the first move with a crossing (HW-6.4)."""
    from campaign.kinds.hadrians_wall import commands as hw
    from events.hadrians_wall import CounterMoved

    wanted = [hw.typed_move(typed) for typed in moves]
    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)

    def decide(state):
        roll = hw.roll_for(state, secrets, die or [], evidence or [])
        return hw.move(state, wanted, roll, through_crossings, ctx.obj.actor)

    recorded = ctx.obj.perform(name, lambda loaded: decide(loaded.state), rules=HW)
    carried = sum(isinstance(e, CounterMoved) for e in recorded)
    if carried < len(moves):
        left = moves[carried:]
        say(
            "Stopped after the first move with a wall crossing (HW-6.4): "
            f"{plural(len(left), 'move')} not carried out ({', '.join(left)}); enter them again "
            "once you have seen the roll, or use --through-crossings."
        )


@command()
def battle(
    ctx: typer.Context,
    area: Annotated[str, typer.Argument(help="Where the battle was fought.")],
    lost: Annotated[
        Optional[list[str]], typer.Option("--lost", help="A counter lost, of either side.")
    ] = None,
    retreat: Annotated[
        Optional[list[str]],
        typer.Option("--retreat", help="COUNTER=AREA: a counter retreating to an adjacent area."),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """A battle's result: counters lost and retreats; retreats over walls roll nothing (HW-3.2,
    HW-6.5)."""
    from campaign.kinds.hadrians_wall import commands as hw

    retreats = pairs(retreat or [], "COUNTER=AREA")
    ctx.obj.act(
        campaign, lambda state: hw.battle(state, area, lost or [], retreats, ctx.obj.actor), HW
    )


@command()
def place(
    ctx: typer.Context,
    nation: Annotated[str, typer.Argument(help="Whose counters, e.g. picts.")],
    area: Annotated[str, typer.Argument(help="Where they are placed.")],
    kind: Annotated[
        str, typer.Option("--kind", help="infantry, cavalry, leader or fort (HW-3.1).")
    ] = "infantry",
    count: Annotated[int, typer.Option("--count", help="How many.")] = 1,
    reason: Annotated[
        str, typer.Option("--reason", help="population, arrival, reinforcement, fort built …")
    ] = "",
    campaign: CampaignOption = None,
) -> None:
    """Counters put on the map, from the nation's pool first (HW-3.2)."""
    from campaign.kinds.hadrians_wall import commands as hw

    ctx.obj.act(
        campaign,
        lambda state: hw.place(state, nation, kind, area, count, reason, ctx.obj.actor),
        HW,
    )


@command()
def remove(
    ctx: typer.Context,
    counters: Annotated[
        list[str], typer.Argument(metavar="COUNTER...", help="Counters to remove.")
    ],
    reason: Annotated[
        str, typer.Option("--reason", help="overpopulation, raider withdrawal, fort destroyed …")
    ] = "",
    campaign: CampaignOption = None,
) -> None:
    """Counters taken off the map to their pools (HW-3.2)."""
    from campaign.kinds.hadrians_wall import commands as hw

    ctx.obj.act(campaign, lambda state: hw.remove(state, counters, reason, ctx.obj.actor), HW)


@command()
def ruling(
    ctx: typer.Context,
    crossing: Annotated[int, typer.Argument(help="The crossing's number.")],
    die: Annotated[int, typer.Option("--die", help="The die as ruled.")],
    reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")] = "",
    campaign: CampaignOption = None,
) -> None:
    """An organiser's ruling correcting a crossing's die; the log keeps the original (HW-6.10)."""
    from campaign.kinds.hadrians_wall import commands as hw

    ctx.obj.act(campaign, lambda state: hw.ruling(state, crossing, die, reason), HW)
