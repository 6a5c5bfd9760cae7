"""Thunderbolt's events (rules page TB-n): facts only. The Sequence of Play's position, the
Italian Allies track, Carthage's politics and its Armies' efficiency are projections of them over
the set-up file the campaign started with."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("thunderbolt.SidesTaken")
class SidesTaken(CampaignEvent):
    """TB-1.1 and TB-16.2: who plays Rome and Carthage, the dice mode, and in committed mode the
    commitment to each Game Turn's secret (turn → SHA-256 hex)."""

    rome: str
    carthage: str
    dice: str
    campaign: str
    commitments: dict[str, str]


@topic("thunderbolt.StepFinished")
class StepFinished(CampaignEvent):
    """TB-3.4: a side says it has finished a step in hand."""

    turn: int
    step: str
    side: str


@topic("thunderbolt.StepClosed")
class StepClosed(CampaignEvent):
    """TB-3.4: an organiser closes a step in hand, with the reason."""

    turn: int
    step: str
    reason: str


@topic("thunderbolt.InitiativeDrawn")
class InitiativeDrawn(CampaignEvent):
    """TB-4.4: what the C2 draw from the LAM cup was (entered from the table): a leader's LAM, a
    Siege Attrition marker, a delivery LAM, the Augury marker, or an empty cup."""

    turn: int
    drawn: str


@topic("thunderbolt.PoliticsRolled")
class PoliticsRolled(CampaignEvent):
    """TB-12.1: the Family in Power or the Political Climate: the die (the program's, or entered
    with evidence), the chart's DRMs as entered, and the outcome (read from the set-up's chart,
    or entered)."""

    turn: int
    what: str
    number: int
    face: int
    modifiers: dict[str, int]
    outcome: str
    evidence: str


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


@topic("thunderbolt.TurnRevealed")
class TurnRevealed(CampaignEvent):
    """TB-3.5 and TB-16.2: a Game Turn ended; its dice secret, for anyone to check."""

    turn: int
    secret: str


@topic("thunderbolt.MagistrateProrogued")
class MagistrateProrogued(CampaignEvent):
    """TB-7.2: in B1a a magistrate kept in office (as `office`), his assignment chosen anew; or,
    `forced`, TB-7.4: one besieged in a city that is neither a port nor Rome, prorogued by the
    rules, his assignment named after (AssignmentNamed)."""

    turn: int
    leader: str
    office: str
    theater: str | None
    province: str | None
    forced: bool


@topic("thunderbolt.MagistrateReleased")
class MagistrateReleased(CampaignEvent):
    """TB-7.5: in B1a a magistrate released: to the Triumph Holding Box or the pool."""

    turn: int
    leader: str


@topic("thunderbolt.PlutoVisited")
class PlutoVisited(CampaignEvent):
    """TB-7.7: a Leader Loss roll in B1b: its die or two (the second for a casualty), the chart's
    DRMs as entered, and the outcome (unharmed, wounded, killed) read from the set-up's chart or
    entered."""

    turn: int
    leader: str
    number: int
    faces: list[int]
    modifiers: dict[str, int]
    outcome: str
    evidence: str


@topic("thunderbolt.MagistrateElected")
class MagistrateElected(CampaignEvent):
    """TB-8.2 to TB-8.7: an office filled in B1c: the leader drawn (random event `number`, from
    `candidates` sorted by number) or chosen from the Triumph Holding Box (number 0), with his CA
    or Legion and assignment where the office takes them."""

    turn: int
    office: str
    leader: str
    number: int
    candidates: list[str]
    chosen: bool
    ca: int | None
    legions: list[str]
    theater: str | None
    province: str | None
    evidence: str


@topic("thunderbolt.ImperiumGiven")
class ImperiumGiven(CampaignEvent):
    """TB-8.3: an elected Consul's army — a leaderless CA, a new CA of loose Legions, or none —
    and his Theater."""

    turn: int
    leader: str
    ca: int | None
    legions: list[str]
    theater: str | None


@topic("thunderbolt.OfficeLeftEmpty")
class OfficeLeftEmpty(CampaignEvent):
    """TB-8.2 (Interpretation): no leader could be had for an office; it stays empty."""

    turn: int
    office: str
    reason: str


@topic("thunderbolt.AssignmentNamed")
class AssignmentNamed(CampaignEvent):
    """TB-7.4: the assignment the Roman player names for a magistrate the rules prorogued."""

    turn: int
    leader: str
    theater: str | None
    province: str | None


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


@topic("thunderbolt.MasterOfHorseNamed")
class MasterOfHorseNamed(CampaignEvent):
    """TB-9.4: a Dictator staying in Rome; the ME the Roman player picks from the pool, numbered
    within 5 of him, with the leaderless CA he takes (or none)."""

    turn: int
    leader: str
    dictator: str
    ca: int | None


@topic("thunderbolt.DictatorTakesTheField")
class DictatorTakesTheField(CampaignEvent):
    """TB-9.4: a Dictator in the field, with one or two leaderless CAs or none."""

    turn: int
    leader: str
    cas: list[int]


@topic("thunderbolt.DisbandChecked")
class DisbandChecked(CampaignEvent):
    """TB-12.4 and TB-12.5: an Army checked in B2c: disbanded without a roll (face -1), or the
    die (random event `number`) read against the Disband range of its commander's row; where a
    disbanded Army's SP went, as entered."""

    turn: int
    army: str
    number: int
    face: int
    low: int
    high: int
    disbanded: bool
    sp_to: str
    evidence: str


@topic("thunderbolt.CommanderAppointed")
class CommanderAppointed(CampaignEvent):
    """TB-13.2 and TB-14.2: an Army Commander appointed in B2d: drawn blind from the pool (random
    event `number` among `candidates`) or chosen from the map (number 0)."""

    turn: int
    army: str
    leader: str
    number: int
    candidates: list[str]
    chosen: bool
    evidence: str


@topic("thunderbolt.ArmyPosted")
class ArmyPosted(CampaignEvent):
    """TB-12.6: in B2e an Army assigned to Africa or Hispania for the Game Turn."""

    turn: int
    army: str
    theater: str


@topic("thunderbolt.SettingsChosen")
class SettingsChosen(CampaignEvent):
    """TB-18: the campaign's answer to each question the text leaves open that the program
    applies, chosen at creation (every setting written out, defaults included)."""

    settings: dict[str, str]


@topic("thunderbolt.ArmiesTrained")
class ArmiesTrained(CampaignEvent):
    """TB-14.7: as G2 opens, each Army that kept its commander all Game Turn (none appointed in
    B2d) and was not lowered gains 1, capped: Army → its new stored AER."""

    turn: int
    armies: dict[str, int]


@topic("thunderbolt.SenateAsked")
class SenateAsked(CampaignEvent):
    """TB-10.1 to TB-10.5: a Senate Permission request in an Operations Phase (`phase`, counted
    in the Game Turn): the leader, the purpose, the die (random event `number`), the chart's
    DRMs as entered, Guile spent, the Initiative of a Dictator staying in Rome taken off, and
    whether it was granted (the adjusted DR at most his Campaign Rating)."""

    turn: int
    phase: int
    leader: str
    purpose: str
    number: int
    face: int
    modifiers: dict[str, int]
    guile: int
    dictator_drm: int
    granted: bool
    evidence: str


@topic("thunderbolt.CommanderRecalled")
class CommanderRecalled(CampaignEvent):
    """TB-13.3 to TB-13.5: an Army Commander's recall: by a roll after a lost battle or a lost
    city (the die, random event `number`, read against the Recall range of his row) and then, if
    recalled, his crucifixion die (+2 when his family is not in power; above his Mortality he is
    removed from the game); or by the Carthaginian player's choice in Operations (no roll)."""

    turn: int
    army: str
    leader: str
    by_choice: bool
    number: int
    face: int
    low: int
    high: int
    recalled: bool
    crucifixion: int
    crucified: bool
    evidence: str


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


@topic("thunderbolt.MagistrateCensured")
class MagistrateCensured(CampaignEvent):
    """TB-10.6 and TB-10.7: a Consul, Proconsul or Praetor who went out by Hot Pursuit (or by
    Interception or Coordination without leave) rolls when Finished: the die (random event
    `number`) and the Censure Chart's DRMs as entered; above his Campaign Rating he is censured and
    the leader drawn from the pool (random event `number` + 1, among `candidates`) takes his
    office, Imperium and assignment (none when the pool is empty)."""

    turn: int
    phase: int
    leader: str
    number: int
    face: int
    modifiers: dict[str, int]
    censured: bool
    replacement: str | None
    candidates: list[str]
    evidence: str


@topic("thunderbolt.TriumphEarned")
class TriumphEarned(CampaignEvent):
    """TB-10.9: a magistrate with Imperium won a battle, or took a city by Assault or Attrition,
    with enemy infantry present, inflicting `inflicted` infantry/cavalry SP in it."""

    turn: int
    leader: str
    how: str
    inflicted: int


@topic("thunderbolt.TriumphCelebrated")
class TriumphCelebrated(CampaignEvent):
    """TB-10.9: still holding Imperium, he entered Rome alone: with losses of 15 % or more in the
    victory's Game Turn (`lost_percent`, entered) a Senate roll whose only DRM is Guile spent
    (random event `number`; no roll: `number` 0, `face` -1); granted, the Triumph is recorded with
    his office and this Game Turn and he is Finished for it; denied, the victory is spent."""

    turn: int
    leader: str
    office: str
    lost_percent: int
    number: int
    face: int
    guile: int
    granted: bool
    evidence: str


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


@topic("thunderbolt.MarkerDrawn")
class MarkerDrawn(CampaignEvent):
    """TB-4.3 and TB-4.4: the C2 draw from the markers in the cup (random event `number`, among
    `candidates` sorted by side, kind, leader and copy, the void LAMs set aside): a leader's LAM
    (`rome/lam/LEADER/k`), a Siege Attrition marker (`none/siege/-/k`) or the Augury marker; with
    no LAM left, no draw (`marker` empty, `number` 0): play passes to F."""

    turn: int
    number: int
    candidates: list[str]
    marker: str
    evidence: str


@topic("thunderbolt.PhaseGivenToPU")
class PhaseGivenToPU(CampaignEvent):
    """TB-4.5: a Consul's LAM was drawn and the Roman player gives that Operations Phase to the PU
    instead, at most once a Game Turn."""

    turn: int
    phase: int
    consul: str
    pu: str


@topic("thunderbolt.ArmyReinforced")
class ArmyReinforced(CampaignEvent):
    """TB-14.3 and TB-14.4: SP join a Carthaginian Army from no other Army (`uncounted` of them
    Carthaginian Citizens or Elite), in a window of additions (B3b, or an Operations Phase); the
    stored AER's drop this entry brings (the window's sum against its start)."""

    turn: int
    army: str
    sp: int
    uncounted: int
    window: str
    drop: int


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


@topic("thunderbolt.LegionsDisbanded")
class LegionsDisbanded(CampaignEvent):
    """TB-11.11: in B1a, after the prorogues, leaderless Legions disbanded by Rome's choice (a
    CA's two together)."""

    turn: int
    legions: list[str]


@topic("thunderbolt.ArmyDetached")
class ArmyDetached(CampaignEvent):
    """TB-13.9: a Detachment made from an Army (named after it: hannibal-1), its SP and leader
    (none: empty)."""

    turn: int
    army: str
    detachment: str
    sp: int
    leader: str


@topic("thunderbolt.DetachmentRejoined")
class DetachmentRejoined(CampaignEvent):
    """TB-13.9: a Detachment returns to its Army; one that received SP brings them all into the
    window's additions (`window`, the AER's `drop`, TB-14.3)."""

    turn: int
    army: str
    detachment: str
    received: bool
    window: str
    drop: int


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


@topic("thunderbolt.OverallCommanderNamed")
class OverallCommanderNamed(CampaignEvent):
    """TB-13.7: the Carthaginian player names another Army Commander OC (one of the Family in
    Power if there is one) after the OC was killed, captured or sent to the pool."""

    turn: int
    leader: str


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


@topic("thunderbolt.SlavesRaised")
class SlavesRaised(CampaignEvent):
    """TB-11.13: both Slave Legions raised in B3b in a Major Emergency instead of the Legion
    Request (the Marine Legion may come too), each placed in a Roman-controlled city of Roman
    Italy: `provinces` in the order of `legions`."""

    turn: int
    legions: list[str]
    provinces: list[str]


@topic("thunderbolt.ExtraordinaryDisbanded")
class ExtraordinaryDisbanded(CampaignEvent):
    """TB-8.8 [5.53]: B1c ended with no Emergency in effect: every Marine and Slave Legion is
    disbanded (forced by the rules)."""

    turn: int
    legions: list[str]


@topic("thunderbolt.GovernorDesignated")
class GovernorDesignated(CampaignEvent):
    """TB-8.6: in B1c an unbesieged Praetor on the map designated governor of Sicily or Sardinia;
    `province`, of the island, is his assignment."""

    turn: int
    leader: str
    province: str


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


@topic("thunderbolt.NavalBuilt")
class NavalBuilt(CampaignEvent):
    """TB-17, TB-11.4: the NS levels Rome built in this Game Turn's B3a (construction itself is
    the table's), which the Legion Request's DRM reads (TB-18.7)."""

    turn: int
    levels: int


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


@topic("thunderbolt.ArmyRaised")
class ArmyRaised(CampaignEvent):
    """TB-21.1 (rulebook 7.21, 7.13): a new Carthaginian Army raised in B3b below the army limit,
    its SP as the Carthaginian Manpower Table gave them (entered), in Carthage province, its
    stored AER -3; its commander is appointed with it (CommanderAppointed)."""

    turn: int
    army: str
    sp: int
    province: str


@topic("thunderbolt.AuguryEntered")
class AuguryEntered(CampaignEvent):
    """TB-22.1 (rulebook E, 12.0): the Augury Phase's roll on the scenario's Augury Table, made at
    the table (TB-16.6), and the event it gave, as entered (`roll` -1 where only the event is)."""

    turn: int
    roll: int
    event: str


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


@topic("thunderbolt.ManpowerDrawn")
class ManpowerDrawn(CampaignEvent):
    """TB-25.2 (rulebook 7.32): SP drawn from a contingent's Carthaginian Manpower Holding Box for
    a new Army, reinforcements or troops raised from a tribe (`cause`)."""

    turn: int
    contingent: str
    sp: int
    cause: str


@topic("thunderbolt.ManpowerPlaced")
class ManpowerPlaced(CampaignEvent):
    """TB-30.1 (rulebook 7.12, 7.32): SP drawn from a contingent's Holding Box for a new Army or
    reinforcements, placed with `army` (where 7.12 lets them be placed); earlier logs recorded
    such draws as ManpowerDrawn, which names no Army."""

    turn: int
    contingent: str
    sp: int
    cause: str
    army: str


@topic("thunderbolt.CitizensLost")
class CitizensLost(CampaignEvent):
    """TB-29.3 (rulebook 7.31): of the SP an Army just lost (ArmyLost), `sp` were Carthaginian
    Citizens, as entered."""

    turn: int
    army: str
    sp: int


@topic("thunderbolt.ManpowerReturned")
class ManpowerReturned(CampaignEvent):
    """TB-25.3 (7.32, 9.42, 9.44): SP put back in a contingent's Holding Box, as a rule directs."""

    turn: int
    contingent: str
    sp: int
    reason: str


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


@topic("thunderbolt.MacedonianWarChanged")
class MacedonianWarChanged(CampaignEvent):
    """TB-27.2 (rulebook 11.1, 11.32): an Augury's Macedonian War event begins the war (its first
    instance) or ends it (`stage`: "underway" or "ended")."""

    turn: int
    stage: str


@topic("thunderbolt.MacedonianWarResolved")
class MacedonianWarResolved(CampaignEvent):
    """TB-27.4 (11.4): a later instance of the Macedonian War event: the ambassadors' results on
    the Ambassador Table (side → DRM, entered), the First Macedonian War Table's other DRMs
    (entered), the Legions in the Macedonia Holding Box, Rome's die, the adjusted roll and the
    result as the table gives it; `ended` when the result ends the war."""

    turn: int
    ambassadors: dict[str, int]
    modifiers: dict[str, int]
    legions: int
    number: int
    face: int
    adjusted: int
    result: str
    ended: bool
    evidence: str


@topic("thunderbolt.AmbassadorSent")
class AmbassadorSent(CampaignEvent):
    """TB-27.3 (11.2): in an Operations Phase of `by` (Hannibal, or a Roman OC), a Diplomacy
    Operation spending 1 Guile Point sends `leader` (from the pool, or Carthage's Subordinate
    leading `detachment`) to the Macedonia Holding Box."""

    turn: int
    phase: int
    side: str
    by: str
    leader: str
    detachment: str


@topic("thunderbolt.LegionsCommitted")
class LegionsCommitted(CampaignEvent):
    """TB-27.5 (11.31): in B3b, one or two Legions raised in it placed in the Macedonia Holding
    Box instead of on the map (`ca`: the CA two of them form, 0 for one)."""

    turn: int
    legions: list[str]
    ca: int


@topic("thunderbolt.LegionsReturned")
class LegionsReturned(CampaignEvent):
    """TB-27.6 (11.32): in a B3b after the war's end, Legions out of the Macedonia Holding Box
    placed in `province` (TB-11.6)."""

    turn: int
    legions: list[str]
    province: str


@topic("thunderbolt.ProvincesLevied")
class ProvincesLevied(CampaignEvent):
    """TB-28.2 (7.27): a Provincial Manpower Operation: `leader`, commanding `army` (or its
    `detachment`), raises each province's SP from the PIC (province → SP); `stated`, the provinces
    off the Italian Allies track taken on the player's word that Carthage controls them."""

    turn: int
    phase: int
    leader: str
    army: str
    detachment: str
    provinces: dict[str, int]
    stated: list[str]
    sp: int


@topic("thunderbolt.OCManpowerRaised")
class OCManpowerRaised(CampaignEvent):
    """TB-28.3 (7.26): the OC's Manpower Operation in Carthago: the SP the Manpower Table gave
    (0: the attempt failed), which join his Army as reinforcements (the `ArmyReinforced`
    recorded with it)."""

    turn: int
    phase: int
    leader: str
    army: str
    sp: int


@topic("thunderbolt.SubordinateDrawn")
class SubordinateDrawn(CampaignEvent):
    """TB-28.4 (7.21, 7.22): with 20 SP or more raised in B3b, a Subordinate drawn blind from
    Carthage's pool, placed with `army` (the new Army, or one the reinforcements joined)."""

    turn: int
    army: str
    leader: str
    number: int
    candidates: list[str]
    evidence: str
