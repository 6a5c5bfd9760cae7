"""ONUS! Under the Eagle's checks: one small function per rule, raising a `RuleViolation`
that cites it. A command lists the checks it runs (`commands.py`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from campaign.errors import RuleViolation
from campaign.input.names import folded
from campaign.kinds.onus import interpretations
from campaign.kinds.onus.book import Army, Book, Side
from campaign.kinds.onus.rules import placements
from campaign.kinds.onus.state import Phase, State


def check_players(players: Sequence[str]) -> None:
    """ON-1.1: one player always plays Rome, the other the enemies of Rome."""
    if len(players) != 2:
        raise RuleViolation(
            "ON-1.1", "An ONUS! campaign is played by two players, Rome and its enemies"
        )
    if folded(players[0]) == folded(players[1]):
        raise RuleViolation("ON-1.1", "Rome and its enemies are played by two different players")


def check_open(state: State, doing: str) -> None:
    """ON-1.2: eight scenarios, then the campaign is over."""
    if state.phase == Phase.FINISHED or state.next_scenario is None:
        raise RuleViolation(
            "ON-1.2", f"All eight scenarios have been played; there is nothing left to {doing}"
        )


def check_upgrade_made(state: State) -> None:
    """ON-2.1 (Interpretation UPGRADE_BEFORE_NEXT_RESULT): the winner's upgrade comes before the
    next result."""
    due = state.upgrade_due
    if due and interpretations.UPGRADE_BEFORE_NEXT_RESULT:
        raise RuleViolation(
            "ON-2.1", f"{state.side_names[due]} ({due}) must first upgrade a unit or decline"
        )


def check_armies_mustered(state: State) -> None:
    """ON-3.2: a free-choice army is mustered before the scenario is played."""
    for side in Side:
        if state.army_units(side) is None:
            number = state.next_scenario.number
            raise RuleViolation(
                "ON-3.2", f"The {side} army for scenario {number} is free choice: muster it first"
            )


def check_plays_next(state: State, unit: str, cards: Mapping[str, object]) -> None:
    """ON-2.1: the upgrade is for a unit "to play in the next scenario"."""
    if unit not in cards:
        number = state.next_scenario.number
        listed = ", ".join(sorted(cards)[:12]) + (" …" if len(cards) > 12 else "")
        raise RuleViolation(
            "ON-2.1",
            f"{unit} does not play in scenario {number}; the upgrade is for "
            f"one of the winner's units there: {listed}",
        )


def check_upgraded_unit_fields(state: State) -> None:
    """ON-2.1: a unit upgraded to play in this scenario takes the field (a free choice musters
    it)."""
    upgrade = state.results[-1].upgrade if state.results else None
    if upgrade is None:
        return
    side = state.results[-1].winner
    if upgrade[0] not in {c.id for c in state.fielded(side)}:
        raise RuleViolation(
            "ON-2.1",
            f"{upgrade[0]} was upgraded to play in scenario "
            f"{state.next_scenario.number}: muster it into the {side} army",
        )


def check_lost_with_a_unit(state: State, lost: list[str], eliminated: list[str]) -> None:
    """ON-2.5: a Character is lost with his unit, so one of his side's units was eliminated."""
    for character in lost:
        side = next(s for s in Side if character in _named(state, s))
        own = {c.id for c in state.fielded(side)}
        army = state.next_scenario.armies[side]
        card = placements(army, state.fielded(side), state.absent).get(character)
        if card is not None and card not in eliminated:
            raise RuleViolation(
                "ON-2.5",
                f"{character} is in {card}, which was not eliminated: "
                f"he is lost only with his unit",
            )
        if not own & set(eliminated):
            raise RuleViolation(
                "ON-2.5",
                f"{character} can be lost only with his unit: name the "
                f"{side} unit eliminated with --eliminated",
            )


def _named(state: State, side: Side) -> set[str]:
    army = state.next_scenario.armies[side]
    return {*army.characters, army.general, army.general_title}


def check_stated_winner(derived: Side, stated: Side | None) -> None:
    """ON-3.1: the facts decide the winner; a stated winner must agree."""
    if stated is not None and stated != derived:
        raise RuleViolation("ON-3.1", f"The facts make {derived} the winner, not {stated}")


def check_took_part(unit: str, fielded: set[str], rule: str) -> None:
    """ON-2.2/ON-2.3: eliminations and Officer Casualties befall units that fought."""
    if unit not in fielded:
        raise RuleViolation(rule, f"{unit} did not take part in this scenario")


def check_present(character: str, present: set[str], rule: str) -> None:
    """ON-2.4/ON-2.5: wounds and losses befall Characters who were there."""
    if character not in present:
        raise RuleViolation(rule, f"{character} was not in this scenario")


def check_musterable(book: Book, side: Side, people: str, unit: str) -> None:
    """ON-3.2: mustered from the side's own catalogue; scenario-only units are placed, never
    mustered."""
    if unit in book.scenario_only:
        raise RuleViolation("ON-3.2", f"{unit} are placed by their scenario, never mustered")
    if unit not in book.catalogue(side, people):
        owner = "Rome's" if unit in book.points[Side.ROME] else "the enemies'"
        allowed = "Rome's" if side == Side.ROME else f"the {people}'s"
        raise RuleViolation(
            "ON-3.2", f"{unit} are {owner} units; {side} muster from {allowed} units"
        )


def check_muster(book: Book, army: Army, units: Mapping[str, int]) -> None:
    """ON-3.2: a free-choice army within the scenario's points, unit cap and required units."""
    catalogue = book.catalogue(army.side, army.people)
    total = sum(catalogue[u] * n for u, n in units.items())
    if total > army.points:
        raise RuleViolation(
            "ON-3.2", f"That army costs {total} points; the scenario allows at most {army.points}"
        )
    count = sum(units.values())
    if army.max_units is not None and count > army.max_units:
        raise RuleViolation(
            "ON-3.2", f"That army has {count} units; the scenario allows at most {army.max_units}"
        )
    for unit, needed in army.required.items():
        if units.get(unit, 0) < needed:
            raise RuleViolation("ON-3.2", f"The scenario requires at least {needed} {unit}")


def check_upgrade_due(state: State) -> None:
    """ON-2.1: one upgrade per scenario won, after its result."""
    if state.upgrade_due is None:
        check_open(state, "upgrade")
        raise RuleViolation(
            "ON-2.1", "There is no upgrade due: one upgrade per scenario won, after its result"
        )


def check_the_winner_upgrades(state: State, who: Side | None) -> None:
    """ON-2.1: only the scenario's winner upgrades."""
    if who is not None and who != state.upgrade_due:
        number = len(state.results)
        raise RuleViolation(
            "ON-2.1",
            f"Only the winner of scenario {number}, {state.upgrade_due}, may upgrade a unit",
        )


def check_own_card(state: State, owner: Side, card: str) -> None:
    """ON-2.1: the winner upgrades one of his own units."""
    due, number = state.upgrade_due, len(state.results)
    if owner != due:
        raise RuleViolation(
            "ON-2.1",
            f"{card} is a unit of {owner}; only {due}, the winner of scenario {number}, upgrades",
        )
