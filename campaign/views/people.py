"""Who replaced whom, who was renamed, who withdrew: read from the log for every kind (status
--json's `people`, every report's "Players" section)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from campaign.domain.facts import people
from events.common import CampaignEvent


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
