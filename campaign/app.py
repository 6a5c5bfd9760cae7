"""The application: load a campaign's stream, decide, append atomically.

One eventsourcing `Application` holds every campaign of a store, one stream each, addressed by a
uuid5 of the campaign's name (users never see it). `Campaigns` is the store as the entry points
and the service see it: each campaign's log (read, decided on, settled, appended in one write,
decided again after a race) and the catalogue of what the store holds; what the store keeps
beside the logs is in `campaign.store` — its database (`Database`), the secrets and personal
links (`Secrets`, `Links`), and what is kept for the next readers (`Kept`)."""

from __future__ import annotations

import itertools
import random
import time
import uuid
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from eventsourcing.persistence import IntegrityError, MapperDeserialisationError, StoredEvent

from campaign import beside, chain, checkpoint, text
from campaign.catalogue import TOPICS, Entry, decoded
from campaign.chain import campaign_id
from campaign.drafts import AUTOMATIC_ACTOR, Draft
from campaign.errors import CampaignError, StoreError
from campaign.kind import Kind
from campaign.loaded import (  # noqa: F401 - read where they always were: campaign.app
    InconsistentLog,
    KeptLog,
    Loaded,
    Resumed,
    RoundEnds,
    apply,
    as_it_stood,
    finished,
    first,
    fold,
    last_finished,
    log_state,
    round_end,
    tolerant_fold,
)
from campaign.names import folded, resolve
from campaign.registry import kind
from campaign.store.database import (  # noqa: F401 - STORE_FAILURES, first_line: the entry points'
    STORE_FAILURES,
    Database,
    blob,
    first_line,
)
from campaign.store.kept import Kept
from campaign.store.listing import CATALOGUE_ROW, Listing
from campaign.store.sealed import SECRETS, SECRETS_COLUMNS, Links, Secrets
from campaign.stored import Row, decode, read_log, whole
from campaign.witness import Witness
from events.common import (
    ActionsRestored,
    ActionsRetracted,
    CampaignEvent,
    CampaignStarted,
    PlayerRenamed,
    PlayerReplaced,
)

RACE_BUDGET = 20.0
"""Seconds a command keeps deciding again while other organisers append to the same campaign."""


class Campaigns:
    """The store of campaigns: each campaign's log and the catalogue, and what the store keeps
    beside the logs (`secrets`, `links`, `kept`)."""

    def __init__(self, db: str, existing: bool = False, witness: Witness | None = None) -> None:
        """The store `db` (a SQLite file or a PostgreSQL URL), made where missing unless it must
        be an `existing` one (the hub serves a store; it never makes an empty one in its
        place). With a `witness` (an entry point's reader, campaign.witness), every log read is
        held to the checkpoints that reader saw, and every log written is remembered."""
        self.database = Database(db, existing)
        self.witness = witness
        self.secrets = Secrets(self.database, self.stream)
        self.links = Links(self.secrets, self.catalogue)
        self.kept = Kept(self.database, self.secrets, self)
        self.listing = Listing(self.database, self.kept)
        self.after: Loaded | None = None
        """The campaign as the last command recorded it, for what that command says next."""
        self.stepped: tuple[Any, ...] = ()
        """The state just after each event the last command recorded (its `after`'s last)."""
        self._entries: list[Entry] | None = None
        """The catalogue as last read; forgotten whenever this object writes."""
        self._named: dict[str, Entry] = {}
        """The same entries by folded name (made with `_entries`)."""

    @property
    def db(self) -> str:
        return self.database.db

    @property
    def store(self) -> Any:
        """The eventsourcing application holding the logs."""
        return self.database.store

    @property
    def unkept(self) -> str | None:
        """Why what is kept beside the log could not be written the last time it was tried."""
        return self.database.unkept

    def close(self) -> None:
        self.database.close()

    def begin(self) -> None:
        """Forget what the last command or request read and recorded (the catalogue as read,
        what it recorded, why something was not kept), keeping the store open: a long-lived
        entry point (the hub) reuses one object for request after request (issue #31)."""
        self._entries, self._named = None, {}
        self.after, self.stepped = None, ()
        self.database.unkept = None
        self.kept.altered.clear()

    def catalogue(self, archived: bool = True) -> list[Entry]:
        """Every campaign of the store under its current name, in the order they were started
        (the archived ones too, unless `archived` is False): the catalogue kept beside the log
        while it is current, else folded from the events and kept again (campaign.catalogue)."""
        if self._entries is None:
            kept = self.listing.row()
            entries = None if kept is None else decoded(kept)
            if entries is None:
                entries, stamp = self.listing.folded(self.read_alone)
                self.listing.keep(entries, stamp)
            self._entries = entries
            self._named = {folded(e.name): e for e in reversed(self._entries)}
        return [e for e in self._entries if archived or not e.archived]

    def check_catalogue(self) -> str:
        """The kept catalogue against its events (`verify`): `current`, `altered` (kept for the
        events the store holds, yet not what they give), or `missing or out of date`; unless
        current, it is kept again, folded from the events."""
        entries, stamp = self.listing.folded(self.read_alone)
        kept = self.listing.row()
        if kept is not None and decoded(kept) == entries:
            return "current"
        self.listing.keep(entries, stamp)
        self._entries = None
        edited = kept is not None or CATALOGUE_ROW in self.kept.altered
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

    def load(self, name: str, as_of: int | None = None, witnessed: bool = True) -> Loaded:
        """The campaign, or its first `as_of` events (time travel); held to what the witness saw
        unless not `witnessed` (a campaign deleted whole)."""
        stream = self.stream(name)
        events, links = self._log(stream)
        if not events:
            raise CampaignError(f"There is no campaign called {name!r}.")
        if self.witness is not None and witnessed:
            self.witness.check(
                name,
                checkpoint.origin_of(events[0]),
                len(events),
                lambda n: events[n - 1].chain if n <= len(events) else self._head_of(stream, n),
            )
        if as_of is not None:
            events, links = first(events, as_of), links[:as_of]
        return log_state(events, links)

    def resume(self, name: str) -> Loaded | None:
        """The campaign from what is kept beside its log (issue #31): its state and view, with
        its first and last events, while the view vouches for the log as it stands (its chain
        was checked when the view was kept, by the reader or the writer that kept it) and the
        witness's checkpoint agrees; the rest of the log is read only if asked (`KeptLog`).
        None where nothing current is kept: the caller folds the log."""
        found = self.kept.resumable(name)
        if found is None:
            return None
        seen, of, state, started = found
        stream, size = started.originator_id, seen["events"]
        read = self.database.guard(
            lambda: self.store.events.recorder.select_events(stream, gt=size - 1, lte=size)
        )
        last = self.read_alone(read[0]) if read else None
        if last is None or last.chain != seen["head"]:
            return None

        def events(start: int, stop: int) -> tuple[CampaignEvent, ...]:
            if start == 0:  # the whole log, its links computed as it is read
                whole = self._log(stream)[0][:stop]
                if len(whole) < stop:
                    raise StoreError(
                        "The log is shorter than its view says: run 'campaign verify'."
                    )
                return whole
            stored = self.database.guard(
                lambda: self.store.events.recorder.select_events(stream, gt=start, lte=stop)
            )
            return tuple(self.read_alone(s) for s in stored)

        resumed = Loaded(of, KeptLog(started, last, size, events), state, None, Resumed(seen))
        resumed.__dict__["chain_break"] = None  # the view vouches for the chain (verify's job)
        return resumed

    def _log(self, stream: uuid.UUID) -> tuple[tuple[CampaignEvent, ...], tuple[str, ...]]:
        events, links = read_log(
            stream, self._rows(stream), lambda row: self._decode(StoredEvent(stream, *row))
        )
        return tuple(events), tuple(links)

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
        self.database.check_writable()
        stream, count = self.stream(name), len(self.load(name, witnessed=False).events)
        self._entries = None

        sql, mark = self.database.dialect, self.database.dialect.mark

        def remove() -> None:
            with self.database.store.recorder.datastore.transaction(commit=True) as cursor:
                cursor.execute(
                    f"DELETE FROM {sql.events} WHERE originator_id = {mark}", (sql.stream(stream),)
                )
                cursor.execute(f"CREATE TABLE IF NOT EXISTS {sql.table(SECRETS)} {SECRETS_COLUMNS}")
                cursor.execute(
                    f"DELETE FROM {sql.table(SECRETS)} WHERE stream = {mark}", (stream.hex,)
                )

        self.database.guard(remove)
        self.catalogue()  # the triggers forgot the kept one: kept again without this campaign
        if self.witness is not None:
            self.witness.forget(name)
        return count

    def refresh(self, name: str) -> Loaded:
        """The campaign read and folded, its view kept again (`keep_view`)."""
        loaded = self.load(name)
        self.kept.keep_view(loaded)
        return loaded

    def rules(self, name: str) -> str:
        """The rules the campaign called `name` now is played by."""
        entry = self._entry(name)
        if entry is None:
            raise CampaignError(f"There is no campaign called {name!r}.")
        return entry.rules

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
            # a decision about the log itself (undo, redo) reads it whole: folded, not resumed
            loaded = (self.resume(name) if again else None) or self.load(name)
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
        self.database.check_writable()
        self._entries = None
        try:
            self.database.guard(lambda: self.database.store.save(*events), conflicts=True)
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
        self.database.check_writable()
        self._entries = None
        new = self.settle(loaded, drafts, actor, head or [], when)
        self.database.guard(lambda: self.database.store.save(*new), conflicts=True)
        self.after, self.stepped = self._extended(loaded, new, len(head or []))
        self._witnessed_write(self.after)
        self.beside_the_log(lambda: self.kept.remember(self.after))
        self.beside_the_log(lambda: self._catalogued(new))
        if any(isinstance(e, (PlayerReplaced, PlayerRenamed)) for e in new):
            name = self.after.facts.name
            self.beside_the_log(
                lambda: self.links.follow(name, new),
                "the personal links did not follow the player: run campaign revoke",
            )
        return new

    def _witnessed_write(self, after: Loaded) -> None:
        """A writer checked the chain of the log it extended: its witness remembers the new
        head (a file of the reader's own; one that cannot be written never undoes the append)."""
        if self.witness is None:
            return
        point = checkpoint.of(after.events, len(after.events))
        try:
            self.witness.remember(after.facts.name, point)
        except (CampaignError, OSError) as failure:
            self.database.unkept = f"the checkpoint this reader saw was not kept ({failure})"

    def witnessed(self, name: str, seen: dict[str, Any]) -> None:
        """A stored view about to be read (`Kept.view`), held to what the witness saw of the log
        it vouches for: its origin, its length, its head, and the head of the one event the
        witness asks about beyond those (read alone)."""
        if self.witness is None or "origin" not in seen:
            return
        stream = self.stream(name)

        def head_at(number: int) -> str | None:
            return seen["head"] if number == seen["events"] else self._head_of(stream, number)

        self.witness.check(name, seen["origin"], seen["events"], head_at)

    def _head_of(self, stream: uuid.UUID, number: int) -> str | None:
        """The chain head of event `number` as the store holds it now (read alone), or None
        where it holds no such event."""
        stored = self.database.guard(
            lambda: self.store.events.recorder.select_events(stream, gt=number - 1, lte=number)
        )
        return self.read_alone(stored[0]).chain if stored else None

    def beside_the_log(self, keep: Callable[[], None], consequence: str = "") -> None:
        """Keep something beside the log after an append. The append stands whatever happens
        here: a store that fails now (a dropped connection, a busy file) leaves `unkept` saying
        why, for the command to say it recorded and what was not kept."""
        try:
            keep()
        except StoreError as failure:
            said = first_line(failure)
            self.database.unkept = f"{said}; {consequence}" if consequence else said

    def _catalogued(self, new: Sequence[CampaignEvent]) -> None:
        """After an append of a start, a new name or an archiving, the catalogue is folded and
        kept again by its writer, not by the next reader."""
        if any(event.TOPIC in TOPICS for event in new):
            self.catalogue()

    @staticmethod
    def _extended(
        loaded: Loaded, new: list[CampaignEvent], skip: int
    ) -> tuple[Loaded, tuple[Any, ...]]:
        """`loaded` with the events just recorded, and the state just after each of them (an
        undo or redo changes what counts: the log is folded again, and each is told as after
        them all)."""
        added = new[skip:]
        events = loaded.events + tuple(added)
        # the links read with the log, and the new events' own: stamped here, each is its link
        links = None if loaded.links is None else loaded.links + tuple(e.chain for e in added)
        resumed = loaded.resumed
        if resumed is not None:
            resumed = Resumed(resumed.seen, resumed.new + tuple(added))
        if any(isinstance(e, (ActionsRetracted, ActionsRestored)) for e in new):
            state = fold(loaded.kind, events)
            after, states = (
                Loaded(loaded.kind, events, state, links, resumed),
                (state,) * len(added),
            )
        else:
            states, state = [], loaded.state
            for event in added:
                state = loaded.kind.apply(state, event)
                states.append(state)
            after = Loaded(loaded.kind, events, state, links, resumed)
        if resumed is not None:  # the writer's own events extend a chain the view vouched for
            after.__dict__["chain_break"] = None
        return after, tuple(states)

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
        sql = self.database.dialect

        def read() -> list[Row]:
            with self.database.store.recorder.datastore.transaction(commit=False) as cursor:
                cursor.execute(
                    f"SELECT originator_version, topic, state FROM {sql.events} "
                    f"WHERE originator_id = {sql.mark} ORDER BY originator_version",
                    (sql.stream(stream),),
                )
                return [(v, t, blob(s)) for v, t, s in beside.rows(cursor.fetchall())]

        return self.database.guard(read)

    def read_alone(self, stored: StoredEvent) -> Any:
        """An event read without those before it (campaign.stored.decode), the mapper's
        refusals as `_decode` says them."""
        row = (stored.originator_version, stored.topic, blob(stored.state))
        return decode(stored.originator_id, row, lambda _: self._decode(stored))

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
