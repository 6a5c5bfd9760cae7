"""ONUS! Under the Eagle's commands: each runs its checks, then says what to record."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from campaign.drafts import Draft, draft
from campaign.errors import CampaignError, RuleViolation
from campaign.kinds.onus import interpretations as onus_interpretations
from campaign.kinds.onus import rules as onus
from campaign.kinds.onus.book import SIDES, book
from campaign.kinds.onus.state import Phase, State
from campaign.names import resolve
from events.common import CampaignEvent
from events.onus import (
    ArmyMustered,
    ScenarioPlayed,
    SidesTaken,
    UnitUpgraded,
    UpgradeDeclined,
)


def take_sides(rome: str, enemies: str, reset_eliminated: bool) -> list[Draft]:
    """ON-1.1: one player always plays Rome, the other the enemies of Rome."""
    if not rome.strip() or not enemies.strip():
        raise CampaignError("Name both players: --rome PLAYER --enemies PLAYER.")
    if rome.strip().casefold() == enemies.strip().casefold():
        raise RuleViolation("ON-1.1", "Rome and its enemies are played by two different players")
    return [draft(SidesTaken, rome=rome.strip(), enemies=enemies.strip(), reset_eliminated=reset_eliminated)]


def side(state: State, name: str) -> str:
    """`rome`/`enemies`, or a player's name for his side."""
    choices = {"rome": "rome", "enemies": "enemies", **{p: s for s, p in state.side_names.items()}}
    return choices[resolve("side", name, choices)]


def check_open(state: State, doing: str) -> None:
    if state.phase == Phase.FINISHED:
        raise RuleViolation("ON-1.2", f"All eight scenarios have been played; there is nothing left to {doing}")


def muster(state: State, side_name: str, items: Mapping[str, str]) -> list[Draft]:
    """ON-3.2: a free-choice army by unit type and count, for the next scenario."""
    check_open(state, "muster")
    who, scenario = side(state, side_name), state.next_scenario
    if scenario is None:
        raise RuleViolation("ON-1.2", "There is no scenario left to muster for")
    army = scenario.armies[who]
    catalogue = state.book.catalogue(who, army.people)
    units: dict[str, int] = {}
    for raw, count in items.items():
        unit = _unit_type(state, who, army.people, raw)
        units[unit] = units.get(unit, 0) + _count(raw, count)
    onus.check_muster(state.book, army, units)
    return [draft(ArmyMustered, scenario=scenario.number, side=who, units={u: units[u] for u in catalogue if u in units})]


def _unit_type(state: State, who: str, people: str, raw: str) -> str:
    everything = {u for s in SIDES for u in state.book.points[s]}
    unit = resolve("unit type", raw, everything)
    if unit in state.book.scenario_only:
        raise RuleViolation("ON-3.2", f"{unit} are placed by their scenario, never mustered")
    if unit not in state.book.catalogue(who, people):
        owner = "Rome's" if unit in state.book.points["rome"] else "the enemies'"
        allowed = "Rome's" if who == "rome" else f"the {people}'s"
        raise RuleViolation("ON-3.2", f"{unit} are {owner} units; {who} muster from {allowed} units")
    return unit


def _count(raw: str, count: str) -> int:
    if not count.strip().isdigit() or int(count) < 1:
        raise CampaignError(f"Write a muster as UNIT=COUNT with a whole number of units, not {raw}={count}.")
    return int(count)


def scenario_result(state: State, facts: Mapping[str, str], eliminated: Sequence[str] = (), lost_with_unit: Sequence[str] = (),
                    wounded: Sequence[str] = (), officer_casualties: Sequence[str] = (), winner: str | None = None) -> list[Draft]:
    """ON-3.1: the scenario's facts; the winner follows from them."""
    check_open(state, "record")
    scenario = state.next_scenario
    if state.upgrade_due and onus_interpretations.UPGRADE_BEFORE_NEXT_RESULT:
        raise RuleViolation("ON-2.1", f"{state.side_names[state.upgrade_due]} ({state.upgrade_due}) must first upgrade a unit or decline")
    for who in SIDES:
        if state.army_units(who) is None:
            raise RuleViolation("ON-3.2", f"The {who} army for scenario {scenario.number} is free choice: muster it first")
    values = onus.read_facts(scenario, {k.strip().lower(): v for k, v in facts.items()})
    if winner is not None and side(state, winner) != onus.winner(scenario, values):
        raise RuleViolation("ON-3.1", f"The facts make {onus.winner(scenario, values)} the winner, not {side(state, winner)}")
    fielded = {c.id for who in SIDES for c in state.fielded(who)}
    known = {c.id for who in SIDES for c in state.roster[who]}
    present = present_characters(state)
    return [draft(ScenarioPlayed, scenario=scenario.number, facts=values, stated_winner=None if winner is None else side(state, winner),
                  eliminated=_units(eliminated, fielded, known, "ON-2.2"), lost_with_unit=_characters(lost_with_unit, present, "ON-2.5"),
                  wounded=_characters(wounded, present, "ON-2.4"), officer_casualties=_units(officer_casualties, fielded, known, "ON-2.3"))]


def _units(ids: Sequence[str], fielded: set[str], known: set[str], rule: str) -> list[str]:
    chosen = []
    for given in ids:
        unit = resolve("unit", given, fielded | known)
        if unit not in fielded:
            raise RuleViolation(rule, f"{unit} did not take part in this scenario")
        chosen.append(unit)
    return list(dict.fromkeys(chosen))


def present_characters(state: State) -> set[str]:
    """The Characters in the next scenario, less those absent (ON-2.5)."""
    scenario = state.next_scenario
    named = {c for army in scenario.armies.values() for c in (*army.characters, army.general) if c in state.book.characters}
    return named - state.absent


def _characters(names: Sequence[str], present: set[str], rule: str) -> list[str]:
    chosen = []
    for name in names:
        character = resolve("Character", name, set(present) | set(book().characters))
        if character not in present:
            raise RuleViolation(rule, f"{character} was not in this scenario")
        chosen.append(character)
    return list(dict.fromkeys(chosen))


def upgrade(state: State, unit_id: str | None, who: str | None = None) -> list[Draft]:
    """ON-2.1: the scenario's winner upgrades one of his units one step, or declines."""
    if state.upgrade_due is None:
        check_open(state, "upgrade")
        raise RuleViolation("ON-2.1", "There is no upgrade due: one upgrade per scenario won, after its result")
    due, number = state.upgrade_due, len(state.results)
    if who is not None and side(state, who) != due:
        raise RuleViolation("ON-2.1", f"Only the winner of scenario {number}, {due}, may upgrade a unit")
    if unit_id is None:
        return [draft(UpgradeDeclined, scenario=number, side=due)]
    last = state.results[-1].fielded
    every = ({c.id for s in SIDES for c in state.roster[s]} if onus_interpretations.UPGRADE_ANY_CARD_OF_THE_ROSTER
             else {c.id for cards in last.values() for c in cards})
    owner, card = state.card(resolve("unit", unit_id, every))
    if owner != due:
        raise RuleViolation("ON-2.1", f"{card.id} is a unit of {owner}; only {due}, the winner of scenario {number}, upgrades")
    return [draft(UnitUpgraded, scenario=number, side=due, unit=card.id, status=onus.next_status(card))]


def consequences(state: State) -> list[Draft]:
    """ONUS! forces nothing by itself: every event is a player's or the organiser's."""
    return []


def replay(event: CampaignEvent) -> Callable[[State], list[Draft]]:
    """The command that records `event`, to decide it again from the state before it (verify, import)."""
    return _REPLAY[type(event)](event)


_REPLAY: dict[type, Callable[[Any], Callable[[State], list[Draft]]]] = {
    SidesTaken: lambda e: lambda s: take_sides(e.rome, e.enemies, e.reset_eliminated),
    ArmyMustered: lambda e: lambda s: muster(s, e.side, {u: str(n) for u, n in e.units.items()}),
    ScenarioPlayed: lambda e: lambda s: scenario_result(s, e.facts, e.eliminated, e.lost_with_unit, e.wounded,
                                                        e.officer_casualties, e.stated_winner),
    UnitUpgraded: lambda e: lambda s: upgrade(s, e.unit, e.side),
    UpgradeDeclined: lambda e: lambda s: upgrade(s, None, e.side),
}
