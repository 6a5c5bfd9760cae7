"""Thunderbolt's events: Naval Superiority (TB-26). Facts only; the chapter's decisions and fold
are in `campaign/kinds/thunderbolt/chapters/naval/`."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("thunderbolt.NavalAllotted")
class NavalAllotted(CampaignEvent):
    """TB-26.2, TB-26.3 (rulebook 8.11): in B3a a side's NS levels built (Carthage's; Rome's are
    NavalBuilt) put into Naval Zones (`zones`: zone → levels, each one toward the side), and its
    re-allotments (`moves`: one level each, "FROM>TO")."""

    turn: int
    side: str
    built: int
    zones: dict[str, int]
    moves: list[str]
