"""Commands every kind of campaign takes: notes, undo and redo, renaming and archiving."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from campaign.domain.drafts import AUTOMATIC_ACTOR, Draft, draft
from campaign.domain.grammar import plural
from campaign.domain.kind import Kind
from campaign.errors import CampaignError
from campaign.input.names import folded, resolve
from campaign.input.text import name as name_text
from campaign.input.text import person, words
from events.common import (
    ActionsRestored,
    ActionsRetracted,
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

NOT_ACTIONS = (
    NoteRecorded,
    ActionsRetracted,
    ActionsRestored,
    CampaignRenamed,
    CampaignArchived,
    DeadlineSet,
    DeadlineCleared,
    DeadlineRuleChosen,
    DeadlineDefaultChosen,
    TimeZoneChosen,
    PlayerAway,
    QuietHoursChosen,
    KeyAnnounced,
)
"""Events that are not actions of the campaign: undo never takes them back."""


def announce_key(key: str, events: Sequence[CampaignEvent] = ()) -> list[Draft]:
    """The organiser's public signing key, announced in the log (issue #30); refused where the
    log (`events`) announced another key under the same name (issue #47: a player holding the
    name alone would take a second key's signature for the first's)."""
    from campaign.proof.checkpoint import verifier

    given = verifier(key)
    taken_back = retracted(events)
    for event in events:
        if not isinstance(event, KeyAnnounced) or event.originator_version in taken_back:
            continue
        earlier = verifier(event.key)
        if earlier.name == given.name and earlier.text() != given.text():
            raise CampaignError(
                f"Event {event.originator_version} announced another key named {given.name}: "
                "announce this one under a name of its own (campaign key new --name …)."
            )
    return [draft(KeyAnnounced, key=given.text())]


def note(text: str) -> list[Draft]:
    """An organiser's note or ruling, as plain text."""
    return [draft(NoteRecorded, text=words(text, "a note"))]


def retractions(events: Sequence[CampaignEvent]) -> dict[int, ActionsRetracted]:
    """Which undo took back each retracted event; an undo that a redo restored counts for
    nothing."""
    restored = {e.undo for e in events if isinstance(e, ActionsRestored)}
    return {
        seq: e
        for e in events
        if isinstance(e, ActionsRetracted) and e.originator_version not in restored
        for seq in e.seqs
    }


def retracted(events: Sequence[CampaignEvent]) -> set[int]:
    """The numbers of the events that `campaign undo` took back."""
    return set(retractions(events))


class Ledger:
    """The organiser's actions still standing, each with the events the rules recorded after it,
    kept up to date event by event (so that `verify` checks every undo in linear time). The
    campaign's set-up — its start and the kind's `setup_events`, with what they forced — is not
    an action; nothing up to an event that stands (`Kind.stands`: a die rolled) can be undone."""

    def __init__(self, of: Kind | None = None) -> None:
        self.setup = (CampaignStarted, *(of.setup_events if of else ()))
        self.stands = of.stands if of else (lambda event: False)
        self.why_standing = of.standing_reason if of else ""
        self.at_start, self.fixed = True, False
        self.standing: list[list[int]] = []
        self.undone: dict[int, list[list[int]]] = {}
        self.last_action = 0

    @classmethod
    def of(cls, events: Sequence[CampaignEvent], of: Kind | None = None) -> Ledger:
        ledger = cls(of)
        for event in events:
            ledger.record(event)
        return ledger

    def record(self, event: CampaignEvent) -> None:
        seq = event.originator_version
        if isinstance(event, ActionsRetracted):
            self._retract(seq, set(event.seqs))
        elif isinstance(event, ActionsRestored):
            self.standing += self.undone.pop(event.undo, [])
        elif isinstance(event, NOT_ACTIONS):
            return
        elif self.stands(event):
            self.standing.clear()
            self.undone.clear()
            self.at_start, self.fixed, self.last_action = True, True, seq
        elif event.actor == AUTOMATIC_ACTOR:
            if not self.at_start:
                self.standing[-1].append(seq)
        elif isinstance(event, self.setup):
            self.at_start = True
        else:
            self.at_start, self.last_action = False, seq
            self.standing.append([seq])

    def data(self) -> dict[str, Any]:
        """The ledger as a view keeps it (JSON, campaign.readmodel.status): `kept` reads it back, so
        that an undo or a redo decides without reading the log (issue #31)."""
        return {
            "at_start": self.at_start,
            "fixed": self.fixed,
            "standing": self.standing,
            "undone": {str(undo): groups for undo, groups in self.undone.items()},
            "last_action": self.last_action,
        }

    @classmethod
    def kept(cls, data: Any, of: Kind | None = None) -> Ledger | None:
        """The ledger a view kept (`data`), or None where it holds none this program reads."""
        ledger = cls(of)
        try:
            ledger.at_start, ledger.fixed = bool(data["at_start"]), bool(data["fixed"])
            ledger.standing = [[int(seq) for seq in group] for group in data["standing"]]
            ledger.undone = {
                int(undo): [[int(seq) for seq in group] for group in groups]
                for undo, groups in data["undone"].items()
            }
            ledger.last_action = int(data["last_action"])
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        return ledger

    def _retract(self, undo: int, seqs: set[int]) -> None:
        taken: list[list[int]] = []
        while self.standing and set(self.standing[-1]) <= seqs:
            taken.insert(0, self.standing.pop())
        self.undone[undo] = taken

    @property
    def limit(self) -> str:
        """What no undo reaches past, in words."""
        if self.fixed:
            return self.why_standing
        return "the campaign's start cannot be retracted"


def undo(
    ledger: Ledger,
    steps: int,
    reason: str,
    expect: int | None = None,
) -> list[Draft]:
    """Retract the latest `steps` actions of the `ledger` (the log's, `Loaded.ledger`): the log
    keeps them, the state forgets them. Where the organiser named the latest action he means
    (`expect`: an event of it, as the log shows it), nothing is retracted if another action is
    the latest now (one recorded meanwhile)."""
    if expect is not None and ledger.standing and expect not in ledger.standing[-1]:
        raise CampaignError(
            f"The latest action is event {ledger.standing[-1][0]}, not {expect}: nothing was "
            "undone (look at the log, then undo again)."
        )
    return undo_latest(ledger, steps, reason)


def latest_action(ledger: Ledger) -> int | None:
    """The first event of the ledger's latest action still standing, if any."""
    return ledger.standing[-1][0] if ledger.standing else None


def undo_latest(ledger: Ledger, steps: int, reason: str) -> list[Draft]:
    if not reason.strip():
        raise CampaignError(
            "Say why with --reason: the log keeps the retracted actions and the reason."
        )
    reason = words(reason, "the reason")
    if steps < 1:
        raise CampaignError("--steps takes a whole number of actions, 1 or more.")
    standing = ledger.standing
    if not standing:
        raise CampaignError(f"There is nothing to undo: {ledger.limit}.")
    if steps > len(standing):
        raise CampaignError(
            f"Only {plural(len(standing), 'action')} can be undone: {ledger.limit}."
        )
    seqs = [seq for group in standing[-steps:] for seq in group]
    return [draft(ActionsRetracted, seqs=seqs, reason=reason)]


def current_name(events: Sequence[CampaignEvent]) -> str:
    """The campaign's name now: the last it was renamed to, or the one it started under."""
    renamed = [e.name for e in events if isinstance(e, CampaignRenamed)]
    started = events[0]
    assert isinstance(started, CampaignStarted)  # every log begins with its start
    return renamed[-1] if renamed else started.name


def redo(ledger: Ledger, reason: str) -> list[Draft]:
    """Restore what the latest undo took back, when no action was recorded since it."""
    return redo_latest(ledger, reason)


def redo_latest(ledger: Ledger, reason: str) -> list[Draft]:
    reason = words(reason, "the reason")
    if not ledger.undone:
        raise CampaignError("There is nothing to redo: no undo stands.")
    latest = max(ledger.undone)
    if ledger.last_action > latest:
        raise CampaignError(
            f"Event {ledger.last_action} was recorded after the undo (event {latest}), so it "
            "cannot be redone."
        )
    return [draft(ActionsRestored, undo=latest, reason=reason)]


def rename(name: str) -> list[Draft]:
    """The campaign's new name (its log stays one stream; the store checks the name is free)."""
    return [draft(CampaignRenamed, name=name_text(name, "the campaign's name"))]


def archive(archived: bool) -> list[Draft]:
    """Hidden from `campaign list` (unless --all), or shown again."""
    return [draft(CampaignArchived, archived=archived)]


# People: a newcomer for a player, a name put right, a player who leaves.


def replace_player(of: Kind, state: object, player: str, by: str, reason: str) -> list[Draft]:
    """A newcomer takes over a player's place and everything still to come."""
    old, new = _newcomer(of, state, player, by, "the newcomer's name")
    of.check_leaving(state, old, "replaced")
    return [draft(PlayerReplaced, player=old, by=new, reason=_why(reason))]


def rename_player(of: Kind, state: object, player: str, to: str, reason: str) -> list[Draft]:
    """The same player, his name put right everywhere."""
    old, new = _newcomer(of, state, player, to, "the player's new name")
    return [draft(PlayerRenamed, player=old, to=new, reason=_why(reason))]


def withdraw(of: Kind, state: object, player: str, reason: str) -> list[Draft]:
    """A player leaves with no replacement: his kind's rules page says what becomes of his
    place (a kind without such a rule refuses, naming replace-player)."""
    who = resolve("player", player, of.players(state))
    of.check_leaving(state, who, "withdrawn")
    return [draft(PlayerWithdrew, player=who, reason=_why(reason))]


def _newcomer(of: Kind, state: object, player: str, by: str, what: str) -> tuple[str, str]:
    current = of.players(state)
    old, new = resolve("player", player, current), person(by, what)
    playing = {folded(p): p for p in current}
    if folded(new) in playing:
        raise CampaignError(
            f"{playing[folded(new)]} already plays in this campaign; name someone new."
        )
    return old, new


def _why(reason: str) -> str:
    if not reason.strip():
        raise CampaignError("Say why with --reason: the log keeps it for the players.")
    return words(reason, "the reason")
