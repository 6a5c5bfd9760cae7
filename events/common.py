"""Events shared by every kind of campaign."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar, dataclass_transform

from eventsourcing.domain import DomainEvent, MetaDomainEvent
from eventsourcing.utils import register_topic

ALLOWED_TOPICS: dict[str, type] = {}

E = TypeVar("E", bound="type[CampaignEvent]")


def topic(name: str) -> Callable[[E], E]:
    """Give an event class an explicit topic and put it on the allow-list."""

    def register(cls: E) -> E:
        cls.TOPIC = name
        register_topic(name, cls)
        ALLOWED_TOPICS[name] = cls
        return cls

    return register


@dataclass_transform(frozen_default=True)
class FrozenEvents(MetaDomainEvent):
    """eventsourcing's metaclass, which makes every event class a frozen dataclass, said so to
    the type checker: an event's fields are its constructor's keywords."""


class CampaignEvent(DomainEvent, metaclass=FrozenEvents):
    """Every event says who recorded it, under which rules version, and carries
    `chain`: the SHA-256 linking it to the event before (see campaign/domain/chain.py)."""

    TOPIC: ClassVar[str]

    actor: str
    rules_version: str
    chain: str


@topic("campaign.CampaignStarted")
class CampaignStarted(CampaignEvent):
    name: str
    rules: str
    players: list[str]
    map_source: str
    seed_commitment: str | None


@topic("campaign.NoteRecorded")
class NoteRecorded(CampaignEvent):
    text: str


@topic("campaign.ActionsRetracted")
class ActionsRetracted(CampaignEvent):
    """`campaign undo`: the events numbered `seqs` no longer count; the log keeps them."""

    seqs: list[int]
    reason: str


@topic("campaign.CampaignRenamed")
class CampaignRenamed(CampaignEvent):
    """`campaign rename`: the campaign is called `name` from now on (its log stays one stream)."""

    name: str


@topic("campaign.CampaignArchived")
class CampaignArchived(CampaignEvent):
    """`campaign archive` (archived) or `campaign archive --restore`: shown in `list` or not."""

    archived: bool


@topic("campaign.ActionsRestored")
class ActionsRestored(CampaignEvent):
    """`campaign redo`: the undo numbered `undo` no longer counts; what it retracted stands
    again."""

    undo: int
    reason: str


@topic("campaign.DeadlineSet")
class DeadlineSet(CampaignEvent):
    """The step in hand (as the program words it) is due `at` (ISO 8601, UTC)."""

    step: str
    at: str
    reason: str | None


@topic("campaign.DeadlineCleared")
class DeadlineCleared(CampaignEvent):
    """No deadline any more, and why."""

    reason: str


@topic("campaign.DeadlineDefaultChosen")
class DeadlineDefaultChosen(CampaignEvent):
    """Every step in hand is due `length` (`14d`, `36h`, `2w`) after the last thing that happened,
    unless a deadline is set for it; an empty length: no default any more."""

    length: str


@topic("campaign.PlayerAway")
class PlayerAway(CampaignEvent):
    """A player's holiday, drawn from his bank of days (`campaign away`): `days` from when it
    was recorded, `until` that instant (ISO 8601, UTC)."""

    player: str
    days: int
    until: str
    reason: str


@topic("campaign.QuietHoursChosen")
class QuietHoursChosen(CampaignEvent):
    """A deadline that would fall between `start` and `end` (`22:00` and `08:00`, on the
    campaign's clock) falls at `end` instead; both empty: no quiet hours any more."""

    start: str
    end: str


@topic("campaign.TimeZoneChosen")
class TimeZoneChosen(CampaignEvent):
    """The campaign's time zone (an IANA name, `Europe/London`): deadlines are read and shown in
    it; the log keeps every instant in UTC."""

    zone: str


@topic("campaign.DeadlineRuleChosen")
class DeadlineRuleChosen(CampaignEvent):
    """What a missed deadline does: `auto` (the program records what the kind's rules page says,
    as the actor `deadline`) or `organiser` (he decides)."""

    rule: str


@topic("campaign.PlayerReplaced")
class PlayerReplaced(CampaignEvent):
    """`campaign replace-player`: `by` takes over `player`'s place, holdings and everything still
    to come; what `player` did stays his in the log and in past rounds."""

    player: str
    by: str
    reason: str


@topic("campaign.PlayerRenamed")
class PlayerRenamed(CampaignEvent):
    """`campaign rename-player`: the same person, his name written `to` from now on and in
    every round shown (a typo put right)."""

    player: str
    to: str
    reason: str


@topic("campaign.PlayerWithdrew")
class PlayerWithdrew(CampaignEvent):
    """`campaign withdraw`: `player` leaves with no replacement; the kind's rules page says what
    becomes of his place."""

    player: str
    reason: str


@topic("campaign.KeyAnnounced")
class KeyAnnounced(CampaignEvent):
    """`campaign key announce`: the organiser's public signing key (a verifier key,
    `NAME+KEYID+KEY`, campaign/proof/checkpoint.py); every checkpoint of the events after it is
    signed by it, until another is announced."""

    key: str


@topic("campaign.BeaconRoundEntered")
class BeaconRoundEntered(CampaignEvent):
    """`campaign beacon` (issue #52): round `beacon_round` of the public randomness beacon whose
    chain hash is `chain_hash`, its BLS signature `signature` (hex) verified against the
    network's public key `public_key` when entered and again by `verify`; `randomness`, the
    SHA-256 of the signature, is the beacon's value. The network is written beside the round:
    the log says which key the signature holds against, and a reader checks it with a few lines
    of his own, needing no belief in what some version of this program knew. (Not `round`: an
    event's `round` is the campaign's round it belongs to, as the log reads it.)"""

    beacon_round: int
    signature: str
    randomness: str
    chain_hash: str
    public_key: str
