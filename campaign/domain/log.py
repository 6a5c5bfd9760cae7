"""A campaign's log as read, and what it gives: its kind, every event and the state they fold
to (`Loaded`), the state as each round ended (`RoundEnds`, `round_end`), a prefix of it
(`as_it_stood`), which rounds are over (`finished`). Pure: nothing here reads the store."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, cast

from campaign.domain import chain
from campaign.domain.facts import Facts
from campaign.domain.kind import Kind
from campaign.domain.registry import kind
from campaign.domain.shared_commands import Ledger, retracted
from campaign.errors import CampaignError, StoreError
from events.common import ActionsRestored, ActionsRetracted, CampaignEvent, CampaignStarted


@dataclass(frozen=True)
class Loaded:
    """A campaign as read from the store: its kind, every event (retracted ones too) and the state
    they give."""

    kind: Kind
    events: tuple[CampaignEvent, ...]
    state: Any
    links: tuple[str, ...] | None = field(default=None, repr=False, compare=False)
    """Each event's link in the hash chain as computed when the log was read, if it was read
    from the store (campaign.store.rows); else computed when first asked."""
    resumed: Resumed | None = field(default=None, repr=False, compare=False)
    """Where the log was resumed from what was kept beside it (`KeptLog`), if it was."""

    @property
    def started(self) -> CampaignStarted:
        return cast(CampaignStarted, self.events[0])  # every log begins with its start

    @cached_property
    def facts(self) -> Facts:
        """What the log says beside the kind's state (campaign.domain.facts): from the view it was
        resumed from and the events since, where they tell it, else from the whole log."""
        if self.resumed is not None:
            kept = Facts.kept(self.resumed.seen)
            told = lambda event: named(self.events, event)  # noqa: E731
            after = None if kept is None else kept.after(self.resumed.new, told)
            if after is not None:
                return after
        return Facts.of(self.events)

    @cached_property
    def chain_break(self) -> tuple[int, str] | None:
        return chain.first_break(self.events, self.links)

    @cached_property
    def round_ends(self) -> RoundEnds:
        """Where each round (or scenario) ended, from one fold of the log however many reports
        ask (`round_end`)."""
        return RoundEnds(self.kind, self.events)

    @cached_property
    def ledger(self) -> Ledger:
        """The organiser's actions still standing (campaign.domain.shared_commands.Ledger), which an
        undo and a redo decide on: from the ledger kept in the view the log was resumed from and the
        events since (issue #31), else from the whole log."""
        if self.resumed is not None:
            kept = Ledger.kept(self.resumed.seen.get("ledger"), self.kind)
            if kept is not None:
                for event in self.resumed.new:
                    kept.record(event)
                return kept
        return Ledger.of(self.events, self.kind)

    @property
    def chain_break_known(self) -> tuple[int, str] | None:
        """The chain's first break if it was already looked for (a write always looks first),
        else None: never computed just to be asked."""
        return self.__dict__.get("chain_break")


@dataclass(frozen=True)
class Resumed:
    """A log resumed from what was kept beside it: the view kept (campaign.readmodel.status) and the
    events recorded since it was read."""

    seen: dict[str, Any]
    new: tuple[CampaignEvent, ...] = ()
    base: Callable[[], tuple[int, Any] | None] | None = field(default=None, compare=False)
    """Where the state may be folded on from without the log before it, if kept: how many
    events the log held as the round in progress began, and the state then (`fold_after`)."""


class KeptLog(Sequence[CampaignEvent]):
    """A log known by its first and last events and its length — what a write resumed from the
    rows kept beside it knows (issue #31) — read only where more of it is asked: `read(start,
    stop)` gives the events numbered start + 1 to stop. Whatever asks more than its length, its
    ends or its `tail` reads it whole once, and finds what it always found."""

    def __init__(
        self,
        first: CampaignEvent,
        last: CampaignEvent,
        size: int,
        read: Callable[[int, int], tuple[CampaignEvent, ...]],
    ) -> None:
        self.first, self.last, self.size, self.read = first, last, size, read

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: Any) -> Any:
        if index in (0, -self.size):
            return self.first
        if index in (-1, self.size - 1):
            return self.last
        return self.whole[index]

    def __iter__(self) -> Iterator[CampaignEvent]:
        return iter(self.whole)

    def __add__(self, more: tuple[CampaignEvent, ...]) -> KeptLog | tuple[CampaignEvent, ...]:
        if not more:
            return self
        if "whole" in self.__dict__:
            return self.whole + tuple(more)
        size, added = self.size, tuple(more)

        def read(start: int, stop: int) -> tuple[CampaignEvent, ...]:
            before = self.read(start, min(stop, size)) if start < size else ()
            return before + added[max(start - size, 0) : stop - size]

        return KeptLog(self.first, added[-1], size + len(added), read)

    def tail(self, start: int) -> tuple[CampaignEvent, ...]:
        """The events numbered after `start`, read alone."""
        if "whole" in self.__dict__:
            return self.whole[start:]
        return self.read(start, self.size)

    @cached_property
    def whole(self) -> tuple[CampaignEvent, ...]:
        return self.read(0, self.size)


def named(events: Sequence[CampaignEvent], event: CampaignEvent) -> tuple[CampaignEvent, ...]:
    """The events an undo (`event`) takes back or a redo restores, of the log `events` (of a
    `KeptLog`, read from the first of them on alone); none for any other event."""
    if isinstance(event, ActionsRestored):
        undone = tail(events, event.undo - 1)[:1]
        return named(events, undone[0]) if undone else ()
    if not isinstance(event, ActionsRetracted) or not event.seqs:
        return ()
    seqs = set(event.seqs)
    return tuple(e for e in tail(events, min(seqs) - 1) if e.originator_version in seqs)


def tail(events: Sequence[CampaignEvent], start: int) -> tuple[CampaignEvent, ...]:
    """The events of a log numbered after `start`: of a `KeptLog` read alone."""
    if isinstance(events, KeptLog):
        return events.tail(start)
    return tuple(events[start:])


class RoundEnds:
    """A campaign as it stood as each round (or scenario) ended, folded once and only as far as
    asked: a report of round 1 reads a log damaged later, as it always did. It holds the log's
    kind and events, not the `Loaded` that keeps it: no reference cycle keeps a long log in
    memory until the garbage collector's next full pass (a pause of ~35 ms at 100,000 events,
    in the hub, at whichever request it fell on)."""

    def __init__(self, of: Kind, events: tuple[CampaignEvent, ...]) -> None:
        self.of, self.events = of, events
        self.ends: list[Loaded] = []
        self.taken_back = retracted(events)
        self.state, self.next = of.start(cast(CampaignStarted, events[0])), 1
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
    state = loaded_kind.start(cast(CampaignStarted, events[0]))
    for event in events[1:]:
        if event.originator_version not in taken_back:
            state = apply(loaded_kind, state, event)
    return state


def fold_after(
    loaded_kind: Kind, base: tuple[int, Any], events: Sequence[CampaignEvent]
) -> Any | None:
    """The state of a log folded on from `base` (how many events it held then, and the state
    they gave) through `events`, the events after those, leaving out those retracted — or None
    where an undo or a redo among them names an event of the base: the base's state counted
    that event otherwise (issue #31: an undo within the round in progress folds that round
    alone)."""
    before, state = base
    told = [seq for e in events if isinstance(e, ActionsRetracted) for seq in e.seqs]
    told += [e.undo for e in events if isinstance(e, ActionsRestored)]
    if told and min(told) <= before:
        return None
    taken_back = retracted(events)
    for event in events:
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
    of = kind(cast(CampaignStarted, events[0]).rules)
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
