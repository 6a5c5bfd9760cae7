"""`campaign serve`: the campaigns of a store as web pages, and players acting from their own
links, through the same store and the same decisions as the command line.

Public pages read: the list of campaigns, each campaign's page (what is next, the deadline, the
map, the report of the step in hand, a "verified" badge from the hash chain), its log with undone
events struck through, each finished round's report with its Markdown and BBCode. A personal link
(`campaign invite`) opens a page where its player acts himself (the kind says what he may do:
`Kind.player_actions`) or an arbiter records a ruling; every form carries a one-time token bound
to the link (`Forms`: sent again, it records nothing), a recorded form is answered with a redirect
to the page (POST/redirect/GET), a form sent from another site is refused, and a refusal is the
command line's sentence, recording nothing. Pages are HTML escaped by Jinja2 throughout; nothing
is script, and the headers say so (`HEADERS`); personal pages are never cached.
"""

from __future__ import annotations

import contextlib
import json
from importlib import resources
from typing import Any
from urllib.parse import quote, urlsplit

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from campaign.domain import registry
from campaign.domain.shared_commands import latest_action, note, retracted
from campaign.errors import CampaignError
from campaign.input import text
from campaign.input.names import resolve
from campaign.proof.witness import Witness, reader_file
from campaign.service import use_cases
from campaign.service.reports import kept_report
from campaign.service.unit_of_work import Campaigns
from campaign.views.narrate import describe
from campaign.web import console, health, interactions
from campaign.web import since as last_here
from campaign.web.base import NO_LINK, Hub, Stores, kept_page, of, reading, with_store
from campaign.web.feeds import campaign_calendar, personal_calendar
from campaign.web.fields import composed, refilled
from campaign.web.forms import Forms, Refused, read_form
from campaign.web.guard import CONNECTIONS, GuardedH11, in_flight
from campaign.web.notifier import Notifier
from campaign.web.pages import (
    CONTACT_FORM,
    LOG_PAGE,
    Drawn,
    Page,
    actions,
    brief,
    campaign_values,
    standing,
    state_now,
    still_shown,
    whole,
)
from campaign.web.reports import history_page, report_feed, report_page

ROLES = ("player", "arbiter", "viewer", "organiser")


HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
        "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
"""Every page: no script, style or picture from elsewhere, never framed, never sniffed, and no
address (a personal link's secret) sent on to another site."""


@with_store
def index(request: Request, campaigns: Campaigns) -> Response:
    """Every campaign not archived: its name, rules, players and where it stands."""
    rows, views = [], campaigns.kept.briefs()
    for entry in campaigns.catalogue(archived=False):
        seen = views.get(entry.stream) or brief(campaigns, entry.name)
        rows.append(
            {
                "name": entry.name,
                "slug": quote(entry.name, safe="/"),
                "rules": entry.rules,
                "players": seen["players"],
                "summary": seen["summary"],
            }
        )
    return of(request).page("index.html", title="Campaigns", rows=rows)


def _shown_campaign(hub: Hub, page: Page) -> Response:
    """The campaign's page as kept, with its deadline's distance and who is away now."""
    drawn = page.values
    shown = _deadline(drawn["deadline"], drawn.get("zone"))
    away = tuple(_away(drawn.get("holidays", []), drawn.get("zone")))
    return hub.shown(page, "campaign.html", deadline=shown, away=away)


@kept_page(lambda request: "campaign", _shown_campaign)
def campaign_page(request: Request, campaigns: Campaigns, name: str) -> tuple[dict[str, Any], Any]:
    """What is next, the deadline, the map, the report of the step in hand, the badge."""
    kind, state, at, loaded = state_now(campaigns, name)
    events = at[0] if loaded is None else len(loaded.events)

    def reported(number: int | None) -> dict[str, Any]:
        return kept_report(campaigns, name, number, lambda: loaded or campaigns.refresh(name))

    values = campaign_values(name, kind, state, events, at is not None, reported)
    seen = campaigns.kept.view(name) or brief(campaigns, name)
    return values | {"zone": seen.get("zone"), "holidays": seen.get("holidays", [])}, at


@with_store
def log_page(request: Request, campaigns: Campaigns) -> Response:
    """The log a page at a time, newest first (`?before=N`: the page before event N), each page
    read alone while the stored view vouches for the log (issue #16); else the whole log is read
    and checked, the page cut from it and the view kept again."""
    name = campaigns.choose(request.path_params["name"])
    reading(request, name)
    before = whole(request.query_params.get("before", ""))
    shown, kind, intact, total = _log_page(campaigns, name, before)
    taken_back = retracted(shown)  # a retraction follows what it retracts
    rows = [
        {
            "seq": e.originator_version,
            "time": e.timestamp.strftime("%Y-%m-%d %H:%M"),
            "actor": e.actor,
            "text": describe(e, kind),
            "retracted": e.originator_version in taken_back,
        }
        for e in shown
    ]
    first, last = (rows[0]["seq"], rows[-1]["seq"]) if rows else (1, 0)
    return of(request).page(
        "log.html",
        title=f"{name}: the log",
        name=name,
        slug=quote(name, safe="/"),
        entries=rows[::-1],  # newest first, as a forum thread's readers look for them
        oldest=first,
        newest=last,
        total=total,
        earlier=first - 1 if first > 1 else None,
        later=last + LOG_PAGE + 1 if rows and last < total else None,
        chain_intact=intact,
    )


def _log_page(campaigns: Campaigns, name: str, before: int | None) -> tuple:
    """The events of one log page, the kind, whether the chain is intact, the log's length."""
    read = campaigns.kept.tail(name, LOG_PAGE, before)
    if read is not None:
        seen, shown = read
        return shown, registry.kind(campaigns.listing.rules(name)), True, seen["events"]
    loaded = campaigns.refresh(name)  # the view kept again for the next reader
    upto = [e for e in loaded.events if before is None or e.originator_version < before]
    return tuple(upto[-LOG_PAGE:]), loaded.kind, loaded.chain_break is None, len(loaded.events)


@with_store
def act(request: Request, campaigns: Campaigns) -> Response:
    """A personal link's page: what its person may do now, what he missed since he was last
    here, and what the hub last said; `?seen=N` (its "Seen" button) marks his page read up to
    event N and shows it again (a mark of his reading, idempotent: no form token, no log)."""
    token = request.path_params["token"]
    with campaigns.steady():  # drawn as one reading of the store
        granted = campaigns.links.access(token)
        if granted is not None:
            reading(request, granted[0])
        hub, upto = of(request), request.query_params.get(last_here.SEEN)
        if granted is not None and upto is not None:  # "Seen" pressed: marked, then shown
            said = last_here.seen(campaigns, granted, token, upto)
            told = hub.forms.tell(token, said, campaigns.secrets)
            return RedirectResponse(f"/a/{token}?told={told}", status_code=303)
        told = hub.forms.said(token, request.query_params.get("told", ""), campaigns.secrets)
        seen = None if granted is None else last_here.since(hub, campaigns, granted, token)
        return personal_page(hub, campaigns, token, told, since=seen)


def personal_page(
    hub: Hub,
    campaigns: Campaigns,
    token: str,
    message: str | None = None,
    refused: bool = False,
    status: int = 400,
    since: dict[str, Any] | None = None,
    typed: tuple[str, dict[str, str]] | None = None,
) -> Response:
    """The page of a personal link, with a fresh one-time form token (`Forms`), and what
    happened since its person was last here (`last_here.since`); after a refusal, the form sent
    drawn again with what was `typed` in it (its action, its values)."""
    granted = campaigns.links.access(token)
    if granted is None:
        return hub.refusal(NO_LINK, 403)
    name, role, player = granted
    drawn = hub.drawn.get(
        campaigns, name, f"act {role} {player}", lambda: _choices(campaigns, name, role, player)
    ).values
    offered, contact = _offered(drawn, role, typed, _organisers(campaigns, name, role, drawn))
    return hub.page(
        "act.html",
        status if refused else 200,
        title=f"{name}: {player or role}",
        name=name,
        slug=quote(name, safe="/"),
        who=player or "a visitor",
        role=role,
        token=token,
        csrf=hub.forms.issue(token, campaigns.secrets),
        actions=offered,
        **{k: drawn[k] for k in ("next_step", "lines", "history", "picture")},
        deadline=_deadline(drawn["due"], drawn["zone"]),
        contact=contact,
        since=since,
        message=message,
        refused=refused,
    )


def _organisers(
    campaigns: Campaigns, name: str, role: str, drawn: dict[str, Any]
) -> list[dict[str, Any]]:
    """An organiser's forms beside the log's rulings (`console.organiser_forms`: a holiday, a
    contact, the notices due, issue #50), among the people of the campaign now: drawn for each
    page, the links granted being kept beside the log, not in it."""
    if role != "organiser":
        return []
    return console.organiser_forms(drawn["players"], campaigns.secrets.unseal(name))


def _offered(
    drawn: dict[str, Any],
    role: str,
    typed: tuple[str, dict[str, str]] | None,
    own: list[dict[str, Any]] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The forms of a personal page — the organiser's `own` (`console.organiser_forms`) before
    his console's line —, and a player's form for his turn notices while a turn may still come
    to him (`_still_in`); the one sent and refused holding what was typed in it."""
    contact = [CONTACT_FORM] if role == "player" and drawn.get("still_in", True) else []
    lines = [a for a in drawn["actions"] if a["action"] == "command"]
    offered = [*(a for a in drawn["actions"] if a not in lines), *(own or []), *lines, *contact]
    if typed is not None:
        offered = refilled(offered, *typed)
    return (offered[:-1], offered[-1]) if contact else (offered, None)


def _deadline(due: str | None, zone: str | None = None) -> str | None:
    """The deadline of the step in hand as a person reads it, on the campaign's clock, how far
    off it is counted now."""
    from datetime import datetime

    from campaign.domain.deadlines import shown
    from campaign.input.clock import now

    return None if due is None else shown(datetime.fromisoformat(due), now(), zone)


def _away(holidays: list[dict[str, str]], zone: str | None) -> list[str]:
    """Who is on holiday now, and until when, on the campaign's clock."""
    from datetime import datetime

    from campaign.domain.deadlines import clock
    from campaign.input.clock import now

    moment = now()
    return [
        f"{h['player']} is away until {clock(datetime.fromisoformat(h['until']), zone)}"
        for h in holidays
        if datetime.fromisoformat(h["until"]) > moment
    ]


def _choices(campaigns: Campaigns, name: str, role: str, player: str | None) -> tuple:
    """What a link's person may do now, where he stands, what is next and by when; the last
    event they stand at."""
    kind, state, at, loaded = state_now(campaigns, name)
    offered = actions(kind, state, role, player)
    for action in offered:
        if action["action"] == "command":  # an undo from it names what it takes back
            latest = latest_action(standing(campaigns, name, kind, loaded))
            action["hidden"] = {} if latest is None else {"latest": str(latest)}
    mine = role == "player" and player
    still_in = bool(mine) and _still_in(kind, state, player)
    lines = kind.player_lines(state, player) if mine else []
    history = kind.player_history(state, player) if mine else []
    picture = kind.picture(state, name, None, player) if mine else None  # his own marked
    seen = campaigns.kept.view(name) or brief(campaigns, name)
    due, zone = seen.get("deadline"), seen.get("zone")
    shown = Markup(picture) if picture else None
    step = kind.next_step(state)
    drawn = dict(actions=offered, next_step=step, lines=lines, history=history, picture=shown)
    drawn["players"] = kind.players(state)  # the organiser's forms choose among them
    return {**drawn, "due": due, "zone": zone, "still_in": still_in}, at


def _still_in(kind: Any, state: Any, player: str) -> bool:
    """Whether a turn may still come to `player`: while his kind would let another player take
    his place (`Kind.check_leaving`), something is still to come for him; an eliminated player,
    or any player of a campaign over, has nothing left (issue #50: he kept the form for his
    turn notices)."""
    try:
        kind.check_leaving(state, player, "replaced")
    except CampaignError:
        return False
    return True


async def act_post(request: Request) -> Response:
    """A form sent from a personal link, read within bounds before anything else."""
    try:
        form = await read_form(request)
    except Refused as refused:
        return of(request).refusal(str(refused), refused.status)
    return await run_in_threadpool(record, request, form)


@with_store
def record(request: Request, campaigns: Campaigns, form: dict[str, str]) -> Response:
    """What a form records, once: refused in one sentence on the page, or recorded and answered
    with a redirect to the page (POST/redirect/GET: a refresh sends nothing again)."""
    hub, token, action = of(request), request.path_params["token"], request.path_params["action"]
    granted = campaigns.links.access(token)
    refusal = _refused(request, granted)
    if refusal:
        return hub.refusal(*refusal)
    try:
        nonce = hub.forms.claim(token, form.get("csrf", ""), campaigns.secrets)
    except Refused as refused:
        return personal_page(hub, campaigns, token, str(refused), True, refused.status)
    with hub.writers.writing(granted[0]):  # one form at a time per campaign, no page meanwhile
        said, recorded = decide(campaigns, granted, action, form)
    if recorded and hub.notifier is not None:
        hub.notifier.soon(granted[0])
    if not recorded:
        # nothing recorded: the same form may be sent again
        hub.forms.give_back(nonce, campaigns.secrets)
        typed = (action, form)  # drawn again as he filled it (#50)
        return personal_page(hub, campaigns, token, said, refused=True, typed=typed)
    told = hub.forms.tell(token, said, campaigns.secrets)
    return RedirectResponse(f"/a/{token}?told={told}", status_code=303)


def _refused(request: Request, granted: tuple | None) -> tuple[str, int] | None:
    """Why a form is refused before it is read: no such link, a viewer's, or another site's."""
    if granted is None:
        return NO_LINK, 403
    if granted[1] == "viewer":
        return "A viewer's link shows the campaign; it cannot act.", 403
    origin = request.headers.get("origin")
    # "null": what a browser sends under Referrer-Policy no-referrer; the token still binds
    if origin and origin != "null" and urlsplit(origin).netloc != request.headers.get("host"):
        return "A form sent from another site is refused.", 403
    return None


def decide(
    campaigns: Campaigns, granted: tuple, action: str, form: dict[str, str]
) -> tuple[str, bool]:
    """What a form records, decided as the command line decides it: what the hub says, and
    whether anything was recorded."""
    name, role, player = granted
    values = {k: v for k, v in form.items() if k != "csrf"}
    actor = player or role
    try:
        text.actor(actor)  # a link granted before names were checked as they are now
        if action == "command" and role in ("organiser", "arbiter"):
            latest = whole(values.get("latest", ""))
            said, refused = console.run(
                campaigns, name, actor, values.get("choice", ""), role, latest
            )
            return said, not refused
        if role == "organiser" and action in console.FORMS and not values.get("for"):
            said, refused = console.run_form(campaigns, name, actor, action, values)
            return said, not refused
        if action == "contact" and role == "player":
            return _contact(campaigns, name, player, values), True
        decision = _composing(campaigns, name, role, action, values, player)
        decision = _as_shown(decision, role, player, action, values)
        outcome = use_cases.perform(campaigns, use_cases.Act(name, decision, actor))
    except CampaignError as error:
        return str(error), False
    return _told(outcome), bool(outcome.recorded)


def _composing(
    campaigns: Campaigns,
    name: str,
    role: str,
    action: str,
    values: dict[str, str],
    player: str | None,
):
    """`_decision` on `values` as its kind reads them: the choices of the form sent, offered on
    the log it is decided on, composed into the line the kind's decision reads
    (`fields.composed`: choices ticked, rows of selects, what was typed beside them)."""

    def decided(log):
        offered = actions(log.kind, log.state, role, player)
        made = composed(offered, action, values)
        return _decision(campaigns, name, role, action, made, player)(log)

    return decided


def _as_shown(decision, role: str, player: str | None, action: str, values: dict[str, str]):
    """`decision`, made only while the page would show its form still (`pages.still_shown`),
    on the log it is decided on: a form confirms what its page showed, nothing since."""

    def as_shown(log):
        decided = decision(log)  # the kind's own refusal first: it says the rule
        still_shown(actions(log.kind, log.state, role, player), action, values)
        return decided

    return as_shown


def _decision(
    campaigns: Campaigns,
    name: str,
    role: str,
    action: str,
    values: dict[str, str],
    player: str | None,
):
    """A player's action (or the organiser's for him), an arbiter's ruling or note, as the
    decision the service records."""
    if role == "player":
        return lambda log: log.kind.player_decide(
            log.state, player, action, values, secrets=campaigns.secrets.unseal(name)
        )
    if action == "note" and role == "arbiter":
        return lambda log: note(values.get("choice", ""))
    if role == "arbiter":
        return lambda log: log.kind.arbiter_decide(log.state, action, values)
    if role == "organiser" and values.get("for"):

        def for_him(log):
            him = resolve("player", values["for"], log.kind.players(log.state))
            secrets = campaigns.secrets.unseal(name)
            return log.kind.player_decide(log.state, him, action, values, secrets=secrets)

        return for_him
    raise CampaignError(f"There is no action called {action!r} for an {role}.")


def _contact(campaigns: Campaigns, name: str, player: str, values: dict[str, str]) -> str:
    """A player's own contact, kept beside the log as `campaign contact` keeps it; refused to a
    player whom no turn may come to any more (`_still_in`)."""
    from campaign.input.names import folded
    from campaign.notify import notices

    kind, state, _, _ = state_now(campaigns, name)
    if not _still_in(kind, state, player):
        raise CampaignError(f"No turn is still to come for {player}: there is nothing to tell.")
    given = notices.contact(values.get("discord") or None, values.get("email") or None)
    if not given:
        raise CampaignError("Give your Discord user id, your e-mail address, or both.")
    kept = notices.contacts(campaigns.secrets.unseal(name)).get(folded(player), {})
    campaigns.secrets.keep(name, notices.CONTACT + folded(player), json.dumps({**kept, **given}))
    return f"Saved: you are told of your turns by {' and '.join(sorted(given))}."


def _told(outcome: use_cases.Outcome) -> str:
    """What the hub says of what a form recorded."""
    told = "; ".join(describe(e, outcome.after.kind) for e in outcome.recorded)
    unkept = (
        f" What is kept beside the log for its readers could not be written "
        f"({outcome.unkept.rstrip('.')}): the next reader reads the whole log instead."
        if outcome.unkept
        else ""
    )
    return f"Recorded: {told}.{unkept}"


ROUTES = [
    Route("/", index),
    Route("/c/{name:path}/deadlines.ics", campaign_calendar),
    Route("/c/{name:path}/feed.atom", report_feed),
    Route("/a/{token}/deadlines.ics", personal_calendar),
    Route("/c/{name:path}", campaign_page),
    Route("/log/{name:path}", log_page),
    Route("/report/{file}/{name:path}", report_page),
    Route("/history/{name:path}", history_page),
    Route("/a/{token}", act),
    Route("/a/{token}/{action}", act_post, methods=["POST"]),
    Route("/discord/interactions", interactions.endpoint, methods=["POST"]),
    Route("/healthz", health.healthz),
    Route("/readyz", health.readyz),
]


THREADS = 4
"""How many of a hub process's requests run in threads at once, the others waiting their turn
in the event loop (`serve --threads`): one thread runs Python at a time, and threads beside it
only take the interpreter from each other. Eight arbiters' notes at once on SQLite, 2026-12-03:
114, 107, 97 and 101 a second with 2, 4, 6 and 40 threads (anyio's default); on PostgreSQL,
whose threads wait for the server, 55 with 4 and 54 with 40."""


def hub(db: str, notify: bool = False, smtp: Any = None, threads: int = THREADS) -> Any:
    """The web application over the store `db` (a SQLite file or a PostgreSQL URL); with
    `notify`, the turn notices a form makes due are sent at once (its kept webhook, `smtp`); at
    most `threads` requests in threads at once."""
    folder = resources.files("campaign.web").joinpath("templates")
    templates = Environment(
        loader=FileSystemLoader(str(folder)), autoescape=select_autoescape(["html"])
    )
    notifier = Notifier(db, smtp) if notify else None
    witness = Witness(reader_file(), db)  # the hub a reader too: it refuses a log cut short
    stores = Stores(db, witness)
    app = Starlette(routes=ROUTES, lifespan=_closing(stores, threads))
    app.state.hub = Hub(db, templates, Forms(), Drawn(), notifier, witness, stores)
    return in_flight(secured(app))


def _closing(stores: Stores, threads: int) -> Any:
    """The hub's lifespan: at most `threads` requests run in threads at once (`THREADS`), and the
    stores its requests reused are closed when the server stops."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> Any:
        import anyio.to_thread

        anyio.to_thread.current_default_thread_limiter().total_tokens = threads
        yield
        stores.close()

    return lifespan


def secured(app: Any) -> Any:
    """The hub's pages with `HEADERS`; a personal page (`/a/…`) is never stored by a cache."""
    headers = [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
    personal = [*headers, (b"cache-control", b"no-store")]

    async def wrapped(scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await app(scope, receive, send)
        extra = personal if scope["path"].startswith("/a/") else headers

        async def sending(message: dict) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await app(scope, receive, sending)

    return wrapped


SERVER_LIMITS = dict(
    http=GuardedH11,
    limit_concurrency=CONNECTIONS,
    timeout_keep_alive=5,
    h11_max_incomplete_event_size=16 * 1024,
    timeout_graceful_shutdown=10,
    backlog=128,
)
"""uvicorn's bounds on what clients can hold (`campaign.web.guard`): each request 10 s to arrive
whole, 256 connections a client address, 4,096 a process, 64 requests worked on at once (more
answered 503 at once); an idle connection closed after 5 s, a request's line and headers at
most 16 KiB, 10 s to finish at shutdown."""


def served(app: Any, host: str, port: int, workers: int = 1) -> Any:
    """The uvicorn configuration `campaign serve` runs the hub with (`SERVER_LIMITS`): the app
    itself, or, for several processes, the import path of `from_environment`."""
    import uvicorn

    several = dict(factory=True, workers=workers) if workers > 1 else {}
    return uvicorn.Config(
        app, host=host, port=port, log_level="warning", **several, **SERVER_LIMITS
    )


HUB_DB, HUB_NOTIFY, HUB_THREADS = "CAMPAIGN_HUB_DB", "CAMPAIGN_HUB_NOTIFY", "CAMPAIGN_HUB_THREADS"
"""What `campaign serve --workers N` tells each of its processes: the store, whether the turn
notices a form makes due are sent (with the mail server of CAMPAIGN_SMTP and CAMPAIGN_SMTP_FROM,
as `serve --smtp` and `--from` read them), and how many requests run in threads at once."""


def from_environment() -> Any:
    """The hub of one of `campaign serve --workers N`'s processes (uvicorn starts each by this
    path), over the store the serving command named (`HUB_DB`). The processes share the store
    and nothing else: forms are spent in it (`Forms`), a write is decided on what the store
    holds and appended only if nothing was appended since (else decided again), and every page
    a process keeps in memory is served only while the log still ends where it was drawn."""
    import os

    from campaign.notify.mail import Smtp

    notify = os.environ.get(HUB_NOTIFY) == "1"
    smtp = os.environ.get("CAMPAIGN_SMTP")
    server = Smtp.parse(smtp, os.environ.get("CAMPAIGN_SMTP_FROM")) if notify and smtp else None
    return hub(os.environ[HUB_DB], notify, server, int(os.environ.get(HUB_THREADS) or THREADS))
