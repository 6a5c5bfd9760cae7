"""Britannia with Hadrian's Wall's state: a pure fold over the campaign's events on its board.

Counters stand in areas or in their pools (HW-3); after every event and every step of a move's
path the fold notes which trigger areas the Romans hold alone (`moments`, HW-3.6), for the rules
to build walls (`commands.consequences`, HW-4). A move's crossings are found step by step by
`walk`, which the fold and the decision share (HW-6).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import singledispatch
from itertools import pairwise

from campaign.domain.grammar import plural
from campaign.kinds.hadrians_wall import interpretations as chosen
from campaign.kinds.hadrians_wall import rules
from campaign.kinds.hadrians_wall.rules import Counter
from events.common import CampaignEvent, CampaignStarted, PlayerRenamed, PlayerReplaced
from events.hadrians_wall import (
    AreaTriggered,
    BattleReported,
    BattleResolved,
    ClockAdvanced,
    CounterMoved,
    CountersPlaced,
    CountersRemoved,
    GameSetUp,
    RollCorrected,
    SecretRevealed,
    WallsRemoved,
)
from regions.board import Board, parse_board


@dataclass(frozen=True)
class Built:
    """A wall built: in which turn, by which trigger area (HW-4.2)."""

    turn: int
    cause: str


@dataclass(frozen=True)
class Crossing:
    """HW-6: one counter's step over a wall into a Roman-occupied area, and its die."""

    number: int
    turn: int
    nation: str
    counter: str
    origin: str
    to: str
    wall: str
    die: int
    evidence: str = ""
    original: int | None = None
    """The die first rolled, when an organiser's ruling corrected it (HW-6.10)."""

    @property
    def eliminated(self) -> bool:
        return rules.eliminated(self.die)


@dataclass(frozen=True)
class Reported:
    """A battle's result as a player reported it (`BattleReported`)."""

    lost: tuple[str, ...]
    retreats: dict[str, str]
    by: str


@dataclass(frozen=True)
class State:
    name: str
    players: tuple[str, ...]
    source: str
    """The board file the campaign started with."""
    board: Board
    colours: dict[str, str] = field(default_factory=dict)
    """HW-2.3: colour → player."""
    ffg_gap: str = ""
    wall_trigger: str = chosen.WALL_TRIGGER
    leaders_roll: bool = chosen.LEADERS_ROLL
    dice: str = chosen.DICE
    campaign: str = ""
    """The name the dice records and commitments use (HW-7), kept across renames and forks."""
    commitments: dict[int, str] = field(default_factory=dict)
    revealed: dict[int, str] = field(default_factory=dict)
    set_up: bool = False
    turn: int = 1
    nation: str = rules.ROMANS
    phase: str = "population"
    counters: dict[str, Counter] = field(default_factory=dict)
    walls: dict[str, Built] = field(default_factory=dict)
    walls_removed: bool = False
    triggered: dict[str, int] = field(default_factory=dict)
    crossings: tuple[Crossing, ...] = ()
    moments: tuple[str, ...] = ()
    """Trigger areas the Romans held alone at some instant of the last event, in order (HW-3.6),
    where that instant counts under the HW-4.6 setting."""
    reported: dict[str, Reported] = field(default_factory=dict)
    """Battles a player reported from his page, awaiting the other side's confirmation (#26):
    area → what he reported."""

    # Who plays what (HW-2.3).

    def player_of(self, nation: str) -> str:
        colour = next(c for c, nations in chosen.SPLIT.items() if nation in nations)
        return self.colours[colour]

    def colour_of(self, nation: str) -> str:
        return next(c for c, nations in chosen.SPLIT.items() if nation in nations)

    # Where counters are (HW-3).

    def here(self, area: str) -> list[Counter]:
        return [c for c in self.counters.values() if c.area == area]

    def on_map(self, nation: str) -> bool:
        return any(c.nation == nation and c.area is not None for c in self.counters.values())

    def wall_standing(self, wall: str | None) -> bool:
        return wall is not None and wall in self.walls and not self.walls_removed

    @property
    def walled(self) -> bool:
        """Whether walls still matter: turns 1–5, before their removal (HW-5.1)."""
        return self.turn in rules.WALLED_TURNS and not self.walls_removed

    def crossing_due(self, counter: Counter, a: str, b: str) -> str | None:
        """HW-6.1: the wall a step crosses when it rolls, else None (leaders under
        `--leaders-roll no` roll nothing, HW-6.8)."""
        wall = self.board.wall_on(a, b)
        if not rules.crossing_rolls(
            self.turn, self.phase, counter, self.wall_standing(wall), self.here(b)
        ):
            return None
        if counter.kind == "leader" and not self.leaders_roll:
            return None
        return wall

    def moved_to(self, counter: str, area: str | None) -> State:
        return replace(
            self, counters={**self.counters, counter: replace(self.counters[counter], area=area)}
        )

    def alone(self, areas: list[str | None], counts: bool = True) -> tuple[str, ...]:
        """`moments` with those of `areas` that are trigger areas the Romans now hold alone."""
        if not counts or not self.walled:
            return self.moments
        found = [
            a
            for a in areas
            if a in self.board.triggers
            and a not in self.triggered
            and rules.sole_roman(self.here(a))
        ]
        return tuple(dict.fromkeys((*self.moments, *found)))

    @property
    def any_change(self) -> bool:
        """HW-4.6: whether every change counts, or only Roman moves and battles."""
        return self.wall_trigger == "any"


Roll = Callable[[Crossing], tuple[int, str]]
"""The die (and its evidence) of a crossing about to be settled."""


def walk(state: State, counter: str, path: list[str], roll: Roll) -> State:
    """A counter's move along `path`, step by step: a crossing rolls before its step takes effect
    and on 5–6 the counter goes back to its pool and the move ends (HW-6.2); after every step the
    trigger areas left to the Romans alone are noted (HW-3.6, HW-4.3)."""
    state = replace(state, moments=())
    for a, b in pairwise(path):
        mover = state.counters[counter]
        wall = state.crossing_due(mover, a, b)
        if wall is not None:
            number = len(state.crossings) + 1
            crossing = Crossing(number, state.turn, mover.nation, counter, a, b, wall, 0)
            die, evidence = roll(crossing)
            crossing = replace(crossing, die=die, evidence=evidence)
            state = replace(state, crossings=(*state.crossings, crossing))
            if crossing.eliminated:
                state = state.moved_to(counter, None)
                return replace(state, moments=state.alone([a], state.any_change))
        state = state.moved_to(counter, b)
        roman_step = mover.roman
        state = replace(
            state,
            moments=state.alone(
                [a, b] if state.any_change else [b], state.any_change or roman_step
            ),
        )
    return state


def start(event: CampaignStarted) -> State:
    return State(event.name, tuple(event.players), event.map_source, parse_board(event.map_source))


@singledispatch
def evolve(event: CampaignEvent, state: State) -> State:
    return state


def apply(state: State, event: CampaignEvent) -> State:
    if state.moments and not isinstance(event, AreaTriggered):
        state = replace(state, moments=())
    return evolve(event, state)


def board_for(source: str, board: str, ffg_gap: str) -> Board:
    """HW-1.3: the Avalon Hill board, or the Fantasy Flight one with its gap open or walled."""
    if board != "ffg":
        return parse_board(source)
    extended = parse_board(source, extra=True)
    return extended.with_wall(*chosen.FFG_WALL) if ffg_gap == "wall" else extended


def first_counters(board: Board) -> dict[str, Counter]:
    """HW-2.4: one army of the listed nation in each land area, and the armies the set-up lists
    by number (16 Romans in the English Channel), numbered by nation in the board's order."""
    placed: dict[str, Counter] = {}
    numbers: dict[str, int] = {}

    def put(nation: str, area: str) -> None:
        numbers[nation] = numbers.get(nation, 0) + 1
        counter = f"{chosen.PREFIX[nation]}{numbers[nation]}"
        placed[counter] = Counter(counter, nation, "infantry", area)

    for area, nation in board.start.items():
        put(nation, area)
    for nation, where in board.start_counts.items():
        for area, count in where.items():
            for _ in range(count):
                put(nation, area)
    return placed


@evolve.register
def _(event: GameSetUp, state: State) -> State:
    board = board_for(state.source, event.board, event.ffg_gap)
    return replace(
        state,
        board=board,
        colours=dict(event.players),
        ffg_gap=event.ffg_gap,
        wall_trigger=event.wall_trigger,
        leaders_roll=event.leaders_roll,
        dice=event.dice,
        campaign=event.campaign,
        commitments={int(t): c for t, c in event.commitments.items()},
        set_up=True,
        counters=first_counters(board),
    )


@evolve.register
def _(event: ClockAdvanced, state: State) -> State:
    return replace(state, turn=event.turn, nation=event.nation, phase=event.phase)


def _given(event: CounterMoved) -> Roll:
    rolled: Iterator[tuple[int, str]] = iter(zip(event.dice, event.evidence, strict=True))
    return lambda crossing: next(rolled)


@evolve.register
def _(event: CounterMoved, state: State) -> State:
    return walk(state, event.counter, list(event.path), _given(event))


@evolve.register
def _(event: BattleReported, state: State) -> State:
    said = Reported(tuple(event.lost), dict(event.retreats), event.by)
    return replace(state, reported={**state.reported, event.area: said})


@evolve.register
def _(event: BattleResolved, state: State) -> State:
    if event.area in state.reported:
        left = {area: said for area, said in state.reported.items() if area != event.area}
        state = replace(state, reported=left)
    for counter in event.lost:
        state = state.moved_to(counter, None)
    for counter, to in event.retreats.items():
        state = state.moved_to(counter, to)
    touched = [event.area, *event.retreats.values()] if state.any_change else [event.area]
    return replace(state, moments=state.alone(touched))


@evolve.register
def _(event: CountersPlaced, state: State) -> State:
    counters = dict(state.counters)
    for counter in event.counters:
        counters[counter] = Counter(counter, event.nation, event.counter_kind, event.area)
    state = replace(state, counters=counters)
    return replace(state, moments=state.alone([event.area], state.any_change))


@evolve.register
def _(event: CountersRemoved, state: State) -> State:
    left = [state.counters[c].area for c in event.counters]
    for counter in event.counters:
        state = state.moved_to(counter, None)
    return replace(state, moments=state.alone(left, state.any_change))


@evolve.register
def _(event: AreaTriggered, state: State) -> State:
    walls = {**state.walls, **{w: Built(event.turn, event.area) for w in event.walls}}
    return replace(state, triggered={**state.triggered, event.area: event.turn}, walls=walls)


@evolve.register
def _(event: WallsRemoved, state: State) -> State:
    return replace(state, walls_removed=True)


@evolve.register
def _(event: SecretRevealed, state: State) -> State:
    return replace(state, revealed={**state.revealed, event.turn: event.secret})


@evolve.register
def _(event: RollCorrected, state: State) -> State:
    """HW-6.10: the crossing's die as ruled; a counter the new die spares stands in the area it
    crossed into, one the new die eliminates goes to its pool."""
    old = state.crossings[event.number - 1]
    new = replace(old, die=event.die, original=old.original or old.die)
    crossings = tuple(new if c.number == event.number else c for c in state.crossings)
    state = replace(state, crossings=crossings)
    if old.eliminated and not new.eliminated:
        return state.moved_to(old.counter, old.to)
    if new.eliminated and not old.eliminated:
        return state.moved_to(old.counter, None)
    return state


@evolve.register
def _(event: PlayerReplaced, state: State) -> State:
    """The newcomer takes over the colour, its nations and everything still to come."""
    return _renamed(state, event.player, event.by)


@evolve.register
def _(event: PlayerRenamed, state: State) -> State:
    return _renamed(state, event.player, event.to)


def _renamed(state: State, old: str, new: str) -> State:
    return replace(
        state,
        players=tuple(new if p == old else p for p in state.players),
        colours={c: new if p == old else p for c, p in state.colours.items()},
    )


def summary(state: State) -> str:
    walls = ", ".join(sorted(state.walls)) or "none"
    if state.walls_removed:
        walls = "removed at the start of turn 6"
    if state.phase == rules.GAME_OVER:
        return f"game over after turn {rules.TURNS}; walls {walls}"
    where = "end of turn" if state.phase == rules.END_OF_TURN else f"{state.nation}, {state.phase}"
    return f"turn {state.turn}, {where}; walls {walls}; {plural(len(state.crossings), 'crossing')}"


def round_over(state: State, number: int) -> bool:
    """Turn `number` is over once the clock reaches its end and, with committed dice, its secret
    is revealed (HW-7.2: the turn's report carries it)."""
    if state.turn != number:
        return state.turn > number
    if state.phase == rules.GAME_OVER:
        return True
    unrevealed = (
        state.dice == "committed" and number in rules.WALLED_TURNS and number not in state.revealed
    )
    return state.phase == rules.END_OF_TURN and not unrevealed
