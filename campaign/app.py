"""The application: load a campaign's stream, decide, append atomically.

One eventsourcing `Application` holds every campaign of a store, one stream
each, addressed by a uuid5 of the campaign's name (users never see it).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import random
import shutil
import sqlite3
import time
import uuid
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from pathlib import Path
from typing import Any

import orjson
from eventsourcing.application import Application
from eventsourcing.persistence import (
    IntegrityError,
    Mapper,
    MapperDeserialisationError,
    PersistenceError,
    StoredEvent,
)

from campaign import beside, bound, chain, dice, files, readmodel, text
from campaign.catalogue import TOPICS, Entry, catalogued, decoded, encoded
from campaign.chain import campaign_id
from campaign.common import current_name, retracted
from campaign.drafts import AUTOMATIC_ACTOR, Draft
from campaign.errors import CampaignError, StoreError
from campaign.kind import Kind
from campaign.names import folded, resolve
from campaign.registry import kind
from campaign.stored import Row, decode, read_log, whole
from events import event_class
from events.common import (
    ActionsRestored,
    ActionsRetracted,
    CampaignEvent,
    CampaignStarted,
    PlayerRenamed,
    PlayerReplaced,
)

SECRETS = beside.SECRETS
CATALOGUE_ROW = "catalogue"
"""The kept catalogue's name as its seal binds it (campaign.bound)."""
ACCESS = "access:"
"""Labels `access:<SHA-256 of a personal link's secret>`: the role and player it opens."""
SECRETS_COLUMNS = "(stream TEXT, label TEXT, secret TEXT, PRIMARY KEY (stream, label))"
"""Where the store keeps the dice secrets of campaigns (campaign.dice): beside the log, never in
it."""
RACE_BUDGET = 20.0
"""Seconds a command keeps deciding again while other organisers append to the same campaign."""


class ForeignEvent(StoreError):
    """A stored event of a kind this program does not know: never turned into an object."""


class TrustedMapper(Mapper):
    """Turns stored events back into objects only for this program's own topics:
    eventsourcing would otherwise import whatever module a stored topic names."""

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        if event_class(stored_event.topic) is None:
            raise ForeignEvent(
                "The store holds an event of a kind this program does not know "
                f"({stored_event.topic!r})."
            )
        return super().to_domain_event(stored_event)


class EventStore(Application):
    name = "Campaigns"

    def construct_mapper(self) -> Mapper:
        return TrustedMapper(transcoder=self.construct_transcoder())


@dataclass(frozen=True)
class Loaded:
    """A campaign as read from the store: its kind, every event (retracted ones too) and the state
    they give."""

    kind: Kind
    events: tuple[CampaignEvent, ...]
    state: Any
    links: tuple[str, ...] | None = field(default=None, repr=False, compare=False)
    """Each event's link in the hash chain as computed when the log was read, if it was read
    from the store (campaign.stored); else computed when first asked."""

    @property
    def started(self) -> CampaignStarted:
        return self.events[0]

    @cached_property
    def chain_break(self) -> tuple[int, str] | None:
        return chain.first_break(self.events, self.links)

    @cached_property
    def round_ends(self) -> RoundEnds:
        """Where each round (or scenario) ended, from one fold of the log however many reports
        ask (`round_end`)."""
        return RoundEnds(self.kind, self.events)

    @property
    def chain_break_known(self) -> tuple[int, str] | None:
        """The chain's first break if it was already looked for (a write always looks first),
        else None: never computed just to be asked."""
        return self.__dict__.get("chain_break")


class RoundEnds:
    """A campaign as it stood as each round (or scenario) ended, folded once and only as far as
    asked: a report of round 1 reads a log damaged later, as it always did. It holds the log's
    kind and events, not the `Loaded` that keeps it: no reference cycle keeps a long log in
    memory until the garbage collector's next full pass (a pause of ~35 ms at 100,000 events,
    in the hub, at whichever request it fell on)."""

    def __init__(self, of: Kind, events: tuple[CampaignEvent, ...]) -> None:
        self.of, self.events, self.ends = of, events, []
        self.taken_back = retracted(events)
        self.state, self.next = of.start(events[0]), 1
        """The state after the events before `next` (the event to fold next)."""

    def at(self, number: int) -> Loaded | None:
        """The campaign as round `number` ended, or None if it has not ended."""
        of, events = self.of, self.events
        while len(self.ends) < number and self.next < len(events):
            event = events[self.next]
            if event.originator_version not in self.taken_back:
                self.state = apply(of, self.state, event)
            self.next += 1  # only once folded: a refusal is raised again if asked again
            while of.period_over(self.state, len(self.ends) + 1):
                self.ends.append(Loaded(of, events[: event.originator_version], self.state))
        return self.ends[number - 1] if 1 <= number <= len(self.ends) else None


class InconsistentLog(StoreError):
    """An event that does not fit the events before it: the log was altered."""

    def __init__(self, seq: int) -> None:
        self.seq = seq
        super().__init__(
            f"Event {seq} does not fit the events before it: the log was altered; run 'campaign "
            "verify'."
        )


def fold(loaded_kind: Kind, events: Sequence[CampaignEvent]) -> Any:
    """The state the events give, leaving out those retracted."""
    taken_back = retracted(events)
    state = loaded_kind.start(events[0])
    for event in events[1:]:
        if event.originator_version not in taken_back:
            state = apply(loaded_kind, state, event)
    return state


def apply(loaded_kind: Kind, state: Any, event: CampaignEvent) -> Any:
    """One event onto the state; an event that cannot apply means the log was altered."""
    try:
        return loaded_kind.apply(state, event)
    except (AttributeError, KeyError, TypeError, ValueError, StopIteration):
        raise InconsistentLog(event.originator_version) from None


def tolerant_fold(
    loaded_kind: Kind, events: Sequence[CampaignEvent], links: Sequence[str] | None = None
) -> Any:
    """As `fold`; on a tampered log, the state of the events before the first broken link."""
    try:
        return fold(loaded_kind, events)
    except InconsistentLog:
        broken = chain.first_break(events, links)
        if broken is None or broken[0] < 2:
            raise
        return fold(loaded_kind, events[: broken[0] - 1])


STORE_FAILURES = (PersistenceError, sqlite3.Error, OSError)
"""What a store that breaks under a reader raises (the database's driver through eventsourcing,
SQLite itself, the file system); a server's driver's errors are eventsourcing's."""


class Campaigns:
    """The store of campaigns: the only object the command line talks to."""

    def __init__(self, db: str, existing: bool = False) -> None:
        """The store `db` (a SQLite file or a PostgreSQL URL), made where missing unless it must
        be an `existing` one (the hub serves a store; it never makes an empty one in its
        place)."""
        self.db, self.unwritable, self.held = db, None, None
        """Why the store can be read but not written (read-only media, a full disk), or None."""
        if beside.is_server(db):
            env = beside.postgres_env(db)
            self.dialect: beside.Dialect = beside.Postgres(env["POSTGRES_SCHEMA"])
            self.store = open_server(db, env)
        else:
            if existing and db != ":memory:" and not Path(db).exists():
                raise StoreError(f"The campaign store {db} is gone (moved or deleted).")
            check_store_file(db)
            self.dialect = beside.SQLite()
            try:
                self.store = EventStore(env=_env(db))
            except (PersistenceError, sqlite3.Error) as exc:
                self.store = self._read_only(db, exc)
            if db != ":memory:":
                files.hold(db)
                self.held = db
        self.after: Loaded | None = None
        """The campaign as the last command recorded it, for what that command says next."""
        self._key: bytes | None = None
        """The key binding what is kept beside the log to it (`_binding`), once read."""
        self.altered: set[str] = set()
        """The kept rows read whose seal did not hold (campaign.bound): edited by hand."""
        self.unkept: str | None = None
        """Why what is kept beside the log (a view, a report, a state) could not be written the
        last time it was tried, if it could not: the log holds what was recorded, and the next
        reader folds it."""
        self._entries: list[Entry] | None = None
        """The catalogue as last read; forgotten whenever this object writes."""
        self._named: dict[str, Entry] = {}
        """The same entries by folded name (made with `_entries`)."""

    def close(self) -> None:
        if self.held is not None:
            files.release(self.held)
            self.held = None
        try:
            self.store.close()
        except Exception:  # noqa: BLE001 - closing never turns a done command into a failure
            pass

    def _read_only(self, db: str, failure: Exception) -> EventStore:
        """A store that cannot be opened for writing is opened to be read (read-only media, a
        full disk): every read works; a write is refused saying why."""
        why = describe_failure(db, failure)
        if db == ":memory:" or not Path(db).is_file():
            raise StoreError(f"Cannot open the campaign store {db}: {why}.")
        try:
            store = EventStore(env=_env(read_only_uri(db)))
        except (PersistenceError, sqlite3.Error):
            raise StoreError(f"Cannot open the campaign store {db}: {why}.") from None
        self.unwritable = why
        return store

    def check_writable(self) -> None:
        if self.unwritable:
            raise StoreError(
                f"The campaign store {self.db} can be read but not written ({self.unwritable})."
            )

    def catalogue(self, archived: bool = True) -> list[Entry]:
        """Every campaign of the store under its current name, in the order they were started
        (the archived ones too, unless `archived` is False): the catalogue kept beside the log
        while it is current, else folded from the events and kept again (campaign.catalogue)."""
        if self._entries is None:
            kept = self._kept_catalogue()
            entries = None if kept is None else decoded(kept)
            if entries is None:
                entries, stamp = self._folded_catalogue()
                self._keep_catalogue(entries, stamp)
            self._entries = entries
            self._named = {folded(e.name): e for e in reversed(self._entries)}
        return [e for e in self._entries if archived or not e.archived]

    def _folded_catalogue(self) -> tuple[list[Entry], tuple[int, int]]:
        """The catalogue folded from its events, and how many they were and the last's number."""
        notifications = self._guard(
            lambda: self.store.recorder.select_notifications(1, 10_000_000, topics=TOPICS)
        )
        entries: dict[uuid.UUID, Entry] = {}
        for event in map(self._read_alone, notifications):
            catalogued(entries, event)
        last = max((n.id for n in notifications), default=0)
        return list(entries.values()), (len(notifications), last)

    def _kept_catalogue(self) -> str | None:
        """The catalogue kept beside the log, as kept (`catalogue.decoded` reads it), while it is
        current: folded from the events the store holds now, by this program. Else None."""
        sql = self.dialect

        def read() -> list[tuple]:
            with self.store.recorder.datastore.transaction(commit=False) as cursor:
                if not sql.exists(cursor, beside.NAMES):
                    return []
                statement = beside.kept_catalogue(sql, sql.table(beside.NAMES), len(TOPICS))
                cursor.execute(statement, (readmodel.program(), *TOPICS, *TOPICS))
                return beside.rows(cursor.fetchall())

        found = self._guard(read)
        if not found:
            return None
        events, last, body = found[0]
        return self._unbound(CATALOGUE_ROW, f"{events}/{last}", body)

    def _keep_catalogue(self, entries: list[Entry], stamp: tuple[int, int]) -> None:
        """Keep the catalogue just folded, with how many events it was folded from and the last
        one's number; apart from any append, and left unkept when the store cannot be written
        (the next reader folds it again)."""
        names = self.dialect.table(beside.NAMES)
        triggers = self.dialect.names_triggers(names, TOPICS)
        key = self._binding(create=True)
        if key is None:
            return
        body = bound.bound(key, CATALOGUE_ROW, "{}/{}".format(*stamp), encoded(entries))
        row = (1, *stamp, readmodel.program(), body)
        self._keep_beside(beside.NAMES, beside.NAMES_COLUMNS, triggers, "id", [row])

    def check_catalogue(self) -> str:
        """The kept catalogue against its events (`verify`): `current`, `altered` (kept for the
        events the store holds, yet not what they give), or `missing or out of date`; unless
        current, it is kept again, folded from the events."""
        entries, stamp = self._folded_catalogue()
        kept = self._kept_catalogue()
        if kept is not None and decoded(kept) == entries:
            return "current"
        self._keep_catalogue(entries, stamp)
        self._entries = None
        edited = kept is not None or CATALOGUE_ROW in self.altered
        return "altered" if edited else "missing or out of date"

    def _entry(self, name: str) -> Entry | None:
        """The catalogue's entry of the campaign called `name` now (the first started of two
        that folded names confuse), found by its folded name, not by a walk of the catalogue."""
        self.catalogue()
        return self._named.get(folded(name))

    def choose(self, name: str | None) -> str:
        """The campaign a command means: the one named, or the only one in the store."""
        if name is not None:
            return resolve("campaign", name, [e.name for e in self.catalogue()])
        names = [e.name for e in self.catalogue(archived=False)]
        if len(names) == 1:
            return names[0]
        if not names and self.catalogue():
            raise CampaignError(
                "Every campaign of the store is archived (list --all shows them): choose one "
                "with -c NAME."
            )
        if not names:
            raise CampaignError("The store holds no campaign yet: start one with 'campaign new'.")
        raise CampaignError(
            f"The store holds {len(names)} campaigns ({', '.join(names)}): choose one with "
            "-c NAME, or make one current with campaign use NAME."
        )

    def stream(self, name: str) -> uuid.UUID:
        """The stream of the campaign called `name` now (renamed campaigns keep their stream)."""
        entry = self._entry(name)
        return entry.stream if entry else campaign_id(name)

    def load(self, name: str, as_of: int | None = None) -> Loaded:
        """The campaign, or its first `as_of` events (time travel)."""
        stream = self.stream(name)
        events, links = read_log(
            stream, self._rows(stream), lambda row: self._decode(StoredEvent(stream, *row))
        )
        if not events:
            raise CampaignError(f"There is no campaign called {name!r}.")
        if as_of is not None:
            events, links = first(events, as_of), links[:as_of]
        return log_state(events, links)

    def at_round_end(self, name: str, number: int) -> Loaded:
        """The campaign as it stood when round (or scenario) `number` ended."""
        return round_end(self.load(name), number)

    def start(
        self, started: dict[str, Any], then: Callable[[Any], list[Draft]], actor: str
    ) -> list[CampaignEvent]:
        """Record a new campaign's first event and whatever `then` decides on its initial state."""
        new_kind = kind(started["rules"])
        name = text.name(started["name"], "the campaign's name")
        started = {
            **started,
            "name": name,
            "players": text.persons(started["players"], "a player's name"),
        }
        self.check_name_free(name)
        first = self.stamp(
            new_kind, campaign_id(name), chain.GENESIS, 1, Draft(CampaignStarted, started), actor
        )
        empty = Loaded(new_kind, (first,), new_kind.start(first))
        try:
            return self._save(empty, then(empty.state), actor, [first])
        except IntegrityError:
            raise CampaignError(
                f"A campaign called {name!r} was created by someone else a moment ago."
            ) from None

    def check_name_free(self, name: str) -> None:
        """A new name is neither a campaign's name now nor the name a campaign started under."""
        for entry in self.catalogue():
            if folded(entry.name) == folded(name):
                raise CampaignError(f"A campaign called {name!r} already exists in this store.")
            if entry.stream == campaign_id(name):
                raise CampaignError(
                    f"{name!r} is the name {entry.name} started under; choose another."
                )

    def delete(self, name: str) -> int:
        """Remove a campaign's whole log from the store (the one thing that is not appended);
        returns how many events went."""
        self.check_writable()
        stream, count = self.stream(name), len(self.load(name).events)
        self._entries = None

        sql, mark = self.dialect, self.dialect.mark

        def remove() -> None:
            with self.store.recorder.datastore.transaction(commit=True) as cursor:
                cursor.execute(
                    f"DELETE FROM {sql.events} WHERE originator_id = {mark}", (sql.stream(stream),)
                )
                cursor.execute(f"CREATE TABLE IF NOT EXISTS {sql.table(SECRETS)} {SECRETS_COLUMNS}")
                cursor.execute(
                    f"DELETE FROM {sql.table(SECRETS)} WHERE stream = {mark}", (stream.hex,)
                )

        self._guard(remove)
        self.catalogue()  # the triggers forgot the kept one: kept again without this campaign
        return count

    def seal(
        self, name: str, labels: Sequence[str], given: dict[str, str] | None = None
    ) -> dict[str, str]:
        """The secrets (`labels` → hex) the store keeps for the campaign that `name` starts, drawn
        now, or `given` (a fork keeps its original's) — never in the log, which is public. Two
        organisers creating the same campaign at once get the same secrets: the first stored
        stay."""
        self.check_writable()
        stream = campaign_id(text.name(name, "the campaign's name")).hex
        drawn = {label: (given or {}).get(label) or dice.fresh_secret() for label in labels}

        self._keep_secrets(stream, drawn, replace=False)
        return self._secrets(stream)

    def _keep_secrets(self, stream: str, kept: dict[str, str], replace: bool) -> None:
        """Rows of the secrets table (made when missing): `label` → value for `stream`, replacing
        what was kept under a label, or, not `replace`, leaving the first kept."""
        sql = self.dialect
        insert = sql.insert(sql.table(SECRETS), 3, replace=replace, key="stream, label")

        def write() -> None:
            with self.store.recorder.datastore.transaction(commit=True) as cursor:
                cursor.execute(f"CREATE TABLE IF NOT EXISTS {sql.table(SECRETS)} {SECRETS_COLUMNS}")
                cursor.executemany(insert, [(stream, k, v) for k, v in kept.items()])

        self._guard(write)

    def keep(self, name: str, label: str, value: str) -> None:
        """Keep `value` under `label` for campaign `name`, beside the log (a webhook URL, how far
        a post got), replacing what was kept there."""
        self.check_writable()
        self._keep_secrets(self.stream(name).hex, {label: value}, replace=True)

    def keep_all(self, name: str, kept: dict[str, str]) -> None:
        """Keep each value under its label for campaign `name`, beside the log, at once."""
        self.check_writable()
        self._keep_secrets(self.stream(name).hex, kept, replace=True)

    def remember(self, loaded: Loaded) -> None:
        """Keep the campaign's view (campaign.readmodel) for `list` and `status`, after the
        append and apart from it: when it cannot be written (a read-only store, another writer
        holding the file), the view is left behind the log, which `recall` sees, and nothing
        recorded is lost."""
        if self.unwritable or loaded.chain_break_known is not None:
            return
        stream = loaded.started.originator_id.hex
        version, head = len(loaded.events), loaded.events[-1].chain
        key = self._binding(create=True)
        if key is None:
            return
        seen = readmodel.view(loaded)
        picked = [seen["program"], seen["summary"], seen["players"]]
        seen["brief_seal"] = bound.brief_seal(key, stream, head, picked)
        body = bound.bound(key, stream, head, json.dumps(seen, separators=(",", ":")))

        sql = self.dialect
        views = sql.table(readmodel.VIEWS)
        from campaign import snapshot  # msgspec: imported by what writes or reads a state alone

        kept_state = snapshot.kept(loaded.kind, loaded.state)
        state = (
            f"{stream}/state",
            version,
            head,
            bound.bound(key, f"{stream}/state", head, kept_state),
        )
        row = (stream, version, head, body)
        # what was kept beside an earlier view is never read again: dropped with it
        stale = f"DELETE FROM {views} WHERE stream LIKE {sql.mark} AND head <> {sql.mark}"
        dropped = (stale, (f"{stream}/%", head))
        rows = [row, state]
        self._keep_beside(
            readmodel.VIEWS, readmodel.COLUMNS, sql.triggers(views), "stream", rows, dropped
        )

    def _keep_beside(
        self,
        table: str,
        columns: str,
        triggers: list[str],
        key: str,
        rows: list[tuple],
        dropped: tuple[str, tuple] | None = None,
    ) -> None:
        """Write `rows` into a table kept beside the log (made, with its triggers, when missing),
        each replacing the row of the same `key`, after the `dropped` statement (with its
        parameters), apart from any append: when another writer holds the store nothing is
        kept, and its readers fold the log again instead; nor on a store that cannot be
        written."""
        if self.unwritable:
            return
        sql = self.dialect
        named = sql.table(table)

        def write() -> None:
            with self.store.recorder.datastore.transaction(commit=True) as cursor:
                if not sql.exists(cursor, table):
                    cursor.execute(f"CREATE TABLE IF NOT EXISTS {named} {columns}")
                    for trigger in triggers:
                        cursor.execute(trigger)
                if isinstance(sql, beside.SQLite):  # a store made before the index: made now
                    for index in sql.indexes():
                        cursor.execute(index)
                if dropped is not None:
                    cursor.execute(*dropped)
                for row in rows:
                    cursor.execute(sql.insert(named, len(row), replace=True, key=key), row)

        try:
            self._guard(write)
        except StoreError as failure:
            self.unkept = str(failure)

    def keep_view(self, loaded: Loaded) -> None:
        """A read found the stored view out of date (built by another version of the program,
        or left behind by a busy store): keep it again from the log just read, so that the next
        reader does not replay — unless the log was tampered with, which status must keep
        saying."""
        if loaded.chain_break is None:
            self.remember(loaded)

    def refresh(self, name: str) -> Loaded:
        """The campaign read and folded, its view kept again (`keep_view`)."""
        loaded = self.load(name)
        self.keep_view(loaded)
        return loaded

    def rules(self, name: str) -> str:
        """The rules the campaign called `name` now is played by."""
        entry = self._entry(name)
        if entry is None:
            raise CampaignError(f"There is no campaign called {name!r}.")
        return entry.rules

    def tail(
        self, name: str, limit: int, before: int | None = None
    ) -> tuple[dict[str, Any], tuple[CampaignEvent, ...]] | None:
        """The campaign's stored view and its last `limit` events (those numbered below `before`,
        when given), read alone — only while the view matches the log's last event (so the whole
        log was checked when the view was kept, and no hand edit has touched it since), and no
        further than the view's last event, whatever a writer appended since; None otherwise,
        and the caller reads the whole log."""
        seen = self.recall(name)
        if seen is None:
            return None
        stream = self.stream(name)
        upto = seen["events"] if before is None else min(before - 1, seen["events"])
        stored = self._guard(
            lambda: self.store.events.recorder.select_events(
                stream, lte=upto, desc=True, limit=limit
            )
        )
        return seen, tuple(self._read_alone(s) for s in reversed(stored))

    def recall(self, name: str) -> dict[str, Any] | None:
        """The campaign's stored view if it was built from the log as it stands (its last event's
        number and hash), else None: then the log is read and folded as usual."""
        stream = self.stream(name)
        return self._current_views(stream).get(stream)

    def briefs(self) -> dict[uuid.UUID, dict[str, Any]]:
        """What `list` and the hub's index show of every campaign (its summary and players), from
        each stored view that vouches for its log as it stands (as `recall`), read in one query:
        campaigns whose view is missing or behind are absent."""
        return self._current_views(brief=True)

    def _current_views(
        self, stream: uuid.UUID | None = None, brief: bool = False
    ) -> dict[uuid.UUID, dict[str, Any]]:
        """The stored views (of `stream` alone, when given; only their `brief`, when asked) kept
        at their log's last event: its number (`beside.current_views`) and its hash, here."""
        sql = self.dialect
        picked = brief and sql.brief("v.body") is not None

        def read() -> list[tuple]:
            with self.store.recorder.datastore.transaction(commit=False) as cursor:
                if not sql.exists(cursor, readmodel.VIEWS):
                    return []
                one = stream is not None
                cursor.execute(
                    beside.current_views(sql, sql.table(readmodel.VIEWS), one, brief),
                    (stream.hex,) if one else (),
                )
                return beside.rows(cursor.fetchall())

        found, key = {}, self._binding()
        for kept, head, body, state in self._guard(read):
            try:
                last = orjson.loads(blob(state))
                current = isinstance(last, dict) and last.get("chain") == head
            except orjson.JSONDecodeError:
                current = False
            if not current:
                continue
            if picked:
                values = readmodel.picked_brief(body)
                holds = values is not None and key is not None
                holds = holds and bound.brief_seal(key, kept, head, values[0]) == values[1]
                seen = readmodel.briefed(values[0]) if holds else None
            else:
                seen = readmodel.readable(self._unbound(kept, head, body))
            if seen is not None:
                found[uuid.UUID(kept)] = readmodel.brief(seen) if brief else seen
        return found

    def _binding(self, create: bool = False) -> bytes | None:
        """The key that binds what is kept beside the log to it (campaign.bound), kept in the
        store's secrets; made by the first writer that keeps anything (`create`). None where the
        store has none: nothing kept is trusted then."""
        if self._key is None:
            found = self._key_kept()
            if found is None and create and not self.unwritable:
                fresh = {bound.KEY_LABEL: dice.fresh_secret()}
                self._keep_secrets(bound.KEY_STREAM, fresh, replace=False)  # the first stays
                found = self._key_kept()
            self._key = found
        return self._key

    def _key_kept(self) -> bytes | None:
        kept = dict(self._secrets(bound.KEY_STREAM)).get(bound.KEY_LABEL)
        try:
            return bytes.fromhex(kept) if kept else None
        except ValueError:
            return None

    def _unbound(self, row: str, head: str, body: object) -> str | None:
        """A kept row's body, if its seal holds (campaign.bound); else None, and the row is
        named `altered` when it carries a seal that does not hold (not merely none)."""
        text = bound.unbound(self._binding(), row, head, body)
        if text is None and bound.sealed(body):
            self.altered.add(row)
        return text

    def recall_state(
        self, name: str, number: int | None = None
    ) -> tuple[dict[str, Any], Kind, Any] | None:
        """The campaign's stored view, its kind and its state as kept beside the view
        (campaign.snapshot) — now, or as round `number` ended (`keep_state`) — while the view
        vouches for the log and the state was kept with it; else None: the caller folds."""
        seen = self.recall(name)
        if seen is None:
            return None
        stream = self.stream(name)
        row = f"{stream.hex}/state" + ("" if number is None else f"/{number}")
        found = self._select(readmodel.VIEWS, "head, body", "stream", row)
        if not found or found[0][0] != seen["head"]:
            return None
        body = self._unbound(row, found[0][0], found[0][1])
        if body is None:
            return None
        of = kind(self.rules(name))
        first = self._guard(lambda: self.store.events.recorder.select_events(stream, lte=1))
        if not first:
            return None
        from campaign import snapshot

        state = snapshot.read(of, body, of.start(self._read_alone(first[0])))
        return None if state is None else (seen, of, state)

    def kept_state_verdict(self, name: str, state: Any) -> str:
        """The state kept beside the campaign's current view against `state` (verify's replay):
        `current`, `altered` (its seal or its value not the log's), `unreadable` (sealed, yet
        not a state of this kind this program reads), or `missing`."""
        if self.recall(name) is None:
            return "missing"
        row = f"{self.stream(name).hex}/state"
        if not self._select(readmodel.VIEWS, "head", "stream", row):
            return "missing"
        kept = self.recall_state(name)
        if kept is not None:
            return "current" if kept[2] == state else "altered"
        return "altered" if row in self.altered else "unreadable"

    def kept_state_holds(self, name: str, state: Any, number: int | None = None) -> bool:
        """The state kept beside the campaign's current view (now, or as round `number` ended)
        is `state` (verify's replay)."""
        kept = self.recall_state(name, number)
        return kept is not None and kept[2] == state

    def kept_round_ends(self, name: str) -> list[int]:
        """The rounds whose state at their end is kept beside the current view."""
        return sorted(map(int, self._kept_with_view(name, f"{self.stream(name).hex}/state/")))

    def recall_report(self, name: str, key: str) -> dict[str, Any] | None:
        """A report's data kept beside the stored view (`keep_report`), only while the view
        vouches for the log and the report was kept under that same view."""
        seen = self.recall(name)
        if seen is None:
            return None
        row = self._report_row(name, key)
        found = self._select(readmodel.VIEWS, "head, body", "stream", row)
        if not found or found[0][0] != seen["head"]:
            return None
        body = self._unbound(row, found[0][0], found[0][1])
        return None if body is None else readmodel.readable_report(body)

    def keep_report(self, name: str, key: str, data: dict[str, Any], built_from: Loaded) -> None:
        """Keep a report's data beside the stored view it was read under, in a row of its own (a
        long report must not slow the view that `status` and `list` read), for the next reader;
        nothing when the view no longer matches the log the report was built from (another
        organiser appended since), and a busy store keeps nothing rather than wait."""
        body = json.dumps(
            {"program": readmodel.program(), "data": data}, separators=(",", ":"), default=str
        )
        self._keep_with_view(name, self._report_row(name, key), body, built_from)

    def keep_state(self, name: str, number: int, at_end: Loaded, built_from: Loaded) -> None:
        """Keep the state as round `number` ended beside the stored view it was read under (the
        writer's, after an append: the round a report of it draws its map from), as a report
        is kept (`keep_report`)."""
        row = f"{self.stream(name).hex}/state/{number}"
        from campaign import snapshot

        body = snapshot.kept(at_end.kind, at_end.state)
        self._keep_with_view(name, row, body, built_from)

    def _keep_with_view(self, name: str, key: str, body: str, built_from: Loaded) -> None:
        """A row kept beside the stored view, under its last event, when the view is the one of
        the log `built_from` (else nothing: another organiser appended since)."""
        seen = self.recall(name)
        if seen is None or (seen["events"], seen["head"]) != (
            len(built_from.events),
            built_from.events[-1].chain,
        ):
            return
        binding = self._binding(create=True)
        if binding is None:
            return
        row = (key, seen["events"], seen["head"], bound.bound(binding, key, seen["head"], body))
        triggers = self.dialect.triggers(self.dialect.table(readmodel.VIEWS))
        self._keep_beside(readmodel.VIEWS, readmodel.COLUMNS, triggers, "stream", [row])

    def kept_reports(self, name: str) -> dict[str, Any]:
        """Every report kept under the campaign's current view: key → its stored text."""
        return self._kept_with_view(name, self._report_row(name, ""))

    def _kept_with_view(self, name: str, prefix: str) -> dict[str, str]:
        """The rows kept beside the campaign's current view (`_keep_with_view`) whose key starts
        with `prefix`: the rest of the key → the stored text."""
        seen = self.recall(name)
        if seen is None:
            return {}
        rows = self._select(readmodel.VIEWS, "stream, head, body", "stream", prefix, like=True)
        return {
            stream[len(prefix) :]: self._unbound(stream, head, body)
            for stream, head, body in rows
            if head == seen["head"]
        }

    def forget_kept(self, name: str) -> None:
        """Every report and state kept beside the campaign's view is dropped (verify found one
        altered); nothing on a store that cannot be written (they are never read while the view
        is not the log's, and verify says so)."""
        if self.unwritable:
            return
        sql, prefix = self.dialect, f"{self.stream(name).hex}/"

        def write() -> None:
            with self.store.recorder.datastore.transaction(commit=True) as cursor:
                if sql.exists(cursor, readmodel.VIEWS):
                    cursor.execute(
                        f"DELETE FROM {sql.table(readmodel.VIEWS)} WHERE stream LIKE {sql.mark}",
                        (prefix + "%",),
                    )

        self._guard(write)

    def _report_row(self, name: str, key: str) -> str:
        return f"{self.stream(name).hex}/report/{key}"

    def grant(self, name: str, token: str, role: str, player: str | None) -> None:
        """A personal link's access to campaign `name`, kept as the SHA-256 of its secret (never
        the secret, never in the log)."""
        value = json.dumps({"role": role, "player": player})
        self.keep(name, ACCESS + hashlib.sha256(token.encode()).hexdigest(), value)

    def access(self, token: str) -> tuple[str, str, str | None] | None:
        """The campaign, role and player a personal link opens, or None (unknown, revoked)."""
        label = ACCESS + hashlib.sha256(token.encode()).hexdigest()
        for stream, value in self._select(SECRETS, "stream, secret", "label", label):
            granted = _granted(value)
            entry = next((e for e in self.catalogue() if e.stream.hex == stream), None)
            if granted and entry:
                return entry.name, granted["role"], granted["player"]
        return None

    def revoke(self, name: str, player: str) -> int:
        """Every personal link of `player` (named as everywhere: case and spacing aside) to
        campaign `name` stops working; how many did."""
        return self._relink(name, player, None)

    def _relink(self, name: str, player: str, renamed: str | None) -> int:
        """Every personal link of `player` to campaign `name` opens as `renamed` from now on, or
        (None) no longer opens; how many did."""
        changed = 0
        for label, value in self.unseal(name).items():
            granted = _granted(value)
            if not label.startswith(ACCESS) or granted is None:
                continue
            if granted["player"] is not None and folded(granted["player"]) == folded(player):
                kept = "" if renamed is None else json.dumps({**granted, "player": renamed})
                self.keep(name, label, kept)
                changed += 1
        return changed

    def _links_follow(self, name: str, new: Sequence[CampaignEvent]) -> None:
        """A link follows its person: a replaced player's links end, a renamed one's open under
        the new name."""
        for event in new:
            if isinstance(event, PlayerReplaced):
                self.revoke(name, event.player)
            elif isinstance(event, PlayerRenamed):
                self._relink(name, event.player, event.to)

    def unseal(self, name: str) -> dict[str, str]:
        """The secrets the store keeps for campaign `name` (none for an imported campaign: they
        stayed with the store it was created in)."""
        return self._secrets(self.stream(name).hex)

    def unseal_stream(self, stream: uuid.UUID) -> dict[str, str]:
        return self._secrets(stream.hex)

    def _secrets(self, stream: str) -> dict[str, str]:
        return dict(self._select(SECRETS, "label, secret", "stream", stream))

    def _select(
        self, table: str, columns: str, where: str, value: str, like: bool = False
    ) -> list[tuple]:
        """Rows of a table kept beside the log (none while it does not exist yet) whose `where`
        is `value`, or, `like`, starts with it."""
        sql = self.dialect
        test, value = ("LIKE", value + "%") if like else ("=", value)

        def read() -> list[tuple]:
            with self.store.recorder.datastore.transaction(commit=False) as cursor:
                if not sql.exists(cursor, table):
                    return []
                cursor.execute(
                    f"SELECT {columns} FROM {sql.table(table)} WHERE {where} {test} {sql.mark}",
                    (value,),
                )
                return beside.rows(cursor.fetchall())

        return self._guard(read)

    def act(
        self, name: str, decide: Callable[[Any], list[Draft]], actor: str
    ) -> list[CampaignEvent]:
        """Load → decide on the state → append, re-deciding if another process appended first."""
        return self.act_on_log(name, lambda loaded: decide(loaded.state), actor)

    def act_on_log(
        self,
        name: str,
        decide: Callable[[Loaded], list[Draft]],
        actor: str,
        again: bool = True,
        when: datetime | None = None,
    ) -> list[CampaignEvent]:
        """Load → decide → append. When another organiser appended first, decide again on the new
        log (with backoff, within RACE_BUDGET seconds) — unless `again` is False: a decision about
        the log itself (undo) must not be re-aimed at what someone else just recorded. `when`
        stamps the events (a tick at a given moment); by default, now."""
        deadline = time.monotonic() + RACE_BUDGET
        for attempt in itertools.count():
            loaded = self.load(name)
            if loaded.chain_break:
                raise StoreError(
                    "Nothing can be recorded: the log has been tampered with "
                    f"({loaded.chain_break[1]}); "
                    "run 'campaign verify'."
                )
            try:
                return self._save(loaded, decide(loaded), actor, when=when)
            except IntegrityError:
                if not again:
                    raise CampaignError(
                        f"Someone recorded an event after event {len(loaded.events)} while this "
                        "command was decided, so nothing was done: look at the log and try again."
                    ) from None
                if time.monotonic() > deadline:
                    break
                time.sleep(min(0.5, 0.01 * 2**attempt) * (0.5 + random.random()))
        raise CampaignError(
            "The campaign kept changing under this command (another organiser is recording); try "
            "again."
        )

    def record(self, events: Sequence[CampaignEvent]) -> None:
        """Append events already stamped and checked (an import or a fork) in one write."""
        self.check_writable()
        self._entries = None
        try:
            self._guard(lambda: self.store.save(*events), conflicts=True)
        except IntegrityError:
            raise CampaignError(
                "Another organiser created that campaign at the same moment; nothing was imported."
            ) from None
        self._catalogued(events)

    def _save(
        self,
        loaded: Loaded,
        drafts: list[Draft],
        actor: str,
        head: list | None = None,
        when: datetime | None = None,
    ) -> list[CampaignEvent]:
        self.check_writable()
        self._entries = None
        new = self.settle(loaded, drafts, actor, head or [], when)
        self._guard(lambda: self.store.save(*new), conflicts=True)
        self.after = self._extended(loaded, new, len(head or []))
        self.beside_the_log(lambda: self.remember(self.after))
        self.beside_the_log(lambda: self._catalogued(new))
        if any(isinstance(e, (PlayerReplaced, PlayerRenamed)) for e in new):
            name = current_name(self.after.events)
            self.beside_the_log(
                lambda: self._links_follow(name, new),
                "the personal links did not follow the player: run campaign revoke",
            )
        return new

    def beside_the_log(self, keep: Callable[[], None], consequence: str = "") -> None:
        """Keep something beside the log after an append. The append stands whatever happens
        here: a store that fails now (a dropped connection, a busy file) leaves `unkept` saying
        why, for the command to say it recorded and what was not kept."""
        try:
            keep()
        except StoreError as failure:
            said = first_line(failure)
            self.unkept = f"{said}; {consequence}" if consequence else said

    def _catalogued(self, new: Sequence[CampaignEvent]) -> None:
        """After an append of a start, a new name or an archiving, the catalogue is folded and
        kept again by its writer, not by the next reader."""
        if any(event.TOPIC in TOPICS for event in new):
            self.catalogue()

    @staticmethod
    def _extended(loaded: Loaded, new: list[CampaignEvent], skip: int) -> Loaded:
        """`loaded` with the events just recorded (an undo or redo changes what counts: fold)."""
        events = loaded.events + tuple(new[skip:])
        # the links read with the log, and the new events' own: stamped here, each is its link
        links = None if loaded.links is None else loaded.links + tuple(e.chain for e in new[skip:])
        if any(isinstance(e, (ActionsRetracted, ActionsRestored)) for e in new):
            return Loaded(loaded.kind, events, fold(loaded.kind, events), links)
        state = loaded.state
        for event in new[skip:]:
            state = loaded.kind.apply(state, event)
        return Loaded(loaded.kind, events, state, links)

    def settle(
        self,
        loaded: Loaded,
        drafts: list[Draft],
        actor: str,
        head: list[CampaignEvent],
        when: datetime | None = None,
    ) -> list[CampaignEvent]:
        """Stamp the decided events, then the consequences the rules force, until none is left."""
        state, new = loaded.state, list(head)
        previous, version = chain.head(loaded.events), len(loaded.events)
        pending = list(drafts)
        for _ in range(10_000):
            if not pending:
                pending = loaded.kind.consequences(state)
                if not pending:
                    return new
            version += 1
            event = self.stamp(
                loaded.kind,
                loaded.started.originator_id,
                previous,
                version,
                pending.pop(0),
                actor,
                when,
            )
            state, previous = loaded.kind.apply(state, event), event.chain
            new.append(event)
        raise CampaignError("The rules did not settle; please report this campaign.")

    @staticmethod
    def stamp(
        of: Kind,
        originator: uuid.UUID,
        previous: str,
        version: int,
        draft: Draft,
        actor: str,
        when: datetime | None = None,
    ) -> CampaignEvent:
        """The event for a draft: numbered, timed, signed by its actor, and linked into the
        chain."""
        when = when or CampaignEvent.create_timestamp()
        actor = AUTOMATIC_ACTOR if draft.automatic else actor
        link = chain.link(
            previous, version, draft.kind.TOPIC, when, actor, of.rules_version, draft.fields
        )
        return draft.kind(
            originator_id=originator,
            originator_version=version,
            timestamp=when,
            actor=actor,
            rules_version=of.rules_version,
            chain=link,
            **draft.fields,
        )

    def _rows(self, stream: uuid.UUID) -> list[Row]:
        """The campaign's stored events as rows, in order."""
        sql = self.dialect

        def read() -> list[Row]:
            with self.store.recorder.datastore.transaction(commit=False) as cursor:
                cursor.execute(
                    f"SELECT originator_version, topic, state FROM {sql.events} "
                    f"WHERE originator_id = {sql.mark} ORDER BY originator_version",
                    (sql.stream(stream),),
                )
                return [(v, t, blob(s)) for v, t, s in beside.rows(cursor.fetchall())]

        return self._guard(read)

    def _read_alone(self, stored: StoredEvent) -> Any:
        """An event read without those before it (campaign.stored.decode), the mapper's
        refusals as `_decode` says them."""
        row = (stored.originator_version, stored.topic, blob(stored.state))
        return decode(stored.originator_id, row, lambda _: self._decode(stored))

    def _decode(self, stored: StoredEvent) -> Any:
        try:
            event = self.store.mapper.to_domain_event(stored)
        except (MapperDeserialisationError, TypeError, ValueError, RecursionError) as exc:
            if isinstance(exc, StoreError):
                raise
            event = None
        if event is None or not whole(event):
            raise StoreError(
                f"Event {stored.originator_version} of the store cannot be read: it was edited by "
                "hand."
            )
        return event

    def _guard(self, action: Callable[[], Any], conflicts: bool = False) -> Any:
        try:
            return action()
        except IntegrityError:
            if conflicts:
                raise
            raise StoreError(
                f"The campaign store {beside.shown(self.db)} refused the change."
            ) from None
        except PersistenceError as exc:
            raise StoreError(
                f"The campaign store {beside.shown(self.db)} cannot be used: {first_line(exc)}."
            ) from None


def _granted(value: str | None) -> dict[str, Any] | None:
    """A personal link's grant as kept (`grant`), or None: revoked, or not a grant at all."""
    try:
        granted = json.loads(value) if value else None
    except ValueError:
        return None
    if not isinstance(granted, dict) or not isinstance(granted.get("role"), str):
        return None
    if not isinstance(granted.get("player"), (str, type(None))):
        return None
    return granted


def first(events: tuple[CampaignEvent, ...], as_of: int) -> tuple[CampaignEvent, ...]:
    """The first `as_of` events of a log (`--as-of`)."""
    if not 1 <= as_of <= len(events):
        raise CampaignError(
            f"--as-of takes an event number from 1 to {len(events)}, the length of the log."
        )
    return events[:as_of]


def as_it_stood(whole: Loaded, as_of: int) -> Loaded:
    """`whole` as it stood after event `as_of`, from the log already read."""
    links = None if whole.links is None else whole.links[:as_of]
    return log_state(first(whole.events, as_of), links)


def log_state(events: tuple[CampaignEvent, ...], links: tuple[str, ...] | None) -> Loaded:
    """A log read from the store, with the state it gives (`tolerant_fold`)."""
    of = kind(events[0].rules)
    return Loaded(of, events, tolerant_fold(of, events, links), links)


def round_end(loaded: Loaded, number: int) -> Loaded:
    """`loaded` as it stood when round (or scenario) `number` ended: the events up to then and their
    state."""
    ended_then = loaded.round_ends.at(number)
    if ended_then is not None:
        return ended_then
    of = loaded.kind
    ended = finished(of, loaded.state)
    done = f"finished so far: {', '.join(map(str, ended))}" if ended else "none has finished yet"
    raise CampaignError(f"{of.period.capitalize()} {number} has not finished; {done}.")


def finished(of: Kind, state: Any) -> list[int]:
    """The numbers of the rounds (or scenarios) that have ended, 1, 2, …"""
    ended: list[int] = []
    while of.period_over(state, len(ended) + 1):
        ended.append(len(ended) + 1)
    return ended


def last_finished(loaded: Loaded) -> int:
    """The number of the last round (or scenario) that has ended."""
    ended = finished(loaded.kind, loaded.state)
    if not ended:
        raise CampaignError(
            f"No {loaded.kind.period} has finished yet, so there is nothing to report."
        )
    return ended[-1]


def blob(state: Any) -> bytes:
    """A stored event's state as bytes, whatever a hand edit made of it (SQLite's replace() makes
    text of a blob): what cannot be bytes is no event, and the mapper says so."""
    if isinstance(state, bytes):
        return state
    if isinstance(state, str):
        return state.encode("utf-8", "surrogatepass")
    if isinstance(state, (bytearray, memoryview)):
        return bytes(state)
    return b""


def check_store_file(db: str) -> None:
    """Refuse a file that is not a campaign store before eventsourcing writes tables into it.

    The file is read through SQLite alone, never opened by this process itself: closing a file
    the process opened drops every POSIX lock it holds on that file, the locks of its own SQLite
    connections included (SQLite's "How To Corrupt An SQLite Database File", 2.2). The hub holds
    connections while it checks each request's store; a plain open and close there let the
    command line's next close delete the write-ahead log under the hub. SQLite shares one set of
    locks among a process's connections to a file and keeps a closed one's descriptor until they
    are released."""
    path = Path(db)
    if db == ":memory:" or not path.exists() or path.stat().st_size == 0:
        if db != ":memory:" and not path.parent.is_dir():
            raise StoreError(
                f"Cannot create the campaign store {db}: the folder {path.parent} does not exist."
            )
        return
    if path.is_dir():
        raise StoreError(f"{db} is a folder, not a campaign store.")
    tables = _tables(db)
    if tables and "stored_events" not in tables:
        raise StoreError(f"{db} is an SQLite database of another program, not a campaign store.")


def open_server(db: str, env: dict[str, str]) -> EventStore:
    """A store on a PostgreSQL server, its schema and tables created on first use (the tables
    beside the log too: DDL races between first users are tried again); an unreachable server, a
    missing database or refused credentials are one sentence (the server's own)."""
    try:
        import psycopg
    except ImportError:
        raise StoreError(
            "A PostgreSQL store needs psycopg: pip install 'campaign[postgres]'."
        ) from None
    settings = dict(
        host=env["POSTGRES_HOST"],
        port=env["POSTGRES_PORT"],
        dbname=env["POSTGRES_DBNAME"],
        user=env["POSTGRES_USER"],
        password=env["POSTGRES_PASSWORD"] or None,
        connect_timeout=5,
        autocommit=True,
    )
    dialect = beside.Postgres(env["POSTGRES_SCHEMA"])
    for attempt in range(5):
        try:
            with psycopg.connect(**settings) as connection:
                dialect.make_schema(connection)
            store = EventStore(env=env)
            with psycopg.connect(**settings) as connection:
                dialect.prepare(connection)
            return store
        except psycopg.OperationalError as failure:
            raise StoreError(
                f"Cannot open the campaign store {beside.shown(db)}: {first_line(failure)}."
            ) from None
        except Exception as failure:  # noqa: BLE001 - a DDL race, or the pool's own errors
            if attempt == 4:
                raise StoreError(
                    f"Cannot open the campaign store {beside.shown(db)}: {first_line(failure)}."
                ) from None
            time.sleep(0.1 * (attempt + 1))
    raise AssertionError("unreachable")


def first_line(failure: Exception) -> str:
    """An error's first line, its driver's prefixes dropped."""
    said = (str(failure).strip().splitlines() or [type(failure).__name__])[0]
    for prefix in ("connection failed: ", "FATAL:  "):
        said = said.removeprefix(prefix)
    return said.rstrip(".")


def _env(db_name: str) -> dict[str, str]:
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": db_name,
        "SQLITE_LOCK_TIMEOUT": "10",
    }


def read_only_uri(db: str) -> str:
    """SQLite's URI for reading a store that cannot be written: when its write-ahead log is empty
    (the store was closed cleanly) it is read as immutable, needing no lock or shared-memory file,
    so it reads on read-only media and on a full disk; otherwise read-only as usual."""
    wal = Path(f"{db}-wal")
    settled = not wal.exists() or wal.stat().st_size == 0
    return Path(db).resolve().as_uri() + ("?mode=ro&immutable=1" if settled else "?mode=ro")


def describe_failure(db: str, failure: Exception) -> str:
    """Why a store cannot be used, in words: read-only media, a full disk, or the error itself."""
    folder = Path(db).resolve().parent
    if not os.access(folder, os.W_OK) or (Path(db).exists() and not os.access(db, os.W_OK)):
        return f"{folder} is on read-only media or not writable"
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return str(failure)
    if free < 1024 * 1024:
        return f"the disk is full ({free // 1024} KiB free)"
    return str(failure)


def _tables(db: str) -> set[str]:
    """The store's tables, read as usual, or (read-only media, a full disk) as `read_only_uri`."""
    failure: Exception = StoreError("unreadable")
    for uri in (Path(db).resolve().as_uri() + "?mode=ro", read_only_uri(db)):
        try:
            with closing(sqlite3.connect(uri, uri=True)) as connection:
                rows = connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
                return {row[0] for row in rows}
        except sqlite3.DatabaseError as exc:
            if getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_NOTADB:
                raise StoreError(
                    f"{db} is not a campaign store (it is not an SQLite database)."
                ) from None
            failure = exc
    raise StoreError(f"{db} is not a readable campaign store ({describe_failure(db, failure)}).")
