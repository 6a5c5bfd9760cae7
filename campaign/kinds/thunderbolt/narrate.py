"""Thunderbolt's events told in one line each: the chapters' narrations joined."""

from __future__ import annotations

from campaign.kinds.thunderbolt.allies import narrate as allies_told
from campaign.kinds.thunderbolt.auguries import narrate as auguries_told
from campaign.kinds.thunderbolt.carthage import narrate as carthage_told
from campaign.kinds.thunderbolt.legions import narrate as legions_told
from campaign.kinds.thunderbolt.macedonia import narrate as macedonia_told
from campaign.kinds.thunderbolt.magistrates import narrate as magistrates_told
from campaign.kinds.thunderbolt.naval import narrate as naval_told
from campaign.kinds.thunderbolt.reports import narrate as reports_told
from campaign.kinds.thunderbolt.senate import narrate as senate_told
from campaign.kinds.thunderbolt.tribes import narrate as tribes_told
from campaign.kinds.thunderbolt.turn import narrate as turn_told
from campaign.kinds.thunderbolt.victory import narrate as victory_told
from events.common import CampaignEvent

TOLD = (
    turn_told.TOLD
    | magistrates_told.TOLD
    | senate_told.TOLD
    | legions_told.TOLD
    | carthage_told.TOLD
    | allies_told.TOLD
    | reports_told.TOLD
    | auguries_told.TOLD
    | victory_told.TOLD
    | tribes_told.TOLD
    | naval_told.TOLD
    | macedonia_told.TOLD
)
"""Each event's line, by its class: the chapters' narrations joined."""


def describe(event: CampaignEvent) -> str:
    tell = TOLD.get(type(event))
    return type(event).__name__ if tell is None else tell(event)
