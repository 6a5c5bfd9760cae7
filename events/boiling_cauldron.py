"""The Boiling Cauldron's events (rules page BC-n).

Facts only: what was declared, what was fought, which region changed hands.
Winners, regions due, armies and attack orders are projections.
"""

from __future__ import annotations

from decimal import Decimal

from events.common import CampaignEvent, topic


@topic("boiling-cauldron.RegionsAllocated")
class RegionsAllocated(CampaignEvent):
    """BC-2.2: the allocation, region by region in alphabetical order."""

    allocation: dict[str, str]
    seed: str | None


@topic("boiling-cauldron.AttackDeclared")
class AttackDeclared(CampaignEvent):
    round: int
    attacker: str
    from_region: str
    to_region: str
    defender: str


@topic("boiling-cauldron.AttackForfeited")
class AttackForfeited(CampaignEvent):
    """BC-4.4: automatic when the player has no legal attack, else the organiser's ruling."""

    round: int
    player: str
    reason: str
    automatic: bool


@topic("boiling-cauldron.BattleFought")
class BattleFought(CampaignEvent):
    """BC-6.2: casualties as entered; `stated_winner` is "attacker", "defender", "draw" or None."""

    round: int
    region: str
    attacker_casualties: Decimal
    defender_casualties: Decimal
    stated_winner: str | None
    override: str | None


@topic("boiling-cauldron.ResultReported")
class ResultReported(CampaignEvent):
    """A player's report of his own battle's casualties, for his opponent (or the organiser) to
    confirm as the battle's result; the log keeps who reported what."""

    round: int
    region: str
    attacker_casualties: Decimal
    defender_casualties: Decimal
    by: str
    winner: str | None = None
    """Where both sides reached a rout (BC-6.2): who the reporter says won, his opponent having
    routed first; None where the figures decide."""


@topic("boiling-cauldron.RegionTransferred")
class RegionTransferred(CampaignEvent):
    """BC-7.2: a region gained by the victor of the battle fought over `battle`."""

    round: int
    region: str
    from_player: str
    to_player: str
    battle: str
    forced: bool


@topic("boiling-cauldron.FinalArmiesChosen")
class FinalArmiesChosen(CampaignEvent):
    player: str
    main: str
    ally: str | None


@topic("boiling-cauldron.FinalBattleFought")
class FinalBattleFought(CampaignEvent):
    """BC-8.4: one Final Battle; a draw leaves the campaign waiting for another."""

    number: int
    casualties: dict[str, Decimal]
    stated_winner: str | None
    override: str | None
