"""Thunderbolt's events told in one line each: the chapters' narrations joined."""

from __future__ import annotations

from campaign.kinds.thunderbolt.chapters import joined
from events.common import CampaignEvent

TOLD = joined("narrate", "TOLD")
"""Each event's line, by its class: the chapters' narrations joined."""


def describe(event: CampaignEvent) -> str:
    tell = TOLD.get(type(event))
    return type(event).__name__ if tell is None else tell(event)
