"""The application: load a campaign's stream, decide, append atomically.

One eventsourcing `Application` holds every campaign of a store, one stream
each, addressed by a uuid5 of the campaign's name (users never see it).
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError, Mapper, PersistenceError, StoredEvent

from campaign.drafts import AUTOMATIC_ACTOR, Draft
from campaign.errors import CampaignError, StoreError
from campaign.kinds import Kind, kind
from campaign.names import resolve
from events import ALLOWED_TOPICS
from events.common import CampaignEvent, CampaignStarted

NAMESPACE = uuid.UUID("6f1d5a3c-8e0b-5c1e-9a55-0b2d6c1e4a77")
RETRIES = 3
STARTED_TOPIC = CampaignStarted.TOPIC
SQLITE_MAGIC = b"SQLite format 3\x00"


class ForeignEvent(StoreError):
    pass


class TrustedMapper(Mapper):
    """Turns stored events back into objects only for this program's own topics:
    eventsourcing would otherwise import whatever module a stored topic names."""

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        if stored_event.topic not in ALLOWED_TOPICS:
            raise ForeignEvent(f"The store holds an event of a kind this program does not know ({stored_event.topic!r}).")
        return super().to_domain_event(stored_event)


class EventStore(Application):
    name = "Campaigns"

    def construct_mapper(self) -> Mapper:
        return TrustedMapper(transcoder=self.construct_transcoder())


@dataclass(frozen=True)
class Loaded:
    """A campaign as read from the store: its kind, its events and their fold."""

    kind: Kind
    events: tuple[CampaignEvent, ...]
    state: Any

    @property
    def started(self) -> CampaignStarted:
        return self.events[0]


def campaign_id(name: str) -> uuid.UUID:
    return uuid.uuid5(NAMESPACE, " ".join(name.split()).casefold())


def fold(loaded_kind: Kind, events: list[CampaignEvent] | tuple[CampaignEvent, ...]) -> Any:
    state = loaded_kind.start(events[0])
    for event in events[1:]:
        state = loaded_kind.apply(state, event)
    return state


class Campaigns:
    """The store of campaigns: the only object the command line talks to."""

    def __init__(self, db: str) -> None:
        check_store_file(db)
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": db, "SQLITE_LOCK_TIMEOUT": "10"}
        try:
            self.store = EventStore(env=env)
        except PersistenceError as exc:
            raise StoreError(f"Cannot open the campaign store {db}: {exc}.") from None
        self.db = db

    def catalogue(self) -> list[CampaignStarted]:
        """Every campaign of the store, in the order they were started."""
        notifications = self._guard(lambda: self.store.recorder.select_notifications(1, 1_000_000, topics=[STARTED_TOPIC]))
        return [self.store.mapper.to_domain_event(n) for n in notifications]

    def choose(self, name: str | None) -> str:
        """The campaign a command means: the one named, or the only one in the store."""
        names = [started.name for started in self.catalogue()]
        if name is not None:
            return resolve("campaign", name, names)
        if len(names) == 1:
            return names[0]
        if not names:
            raise CampaignError("The store holds no campaign yet: start one with 'campaign new'.")
        raise CampaignError(f"The store holds {len(names)} campaigns ({', '.join(names)}): choose one with -c NAME.")

    def load(self, name: str) -> Loaded:
        events = tuple(self._guard(lambda: list(self.store.events.get(campaign_id(name)))))
        if not events:
            raise CampaignError(f"There is no campaign called {name!r}.")
        loaded_kind = kind(events[0].rules)
        return Loaded(loaded_kind, events, fold(loaded_kind, events))

    def start(self, started: dict[str, Any], then: Callable[[Any], list[Draft]], actor: str) -> list[CampaignEvent]:
        """Record a new campaign's first event and whatever `then` decides on its initial state."""
        new_kind = kind(started["rules"])
        name = started["name"]
        if campaign_id(name) in {campaign_id(c.name) for c in self.catalogue()}:
            raise CampaignError(f"A campaign called {name!r} already exists in this store.")
        first = self._stamp(new_kind, campaign_id(name), 1, Draft(CampaignStarted, started), actor)
        empty = Loaded(new_kind, (first,), new_kind.start(first))
        return self._save(empty, then(empty.state), actor, [first])

    def act(self, name: str, decide: Callable[[Any], list[Draft]], actor: str) -> list[CampaignEvent]:
        """Load → decide → append, re-deciding if another process appended first."""
        for attempt in range(RETRIES):
            loaded = self.load(name)
            try:
                return self._save(loaded, decide(loaded.state), actor)
            except IntegrityError:
                continue
        raise CampaignError("The campaign kept changing under this command (another organiser is recording); try again.")

    def _save(self, loaded: Loaded, drafts: list[Draft], actor: str, head: list | None = None) -> list[CampaignEvent]:
        new = self.settle(loaded, drafts, actor, head or [])
        self._guard(lambda: self.store.save(*new), conflicts=True)
        return new

    def settle(self, loaded: Loaded, drafts: list[Draft], actor: str, head: list[CampaignEvent]) -> list[CampaignEvent]:
        """Stamp the decided events, then the consequences the rules force, until none is left."""
        state, version, new = loaded.state, len(loaded.events), list(head)
        pending = list(drafts)
        for _ in range(10_000):
            if not pending:
                pending = loaded.kind.consequences(state)
                if not pending:
                    return new
            version += 1
            event = self._stamp(loaded.kind, loaded.started.originator_id, version, pending.pop(0), actor)
            state = loaded.kind.apply(state, event)
            new.append(event)
        raise CampaignError("The rules did not settle; please report this campaign.")

    @staticmethod
    def _stamp(of: Kind, originator: uuid.UUID, version: int, draft: Draft, actor: str) -> CampaignEvent:
        return draft.kind(
            originator_id=originator, originator_version=version, timestamp=CampaignEvent.create_timestamp(),
            actor=AUTOMATIC_ACTOR if draft.automatic else actor, rules_version=of.rules_version, **draft.fields,
        )

    def _guard(self, action: Callable[[], Any], conflicts: bool = False) -> Any:
        try:
            return action()
        except IntegrityError:
            if conflicts:
                raise
            raise StoreError(f"The campaign store {self.db} refused the change.") from None
        except PersistenceError as exc:
            raise StoreError(f"The campaign store {self.db} cannot be used: {exc}.") from None


def check_store_file(db: str) -> None:
    """Refuse a file that is not a campaign store before eventsourcing writes tables into it."""
    path = Path(db)
    if db == ":memory:" or not path.exists() or path.stat().st_size == 0:
        if db != ":memory:" and not path.parent.is_dir():
            raise StoreError(f"Cannot create the campaign store {db}: the folder {path.parent} does not exist.")
        return
    if path.is_dir():
        raise StoreError(f"{db} is a folder, not a campaign store.")
    try:
        with path.open("rb") as file:
            magic = file.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise StoreError(f"Cannot read the campaign store {db} ({exc.strerror}).") from None
    if magic != SQLITE_MAGIC:
        raise StoreError(f"{db} is not a campaign store (it is not an SQLite database).")
    tables = _tables(db)
    if tables and "stored_events" not in tables:
        raise StoreError(f"{db} is an SQLite database of another program, not a campaign store.")


def _tables(db: str) -> set[str]:
    try:
        with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
            return {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{db} is not a readable campaign store ({exc}).") from None
