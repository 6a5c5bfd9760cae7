"""Thunderbolt's events: Rome's Legions: raised, reinforced, trained, lost (TB-11). Facts only; the
chapter's decisions and fold are in `campaign/kinds/thunderbolt/chapters/legions/`."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("thunderbolt.LegionsRequested")
class LegionsRequested(CampaignEvent):
    """TB-11.3 to TB-11.7: Rome's Legion Request in B3b: the Legions in play, the die (random
    event `number`), 2 off per NS level built this Game Turn, the chart's DRMs as entered, the
    Legions raised (read from the set-up's chart or entered) with the numerals they take, where
    they are placed, the one-Legion CAs the player chose to fill when they outnumber them, how
    many go to Rome for the PU to train, and an Auxiliary contingent raised with them (its kind
    and the CA or Legion that takes it; none: empty)."""

    turn: int
    number: int
    face: int
    in_play: int
    ns: int
    modifiers: dict[str, int]
    raised: int
    legions: list[str]
    province: str
    filled: list[int]
    train: int
    auxiliary: str
    auxiliary_to: str
    evidence: str


@topic("thunderbolt.TrainingRolled")
class TrainingRolled(CampaignEvent):
    """TB-11.9: in G2 a die for each Legion placed in Rome for the PU this Game Turn that stayed
    there (random events from `number`, Legion → face; 7 or more: Veteran); those that left, or
    all when the PU left Rome, roll nothing (`stayed` false)."""

    turn: int
    number: int
    faces: dict[str, int]
    left: list[str]
    pu_left: bool
    evidence: str


@topic("thunderbolt.LegionsDisbanded")
class LegionsDisbanded(CampaignEvent):
    """TB-11.11: in B1a, after the prorogues, leaderless Legions disbanded by Rome's choice (a
    CA's two together)."""

    turn: int
    legions: list[str]


@topic("thunderbolt.LegionsReinforced")
class LegionsReinforced(CampaignEvent):
    """TB-11.8: reinforcements instead of Legions in B3b: the die (random event `number`), 2 off
    per NS level built this Game Turn, the chart's DRMs as entered, the SP raised (the "0-6"
    column's bracketed figure, read or entered), and the SP each Legion took by class."""

    turn: int
    number: int
    face: int
    ns: int
    modifiers: dict[str, int]
    sp: int
    given: dict[str, dict[str, int]]
    evidence: str


@topic("thunderbolt.MarineRaised")
class MarineRaised(CampaignEvent):
    """TB-11.12: the Marine Legion raised in B3b instead of a Legion Request, in a Major
    Emergency: its die (random event `number`) is its maximum SP; `take` SP of Ala infantry
    taken, as many NS levels given up; placed in Ostia's province (Roma's if Ostia is
    enemy-controlled)."""

    turn: int
    number: int
    face: int
    take: int
    province: str
    evidence: str


@topic("thunderbolt.SlavesRaised")
class SlavesRaised(CampaignEvent):
    """TB-11.13: both Slave Legions raised in B3b in a Major Emergency instead of the Legion
    Request (the Marine Legion may come too), each placed in a Roman-controlled city of Roman
    Italy: `provinces` in the order of `legions`."""

    turn: int
    legions: list[str]
    provinces: list[str]


@topic("thunderbolt.ManpowerOperation")
class ManpowerOperation(CampaignEvent):
    """TB-11.3 and TB-18.9: in his Operations Phase, a Dictator or Consul in Roman Italy, not
    besieged, makes a Manpower Operation, while 20+ enemy SP are in Roman Italy; what it raises
    is the event recorded with it (Legions, reinforcements, the Marine or the Slave Legions)."""

    turn: int
    leader: str
    operations: int


@topic("thunderbolt.LegateDelivered")
class LegateDelivered(CampaignEvent):
    """TB-11.8: the Legate LAM's delivery: the SP arriving, by Legion and class (what the Naval
    Transport roll at the table left), taken from the Holding Boxes (`waited`, Theater → class →
    SP), which are emptied."""

    turn: int
    given: dict[str, dict[str, int]]
    waited: dict[str, dict[str, int]]


@topic("thunderbolt.NavalBuilt")
class NavalBuilt(CampaignEvent):
    """TB-17, TB-11.4: the NS levels Rome built in this Game Turn's B3a (construction itself is
    the table's), which the Legion Request's DRM reads (TB-18.7)."""

    turn: int
    levels: int
