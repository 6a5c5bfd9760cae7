"""`campaign`: the command line. Parse → call the application → render; nothing else.

Every refusal is one sentence on stderr and a non-zero exit; nothing is appended.
"""

from __future__ import annotations

import functools
import json
import os
import sys
import tomllib
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
    if state.phase == "finished":
        return "all eight scenarios are played: " + ("a drawn campaign." if state.winner == "draw" else f"{state.winner} won the campaign.")
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


def command(name: str | None = None):
    def register(function):
        return app.command(name)(refusals(function))

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


# --- generic commands ---------------------------------------------------------------------------


@command("list")
def list_campaigns(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """The campaigns in the store: name, rules, status."""
    campaigns = ctx.obj.campaigns
    rows = []
    for started in campaigns.catalogue():
        loaded = campaigns.load(started.name)
        rows.append({"name": started.name, "rules": started.rules, "status": loaded.kind.status(loaded.state),
                     "players": started.players})
    if as_json:
        return print_json(rows)
    if not rows:
        return say("No campaigns yet: start one with 'campaign new'.")
    for row in rows:
        say(f"{row['name']}  ({row['rules']})  {row['status']}")


@command()
def status(ctx: typer.Context, campaign: CampaignOption = None, as_json: JsonOption = False,
           as_of: AsOfOption = None, round_number: RoundOption = None) -> None:
    """The dashboard: map, players, the round's attacks and results, the Final."""
    name, loaded = ctx.obj.view(campaign, as_of, round_number)
    extra = {"events": len(loaded.events), "chain_intact": loaded.chain_break is None}
    if loaded.kind.rules == ONUS:
        from campaign.views import onus_data

        data = onus_data.status(loaded.state, name) | extra
        if as_json:
            return print_json(data)
        from campaign.views.onus_dashboard import dashboard as onus_dashboard

        return console().print(onus_dashboard(data, onus_data.briefing(loaded.state)))
    from campaign.views import bc_data

    data = bc_data.status(loaded.state, name) | extra
    if as_json:
        return print_json(data)
    from campaign.views.dashboard import dashboard

    console().print(dashboard(data))


def console():
    from rich.console import Console

    return Console(width=max(100, Console().width))


@command()
def log(ctx: typer.Context, campaign: CampaignOption = None, as_json: JsonOption = False,
        as_of: AsOfOption = None, round_number: RoundOption = None) -> None:
    """Every event in order: number, time, round, who, what; retracted ones struck through."""
    from campaign.views import log as log_view

    _, loaded = ctx.obj.view(campaign, as_of, round_number)
    if as_json:
        return print_json(log_view.entries(loaded.events))
    console().print(log_view.table(loaded.events))


@command()
def note(ctx: typer.Context, text: str, campaign: CampaignOption = None) -> None:
    """Record an organiser's note or ruling in the log at this point."""
    from campaign.commands.common import note as write_note

    ctx.obj.act(campaign, lambda state: write_note(text))


@command()
def undo(ctx: typer.Context, reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")],
         steps: Annotated[int, typer.Option("--steps", help="How many of the latest actions.")] = 1,
         campaign: CampaignOption = None) -> None:
    """Retract the latest actions: the log keeps them, struck through, and the state forgets them."""
    from campaign.commands.common import undo as retract
    from campaign.views.narrate import describe

    name = ctx.obj.name(campaign)
    for event in ctx.obj.campaigns.act_on_log(name, lambda loaded: retract(loaded.events, steps, reason), ctx.obj.actor):
        say(describe(event))
    ctx.obj.show_next(name)


@command()
def verify(ctx: typer.Context, campaign: CampaignOption = None, as_json: JsonOption = False) -> None:
    """Replay the whole log through the rules and check the hash chain; name the first bad event."""
    from campaign.audit import audit

    name = ctx.obj.name(campaign)
    loaded = ctx.obj.campaigns.load(name)
    verified = audit(loaded.kind, loaded.events)
    if as_json:
        return print_json({"campaign": name, "verified": True, "events": verified.events, "checks": verified.checks,
                           "status": loaded.kind.status(verified.state), "chain_head": loaded.events[-1].chain})
    say(f"{name}: {verified.events} events verified with {verified.checks} checks; the hash chain is intact "
        f"and every event is lawful. Now: {loaded.kind.status(verified.state)}.")


@command()
def export(ctx: typer.Context, output: Annotated[Optional[Path], typer.Option("-o", "--output", help="A file (default: stdout).")] = None,
           campaign: CampaignOption = None) -> None:
    """The campaign's events as JSON Lines, with a header line (format, kind, rules version, chain head)."""
    from campaign.exchange import export_lines

    text = "\n".join(export_lines(ctx.obj.campaigns.load(ctx.obj.name(campaign)))) + "\n"
    if output is None:
        return typer.echo(text, nl=False)
    write_file(output, text)


@command("import")
def import_file(ctx: typer.Context, file: Annotated[Path, typer.Argument(help="A file written by campaign export.")],
                as_name: Annotated[Optional[str], typer.Option("--as", help="Import under another name.")] = None) -> None:
    """A new campaign from an exported file, re-created through every check that verify makes."""
    from campaign.exchange import import_campaign

    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CampaignError(f"Cannot read {file} ({exc.__class__.__name__}).") from None
    loaded = import_campaign(ctx.obj.campaigns, text, as_name)
    say(f"Imported {loaded.started.name}: {len(loaded.events)} events, verified. Now: {loaded.kind.status(loaded.state)}.")


@command()
def fork(ctx: typer.Context, new_name: Annotated[str, typer.Argument(metavar="NEW")],
         as_of: Annotated[int, typer.Option("--as-of", help="Keep the first N events.")],
         campaign: CampaignOption = None) -> None:
    """A what-if branch: a new campaign whose log is this one's first N events."""
    from campaign.exchange import fork as branch

    loaded = branch(ctx.obj.campaigns, ctx.obj.campaigns.load(ctx.obj.name(campaign), as_of), new_name)
    say(f"Forked {loaded.started.name} from the first {as_of} events. Now: {loaded.kind.status(loaded.state)}.")


@command()
def demo(
    ctx: typer.Context,
    rules: Annotated[str, typer.Option("--rules", help="Which kind of campaign to play.")] = "boiling-cauldron",
    db: Annotated[Optional[str], typer.Option("--into", help="Keep the demo's store in this file.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Only the final dashboard.")] = False,
) -> None:
    """Play a bundled example campaign into a fresh store of its own and show the dashboard."""
    from campaign.demo import play

    play(rules, db, quiet, run=lambda args: _invoke(args))


FORMATS = ("text", "markdown", "bbcode", "html", "json")


@command()
def report(
    ctx: typer.Context,
    round_number: Annotated[Optional[int], typer.Option("--round", help="Which round (default: the last finished).")] = None,
    output_format: Annotated[str, typer.Option("--format", help="text, markdown (Discord), bbcode (forums), html or json.")] = "text",
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="Write to a file instead of the terminal.")] = None,
    as_of: AsOfOption = None,
    campaign: CampaignOption = None,
    as_json: JsonOption = False,
) -> None:
    """The report of a round, ready to paste into a forum thread or a Discord channel."""
    from campaign.names import resolve
    from campaign.views.reports import render_report

    chosen = "json" if as_json else resolve("report format", output_format, FORMATS)
    name, loaded = ctx.obj.view(campaign, as_of)
    text = render_report(name, loaded, round_number, chosen)
    if output is not None:
        return write_file(output, text)
    if chosen == "text":
        return console().print(text)
    typer.echo(text, nl=not text.endswith("\n"))


@command("map")
def draw_map(
    ctx: typer.Context,
    output: Annotated[Path, typer.Option("-o", "--output", help="FILE.svg, or FILE.png.")],
    round_number: RoundOption = None,
    as_of: AsOfOption = None,
    campaign: CampaignOption = None,
) -> None:
    """A picture of region control: owners' colours, land borders, the sea lane, contested regions."""
    from campaign.views.reports import map_svg, svg_to_png

    name, loaded = ctx.obj.view(campaign, as_of, round_number)
    svg = map_svg(name, loaded, round_number)
    suffix = output.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise CampaignError(f"The map is drawn as .svg or .png, not {output.suffix or 'a file without an ending'}.")
    if suffix == ".png":
        return write_file(output, svg_to_png(svg))
    write_file(output, svg)


def write_file(path: Path, content: str | bytes) -> None:
    try:
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    except OSError as exc:
        raise CampaignError(f"Cannot write {path} ({exc.strerror or exc.__class__.__name__}).") from None
    say(f"Written to {path}.")


def _invoke(args: list[str]) -> None:
    code = typer.main.get_command(app).main(args=args, prog_name="campaign", standalone_mode=False)
    if code:
        raise CampaignError(f"The example stopped at: campaign {' '.join(args[2:])}")


# --- The Boiling Cauldron ----------------------------------------------------------------------


@command()
def new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The campaign's name, e.g. 'Spring 869'.")],
    rules: Annotated[str, typer.Option("--rules", help="boiling-cauldron or onus-under-the-eagle.")] = BC,
    player: Annotated[Optional[list[str]], typer.Option("--player", help="A player, in order; repeat for each (BC).")] = None,
    seed: Annotated[Optional[str], typer.Option("--seed", help="Draw the regions with this seed (BC-2.4).")] = None,
    allocation: Annotated[Optional[Path], typer.Option("--allocation", help="A TOML file: [allocation] region = \"player\".")] = None,
    map_file: Annotated[Optional[Path], typer.Option("--map", help="A corrected map file.")] = None,
    seed_commitment: Annotated[Optional[str], typer.Option("--seed-commitment", help="SHA-256 hex of a seed revealed later with draw.")] = None,
    rome: Annotated[Optional[str], typer.Option("--rome", help="The player of Rome (ONUS!).")] = None,
    enemies: Annotated[Optional[str], typer.Option("--enemies", help="The player of Rome's enemies (ONUS!).")] = None,
    reset_eliminated: Annotated[bool, typer.Option("--reset-eliminated", help="Eliminated units go back to regular (ON-2.2).")] = False,
) -> None:
    """Start a campaign: The Boiling Cauldron (players, then the allocation, BC-2) or ONUS! (Rome v its enemies)."""
    from campaign.kinds import kind

    title = " ".join(name.split())
    if not title:
        raise CampaignError("A campaign needs a name.")
    chosen = kind(rules).rules
    if chosen == ONUS:
        if player or seed or allocation or map_file or seed_commitment:
            raise CampaignError("An ONUS! campaign takes --rome PLAYER --enemies PLAYER [--reset-eliminated], not --player, --seed, --allocation or --map.")
        started, then = _new_onus(title, rome, enemies, reset_eliminated)
    else:
        if rome or enemies or reset_eliminated:
            raise CampaignError("A Boiling Cauldron campaign takes --player for each player, not --rome or --enemies.")
        started, then = _new_boiling_cauldron(title, player or [], seed, allocation, map_file, seed_commitment)
    events = ctx.obj.campaigns.start(started, then, ctx.obj.actor)
    from campaign.views.narrate import describe

    for event in events:
        say(describe(event))
    ctx.obj.show_next(title)


def _new_onus(title: str, rome: str | None, enemies: str | None, reset_eliminated: bool):
    from campaign.commands import onus as onus_commands

    sides = onus_commands.take_sides(rome or "", enemies or "", reset_eliminated)
    started = dict(name=title, rules=ONUS, players=[sides[0].fields["rome"], sides[0].fields["enemies"]],
                   map_source="", seed_commitment=None)
    return started, lambda state: sides


def _new_boiling_cauldron(title: str, player: list[str], seed, allocation, map_file, seed_commitment):
    from campaign.commands import boiling_cauldron as bc_commands
    from campaign.rules.bc_checks import check_players
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


@command()
def draw(ctx: typer.Context, seed: Annotated[str, typer.Option("--seed", help="The secret seed, now revealed.")],
         campaign: CampaignOption = None) -> None:
    """Reveal the committed seed and draw the regions (BC-2.4)."""
    from campaign.commands import boiling_cauldron as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.draw(state, seed), BC)


@command("options")
def attack_options(ctx: typer.Context, campaign: CampaignOption = None, as_json: JsonOption = False) -> None:
    """The legal attacks of the player on turn, with both armies (BC-4, BC-5)."""
    from campaign.views import bc_data

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


@command()
def attack(ctx: typer.Context, source: Annotated[str, typer.Argument(metavar="FROM")],
           target: Annotated[str, typer.Argument(metavar="TO")],
           player: Annotated[Optional[str], typer.Option("--player", help="Must be the player on turn.")] = None,
           campaign: CampaignOption = None) -> None:
    """The player on turn declares an attack from one of his regions (BC-4)."""
    from campaign.commands import boiling_cauldron as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.attack(state, source, target, player), BC)


@command()
def forfeit(ctx: typer.Context, reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")],
            player: Annotated[Optional[str], typer.Option("--player", help="Must be the player on turn.")] = None,
            campaign: CampaignOption = None) -> None:
    """Forfeit the attack of the player on turn (BC-4.4)."""
    from campaign.commands import boiling_cauldron as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.forfeit(state, reason, player), BC)


@command()
def result(ctx: typer.Context, region: Annotated[str, typer.Argument(help="The defending region of the battle.")],
           attacker_pct: Annotated[str, typer.Argument(metavar="ATTACKER_PCT")],
           defender_pct: Annotated[str, typer.Argument(metavar="DEFENDER_PCT")],
           winner: Annotated[Optional[str], typer.Option("--winner", help="attacker, defender (or draw, with --override).")] = None,
           override: Annotated[Optional[str], typer.Option("--override", help="Record a winner against the figures, with the reason.")] = None,
           campaign: CampaignOption = None) -> None:
    """A battle's casualties; the winner and regions due follow (BC-6, BC-7)."""
    from campaign.commands import boiling_cauldron as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.result(state, region, attacker_pct, defender_pct, winner, override), BC)


@command()
def gain(ctx: typer.Context, regions: Annotated[list[str], typer.Argument(metavar="REGION...")],
         campaign: CampaignOption = None) -> None:
    """The victor's choice of the loser's regions, tier by tier (BC-7.2)."""
    from campaign.commands import boiling_cauldron as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.gain(state, regions), BC)


@command("final-armies")
def final_armies(ctx: typer.Context, player: str, main: str, ally: Annotated[Optional[str], typer.Argument()] = None,
                 campaign: CampaignOption = None) -> None:
    """A finalist's main army and (compulsory if he holds two cultures) ally (BC-8.4)."""
    from campaign.commands import boiling_cauldron as bc_commands

    ctx.obj.act(campaign, lambda state: bc_commands.final_armies(state, player, main, ally), BC)


@command("final-result")
def final_result(
    ctx: typer.Context,
    casualties: Annotated[list[str], typer.Option("--casualties", help="PLAYER=PCT, once for each finalist.")],
    winner: Annotated[Optional[str], typer.Option("--winner", help="Who routed first, where both reached a rout.")] = None,
    override: Annotated[Optional[str], typer.Option("--override", help="Record a winner against the figures, with the reason.")] = None,
    campaign: CampaignOption = None,
) -> None:
    """A Final Battle's result; a draw means another Final Battle (BC-8.4)."""
    from campaign.commands import boiling_cauldron as bc_commands

    figures = {}
    for item in casualties:
        who, sep, pct = item.partition("=")
        if not sep:
            raise CampaignError(f"Write casualties as PLAYER=PCT, not {item!r}.")
        figures[who] = pct
    ctx.obj.act(campaign, lambda state: bc_commands.final_result(state, figures, winner, override), BC)


# --- ONUS! Under the Eagle ---------------------------------------------------------------------


@command()
def briefing(ctx: typer.Context, campaign: CampaignOption = None, as_json: JsonOption = False) -> None:
    """The next scenario's set-up: armies with unit statuses, Generals, Characters, rules, fact keys (ON-3.3)."""
    from campaign.views import onus_data

    loaded = ctx.obj.require(ctx.obj.name(campaign), ONUS)
    brief = onus_data.briefing(loaded.state)
    if as_json:
        return print_json(brief)
    if brief is None:
        return say("All eight scenarios have been played.")
    from campaign.views.onus_dashboard import briefing_panel

    console().print(briefing_panel(brief))


@command()
def muster(ctx: typer.Context, side: Annotated[str, typer.Argument(help="rome or enemies.")],
           units: Annotated[list[str], typer.Argument(metavar="UNIT=COUNT...")], campaign: CampaignOption = None) -> None:
    """A free-choice army for the next scenario, checked against its points and constraints (ON-3.2)."""
    from campaign.commands import onus as onus_commands

    items = dict(_pair(u, "UNIT=COUNT") for u in units)
    ctx.obj.act(campaign, lambda state: onus_commands.muster(state, side, items), ONUS)


def _pair(item: str, shape: str) -> tuple[str, str]:
    key, sep, value = item.partition("=")
    if not sep or not key.strip():
        raise CampaignError(f"Write {shape}, not {item!r}.")
    return key.strip(), value.strip()


@command("scenario-result")
def scenario_result(
    ctx: typer.Context,
    fact: Annotated[Optional[list[str]], typer.Option("--fact", help="KEY=VALUE, as the briefing lists (ON-3.1).")] = None,
    eliminated: Annotated[Optional[list[str]], typer.Option("--eliminated", help="A unit eliminated (its id).")] = None,
    lost_with_unit: Annotated[Optional[list[str]], typer.Option("--lost-with-unit", help="A Character whose unit was eliminated (ON-2.5).")] = None,
    wounded: Annotated[Optional[list[str]], typer.Option("--wounded", help="A wounded Character (ON-2.4).")] = None,
    officer_casualty: Annotated[Optional[list[str]], typer.Option("--officer-casualty", help="A unit with Officer Casualties (ON-2.3).")] = None,
    winner: Annotated[Optional[str], typer.Option("--winner", help="rome or enemies; checked against the facts.")] = None,
    campaign: CampaignOption = None,
) -> None:
    """The result of the scenario being played: its facts decide the winner (ON-3.1)."""
    from campaign.commands import onus as onus_commands

    facts = dict(_pair(f, "KEY=VALUE") for f in fact or [])
    ctx.obj.act(campaign, lambda state: onus_commands.scenario_result(
        state, facts, eliminated or [], lost_with_unit or [], wounded or [], officer_casualty or [], winner), ONUS)


@command()
def upgrade(ctx: typer.Context, unit: Annotated[Optional[str], typer.Argument(metavar="UNIT_ID")] = None,
            decline: Annotated[bool, typer.Option("--decline", help="Decline the upgrade.")] = False,
            campaign: CampaignOption = None) -> None:
    """The scenario winner's upgrade of one unit, regular → Veteran → Elite, or --decline (ON-2.1)."""
    from campaign.commands import onus as onus_commands

    if (unit is None) == (not decline):
        raise CampaignError("Name one unit to upgrade (e.g. legionaries-1), or --decline.")
    ctx.obj.act(campaign, lambda state: onus_commands.upgrade(state, unit), ONUS)


GLOBAL_OPTIONS_WITH_VALUES = {"--db", "-c", "--campaign", "--actor"}


def only_the_command(argv: list[str]) -> typer.Typer:
    """The app with just the command being run: typer builds every command's parameters
    before running one, and that costs more than the command itself (benchmarks/README.md).
    Help, and anything unrecognised, get the whole app."""
    words = iter(argv)
    for word in words:
        if word in GLOBAL_OPTIONS_WITH_VALUES:
            next(words, None)
        elif not word.startswith("-"):
            chosen = [c for c in app.registered_commands if (c.name or c.callback.__name__.replace("_", "-")) == word]
            if not chosen or {"--help", "-h"} & set(argv):
                return app
            lean = typer.Typer(name="campaign", add_completion=False, pretty_exceptions_enable=False, help=app.info.help)
            lean.registered_callback = app.registered_callback
            lean.registered_commands = chosen
            return lean
    return app


def main() -> None:
    """The console script: no traceback ever reaches a user."""
    try:
        only_the_command(sys.argv[1:])(prog_name="campaign")
    except (CampaignError, MapError) as error:
        typer.secho(str(error), err=True, fg="red")
        sys.exit(EXIT_REFUSED)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as error:  # noqa: BLE001 - the last line of defence against tracebacks
        typer.secho(f"Something went wrong that the program did not expect: {error}. Please report it.", err=True, fg="red")
        sys.exit(70)


if __name__ == "__main__":
    main()
