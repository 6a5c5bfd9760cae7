"""Thunderbolt's events: The Celts: allegiance, recovery rolls, Diplomacy (TB-23, TB-24). Facts
only; the chapter's decisions and fold are in `campaign/kinds/thunderbolt/chapters/tribes/`."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("thunderbolt.TribeRolled")
class TribeRolled(CampaignEvent):
    """TB-23.3: a Tribal Segment roll (B4a Depletion Recovery, B4b Pacification Removal) for one
    tribe: the die (random event `number`), the target it had to reach or beat downward, and
    whether it did; `face` -1 when passed, its province Devastated (`evidence` says so)."""

    turn: int
    step: str
    tribe: str
    number: int
    face: int
    target: int
    success: bool
    evidence: str


@topic("thunderbolt.TribeLevied")
class TribeLevied(CampaignEvent):
    """TB-23.4: troops raised from a tribe by a leader of `side` (a Manpower Operation): the
    Guile spent, the Victory DRM (none, minor, major), the first die against his Campaign Rating
    and, on success, the second die times the Manpower Rating (`sp`); the Army or Detachment of a
    Carthaginian leader that takes them."""

    turn: int
    phase: int
    side: str
    tribe: str
    leader: str
    army: str
    detachment: str
    guile: int
    victory: str
    number: int
    face: int
    target: int
    sp_number: int
    sp_face: int
    sp: int
    evidence: str


@topic("thunderbolt.TribeSwayed")
class TribeSwayed(CampaignEvent):
    """TB-23.5: a Diplomacy Operation with a tribe by a leader of `side`: the Guile spent, the
    Victory DRM, the die, the adjusted roll against the Aggression Rating and the allegiance it
    leaves the tribe in."""

    turn: int
    phase: int
    side: str
    tribe: str
    leader: str
    army: str
    guile: int
    victory: str
    number: int
    face: int
    adjusted: int
    allegiance: str
    evidence: str


@topic("thunderbolt.TribeMustered")
class TribeMustered(CampaignEvent):
    """TB-23.6: a tribe's force for one battle against `against`: the die times its Aggression
    Rating (halved while Depleted); 0 SP when the die is 0 (the battle is cancelled)."""

    turn: int
    tribe: str
    against: str
    number: int
    face: int
    sp: int
    evidence: str


@topic("thunderbolt.TribeFought")
class TribeFought(CampaignEvent):
    """TB-23.6: a battle with a tribe as the table fought it (AW 8.0): the winner (the tribe, the
    side it fought, or none) and whether the victory was Major."""

    turn: int
    tribe: str
    against: str
    winner: str
    major: bool


@topic("thunderbolt.TribeRevolted")
class TribeRevolted(CampaignEvent):
    """TB-23.7: an Augury event puts a tribe In Revolt, or (`ended`) removes the marker."""

    turn: int
    tribe: str
    ended: bool


@topic("thunderbolt.TribeParleyed")
class TribeParleyed(CampaignEvent):
    """TB-24.2 (9.15): the leader of a force a tribe intercepted, of `side`, parleys: the Guile
    Points spent (1 or more), the die (random event `number`) plus them against the tribe's
    Aggression Rating as it stands (`target`, halved while Depleted); higher, the attack is
    cancelled (`cancelled`), else it takes place; the Army or Detachment of a Carthaginian
    leader, as the leader was named through it."""

    turn: int
    phase: int
    side: str
    tribe: str
    leader: str
    army: str
    detachment: str
    guile: int
    number: int
    face: int
    target: int
    cancelled: bool
    evidence: str


@topic("thunderbolt.GuileSpent")
class GuileSpent(CampaignEvent):
    """TB-24.4: Guile Points a leader of `side` spent on a roll the table makes and the tracker
    keeps no record of (`use`: roman-gauls, 9.43; carthaginian-gauls, 9.44; avoidance, 13.52)."""

    turn: int
    phase: int
    side: str
    leader: str
    points: int
    use: str
