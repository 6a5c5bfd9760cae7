"""The Boiling Cauldron's commands (`--rules boiling-cauldron`)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from campaign.commandline.core import (
    BC,
    CampaignOption,
    JsonOption,
    command,
    print_json,
    say,
)
from campaign.errors import CampaignError

PANEL = "The Boiling Cauldron"


def new_boiling_cauldron(title: str, player: list[str], seed, allocation, map_file, seed_commitment):
    from campaign.boiling_cauldron import commands as bc_commands
    from campaign.boiling_cauldron.checks import check_players
    from regions import default_map_source, parse_map, read_map_file

    players = [" ".join(p.split()) for p in player]
    check_players(players)
    if sum(x is not None for x in (seed, allocation, seed_commitment)) > 1:
        raise CampaignError("Give at most one of --seed, --allocation and --seed-commitment.")
    source = read_map_file(map_file) if map_file else default_map_source()
    parse_map(source, str(map_file or "the map"))
    given = read_allocation(allocation) if allocation else None
    commitment = _commitment(seed_commitment)
    started = dict(name=title, rules=BC, players=players, map_source=source, seed_commitment=commitment)

    def allocate(state: Any) -> list:
        return [] if commitment else [bc_commands.allocate(state.world, players, given, seed)]

    return started, allocate


def _commitment(text: str | None) -> str | None:
    if text is None:
        return None
    value = text.strip().lower()
    if len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
        raise CampaignError("A seed commitment is the 64-character SHA-256 hex digest of the seed.")
    return value


def read_allocation(path: Path) -> dict[str, str]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CampaignError(f"Cannot read the allocation file {path} ({exc.__class__.__name__}).") from None
    except tomllib.TOMLDecodeError as exc:
        raise CampaignError(f"The allocation file {path} is not valid TOML ({exc}).") from None
    table = data.get("allocation")
    if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
        raise CampaignError(f"The allocation file {path} needs a table [allocation] of region = \"player\" lines.")
    return table


@command(panel=PANEL)
def draw(ctx: typer.Context, seed: Annotated[str, typer.Option("--seed", help="The secret seed, now revealed.")],
         campaign: CampaignOption = None) -> None:
    """Reveal the committed seed and draw the regions (BC-2.4)."""
    from campaign.boiling_cauldron import commands as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.draw(state, seed), BC)


@command("options", panel=PANEL)
def attack_options(ctx: typer.Context, campaign: CampaignOption = None, as_json: JsonOption = False) -> None:
    """The legal attacks of the player on turn, with both armies (BC-4, BC-5)."""
    from campaign.boiling_cauldron import status as bc_data

    state = ctx.obj.require(ctx.obj.name(campaign), BC).state
    rows = bc_data.options(state)
    if as_json:
        return print_json(rows)
    if state.on_turn is None:
        return say("Nobody is on turn to attack now.")
    say(f"{state.on_turn} may attack:", style="bold")
    for row in rows:
        attacker = row["attacker_army"]["main"] + (f" + {row['attacker_army']['ally']}" if row["attacker_army"]["ally"] else "")
        defender = row["defender_army"]["main"] + (f" + {row['defender_army']['ally']}" if row["defender_army"]["ally"] else "")
        say(f"  {row['from']} → {row['to']} ({row['defender']}): {attacker} v {defender}")


@command(panel=PANEL)
def attack(ctx: typer.Context, source: Annotated[str, typer.Argument(metavar="FROM")],
           target: Annotated[str, typer.Argument(metavar="TO")],
           player: Annotated[Optional[str], typer.Option("--player", help="Must be the player on turn.")] = None,
           campaign: CampaignOption = None) -> None:
    """The player on turn declares an attack from one of his regions (BC-4)."""
    from campaign.boiling_cauldron import commands as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.attack(state, source, target, player), BC)


@command(panel=PANEL)
def forfeit(ctx: typer.Context, reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")],
            player: Annotated[Optional[str], typer.Option("--player", help="Must be the player on turn.")] = None,
            campaign: CampaignOption = None) -> None:
    """Forfeit the attack of the player on turn (BC-4.4)."""
    from campaign.boiling_cauldron import commands as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.forfeit(state, reason, player), BC)


@command(panel=PANEL)
def result(ctx: typer.Context, region: Annotated[str, typer.Argument(help="The defending region of the battle.")],
           attacker_pct: Annotated[str, typer.Argument(metavar="ATTACKER_PCT")],
           defender_pct: Annotated[str, typer.Argument(metavar="DEFENDER_PCT")],
           winner: Annotated[Optional[str], typer.Option("--winner", help="attacker, defender (or draw, with --override).")] = None,
           override: Annotated[Optional[str], typer.Option("--override", help="Record a winner against the figures, with the reason.")] = None,
           campaign: CampaignOption = None) -> None:
    """A battle's casualties; the winner and regions due follow (BC-6, BC-7)."""
    from campaign.boiling_cauldron import commands as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.result(state, region, attacker_pct, defender_pct, winner, override), BC)


@command(panel=PANEL)
def gain(ctx: typer.Context, regions: Annotated[list[str], typer.Argument(metavar="REGION...")],
         campaign: CampaignOption = None) -> None:
    """The victor's choice of the loser's regions, tier by tier (BC-7.2)."""
    from campaign.boiling_cauldron import commands as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.gain(state, regions), BC)


@command("final-armies", panel=PANEL)
def final_armies(ctx: typer.Context, player: str, main: str, ally: Annotated[Optional[str], typer.Argument()] = None,
                 campaign: CampaignOption = None) -> None:
    """A finalist's main army and (compulsory if he holds two cultures) ally (BC-8.4)."""
    from campaign.boiling_cauldron import commands as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.final_armies(state, player, main, ally), BC)


@command("final-result", panel=PANEL)
def final_result(
    ctx: typer.Context,
    casualties: Annotated[list[str], typer.Option("--casualties", help="PLAYER=PCT, once for each finalist.")],
    winner: Annotated[Optional[str], typer.Option("--winner", help="Who routed first, where both reached a rout.")] = None,
    override: Annotated[Optional[str], typer.Option("--override", help="Record a winner against the figures, with the reason.")] = None,
    campaign: CampaignOption = None,
) -> None:
    """A Final Battle's result; a draw means another Final Battle (BC-8.4)."""
    from campaign.boiling_cauldron import commands as bc_commands

    figures = {}
    for item in casualties:
        who, sep, pct = item.partition("=")
        if not sep:
            raise CampaignError(f"Write casualties as PLAYER=PCT, not {item!r}.")
        figures[who] = pct
    ctx.obj.act(campaign, lambda state: bc_commands.final_result(state, figures, winner, override), BC)
