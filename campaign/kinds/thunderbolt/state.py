"""Thunderbolt's state: a pure fold over the campaign's events and its set-up file.

The Sequence of Play's position (TB-3), Carthage's Family in Power and Political Climate
(TB-12.1), the Italian Allies track (TB-15) and every random event of the campaign with its
record (TB-16.3), so that the reveal of a Game Turn's secret re-checks each of its rolls.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import singledispatch
from typing import Any

from campaign.kinds.thunderbolt import positions, rules
from campaign.kinds.thunderbolt.carthage import armies as carthage
from campaign.kinds.thunderbolt.legions import raising as legions
from campaign.kinds.thunderbolt.magistrates import roman
from campaign.kinds.thunderbolt.senate import politics as senate
from campaign.kinds.thunderbolt.setup import SetUp, load
from campaign.kinds.thunderbolt.turn import cup, sequence
from events.common import CampaignEvent, CampaignStarted
from events.thunderbolt import (
    ArmiesTrained,
    ArmyDetached,
    ArmyLost,
    ArmyPosted,
    ArmyReinforced,
    AssignmentNamed,
    BattleReported,
    CitySacked,
    CommanderAppointed,
    CommanderRecalled,
    DetachmentRejoined,
    DictatorTakesTheField,
    DiplomacyAttempted,
    DisbandChecked,
    ExtraordinaryDisbanded,
    FactsReported,
    GovernorDesignated,
    ImperiumGiven,
    InitiativeDrawn,
    IslandsReported,
    LeaderBesieged,
    LeaderFell,
    LegateDelivered,
    LegionsBesieged,
    LegionsDisbanded,
    LegionsFought,
    LegionsReinforced,
    LegionsRequested,
    MagistrateCensured,
    MagistrateElected,
    MagistrateProrogued,
    MagistrateReleased,
    ManpowerOperation,
    MarineRaised,
    MarkerDrawn,
    MasterOfHorseNamed,
    NavalBuilt,
    OfficeLeftEmpty,
    OverallCommanderNamed,
    PhaseGivenToPU,
    PlutoVisited,
    PoliticsRolled,
    PresenceClaimed,
    ProvinceDevastated,
    SenateAsked,
    SettingsChosen,
    SidesTaken,
    SiegeReported,
    SituationReported,
    SlavesRaised,
    StepClosed,
    StepFinished,
    TrainingRolled,
    TriumphCelebrated,
    TriumphEarned,
    TurnRevealed,
    UnitMoved,
    VictoryReported,
)


@dataclass(frozen=True)
class Roll:
    """TB-16.3: one random event: its number in the campaign, Game Turn, kind, subject, face."""

    number: int
    turn: int
    kind: str
    subject: str
    face: int
    candidates: tuple[str, ...] = ()
    """A draw's candidates, sorted as TB-16.3 reads them; `drawn` the one taken."""
    drawn: str = ""


@dataclass(frozen=True)
class Shift:
    """A move on the Italian Allies track, for the reports: where, from, to, why."""

    turn: int
    province: str
    before: int
    after: int
    cause: str
    seq: int = 0
    """The event that moved it (its number in the log), for what that event is said to do."""


@dataclass(frozen=True)
class Defection:
    """TB-15.5: a track province that turned (TB-15.4): when, to whom, and the manpower its PIC
    gives Carthage on a defection (`defection_sp`; none on a return to Rome)."""

    turn: int
    province: str
    to: str
    sp: int
    seq: int = 0
    """The event that turned it (its number in the log)."""


@dataclass(frozen=True)
class State:
    name: str
    players: tuple[str, ...]
    source: str
    setup: SetUp
    set_up: bool = False
    dice: str = "committed"
    campaign: str = ""
    commitments: dict[int, str] = field(default_factory=dict)
    revealed: dict[int, str] = field(default_factory=dict)
    position: sequence.Position = field(default_factory=sequence.Position)
    family: dict[int, str] = field(default_factory=dict)
    """TB-12.1: the Family in Power of each Game Turn rolled for."""
    climate: dict[int, str] = field(default_factory=dict)
    track: dict[str, tuple[int, str]] = field(default_factory=dict)
    """TB-15.1: track province → (level, allied to)."""
    rolls: tuple[Roll, ...] = ()
    shifts: tuple[Shift, ...] = ()
    romans: roman.Romans | None = None
    carthaginians: carthage.Carthage | None = None
    """Carthage's leaders and Armies with their AER (TB-12 to TB-14)."""
    settings: dict[str, str] = field(default_factory=dict)
    """TB-18: the campaign's settings (SettingsChosen); absent ones at their default."""
    defeats: tuple[senate.Defeat, ...] = ()
    """TB-9.2: Rome's Major defeats in land battles, from battle reports."""
    facts: senate.Facts = field(default_factory=senate.Facts)
    """TB-5.3: the situation facts Emergencies read."""
    operations: int = 0
    """TB-10.3: the Operations Phases opened this Game Turn (each draw opening D)."""
    asked: frozenset[tuple[int, str, str]] = frozenset()
    """TB-10.3: this Game Turn's requests: (Operations Phase, leader, purpose)."""
    grants: frozenset[tuple[str, str]] = frozenset()
    """TB-10.3: this Game Turn's grants, lasting to its end: (leader, purpose)."""
    presences: frozenset[tuple[str, str]] = frozenset()
    """TB-15.8: this Game Turn's Watchful Presence claims: (province, side)."""
    targeted: frozenset[str] = frozenset()
    """TB-15.6: the provinces Hannibal's Diplomacy targeted this Game Turn."""
    diplomacy: frozenset[int] = frozenset()
    """TB-15.6: the Operations Phases of this Game Turn in which Hannibal tried Diplomacy."""
    defections: tuple[Defection, ...] = ()
    """TB-15.5: every change of allegiance on the track, in order."""
    cup: tuple[str, ...] = ()
    """TB-4.1: the markers left in this Game Turn's cup (filled as C2 first opens)."""
    cup_turn: int = 0
    """The Game Turn whose cup `cup` is."""
    phase_leader: str | None = None
    """TB-4.4: whose Operations Phase this is, when a leader's LAM drawn by the program opened
    it (None: a marker, or a draw entered without the cup)."""
    ns_built: dict[int, int] = field(default_factory=dict)
    """TB-11.4, TB-18.7: the NS levels Rome built in each Game Turn's B3a, as recorded."""
    recalls_due: frozenset[str] = frozenset()
    """TB-13.3: Armies whose commander must roll for recall after a siege took a Medium or Large
    city from Carthage with him there (named by the siege report, cleared by the roll)."""
    opened_by: str = ""
    """TB-4.4: what opened this Operations Phase: leader, siege, delivery (the Legate LAM)."""
    pu_phase: bool = False
    """TB-4.5: the PU has had a Consul's Operations Phase this Game Turn."""
    dictator_chance: str = ""
    """TB-9.5: an Emergency that arose during Operations with no Dictator in play (Minor or
    Major), waiting for the next draw of a Roman leader's LAM."""
    situation: dict[str, bool] = field(default_factory=dict)
    """TB-5.3: the situation facts kept one by one (enemy-in-italy)."""
    manpower_ops: frozenset[tuple[int, str]] = frozenset()
    """TB-11.3, TB-18.9: this Game Turn's Manpower Operations: (Operations Phase, leader)."""
    manpower_by: str = ""
    """TB-11.3: a Manpower Operation recorded, awaiting what it raises (the same append)."""
    dictator_due: str = ""
    """TB-9.5: in this Roman leader's Operations Phase a Dictator must (Major) or may (Minor) be
    elected; declined, the chance lapses until B1c (Interpretation)."""

    def emergency(self) -> tuple[str, list[str]]:
        """TB-9.1 to TB-9.3: the Emergency in effect, with its reasons."""
        return senate.emergency(self.turn, self.defeats, self.facts)

    """Rome's leaders, offices, Legions and CAs (TB-6 to TB-8)."""

    @property
    def game(self) -> sequence.Game:
        return sequence.Game(self.setup.turns)

    @property
    def turn(self) -> int:
        return self.position.turn

    @property
    def year(self) -> int:
        return self.setup.year(self.turn)

    @property
    def rome(self) -> str:
        return self.players[0]

    @property
    def carthage(self) -> str:
        return self.players[1]

    def family_in_power(self, turn: int | None = None) -> str:
        """TB-12.1: the turn's Family in Power; before its roll, the last one (the set-up's)."""
        turn = self.turn if turn is None else turn
        known = [t for t in self.family if t <= turn]
        return self.family[max(known)] if known else self.setup.family_in_power

    def current_climate(self) -> str | None:
        return self.climate.get(self.turn)

    @property
    def next_number(self) -> int:
        """TB-16.3: the number of the campaign's next random event (rolls and draws)."""
        return len(self.rolls) + 1

    @property
    def per_province(self) -> int:
        """TB-18.3: Proconsuls per Roman Italy province (setting `proconsuls-per-province`)."""
        return int(self.settings.get("proconsuls-per-province", "1"))

    @property
    def alert_assigns(self) -> bool:
        """TB-18.2: Theaters assigned under Alert (setting `alert-assigns-theaters`)."""
        return self.settings.get("alert-assigns-theaters", "no") == "yes"

    def thirty_percent(self, start: int) -> int | None:
        """TB-14.3: the Percentage Loss Chart's 30 % figure of S from the set-up's
        `percentage_30` chart (rows of SP ranges), None to compute it exactly."""
        from campaign.kinds.thunderbolt.setup import outcome

        table = self.setup.tables.get("percentage_30")
        return None if table is None else outcome(table, start)

    @property
    def watchful_any(self) -> bool:
        """TB-18.10: Watchful Presence in any track province (setting `watchful-presence`)."""
        return self.settings.get("watchful-presence", "any") == "any"

    @property
    def wounded_return(self) -> str:
        """TB-18.4: when Pluto's wounded return (setting `pluto-wounded-return`)."""
        return self.settings.get("pluto-wounded-return", "end-of-B")


def numbered(state: State, leader: str) -> str:
    """TB-16.3: a leader as a random event's subject: his number (417, 2P-10), as the counter
    sheet prints it and any player can write it down."""
    of = state.romans if leader in state.romans.leaders else state.carthaginians
    return of.leaders[leader].number


def start(event: CampaignStarted) -> State:
    setup = load(event.map_source)
    track = {
        p.id: (p.alliance, p.allied_to) for p in setup.provinces.values() if p.alliance is not None
    }
    return State(
        event.name,
        tuple(event.players),
        event.map_source,
        setup,
        track=track,
        romans=roman.opening(setup),
        carthaginians=carthage.opening(setup),
    )


@singledispatch
def evolve(event: CampaignEvent, state: State) -> State:
    return state


def apply(state: State, event: CampaignEvent) -> State:
    """One event folded in; the Emergency Rome's elections read follows (TB-9.3)."""
    after = evolve(event, state)
    r = after.romans
    if r is not None and not set(r.at) <= set(r.magistrates):  # TB-1.4: out of office, unplaced
        kept = {lid: spot for lid, spot in r.at.items() if lid in r.magistrates}
        after = replace(after, romans=replace(r, at=kept))
    if after.carthaginians is not None:
        lost = carthage.oc_lost(after.carthaginians)
        if lost is not after.carthaginians:
            after = replace(after, carthaginians=lost)
    if after.romans is not None and after.set_up:
        level = after.emergency()[0]
        if level != after.romans.emergency:
            rose = LEVELS.index(level) > LEVELS.index(after.romans.emergency)
            after = replace(after, romans=replace(after.romans, emergency=level))
            arises = after.position.stage == "operations" and not after.romans.count("Dictator")
            if rose and arises:  # TB-9.5: at the next draw of a Roman leader's LAM
                after = replace(after, dictator_chance=level)
    return after


LEVELS = (senate.NONE, senate.MINOR, senate.MAJOR)


@evolve.register
def _(event: SidesTaken, state: State) -> State:
    state = replace(
        state,
        set_up=True,
        dice=event.dice,
        campaign=event.campaign,
        commitments={int(t): c for t, c in event.commitments.items()},
    )
    return replace(state, position=sequence.start(state.game))


def moved(state: State, position: sequence.Position) -> State:
    """The Sequence of Play moved on: Pluto's wounded return as Phase B ends or the next Game
    Turn begins (TB-18.4), and the Game Turn's B1 records start afresh."""
    romans, carthaginians = state.romans, state.carthaginians
    if position.turn != state.position.turn:
        romans = roman.start_of_turn(romans)
        carthaginians = carthage.new_turn(carthaginians)
    elif state.position.stage == "B" and position.stage != "B":
        romans = roman.end_of_b(romans, state.wounded_return)
    if "B1a" in state.position.open and "B1a" not in position.open:
        romans = roman.keep_besieged(romans)  # TB-7.6
    fresh = position.turn != state.position.turn
    left_d = "D" in state.position.open and "D" not in position.open
    filled, cup_turn = state.cup, state.cup_turn
    if "C2" in position.open and cup_turn != position.turn:  # TB-4.1: C1 fills the cup
        filled, cup_turn = (
            cup.markers(cup.at_c1(romans, carthaginians, state.setup.augury_marker)),
            position.turn,
        )
    return replace(
        state,
        cup=filled,
        cup_turn=cup_turn,
        pu_phase=False if fresh else state.pu_phase,
        dictator_chance="" if fresh else state.dictator_chance,
        dictator_due="" if fresh or left_d else state.dictator_due,
        position=position,
        romans=romans,
        carthaginians=carthaginians,
        operations=0 if fresh else state.operations,
        asked=frozenset() if fresh else state.asked,
        grants=frozenset() if fresh else state.grants,
        presences=frozenset() if fresh else state.presences,
        recalls_due=frozenset() if fresh else state.recalls_due,
        manpower_ops=frozenset() if fresh else state.manpower_ops,
        targeted=frozenset() if fresh else state.targeted,
        diplomacy=frozenset() if fresh else state.diplomacy,
    )


@evolve.register
def _(event: StepFinished, state: State) -> State:
    return moved(state, sequence.done(state.position, event.step, event.side, state.game))


@evolve.register
def _(event: StepClosed, state: State) -> State:
    return moved(state, sequence.close(state.position, event.step, state.game))


@evolve.register
def _(event: MagistrateProrogued, state: State) -> State:
    romans = roman.prorogue(
        state.romans,
        event.leader,
        event.office,
        event.theater,
        event.province,
        state.per_province,
        event.forced,
    )
    return replace(state, romans=romans)


@evolve.register
def _(event: AssignmentNamed, state: State) -> State:
    romans = roman.assign(
        state.romans, event.leader, event.theater, event.province, state.per_province
    )
    return replace(state, romans=romans)


@evolve.register
def _(event: LeaderBesieged, state: State) -> State:
    return replace(state, romans=roman.besiege(state.romans, event.leader, event.where))


@evolve.register
def _(event: LegionsBesieged, state: State) -> State:
    return replace(
        state, romans=positions.besiege_legions(state.romans, event.legions, event.where)
    )


@evolve.register
def _(event: UnitMoved, state: State) -> State:
    romans, carthaginians, _, _ = positions.relocate(
        state.romans, state.carthaginians, event.what, event.unit, event.province, event.place
    )  # checked when entered (positions.check_move) and again by verify
    return replace(state, romans=romans, carthaginians=carthaginians)


@evolve.register
def _(event: MagistrateReleased, state: State) -> State:
    return replace(state, romans=roman.release(state.romans, event.leader))


@evolve.register
def _(event: PlutoVisited, state: State) -> State:
    rolls = tuple(
        Roll(event.number + n, event.turn, "pluto", numbered(state, event.leader), face)
        for n, face in enumerate(event.faces)
    )
    romans = roman.visit(state.romans, event.leader, event.outcome)
    return replace(state, romans=romans, rolls=(*state.rolls, *rolls))


@evolve.register
def _(event: MagistrateElected, state: State) -> State:
    romans = roman.elect(
        state.romans,
        event.office,
        event.leader,
        event.chosen,
        event.turn,
        event.ca,
        tuple(event.legions) if event.ca is None else (),
        event.theater,
        event.province,
        state.per_province,
        operations="D" in state.position.open,
        raising="B3b" in state.position.open,
    )
    state = replace(state, romans=romans)
    if event.office == "Dictator" and "D" in state.position.open:
        # TB-9.5, and TB-4.3 (Interpretation): a Dictator elected in D adds his LAMs to the cup
        lams = cup.roman_lams(romans)[event.leader]
        added = tuple(f"{cup.prefix('rome', cup.LAM, event.leader)}{k}" for k in range(1, lams + 1))
        state = replace(state, dictator_due="", cup=tuple(sorted((*state.cup, *added))))
    if event.office == "Dictator":  # TB-9.2: this turn's battles came before him
        defeats = tuple(
            replace(d, dictator_after=True) if d.turn == event.turn else d for d in state.defeats
        )
        state = replace(state, defeats=defeats)
    if event.chosen:
        return state
    return drawn(state, event, "draw-rome", event.office)


def drawn(state: State, event: MagistrateElected | CommanderAppointed, kind: str, subject: str):
    """TB-16.3: a draw kept with its candidates and result, for the reveal to re-check."""
    draw = Roll(event.number, event.turn, kind, subject, -1, tuple(event.candidates), event.leader)
    return replace(state, rolls=(*state.rolls, draw))


@evolve.register
def _(event: ImperiumGiven, state: State) -> State:
    legions = tuple(event.legions) if event.ca is None else ()
    romans = roman.give_imperium(
        state.romans,
        event.leader,
        event.ca,
        legions,
        event.theater,
        state.per_province,
        event.turn,
    )
    return replace(state, romans=romans)


@evolve.register
def _(event: BattleReported, state: State) -> State:
    """TB-5.1: a Roman Major defeat counts for Emergencies (TB-9.2); a Major Victory moves the
    Italian Allies (TB-15.2), in Roman Italy or outside it by the province's Theater."""
    if event.winner == rules.CARTHAGE and event.major:
        defeat = senate.Defeat(event.turn, event.ca_engaged, event.rome_lost_percent / 100)
        state = replace(state, defeats=(*state.defeats, defeat))
    if event.major and event.winner in sequence.BOTH:
        cause = battle_cause(state, event.province)
        adjacent = {p.id: p.adjacent for p in state.setup.provinces.values()}
        moves = rules.victory_shifts(cause, event.province, list(state.track), adjacent)
        why = (
            f"{rules.SIDES[event.winner]}'s Major Victory (a land battle) in {place(state, event)}"
        )
        state = shifted(state, moves, event.winner, why, event.originator_version)
    return state


def battle_cause(state: State, province: str) -> str:
    """TB-15.2: a land battle in Roman Italy or outside it."""
    inside = state.setup.provinces[province].theater == "Roman Italy"
    return "land-in-italy" if inside else "land-outside-italy"


@evolve.register
def _(event: DisbandChecked, state: State) -> State:
    forces = carthage.disband(state.carthaginians, event.army, event.disbanded)
    state = replace(state, carthaginians=forces)
    if event.face < 0:
        return state
    roll = Roll(event.number, event.turn, "disband", event.army, event.face)
    return replace(state, rolls=(*state.rolls, roll))


@evolve.register
def _(event: CommanderAppointed, state: State) -> State:
    forces = carthage.appoint(
        state.carthaginians, event.army, event.leader, event.chosen, state.family_in_power()
    )
    state = replace(state, carthaginians=forces)
    if event.chosen:
        return state
    return drawn(state, event, "draw-carthage", event.army)


@evolve.register
def _(event: CommanderRecalled, state: State) -> State:
    forces = carthage.recall(state.carthaginians, event.army, event.recalled, event.crucified)
    state = replace(state, carthaginians=forces, recalls_due=state.recalls_due - {event.army})
    if event.by_choice:
        return state
    who = numbered(state, event.leader)
    rolls = [Roll(event.number, event.turn, "recall", who, event.face)]
    if event.recalled:
        rolls.append(Roll(event.number + 1, event.turn, "crucifixion", who, event.crucifixion))
    return replace(state, rolls=(*state.rolls, *rolls))


@evolve.register
def _(event: ArmyReinforced, state: State) -> State:
    forces, _ = carthage.reinforce(
        state.carthaginians,
        event.army,
        event.sp,
        event.uncounted,
        event.window,
        state.thirty_percent,
    )
    return replace(state, carthaginians=forces)


@evolve.register
def _(event: ArmyLost, state: State) -> State:
    forces = carthage.lose(
        state.carthaginians,
        event.army,
        event.sp,
        event.crucified,
        event.detachment,
        event.successor,
        event.promoted,
    )
    state = replace(state, carthaginians=forces)
    if event.face < 0:
        return state
    roll = Roll(event.number, event.turn, "crucifixion", numbered(state, event.leader), event.face)
    return replace(state, rolls=(*state.rolls, roll))


@evolve.register
def _(event: LeaderFell, state: State) -> State:
    """TB-10.8 and TB-13.8; TB-4.3: a replacement inherits his predecessor's LAMs."""
    replacement = event.replacement or None
    if event.side == "rome":
        state = replace(
            state, romans=roman.fall(state.romans, event.leader, event.outcome, replacement)
        )
    else:
        forces = carthage.fall(state.carthaginians, event.leader, event.outcome, replacement)
        state = replace(state, carthaginians=forces)
    if replacement is None:
        return state
    kind = "draw-rome" if event.side == "rome" else "draw-carthage"
    draw = Roll(
        event.number,
        event.turn,
        kind,
        numbered(state, event.leader),
        -1,
        tuple(event.candidates),
        replacement,
    )
    markers = inherit(state.cup, event.leader, replacement, event.side)
    return replace(state, rolls=(*state.rolls, draw), cup=markers)


@evolve.register
def _(event: OverallCommanderNamed, state: State) -> State:
    forces = carthage.name_oc(state.carthaginians, event.leader, state.family_in_power())
    return replace(state, carthaginians=forces)


@evolve.register
def _(event: ArmyDetached, state: State) -> State:
    forces, _ = carthage.detach(state.carthaginians, event.army, event.sp, event.leader or None)
    return replace(state, carthaginians=forces)


@evolve.register
def _(event: DetachmentRejoined, state: State) -> State:
    forces, _ = carthage.rejoin(
        state.carthaginians,
        event.army,
        event.detachment,
        event.received,
        event.window,
        state.thirty_percent,
    )
    return replace(state, carthaginians=forces)


@evolve.register
def _(event: ArmiesTrained, state: State) -> State:
    return replace(state, carthaginians=carthage.train(state.carthaginians, dict(event.armies)))


@evolve.register
def _(event: ArmyPosted, state: State) -> State:
    forces = carthage.post(
        state.carthaginians, event.army, event.theater, state.current_climate(), state.alert_assigns
    )
    return replace(state, carthaginians=forces)


@evolve.register
def _(event: FactsReported, state: State) -> State:
    facts = senate.Facts(
        event.occupied_cities, event.city_near_roma, event.roma_besieged, event.enemy_near_rome
    )
    return replace(state, facts=facts)


@evolve.register
def _(event: DictatorTakesTheField, state: State) -> State:
    romans = roman.dictator_in_field(state.romans, event.leader, tuple(event.cas))
    return replace(state, romans=romans)


@evolve.register
def _(event: MasterOfHorseNamed, state: State) -> State:
    romans = roman.name_me(state.romans, event.dictator, event.leader, event.ca)
    return replace(state, romans=romans)


@evolve.register
def _(event: OfficeLeftEmpty, state: State) -> State:
    return replace(state, romans=roman.leave_empty(state.romans, event.office))


@evolve.register
def _(event: InitiativeDrawn, state: State) -> State:
    position = sequence.initiative(state.position, event.drawn, state.game)
    opened = sequence.INITIATIVE[event.drawn] == "D"
    forces = state.carthaginians
    if event.drawn == "empty":  # TB-13.6: C2 finds no LAM left
        forces = carthage.take_effect(forces)
    return replace(
        state,
        position=position,
        operations=state.operations + opened,
        phase_leader=None,
        opened_by=event.drawn,
        carthaginians=forces,
    )


@evolve.register
def _(event: MarkerDrawn, state: State) -> State:
    """TB-4.4: the marker leaves the cup and opens what it opens; with none drawn, play passes to
    F and the markers left are discarded."""
    drawn = cup.kind_of(event.marker) if event.marker else "empty"
    position = sequence.initiative(state.position, drawn, state.game)
    opened = sequence.INITIATIVE[drawn] == "D"
    left = tuple(m for m in state.cup if m != event.marker) if event.marker else ()
    leader = cup.leader_of(event.marker) if event.marker else None
    forces = state.carthaginians
    if not event.marker or event.marker.startswith("carthage/"):
        forces = carthage.take_effect(forces)  # TB-13.6: a Carthaginian LAM, or none left
    state = replace(
        state,
        position=position,
        cup=left,
        operations=state.operations + opened,
        phase_leader=leader,
        opened_by=drawn,
        carthaginians=forces,
    )
    if leader in state.romans.leaders and state.dictator_chance:  # TB-9.5
        state = replace(state, dictator_due=state.dictator_chance, dictator_chance="")
    if not event.number:
        return state
    draw = Roll(
        event.number, event.turn, "draw-cup", "cup", -1, tuple(event.candidates), event.marker
    )
    return replace(state, rolls=(*state.rolls, draw))


@evolve.register
def _(event: PhaseGivenToPU, state: State) -> State:
    return replace(state, phase_leader=event.pu, pu_phase=True)


@evolve.register
def _(event: SenateAsked, state: State) -> State:
    roll = Roll(event.number, event.turn, "senate", numbered(state, event.leader), event.face)
    asked = state.asked | {(event.phase, event.leader, event.purpose)}
    grants = state.grants | ({(event.leader, event.purpose)} if event.granted else set())
    return replace(state, rolls=(*state.rolls, roll), asked=asked, grants=grants)


@evolve.register
def _(event: PoliticsRolled, state: State) -> State:
    roll = Roll(event.number, event.turn, event.what, "carthage", event.face)
    chosen = {"family": state.family, "climate": state.climate}[event.what]
    updated = {**chosen, event.turn: event.outcome}
    state = replace(state, rolls=(*state.rolls, roll))
    return replace(state, **{event.what: updated})


def place(state: State, event: Any) -> str:
    """The province an event names, as the set-up names it."""
    known = state.setup.provinces.get(event.province)
    return known.name if known is not None else event.province


def shifted(state: State, moves: dict[str, int], toward: str, cause: str, seq: int) -> State:
    """TB-15.3 and TB-15.4: each province `moves[p]` boxes toward a side, never past box 4, its
    allegiance turning when it enters box 4 on the other side; `seq`, the event that moved
    them."""
    track, shifts, turned = dict(state.track), list(state.shifts), list(state.defections)
    for province, boxes in moves.items():
        level, allied = track[province]
        after = rules.moved(level, boxes, toward)
        now = rules.allegiance(level, after, allied)
        track[province] = (after, now)
        if after != level:
            shifts.append(Shift(state.turn, province, level, after, cause, seq))
        if now != allied:  # TB-15.5: the manpower the PIC gives Carthage on a defection
            due = state.setup.provinces[province].defection_sp if now == rules.CARTHAGE else 0
            turned.append(Defection(state.turn, province, now, due, seq))
    return replace(state, track=track, shifts=tuple(shifts), defections=tuple(turned))


@evolve.register
def _(event: VictoryReported, state: State) -> State:
    adjacent = {p.id: p.adjacent for p in state.setup.provinces.values()}
    moves = rules.victory_shifts(event.cause, event.province, list(state.track), adjacent)
    how = rules.VICTORY_BY[event.cause]
    cause = f"{rules.SIDES[event.victor]}'s Major Victory ({how}) in {place(state, event)}"
    return shifted(state, moves, event.victor, cause, event.originator_version)


@evolve.register
def _(event: ProvinceDevastated, state: State) -> State:
    opponent = rules.CARTHAGE if event.by == rules.ROME else rules.ROME
    return shifted(
        state,
        {event.province: 4},
        opponent,
        f"devastated by {rules.SIDES[event.by]}",
        event.originator_version,
    )


@evolve.register
def _(event: CitySacked, state: State) -> State:
    state = shifted(
        state, {event.province: 2}, rules.ROME, "Roman Retribution", event.originator_version
    )
    rolls = list(state.rolls)
    even = {}
    for offset, (province, face) in enumerate(event.faces.items()):
        rolls.append(Roll(event.number + offset, event.turn, "retribution", province, face))
        if rules.even(face):
            even[province] = 1
    state = replace(state, rolls=tuple(rolls))
    cause = f"Roman Retribution from {place(state, event)}"
    return shifted(state, even, rules.ROME, cause, event.originator_version)


@evolve.register
def _(event: MagistrateCensured, state: State) -> State:
    who = numbered(state, event.leader)
    rolls = [Roll(event.number, event.turn, "censure", who, event.face)]
    romans = state.romans
    if event.censured:
        romans = roman.censure(romans, event.leader, event.replacement)
        if event.replacement is not None:
            rolls.append(
                Roll(
                    event.number + 1,
                    event.turn,
                    "draw-rome",
                    who,
                    -1,
                    tuple(event.candidates),
                    event.replacement,
                )
            )
    asked = state.asked | {(event.phase, event.leader, "censure")}
    state = replace(state, romans=romans, rolls=(*state.rolls, *rolls), asked=asked)
    if event.censured and event.replacement:  # TB-4.3: the replacement inherits his LAMs
        state = replace(state, cup=inherit(state.cup, event.leader, event.replacement))
    return state


def inherit(
    markers: tuple[str, ...], leader: str, successor: str, side: str = "rome"
) -> tuple[str, ...]:
    """TB-4.3: a replacement inherits his predecessor's LAMs in the cup."""
    before, after = cup.prefix(side, cup.LAM, leader), cup.prefix(side, cup.LAM, successor)
    renamed = (after + m[len(before) :] if m.startswith(before) else m for m in markers)
    return tuple(sorted(renamed))


@evolve.register
def _(event: TriumphEarned, state: State) -> State:
    romans = roman.earn(state.romans, event.leader, event.turn, event.how, event.inflicted, True)
    return replace(state, romans=romans)


@evolve.register
def _(event: TriumphCelebrated, state: State) -> State:
    romans = roman.celebrate(state.romans, event.leader, event.turn, event.granted)
    state = replace(state, romans=romans)
    if event.face < 0:
        return state
    roll = Roll(event.number, event.turn, "triumph", numbered(state, event.leader), event.face)
    return replace(state, rolls=(*state.rolls, roll))


@evolve.register
def _(event: LegionsDisbanded, state: State) -> State:
    return replace(state, romans=roman.disband_legions(state.romans, tuple(event.legions)))


@evolve.register
def _(event: LegionsRequested, state: State) -> State:
    romans = legions.raise_legions(
        state.romans, tuple(event.legions), event.province, event.filled, event.train
    )
    roll = Roll(event.number, event.turn, "legion-request", "rome", event.face)
    return replace(raised(state, romans), rolls=(*state.rolls, roll))


def raised(state: State, romans: roman.Romans, kind: str = "") -> State:
    """TB-11.3: what a Legion Request raised marks the Game Turn's request made; what a Manpower
    Operation raised does not, and closes that Operation."""
    if not state.manpower_by:
        romans = legions.requested(romans, kind)
    return replace(state, romans=romans, manpower_by="")


@evolve.register
def _(event: LegionsReinforced, state: State) -> State:
    romans = legions.reinforce(state.romans, event.given, event.sp, bool(state.manpower_by))
    roll = Roll(event.number, event.turn, "legion-request", "rome", event.face)
    return replace(raised(state, romans), rolls=(*state.rolls, roll))


@evolve.register
def _(event: MarineRaised, state: State) -> State:
    operation = bool(state.manpower_by)
    romans = legions.raise_marine(state.romans, event.take, event.face, event.province, operation)
    roll = Roll(event.number, event.turn, "marine", "rome", event.face)
    return replace(raised(state, romans, roman.MARINE), rolls=(*state.rolls, roll))


@evolve.register
def _(event: GovernorDesignated, state: State) -> State:
    return replace(state, romans=roman.designate(state.romans, event.leader, event.province))


@evolve.register
def _(event: IslandsReported, state: State) -> State:
    return replace(state, romans=replace(state.romans, islands_held=frozenset(event.held)))


@evolve.register
def _(event: LegionsFought, state: State) -> State:
    won = None if event.winner == "none" else event.winner == rules.ROME
    romans, _, _, _ = legions.fought(
        state.romans, event.engaged, event.losses, won, event.major, event.promoted, event.demoted
    )
    return replace(state, romans=romans)


@evolve.register
def _(event: SituationReported, state: State) -> State:
    return replace(state, situation={**state.situation, event.fact: event.value})


@evolve.register
def _(event: ManpowerOperation, state: State) -> State:
    made = state.manpower_ops | {(event.operations, event.leader)}
    return replace(state, manpower_ops=made, manpower_by=event.leader)


@evolve.register
def _(event: LegateDelivered, state: State) -> State:
    return replace(state, romans=legions.deliver(state.romans, event.given))


@evolve.register
def _(event: SiegeReported, state: State) -> State:
    return replace(state, recalls_due=state.recalls_due | set(event.recall_due))


@evolve.register
def _(event: NavalBuilt, state: State) -> State:
    return replace(state, ns_built={**state.ns_built, event.turn: event.levels})


@evolve.register
def _(event: SlavesRaised, state: State) -> State:
    operation = bool(state.manpower_by)
    romans = legions.raise_slaves(state.romans, tuple(event.provinces), operation)
    return raised(state, romans, roman.SLAVE)


@evolve.register
def _(event: ExtraordinaryDisbanded, state: State) -> State:
    return replace(state, romans=legions.disband_extraordinary(state.romans))


@evolve.register
def _(event: TrainingRolled, state: State) -> State:
    rolls = tuple(
        Roll(event.number + n, event.turn, "training", legion, face)
        for n, (legion, face) in enumerate(event.faces.items())
    )
    romans = legions.train(state.romans, dict(event.faces))
    return replace(state, romans=romans, rolls=(*state.rolls, *rolls))


@evolve.register
def _(event: PresenceClaimed, state: State) -> State:
    state = replace(state, presences=state.presences | {(event.province, event.side)})
    cause = f"{rules.SIDES[event.side]}'s Watchful Presence"
    return shifted(state, {event.province: 1}, event.side, cause, event.originator_version)


@evolve.register
def _(event: DiplomacyAttempted, state: State) -> State:
    roll = Roll(event.number, event.turn, "diplomacy", event.province, event.face)
    state = replace(
        state,
        rolls=(*state.rolls, roll),
        targeted=state.targeted | {event.province},
        diplomacy=state.diplomacy | {event.phase},
    )
    boxes = rules.ambassador_boxes(event.result)
    toward = rules.CARTHAGE if boxes >= 0 else rules.ROME
    moved = {event.province: abs(boxes)}
    return shifted(state, moved, toward, "Hannibal's Diplomacy", event.originator_version)


@evolve.register
def _(event: SettingsChosen, state: State) -> State:
    return replace(state, settings=dict(event.settings))


@evolve.register
def _(event: TurnRevealed, state: State) -> State:
    return replace(state, revealed={**state.revealed, event.turn: event.secret})


def summary(state: State) -> str:
    if state.position.over:
        return f"over after Game Turn {state.setup.turns}"
    steps = " and ".join(state.position.open)
    return f"Game Turn {state.turn} ({state.year} BCE), {steps}"


def round_over(state: State, number: int) -> bool:
    """Game Turn `number` is over once the next begins (and its secret is revealed)."""
    if state.position.over:
        return number <= state.setup.turns
    ended = state.turn > number
    unrevealed = state.dice == "committed" and number not in state.revealed
    return ended and not unrevealed
