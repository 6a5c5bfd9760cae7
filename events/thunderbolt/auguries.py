"""Thunderbolt's events: The Augury Phase (TB-22). Facts only; the chapter's decisions and fold are
in `campaign/kinds/thunderbolt/chapters/auguries/`."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("thunderbolt.AuguryEntered")
class AuguryEntered(CampaignEvent):
    """TB-22.1 (rulebook E, 12.0): the Augury Phase's roll on the scenario's Augury Table, made at
    the table (TB-16.6), and the event it gave, as entered (`roll` -1 where only the event is)."""

    turn: int
    roll: int
    event: str
