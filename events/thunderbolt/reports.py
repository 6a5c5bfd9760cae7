"""Thunderbolt's events: Reports from the table: battles, sieges, moves, facts (TB-5, TB-1.4).
Facts only; the chapter's decisions and fold are in
`campaign/kinds/thunderbolt/chapters/reports/`."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("thunderbolt.LeaderBesieged")
class LeaderBesieged(CampaignEvent):
    """TB-5.4: a Roman leader's position as reported: besieged in a city, a port or Roma, or free
    (`where` "free": a siege report ended his siege)."""

    turn: int
    leader: str
    where: str


@topic("thunderbolt.BattleReported")
class BattleReported(CampaignEvent):
    """TB-5.1: a land battle as the table reports it, as far as this slice reads it: where, the
    winner (rome, carthage or none), Major or not, and for Rome whether a CA or larger force was
    engaged and the share of its SP lost, in whole percent (TB-9.1); a Major Victory moves the
    Italian Allies (TB-15.2)."""

    turn: int
    province: str
    winner: str
    major: bool
    ca_engaged: bool
    rome_lost_percent: int


@topic("thunderbolt.FactsReported")
class FactsReported(CampaignEvent):
    """TB-5.3: the situation facts Emergencies read, true until the players change them: the
    Medium/Large cities of Roman Italy enemy-occupied, an enemy-occupied city within 3 hexes of
    Roma, Roma besieged, 20+ enemy SP within 10 hexes of Rome (TB-10.2)."""

    turn: int
    occupied_cities: int
    city_near_roma: bool
    roma_besieged: bool
    enemy_near_rome: bool


@topic("thunderbolt.ArmyLost")
class ArmyLost(CampaignEvent):
    """TB-5.5: SP a Carthaginian Army (or its `detachment`) lost, with the cause entered; an Army
    at 0 is eliminated and its commander (`leader`; none: empty) recalled without a roll
    (TB-13.4), then his crucifixion die (random event `number`; none: `face` -1); a Detachment of
    it (`successor`) becomes the Army, its leader `promoted` to command it or not (TB-14.6)."""

    turn: int
    army: str
    detachment: str
    sp: int
    cause: str
    leader: str
    number: int
    face: int
    crucified: bool
    successor: str
    promoted: bool
    evidence: str


@topic("thunderbolt.LeaderFell")
class LeaderFell(CampaignEvent):
    """TB-5.1, TB-10.8 and TB-13.8: a battle or siege report's leader wounded, killed or
    captured, of either side; the leader drawn blind from his side's pool to replace him (random
    event `number` among `candidates`; none: empty, `number` 0)."""

    turn: int
    side: str
    leader: str
    outcome: str
    number: int
    candidates: list[str]
    replacement: str
    evidence: str


@topic("thunderbolt.UnitMoved")
class UnitMoved(CampaignEvent):
    """TB-1.4 and TB-5.4: a move the players made on the map, at province level: `what` is
    leader, legion, ca, army or detachment, `unit` its id (a CA's number, a Detachment as
    army/detachment), `place` the kind of place in the province (field, Roma, Carthago, port,
    city). `with_it` names what went along (a magistrate's Legions, a force's commander);
    `unasked` the assignment a magistrate left without the Senate's leave (shown, never refused,
    TB-10.4); `override` an organiser's reason for letting through a move a rule about places
    refuses."""

    turn: int
    what: str
    unit: str
    province: str
    place: str
    with_it: list[str]
    unasked: str
    override: str


@topic("thunderbolt.LegionsBesieged")
class LegionsBesieged(CampaignEvent):
    """TB-5.4: Legions reported besieged in a city, a port or Roma, or free again (`where`
    "free"); a magistrate is never placed with Legions besieged in a city (TB-6.5)."""

    turn: int
    legions: list[str]
    where: str


@topic("thunderbolt.IslandsReported")
class IslandsReported(CampaignEvent):
    """TB-5.3: the islands (sicily, sardinia) Carthage controls whole, as reported; a governor is
    then optional (TB-8.6)."""

    turn: int
    held: list[str]


@topic("thunderbolt.LegionsFought")
class LegionsFought(CampaignEvent):
    """TB-5.1 and TB-11.10: the Legions Rome engaged in a land battle (reported with it): the SP
    each lost by class, those promoted (the player's choice after a victory) and demoted (by the
    rule, or the player's choice where it leaves one), and those eliminated at 0 SP (TB-5.5)."""

    turn: int
    province: str
    winner: str
    major: bool
    engaged: list[str]
    losses: dict[str, dict[str, int]]
    promoted: list[str]
    demoted: list[str]
    eliminated: list[str]


@topic("thunderbolt.SituationReported")
class SituationReported(CampaignEvent):
    """TB-5.3: a situation fact set or cleared by the players (`fact`: enemy-in-italy, 20+
    enemy SP in Roman Italy, which Manpower Operations need, TB-11.3)."""

    turn: int
    fact: str
    value: bool


@topic("thunderbolt.SiegeReported")
class SiegeReported(CampaignEvent):
    """TB-5.2: a siege as the table reports it: the city, its province, size (small, medium,
    large) and whether a port; how it ended (assault, attrition, surrender — involuntary —,
    treachery, lifted) and who took it (rome, carthage; none when lifted); a Major Victory or
    not; enemy infantry present and SP inflicted; the leaders present; sacked or not. What it
    sets off is recorded with it (the track's shifts, Roman Retribution, a Triumph earned);
    `recall_due` names the Armies whose commanders must roll for recall (TB-13.3)."""

    turn: int
    city: str
    province: str
    size: str
    port: bool
    ended: str
    taken_by: str
    major: bool
    enemy_infantry: bool
    inflicted: int
    leaders: list[str]
    sacked: bool
    recall_due: list[str]


@topic("thunderbolt.ArmyInBattle")
class ArmyInBattle(CampaignEvent):
    """TB-13.3: the Carthaginian Army that fought the land battle just reported, its SP at the
    battle's start, whether Carthage lost it; a defeat with 20+ SP makes its commander's recall
    roll due at once (`recall_due`)."""

    turn: int
    province: str
    army: str
    sp: int
    lost: bool
    recall_due: bool


@topic("thunderbolt.TreacheryUsed")
class TreacheryUsed(CampaignEvent):
    """TB-24.3 (4.24): the leader of `side` who took the city just reported (`city`, in
    `province`) by Treachery, recorded with its siege report: the Guile Point it spent."""

    turn: int
    phase: int
    side: str
    leader: str
    city: str
    province: str
