"""Thunderbolt's events: The Italian Allies track (TB-15). Facts only; the chapter's decisions and
fold are in `campaign/kinds/thunderbolt/chapters/allies/`."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("thunderbolt.VictoryReported")
class VictoryReported(CampaignEvent):
    """TB-5.1 and TB-15.2: a Major Victory in a land battle or by a siege, where and whose."""

    turn: int
    cause: str
    province: str
    victor: str


@topic("thunderbolt.ProvinceDevastated")
class ProvinceDevastated(CampaignEvent):
    """TB-15.2: a player devastates a track province: 4 boxes toward his opponent."""

    turn: int
    province: str
    by: str


@topic("thunderbolt.CitySacked")
class CitySacked(CampaignEvent):
    """TB-15.7: Rome sacked a city in a Carthage-allied track province; the adjacent track
    provinces' dice (in their order), each 1 toward Rome on an even face."""

    turn: int
    province: str
    number: int
    faces: dict[str, int]


@topic("thunderbolt.PresenceClaimed")
class PresenceClaimed(CampaignEvent):
    """TB-15.8: in G1 a player claims Watchful Presence in a track province for a force of 20+ SP
    that stayed in it all Game Turn (the force as the player names it): 1 box toward him."""

    turn: int
    province: str
    side: str
    force: str


@topic("thunderbolt.DiplomacyAttempted")
class DiplomacyAttempted(CampaignEvent):
    """TB-15.6: Hannibal's Diplomacy in an Operations Phase (`phase`, counted in the Game Turn):
    the Roman-allied track province, 1 Guile spent, the die (random event `number`) and the
    Ambassador Table's result as entered: n boxes toward Carthage (a negative n toward Rome; "D"
    counts as -2)."""

    turn: int
    phase: int
    province: str
    number: int
    face: int
    result: str
    evidence: str
