"""What a campaign's log says beside its kind's state: its name now, its identity, its clock and
holidays, who replaced whom, what its deadline is reckoned from and the organiser's key. Every
view, report and notice reads them here (`Loaded.facts`), folded from the whole log by the
functions that say each of them — or, after a write resumed from what was kept beside the log
(issue #31), from the facts kept in the view and the events just recorded (`after`), which gives
the same facts for every event of a kind's own and every note, and for an undo or a redo of such
events, and nothing for any other: a rename, a deadline are rare, and the log is read whole for
them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from campaign.domain.deadlines import Reckoning, holidays, zone_of
from campaign.domain.shared_commands import current_name, retracted
from campaign.proof.checkpoint import announced, origin_of
from events.common import (
    ActionsRestored,
    ActionsRetracted,
    CampaignEvent,
    NoteRecorded,
    PlayerRenamed,
    PlayerReplaced,
    PlayerWithdrew,
)

SHARED = "campaign."
"""The topics of the events every kind shares (events.common), the ones that say these facts."""


def plain(event: CampaignEvent) -> bool:
    """An event that changes none of a log's facts but when it moved on: a kind's own, or a
    note."""
    return not event.TOPIC.startswith(SHARED) or isinstance(event, NoteRecorded)


def all_plain(told: Sequence[CampaignEvent]) -> bool:
    """The events an undo or a redo names (campaign.domain.log.named) are some, every one `plain`:
    taking them back or restoring them tells no fact."""
    return bool(told) and all(plain(e) for e in told)


def _plainly(
    event: CampaignEvent, named: Callable[[CampaignEvent], Sequence[CampaignEvent]] | None
) -> bool:
    """An undo or a redo of `plain` events alone (`named`: the events it names)."""
    if named is None or not isinstance(event, (ActionsRetracted, ActionsRestored)):
        return False
    return all_plain(named(event))


@dataclass(frozen=True)
class Facts:
    name: str
    origin: str
    zone: str | None
    holidays: list[dict[str, str]]
    people: list[dict[str, Any]]
    reckoning: Reckoning
    key: tuple[int, str] | None

    @classmethod
    def of(cls, events: Sequence[CampaignEvent]) -> Facts:
        """The facts of a whole log."""
        return cls(
            name=current_name(events),
            origin=origin_of(events[0]),
            zone=zone_of(events),
            holidays=holidays(events),
            people=people(events),
            reckoning=Reckoning.of(events),
            key=announced(events, len(events)),
        )

    def after(
        self,
        new: Sequence[CampaignEvent],
        named: Callable[[CampaignEvent], Sequence[CampaignEvent]] | None = None,
    ) -> Facts | None:
        """The facts once `new` is recorded, where every event of it is `plain` — or an undo
        or a redo every event of which it `named` (campaign.domain.log.named) is: it moves the
        campaign on as they do, and what it takes back or restores tells no fact — else None."""
        if not all(plain(event) or _plainly(event, named) for event in new):
            return None
        reckoning = self.reckoning
        for event in new:
            reckoning = reckoning.after(event)
        return replace(self, reckoning=reckoning)

    def data(self) -> dict[str, Any]:
        """The facts as a view keeps them (campaign.readmodel.status): those a view shows under
        their own names, the rest under `reckoning` and `key`."""
        return {
            "name": self.name,
            "origin": self.origin,
            "zone": self.zone,
            "holidays": self.holidays,
            "people": self.people,
            "reckoning": self.reckoning.data(),
            "key": self.key,
        }

    @classmethod
    def kept(cls, seen: dict[str, Any]) -> Facts | None:
        """The facts a kept view holds (`data`), or None where it holds none this program reads."""
        try:
            reckoning = Reckoning.kept(seen["reckoning"])
            key = seen["key"]
            return cls(
                seen["name"],
                seen["origin"],
                seen["zone"],
                seen["holidays"],
                seen["people"],
                reckoning,
                None if key is None else (key[0], key[1]),
            )
        except (KeyError, TypeError, ValueError):
            return None


def people(events: Sequence[CampaignEvent]) -> list[dict[str, Any]]:
    """Each change of who plays, in the order recorded (undone ones left out)."""
    taken_back = retracted(events)
    changes: list[dict[str, Any]] = []
    for event in events:
        if event.originator_version in taken_back:
            continue
        if isinstance(event, PlayerReplaced):
            changes.append({"change": "replaced", "player": event.by, "replacing": event.player})
        elif isinstance(event, PlayerRenamed):
            changes.append({"change": "renamed", "player": event.to, "was": event.player})
        elif isinstance(event, PlayerWithdrew):
            changes.append({"change": "withdrew", "player": event.player})
        else:
            continue
        changes[-1].update(event=event.originator_version, reason=event.reason)
    return changes
