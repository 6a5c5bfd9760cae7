"""The Boiling Cauldron's commands (`--rules boiling-cauldron`)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Annotated, Optional

import typer

from campaign.kinds.boiling_cauldron import RULES as BC
from campaign.errors import CampaignError, RuleViolation
from campaign.input.text import words
from campaign.input.values import percentage
from campaign.commandline.core import CampaignOption, JsonOption, pairs, print_json, registrar, say

commands = typer.Typer()
command = registrar(commands, "The Boiling Cauldron")


def start_options(
    player: Annotated[
        Optional[list[str]],
        typer.Option("--player", help="A player, in order; repeat for each (BC-2.1)."),
    ] = None,
    seed: Annotated[
        Optional[str], typer.Option("--seed", help="Draw the regions with this seed (BC-2.4).")
    ] = None,
    allocation: Annotated[
        Optional[Path],
        typer.Option(
            "--allocation", help='A TOML file: \\[allocation] region = "player" (BC-2.2).'
        ),
    ] = None,
    map_file: Annotated[
        Optional[Path], typer.Option("--map", help="A corrected map file (BC-1).")
    ] = None,
    seed_commitment: Annotated[
        Optional[str],
        typer.Option(
            "--seed-commitment", help="SHA-256 hex of a seed revealed later with draw (BC-2.4)."
        ),
    ] = None,
) -> None:
    """The options of `campaign new` for The Boiling Cauldron."""


@command()
def draw(
    ctx: typer.Context,
    seed: Annotated[str, typer.Option("--seed", help="The secret seed, now revealed.")],
    campaign: CampaignOption = None,
) -> None:
    """Reveal the committed seed and draw the regions (BC-2.4)."""
    from campaign.kinds.boiling_cauldron import commands as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.draw(state, seed), BC)


@command("options")
def attack_options(
    ctx: typer.Context,
    player: Annotated[
        Optional[str],
        typer.Option("--player", help="What this player may attack, as the round stands now."),
    ] = None,
    campaign: CampaignOption = None,
    as_json: JsonOption = False,
) -> None:
    """The legal attacks of the player on turn (or of --player), with both armies (BC-4, BC-5)."""
    from campaign.kinds.boiling_cauldron import commands as bc_commands
    from campaign.kinds.boiling_cauldron import status as bc_data

    state = ctx.obj.require(ctx.obj.name(campaign), BC).state
    who = None if player is None else bc_commands.player(state, player)
    rows = bc_data.options(state, who)
    if as_json:
        return print_json(rows)
    who = who or state.on_turn
    if who is None:
        return say("Nobody is on turn to attack now.")
    turn = "" if who == state.on_turn else f" (on turn now: {state.on_turn or 'nobody'})"
    if not rows:
        return say(f"{who} has no attack open now{turn}.")
    say(f"{who} may attack{turn}:", style="bold")
    for row in rows:
        armies = (
            f"{bc_data.army_text(row['attacker_army'])} v {bc_data.army_text(row['defender_army'])}"
        )
        say(f"  {row['from']} → {row['to']} ({row['defender']}): {armies}")


@command()
def attack(
    ctx: typer.Context,
    source: Annotated[
        str, typer.Argument(metavar="FROM", help="The attacking region, the attacker's own.")
    ],
    target: Annotated[str, typer.Argument(metavar="TO", help="The region attacked.")],
    player: Annotated[
        Optional[str], typer.Option("--player", help="Must be the player on turn.")
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """The player on turn declares an attack from one of his regions (BC-4)."""
    from campaign.kinds.boiling_cauldron import commands as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.attack(state, source, target, player), BC)


@command()
def forfeit(
    ctx: typer.Context,
    reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")],
    named: Annotated[
        Optional[str], typer.Argument(metavar="", hidden=True, show_default=False)
    ] = None,
    player: Annotated[
        Optional[str], typer.Option("--player", help="Must be the player on turn.")
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """Forfeit the attack of the player on turn (BC-4.4)."""
    from campaign.kinds.boiling_cauldron import commands as bc_commands

    if named is not None:
        raise CampaignError(
            "forfeit takes no player: it forfeits the attack of the player on turn "
            f"(to make sure it is {named}, add --player {named})."
        )
    ctx.obj.act(campaign, lambda state: bc_commands.forfeit(state, reason, player), BC)


@command(context_settings={"ignore_unknown_options": True})  # "-0" is a figure, not an option
def result(
    ctx: typer.Context,
    region: Annotated[str, typer.Argument(help="The defending region of the battle.")],
    attacker_pct: Annotated[
        str, typer.Argument(metavar="ATTACKER_PCT", help="The attacker's casualties, e.g. 35.5.")
    ],
    defender_pct: Annotated[
        str, typer.Argument(metavar="DEFENDER_PCT", help="The defender's casualties, e.g. 62.")
    ],
    winner: Annotated[
        Optional[str],
        typer.Option("--winner", help="attacker, defender (or draw, with --override)."),
    ] = None,
    override: Annotated[
        Optional[str],
        typer.Option("--override", help="Record a winner against the figures, with the reason."),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """A battle's casualties; the winner and regions due follow (BC-6, BC-7)."""
    from campaign.kinds.boiling_cauldron import commands as bc_commands

    casualties = casualty(attacker_pct, "the attacker"), casualty(defender_pct, "the defender")
    ctx.obj.act(
        campaign,
        lambda state: bc_commands.result(state, region, *casualties, winner, reason(override)),
        BC,
    )


@command()
def walkover(
    ctx: typer.Context,
    region: Annotated[str, typer.Argument(help="The defending region of the battle.")],
    present: Annotated[
        str, typer.Argument(metavar="SIDE", help="Who turned up: attacker, defender or a name.")
    ],
    reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")],
    campaign: CampaignOption = None,
) -> None:
    """A battle not played by its deadline, won by the side that turned up (BC-9.3)."""
    from campaign.kinds.boiling_cauldron import commands as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.unplayed(state, region, present, reason), BC)


@command("double-loss")
def double_loss(
    ctx: typer.Context,
    region: Annotated[str, typer.Argument(help="The defending region of the battle.")],
    reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")],
    campaign: CampaignOption = None,
) -> None:
    """A battle neither side played by its deadline: a draw, no region changes hands (BC-9.3)."""
    from campaign.kinds.boiling_cauldron import commands as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.unplayed(state, region, None, reason), BC)


@command()
def gain(
    ctx: typer.Context,
    regions: Annotated[
        list[str],
        typer.Argument(metavar="REGION...", help="The loser's regions to take, in order."),
    ],
    reason: Annotated[
        Optional[str],
        typer.Option(
            "--reason",
            help="The organiser choosing for a victor who missed the deadline (BC-9.4): why.",
        ),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """The victor's choice of the loser's regions, tier by tier (BC-7.2); with --reason, the
    organiser's choice for a victor who missed the deadline (BC-9.4)."""
    from campaign.kinds.boiling_cauldron import commands as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.gain(state, regions, reason), BC)


@command("final-armies")
def final_armies(
    ctx: typer.Context,
    player: Annotated[str, typer.Argument(help="A finalist.")],
    main: Annotated[
        str, typer.Argument(help="The main army: a culture of a region the player holds.")
    ],
    ally: Annotated[
        Optional[str], typer.Argument(help="The ally: another culture the player holds (BC-8.4).")
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """A finalist's main army and (compulsory if he holds two cultures) ally (BC-8.4)."""
    from campaign.kinds.boiling_cauldron import commands as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.final_armies(state, player, main, ally), BC)


@command("final-result")
def final_result(
    ctx: typer.Context,
    casualties: Annotated[
        list[str], typer.Option("--casualties", help="PLAYER=PCT, once for each finalist.")
    ],
    winner: Annotated[
        Optional[str], typer.Option("--winner", help="Who routed first, where both reached a rout.")
    ] = None,
    override: Annotated[
        Optional[str],
        typer.Option("--override", help="Record a winner against the figures, with the reason."),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """A Final Battle's result; a draw means another Final Battle (BC-8.4)."""
    from campaign.kinds.boiling_cauldron import commands as bc_commands

    figures = {
        who: casualty(pct, who)
        for who, pct in pairs(casualties, "casualties as PLAYER=PCT").items()
    }
    ctx.obj.act(
        campaign,
        lambda state: bc_commands.final_result(state, figures, winner, reason(override)),
        BC,
    )


def reason(override: str | None) -> str | None:
    """An --override's reason as it is recorded: NFC and trimmed, as every note is (`text.words`).
    Here, not in the command, which `verify` replays with the reason a log holds: a log recorded
    before the reason was trimmed verifies as it was recorded."""
    if override is None or not override.strip():
        return override  # the command says what is missing
    return words(override, "the reason for the override")


def casualty(text: str, whose: str) -> Decimal:
    """BC-6.2: a casualty percentage as typed, 0 to 100 with at most two decimals."""
    value = percentage(text)
    if value is None:
        raise RuleViolation(
            "BC-6.2", f"Casualties are a percentage such as 35 or 35.5; {whose}'s are not {text!r}"
        )
    return value
