"""Commands every kind of campaign takes: list, status, log, notes, undo, verify, export,
import, fork, demo, reports and maps, and `new`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from campaign.commandline.core import (
    BC,
    ONUS,
    AsOfOption,
    CampaignOption,
    JsonOption,
    RoundOption,
    app,
    command,
    console,
    print_json,
    say,
    write_file,
)
from campaign.errors import CampaignError


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
        from campaign.onus import status as onus_data

        data = onus_data.status(loaded.state, name) | extra
        if as_json:
            return print_json(data)
        from campaign.onus.dashboard import dashboard as onus_dashboard

        return console().print(onus_dashboard(data, onus_data.briefing(loaded.state)))
    from campaign.boiling_cauldron import status as bc_data

    data = bc_data.status(loaded.state, name) | extra
    if as_json:
        return print_json(data)
    from campaign.boiling_cauldron.dashboard import dashboard

    console().print(dashboard(data))


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
    from campaign.common import note as write_note

    ctx.obj.act(campaign, lambda state: write_note(text))


@command()
def undo(ctx: typer.Context, reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")],
         steps: Annotated[int, typer.Option("--steps", help="How many of the latest actions.")] = 1,
         campaign: CampaignOption = None) -> None:
    """Retract the latest actions: the log keeps them, struck through, and the state forgets them."""
    from campaign.common import undo as retract
    from campaign.views.narrate import describe

    name = ctx.obj.name(campaign)
    for event in ctx.obj.campaigns.act_on_log(name, lambda loaded: retract(loaded.events, steps, reason), ctx.obj.actor):
        say(describe(event))
    ctx.obj.show_next(name)


@command()
def verify(ctx: typer.Context, campaign: CampaignOption = None, as_json: JsonOption = False,
           head: Annotated[Optional[str], typer.Option("--head", help="A chain head published earlier (export header or log).")] = None) -> None:
    """Replay the whole log through the rules and check the hash chain; name the first bad event."""
    from campaign.app import finished as finished_periods
    from campaign.audit import audit, published_head

    name = ctx.obj.name(campaign)
    loaded = ctx.obj.campaigns.load(name)
    verified = audit(loaded.kind, loaded.events)
    if head is not None:
        say(published_head(loaded.events, head))
    finished = len(finished_periods(loaded.kind, verified.state))
    if as_json:
        return print_json({"campaign": name, "verified": True, "events": verified.events, "checks": verified.checks,
                           loaded.kind.period + "s": finished, "status": loaded.kind.status(verified.state),
                           "chain_head": loaded.events[-1].chain})
    say(f"{name}: {verified.events} events and {finished} {loaded.kind.period}(s) verified with {verified.checks} checks; "
        f"the hash chain is intact and every event is lawful. Now: {loaded.kind.status(verified.state)}.")


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


def _invoke(args: list[str]) -> None:
    code = typer.main.get_command(app).main(args=args, prog_name="campaign", standalone_mode=False)
    if code:
        raise CampaignError(f"The example stopped at: campaign {' '.join(args[2:])}")


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
    from campaign.boiling_cauldron.cli import new_boiling_cauldron
    from campaign.kinds import kind
    from campaign.onus.cli import new_onus

    title = " ".join(name.split())
    if not title:
        raise CampaignError("A campaign needs a name.")
    chosen = kind(rules).rules
    if chosen == ONUS:
        if player or seed or allocation or map_file or seed_commitment:
            raise CampaignError("An ONUS! campaign takes --rome PLAYER --enemies PLAYER [--reset-eliminated], not --player, --seed, --allocation or --map.")
        started, then = new_onus(title, rome, enemies, reset_eliminated)
    else:
        if rome or enemies or reset_eliminated:
            raise CampaignError("A Boiling Cauldron campaign takes --player for each player, not --rome or --enemies.")
        started, then = new_boiling_cauldron(title, player or [], seed, allocation, map_file, seed_commitment)
    events = ctx.obj.campaigns.start(started, then, ctx.obj.actor)
    from campaign.views.narrate import describe

    for event in events:
        say(describe(event))
    ctx.obj.show_next(title)
