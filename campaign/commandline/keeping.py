"""Commands about the store and its proof, every kind alike: init-db, serve, archive, delete,
verify, export, import and fork."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated, Optional

import typer

from campaign.commandline.core import (
    CampaignOption,
    JsonOption,
    default_db,
    print_json,
    registrar,
    say,
    write_file,
)
from campaign.domain.grammar import plural
from campaign.errors import CampaignError
from campaign.readmodel.status import json_ready, view

commands = typer.Typer()
command = registrar(commands, "Every campaign")


@command("init-db")
def init_db(ctx: typer.Context) -> None:
    """Make the store's tables (a new SQLite file, or a PostgreSQL database): the first command
    on a store does it too."""
    from campaign.store.dialects import shown

    count = len(ctx.obj.campaigns.catalogue())
    where = shown(ctx.obj.db or default_db())
    say(f"The campaign store {where} is ready ({plural(count, 'campaign')}).")


@command()
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="The port to listen on.")] = 8000,
    notify: Annotated[
        bool,
        typer.Option(
            "--notify", help="Send the turn notices a player's form makes due at once (notify)."
        ),
    ] = False,
    smtp: Annotated[
        Optional[str],
        typer.Option("--smtp", envvar="CAMPAIGN_SMTP", help="With --notify: the mail server."),
    ] = None,
    sender: Annotated[
        Optional[str],
        typer.Option("--from", envvar="CAMPAIGN_SMTP_FROM", help="The address notices come from."),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            max=64,
            help="Processes serving the store at once (each a hub of its own; they share the "
            "store and nothing else).",
        ),
    ] = 1,
    threads: Annotated[
        int,
        typer.Option(
            "--threads",
            min=1,
            max=64,
            help="Requests each process runs in threads at once (the others wait their turn).",
        ),
    ] = 4,  # campaign.web.hub.THREADS, not imported before the web extra is known to be there
) -> None:
    """The hub: the store's campaigns as web pages, players acting from their links (see
    invite), beside the command line on the same store; with --notify, whoever a form makes it
    the turn of is told at once, as `notify` tells him."""
    _check_web_libraries()
    import uvicorn

    from campaign.notify.mail import Smtp
    from campaign.web.hub import hub, served

    db = ctx.obj.db or default_db()
    ctx.obj.campaigns.catalogue()  # the store opens (or says why not) before the server starts
    processes = f" by {workers} processes" if workers > 1 else ""
    say(
        f"Serving {plural(len(ctx.obj.campaigns.catalogue()), 'campaign')} on http://{host}:{port}/{processes}"
    )
    ctx.obj.close()  # each request opens the store; this command holds it no longer
    server = Smtp.parse(smtp, sender) if notify and smtp else None  # a bad one refused first
    if workers > 1:
        return _serve_processes(db, notify, smtp, sender, (host, port), workers, threads)
    uvicorn.Server(served(hub(db, notify, server, threads), host, port)).run()


def _check_web_libraries() -> None:
    try:
        import uvicorn  # noqa: F401

        from campaign.web import hub  # noqa: F401
    except ImportError:
        raise CampaignError(
            "The hub needs its libraries: install the web extra where campaign was installed "
            "from (pip install '.[web]' in its folder)."
        ) from None


def _serve_processes(
    db: str,
    notify: bool,
    smtp: str | None,
    sender: str | None,
    at: tuple,
    workers: int,
    threads: int,
) -> None:
    """`workers` processes on one socket, each a hub of its own built from the environment
    (the store, --notify, the mail server and its threads told it there)."""
    import os

    from uvicorn.supervisors import Multiprocess

    from campaign.web.hub import HUB_DB, HUB_NOTIFY, HUB_THREADS, served

    os.environ.update({HUB_DB: db, HUB_NOTIFY: "1" if notify else "", HUB_THREADS: str(threads)})
    os.environ.update(
        {k: v for k, v in (("CAMPAIGN_SMTP", smtp), ("CAMPAIGN_SMTP_FROM", sender)) if v}
    )
    config = served("campaign.web.hub:from_environment", *at, workers)
    with contextlib.suppress(KeyboardInterrupt):
        Multiprocess(config, sockets=[config.bind_socket()]).run()


@command()
def archive(
    ctx: typer.Context,
    restore: Annotated[bool, typer.Option("--restore", help="Show it in list again.")] = False,
    campaign: CampaignOption = None,
) -> None:
    """Hide a finished or abandoned campaign from list (list --all shows it); nothing is lost."""
    from campaign.domain.shared_commands import archive as archived

    name = ctx.obj.name(campaign)
    ctx.obj.campaigns.act(name, lambda state: archived(not restore), ctx.obj.actor)
    say(f"{name} is {'shown in list again' if restore else 'archived: list --all shows it'}.")


@command()
def delete(
    ctx: typer.Context,
    yes: Annotated[bool, typer.Option("--yes", help="Confirm: the log is gone for good.")] = False,
    campaign: CampaignOption = None,
) -> None:
    """Delete a campaign and its whole log from the store; nothing else in the store is touched."""
    name = ctx.obj.name(campaign)
    if not yes:
        events = len(ctx.obj.campaigns.load(name).events)
        raise CampaignError(
            f"This deletes {name} and its {events} events for good (campaign export "
            "keeps a copy first): add --yes to confirm."
        )
    count = ctx.obj.campaigns.delete(name)
    if ctx.obj.current() is None and ctx.obj.current_file is not None:
        ctx.obj.current_file.unlink(missing_ok=True)
    say(
        f"{name} and its {count} events are deleted. This reader still holds what it saw of it: "
        f"a log imported under that name must extend it (witness --forget -c {name!r} --yes "
        "forgets it, knowingly)."
    )


HeadOption = Annotated[
    Optional[str],
    typer.Option("--head", help="A chain head published earlier (export header or log)."),
]
CheckpointOption = Annotated[
    Optional[Path],
    typer.Option(
        "--checkpoint",
        help="A file of checkpoints kept from reports (or - to paste them): each must be "
        "extended by the log, and signed by the key it announced.",
    ),
]
KeptKeyOption = Annotated[
    Optional[str],
    typer.Option("--key", help="With --checkpoint: the organiser's key as you kept it."),
]


@command()
def verify(
    ctx: typer.Context,
    campaign: CampaignOption = None,
    as_json: JsonOption = False,
    head: HeadOption = None,
    checkpoints: CheckpointOption = None,
    kept_key: KeptKeyOption = None,
) -> None:
    """Replay the whole log through the rules and check the hash chain; name the first bad event."""
    from campaign.domain.log import finished as finished_periods
    from campaign.service.verify import audit, published_head

    stored_catalogue = ctx.obj.campaigns.listing.check()  # first: names as the events give them
    name = ctx.obj.name(campaign)
    loaded = ctx.obj.campaigns.load(name)
    verified = audit(loaded.kind, loaded.events)
    published = None if head is None else published_head(loaded.events, head)
    held = None if checkpoints is None else _checked(ctx, name, loaded, checkpoints, kept_key)
    _remember(ctx, name, loaded)
    finished = len(finished_periods(loaded.kind, verified.state))
    chain_head = loaded.events[-1].chain
    stored_view = _check_view(ctx.obj.campaigns, name, loaded, verified.state)
    edited = [
        what
        for what, verdict in (
            ("the stored view", stored_view),
            ("the stored list of campaigns", stored_catalogue),
        )
        if verdict in ("altered", "unreadable")
    ]
    if edited:  # said, and the command fails, once what it found is rebuilt (after the output)
        ctx.call_on_close(lambda: _found_altered(edited))
    found = {
        "campaign": name,
        "verified": True,
        "events": verified.events,
        "checks": verified.checks,
        loaded.kind.period + "s": finished,
        "status": loaded.kind.summary(verified.state),
        "chain_head": chain_head,
        "vouches_for": f"events 1 to {verified.events}",
        "published_head": published,
        "stored_view": stored_view,
        "stored_catalogue": stored_catalogue,
        "checkpoints": held,
    }
    if as_json:
        return print_json(found)
    _tell_verified(found, loaded.kind.period)


def _tell_verified(found: dict, period: str) -> None:
    """What verify found, said: the published head, what was rebuilt, what the log vouches for."""
    if found["published_head"]:
        say(found["published_head"])
    if found["stored_view"] != "current":
        say(
            f"The stored view that list and status show was {found['stored_view']}: it is "
            "rebuilt from the log."
        )
    if found["stored_catalogue"] != "current":
        say(
            f"The stored list of the store's campaigns was {found['stored_catalogue']}: it is "
            "rebuilt from their events."
        )
    events, head = found["events"], found["chain_head"]
    say(
        f"{found['campaign']}: {events} events and {plural(found[period + 's'], period)} verified "
        f"with {found['checks']} checks; the hash chain is intact and every event is lawful. "
        f"Now: {found['status']}."
    )
    say(
        f"This vouches for events 1 to {events} as they stand (chain head {head}). "
        "Events cut from the end, or a log rewritten whole, show only against what was "
        "published earlier: every report ends with a checkpoint (campaign verify --checkpoint "
        "FILE) and every export carries a chain head (campaign verify --head HASH)."
    )
    held = found["checkpoints"]
    if held:
        say(
            f"{plural(len(held), 'checkpoint')} {'holds' if len(held) == 1 else 'hold'}: the log "
            f"extends each ({'; '.join(held)}); this reader holds it to the latest from now on."
        )


def _checked(ctx: typer.Context, name: str, loaded, source: Path, kept: str | None) -> list[str]:
    """Each checkpoint of `source` held against the log (campaign.proof.checkpoint.held), the latest
    remembered by this reader's witness; the first that does not hold refuses, with why."""
    from campaign.commandline.proving import read_checkpoints
    from campaign.proof import checkpoint

    points = checkpoint.parse_all(read_checkpoints(source))
    if not points:
        raise CampaignError(
            f"{source} holds no checkpoint: copy a report's Checkpoint block (from its first "
            "line, campaign/…, to its signature) into it."
        )
    key = None if kept is None else checkpoint.verifier(kept)
    origin = checkpoint.origin_of(loaded.events[0])
    mine = [point for point in points if point.origin == origin]
    if not mine:  # none of this campaign: the first says which it is of
        checkpoint.held(loaded.events, points[0], key)
    others = sorted({point.origin for point in points} - {origin})
    found = [checkpoint.held(loaded.events, point, key) for point in mine]
    found += [f"skipped {len(others)} of other campaigns ({', '.join(others)})"] if others else []
    witness = ctx.obj.campaigns.witness
    if witness is not None:
        witness.remember(name, max(mine, key=lambda point: point.size))
    return found


def _remember(ctx: typer.Context, name: str, loaded) -> None:
    """A log verified whole: this reader holds it to its last event from now on."""
    from campaign.proof import checkpoint

    witness = ctx.obj.campaigns.witness
    if witness is not None and loaded.chain_break is None:
        witness.remember(name, checkpoint.of(loaded.events, len(loaded.events)))


def _found_altered(edited: list[str]) -> None:
    """verify found something kept beside the log altered: it fails, whatever it rebuilt."""
    say(
        f"Something kept beside the log had been altered ({' and '.join(edited)}): it was "
        "rebuilt from the log, and verify fails so that it is looked into.",
        err=True,
    )
    raise typer.Exit(1)


def _check_view(campaigns, name: str, loaded, state) -> str:
    """The read model against a full replay (campaign.readmodel.status): `current` when the stored
    view, the reports and the state kept beside it are what the log gives; `missing` or `altered`
    otherwise, and then rebuilt."""
    from campaign.domain.log import Loaded

    replayed = Loaded(loaded.kind, loaded.events, state)
    stored = campaigns.kept.view(name)
    reports = campaigns.kept.reports(name)
    verdict = _kept_verdict(campaigns, name, replayed, stored, reports)
    stream = loaded.started.originator_id.hex
    if campaigns.kept.sightings(stream):  # a reader found one altered, and rebuilt it since
        verdict = "altered"
        campaigns.kept.forget_sightings(stream)
    if verdict != "current":
        campaigns.kept.forget(name)
        campaigns.kept.remember(replayed)
    return verdict


def _kept_verdict(campaigns, name: str, replayed, stored, reports) -> str:
    """`current`, `missing or out of date`, `unreadable` (a sealed state this program cannot
    read) or `altered` (a seal that does not hold, or a kept row that is not the replay's)."""
    if campaigns.kept.altered:
        return "altered"
    if stored is None:
        return "missing or out of date"
    kept_state = campaigns.kept.state_verdict(name, replayed.state)
    if kept_state == "unreadable":
        return kept_state
    holds = (
        stored == view(replayed)
        and _reports_hold(name, replayed, reports)
        and kept_state == "current"
        and _round_ends_hold(campaigns, name, replayed)
    )
    return "current" if holds and not campaigns.kept.altered else "altered"


def _round_ends_hold(campaigns, name: str, replayed) -> bool:
    """Every state kept as a round ended is the one the log gives."""
    from campaign.views.reports import report_data

    for number in campaigns.kept.round_ends(name):
        try:
            _, at_end = report_data(name, replayed, number)
        except CampaignError:
            return False
        if not campaigns.kept.state_holds(name, at_end.state, number):
            return False
    return True


def _reports_hold(name: str, replayed, reports: dict[str, str]) -> bool:
    """Every report kept beside the view is the one the log gives."""
    from campaign.readmodel.status import kept_report
    from campaign.views.reports import report_data

    for key, body in reports.items():
        try:
            data, _ = report_data(name, replayed, None if key == "last" else int(key))
        except (CampaignError, ValueError):
            return False
        if kept_report(body).get("data") != json_ready(data):
            return False
    return True


@command()
def export(
    ctx: typer.Context,
    output: Annotated[
        Optional[Path], typer.Option("-o", "--output", help="A file (default: stdout).")
    ] = None,
    campaign: CampaignOption = None,
    schema: Annotated[
        bool,
        typer.Option(
            "--schema", help="Print the export format's JSON Schema (draft 2020-12) instead."
        ),
    ] = False,
) -> None:
    """The campaign's events as JSON Lines, with a header line (format, kind, rules version, chain
    head); `--schema`, the format itself, for tools that read exports (docs/export-format.md)."""
    from campaign.service.exchange import export_lines

    if schema:
        from campaign.service.export_schema import schema as described

        return print_json(described())
    text = "\n".join(export_lines(ctx.obj.campaigns.load(ctx.obj.name(campaign)))) + "\n"
    if output is None:
        return typer.echo(text, nl=False)
    write_file(output, text)


@command("import")
def import_file(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="A file written by campaign export.")],
    as_name: Annotated[
        Optional[str], typer.Option("--as", help="Import under another name.")
    ] = None,
) -> None:
    """A new campaign from an exported file, re-created through every check that verify makes."""
    from campaign.input.files import MB, read_text
    from campaign.service.exchange import import_campaign

    loaded = import_campaign(
        ctx.obj.campaigns, read_text(file, "the export file", 64 * MB), as_name
    )
    say(
        f"Imported {loaded.started.name}: {len(loaded.events)} events, verified. Now: "
        f"{loaded.kind.summary(loaded.state)}."
    )


@command()
def fork(
    ctx: typer.Context,
    new_name: Annotated[str, typer.Argument(metavar="NEW", help="The what-if campaign's name.")],
    as_of: Annotated[int, typer.Option("--as-of", help="Keep the first N events.")],
    campaign: CampaignOption = None,
) -> None:
    """A what-if branch: a new campaign whose log is this one's first N events."""
    from campaign.service.exchange import fork as branch

    loaded = branch(
        ctx.obj.campaigns, ctx.obj.campaigns.load(ctx.obj.name(campaign), as_of), new_name
    )
    say(
        f"Forked {loaded.started.name} from the first {as_of} events. Now: "
        f"{loaded.kind.summary(loaded.state)}."
    )
