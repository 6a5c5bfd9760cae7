"""The store's catalogue as the store holds it (campaign.readmodel.catalogue folds and reads it):
folded from the start, rename and archive events, and kept beside them in one sealed row, current
while the events it was folded from are still the store's; which campaign a name means, which stream
and rules it has, and whether a new name is free."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import Any

from eventsourcing.persistence import StoredEvent

from campaign.domain.chain import campaign_id
from campaign.errors import CampaignError
from campaign.input.names import folded, resolve
from campaign.readmodel import seals, status
from campaign.readmodel.catalogue import TOPICS, Entry, catalogued, decoded, encoded
from campaign.store import dialects
from campaign.store.database import Database
from campaign.store.dialects import Record
from campaign.store.kept import Kept

CATALOGUE_ROW = "catalogue"
"""The kept catalogue's name as its seal binds it (campaign.readmodel.seals)."""


class Listing:
    """The catalogue's events and its kept row, in the store of `database`, each event read
    alone by `read`."""

    def __init__(self, database: Database, kept: Kept, read: Callable[[StoredEvent], Any]) -> None:
        self.database, self.kept, self.read = database, kept, read
        self._entries: list[Entry] | None = None
        """The catalogue as last read; forgotten whenever the store is written (`forget`)."""
        self._named: dict[str, Entry] = {}
        """The same entries by folded name (made with `_entries`)."""

    def forget(self) -> None:
        """The catalogue is read again when next asked (after a write, or a new request)."""
        self._entries, self._named = None, {}

    def entries(self, archived: bool = True) -> list[Entry]:
        """Every campaign of the store under its current name, in the order they were started
        (the archived ones too, unless `archived` is False): the catalogue kept beside the log
        while it is current, else folded from the events and kept again
        (campaign.readmodel.catalogue)."""
        if self._entries is None:
            kept = self.row()
            entries = None if kept is None else decoded(kept)
            if entries is None:
                entries, stamp = self.folded()
                self.keep(entries, stamp)
            self._entries = entries
            self._named = {folded(e.name): e for e in reversed(self._entries)}
        return [e for e in self._entries if archived or not e.archived]

    def check(self) -> str:
        """The kept catalogue against its events (`verify`): `current`, `altered` (kept for the
        events the store holds, yet not what they give), or `missing or out of date`; unless
        current, it is kept again, folded from the events."""
        entries, stamp = self.folded()
        kept = self.row()
        if kept is not None and decoded(kept) == entries:
            return "current"
        self.keep(entries, stamp)
        self.forget()
        edited = kept is not None or CATALOGUE_ROW in self.kept.altered
        return "altered" if edited else "missing or out of date"

    def entry(self, name: str) -> Entry | None:
        """The catalogue's entry of the campaign called `name` now (the first started of two
        that folded names confuse), found by its folded name, not by a walk of the catalogue."""
        self.entries()
        return self._named.get(folded(name))

    def choose(self, name: str | None) -> str:
        """The campaign a command means: the one named, or the only one in the store."""
        if name is not None:
            return resolve("campaign", name, [e.name for e in self.entries()])
        names = [e.name for e in self.entries(archived=False)]
        if len(names) == 1:
            return names[0]
        if not names and self.entries():
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
        entry = self.entry(name)
        return entry.stream if entry else campaign_id(name)

    def rules(self, name: str) -> str:
        """The rules the campaign called `name` now is played by."""
        entry = self.entry(name)
        if entry is None:
            raise CampaignError(f"There is no campaign called {name!r}.")
        return entry.rules

    def check_name_free(self, name: str) -> None:
        """A new name is neither a campaign's name now nor the name a campaign started under."""
        for entry in self.entries():
            if folded(entry.name) == folded(name):
                raise CampaignError(f"A campaign called {name!r} already exists in this store.")
            if entry.stream == campaign_id(name):
                raise CampaignError(
                    f"{name!r} is the name {entry.name} started under; choose another."
                )

    def catalogued(self, new: Sequence[Any]) -> None:
        """After an append of a start, a new name or an archiving, the catalogue is folded and
        kept again by its writer, not by the next reader; any other append leaves it as read."""
        if any(event.TOPIC in TOPICS for event in new):
            self.forget()
            self.entries()

    def folded(self) -> tuple[list[Entry], tuple[int, int]]:
        """The catalogue folded from its events, and how many they were and the last's number."""
        notifications = self.database.guard(
            lambda: self.database.store.recorder.select_notifications(1, 10_000_000, topics=TOPICS)
        )
        entries: dict[uuid.UUID, Entry] = {}
        for event in map(self.read, notifications):
            catalogued(entries, event)
        last = max((n.id for n in notifications), default=0)
        return list(entries.values()), (len(notifications), last)

    def row(self) -> str | None:
        """The catalogue kept beside the log, as kept (`catalogue.decoded` reads it), while it is
        current: folded from the events the store holds now, by this program. Else None."""
        sql = self.database.dialect

        def read() -> list[Record]:
            with self.database.glance() as cursor:
                if not sql.exists(cursor, dialects.NAMES):
                    return []
                statement = dialects.kept_catalogue(sql, sql.table(dialects.NAMES), len(TOPICS))
                cursor.execute(statement, (status.program(), *TOPICS, *TOPICS))
                return dialects.rows(cursor.fetchall())

        found = self.database.guard(read)
        if not found:
            return None
        events, last, body = found[0]
        return self.kept.unbound(CATALOGUE_ROW, f"{events}/{last}", body)

    def keep(self, entries: list[Entry], stamp: tuple[int, int]) -> None:
        """Keep the catalogue just folded, with how many events it was folded from and the last
        one's number; apart from any append, and left unkept when the store cannot be written
        (the next reader folds it again)."""
        names = self.database.dialect.table(dialects.NAMES)
        triggers = self.database.dialect.names_triggers(names, TOPICS)
        key = self.kept.binding(create=True)
        if key is None:
            return
        body = seals.bound(key, CATALOGUE_ROW, "{}/{}".format(*stamp), encoded(entries))
        row = (1, *stamp, status.program(), body)
        self.database.keep_beside(dialects.NAMES, dialects.NAMES_COLUMNS, triggers, "id", [row])
