"""Thunderbolt's state: a pure fold over the campaign's events and its set-up file.

The Sequence of Play's position (TB-3), Carthage's Family in Power and Political Climate
(TB-12.1), the Italian Allies track (TB-15) and every random event of the campaign with its
record (TB-16.3), so that the reveal of a Game Turn's secret re-checks each of its rolls."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import offices, roman, sequence
from campaign.kinds.thunderbolt.board import politics as senate
from campaign.kinds.thunderbolt.board.result import Victory
from campaign.kinds.thunderbolt.board.setup import Leader, SetUp
from campaign.kinds.thunderbolt.board.tribes import Tribes
from campaign.kinds.thunderbolt.board.war import War
from events.thunderbolt.carthage import CommanderAppointed
from events.thunderbolt.magistrates import MagistrateElected


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
class Augury:
    """TB-22.1: an Augury as entered: its Game Turn, the roll (-1: not entered), its event."""

    turn: int
    roll: int
    event: str


@dataclass(frozen=True)
class Betrayed:
    """TB-24.3: the siege just reported, ended by Treachery: the city, its province, the side
    that took it and the leaders present, awaiting who used it (recorded in the same append)."""

    city: str
    province: str
    side: str
    leaders: tuple[str, ...] = ()


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
    cup_by: str = ""
    """TB-4.4: who has drawn this Game Turn's cup: "" nobody yet, "cup" the program's cup (each
    marker taken from it), "table" a draw typed as its kind alone (`initiative leader`), after
    which the cup no longer knows which markers are left."""
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
    auguries: tuple[Augury, ...] = ()
    """TB-22.1: every Augury entered, in order."""
    augured: bool = False
    """TB-22.1: this Augury Phase's Augury is entered (cleared once E is no longer in hand)."""
    victory: Victory | None = None
    """TB-20: the game's result, once determined in a G4 (the game is over with it)."""
    tribes: Tribes = field(default_factory=Tribes)
    """TB-23: the tribes' allegiance and status, and this Game Turn's dealings with them."""
    guile_spent: tuple[tuple[int, str, int], ...] = ()
    """TB-24.1: this Game Turn's Guile Points spent: (Operations Phase, leader, points)."""
    betrayed: Betrayed | None = None
    """TB-24.3: the siege last reported, when Treachery ended it (None otherwise)."""
    naval: dict[str, int] = field(default_factory=dict)
    """TB-26.1: each Naval Zone's NS Level, signed: Rome's above 0, Carthage's below."""
    naval_put: dict[str, int] = field(default_factory=dict)
    """TB-26.2: the levels built that each side has put into zones: "Game Turn/side" → levels."""
    naval_moved: frozenset[str] = frozenset()
    """TB-26.4: the sides that have re-allotted a level this Game Turn: "Game Turn/side"."""
    carthage_built: dict[int, int] = field(default_factory=dict)
    """TB-26.2: the NS levels Carthage built in each Game Turn's B3a, as entered."""
    pools: dict[str, int] = field(default_factory=dict)
    """TB-25.1: each Carthaginian Manpower Holding Box's SP (none kept: the scenario uses none)."""
    citizens: int | None = None
    """TB-29: the SP of Carthaginian Citizens in play (None: the scenario does not count them)."""
    won: tuple[tuple[str, str, bool], ...] = ()
    """TB-23.4, TB-23.5: this Game Turn's land battles won: (province, side, Major)."""
    macedonia: War = field(default_factory=War)
    """TB-27: the Macedonian War, where the optional rule is in play."""
    carthage_ops: frozenset[tuple[int, str, str]] = frozenset()
    """TB-28.2, TB-28.3: this Game Turn's Carthaginian Manpower Operations: (Operations Phase,
    leader, provincial or oc)."""

    def leader(self, lid: str) -> Leader:
        """A leader of either side, as the counter sheet rates him (TB-2.2)."""
        of = self.romans if lid in self.romans.leaders else self.carthaginians
        return of.leaders[lid]

    def overall_commanders(self) -> list[str]:
        """TB-6.7: Rome's Overall Commanders, as the setting `rome-dictator-oc` reads them."""
        r = self.romans
        return offices.overall_commanders(
            list(r.magistrates.values()),
            dictator_in_rome=bool(r.in_rome),
            rome_dictator_oc=self.settings.get("rome-dictator-oc", "dictator") == "dictator",
        )

    def named(self, lid: str) -> str:
        """A leader of either side as the outputs name him ("Flaccus #423", "Hanno 2P-10")."""
        of = self.romans if lid in self.romans.leaders else self.carthaginians
        return of.name(lid)

    def guile(self, leader: str, phase_start: bool = False) -> int:
        """TB-24.1: a leader's Guile Points available: his printed Guile Rating less what he has
        spent this Game Turn (before this Operations Phase's spending, at its start)."""
        spent = sum(
            n
            for phase, lid, n in self.guile_spent
            if lid == leader and not (phase_start and phase == self.operations)
        )
        return max(0, self.leader(leader).guile - spent)

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
        from campaign.kinds.thunderbolt.board.charts import outcome

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


def spend(state: State, phase: int, leader: str, points: int) -> State:
    """TB-24.1: Guile Points a leader spent in an Operations Phase, gone for the Game Turn."""
    if not points:
        return state
    return replace(state, guile_spent=(*state.guile_spent, (phase, leader, points)))


def numbered(state: State, leader: str) -> str:
    """TB-16.3: a leader as a random event's subject: his number (417, 2P-10), as the counter
    sheet prints it and any player can write it down."""
    return state.leader(leader).number


def drawn(state: State, event: MagistrateElected | CommanderAppointed, kind: str, subject: str):
    """TB-16.3: a draw kept with its candidates and result, for the reveal to re-check."""
    draw = Roll(event.number, event.turn, kind, subject, -1, tuple(event.candidates), event.leader)
    return replace(state, rolls=(*state.rolls, draw))
