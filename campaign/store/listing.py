"""The store's catalogue as the store holds it (campaign.catalogue folds and reads it): folded
from the start, rename and archive events, and kept beside them in one sealed row, current while
the events it was folded from are still the store's."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from eventsourcing.persistence import StoredEvent

from campaign import beside, bound, readmodel
from campaign.catalogue import TOPICS, Entry, catalogued, encoded
from campaign.store.database import Database
from campaign.store.kept import Kept

CATALOGUE_ROW = "catalogue"
"""The kept catalogue's name as its seal binds it (campaign.bound)."""


class Listing:
    """The catalogue's events and its kept row, in the store of `database`."""

    def __init__(self, database: Database, kept: Kept) -> None:
        self.database, self.kept = database, kept

    def folded(self, read: Callable[[StoredEvent], Any]) -> tuple[list[Entry], tuple[int, int]]:
        """The catalogue folded from its events, and how many they were and the last's number."""
        notifications = self.database.guard(
            lambda: self.database.store.recorder.select_notifications(1, 10_000_000, topics=TOPICS)
        )
        entries: dict[uuid.UUID, Entry] = {}
        for event in map(read, notifications):
            catalogued(entries, event)
        last = max((n.id for n in notifications), default=0)
        return list(entries.values()), (len(notifications), last)

    def row(self) -> str | None:
        """The catalogue kept beside the log, as kept (`catalogue.decoded` reads it), while it is
        current: folded from the events the store holds now, by this program. Else None."""
        sql = self.database.dialect

        def read() -> list[tuple]:
            with self.database.store.recorder.datastore.transaction(commit=False) as cursor:
                if not sql.exists(cursor, beside.NAMES):
                    return []
                statement = beside.kept_catalogue(sql, sql.table(beside.NAMES), len(TOPICS))
                cursor.execute(statement, (readmodel.program(), *TOPICS, *TOPICS))
                return beside.rows(cursor.fetchall())

        found = self.database.guard(read)
        if not found:
            return None
        events, last, body = found[0]
        return self.kept.unbound(CATALOGUE_ROW, f"{events}/{last}", body)

    def keep(self, entries: list[Entry], stamp: tuple[int, int]) -> None:
        """Keep the catalogue just folded, with how many events it was folded from and the last
        one's number; apart from any append, and left unkept when the store cannot be written
        (the next reader folds it again)."""
        names = self.database.dialect.table(beside.NAMES)
        triggers = self.database.dialect.names_triggers(names, TOPICS)
        key = self.kept.binding(create=True)
        if key is None:
            return
        body = bound.bound(key, CATALOGUE_ROW, "{}/{}".format(*stamp), encoded(entries))
        row = (1, *stamp, readmodel.program(), body)
        self.database.keep_beside(beside.NAMES, beside.NAMES_COLUMNS, triggers, "id", [row])
