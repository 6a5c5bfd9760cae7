"""Commands every kind of campaign takes: list, status, log, notes, undo, verify, export,
import, fork, demo, reports and maps, and `new`."""

from __future__ import annotations

import inspect
import io
from datetime import datetime
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from campaign import registry
from campaign.commandline.core import (
    AsOfOption,
    CampaignOption,
    JsonOption,
    KeepOption,
    NowOption,
    Output,
    RoundOption,
    WebhookOption,
    app,
    console,
    default_db,
    print_json,
    registrar,
    say,
    say_lines,
    speaking,
    write_file,
)
from campaign.deadlines import current, instant, now
from campaign.errors import CampaignError
from campaign.readmodel import json_ready, status_data, view
from campaign.text import printable_data
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


def deadline_data(loaded, at: datetime) -> dict[str, Any] | None:
    """`status --json`'s `deadline`: the one standing for the step in hand, or None."""
    standing = current(loaded.events, loaded.kind.next_step(loaded.state))
    return None if standing is None else standing.data(at)


@command()
def deadline(
    ctx: typer.Context,
    action: Annotated[
        str,
        typer.Argument(
            metavar="set|clear|rule|default|remind",
            help="Set (or extend), clear, choose the house rule, a default for every step, or "
            "when players are reminded before a deadline.",
        ),
    ],
    when: Annotated[
        Optional[str],
        typer.Argument(
            metavar="ISO-TIME|auto|organiser|14d|24h,2h",
            help="e.g. 2026-12-14T18:00Z; with rule, what a missed deadline does; with default, "
            "how long each step is given (none: no default); with remind, how long before a "
            "deadline `notify` reminds whoever must still act (none: never).",
        ),
    ] = None,
    within: Annotated[
        Optional[str], typer.Option("--in", help="From now instead: 14d, 36h, 2w.")
    ] = None,
    reason: Annotated[Optional[str], typer.Option("--reason", help="Why, for the record.")] = None,
    campaign: CampaignOption = None,
) -> None:
    """A deadline for the step in hand (the rules page's house rules): set, extend, clear."""
    from campaign import deadlines
    from campaign.names import resolve

    chosen = resolve("deadline action", action, ["set", "clear", "rule", "default", "remind"])
    name, moment = ctx.obj.name(campaign), now()
    if chosen == "remind":
        return _remind(ctx, name, when)
    if chosen == "rule":
        decide = lambda loaded: deadlines.choose_rule(when or "")  # noqa: E731
    elif chosen == "default":
        if when is None:
            raise CampaignError("Give the default as 14d, 36h or 2w (or none for no default).")
        decide = lambda loaded: deadlines.choose_default(when)  # noqa: E731
    elif chosen == "clear":
        decide = lambda loaded: deadlines.clear(reason or "cleared")  # noqa: E731
    else:
        if (when is None) == (within is None):
            raise CampaignError("Give the deadline as an ISO time or --in 14d (one of them).")
        at = instant(when) if when else deadlines.after(within, moment)
        decide = lambda loaded: deadlines.set_for(  # noqa: E731
            loaded.kind.next_step(loaded.state), at, moment, reason
        )
    ctx.obj.perform(name, decide)


def _remind(ctx: typer.Context, name: str, when: str | None) -> None:
    """How long before each deadline its reminders go: kept beside the log, for `notify`."""
    from campaign import notices

    if when is None:
        raise CampaignError("Say when players are reminded: deadline remind 24h,2h (or none).")
    kept = notices.spans(when)
    ctx.obj.campaigns.secrets.keep(name, notices.REMIND, kept)
    if not kept:
        return say(f"Nobody is reminded of a deadline in {name} now.")
    say(
        f"In {name}, whoever must still act is reminded {', '.join(kept.split())} before a "
        "deadline (campaign notify sends them)."
    )


@command()
def tick(
    ctx: typer.Context,
    at: NowOption = None,
    campaign: CampaignOption = None,
) -> None:
    """Apply each campaign's missed-deadline house rule (its rules page): under `auto` the
    program records what a passed deadline does, as the actor `deadline`."""
    from campaign.deadlines import DEADLINE_ACTOR, automatic, missed

    moment = instant(at) if at else now()
    names = (
        [ctx.obj.name(campaign)]
        if campaign or ctx.obj.campaign
        else [e.name for e in ctx.obj.campaigns.catalogue(archived=False)]
    )
    for name in names:
        loaded = ctx.obj.campaigns.load(name)
        step = loaded.kind.next_step(loaded.state)
        passed = missed(loaded.events, step, moment)
        if passed is None:
            continue
        if not automatic(loaded.events, step, moment) or not loaded.kind.missed(loaded.state):
            say(f"{name}: the deadline for {step.rstrip('.')} passed; the organiser decides.")
            continue
        decide = lambda log: log.kind.missed(log.state)  # noqa: E731
        say(f"{name}:")
        ctx.obj.perform(name, decide, DEADLINE_ACTOR, when=moment)


@command()
def overdue(
    ctx: typer.Context,
    as_json: JsonOption = False,
    at: NowOption = None,
) -> None:
    """Every campaign of the store: who must act now, by when, and whether the deadline passed."""
    moment = instant(at) if at else now()
    rows = []
    for entry in ctx.obj.campaigns.catalogue(archived=False):
        loaded = ctx.obj.campaigns.load(entry.name)
        step = loaded.kind.next_step(loaded.state)
        rows.append(
            {"campaign": entry.name, "step": step, "deadline": deadline_data(loaded, moment)}
        )
    if as_json:
        return print_json(rows)
    for row in rows:
        due = row["deadline"]
        late = "" if due is None or not due["overdue"] else " (OVERDUE)"
        say(f"{row['campaign']}: {row['step']}" + ("" if due is None else f" by {due['at']}{late}"))
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
    seen = None
    if as_of is None and round_number is None:
        name = ctx.obj.name(campaign)
        seen = ctx.obj.campaigns.kept.view(name)
    if seen is not None:
        if as_json:  # the stored view is the answer: no kind's code is needed to print it
            return print_json(status_data(seen, True, now()))
        data, of = status_data(seen, True, now()), registry.kind(seen["status"]["rules"])
    else:
        name, loaded = ctx.obj.view(campaign, as_of, round_number)
        if as_of is None and round_number is None:
            ctx.obj.campaigns.kept.keep_view(loaded)  # out of date: kept again for the next reader
        built = view(loaded) | {"name": name}
        built["status"] = json_ready(loaded.kind.status(loaded.state, name))
        data, of = status_data(built, loaded.chain_break is None, now()), loaded.kind
    if as_json:
        return print_json(data)
    console().print(of.dashboard(None, printable_data(data)))


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
        of = lambda: registry.kind(ctx.obj.campaigns.rules(name))  # noqa: E731
    if events is None:
        _, loaded = ctx.obj.view(campaign, as_of, round_number)
        events = loaded.events[-limit:] if limit else loaded.events
        of = lambda: loaded.kind  # noqa: E731
    if as_json:
        return print_json(log_view.entries(events))
    console().print(log_view.table(events, of()))


@command()
def note(
    ctx: typer.Context,
    text: Annotated[str, typer.Argument(help="The note or ruling, as plain text.")],
    campaign: CampaignOption = None,
) -> None:
    """Record an organiser's note or ruling in the log at this point."""
    from campaign.common import note as write_note

    ctx.obj.act(campaign, lambda state: write_note(text))


@command()
def undo(
    ctx: typer.Context,
    reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")],
    steps: Annotated[int, typer.Option("--steps", help="How many of the latest actions.")] = 1,
    expect: Annotated[
        Optional[int],
        typer.Option(
            "--expect",
            help="The latest action's event number, as the log shows it: nothing is undone if "
            "another action is the latest by then.",
        ),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """Retract the latest actions: the log keeps them, struck through, and the state forgets
    them."""
    from campaign.common import undo as retract

    name = ctx.obj.name(campaign)

    def decide(loaded):
        return retract(loaded.events, steps, reason, loaded.kind, expect)

    ctx.obj.perform(name, decide, again=False)


@command()
def redo(
    ctx: typer.Context,
    reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")],
    campaign: CampaignOption = None,
) -> None:
    """Take back the latest undo, when nothing was recorded since: what it retracted stands
    again."""
    from campaign.common import redo as restore

    name = ctx.obj.name(campaign)
    decide = lambda loaded: restore(loaded.events, reason, loaded.kind)  # noqa: E731
    ctx.obj.perform(name, decide, again=False)


@command()
def rename(
    ctx: typer.Context,
    new_name: Annotated[str, typer.Argument(metavar="NEW", help="The campaign's new name.")],
    campaign: CampaignOption = None,
) -> None:
    """Give the campaign a new name; its log, hashes and published chain heads stay as they are."""
    from campaign.common import rename as renamed
    from campaign.text import name as name_text

    name, new = ctx.obj.name(campaign), name_text(new_name, "the campaign's name")
    ctx.obj.campaigns.check_name_free(new)
    ctx.obj.campaigns.act(name, lambda state: renamed(new), ctx.obj.actor)
    say(f"{name} is called {new} now.")


ReasonOption = Annotated[str, typer.Option("--reason", help="Why, for the record.")]


@command("replace-player")
def replace_player(
    ctx: typer.Context,
    player: Annotated[str, typer.Argument(metavar="OLD", help="The player who leaves.")],
    newcomer: Annotated[str, typer.Argument(metavar="NEW", help="Who takes over his place.")],
    reason: ReasonOption = "",
    campaign: CampaignOption = None,
) -> None:
    """A newcomer takes over a player's holdings, roster, place in the order and everything still
    to come; what the player did stays his in the log and the reports."""
    from campaign.common import replace_player as replaced

    decide = lambda loaded: replaced(loaded.kind, loaded.state, player, newcomer, reason)  # noqa: E731
    _act_on_people(ctx, campaign, decide)


@command("rename-player")
def rename_player(
    ctx: typer.Context,
    player: Annotated[str, typer.Argument(metavar="OLD", help="The name as it was written.")],
    new_name: Annotated[str, typer.Argument(metavar="NEW", help="The name as it should be.")],
    reason: ReasonOption = "a typo put right",
    campaign: CampaignOption = None,
) -> None:
    """Put a player's name right: the same player, under his right name in every round."""
    from campaign.common import rename_player as renamed

    decide = lambda loaded: renamed(loaded.kind, loaded.state, player, new_name, reason)  # noqa: E731
    _act_on_people(ctx, campaign, decide)


@command()
def withdraw(
    ctx: typer.Context,
    player: Annotated[str, typer.Argument(help="The player who leaves with no replacement.")],
    reason: ReasonOption = "",
    campaign: CampaignOption = None,
) -> None:
    """A player leaves with no replacement: his kind's rules page says what becomes of his place,
    and the command says what it recorded."""
    from campaign.common import withdraw as withdrawn

    decide = lambda loaded: withdrawn(loaded.kind, loaded.state, player, reason)  # noqa: E731
    _act_on_people(ctx, campaign, decide)


def _act_on_people(ctx: typer.Context, campaign: str | None, decide) -> None:
    name = ctx.obj.name(campaign)
    ctx.obj.perform(name, decide)


@command("init-db")
def init_db(ctx: typer.Context) -> None:
    """Make the store's tables (a new SQLite file, or a PostgreSQL database): the first command
    on a store does it too."""
    from campaign.beside import shown

    count = len(ctx.obj.campaigns.catalogue())
    say(f"The campaign store {shown(ctx.obj.db or default_db())} is ready ({count} campaign(s)).")


@command()
def invite(
    ctx: typer.Context,
    who: Annotated[str, typer.Argument(metavar="NAME", help="A player, an arbiter or a viewer.")],
    role: Annotated[
        str, typer.Option("--role", help="player (his own actions), arbiter (rulings), viewer.")
    ] = "player",
    url: Annotated[
        str, typer.Option("--url", help="The hub's address, to print the whole link.")
    ] = "http://127.0.0.1:8000",
    campaign: CampaignOption = None,
) -> None:
    """A personal link to the hub (campaign serve): a player acts himself, an arbiter records
    rulings, a viewer looks; only the secret's hash is kept, never in the log."""
    import secrets

    from campaign.names import resolve
    from campaign.text import person
    from campaign.web.hub import ROLES

    name = ctx.obj.name(campaign)
    chosen = resolve("role", role, ROLES)
    loaded = ctx.obj.campaigns.load(name)
    person = (
        resolve("player", who, loaded.kind.players(loaded.state))
        if chosen == "player"
        else person(who, "the name")
    )
    token = secrets.token_urlsafe(24)
    ctx.obj.campaigns.links.grant(name, token, chosen, person)
    say(f"{person}'s link ({chosen}) to {name}: {url.rstrip('/')}/a/{token}")
    say("Hand it to him alone: whoever holds it acts as him. campaign revoke NAME ends it.")


@command()
def revoke(
    ctx: typer.Context,
    who: Annotated[str, typer.Argument(metavar="NAME", help="Whose links stop working.")],
    campaign: CampaignOption = None,
) -> None:
    """Every personal link of NAME to this campaign stops working."""
    name, whom = ctx.obj.name(campaign), " ".join(who.split())
    count = ctx.obj.campaigns.links.revoke(name, whom)
    if not count:
        raise CampaignError(f"{whom} holds no link to {name}.")
    say(f"{count} link(s) of {whom} to {name} no longer work.")


@command()
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="The port to listen on.")] = 8000,
) -> None:
    """The hub: the store's campaigns as web pages, players acting from their links (see
    invite), beside the command line on the same store."""
    try:
        import uvicorn

        from campaign.web.hub import hub
    except ImportError:
        raise CampaignError("The hub needs its libraries: pip install 'campaign[web]'.") from None
    from campaign.web.hub import served

    db = ctx.obj.db or default_db()
    ctx.obj.campaigns.catalogue()  # the store opens (or says why not) before the server starts
    say(f"Serving {len(ctx.obj.campaigns.catalogue())} campaign(s) on http://{host}:{port}/")
    ctx.obj.close()  # each request opens the store; this command holds it no longer
    uvicorn.Server(served(hub(db), host, port)).run()


@command()
def archive(
    ctx: typer.Context,
    restore: Annotated[bool, typer.Option("--restore", help="Show it in list again.")] = False,
    campaign: CampaignOption = None,
) -> None:
    """Hide a finished or abandoned campaign from list (list --all shows it); nothing is lost."""
    from campaign.common import archive as archived

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
    say(f"{name} and its {count} events are deleted.")


@command()
def verify(
    ctx: typer.Context,
    campaign: CampaignOption = None,
    as_json: JsonOption = False,
    head: Annotated[
        Optional[str],
        typer.Option("--head", help="A chain head published earlier (export header or log)."),
    ] = None,
) -> None:
    """Replay the whole log through the rules and check the hash chain; name the first bad event."""
    from campaign.app import finished as finished_periods
    from campaign.audit import audit, published_head

    stored_catalogue = ctx.obj.campaigns.check_catalogue()  # first: names as the events give them
    name = ctx.obj.name(campaign)
    loaded = ctx.obj.campaigns.load(name)
    verified = audit(loaded.kind, loaded.events)
    published = None if head is None else published_head(loaded.events, head)
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
    if as_json:
        return print_json(
            {
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
            }
        )
    if published:
        say(published)
    if stored_view != "current":
        say(
            f"The stored view that list and status show was {stored_view}: it is rebuilt from "
            "the log."
        )
    if stored_catalogue != "current":
        say(
            f"The stored list of the store's campaigns was {stored_catalogue}: it is rebuilt "
            "from their events."
        )
    say(
        f"{name}: {verified.events} events and {finished} {loaded.kind.period}(s) verified with "
        f"{verified.checks} checks; the hash chain is intact and every event is lawful. Now: "
        f"{loaded.kind.summary(verified.state)}."
    )
    say(
        f"This vouches for events 1 to {verified.events} as they stand (chain head {chain_head}). "
        "Events cut from the end, or a log rewritten whole, show only against a chain head "
        "published earlier: every report and export carries one; check it with "
        "campaign verify --head HASH."
    )


def _found_altered(edited: list[str]) -> None:
    """verify found something kept beside the log altered: it fails, whatever it rebuilt."""
    say(
        f"Something kept beside the log had been altered ({' and '.join(edited)}): it was "
        "rebuilt from the log, and verify fails so that it is looked into.",
        err=True,
    )
    raise typer.Exit(1)


def _check_view(campaigns, name: str, loaded, state) -> str:
    """The read model against a full replay (campaign.readmodel): `current` when the stored view,
    the reports and the state kept beside it are what the log gives; `missing` or `altered`
    otherwise, and then rebuilt."""
    from campaign.app import Loaded

    replayed = Loaded(loaded.kind, loaded.events, state)
    stored = campaigns.kept.view(name)
    reports = campaigns.kept.reports(name)
    verdict = _kept_verdict(campaigns, name, replayed, stored, reports)
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
    from campaign.readmodel import json_ready, readable_report
    from campaign.views.reports import report_data

    for key, body in reports.items():
        try:
            data, _ = report_data(name, replayed, None if key == "last" else int(key))
        except (CampaignError, ValueError):
            return False
        if readable_report(body) != json_ready(data):
            return False
    return True


@command()
def export(
    ctx: typer.Context,
    output: Annotated[
        Optional[Path], typer.Option("-o", "--output", help="A file (default: stdout).")
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """The campaign's events as JSON Lines, with a header line (format, kind, rules version, chain
    head)."""
    from campaign.exchange import export_lines

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
    from campaign.exchange import import_campaign
    from campaign.files import MB, read_text

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
    from campaign.exchange import fork as branch

    loaded = branch(
        ctx.obj.campaigns, ctx.obj.campaigns.load(ctx.obj.name(campaign), as_of), new_name
    )
    say(
        f"Forked {loaded.started.name} from the first {as_of} events. Now: "
        f"{loaded.kind.summary(loaded.state)}."
    )


@command()
def demo(
    ctx: typer.Context,
    rules: Annotated[
        str, typer.Option("--rules", help="Which kind of campaign to play.")
    ] = registry.DEFAULT,
    db: Annotated[
        Optional[str], typer.Option("--into", help="Keep the demo's store in this file.")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Only the final dashboard.")] = False,
) -> None:
    """Play a bundled example campaign into a fresh store of its own and show the dashboard."""
    from campaign.demo import play

    play(rules, db, quiet, run=_invoke)


FORMATS = ("text", "markdown", "bbcode", "html", "json")


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
    output: Annotated[
        Optional[Path],
        typer.Option("-o", "--output", help="Write to a file instead of the terminal."),
    ] = None,
    as_of: AsOfOption = None,
    campaign: CampaignOption = None,
    as_json: JsonOption = False,
    player: Annotated[
        Optional[str],
        typer.Option("--for", help="Only what concerns this player, to send him alone."),
    ] = None,
) -> None:
    """The report of a round or scenario, ready for a forum thread or a Discord channel."""
    from campaign.names import resolve
    from campaign.views.reports import kept_report, render, render_report

    chosen = "json" if as_json else resolve("report format", output_format, FORMATS)
    if as_of is None and chosen != "html":  # an HTML page's map is drawn from the log
        name = ctx.obj.name(campaign)
        data = kept_report(ctx.obj.campaigns, name, round_number, lambda: ctx.obj.view(name)[1])
        whole = registry.kind(ctx.obj.campaigns.rules(name)).report_kept_whole
        text = render(data, chosen, player, whole=whole)
    else:
        name, loaded = ctx.obj.view(campaign, as_of)
        text = render_report(name, loaded, round_number, chosen, player)
    if output is not None:
        return write_file(output, plain_text(text) if chosen == "text" else text)
    if chosen == "text":
        return console().print(text)
    typer.echo(text, nl=not text.endswith("\n"))


@command()
def post(
    ctx: typer.Context,
    webhook: WebhookOption = None,
    keep: KeepOption = False,
    round_number: Annotated[
        Optional[int], typer.Option("--round", help="Which round or scenario (as report).")
    ] = None,
    again: Annotated[
        bool, typer.Option("--again", help="Post a report that was posted already once more.")
    ] = False,
    no_map: Annotated[bool, typer.Option("--no-map", help="Without the map.")] = False,
    delivered_already: Annotated[
        Optional[int],
        typer.Option(
            "--delivered",
            help="The first N messages are in the channel already (after a post left "
            "unanswered): send from message N+1.",
        ),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """Post a report to a Discord channel through its webhook: the Markdown report in messages
    of at most 2,000 characters, the map attached; a post cut short resumes where it stopped."""
    from campaign import post as posting
    from campaign.views import formats
    from campaign.views.reports import report_data, svg_to_png

    name, loaded = ctx.obj.view(campaign)
    kept = ctx.obj.campaigns.secrets.unseal(name)
    url = posting.checked_url(webhook) if webhook is not None else kept.get(posting.WEBHOOK)
    if url is None:
        raise CampaignError(
            "Give the channel's webhook: post --webhook URL (add --keep to keep it for this "
            "campaign)."
        )
    if keep:
        ctx.obj.campaigns.secrets.keep(name, posting.WEBHOOK, url)
    data, at_end = report_data(name, loaded, round_number)
    messages = formats.markdown(data)
    png = None
    picture = None if no_map else at_end.kind.picture(at_end.state, name, data.get("round"))
    if picture is not None:
        try:
            png = svg_to_png(picture)
        except CampaignError as missing:
            say(f"The map is not attached: {missing}")
    label = posting.POSTED + posting.digest(messages, png)
    delivered = 0 if again else int(kept.get(label, "0"))
    if delivered_already is not None:
        if not 0 <= delivered_already <= len(messages):
            raise CampaignError(
                f"--delivered counts the messages in the channel already: 0 to {len(messages)}."
            )
        delivered = delivered_already
        ctx.obj.campaigns.secrets.keep(name, label, str(delivered))
    what = f"{loaded.kind.period} {data['round']}'s report"
    if delivered >= len(messages):
        return say(
            f"The {what} was posted already ({len(messages)} message(s)); add --again to post it "
            "once more."
        )
    sent = posting.post(
        posting.Delivery(url),
        messages,
        None if png is None else (f"{loaded.kind.period}-{data['round']}.png", png),
        delivered,
        lambda n: ctx.obj.campaigns.secrets.keep(name, label, str(n)),
    )
    resumed = f" (resuming after message {delivered})" if delivered else ""
    said = f"Posted the {what}: {sent} message(s){' and the map' if png else ''}{resumed}."
    say(said)


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


def _invoke(args: list[str], shown: bool = True) -> None:
    """One command of the demo's script, what it says shown or not."""
    command = typer.main.get_command(app)
    with speaking(Output() if shown else Output(io.StringIO(), io.StringIO())):
        code = command.main(args=args, prog_name="campaign", standalone_mode=False)
    if code:
        raise CampaignError(f"The example stopped at: campaign {' '.join(args[2:])}")


def new(ctx: typer.Context, name: str, rules: str, **options: Any) -> None:
    """Start a campaign: its name, its kind (--rules) and the options that kind takes."""
    from campaign.registry import kind

    title = " ".join(name.split())
    if not title:
        raise CampaignError("A campaign needs a name.")
    from campaign.deadlines import choose_default

    chosen = kind(rules)
    every = options.pop("deadlines", None)
    _check_options(chosen, options, {p.name: p.opts[0] for p in ctx.command.params if p.opts})
    default = [] if every is None else choose_default(every)
    started, then = chosen.new(
        title, options, seal=lambda labels: ctx.obj.campaigns.secrets.seal(title, labels)
    )
    from campaign import service

    ctx.obj.tell(
        service.start(
            ctx.obj.campaigns, started, lambda state: [*then(state), *default], ctx.obj.actor
        )
    )


def _check_options(chosen, given: dict[str, Any], flags: dict[str, str]) -> None:
    """Refuse the options of other kinds in one sentence naming those this kind takes."""
    own = start_options(chosen.rules)
    foreign = [flags[n] for n, v in given.items() if n not in own and v not in (None, [], False)]
    if foreign:
        takes = ", ".join(flags[n] for n in own)
        raise CampaignError(
            f"A campaign of {chosen.title} takes {takes}; not {', '.join(foreign)}."
        )


def start_options(rules: str) -> dict[str, inspect.Parameter]:
    """The options of `campaign new` that a kind takes: the parameters of its cli's
    `start_options`."""
    from campaign.registry import cli_module

    declared = import_module(cli_module(rules)).start_options
    return dict(inspect.signature(declared, eval_str=True).parameters)


def _every_option() -> dict[str, inspect.Parameter]:
    """The start options of every kind (an option two kinds share is declared by the first)."""
    from campaign.registry import PACKAGES

    every: dict[str, inspect.Parameter] = {}
    for rules in PACKAGES:
        every.update({n: p for n, p in start_options(rules).items() if n not in every})
    return every


def _new_base(
    ctx: typer.Context,
    name: Annotated[
        str, typer.Argument(metavar="NAME", help="The campaign's name, e.g. 'Spring 869'.")
    ],
    rules: Annotated[str, typer.Option("--rules", help="The kind of campaign.")],
    deadlines: Annotated[
        Optional[str],
        typer.Option(
            "--deadlines", help="Each step due this long after the last thing that happened: 14d."
        ),
    ] = None,
) -> None: ...


def new_command() -> typer.models.CommandInfo:
    """`campaign new NAME --rules KIND …`, taking the start options of every kind."""
    from campaign.registry import DEFAULT, PACKAGES

    base = list(inspect.signature(_new_base, eval_str=True).parameters.values())
    base[2] = base[2].replace(default=DEFAULT)
    parameters = [*base, *_every_option().values()]
    new.__signature__ = inspect.Signature(parameters)
    new.__annotations__ = {p.name: p.annotation for p in parameters}
    built = typer.Typer()
    registrar(built, "Every campaign")("new")(new)
    info = built.registered_commands[0]
    info.help = f"{new.__doc__} Kinds: {', '.join(PACKAGES)}."
    return info


BUILT = {"new": new_command}
