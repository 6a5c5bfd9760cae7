"""What every page of the hub shares: the `Hub` (its store, templates, forms, pages drawn,
notifier), the request's way to it (`of`), and `with_store`, which opens the store for a
request and turns a refusal into its sentence on a page."""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any

from jinja2 import Environment
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from campaign.errors import CampaignError, StoreError
from campaign.input.names import folded
from campaign.proof.witness import Witness
from campaign.service.unit_of_work import Campaigns
from campaign.store.database import STORE_FAILURES, first_line
from campaign.store.dialects import is_server
from campaign.web.forms import Forms
from campaign.web.notifier import Notifier
from campaign.web.pages import Drawn, Page

NO_LINK = "This link opens no campaign (it may have been revoked)."


class Stores:
    """The hub's open stores, reused request after request (issue #31): opening one costs a
    new connection, ~50 ms on a PostgreSQL server (eventsourcing's pool then keeps it), about 1 ms
    on SQLite. A request takes one (or opens one), which forgets what the last request read
    (`Campaigns.begin`), and gives it back after; one that failed is closed, never reused. At
    most `limit` are open at once (`LIMITS`: each holds a few of a server's connections, and
    thirty-two requests at once opened enough to be refused by PostgreSQL's hundred); a request
    beyond them waits `WAIT` seconds for one, then is told the hub is busy. `limit` 0: one
    store for each request, closed after it. A store kept is `long_lived` (issue #47):
    a server may drop its connections between two requests, and each is checked before use."""

    def __init__(self, db: str, witness: Witness | None = None, limit: int | None = None) -> None:
        self.db, self.witness = db, witness
        self.limit = LIMITS[is_server(db)] if limit is None else limit
        self.idle: list[Campaigns] = []
        self.opened = 0
        self.changed = threading.Condition()
        self.file: tuple[int, int] | None = None
        """The SQLite file the idle stores have open (its device and inode), while it is one."""

    def take(self, wait: bool = True) -> Campaigns | None:
        """An open store; None where none is free and `wait` is False."""
        if not is_server(self.db):
            now = _identity(self.db)
            if now != self.file:  # moved, deleted, replaced: opening it again says so
                self.close()
                self.file = now
        with self.changed:
            if self.limit and not self.changed.wait_for(self._free, WAIT if wait else 0):
                if not wait:
                    return None
                raise StoreError(BUSY)
            campaigns = self.idle.pop() if self.idle else None
            self.opened += campaigns is None
        if campaigns is None:
            try:
                # kept for the next request: its connections checked before use (#47)
                return Campaigns(self.db, True, self.witness, long_lived=bool(self.limit))
            except BaseException:
                self._forget()
                raise
        campaigns.begin()
        return campaigns

    def _free(self) -> bool:
        return bool(self.idle) or self.opened < self.limit

    def give(self, campaigns: Campaigns, failed: bool = False) -> None:
        with self.changed:
            if not failed and self.limit:
                self.idle.append(campaigns)
                self.changed.notify()
                return
        campaigns.close()
        self._forget()

    def _forget(self) -> None:
        """One open store fewer: a request waiting may open one."""
        with self.changed:
            self.opened = max(0, self.opened - 1)
            self.changed.notify()

    def close(self) -> None:
        with self.changed:
            idle, self.idle = self.idle, []
        for campaigns in idle:
            campaigns.close()
            self._forget()


LIMITS = {False: 16, True: 8}
"""The most stores a hub's process opens at once on a SQLite file, and on a PostgreSQL server
(each holds up to five of its connections: eventsourcing's pool and the writers' lock)."""
WAIT = 10.0
"""Seconds a request waits for an open store when all are in use."""
BUSY = "The hub is answering as many requests as its store allows: try again in a moment."


class Turns:
    """One campaign's turns within the hub: a form being recorded has it alone (`writing`);
    pages are drawn side by side (`reading`), never while a form is being recorded — between
    the append and the view, state and reports kept after it, a page would find them behind
    the log and read it whole. A form waiting goes before pages that come after it. Each end
    of a turn wakes only who may go now: the next form, or else every page waiting (waking all
    of them at every turn's end, to find most must wait again, cost eight arbiters' notes a
    tenth of their rate)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.readable = threading.Condition(self.lock)
        self.writable = threading.Condition(self.lock)
        self.readers, self.writer, self.waiting = 0, False, 0

    @contextmanager
    def reading(self) -> Iterator[None]:
        with self.lock:
            while self.writer or self.waiting:
                self.readable.wait()
            self.readers += 1
        try:
            yield
        finally:
            with self.lock:
                self.readers -= 1
                if not self.readers and self.waiting:
                    self.writable.notify()

    @contextmanager
    def writing(self) -> Iterator[None]:
        with self.lock:
            self.waiting += 1
            while self.writer or self.readers:
                self.writable.wait()
            self.waiting -= 1
            self.writer = True
        try:
            yield
        finally:
            with self.lock:
                self.writer = False
                if self.waiting:
                    self.writable.notify()
                else:
                    self.readable.notify_all()


class Writers:
    """One writer at a time per campaign within the hub (issue #31), and no page drawn while it
    writes (`Turns`): forms sent at once to one campaign take turns instead of racing to append
    and deciding again after each lost race (8 arbiters' notes at once: 18 notes/s on SQLite and
    6 on PostgreSQL, p99 1.5 s and 3.4 s, when they raced), and a page waits for the form being
    recorded to be kept beside the log (at 100,000 events, eight arbiters' pages and notes at
    once recorded 1.2 notes/s, pages reading the whole log, the server at 734 MiB). Writers in
    other processes still meet the store's optimistic check."""

    def __init__(self) -> None:
        self.lock, self.turns = threading.Lock(), {}

    def of(self, name: str) -> Turns:
        with self.lock:
            return self.turns.setdefault(folded(name), Turns())

    def writing(self, name: str) -> Any:
        return self.of(name).writing()

    def reading(self, name: str) -> Any:
        return self.of(name).reading()


@dataclass(frozen=True)
class Hub:
    """What every request of one served hub shares: its store, its page templates, the forms it
    handed out, the pages it drew."""

    db: str
    templates: Environment
    forms: Forms
    drawn: Drawn
    notifier: Notifier | None = None
    """Who sends the turn notices a form made due, if the hub sends them (`serve --notify`)."""
    witness: Witness | None = None
    """The checkpoints this hub saw (campaign.proof.witness): a log that does not extend them is
    refused, never shown."""
    stores: Stores | None = None
    """The stores its requests reuse (`with_store`); one for each request where None."""
    writers: Writers = field(default_factory=Writers)
    """Who is writing to which campaign now (`Writers`)."""

    def page(self, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        shown = self.templates.get_template(template).render(**values)
        return HTMLResponse(shown, status_code=status)

    def shown(self, page: Page, template: str, **now: Any) -> HTMLResponse:
        """A kept page (`Drawn`) with what it says of the moment it is shown (`now`: hashable
        values), rendered once for each such moment and sent as the bytes rendered."""
        key = (template, *sorted(now.items()))
        values = page.values
        body = page.body(key, lambda: self.templates.get_template(template).render(values, **now))
        return HTMLResponse(body)

    def refusal(self, sentence: str, status: int) -> HTMLResponse:
        return self.page("refused.html", status, title="Refused", sentence=sentence)


def _identity(db: str) -> tuple[int, int] | None:
    try:
        status = os.stat(db)
    except OSError:
        return None
    return (status.st_dev, status.st_ino) if stat.S_ISREG(status.st_mode) else None


def of(request: Request) -> Hub:
    return request.app.state.hub


def with_store(handler):
    """A page over the hub's store, opened for the request and closed after it; a refusal is its
    sentence on a page, with the status it earns."""

    def handle(request: Request, *more: Any) -> Response:
        hub = of(request)
        stores = hub.stores or Stores(hub.db, hub.witness, limit=0)
        try:
            campaigns = stores.take()
        except CampaignError as error:
            return hub.refusal(str(error), 503)
        failed, request.state.turns = True, ExitStack()
        try:
            answer = handler(request, campaigns, *more)
            failed = False
            return answer
        except CampaignError as error:
            failed = isinstance(error, StoreError)
            return hub.refusal(str(error), _status(error))
        except STORE_FAILURES as failure:  # the store broke while it was read
            sentence = f"The campaign store cannot be read now ({first_line(failure)})."
            return hub.refusal(sentence, 503)
        finally:
            request.state.turns.close()  # the campaign's turn (`reading`) given up
            stores.give(campaigns, failed)

    return handle


Shows = Callable[[Hub, Page], Response]
"""How a kept page is sent (`Hub.shown`, with what it says of the moment it is shown)."""
Draws = Callable[[Request, Campaigns, str], tuple[dict[str, Any], Any]]
"""How a kept page is drawn: its values and the log's last event it was drawn from."""


def kept_page(what: Callable[[Request], str], show: Shows) -> Callable[[Draws], Callable]:
    """A public page the hub keeps (`Drawn`), `what(request)` naming it: sent again from the
    event loop while the store's view vouches that the log still ends where it was drawn — one
    query, no thread, no catalogue read, nothing rendered (issue #31: a handler's thread alone
    halves what the server sends a second); else, in a thread (`with_store`), the campaign its
    address names is chosen, drawn in its reading turn by the function decorated (of the request,
    the store and the campaign's name), kept for the address and sent."""

    def decorate(draw: Draws) -> Callable:
        def drawn(request: Request, campaigns: Campaigns) -> Response:
            hub, typed, page_name = of(request), request.path_params["name"], what(request)
            name = campaigns.choose(typed)
            reading(request, name)
            page = hub.drawn.get(campaigns, name, page_name, lambda: draw(request, campaigns, name))
            hub.drawn.address(typed, page_name, campaigns.logs.stream(name), name, page)
            return show(hub, page)

        slowly = with_store(drawn)

        async def handle(request: Request) -> Response:
            page = await _again(request, what(request))
            if page is not None:
                return show(of(request), page)
            return await run_in_threadpool(slowly, request)

        handle.__doc__ = draw.__doc__
        return handle

    return decorate


async def _again(request: Request, what: str) -> Page | None:
    """The page `what` as kept for this address, while the log ends where it was drawn; None
    where anything is not so, a refusal included (the page is then drawn, and refused, in a
    thread). On a PostgreSQL server the one query is made in a thread too."""
    hub = of(request)
    if hub.stores is None:
        return None
    server = is_server(hub.db)

    def check() -> Page | None:
        try:  # on the event loop (SQLite) never waiting for a store: the thread waits
            campaigns = hub.stores.take(wait=server)
        except CampaignError:
            return None
        if campaigns is None:
            return None
        failed = True
        try:
            page = hub.drawn.again(campaigns, request.path_params["name"], what)
            failed = False
            return page
        except (CampaignError, *STORE_FAILURES):
            return None
        finally:
            hub.stores.give(campaigns, failed)

    return await run_in_threadpool(check) if server else check()


def reading(request: Request, name: str) -> None:
    """The page of this request is drawn in the campaign's reading turn (`Turns`), until it is
    answered (`with_store`): never while a form to it is being recorded and kept."""
    request.state.turns.enter_context(of(request).writers.reading(name))


def _status(error: CampaignError) -> int:
    if isinstance(error, StoreError):
        return 503
    return 404 if "no campaign called" in str(error) else 400
