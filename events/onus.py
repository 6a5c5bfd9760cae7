"""ONUS! Under the Eagle's events (rules page ON-n): facts only; winners, rosters and
Character availability are projections."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("onus.SidesTaken")
class SidesTaken(CampaignEvent):
    """ON-1.1: who plays Rome, who its enemies; the campaign option of ON-2.2."""

    rome: str
    enemies: str
    reset_eliminated: bool


@topic("onus.ArmyMustered")
class ArmyMustered(CampaignEvent):
    """ON-3.2: a free-choice army for the next scenario, by unit type and count."""

    scenario: int
    side: str
    units: dict[str, int]


@topic("onus.ScenarioPlayed")
class ScenarioPlayed(CampaignEvent):
    """ON-3.1: the scenario's facts, and what befell units and Characters (ON-2.3 … ON-2.5)."""

    scenario: int
    facts: dict[str, str]
    stated_winner: str | None
    eliminated: list[str]
    lost_with_unit: list[str]
    wounded: list[str]
    officer_casualties: list[str]


@topic("onus.UnitUpgraded")
class UnitUpgraded(CampaignEvent):
    """ON-2.1: the scenario winner's upgrade of one unit card."""

    scenario: int
    side: str
    unit: str
    status: str


@topic("onus.UpgradeDeclined")
class UpgradeDeclined(CampaignEvent):
    scenario: int
    side: str
