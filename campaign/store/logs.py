"""Each campaign's log as the event store holds it (issue #25's event-store adapter): read whole
in one pass, or an event or a few at a time; decoded by this program or by the mapper; held to
what this reader's witness saw (campaign.proof.witness); removed whole. The SQL of both databases
for the logs is here; the catalogue (`Listing`) says which stream a campaign's name is now."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from eventsourcing.persistence import MapperDeserialisationError, StoredEvent

from campaign.errors import StoreError
from campaign.proof import checkpoint
from campaign.proof.witness import Witness
from campaign.store import dialects, windows
from campaign.store.database import Database, blob
from campaign.store.kept import all_kept_for
from campaign.store.rows import Row, decode, read_log, whole
from campaign.store.sealed import SECRETS, made
from events.common import CampaignEvent

if TYPE_CHECKING:
    from campaign.store.listing import Listing


class Logs:
    """The logs of the store of `database`, read as `witness` saw them (if any); a campaign's
    name is found in the catalogue `listing()` gives."""

    def __init__(
        self, database: Database, witness: Witness | None, listing: Callable[[], Listing]
    ) -> None:
        self.database, self.witness, self._listing = database, witness, listing

    def stream(self, name: str) -> uuid.UUID:
        """The stream of the campaign called `name` now (renamed campaigns keep their stream)."""
        return self._listing().stream(name)

    def rules(self, name: str) -> str:
        """The rules the campaign called `name` now is played by."""
        return self._listing().rules(name)

    def read(self, stream: uuid.UUID) -> tuple[tuple[CampaignEvent, ...], tuple[str, ...]]:
        """The whole log of `stream` and each event's link, computed as it is read."""
        events, links = read_log(
            stream, self._rows(stream), lambda row: self._decode(StoredEvent(stream, *row))
        )
        return tuple(events), tuple(links)

    def decoded(self, stream: uuid.UUID, rows: Sequence[Row]) -> tuple[CampaignEvent, ...]:
        """The events of a log's `rows` handed over as stored (a backup's, issue #54), in order,
        decoded as `read` decodes what it selects."""
        events, _ = read_log(stream, rows, lambda row: self._decode(StoredEvent(stream, *row)))
        return tuple(events)

    def write_rows(self, stream: uuid.UUID, rows: Sequence[Row]) -> None:
        """A log's `rows` written as they were stored, in one transaction (a backup restored
        into an empty store, its logs verified first: issue #54)."""
        stored = [StoredEvent(stream, version, topic, state) for version, topic, state in rows]
        self.database.check_writable()
        self.database.guard(lambda: self.database.store.recorder.insert_events(stored))

    def between(
        self, stream: uuid.UUID, after: int, upto: int, last: int | None = None
    ) -> tuple[CampaignEvent, ...]:
        """Events `after` + 1 to `upto` of `stream` (only the `last` of them, when given), each
        read alone, in order: one select of the rows' number, topic and state (eventsourcing's
        own made an object and a UUID of every row: half of reading 200 events)."""
        return tuple(
            decode(stream, row, lambda row: self._decode(StoredEvent(stream, *row)))
            for row in self._rows(stream, after, upto, last)
        )

    def stretch(
        self, stream: uuid.UUID, after: int, upto: int, head: str | None = None
    ) -> tuple[CampaignEvent, ...]:
        """Events `after` + 1 to `upto` of `stream`, as `between` reads them, from the end of the
        log this process read or appended last where it still holds (`campaign.store.windows`;
        `head`: event `upto`'s chain, where the caller read it). The round in progress and a
        page of the last events, read after every write (issue #31), cost the events gained."""
        return windows.stretch(
            (self.database.db, stream), after, upto, head, lambda a, u: self.between(stream, a, u)
        )

    def first(self, stream: uuid.UUID, origin: str | None) -> tuple[CampaignEvent, ...]:
        """The log's first event, as read last while it is the campaign's `origin` names."""
        return windows.first(
            (self.database.db, stream), origin, lambda a, u: self.between(stream, a, u)
        )

    def appended(self, stream: uuid.UUID, new: Sequence[CampaignEvent]) -> None:
        """Events this process just appended to `stream` (`stretch` reads them no more)."""
        windows.appended((self.database.db, stream), new)

    def head_of(self, stream: uuid.UUID, number: int) -> str | None:
        """The chain head of event `number` as the store holds it now (read alone), or None
        where it holds no such event."""
        found = self.between(stream, number - 1, number)
        return found[0].chain if found else None

    def check_witness(self, name: str, events: tuple[CampaignEvent, ...]) -> None:
        """The log just read, held to the checkpoints this reader's witness saw of it."""
        if self.witness is None:
            return
        stream = events[0].originator_id
        self.witness.check(
            name,
            checkpoint.origin_of(events[0]),
            len(events),
            lambda n: events[n - 1].chain if n <= len(events) else self.head_of(stream, n),
        )

    def witnessed(self, name: str, seen: dict[str, Any], stream: uuid.UUID | None = None) -> None:
        """A stored view about to be read (`Kept.view`), held to what the witness saw of the log
        it vouches for: its origin, its length, its head, and the head of the one event the
        witness asks about beyond those (read alone, from `stream`, found by name if not given,
        only then)."""
        if self.witness is None or "origin" not in seen:
            return

        def head_at(number: int) -> str | None:
            if number == seen["events"]:
                head: str | None = seen["head"]
                return head
            return self.head_of(stream or self.stream(name), number)

        self.witness.check(name, seen["origin"], seen["events"], head_at)

    def remove(self, stream: uuid.UUID) -> None:
        """The log of `stream`, its secrets and what was kept beside it for its readers (its
        reports, states and long bodies: the view goes with the events, by the store's trigger)
        deleted, in one transaction."""
        sql, mark = self.database.dialect, self.database.dialect.mark

        def remove() -> None:
            with self.database.transaction() as cursor:
                cursor.execute(
                    f"DELETE FROM {sql.events} WHERE originator_id = {mark}", (sql.stream(stream),)
                )
                made(cursor, sql)
                cursor.execute(
                    f"DELETE FROM {sql.table(SECRETS)} WHERE stream = {mark}", (stream.hex,)
                )
                if sql.exists(cursor, dialects.VIEWS):
                    cursor.execute(*all_kept_for(sql, stream.hex))

        self.database.guard(remove)
        windows.forget((self.database.db, stream))

    def _rows(
        self,
        stream: uuid.UUID,
        after: int | None = None,
        upto: int | None = None,
        last: int | None = None,
    ) -> list[Row]:
        """The campaign's stored events as rows, in order: every one, or those numbered `after`
        + 1 to `upto` (only the `last` of those, when given)."""
        sql = self.database.dialect
        within = "" if after is None else f" AND originator_version > {sql.mark}"
        within += "" if upto is None else f" AND originator_version <= {sql.mark}"
        newest = f" DESC LIMIT {int(last)}" if last is not None else ""
        bounds = tuple(b for b in (after, upto) if b is not None)

        def read() -> list[Row]:
            with self.database.glance() as cursor:
                cursor.execute(
                    f"SELECT originator_version, topic, state FROM {sql.events} "
                    f"WHERE originator_id = {sql.mark}{within} "
                    f"ORDER BY originator_version{newest}",
                    (sql.stream(stream), *bounds),
                )
                return [(v, t, blob(s)) for v, t, s in dialects.rows(cursor.fetchall())]

        return sorted(self.database.guard(read), key=lambda row: row[0])

    def read_alone(self, stored: StoredEvent) -> Any:
        """An event read without those before it (campaign.store.rows.decode), the mapper's
        refusals as `_decode` says them."""
        row = (stored.originator_version, stored.topic, blob(stored.state))
        stream = cast(uuid.UUID, stored.originator_id)  # this store's ids are UUIDs
        return decode(stream, row, lambda _: self._decode(stored))

    def _decode(self, stored: StoredEvent) -> Any:
        try:
            event = self.database.store.mapper.to_domain_event(stored)
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
