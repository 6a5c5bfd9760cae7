"""Commands that read a campaign, every kind alike: list, use, status, log, overdue, report and
map."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from campaign.commandline.core import (
    AsOfOption,
    CampaignOption,
    JsonOption,
    NowOption,
    RoundOption,
    console,
    piped,
    print_json,
    registrar,
    say,
    say_lines,
    write_file,
)
from campaign.domain import registry
from campaign.domain.deadlines import instant
from campaign.errors import CampaignError
from campaign.input.clock import now
from campaign.input.text import printable, printable_data
from campaign.readmodel.status import deadline_of, json_ready, status_data, view
from campaign.views.plain import plain_text

commands = typer.Typer()
command = registrar(commands, "Every campaign")


@command("list")
def list_campaigns(
    ctx: typer.Context,
    as_json: JsonOption = False,
    everything: Annotated[bool, typer.Option("--all", help="Archived campaigns too.")] = False,
) -> None:
    """The campaigns in the store: name, rules, status (archived ones with --all)."""
    campaigns = ctx.obj.campaigns
    rows, views = [], campaigns.kept.briefs()
    for entry in campaigns.catalogue(archived=everything):
        seen = views.get(entry.stream) or view(campaigns.refresh(entry.name))
        rows.append(
            {
                "name": entry.name,
                "rules": entry.rules,
                "status": seen["summary"],
                "players": seen["players"],
            }
            | ({"archived": entry.archived} if everything else {})
        )
    if as_json:
        return print_json(rows)
    if not rows:
        hidden = len(campaigns.catalogue()) - len(rows)
        if hidden:
            return say(f"No campaign to show; {hidden} archived (campaign list --all shows them).")
        return say("No campaigns yet: start one with 'campaign new'.")
    say_lines(f"{row['name']}  ({row['rules']})  {row['status']}" for row in rows)


@command()
def use(
    ctx: typer.Context,
    name: Annotated[Optional[str], typer.Argument(help="The campaign to make current.")] = None,
    clear: Annotated[bool, typer.Option("--clear", help="No current campaign any more.")] = False,
) -> None:
    """The current campaign, so that -c can be left out (the CAMPAIGN variable does the same)."""
    path = ctx.obj.current_file
    if path is None:
        raise CampaignError("A store in memory keeps no current campaign.")
    if clear:
        path.unlink(missing_ok=True)
        return say("No campaign is current now.")
    if name is None:
        current = ctx.obj.current()
        return say(f"The current campaign is {current}." if current else "No campaign is current.")
    chosen = ctx.obj.campaigns.choose(name)
    write_file(path, chosen + "\n", quiet=True)
    say(f"{chosen} is the current campaign: commands without -c act on it.")


@command()
def overdue(
    ctx: typer.Context,
    as_json: JsonOption = False,
    at: NowOption = None,
) -> None:
    """Every campaign of the store: who must act now, by when, and whether the deadline passed."""
    from campaign.domain.deadlines import shown

    moment = instant(at) if at else now()
    rows, zones = [], []
    for entry in ctx.obj.campaigns.catalogue(archived=False):
        # the kept view while it vouches for the log (#31), else the log's, kept again
        seen = ctx.obj.campaigns.kept.view(entry.name)
        seen = seen or view(ctx.obj.campaigns.refresh(entry.name))
        due = deadline_of(seen, moment)
        rows.append({"campaign": entry.name, "step": seen["step"], "deadline": due})
        zones.append(seen["zone"])
    if as_json:
        return print_json(rows)
    for row, zone in zip(rows, zones):
        due = row["deadline"]
        by = "" if due is None else f" Deadline: {shown(instant(due['at']), moment, zone)}."
        say(f"{row['campaign']}: {row['step']}{by}")
    return None


@command()
def status(
    ctx: typer.Context,
    campaign: CampaignOption = None,
    as_json: JsonOption = False,
    as_of: AsOfOption = None,
    round_number: RoundOption = None,
) -> None:
    """The dashboard: where the campaign stands, its players, and the step in hand as its kind
    shows it."""
    seen, moment = None, now()
    if as_of is None and round_number is None:
        name = ctx.obj.name(campaign)
        seen = ctx.obj.campaigns.kept.view(name)
    if seen is not None:
        if as_json:  # the stored view is the answer: no kind's code is needed to print it
            return print_json(status_data(seen, True, moment))
        data, of = status_data(seen, True, moment), registry.kind(seen["status"]["rules"])
    else:
        name, loaded = ctx.obj.view(campaign, as_of, round_number)
        if as_of is None and round_number is None:
            ctx.obj.campaigns.kept.keep_view(loaded)  # out of date: kept again for the next reader
        seen = view(loaded) | {"name": name}
        seen["status"] = json_ready(loaded.kind.status(loaded.state, name))
        data, of = status_data(seen, loaded.chain_break is None, moment), loaded.kind
    if as_json:
        return print_json(data)
    shown = printable_data(data)
    now_or_then = as_of is None and round_number is None  # a deadline only for the step in hand
    due = due_line(shown["deadline"], seen.get("zone"), moment) if now_or_then else None
    ended = None if round_number is None else f"{of.period} {round_number}"
    console().print(headed(of.dashboard(None, shown), printable(name), of.title, ended, due))


def headed(board: Any, name: str, title: str, ended: str | None, due: Any) -> Any:
    """A kind's dashboard (`board`) as `status` draws it: the deadline of the step in hand
    (`due`) under its first line, the kind's title of the campaign (every kind's dashboard opens
    with it, the campaign's `name` first); with `--round N`, that title says round N as it stood
    at its end (`ended`): the kind's tells the state it is drawn from, which a round's last
    event has already carried into the next round (issue #50: headed for the round after)."""
    from rich.console import Group
    from rich.text import Text

    parts = list(board.renderables) if isinstance(board, Group) else [board]
    titled = isinstance(parts[0], Text) and parts[0].plain.startswith(name)
    if ended is not None:
        heading = Text.assemble((name, "bold"), f"  {title}  ", (ended, "bold"))
        heading.append(" · as it stood at its end")
        parts[: 1 if titled else 0] = [heading]
        titled = True
    if due is not None:
        parts.insert(1 if titled else 0, due)
    return Group(*parts)


def due_line(due: dict[str, Any] | None, zone: str | None, moment: Any) -> Any:
    """The deadline of the step in hand as the dashboard shows it (issue #50: it showed none):
    on the campaign's clock, the instant in UTC beside it, how far off, or overdue."""
    from rich.text import Text

    from campaign.domain.deadlines import far, on_its_clock

    if due is None:
        return None
    at = instant(due["at"])
    line = Text(f"Deadline for {due['step'].rstrip('.')}: {on_its_clock(at, zone)}, ")
    if due["overdue"]:
        return line.append(f"overdue: passed {far(at - moment)} ago", style="bold red")
    return line.append(f"in {far(at - moment)}")


@command()
def log(
    ctx: typer.Context,
    campaign: CampaignOption = None,
    as_json: JsonOption = False,
    as_of: AsOfOption = None,
    round_number: RoundOption = None,
    limit: Annotated[
        Optional[int],
        typer.Option("--limit", min=1, help="Only the last N events (read alone when it can)."),
    ] = None,
) -> None:
    """Every event in order: number, time, round, who, what; retracted ones struck through."""
    from campaign.views import log as log_view

    events = None
    if limit is not None and as_of is None and round_number is None:
        name = ctx.obj.name(campaign)
        read = ctx.obj.campaigns.kept.tail(name, limit)  # a retraction follows what it retracts
        events = None if read is None else read[1]
        of = lambda: registry.kind(ctx.obj.campaigns.listing.rules(name))  # noqa: E731
    if events is None:
        _, loaded = ctx.obj.view(campaign, as_of, round_number)
        events = loaded.events[-limit:] if limit else loaded.events
        of = lambda: loaded.kind  # noqa: E731
    if as_json:
        return print_json(log_view.entries(events, of().period_field))
    console().print(log_view.table(events, of()))


FORMATS = ("text", "markdown", "bbcode", "html", "json")
OutputOption = Annotated[
    Optional[Path], typer.Option("-o", "--output", help="Write to a file instead of the terminal.")
]


def deliver(text: Any, chosen: str, output: Path | None) -> None:
    """A report or a history as rendered: to a file, or the terminal (a text one through rich,
    a checkpoint's lines never cropped; to a pipe, its paragraphs each on one line, its tables as
    wide as the terminal's would be)."""
    if output is not None:
        return write_file(output, plain_text(text) if chosen == "text" else text)
    if chosen == "text":  # a paragraph to a file or a pipe is never broken (issue #50)
        return console().print(text, crop=False, soft_wrap=piped())
    typer.echo(text, nl=not text.endswith("\n"))


@command()
def report(
    ctx: typer.Context,
    round_number: Annotated[
        Optional[int],
        typer.Option(
            "--round",
            help="Which round or scenario: a finished one, or the one in progress (its opening "
            "post). Default: the last finished.",
        ),
    ] = None,
    output_format: Annotated[
        str,
        typer.Option(
            "--format",
            help="text, markdown (Discord), bbcode (forums) or html; json still works, and --json "
            "is the way every command asks for JSON.",
        ),
    ] = "text",
    output: OutputOption = None,
    as_of: AsOfOption = None,
    campaign: CampaignOption = None,
    as_json: JsonOption = False,
    player: Annotated[
        Optional[str],
        typer.Option("--for", help="Only what concerns this player, to send to that player alone."),
    ] = None,
) -> None:
    """The report of a round or scenario, ready for a forum thread or a Discord channel."""
    from campaign.input.names import resolve
    from campaign.proof.signing import for_report
    from campaign.service.reports import kept_report
    from campaign.views.reports import render, report_data

    chosen = "json" if as_json else resolve("report format", output_format, FORMATS)
    picture = None
    if as_of is None and chosen != "html":  # an HTML page's map is drawn from the log
        name = ctx.obj.name(campaign)
        data = kept_report(ctx.obj.campaigns, name, round_number, lambda: ctx.obj.view(name)[1])
        whole = registry.kind(ctx.obj.campaigns.listing.rules(name)).report_kept_whole
    else:
        name, loaded = ctx.obj.view(campaign, as_of)
        data, at_end = report_data(name, loaded, round_number)
        if chosen == "html":
            picture = at_end.kind.picture(at_end.state, name, data.get("round"))
        whole = loaded.kind.report_kept_whole
    text = render(data, chosen, player, picture, whole, for_report(data))
    witnessed(ctx, name, data)
    deliver(text, chosen, output)


@command()
def history(
    ctx: typer.Context,
    output_format: Annotated[
        str,
        typer.Option("--format", help="text, markdown (Discord), bbcode (forums) or html."),
    ] = "text",
    output: OutputOption = None,
    as_of: AsOfOption = None,
    player: Annotated[
        Optional[str],
        typer.Option("--for", help="Only what concerns this player: a player's own history."),
    ] = None,
    campaign: CampaignOption = None,
    as_json: JsonOption = False,
) -> None:
    """The campaign on one page: every finished round or scenario, what it brought about (battles,
    results, who gained what, who is out), and where it stands now."""
    from campaign.input.names import resolve
    from campaign.proof.signing import for_report
    from campaign.views.reports import history_data, render

    chosen = "json" if as_json else resolve("history format", output_format, FORMATS)
    name, loaded = ctx.obj.view(campaign, as_of)
    data = history_data(name, loaded)
    # what the kind keeps whole in a player's report, kept whole in his history (#50: `--for`
    # kept of a round only the lines naming a leader who bears the player's name)
    whole = ("Now", *loaded.kind.report_kept_whole)
    text = render(data, chosen, player, whole=whole, signer=for_report(data))
    witnessed(ctx, name, data)
    deliver(text, chosen, output)


@command("map")
def draw_map(
    ctx: typer.Context,
    output: Annotated[Path, typer.Option("-o", "--output", help="FILE.svg, or FILE.png.")],
    round_number: RoundOption = None,
    as_of: AsOfOption = None,
    campaign: CampaignOption = None,
) -> None:
    """A picture of the campaign's map: who holds what, in the owners' colours, as it stands now
    or stood then."""
    from campaign.views.reports import map_svg, svg_to_png

    kept = None
    if as_of is None and round_number is None:  # now: the state the last writer kept (#16)
        name = ctx.obj.name(campaign)
        kept = ctx.obj.campaigns.kept.state(name)
    if kept is not None:
        svg = map_svg(name, kept[1], kept[2], None)
    else:
        name, loaded = ctx.obj.view(campaign, as_of, round_number)
        svg = map_svg(name, loaded.kind, loaded.state, round_number)
    suffix = output.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise CampaignError(
            f"The map is drawn as .svg or .png, not {output.suffix or 'a file without an ending'}."
        )
    if suffix == ".png":
        return write_file(output, svg_to_png(svg))
    write_file(output, svg)


def witnessed(ctx: typer.Context, name: str, data: dict) -> None:
    """A report given: this reader holds the campaign's log to its checkpoint from now on."""
    from campaign.proof.witness import gave

    gave(ctx.obj.campaigns.witness, name, data)
