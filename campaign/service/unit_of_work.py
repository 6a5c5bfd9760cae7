"""The application: load a campaign's stream, decide, append atomically.

One eventsourcing `Application` holds every campaign of a store, one stream each, addressed by a
uuid5 of the campaign's name (users never see it). `Campaigns` is the store as the entry points
and the service see it, a facade over its parts in `campaign.store`: the database (`Database`),
the logs (`Logs`: read, decoded, held to the witness), the catalogue (`Listing`: which campaign a
name means), the secrets and personal links (`Secrets`, `Links`) and what is kept for the next
readers (`Kept`). What it does itself is the unit of work: load, decide, settle
(campaign.domain.settle), append in one write, decide again after a race, and keep beside the
log."""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, timedelta
from typing import Any, cast

from eventsourcing.persistence import IntegrityError

from campaign.domain import chain
from campaign.domain.chain import campaign_id
from campaign.domain.drafts import Draft
from campaign.domain.log import (
    KeptLog,
    Loaded,
    Resumed,
    finished,
    first,
    log_state,
)
from campaign.domain.registry import kind
from campaign.domain.settle import extended, settle, stamp
from campaign.errors import CampaignError, StoreError
from campaign.input import clock, text
from campaign.proof import checkpoint
from campaign.proof.witness import Witness
from campaign.readmodel.catalogue import Entry
from campaign.store.database import (  # noqa: F401 - STORE_FAILURES, first_line: the entry points'
    STORE_FAILURES,
    Database,
    blob,
    first_line,
)
from campaign.store.kept import Kept
from campaign.store.listing import Listing
from campaign.store.logs import Logs
from campaign.store.sealed import Links, Secrets
from campaign.store.windows import LONGEST
from events.common import CampaignEvent, CampaignStarted, PlayerRenamed, PlayerReplaced

SKEW = timedelta(minutes=2)
"""How far behind the log's last event the real clock may read and still record, at that event's
time: hosts of one shared store whose clocks differ by seconds. Further behind (a log stamped by
a clock set ahead) the command is refused (`clock.forward`)."""

RACE_BUDGET = 20.0
"""Seconds a command keeps deciding again while other organisers append to the same campaign."""


class Campaigns:
    """The store of campaigns: each campaign's log (`logs`) and the catalogue (`listing`), and
    what the store keeps beside the logs (`secrets`, `links`, `kept`)."""

    def __init__(
        self,
        db: str,
        existing: bool = False,
        witness: Witness | None = None,
        long_lived: bool = False,
    ) -> None:
        """The store `db` (a SQLite file or a PostgreSQL URL), made where missing unless it must
        be an `existing` one (the hub serves a store; it never makes an empty one in its
        place). With a `witness` (an entry point's reader, campaign.proof.witness), every log read
        is held to the checkpoints that reader saw, and every log written is remembered. A
        `long_lived` store is kept open request after request (the hub's): its connections to a
        server are checked before each use."""
        self.database = Database(db, existing, long_lived)
        self.witness = witness
        self.logs = Logs(self.database, witness, lambda: self.listing)
        self.secrets = Secrets(self.database, self.logs.stream)
        self.links = Links(self.secrets, self.catalogue)
        self.kept = Kept(self.database, self.secrets, self.logs)
        self.listing = Listing(self.database, self.kept, self.logs.read_alone)
        self.after: Loaded | None = None
        """The campaign as the last command recorded it, for what that command says next."""
        self.stepped: tuple[Any, ...] = ()
        """The state just after each event the last command recorded (its `after`'s last)."""
        if witness is not None:
            witness.identify(self._identity)

    def close(self) -> None:
        self.database.close()

    def begin(self) -> None:
        """Forget what the last command or request read and recorded (the catalogue as read,
        what it recorded, why something was not kept), keeping the store open: a long-lived
        entry point (the hub) reuses one object for request after request (issue #31)."""
        self.listing.forget()
        self.after, self.stepped = None, ()
        self.database.unkept = None
        self.kept.altered.clear()

    def catalogue(self, archived: bool = True) -> list[Entry]:
        """Every campaign of the store under its current name, in the order they were started
        (the archived ones too, unless `archived` is False; `Listing.entries`)."""
        return self.listing.entries(archived)

    def choose(self, name: str | None) -> str:
        """The campaign a command means: the one named, or the only one in the store."""
        return self.listing.choose(name)

    def load(self, name: str, as_of: int | None = None, witnessed: bool = True) -> Loaded:
        """The campaign, or its first `as_of` events (time travel); held to what the witness saw
        unless not `witnessed` (a campaign deleted whole)."""
        events, links = self.logs.read(self.listing.stream(name))
        if not events:
            raise CampaignError(f"There is no campaign called {name!r}.")
        if witnessed:
            self.logs.check_witness(name, events)
        if as_of is not None:
            events, links = first(events, as_of), links[:as_of]
        return log_state(events, links)

    def as_it_stands(self, name: str) -> Loaded:
        """The campaign now: resumed from what is kept beside its log (`resume`), else its log
        read and folded (`load`)."""
        return self.resume(name) or self.load(name)

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
        read = self.logs.between(stream, size - 1, size)
        last = read[0] if read else None
        if last is None or last.chain != seen["head"]:
            return None

        def events(start: int, stop: int) -> tuple[CampaignEvent, ...]:
            if start > 0 or stop <= LONGEST:  # a round in progress, the first one's too
                found = self.logs.stretch(stream, start, stop, last.chain if stop == size else None)
            else:
                found = self.logs.read(stream)[0][:stop]  # its links computed as it is read
            if len(found) < stop - start:
                raise StoreError("The log is shorter than its view says: run 'campaign verify'.")
            return found

        def base() -> tuple[int, Any] | None:  # where the round in progress began, if kept
            number = len(finished(of, state)) + 1
            return self.kept.round_begun(name, number, of, started, seen["head"])

        log = KeptLog(started, last, size, events)
        # a KeptLog reads as the tuple of its events wherever more than its ends is asked
        read_as = cast(tuple[CampaignEvent, ...], log)
        resumed = Loaded(of, read_as, state, None, Resumed(seen, base=base))
        resumed.__dict__["chain_break"] = None  # the view vouches for the chain (verify's job)
        return resumed

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
        self.listing.check_name_free(name)
        when = clock.now()
        first = stamp(
            new_kind,
            campaign_id(name),
            chain.GENESIS,
            1,
            Draft(CampaignStarted, started),
            actor,
            when,
        )
        empty = Loaded(new_kind, (first,), new_kind.start(cast(CampaignStarted, first)))
        try:
            return self._save(empty, then(empty.state), actor, [first], when)
        except IntegrityError:
            raise CampaignError(
                f"A campaign called {name!r} was created by someone else a moment ago."
            ) from None

    def delete(self, name: str) -> int:
        """Remove a campaign's whole log from the store (the one thing that is not appended);
        returns how many events went. What this reader saw of it stays (campaign.proof.witness): a
        log under that name or of that origin must extend it, until `witness --forget`."""
        self.database.check_writable()
        stream, count = self.listing.stream(name), len(self.load(name, witnessed=False).events)
        self.listing.forget()
        self.logs.remove(stream)
        self.catalogue()  # the triggers forgot the kept one: kept again without this campaign
        return count

    @contextlib.contextmanager
    def steady(self) -> Iterator[None]:
        """A page drawn as one reading (the hub's personal page asks which view is current and
        what a link opens several times over): each question asked of the store once, its
        answer kept until the page is drawn. A view found missing is asked again (the page
        keeps one meanwhile)."""
        self.kept.steady, self.links.steady = {}, {}
        try:
            yield
        finally:
            self.kept.steady = self.links.steady = None

    def refresh(self, name: str) -> Loaded:
        """The campaign read and folded, its view kept again (`keep_view`)."""
        loaded = self.load(name)
        self.kept.keep_view(loaded)
        return loaded

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
        with self.database.writers.held(self.listing.stream(name)):  # one writer at a time
            return self._decided(name, decide, actor, again, when)

    def _decided(
        self,
        name: str,
        decide: Callable[[Loaded], list[Draft]],
        actor: str,
        again: bool,
        when: datetime | None,
    ) -> list[CampaignEvent]:
        deadline = time.monotonic() + RACE_BUDGET
        for attempt in itertools.count():
            loaded = self.as_it_stands(name)
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
        self.listing.forget()
        try:
            self.database.guard(lambda: self.database.store.save(*events), conflicts=True)
        except IntegrityError:
            raise CampaignError(
                "Another organiser created that campaign at the same moment; nothing was imported."
            ) from None
        self.listing.catalogued(events)

    @staticmethod
    def _stamped_at(loaded: Loaded, when: datetime | None) -> datetime:
        """When a decision's events are recorded: `when` (a command's `--now`), else the one
        clock; refused behind the log's last event, whether someone set the time or not (issue
        #50: the real clock behind events a pinned clock stamped ahead of it)."""
        set_by_hand = when is not None or clock.pinned()
        when = clock.now() if when is None else when
        last = loaded.events[-1].timestamp
        if not set_by_hand and timedelta(0) < last - when <= SKEW:
            return last  # another host's clock a little ahead: the log's order holds
        clock.forward(when, last, len(loaded.events), set_by_hand)
        return when

    def _save(
        self,
        loaded: Loaded,
        drafts: list[Draft],
        actor: str,
        head: list[CampaignEvent] | None = None,
        when: datetime | None = None,
    ) -> list[CampaignEvent]:
        self.database.check_writable()
        new = settle(loaded, drafts, actor, head or [], self._stamped_at(loaded, when))
        self.database.guard(lambda: self.database.store.save(*new), conflicts=True)
        self.logs.appended(loaded.started.originator_id, new)
        after, self.stepped = extended(loaded, new, len(head or []))
        self.after = after
        self._witnessed_write(after)
        beside_the_log = self.database.beside_the_log
        beside_the_log(lambda: self.kept.remember(after))
        beside_the_log(lambda: self.listing.catalogued(new))
        if any(isinstance(e, (PlayerReplaced, PlayerRenamed)) for e in new):
            name = after.facts.name
            beside_the_log(
                lambda: self.links.follow(name, new),
                "the personal links did not follow the player: run campaign revoke",
            )
        return new

    def _identity(self) -> str | None:
        """The store's identity as a witness knows it (issue #47): a hash of the key that seals
        what is kept beside its logs, made by its first writer and copied with it; None before."""
        key = self.kept.binding()
        return None if key is None else hashlib.sha256(b"campaign store\0" + key).hexdigest()[:32]

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
