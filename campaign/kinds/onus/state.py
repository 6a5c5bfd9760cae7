"""ONUS! Under the Eagle's state: a pure fold over the campaign's events.

Rosters carry each unit card's status from scenario to scenario (ON-2.2);
Characters lost with their unit miss the next scenario (ON-2.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import singledispatch

from campaign.kinds.onus import interpretations as onus_interpretations
from campaign.kinds.onus import rules as onus
from campaign.kinds.onus.book import SIDE_NAMES, SIDES, Book, Scenario, book
from events.common import CampaignEvent, CampaignStarted, PlayerRenamed, PlayerReplaced
from events.onus import (
    ArmyMustered,
    ScenarioPlayed,
    SidesTaken,
    UnitUpgraded,
    UpgradeDeclined,
)

LAST = 8


class Phase(StrEnum):
    """Where a campaign stands: sides not yet taken, scenarios being played, an upgrade due,
    over."""

    SETUP = "setup"
    PLAYING = "playing"
    UPGRADE = "upgrade"
    FINISHED = "finished"


@dataclass(frozen=True)
class Played:
    number: int
    title: str
    winner: str
    facts: dict[str, str]
    fielded: dict[str, tuple[onus.Card, ...]]
    """The cards each side fielded, with their status during the scenario."""
    eliminated: tuple[str, ...]
    lost_with_unit: tuple[str, ...]
    wounded: tuple[str, ...]
    officer_casualties: tuple[str, ...]
    upgrade: tuple[str, str] | None = None
    """The unit card the winner upgraded after the scenario, and its new status."""
    declined_by: str | None = None
    """Who recorded the winner's decline of the upgrade, as the log names him: the actor
    `deadline` where the deadline passed under the rule `auto` (ON-4.2)."""


@dataclass(frozen=True)
class State:
    name: str
    players: tuple[str, ...]
    phase: Phase = Phase.SETUP
    reset_eliminated: bool = False
    roster: dict[str, tuple[onus.Card, ...]] = field(
        default_factory=lambda: {side: () for side in SIDES}
    )
    musters: dict[str, dict[str, int]] = field(default_factory=dict)
    results: tuple[Played, ...] = ()
    absent: frozenset[str] = frozenset()
    upgrade_due: str | None = None
    replaced: tuple[tuple[str, str, int], ...] = ()
    """ON-4.4: (newcomer, the player he replaced, the scenario he took over before)."""

    @property
    def book(self) -> Book:
        return book()

    @property
    def side_names(self) -> dict[str, str]:
        return dict(zip(SIDES, self.players))

    @property
    def next_number(self) -> int | None:
        return len(self.results) + 1 if len(self.results) < LAST else None

    @property
    def next_scenario(self) -> Scenario | None:
        return self.book.scenario(self.next_number) if self.next_number else None

    def wins(self) -> dict[str, int]:
        return {side: sum(r.winner == side for r in self.results) for side in SIDES}

    @property
    def winner(self) -> str | None:
        """ON-1.3: most scenarios won; Interpretation: equal wins is a drawn campaign."""
        if self.phase != Phase.FINISHED:
            return None
        wins = self.wins()
        if wins["rome"] == wins["enemies"] and onus_interpretations.EQUAL_WINS_DRAW:
            return "draw"
        return max(wins, key=wins.get)

    def army_units(self, side: str) -> dict[str, int] | None:
        """The next scenario's army for `side`: mustered, else the scenario's own; None while
        unknown (ON-3.2)."""
        scenario = self.next_scenario
        if scenario is None:
            return None
        army = scenario.armies[side]
        return self.musters.get(side) or (dict(army.units) if army.mode != "free" else None)

    def fielded(self, side: str) -> list[onus.Card]:
        units = self.army_units(side)
        return onus.field_army(self.roster[side], units) if units else []

    def card(self, unit_id: str) -> tuple[str, onus.Card] | None:
        return next(((s, c) for s in SIDES for c in self.roster[s] if c.id == unit_id), None)


def start(event: CampaignStarted) -> State:
    return State(event.name, tuple(event.players))


@singledispatch
def evolve(event: CampaignEvent, state: State) -> State:
    return state


def apply(state: State, event: CampaignEvent) -> State:
    return evolve(event, state)


@evolve.register
def _(event: SidesTaken, state: State) -> State:
    return replace(state, phase=Phase.PLAYING, reset_eliminated=event.reset_eliminated)


@evolve.register
def _(event: ArmyMustered, state: State) -> State:
    return replace(state, musters={**state.musters, event.side: dict(event.units)})


@evolve.register
def _(event: ScenarioPlayed, state: State) -> State:
    scenario = state.next_scenario
    fielded = {side: state.fielded(side) for side in SIDES}
    roster = {side: _merge(state.roster[side], fielded[side]) for side in SIDES}
    if state.reset_eliminated:
        roster = {
            side: tuple(
                replace(c, status="regular") if c.id in event.eliminated else c for c in cards
            )
            for side, cards in roster.items()
        }
    played = Played(
        scenario.number,
        scenario.title,
        onus.winner(scenario, event.facts),
        dict(event.facts),
        {side: tuple(cards) for side, cards in fielded.items()},
        tuple(event.eliminated),
        tuple(event.lost_with_unit),
        tuple(event.wounded),
        tuple(event.officer_casualties),
    )
    return replace(
        state,
        roster=roster,
        musters={},
        results=state.results + (played,),
        absent=frozenset(c for c in event.lost_with_unit if c in state.book.characters),
        upgrade_due=None if scenario.number == LAST else played.winner,
        phase=Phase.FINISHED if scenario.number == LAST else Phase.UPGRADE,
    )


def _merge(roster: tuple[onus.Card, ...], fielded: list[onus.Card]) -> tuple[onus.Card, ...]:
    known = {c.id for c in roster}
    return roster + tuple(c for c in fielded if c.id not in known)


@evolve.register
def _(event: UnitUpgraded, state: State) -> State:
    roster = state.roster[event.side]
    if event.unit not in {c.id for c in roster}:
        roster += (onus.Card(event.unit, state.book.type_of(event.unit)),)
    cards = tuple(replace(c, status=event.status) if c.id == event.unit else c for c in roster)
    results = state.results[:-1] + (replace(state.results[-1], upgrade=(event.unit, event.status)),)
    return _upgraded(replace(state, roster={**state.roster, event.side: cards}, results=results))


@evolve.register
def _(event: UpgradeDeclined, state: State) -> State:
    results = state.results[:-1] + (replace(state.results[-1], declined_by=event.actor),)
    return _upgraded(replace(state, results=results))


def _upgraded(state: State) -> State:
    return replace(
        state,
        upgrade_due=None,
        phase=Phase.FINISHED if len(state.results) == LAST else Phase.PLAYING,
    )


@evolve.register
def _(event: PlayerReplaced, state: State) -> State:
    """ON-4.4: the newcomer takes over the side, its roster and everything still to come."""
    players = tuple(event.by if p == event.player else p for p in state.players)
    taken = (event.by, event.player, len(state.results) + 1)
    return replace(state, players=players, replaced=(*state.replaced, taken))


@evolve.register
def _(event: PlayerRenamed, state: State) -> State:
    players = tuple(event.to if p == event.player else p for p in state.players)
    replaced = tuple(
        (event.to if new == event.player else new, old, n) for new, old, n in state.replaced
    )
    return replace(state, players=players, replaced=replaced)


def summary(state: State) -> str:
    wins = state.wins()
    score = f"Rome {wins['rome']}, enemies {wins['enemies']}"
    if state.phase == Phase.FINISHED:
        result = "a draw" if state.winner == "draw" else f"{SIDE_NAMES[state.winner]} won"
        return f"finished ({result}): {score}"
    if state.phase == Phase.UPGRADE:
        return f"scenario {len(state.results)} played, awaiting the upgrade: {score}"
    return f"next: scenario {state.next_number}: {score}"


def round_over(state: State, number: int) -> bool:
    """Scenario `number` is over once its result is recorded (ON-2.1's Interpretation: a scenario's
    result and report do not wait for the upgrade choice)."""
    return len(state.results) >= number
