"""ONUS! Under the Eagle's rules, ON-1 to ON-3: pure functions of plain data."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any

from campaign.errors import RuleViolation
from campaign.kinds.onus.book import Army, Book, Fact, Scenario, slug

STATUSES = ("regular", "veteran", "elite")
"""ON-2.1: regular → Veteran → Elite; Elite is the top."""
ATTRIBUTES = ("attack", "defence", "morale")
YES, NO = {"yes", "y", "true"}, {"no", "n", "false"}


@dataclass(frozen=True)
class Card:
    """A unit card of a side's roster: a stable id (`legionaries-1`), a type and a status."""

    id: str
    type: str
    status: str = "regular"


def field_army(roster: Sequence[Card], units: Mapping[str, int]) -> list[Card]:
    """ON-2.2: the cards a scenario's army draws on, best status first, new regular cards where
    the roster lacks them, numbered from the lowest free number (Interpretation:
    BEST_CARDS_FIRST)."""
    fielded: list[Card] = []
    for unit_type, count in units.items():
        own = [c for c in roster if c.type == unit_type]
        best = sorted(own, key=lambda c: (-STATUSES.index(c.status), _number(c)))[:count]
        fresh = _fresh(own, unit_type, count - len(best))
        fielded += sorted(best + fresh, key=_number)
    return fielded


def _fresh(own: Sequence[Card], unit_type: str, count: int) -> list[Card]:
    taken = {_number(c) for c in own}
    numbers = [n for n in range(1, len(taken) + count + 1) if n not in taken][:count]
    return [Card(f"{slug(unit_type)}-{n}", unit_type) for n in numbers]


def new_card(roster: Sequence[Card], unit_type: str) -> Card:
    """The next card of `unit_type` that a roster would take: the lowest free number."""
    return _fresh([c for c in roster if c.type == unit_type], unit_type, 1)[0]


def _number(card: Card) -> int:
    return int(card.id.rsplit("-", 1)[1])


def next_status(card: Card) -> str:
    """ON-2.1: one step up; Elite is the top."""
    if card.status == STATUSES[-1]:
        raise RuleViolation("ON-2.1", f"{card.id} is already Elite, the top status")
    return STATUSES[STATUSES.index(card.status) + 1]


WALKOVER = "walkover"
"""ON-4.3: the fact a scenario not played by its deadline is recorded with: the side that turned
up, instead of the scenario's own facts."""


def read_facts(scenario: Scenario, given: Mapping[str, str]) -> dict[str, str]:
    """ON-3.1: exactly the scenario's fact keys, each within its values — or ON-4.3's walkover
    alone."""
    if WALKOVER in given:
        return _walkover(scenario, given)
    wanted = {f.key: f for f in scenario.facts}
    takes = ", ".join(f.describe() for f in scenario.facts)
    unknown = sorted(set(given) - set(wanted))
    missing = sorted(set(wanted) - set(given))
    if unknown or missing:
        what = f"unknown {', '.join(unknown)}" if unknown else f"missing {', '.join(missing)}"
        raise RuleViolation(
            "ON-3.1", f"Scenario {scenario.number} takes the facts {takes} ({what})"
        )
    return {key: _value(wanted[key], str(given[key]), takes) for key in wanted}


def _walkover(scenario: Scenario, given: Mapping[str, str]) -> dict[str, str]:
    side = str(given[WALKOVER]).strip().lower()
    if len(given) > 1 or side not in ("rome", "enemies"):
        raise RuleViolation(
            "ON-4.3",
            f"A walkover of scenario {scenario.number} is recorded "
            "alone, "
            "as walkover=rome or walkover=enemies (the side that "
            "turned up)",
        )
    return {WALKOVER: side}


def _value(fact: Fact, text: str, takes: str) -> str:
    value = text.strip().lower()
    if fact.kind == "yesno" and value in YES | NO:
        return "yes" if value in YES else "no"
    if fact.kind == "count" and value.isdigit() and fact.low <= int(value) <= fact.high:
        return str(int(value))
    if fact.kind == "choice" and value in fact.choices:
        return value
    raise RuleViolation("ON-3.1", f"{fact.key}={text} is out of range; the scenario takes {takes}")


def winner(scenario: Scenario, facts: Mapping[str, str]) -> str:
    """ON-3.1: the side named in the victory condition if every fact meets it, else the other
    side."""
    if WALKOVER in facts:
        return facts[WALKOVER]
    met = all(_meets(facts[key], condition) for key, condition in scenario.victory_when.items())
    return scenario.victory_side if met else other(scenario.victory_side)


def _meets(value: str, condition: Any) -> bool:
    if isinstance(condition, dict):
        return int(value) >= condition["at_least"]
    if isinstance(condition, list):
        return value in condition
    return value == condition


def other(side: str) -> str:
    return "enemies" if side == "rome" else "rome"


SINE_NOMINE = "Sine Nomine"


def general(army: Army, absent: Set[str]) -> tuple[str, str | None]:
    """ON-2.5: who commands the army, and whom he stands in for: a Character required as General
    who is absent gives way to the Sine Nomine General. A titled Sine Nomine keeps his title."""
    if army.general in absent:
        return SINE_NOMINE, army.general
    if army.general == SINE_NOMINE and army.general_title:
        return f"{army.general_title} ({SINE_NOMINE})", None
    return army.general_title or army.general, None


def placements(army: Army, fielded: Sequence[Card], absent: Set[str]) -> dict[str, str]:
    """Which card carries each Character the source places (the n-th fielded unit of a type);
    the others are placed by the players."""
    placed = {}
    for character, (unit_type, n) in army.placed.items():
        of_type = [c.id for c in fielded if c.type == unit_type]
        if character not in absent and len(of_type) >= n:
            placed[character] = of_type[n - 1]
    return placed


def combined_attributes(characters: Iterable[str], book: Book) -> dict[str, Any]:
    """ON-2.6: in one unit each attribute takes the best value among the Characters present, not
    their sum. Only the values the rulebook gives are used; the others are reported unknown."""
    present = list(characters)
    known = {a: max((book.characters[c].get(a, 0) for c in present), default=0) for a in ATTRIBUTES}
    unknown = [c for c in present if not any(a in book.characters[c] for a in ATTRIBUTES)]
    return {"characters": present, **known, "unknown": unknown}


def army_value(unit_points: int, percentages: Iterable[int]) -> int:
    """ON-2.7 (point games): units' points plus each Character's percentage of them.
    Three Characters totalling 30 % on 1,000 points of units: 1,300."""
    return unit_points + unit_points * sum(percentages) // 100
