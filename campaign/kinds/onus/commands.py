"""ONUS! Under the Eagle's commands: each lists the checks it runs, then says what to record.

Names (sides, unit types, unit cards, Characters) arrive as typed by a user and are resolved
here against the campaign's own; counts arrive as whole numbers parsed at the edge.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from campaign.domain.drafts import Draft, draft
from campaign.errors import CampaignError
from campaign.input import text
from campaign.input.names import resolve
from campaign.kinds.onus import checks
from campaign.kinds.onus import rules as onus
from campaign.kinds.onus.book import SIDES, Side, book
from campaign.kinds.onus.state import State
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
    rome, enemies = (
        text.person(rome, "the player of Rome"),
        text.person(enemies, "the player of the enemies"),
    )
    checks.check_players([rome, enemies])
    return [draft(SidesTaken, rome=rome, enemies=enemies, reset_eliminated=reset_eliminated)]


def side(state: State, name: str) -> Side:
    """`rome`/`enemies`, or a player's name for his side."""
    choices = {**{s.value: s for s in SIDES}, **{p: Side(s) for s, p in state.side_names.items()}}
    return choices[resolve("side", name, choices)]


def muster(state: State, side_name: str, counts: Mapping[str, int]) -> list[Draft]:
    """ON-3.2: a free-choice army by unit type and count, for the next scenario."""
    checks.check_open(state, "muster")
    who, scenario = side(state, side_name), state.next_scenario
    army = scenario.armies[who]
    units: dict[str, int] = {}
    for raw, count in counts.items():
        unit = _unit_type(state, who, raw)
        checks.check_musterable(state.book, who, army.people, unit)
        units[unit] = units.get(unit, 0) + _count(raw, count)
    checks.check_muster(state.book, army, units)
    in_order = {u: units[u] for u in state.book.catalogue(who, army.people) if u in units}
    return [draft(ArmyMustered, scenario=scenario.number, side=who.value, units=in_order)]


def muster_choices(state: State, side_name: str) -> dict[str, Any]:
    """ON-3.2: what the next scenario's `side` army may muster: unit types with their points, the
    points allowed, the unit cap and the units required."""
    checks.check_open(state, "muster")
    who, scenario = side(state, side_name), state.next_scenario
    army = scenario.armies[who]
    catalogue = state.book.catalogue(who, army.people)
    return {
        "scenario": scenario.number,
        "side": who.value,
        "people": army.people,
        "points": army.points,
        "max_units": army.max_units,
        "required": dict(army.required),
        "units": {t: p for t, p in catalogue.items() if t not in state.book.scenario_only},
    }


def _unit_type(state: State, who: Side, raw: str) -> str:
    """A unit type as typed; an unknown one is refused with the types this army may muster."""
    try:
        return resolve("unit type", raw, {u for s in SIDES for u in state.book.points[s]})
    except CampaignError as refusal:
        choices = muster_choices(state, who)
        listed = ", ".join(f"{t} ({p})" for t, p in choices["units"].items())
        raise CampaignError(
            f"{str(refusal).rstrip('.?')}? {choices['people']} muster: {listed}."
        ) from None


def _count(raw: str, count: int) -> int:
    if count < 1:
        raise CampaignError(
            f"Write a muster as UNIT=COUNT with a whole number of units, not {raw}={count}."
        )
    return count


def scenario_result(
    state: State,
    facts: Mapping[str, str],
    eliminated: Sequence[str] = (),
    lost_with_unit: Sequence[str] = (),
    wounded: Sequence[str] = (),
    officer_casualties: Sequence[str] = (),
    winner: str | None = None,
) -> list[Draft]:
    """ON-3.1: the scenario's facts; the winner follows from them."""
    checks.check_open(state, "record")
    checks.check_upgrade_made(state)
    checks.check_armies_mustered(state)
    checks.check_upgraded_unit_fields(state)
    scenario = state.next_scenario
    values = onus.read_facts(scenario, {k.strip().lower(): v for k, v in facts.items()})
    lost = _characters(state, lost_with_unit, "ON-2.5")
    checks.check_lost_with_a_unit(state, lost, _units(state, eliminated, "ON-2.2"))
    stated = None if winner is None else side(state, winner)
    checks.check_stated_winner(Side(onus.winner(scenario, values)), stated)
    return [
        draft(
            ScenarioPlayed,
            scenario=scenario.number,
            facts=values,
            stated_winner=stated and stated.value,
            eliminated=_units(state, eliminated, "ON-2.2"),
            lost_with_unit=_characters(state, lost_with_unit, "ON-2.5"),
            wounded=_characters(state, wounded, "ON-2.4"),
            officer_casualties=_units(state, officer_casualties, "ON-2.3"),
        )
    ]


def _units(state: State, ids: Sequence[str], rule: str) -> list[str]:
    fielded = {c.id for who in SIDES for c in state.fielded(who)}
    known = {c.id for who in SIDES for c in state.roster[who]}
    chosen = [resolve("unit", given, fielded | known) for given in ids]
    for unit in chosen:
        checks.check_took_part(unit, fielded, rule)
    return list(dict.fromkeys(chosen))


def present_characters(state: State) -> set[str]:
    """The Characters in the next scenario, less those absent (ON-2.5)."""
    scenario = state.next_scenario
    named = {
        c
        for army in scenario.armies.values()
        for c in (*army.characters, army.general)
        if c in state.book.characters
    }
    return named - state.absent


def sine_nomine_generals(state: State) -> set[str]:
    """The next scenario's Sine Nomine Generals by the name they go by (`Togodumnus`, or `Sine
    Nomine`): they can be wounded or fall with their unit like anyone, and are recorded so, but are
    no Characters: nobody is absent for it (ON-2.5)."""
    armies = state.next_scenario.armies.values()
    return {a.general_title or a.general for a in armies if a.general == onus.SINE_NOMINE}


def _characters(state: State, names: Sequence[str], rule: str) -> list[str]:
    present = present_characters(state) | sine_nomine_generals(state)
    chosen = [resolve("Character", name, present | set(book().characters)) for name in names]
    for character in chosen:
        checks.check_present(character, present, rule)
    return list(dict.fromkeys(chosen))


def upgrade(state: State, unit_id: str | None, who: str | None = None) -> list[Draft]:
    """ON-2.1: the scenario's winner upgrades one of his units one step, or declines."""
    checks.check_upgrade_due(state)
    checks.check_the_winner_upgrades(state, None if who is None else side(state, who))
    due, number = state.upgrade_due, len(state.results)
    if unit_id is None:
        return [draft(UpgradeDeclined, scenario=number, side=due)]
    cards = upgradable(state)
    rostered = {c.id: (s, c) for s in SIDES for c in state.roster[s]}
    chosen = resolve("unit", unit_id, set(cards) | set(rostered))
    if chosen in rostered:
        checks.check_own_card(state, rostered[chosen][0], chosen)
    checks.check_plays_next(state, chosen, cards)
    card = cards[chosen]
    return [
        draft(UnitUpgraded, scenario=number, side=due, unit=card.id, status=onus.next_status(card))
    ]


def upgradable(state: State) -> dict[str, onus.Card]:
    """ON-2.1 (Interpretation UPGRADE_FOR_THE_NEXT_SCENARIO): the winner's cards that may play in
    the next scenario: a fixed army's own cards; for a free choice, the roster's cards of the right
    people and a new card of each catalogue type."""
    due = state.upgrade_due
    army = state.next_scenario.armies[due]
    if army.mode == "fixed":
        return {c.id: c for c in state.fielded(due)}
    types = [t for t in state.book.catalogue(due, army.people) if t not in state.book.scenario_only]
    own = [c for c in state.roster[due] if c.type in types]
    fresh = [onus.new_card(state.roster[due], t) for t in types]
    return {c.id: c for c in own + fresh}


def consequences(state: State) -> list[Draft]:
    """ONUS! forces nothing by itself: every event is a player's or the organiser's."""
    return []


def replay(event: CampaignEvent) -> Callable[[State], list[Draft]]:
    """The command that records `event`, to decide it again from the state before it (verify,
    import)."""
    return _REPLAY[type(event)](event)


_REPLAY: dict[type, Callable[[Any], Callable[[State], list[Draft]]]] = {
    SidesTaken: lambda e: lambda s: take_sides(e.rome, e.enemies, e.reset_eliminated),
    ArmyMustered: lambda e: lambda s: muster(s, e.side, e.units),
    ScenarioPlayed: lambda e: (
        lambda s: scenario_result(
            s,
            e.facts,
            e.eliminated,
            e.lost_with_unit,
            e.wounded,
            e.officer_casualties,
            e.stated_winner,
        )
    ),
    UnitUpgraded: lambda e: lambda s: upgrade(s, e.unit, e.side),
    UpgradeDeclined: lambda e: lambda s: upgrade(s, None, e.side),
}
