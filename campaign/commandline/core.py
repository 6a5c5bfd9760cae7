"""The command line's machinery: the typer app, global options, the session, refusals, output."""

from __future__ import annotations

import functools
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from campaign.errors import CampaignError
from regions import MapError

app = typer.Typer(
    name="campaign", no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
    help="Run historical wargame campaigns from an append-only log of what happened.",
)

CampaignOption = Annotated[Optional[str], typer.Option("-c", "--campaign", help="The campaign (optional when the store holds one).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON document instead of tables.")]
AsOfOption = Annotated[Optional[int], typer.Option("--as-of", help="As it stood just after event N of the log.")]
RoundOption = Annotated[Optional[int], typer.Option("--round", help="As it stood at the end of round N.")]
EXIT_REFUSED = 1
BC, ONUS = "boiling-cauldron", "onus-under-the-eagle"


def default_db() -> str:
    """A SQLite file in the user's data directory (XDG on Linux), created on first use."""
    if sys.platform.startswith("linux") or os.environ.get("XDG_DATA_HOME"):
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "campaign"
    else:
        base = Path(typer.get_app_dir("campaign"))
    base.mkdir(parents=True, exist_ok=True)
    return str(base / "campaigns.sqlite")


class Session:
    """What the global options select: the store, the campaign, who is recording."""

    def __init__(self, db: str | None, campaign: str | None, actor: str) -> None:
        self.db, self.campaign, self.actor = db, campaign, actor
        self._campaigns = None

    @property
    def campaigns(self):
        if self._campaigns is None:
            from campaign.app import Campaigns

            self._campaigns = Campaigns(self.db or default_db())
        return self._campaigns

    def name(self, override: str | None = None) -> str:
        return self.campaigns.choose(override or self.campaign)

    def view(self, override: str | None, as_of: int | None = None, round_number: int | None = None):
        """The campaign to show: now, after event N, or at the end of round N. Warns if the chain is broken."""
        name = self.name(override)
        if as_of is not None and round_number is not None:
            raise CampaignError("Give --as-of or --round, not both.")
        if round_number is not None:
            loaded = self.campaigns.at_round_end(name, round_number)
        else:
            loaded = self.campaigns.load(name, as_of)
        broken = self.campaigns.load(name).chain_break if as_of or round_number else loaded.chain_break
        if broken:
            typer.secho(f"Warning: the log has been tampered with: {broken[1]}. Run 'campaign verify'.", err=True, fg="yellow")
        return name, loaded

    def require(self, name: str, rules: str):
        """The campaign, refusing a command meant for another kind of campaign."""
        loaded = self.campaigns.load(name)
        if loaded.kind.rules != rules:
            from campaign.kinds import kind

            raise CampaignError(f"That is a command of {kind(rules).title}; {name} is a campaign of {loaded.kind.title}.")
        return loaded

    def act(self, override: str | None, decide, rules: str | None = None) -> None:
        from campaign.views.narrate import battle_outcome, describe, scenario_outcome
        from events.boiling_cauldron import BattleFought
        from events.onus import ScenarioPlayed

        name = self.name(override)
        if rules:
            self.require(name, rules)
        recorded = self.campaigns.act(name, decide, self.actor)
        state = self.campaigns.load(name).state
        for event in recorded:
            say(describe(event) + ("  [automatic]" if event.actor == "the rules" else ""))
            if isinstance(event, BattleFought):
                say(battle_outcome(state, event.region, event.round))
            if isinstance(event, ScenarioPlayed):
                say(scenario_outcome(state, event.scenario))
        say(f"Next: {next_step(state)}", style="bold")

    def show_next(self, name: str) -> None:
        say(f"Next: {next_step(self.campaigns.load(name).state)}", style="bold")


def next_step(state: Any) -> str:
    if not hasattr(state, "control"):
        return onus_next_step(state)
    if state.phase == "finished":
        return f"{state.winner} has won the campaign."
    if state.phase == "final":
        missing = [p for p in state.finalists if p not in state.final_armies]
        if missing:
            return f"Final Battle {len(state.finals) + 1}: {' and '.join(missing)} choose armies (final-armies)."
        return f"Final Battle {len(state.finals) + 1}: {' v '.join(state.finalists)}; enter its result (final-result)."
    if state.phase == "allocation":
        return "reveal the seed and draw the regions (draw --seed)."
    if state.on_turn:
        return f"round {state.round}, {state.on_turn} declares an attack."
    pending = state.awaiting_choice
    if pending:
        return f"{pending.result.winner} chooses region(s) to gain (gain)."
    waiting = [b.to_region for b in state.round_battles() if b.result is None]
    return f"round {state.round}, enter the results of the battles for {', '.join(waiting)}."


def onus_next_step(state: Any) -> str:
    from campaign.onus.book import SIDE_NAMES

    if state.phase == "finished":
        return "all eight scenarios are played: " + ("a drawn campaign." if state.winner == "draw" else f"{SIDE_NAMES[state.winner]} won the campaign.")
    if state.upgrade_due:
        who = f"{state.upgrade_due} ({state.side_names[state.upgrade_due]})"
        return f"the winner, {who}, upgrades a unit (upgrade UNIT_ID) or declines (upgrade --decline)."
    missing = [side for side in ("rome", "enemies") if state.army_units(side) is None]
    if missing:
        return f"muster the {' and '.join(missing)} army for scenario {state.next_number} (muster SIDE UNIT=COUNT ...)."
    return f"play scenario {state.next_number}, {state.next_scenario.title}, then enter its result (scenario-result)."


def say(text: str, err: bool = False, style: str | None = None) -> None:
    typer.secho(text, err=err, bold=style == "bold")


def refusals(function):
    """Turn a domain refusal into one red sentence on stderr and a non-zero exit."""

    @functools.wraps(function)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except (CampaignError, MapError) as error:
            typer.secho(str(error), err=True, fg="red")
            raise typer.Exit(EXIT_REFUSED) from None

    return guarded


def command(name: str | None = None, panel: str = "Every campaign"):
    """Register a command on the app, under a heading of `campaign --help`, with refusals turned into one sentence."""

    def register(function):
        return app.command(name, rich_help_panel=panel)(refusals(function))

    return register


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


@app.callback()
def options(
    ctx: typer.Context,
    db: Annotated[Optional[str], typer.Option("--db", envvar="CAMPAIGN_DB", help="The event store (a SQLite file).")] = None,
    campaign: CampaignOption = None,
    actor: Annotated[str, typer.Option("--actor", envvar="CAMPAIGN_ACTOR", help="Who is recording, for the log.")] = "organiser",
) -> None:
    ctx.obj = Session(db, campaign, actor)


def console():
    from rich.console import Console

    return Console(width=max(100, Console().width))


def write_file(path: Path, content: str | bytes) -> None:
    try:
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    except OSError as exc:
        raise CampaignError(f"Cannot write {path} ({exc.strerror or exc.__class__.__name__}).") from None
    say(f"Written to {path}.")


def _pair(item: str, shape: str) -> tuple[str, str]:
    key, sep, value = item.partition("=")
    if not sep or not key.strip():
        raise CampaignError(f"Write {shape}, not {item!r}.")
    return key.strip(), value.strip()
