"""Thunderbolt's events: Victory Determination (TB-20). Facts only; the chapter's decisions and
fold are in `campaign/kinds/thunderbolt/chapters/victory/`."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("thunderbolt.VictoryDetermined")
class VictoryDetermined(CampaignEvent):
    """TB-20: the Victory Determination of G4 as the scenario's Victory section gives it: an
    automatic victory in a Game Turn before the last (TB-20.1), or the last Game Turn's result,
    a draw where the scenario has one (TB-20.2); its level and the reason, as entered. The game
    ends with it (TB-20.3)."""

    turn: int
    winner: str
    automatic: bool
    level: str
    reason: str
