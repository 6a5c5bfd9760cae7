"""`campaign verify`: replay a whole log through the rules that guarded every command.

Every event made by a command is decided again from the state before it and
must come out the same; every event the rules forced must be exactly what the
rules force there; the hash chain must be intact from the first event on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from campaign.domain import chain, deadlines
from campaign.domain.chain import event_words
from campaign.domain.drafts import AUTOMATIC_ACTOR, Draft
from campaign.domain.grammar import plural
from campaign.domain.kind import Decide, Kind
from campaign.domain.shared_commands import (
    Ledger,
    announce_key,
    archive,
    note,
    redo_latest,
    rename,
    rename_player,
    replace_player,
    retracted,
    undo_latest,
    withdraw,
)
from campaign.errors import CampaignError, RuleViolation
from campaign.input import text
from events.common import (
    ActionsRestored,
    ActionsRetracted,
    BeaconRoundEntered,
    CampaignArchived,
    CampaignEvent,
    CampaignRenamed,
    CampaignStarted,
    DeadlineCleared,
    DeadlineDefaultChosen,
    DeadlineRuleChosen,
    DeadlineSet,
    KeyAnnounced,
    NoteRecorded,
    PlayerAway,
    PlayerRenamed,
    PlayerReplaced,
    PlayerWithdrew,
    QuietHoursChosen,
    TimeZoneChosen,
)


class AuditFailure(CampaignError):
    """The first event that is not what the rules and the chain say it must be."""

    def __init__(self, event: int, message: str, rule: str | None = None) -> None:
        self.event, self.rule = event, rule
        cited = f" ({rule})" if rule else ""
        super().__init__(f"Event {event}: {message.rstrip('.')}{cited}.")


@dataclass(frozen=True)
class Verified:
    events: int
    checks: int
    state: Any


def same(draft: Draft, event: CampaignEvent) -> bool:
    """Whether the decision taken again records `event`: the same kind of event with the same
    data, but for a deadline's words for its step (`DeadlineSet.step`), which are how the program
    of its day worded the step in hand: which step a deadline is for follows from where it stands
    in the log (campaign.domain.deadlines), and a kind may reword its next step."""
    if draft.kind is not type(event):
        return False
    data = chain.data_of(event)
    if draft.kind is DeadlineSet:
        return draft.fields | {"step": data.get("step")} == data
    return draft.fields == data


def audit(of: Kind, events: Sequence[CampaignEvent]) -> Verified:
    broken = chain.first_break(events)
    if broken:
        raise AuditFailure(broken[0], broken[1])
    started = _check_start(of, events[0])
    taken_back, ledger = retracted(events), Ledger.of(events[:1], of)
    state, checks = of.start(started), len(events)
    forced = Forced(of)
    for position, event in enumerate(events[1:], 1):
        _check_time(event, events[position - 1])
        if isinstance(event, ActionsRetracted):
            _check_retraction(ledger, event)
        elif isinstance(event, ActionsRestored):
            _check_restore(ledger, event)
        elif event.originator_version not in taken_back:
            if isinstance(event, PlayerAway):
                _check_bank(event, events[:position])
            if event.actor == deadlines.DEADLINE_ACTOR:
                _check_missed(of, state, event, events[:position])
            elif isinstance(event, DeadlineSet) and event.actor == AUTOMATIC_ACTOR:
                _check_held(of, state, event, events[:position])
            else:
                _check_event(of, state, event, forced(state))
            state = of.apply(state, event)
        ledger.record(event)
        checks += 1
    if forced(state):
        raise AuditFailure(
            len(events) + 1, "the log ends before the consequences the rules force were recorded"
        )
    return Verified(len(events), checks, state)


class Forced:
    """The consequences the rules force in a state (`Kind.consequences`), asked again only of a
    new state: an event that leaves the state as it was (a note, a deadline) leaves them as
    they were — every kind's state is frozen — and a kind's may look at every move open to
    every player, 0.5 ms a state (#31: 5.9 s of a 10,000-note log's 6.0 s audit)."""

    def __init__(self, of: Kind) -> None:
        self.of, self.state = of, None
        self.forced: list[Draft] = []

    def __call__(self, state: Any) -> list[Draft]:
        if state is not self.state:
            self.state, self.forced = state, self.of.consequences(state)
        return self.forced


def _check_start(of: Kind, started: CampaignEvent) -> CampaignStarted:
    """The campaign's first event must be its start, and meet the rules its kind sets for a start
    (how many players, which sides)."""
    if not isinstance(started, CampaignStarted):
        raise AuditFailure(1, "the log does not begin with the campaign's start")
    try:
        text.name(started.name, "the campaign's name")
        text.persons(started.players, "a player's name")
        _check_actor(started)
        of.check_start(started)
    except RuleViolation as refusal:
        raise AuditFailure(
            1, f"the campaign's start breaks a rule: {refusal.message}", refusal.rule
        ) from None
    except CampaignError as refusal:
        raise AuditFailure(1, f"the campaign's start would be refused: {refusal}") from None
    return started


def _check_actor(event: CampaignEvent) -> None:
    """Who recorded an event is a name someone could type, or the program itself."""
    if event.actor != AUTOMATIC_ACTOR:
        text.actor(event.actor)


def _check_event(of: Kind, state: Any, event: CampaignEvent, forced: list[Draft]) -> None:
    """`event` is what the rules force in `state` (`forced`, its consequences), or else what
    its command decides there, recorded by a person."""
    seq, name = event.originator_version, f"the {event_words(type(event))}"
    if forced:
        if not same(forced[0], event) or event.actor != AUTOMATIC_ACTOR:
            raise AuditFailure(
                seq,
                f"the rules required a {event_words(forced[0].kind)} here, not "
                f"{name.removeprefix('the ')}",
            )
        return
    if event.actor == AUTOMATIC_ACTOR:
        raise AuditFailure(
            seq, f"{name} is marked as forced by the rules, but nothing was forced here"
        )
    try:
        _check_actor(event)
        decided = _replay(of, event)(state)
    except RuleViolation as refusal:
        raise AuditFailure(seq, f"{name} breaks a rule: {refusal.message}", refusal.rule) from None
    except CampaignError as refusal:
        raise AuditFailure(seq, f"{name} would be refused: {refusal}") from None
    if not decided or not same(decided[0], event):
        raise AuditFailure(seq, f"{name} is not what the command decides from the state before it")


def _check_time(event: CampaignEvent, before: CampaignEvent) -> None:
    """Time only moves forward: an event is recorded no earlier than the one before it (issue
    #47: a tick stamped in the future, then an event in the present, read out of order)."""
    if event.timestamp < before.timestamp:
        raise AuditFailure(
            event.originator_version,
            f"it was recorded at {event.timestamp.isoformat()}, before event "
            f"{before.originator_version} ({before.timestamp.isoformat()}): the log's times go "
            "backwards",
        )


def _check_bank(event: PlayerAway, before: Sequence[CampaignEvent]) -> None:
    """A holiday within the player's bank over the whole log, whatever his seat was called."""
    used = deadlines.days_taken(before, event.player)
    if used + event.days > deadlines.HOLIDAY_BANK:
        raise AuditFailure(
            event.originator_version,
            f"{event.player}'s holiday of {plural(event.days, 'day')} goes past the bank of "
            f"{deadlines.HOLIDAY_BANK} days a campaign ({used} taken before)",
        )


def _check_missed(
    of: Kind, state: Any, event: CampaignEvent, before: Sequence[CampaignEvent]
) -> None:
    """An event the actor `deadline` recorded: the rule was `auto`, a deadline for the step then
    in hand had passed when it was recorded, and it is what the kind does then (its rules page's
    deadline house rule)."""
    seq, name = event.originator_version, f"the {event_words(type(event))}"
    step = of.next_step(state)
    if not deadlines.automatic(before, step, event.timestamp):
        raise AuditFailure(
            seq, f"{name} is signed by the deadline, but no passed deadline called for it"
        )
    decided = of.missed(state)
    if not decided or not same(decided[0], event):
        raise AuditFailure(seq, f"{name} is not what a missed deadline does here")


def _check_held(
    of: Kind, state: Any, event: CampaignEvent, before: Sequence[CampaignEvent]
) -> None:
    """A deadline the program moved on: the step then in hand waited for a player on holiday,
    and it is the deadline his return gives (`deadlines.held`)."""
    step, when = of.next_step(state), event.timestamp
    reckoning = deadlines.Reckoning.of(before)
    decided = deadlines.held(reckoning, deadlines.holidays(before), of.awaited(state), step, when)
    if not decided or not same(decided[0], event):
        raise AuditFailure(
            event.originator_version,
            "the deadline set is marked as held for a player's holiday, but no holiday held it so",
        )


def _replay(of: Kind, event: CampaignEvent) -> Decide:
    """The command that recorded `event`: a note, or one of the kind's commands."""
    match event:
        case NoteRecorded():
            return lambda state: note(event.text)
        case DeadlineSet():
            return lambda state: deadlines.set_for(
                of.next_step(state), deadlines.instant(event.at), event.timestamp, event.reason
            )
        case DeadlineCleared():
            return lambda state: deadlines.clear(event.reason)
        case DeadlineRuleChosen():
            return lambda state: deadlines.choose_rule(event.rule)
        case DeadlineDefaultChosen():
            return lambda state: deadlines.choose_default(event.length)
        case TimeZoneChosen():
            return lambda state: deadlines.choose_zone(event.zone)
        case KeyAnnounced():
            return lambda state: announce_key(event.key)
        case PlayerAway():
            return lambda state: deadlines.away_again(of.players(state), event)
        case QuietHoursChosen():
            quiet = f"{event.start}-{event.end}" if event.start else "none"
            return lambda state: deadlines.choose_quiet(quiet)
        case CampaignRenamed():
            return lambda state: rename(event.name)
        case CampaignArchived():
            return lambda state: archive(event.archived)
        case PlayerReplaced():
            return lambda state: replace_player(of, state, event.player, event.by, event.reason)
        case PlayerRenamed():
            return lambda state: rename_player(of, state, event.player, event.to, event.reason)
        case PlayerWithdrew():
            return lambda state: withdraw(of, state, event.player, event.reason)
        case BeaconRoundEntered():
            return lambda state: _beacon_round(event)
    return of.replay(event)


def _beacon_round(event: BeaconRoundEntered) -> list[Draft]:
    """A beacon round entered (issue #52), its signature checked again against the public key
    of the network its chain hash names, as this program knows that network: a round signed by
    a key the log itself supplied would prove nothing."""
    from campaign.domain.drafts import draft
    from campaign.proof import beacon

    entered = beacon.verified(event.beacon_round, event.signature, beacon.known(event.chain_hash))
    return [draft(BeaconRoundEntered, **entered.fields())]


def _check_retraction(ledger: Ledger, event: ActionsRetracted) -> None:
    """An undo retracts the latest actions still standing, whole."""
    latest = ledger.standing[-len(event.seqs) :]
    steps = max(1, len([group for group in latest if set(group) & set(event.seqs)]))
    _check_decided(
        event,
        "undo",
        lambda: undo_latest(ledger, steps, event.reason),
        "does not retract the latest actions",
    )


def _check_restore(ledger: Ledger, event: ActionsRestored) -> None:
    """A redo restores the latest undo still standing, when nothing was recorded since."""
    _check_decided(
        event, "redo", lambda: redo_latest(ledger, event.reason), "does not restore the latest undo"
    )


def _check_decided(
    event: CampaignEvent, what: str, decide: Callable[[], list[Draft]], otherwise: str
) -> None:
    """`event` is what the command `what` decides from the log before it."""
    try:
        _check_actor(event)
        expected = decide()[0]
    except CampaignError as refusal:
        raise AuditFailure(
            event.originator_version, f"the {what} would be refused: {refusal}"
        ) from None
    if not same(expected, event):
        raise AuditFailure(event.originator_version, f"the {what} {otherwise}")


def published_head(events: Sequence[CampaignEvent], head: str) -> str:
    """A chain head published earlier must be the hash of one of the log's events: then everything
    up
    to that event is exactly what was published. Otherwise the log was rewritten."""
    wanted = head.strip().lower()
    seq = next((e.originator_version for e in events if e.chain == wanted), None)
    if seq is None:
        raise AuditFailure(
            len(events),
            "no event of the log has the published chain head: the log was rewritten "
            "before that point, or the hash belongs to another campaign",
        )
    grown = len(events) - seq
    return f"The published chain head is event {seq}" + (
        f"; {plural(grown, 'event was', 'events were')} recorded since."
        if grown
        else ", the latest."
    )
