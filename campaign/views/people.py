"""Who replaced whom, who was renamed, who withdrew: read from the log for every kind (status
--json's `people`, every report's "Players" section)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from campaign.common import retracted
from events.common import CampaignEvent, PlayerRenamed, PlayerReplaced, PlayerWithdrew


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


def lines(events: Sequence[CampaignEvent]) -> list[str]:
    """The changes in words: `Eve (replacing Bob) since event 31: Bob moved abroad`."""
    return said(people(events))


def said(changes: list[dict[str, Any]]) -> list[str]:
    """The changes `people` gives, in words (`lines`)."""
    words = {
        "replaced": lambda c: f"{c['player']} (replacing {c['replacing']})",
        "renamed": lambda c: f"{c['player']} (written {c['was']} before)",
        "withdrew": lambda c: f"{c['player']} withdrew, with no replacement",
    }
    return [f"{words[c['change']](c)} since event {c['event']}: {c['reason']}" for c in changes]
