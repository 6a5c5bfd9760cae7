"""The end of each log a long-lived process read last, remembered (issue #31): the hub reads the
round in progress after every form and a page of the log's last events for every personal page,
and the events it gains since are all it reads again. A window is one stretch of a log's events,
the last it read or appended, at most `LONGEST` of them; what is asked of it is served from it
only while the event it ends with is the log's (its chain as the caller read it, or one row
read again): a log removed and begun again under the same name links none of its events as the
old one did."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from campaign.proof.checkpoint import origin_of
from campaign.store.memory import latest
from campaign.store.rows import ALONE
from events.common import CampaignEvent

LONGEST = ALONE
"""The most events a window holds (as many as `campaign.store.rows` remembers decoded)."""
LOGS = 8
"""How many logs' windows a process remembers: the campaigns its writers extend."""

Read = Callable[[int, int], tuple[CampaignEvent, ...]]
"""Events `after` + 1 to `upto` of one log, read from the store."""


@dataclass(frozen=True)
class Window:
    start: int
    """The number of the event before its first."""
    events: tuple[CampaignEvent, ...]

    @property
    def end(self) -> int:
        return self.start + len(self.events)

    def part(self, after: int, upto: int) -> tuple[CampaignEvent, ...]:
        return self.events[after - self.start : upto - self.start]


_windows: dict[tuple[str, uuid.UUID], Window] = {}
_appended: dict[tuple[str, uuid.UUID], tuple[CampaignEvent, ...]] = {}
"""The events this process appended last to each log."""
_firsts: dict[tuple[str, uuid.UUID], CampaignEvent] = {}
"""Each log's first event, as read last."""
_lock = threading.Lock()


def stretch(
    log: tuple[str, uuid.UUID], after: int, upto: int, head: str | None, read: Read
) -> tuple[CampaignEvent, ...]:
    """Events `after` + 1 to `upto` of `log` (its store, its stream), from its window where the
    window holds them and still ends as the log does there: as the caller read event `upto`
    (`head`, its chain), else as one row read again says; the rows past the window read and
    joined to it where they link to its last event; else read, the window begun again."""
    if upto <= after:
        return ()
    window = _windows.get(log)
    if window is not None and window.start <= after and upto <= window.end:
        wanted = window.part(after, upto)
        if head is None:
            again = read(upto - 1, upto)
            head = again[0].chain if again else None
        if wanted[-1].chain == head:
            return wanted
    elif window is not None and window.events and window.start <= after <= window.end < upto:
        more = read(window.end - 1, upto)
        if more and more[0].chain == window.events[-1].chain:
            joined = Window(window.start, window.events + more[1:])
            _keep(log, joined)
            return joined.part(after, upto)
    got = read(after, upto)
    _keep(log, Window(after, got))
    return got


def first(log: tuple[str, uuid.UUID], origin: str | None, read: Read) -> tuple[CampaignEvent, ...]:
    """The first event of `log`, as read last where it is the campaign's whose identity is
    `origin` (a view's, `checkpoint.origin_of`), else read."""
    known = _firsts.get(log)
    if known is not None and origin is not None and origin_of(known) == origin:
        return (known,)
    got = read(0, 1)
    if got:
        with _lock:
            latest(_firsts, log, got[0], LOGS)
    return got


def appended(log: tuple[str, uuid.UUID], new: Sequence[CampaignEvent]) -> None:
    """Events this process just appended to `log`: the window that ends where they begin, now
    or once read (the writer reads the log as it was before them), goes on with them."""
    if not new:
        return
    with _lock:
        latest(_appended, log, tuple(new), LOGS)
    window = _windows.get(log)
    if window is not None:
        _keep(log, window)


def forget(log: tuple[str, uuid.UUID]) -> None:
    """A log removed: nothing of it remembered (a campaign begun again under its name is read
    anew; its events' chains would tell it apart anyway)."""
    with _lock:
        for kept in (_windows, _appended, _firsts):
            kept.pop(log, None)


def _keep(log: tuple[str, uuid.UUID], window: Window) -> None:
    """The window remembered (none of no event), its first events forgotten beyond `LONGEST`;
    the log's the most recent, the last forgotten."""
    if not window.events:
        return
    new = _appended.get(log, ())
    if new and window.end == new[0].originator_version - 1:
        window = Window(window.start, window.events + new)
    if len(window.events) > LONGEST:
        cut = len(window.events) - LONGEST
        window = Window(window.start + cut, window.events[cut:])
    with _lock:
        latest(_windows, log, window, LOGS)
