"""Every reader a witness (issue #30): the command line and the hub remember, per store and
campaign, the last checkpoint they verified (a log they checked and extended, a report they
gave, a pasted checkpoint that held), and refuse a log that does not extend it — events cut
from its end, a history rewritten, another campaign under the name they knew — with one
sentence naming both sizes and heads, where a hash chain alone would show the shorter log as
intact.

What a reader saw is kept in a file of its own, outside every store (an organiser who can edit
a store cannot edit it): `CAMPAIGN_WITNESS`, else `$XDG_STATE_HOME/campaign/witness.json`
(`~/.local/state/...`). One entry per store and campaign name; a campaign is also held to
every checkpoint of its origin, in whichever store it was seen (a store copied with its tail
cut). A store is known by its path and by an identity kept inside it (`Witness.identify`), so
that a copy at another path is the store the reader saw (issue #47)."""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from campaign.errors import CampaignError
from campaign.input import clock
from campaign.input.names import folded
from campaign.proof.checkpoint import Checkpoint

FORMAT = "campaign-witness/1"


class NotExtended(CampaignError):
    """A log that does not extend a checkpoint this reader saw."""


@dataclass(frozen=True)
class Seen:
    """A checkpoint a reader saw: in which store, under which name, and when it saw it."""

    store: str
    name: str
    origin: str
    size: int
    head: str
    time: str
    seen: str
    identity: str = ""
    """The store's identity, kept inside it (empty in what an earlier program wrote)."""


def reader_file() -> Path:
    chosen = os.environ.get("CAMPAIGN_WITNESS")
    if chosen:
        return Path(chosen)
    base = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    return base / "campaign" / "witness.json"


def store_of(db: str) -> str:
    """A store as a witness names it: a SQLite file's absolute path, a server's URL without its
    password."""
    if "://" in db:
        scheme, rest = db.split("://", 1)
        where = rest.rsplit("@", 1)
        if len(where) == 2:
            rest = where[0].split(":", 1)[0] + "@" + where[1]
        return f"{scheme}://{rest}"
    return db if db == ":memory:" else str(Path(db).resolve())


class Witness:
    """What one reader (this user, the hub) saw of the campaigns of one store."""

    _lock = threading.Lock()

    def __init__(self, path: Path, db: str) -> None:
        self.path, self.store = path, store_of(db)
        self._cache: tuple[tuple[int, int], list[Seen]] | None = None
        self._identity: Callable[[], str | None] = lambda: None
        self._known: str | None = None

    def identify(self, identity: Callable[[], str | None]) -> None:
        """How to read the store's identity, kept inside it (asked once it is needed, until the
        store has one): a copy of the store at another path has the same."""
        self._identity, self._known = identity, None

    def identity(self) -> str | None:
        if self._known is None:
            self._known = self._identity()
        return self._known

    def _same_store(self, seen: Seen) -> bool:
        return seen.store == self.store or bool(seen.identity) and seen.identity == self.identity()

    def entries(self) -> list[Seen]:
        """Everything this reader saw, of every store."""
        try:
            stat = self.path.stat()
        except OSError:
            return []
        stamp = (stat.st_mtime_ns, stat.st_size)
        if self._cache is not None and self._cache[0] == stamp:
            return self._cache[1]
        seen = _read(self.path)
        self._cache = (stamp, seen)
        return seen

    def of_store(self) -> list[Seen]:
        return [seen for seen in self.entries() if self._same_store(seen)]

    def check(
        self, name: str, origin: str, size: int, head_at: Callable[[int], str | None]
    ) -> None:
        """Refuse the log of `name` (origin, `size` events, `head_at` an event's head) unless it
        extends every checkpoint this reader saw of it."""
        for seen in self.entries():
            same_name = folded(seen.name) == folded(name) and self._same_store(seen)
            if seen.origin == origin:
                _extends(name, seen, size, head_at)
            elif same_name:
                raise NotExtended(
                    f"{name} is not the campaign this reader saw under that name on "
                    f"{_day(seen.seen)}: that one is {seen.origin}, this one {origin}; it was "
                    f"replaced by another log (campaign witness --forget -c {name!r} --yes "
                    "accepts it)."
                )

    def remember(self, name: str, point: Checkpoint) -> None:
        """Keep `point` as the latest this reader saw of `name` in this store (never one that is
        behind what it saw)."""
        now = clock.now().isoformat(timespec="seconds")
        fresh = Seen(
            self.store,
            name,
            point.origin,
            point.size,
            point.head,
            point.time,
            now,
            self.identity() or "",
        )
        with self._updating() as seen:
            for at, old in enumerate(seen):
                if old.origin == point.origin and self._same_store(old):
                    if old.size <= point.size:
                        seen[at] = fresh
                    return
            seen.append(fresh)

    def forget(self, name: str) -> list[Seen]:
        """Forget what this reader saw of `name` in this store (an organiser who restored a
        store from a backup, knowingly): returns what was forgotten."""
        with self._updating() as seen:
            gone = [s for s in seen if folded(s.name) == folded(name) and self._same_store(s)]
            seen[:] = [s for s in seen if s not in gone]
        return gone

    @contextlib.contextmanager
    def _updating(self) -> Iterator[list[Seen]]:
        """The entries, changed in place and written back whole (a new file put in the old
        one's place), one writer at a time, threads and processes alike."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._lock, open(self.path.with_suffix(".lock"), "a") as lock:
            with contextlib.suppress(ImportError):
                import fcntl

                fcntl.flock(lock, fcntl.LOCK_EX)
            seen = _read(self.path)
            yield seen
            document = {"format": FORMAT, "seen": [asdict(s) for s in seen]}
            written = self.path.with_suffix(f".{os.getpid()}.{threading.get_ident()}")
            written.write_text(json.dumps(document, indent=1, ensure_ascii=False), "utf-8")
            os.replace(written, self.path)
        self._cache = None


def _read(path: Path) -> list[Seen]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError, ValueError):
        raise CampaignError(
            f"{path}, where this reader keeps the checkpoints it saw, cannot be read: move it "
            "away (what it held is then forgotten)."
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise CampaignError(f"{path} is not a file of checkpoints seen ({FORMAT}).")
    try:
        return [Seen(**_typed(entry)) for entry in document.get("seen", [])]
    except (TypeError, ValueError):
        raise CampaignError(f"{path} holds an entry this program cannot read.") from None


def _typed(entry: Any) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise TypeError
    strings = ("store", "name", "origin", "head", "time", "seen")
    if not all(isinstance(entry.get(k), str) for k in strings):
        raise TypeError
    if not isinstance(entry.get("size"), int) or not isinstance(entry.get("identity", ""), str):
        raise TypeError
    return {k: entry[k] for k in (*strings, "size")} | {"identity": entry.get("identity", "")}


def _extends(name: str, seen: Seen, size: int, head_at: Callable[[int], str | None]) -> None:
    """The log of `name`, read with `size` events, extends `seen`: its event `seen.size` has
    that head. A log read just before another writer of the same store appended (and
    remembered) what it read is behind, not cut: `head_at` reads the store again beyond it."""
    now = head_at(seen.size)
    if now is None:
        raise NotExtended(
            f"The log of {name} holds {size} events (chain head {head_at(size)}), fewer than "
            f"the {seen.size} this reader saw on {_day(seen.seen)} (chain head {seen.head}): "
            "events were cut from its end."
        )
    if now != seen.head:
        raise NotExtended(
            f"Event {seen.size} of {name} now has chain head {now}, where this reader saw "
            f"{seen.head} on {_day(seen.seen)} (the log then held {seen.size} events; it holds "
            f"{max(size, seen.size)} or more): the log was rewritten."
        )


def _day(instant: str) -> str:
    try:
        return datetime.fromisoformat(instant).strftime("%d %b %Y")
    except ValueError:
        return "an earlier day"


def gave(witness: Witness | None, name: str, data: dict[str, Any]) -> None:
    """A report (or a history) given by this reader: its checkpoint is one it saw (#30)."""
    from campaign.proof.checkpoint import from_data

    kept = data.get("checkpoint")
    if kept is not None and witness is not None:
        witness.remember(name, from_data(kept))
