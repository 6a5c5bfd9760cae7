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
import hashlib
import hmac
import io
import secrets
import shlex
import threading
from collections import OrderedDict
from collections.abc import Callable
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from campaign import registry, service, text
from campaign.app import STORE_FAILURES, Campaigns, finished, first_line
from campaign.common import latest_action, note, retracted
from campaign.errors import CampaignError, StoreError
from campaign.files import size
from campaign.text import TEXT_LIMIT
from campaign.views import formats
from campaign.views.narrate import describe
from campaign.views.reports import kept_report, report_data

ROLES = ("player", "arbiter", "viewer", "organiser")
SHARED_COMMANDS = (
    "note",
    "undo",
    "redo",
    "deadline",
    "replace-player",
    "rename-player",
    "withdraw",
    "tick",
)
"""What an organiser's link may run besides his kind's own commands: everything that records in
the campaign; nothing that reads or writes a file on the server, or another campaign."""
ARBITER_COMMANDS = ("note", "undo", "redo")
"""An arbiter's rulings in every kind: notes, undo and redo with a reason; his kind adds its own
(`Kind.arbiter_commands`: a result against the figures, a die corrected)."""
RUNNING = threading.Lock()
"""The command line writes to this process's standard output: one command at a time."""


LOG_PAGE = 200
"""The log page's events at a time (issue #16: a page costs the same at any length)."""
DRAWN = 64
"""How many pages drawn from a campaign's state the hub keeps in memory (`Drawn`)."""


class Drawn:
    """Pages drawn from a campaign's state (its page, a round's report, a player's own page), kept
    in this process under the log's last event they were drawn from — its number and hash — and
    served again while the store's view vouches that the log still ends there (issue #16: the
    next reader does not fold the whole log again). A hand edit of any event drops the view (its
    triggers), an event appended by hand leaves it behind the log: either way the page is drawn
    anew from the log. Only a page drawn from an intact chain is kept; never in the store (its map
    is markup)."""

    def __init__(self, limit: int = DRAWN) -> None:
        self.limit, self.pages, self.lock = limit, {}, threading.Lock()

    def get(self, campaigns: Campaigns, name: str, what: str, draw) -> dict[str, Any]:
        """The page `what` of campaign `name`: as kept, or `draw()`n → (values, at)."""
        seen = campaigns.recall(name)
        if seen is not None:
            with self.lock:
                kept = self.pages.get((name, what, seen["events"], seen["head"]))
            if kept is not None:
                return kept
        values, at = draw()
        self.keep(name, what, values, at)
        return values

    def keep(self, name: str, what: str, values: dict[str, Any], at: tuple | None) -> None:
        """Keep page `what` drawn from the log ending `at` (`drawn_at`), unless None."""
        if at is not None:
            key = (name, what, *at)
            with self.lock:
                self.pages[key] = values
                while len(self.pages) > self.limit:
                    del self.pages[next(iter(self.pages))]


FORM_BYTES = 64 * 1024
"""The most a form sent to the hub may hold, read before anything is parsed (a note is at most
2,000 characters; the organiser's console line too)."""
FORM_FIELDS = 32
PENDING_FORMS = 4096
"""Forms handed out and not yet sent that the hub remembers (`Forms`); older ones are out of
date."""
TOLD = 1024
"""What the hub said after a recorded form, kept for the page it redirects to (`Forms.tell`)."""
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


class Forms:
    """One-time forms. Each page drawn for a personal link carries a fresh form token: a nonce,
    and an HMAC binding it to the link under this server's key (a form made elsewhere, or before
    the server started, is refused). A form that recorded something has spent its token: sent
    again — a refresh, the back button, a double click, a replay — it records nothing. A refused
    form keeps its token (nothing was recorded; the person may correct and send it again)."""

    def __init__(self, limit: int = PENDING_FORMS) -> None:
        self.key, self.limit = secrets.token_bytes(32), limit
        self.pending: OrderedDict[str, None] = OrderedDict()
        self.told: OrderedDict[tuple[str, str], str] = OrderedDict()
        self.lock = threading.Lock()

    def _mac(self, token: str, nonce: str) -> str:
        return hmac.new(self.key, f"{token}|{nonce}".encode(), hashlib.sha256).hexdigest()

    def issue(self, token: str) -> str:
        nonce = secrets.token_hex(16)
        with self.lock:
            self.pending[nonce] = None
            while len(self.pending) > self.limit:
                self.pending.popitem(last=False)
        return f"{nonce}.{self._mac(token, nonce)}"

    def claim(self, token: str, sent: str) -> str:
        """The nonce of a form sent for `token`, taken so that no other sending of it records;
        refused in one sentence when the form is not this link's, or was spent or is too old."""
        nonce, _, mac = sent.partition(".")
        if not hmac.compare_digest(mac.encode(), self._mac(token, nonce).encode()):
            raise Refused("This form is out of date: open your link again.", 403)
        with self.lock:
            spent = nonce not in self.pending
            self.pending.pop(nonce, None)
            if spent:
                raise Refused(
                    "This form was sent already, or is too old: nothing more was recorded. "
                    "Your page shows the campaign as it stands.",
                    409,
                )
        return nonce

    def give_back(self, nonce: str) -> None:
        with self.lock:
            self.pending[nonce] = None

    def tell(self, token: str, message: str) -> str:
        """Keep what the hub said for the page a recorded form redirects to; its key."""
        said = secrets.token_urlsafe(8)
        with self.lock:
            self.told[(token, said)] = message
            while len(self.told) > TOLD:
                self.told.popitem(last=False)
        return said

    def said(self, token: str, said: str) -> str | None:
        with self.lock:
            return self.told.get((token, said))


class Refused(Exception):
    """A form refused before it reaches the campaign: its sentence and HTTP status."""

    def __init__(self, sentence: str, status: int) -> None:
        super().__init__(sentence)
        self.status = status


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


async def read_form(request: Request) -> dict[str, str]:
    """A form as sent (URL-encoded, as the hub's pages send it), refused before it is parsed
    when larger than `FORM_BYTES` or of more than `FORM_FIELDS` fields; the first value of
    each field."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > FORM_BYTES:
        raise Refused(f"A form sent to the hub is at most {size(FORM_BYTES)}.", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > FORM_BYTES:
            raise Refused(f"A form sent to the hub is at most {size(FORM_BYTES)}.", 413)
    try:
        fields = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=FORM_FIELDS)
    except (UnicodeDecodeError, ValueError):
        raise Refused("This form cannot be read: open your link again.", 400) from None
    return {name: values[0] for name, values in fields.items()}


def drawn_at(loaded: Any) -> tuple[int, str] | None:
    """The last event a page was drawn from (its number and hash), or None when the log's chain
    is broken: such a page is never kept."""
    return (len(loaded.events), loaded.events[-1].chain) if loaded.chain_break is None else None


def recent(campaigns: Campaigns, name: str, loaded: Any) -> tuple:
    """The log as read (`loaded`), or its last `LOG_PAGE` events read alone while the stored
    view vouches for it, else the whole log."""
    if loaded is not None:
        return loaded.events
    read = campaigns.tail(name, LOG_PAGE)
    return read[1] if read is not None else campaigns.load(name).events


def state_now(campaigns: Campaigns, name: str) -> tuple[Any, Any, tuple[int, str] | None, Any]:
    """The campaign's kind and state now, the last event they stand at (`drawn_at`), and the
    log they were folded from: as the last writer kept them beside the view, no log read (#16),
    the log then None; else from the whole log, read, checked and its view kept again."""
    kept = campaigns.recall_state(name)
    if kept is not None:
        seen, of, state = kept
        return of, state, (seen["events"], seen["head"]), None
    loaded = campaigns.refresh(name)
    return loaded.kind, loaded.state, drawn_at(loaded), loaded


SERVER_LIMITS = dict(
    limit_concurrency=64,
    timeout_keep_alive=5,
    h11_max_incomplete_event_size=16 * 1024,
    timeout_graceful_shutdown=10,
    backlog=128,
)
"""uvicorn's bounds on what one client can hold: 64 connections and requests at once (more are
answered 503), an idle connection closed after 5 s, a request's line and headers at most 16 KiB,
10 s to finish at shutdown."""


def served(app: Any, host: str, port: int) -> Any:
    """The uvicorn configuration `campaign serve` runs the hub with (`SERVER_LIMITS`)."""
    import uvicorn

    return uvicorn.Config(app, host=host, port=port, log_level="warning", **SERVER_LIMITS)


def hub(db: str) -> Starlette:
    """The web application over the store `db` (a SQLite file or a PostgreSQL URL)."""
    folder = resources.files("campaign.web").joinpath("templates")
    pages = Environment(
        loader=FileSystemLoader(str(folder)), autoescape=select_autoescape(["html"])
    )
    forms = Forms()
    drawn = Drawn()

    def page(template: str, status: int = 200, **values: Any) -> HTMLResponse:
        return HTMLResponse(pages.get_template(template).render(**values), status_code=status)

    def refusal(sentence: str, status: int) -> HTMLResponse:
        return page("refused.html", status, title="Refused", sentence=sentence)

    def with_store(handler):
        def handle(request: Request, *more: Any) -> Response:
            try:
                campaigns = Campaigns(db, existing=True)
            except CampaignError as error:
                return refusal(str(error), 503)
            try:
                return handler(request, campaigns, *more)
            except StoreError as error:
                return refusal(str(error), 503)
            except CampaignError as error:
                return refusal(str(error), 404 if "no campaign called" in str(error) else 400)
            except STORE_FAILURES as failure:  # the store broke while it was read
                return refusal(
                    f"The campaign store cannot be read now ({first_line(failure)}).", 503
                )
            finally:
                campaigns.close()

        return handle

    @with_store
    def index(request: Request, campaigns: Campaigns) -> Response:
        rows, views = [], campaigns.briefs()
        for entry in campaigns.catalogue(archived=False):
            seen = views.get(entry.stream) or _view(campaigns, entry.name)
            rows.append(
                {
                    "name": entry.name,
                    "slug": quote(entry.name, safe="/"),
                    "rules": entry.rules,
                    "players": seen["players"],
                    "summary": seen["summary"],
                }
            )
        return page("index.html", title="Campaigns", rows=rows)

    @with_store
    def campaign_page(request: Request, campaigns: Campaigns) -> Response:
        name = campaigns.choose(request.path_params["name"])

        def draw() -> tuple[dict[str, Any], Any]:
            of, state, at, loaded = state_now(campaigns, name)
            events = at[0] if loaded is None else len(loaded.events)

            def log() -> Any:
                return loaded or campaigns.refresh(name)

            def reported(number: int | None) -> dict[str, Any]:
                return kept_report(campaigns, name, number, log)

            return campaign_values(name, of, state, events, at is not None, reported), at

        return page("campaign.html", **drawn.get(campaigns, name, "campaign", draw))

    @with_store
    def log_page(request: Request, campaigns: Campaigns) -> Response:
        """The log a page at a time, newest page first (`?before=N`: the page before event N),
        each page read alone while the stored view vouches for the log (issue #16); else the
        whole log is read and checked, the page cut from it and the view kept again."""
        name = campaigns.choose(request.path_params["name"])
        before = whole(request.query_params.get("before", ""))
        read = campaigns.tail(name, LOG_PAGE, before)
        if read is None:
            loaded = campaigns.refresh(name)  # the view kept again for the next reader
            upto = [e for e in loaded.events if before is None or e.originator_version < before]
            shown, of = tuple(upto[-LOG_PAGE:]), loaded.kind
            intact, total = loaded.chain_break is None, len(loaded.events)
        else:
            seen, shown = read
            of, intact, total = registry.kind(campaigns.rules(name)), True, seen["events"]
        taken_back = retracted(shown)  # a retraction follows what it retracts
        rows = [
            {
                "seq": e.originator_version,
                "time": e.timestamp.strftime("%Y-%m-%d %H:%M"),
                "actor": e.actor,
                "text": describe(e, of),
                "retracted": e.originator_version in taken_back,
            }
            for e in shown
        ]
        first = rows[0]["seq"] if rows else 1
        return page(
            "log.html",
            title=f"{name}: the log",
            name=name,
            slug=quote(name, safe="/"),
            entries=rows[::-1],  # newest first, as a forum thread's readers look for them
            oldest=first,
            newest=rows[-1]["seq"] if rows else 0,
            total=total,
            earlier=first - 1 if first > 1 else None,
            later=rows[-1]["seq"] + LOG_PAGE + 1 if rows and rows[-1]["seq"] < total else None,
            chain_intact=intact,
        )

    @with_store
    def report_page(request: Request, campaigns: Campaigns) -> Response:
        name = campaigns.choose(request.path_params["name"])
        number, _, form = request.path_params["file"].partition(".")
        if whole(number) is None:
            raise CampaignError(f"There is no report called {request.path_params['file']!r}.")
        if form not in ("", "md", "bbcode"):
            raise CampaignError(f"A report is shown as a page, .md or .bbcode, not .{form}.")
        if form:  # text only: read beside the stored view while it vouches for the log
            data = kept_report(campaigns, name, int(number), lambda: campaigns.refresh(name))
            shown = formats.markdown_text if form == "md" else formats.bbcode
            return PlainTextResponse(shown(data))

        def draw() -> tuple[dict[str, Any], Any]:
            kept = campaigns.recall_state(name, int(number))  # kept by the last writer (#16)
            if kept is not None:
                seen, of, at_end = kept
                data = kept_report(campaigns, name, int(number), lambda: campaigns.refresh(name))
                at = seen["events"], seen["head"]
            else:
                loaded = campaigns.refresh(name)
                data, ended = report_data(name, loaded, int(number))
                of, at_end, at = ended.kind, ended.state, drawn_at(loaded)
            picture = of.picture(at_end, name, data.get("round"))
            values = dict(
                title=data["title"],
                report_title=data["title"],
                slug=quote(name, safe="/"),
                number=int(number),
                picture=Markup(picture) if picture else None,
                sections=data["sections"],
            )
            return values, at

        return page("report.html", **drawn.get(campaigns, name, f"report {int(number)}", draw))

    def act_page(
        campaigns: Campaigns,
        token: str,
        message: str | None = None,
        refused: bool = False,
        status: int = 400,
    ) -> Response:
        granted = campaigns.access(token)
        if granted is None:
            return refusal("This link opens no campaign (it may have been revoked).", 403)
        name, role, player = granted

        def draw() -> tuple[dict[str, Any], Any]:
            of, state, at, loaded = state_now(campaigns, name)
            actions = _actions(of, state, role, player)
            for action in actions:
                if action["action"] == "command":  # an undo from it names what it takes back
                    latest = latest_action(recent(campaigns, name, loaded), of)
                    action["hidden"] = {} if latest is None else {"latest": str(latest)}
            return dict(actions=actions, next_step=of.next_step(state)), at

        drawn_now = drawn.get(campaigns, name, f"act {role} {player}", draw)
        return page(
            "act.html",
            status if refused else 200,
            title=f"{name}: {player or role}",
            name=name,
            slug=quote(name, safe="/"),
            who=player or "a visitor",
            role=role,
            token=token,
            csrf=forms.issue(token),
            actions=drawn_now["actions"],
            next_step=drawn_now["next_step"],
            message=message,
            refused=refused,
        )

    @with_store
    def act(request: Request, campaigns: Campaigns) -> Response:
        token = request.path_params["token"]
        told = forms.said(token, request.query_params.get("told", ""))
        return act_page(campaigns, token, told)

    async def act_post(request: Request) -> Response:
        try:
            form = await read_form(request)
        except Refused as refused:
            return refusal(str(refused), refused.status)
        return await run_in_threadpool(record, request, form)

    @with_store
    def record(request: Request, campaigns: Campaigns, form: dict[str, str]) -> Response:
        token, action = request.path_params["token"], request.path_params["action"]
        granted = campaigns.access(token)
        if granted is None:
            return refusal("This link opens no campaign (it may have been revoked).", 403)
        if granted[1] == "viewer":
            return refusal("A viewer's link shows the campaign; it cannot act.", 403)
        origin = request.headers.get("origin")
        # "null": what a browser sends under Referrer-Policy no-referrer; the token still binds
        if origin and origin != "null" and urlsplit(origin).netloc != request.headers.get("host"):
            return refusal("A form sent from another site is refused.", 403)
        try:
            nonce = forms.claim(token, form.get("csrf", ""))
        except Refused as refused:
            return act_page(campaigns, token, str(refused), refused=True, status=refused.status)
        said, recorded = decide(campaigns, token, granted, action, form)
        if not recorded:
            forms.give_back(nonce)  # nothing recorded: the same form may be sent again
            return act_page(campaigns, token, said, refused=True)
        # POST/redirect/GET: a refresh of the page that follows sends nothing again
        return RedirectResponse(f"/a/{token}?told={forms.tell(token, said)}", status_code=303)

    def decide(
        campaigns: Campaigns, token: str, granted: tuple, action: str, form: dict[str, str]
    ) -> tuple[str, bool]:
        """What a form records, decided as the command line decides it: what the hub says, and
        whether anything was recorded."""
        name, role, player = granted
        values = {k: v for k, v in form.items() if k != "csrf"}
        choice = values.get("choice", "")
        actor = player or role
        try:
            text.actor(actor)  # a link granted before names were checked as they are now
            if role == "player":
                recorded = service.record(
                    campaigns,
                    name,
                    lambda log: log.kind.player_decide(log.state, player, action, values),
                    actor,
                )
            elif action == "note" and role == "arbiter":
                recorded = service.record(campaigns, name, lambda log: note(choice), actor)
            elif action == "command" and role in ("organiser", "arbiter"):
                latest = whole(values.get("latest", ""))
                said, refused = command_line(db, name, actor, choice, role, latest)
                return said, not refused
            else:
                raise CampaignError(f"There is no action called {action!r} for an {role}.")
        except CampaignError as error:
            return str(error), False
        loaded = campaigns.after or campaigns.load(name)
        if recorded and campaigns.after is not None:  # for the next readers, drawn once here
            after = campaigns.after
            drawn.keep(name, "campaign", values_of(name, after), drawn_at(after))
        told = "; ".join(describe(e, loaded.kind) for e in recorded)
        unkept = (
            f" What is kept beside the log for its readers could not be written "
            f"({campaigns.unkept.rstrip('.')}): the next reader reads the whole log instead."
            if recorded and campaigns.unkept
            else ""
        )
        return f"Recorded: {told}.{unkept}", bool(recorded)

    return secured(
        Starlette(
            routes=[
                Route("/", index),
                Route("/c/{name:path}", campaign_page),
                Route("/log/{name:path}", log_page),
                Route("/report/{file}/{name:path}", report_page),
                Route("/a/{token}", act),
                Route("/a/{token}/{action}", act_post, methods=["POST"]),
            ]
        )
    )


def command_line(
    db: str,
    name: str,
    actor: str,
    typed: str,
    role: str = "organiser",
    latest: int | None = None,
) -> tuple[str, bool]:
    """An organiser's (or an arbiter's) command, run as the command line runs it on this
    campaign: what it said, and whether it was refused. Only the commands that record in the
    campaign are taken; an arbiter's only those of his rulings. An `undo` takes back the action
    that was `latest` when the page was drawn, or nothing (`undo --expect`)."""
    from campaign.registry import cli_module

    if len(typed) > TEXT_LIMIT:
        return f"A command is at most {TEXT_LIMIT} characters long, not {len(typed)}.", True
    try:
        words = shlex.split(typed)
    except ValueError as error:
        return f"The command cannot be read: {error}.", True
    rules = Campaigns(db)
    try:
        of = rules.load(name).kind
    finally:
        rules.close()
    own = {
        info.name or info.callback.__name__.replace("_", "-")
        for info in _module(cli_module(of.rules)).commands.registered_commands
    }
    allowed_here = {*SHARED_COMMANDS, *own}
    if role == "arbiter":
        allowed_here &= {*ARBITER_COMMANDS, *of.arbiter_commands}
    elsewhere = [w for w in words if w.startswith(("-c", "--campaign", "--db", "--actor"))]
    if not words or words[0] not in allowed_here or elsewhere:
        allowed = ", ".join(sorted(allowed_here))
        return (
            f"From the hub an {role} runs the campaign's commands, on this campaign and as "
            f"himself: {allowed}.",
            True,
        )
    if words[0] == "undo" and latest is not None and "--expect" not in words:
        words += ["--expect", str(latest)]
    import cli

    out, err = io.StringIO(), io.StringIO()
    with RUNNING, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.run(["--db", db, "--actor", actor, "-c", name, *words])
    said = " ".join((err.getvalue() if status else out.getvalue()).split())
    return said or "Done.", status != 0


NUMBER_DIGITS = 9
"""Digits of a number in a hub address (an event, a round): more is no event nor round there is."""


def whole(typed: str) -> int | None:
    """A whole number typed in an address, in ASCII digits and at most `NUMBER_DIGITS` of them
    (`str.isdigit` takes superscripts and other scripts' digits, which `int` then refuses, and
    `int` refuses more than 4,300 digits), else None."""
    if typed.isascii() and typed.isdigit() and len(typed) <= NUMBER_DIGITS:
        return int(typed)
    return None


def _module(name: str):
    from importlib import import_module

    return import_module(name)


def campaign_values(
    name: str, of: Any, state: Any, events: int, intact: bool, report: Callable[[int | None], Any]
) -> dict[str, Any]:
    """What the campaign's page shows: what is next, the deadline, the map, the report of the
    step in hand (`report(number)`'s data), the chain's badge."""
    ended = finished(of, state)
    data = report(_in_hand(of, state, ended))
    picture = of.picture(state, name, None)
    return dict(
        title=name,
        name=name,
        slug=quote(name, safe="/"),
        kind_title=of.title,
        chain_intact=intact,
        events=events,
        finished=ended,
        period=of.period,
        next_step=of.next_step(state),
        deadline=data.get("deadline"),
        picture=Markup(picture) if picture else None,
        sections=[*of.page_sections(state), *data["sections"]],
    )


def values_of(name: str, loaded: Any) -> dict[str, Any]:
    """The campaign's page drawn from its whole log."""
    return campaign_values(
        name,
        loaded.kind,
        loaded.state,
        len(loaded.events),
        loaded.chain_break is None,
        lambda number: report_data(name, loaded, number)[0],
    )


def _view(campaigns: Campaigns, name: str) -> dict[str, Any]:
    from campaign.readmodel import view

    return view(campaigns.refresh(name))  # an out-of-date view kept again for the next reader


def _in_hand(of: Any, state: Any, ended: list[int]) -> int | None:
    """The report a campaign's page shows: the step in hand, or the last when all are over."""
    if of.period_over(state, len(ended) + 1):
        return ended[-1] if ended else None
    try:
        of.report(None, state, len(ended) + 1, [], state)
    except CampaignError:
        return ended[-1] if ended else None
    except Exception:  # noqa: BLE001 - a kind's report of a step not begun: show the last
        return ended[-1] if ended else None
    return len(ended) + 1


def _actions(of: Any, state: Any, role: str, player: str | None) -> list[dict[str, Any]]:
    if role == "player" and player:
        return of.player_actions(state, player)
    if role == "arbiter":
        return [
            {"action": "note", "label": "A ruling or note for the log", "choices": None},
            {
                "action": "command",
                "label": "A ruling as on the command line ("
                + ", ".join(["undo --reason …", *of.arbiter_commands])
                + ")",
                "choices": None,
                "button": "Run",
            },
        ]
    if role == "organiser":
        example = f" (e.g. {of.console_example})" if of.console_example else ""
        return [
            {
                "action": "command",
                "label": f"A command, as on the command line{example}",
                "choices": None,
                "button": "Run",
            }
        ]
    return []
