"""ONUS! Under the Eagle as data: the unit catalogue, the Characters and the eight
scenarios (ON-3), loaded from `campaign/kinds/onus/onus-under-the-eagle.toml` and checked."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any


def slug(unit_type: str) -> str:
    """A unit type as card ids spell it: `Britannia's Noblemen` → `britannias-noblemen`."""
    return re.sub(r"[^a-z0-9]+", "-", unit_type.lower().replace("'", "")).strip("-")


class Side(StrEnum):
    """ON-1.1: one player always plays Rome, the other the enemies of Rome."""

    ROME = "rome"
    ENEMIES = "enemies"


SIDES = (Side.ROME, Side.ENEMIES)
SIDE_NAMES = {"rome": "Rome", "enemies": "the enemies of Rome"}
SIDE_COLOURS = {"rome": "#b22222", "enemies": "#0072b2"}
"""Each side's colour in every report format and on the terminal: Rome's crimson, its enemies'
blue (Okabe and Ito's), told apart under protanopia, deuteranopia and tritanopia (CIEDE2000 over
10 in Machado's simulations) and each legible as text on the reports' page (over 4.5:1) — not the
red–green pair it was (4.9 apart to a deuteranope, issue #50)."""


@dataclass(frozen=True)
class Fact:
    """One fact a scenario's result records (ON-3.1): yes/no, a count in a range, or one of some
    choices."""

    key: str
    kind: str
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0

    def describe(self) -> str:
        if self.kind == "yesno":
            return f"{self.key}=yes|no"
        if self.kind == "count":
            return f"{self.key}={self.low}-{self.high}"
        return f"{self.key}={'|'.join(self.choices)}"


@dataclass(frozen=True)
class Army:
    side: str
    people: str
    points: int
    mode: str
    units: dict[str, int]
    general: str
    general_title: str
    characters: tuple[str, ...]
    stands: tuple[tuple[str, ...], ...]
    notes: str
    max_units: int | None
    required: dict[str, int]
    placed: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Where the source places a Character: the n-th unit of a type (`Legionaries`, 6 for the VI
    Centuria). Elsewhere the players place him, and Action cards may move him."""


@dataclass(frozen=True)
class Scenario:
    number: int
    book: str
    title: str
    first_turn: str
    first_turn_note: str
    duration: str
    scale: str
    battlefield: str
    special_rules: tuple[str, ...]
    facts: tuple[Fact, ...]
    victory_side: str
    victory_when: dict[str, Any]
    armies: dict[str, Army] = field(default_factory=dict)
    wins_if: str = ""
    """`victory_side`'s condition in the rules page's words (ON-3): `Vitellius survived (even
    wounded)`."""
    otherwise: str = ""
    """The other side's, where the rules page names one (`every Roman unit was eliminated or
    fled`); else the other side wins whatever else happened (ON-3.1)."""


@dataclass(frozen=True)
class Book:
    title: str
    points: dict[str, dict[str, int]]
    """Unit points by side; the enemies' catalogue is also split by people in `peoples`."""
    peoples: dict[str, dict[str, int]]
    scenario_only: frozenset[str]
    characters: dict[str, dict[str, Any]]
    scenarios: tuple[Scenario, ...]

    def scenario(self, number: int) -> Scenario:
        return self.scenarios[number - 1]

    def side_of(self, character: str) -> str:
        """Whose a Character is: Rome's, or an enemy General (from the armies he appears in)."""
        enemies = any(
            character in (a.general, *a.characters)
            for s in self.scenarios
            for a in [s.armies["enemies"]]
        )
        return "enemies" if enemies else "rome"

    def type_of(self, card_id: str) -> str:
        """The unit type of a card id (`celtic-spearmen-3` → Celtic Spearmen)."""
        prefix = card_id.rsplit("-", 1)[0]
        return next(t for s in self.points for t in self.points[s] if slug(t) == prefix)

    def catalogue(self, side: str, people: str) -> dict[str, int]:
        return self.points["rome"] if side == "rome" else self.peoples[people]


def _army(side: str, spec: dict[str, Any]) -> Army:
    return Army(
        side,
        spec.get("people", "Rome"),
        spec["points"],
        spec["mode"],
        dict(spec.get("units", {})),
        spec["general"],
        spec.get("general_title", ""),
        tuple(spec.get("characters", ())),
        tuple(tuple(s) for s in spec.get("stands", ())),
        spec.get("notes", ""),
        spec.get("max_units"),
        dict(spec.get("required", {})),
        {c: (unit, int(n)) for c, (unit, n) in spec.get("placed", {}).items()},
    )


def _fact(spec: dict[str, Any]) -> Fact:
    return Fact(
        spec["key"],
        spec["kind"],
        tuple(spec.get("choices", ())),
        spec.get("min", 0),
        spec.get("max", 0),
    )


def _scenario(spec: dict[str, Any]) -> Scenario:
    return Scenario(
        spec["number"],
        spec["book"],
        spec["title"],
        spec["first_turn"],
        spec.get("first_turn_note", ""),
        spec["duration"],
        spec["scale"],
        spec["battlefield"],
        tuple(spec["special_rules"]),
        tuple(_fact(f) for f in spec["facts"]),
        spec["victory"]["side"],
        dict(spec["victory"]["when"]),
        {side: _army(side, spec[side]) for side in SIDES},
        spec.get("wins_if", ""),
        spec.get("otherwise", ""),
    )


def parse_book(source: str) -> Book:
    data = tomllib.loads(source)
    peoples = {people: dict(units) for people, units in data["units"]["enemies"].items()}
    points = {
        "rome": dict(data["units"]["rome"]),
        "enemies": {u: p for units in peoples.values() for u, p in units.items()},
    }
    book = Book(
        data["title"],
        points,
        peoples,
        frozenset(data["scenario_only"]),
        dict(data["characters"]),
        tuple(_scenario(s) for s in data["scenario"]),
    )
    problems = check_book(book)
    if problems:
        raise ValueError("The ONUS! scenario data is inconsistent: " + "; ".join(problems) + ".")
    return book


def check_book(book: Book) -> list[str]:
    """Every unit in the catalogue, every fixed or proposed army adding up to its points, scenarios
    1 to 8 in order."""
    problems = []
    if [s.number for s in book.scenarios] != list(range(1, 9)):
        problems.append("the scenarios are not numbered 1 to 8 in order")
    for scenario in book.scenarios:
        if not scenario.wins_if:
            problems.append(f"scenario {scenario.number} does not say its victory in words")
        for army in scenario.armies.values():
            catalogue = book.catalogue(army.side, army.people)
            unknown = [u for u in army.units if u not in catalogue]
            if unknown:
                problems.append(
                    f"scenario {scenario.number} names unknown units {', '.join(unknown)}"
                )
            elif army.units and sum(catalogue[u] * n for u, n in army.units.items()) != army.points:
                problems.append(
                    f"scenario {scenario.number}: the {army.side} army does not add up to "
                    f"{army.points} points"
                )
            for name in (*army.characters, army.general):
                if name != "Sine Nomine" and name not in book.characters:
                    problems.append(f"scenario {scenario.number} names an unknown Character {name}")
    return problems


@cache
def book() -> Book:
    source = (
        resources.files("campaign.kinds.onus")
        .joinpath("onus-under-the-eagle.toml")
        .read_text(encoding="utf-8")
    )
    return parse_book(source)
