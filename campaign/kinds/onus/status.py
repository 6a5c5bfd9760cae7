"""ONUS! Under the Eagle's state as plain data: `status --json` and `briefing --json` (ON-3.3)."""

from __future__ import annotations

import re
from collections.abc import Set
from typing import Any

from campaign.kinds.onus import RULES
from campaign.kinds.onus import rules as onus
from campaign.kinds.onus.book import SIDES, Scenario
from campaign.kinds.onus.state import Phase, Played, State


def facts(scenario: Scenario, values: dict[str, str]) -> dict[str, Any]:
    kinds = {f.key: f.kind for f in scenario.facts}
    return {k: int(v) if kinds.get(k) == "count" else v for k, v in values.items()}


def result(state: State, played: Played) -> dict[str, Any]:
    return {
        "number": played.number,
        "title": played.title,
        "winner": played.winner,
        "facts": facts(state.book.scenario(played.number), played.facts),
        "eliminated": list(played.eliminated),
        "lost_with_unit": list(played.lost_with_unit),
        "wounded": list(played.wounded),
        "officer_casualties": list(played.officer_casualties),
        "upgrade": {
            "unit": played.upgrade[0],
            "status": played.upgrade[1],
            "type": state.book.type_of(played.upgrade[0]),
        }
        if played.upgrade
        else None,
    }


def card(value: onus.Card) -> dict[str, str]:
    return {"id": value.id, "type": value.type, "status": value.status}


def status(state: State, name: str) -> dict[str, Any]:
    return {
        "name": name,
        "rules": RULES,
        "phase": state.phase,
        "players": state.side_names,
        "scenario": state.next_number if state.phase != Phase.FINISHED else None,
        "wins": state.wins(),
        "results": [result(state, r) for r in state.results],
        "roster": {side: [card(c) for c in state.roster[side]] for side in SIDES},
        "characters": {
            c: "absent" if c in state.absent else "available" for c in state.book.characters
        },
        "character_sides": {c: state.book.side_of(c) for c in state.book.characters},
        "upgrade_due": state.upgrade_due,
        "reset_eliminated": state.reset_eliminated,
        "winner": state.winner,
        "briefing": briefing(state),
    }


def general(state: State, scenario: Scenario, side: str) -> dict[str, Any]:
    """ON-2.5: an absent Character who was to command gives way to the default or Sine Nomine
    General."""
    name, stands_in_for = onus.general(scenario.armies[side], state.absent)
    return {
        "name": name,
        "stands_in_for": stands_in_for,
        "rule": "ON-2.5" if stands_in_for else None,
    }


def stands(state: State, scenario: Scenario, side: str) -> list[dict[str, Any]]:
    """ON-2.6: Characters sharing one unit, with their combined (best-of) attributes."""
    out = []
    for group in scenario.armies[side].stands:
        present = [c for c in group if c not in state.absent]
        if present:
            out.append(onus.combined_attributes(present, state.book))
    return out


def briefing(state: State) -> dict[str, Any] | None:
    """ON-3.3: everything needed to set up the next scenario's table."""
    scenario = state.next_scenario
    if scenario is None or state.phase == Phase.FINISHED:
        return None
    last = state.results[-1] if state.results else None
    return {
        "scenario": scenario.number,
        "book": scenario.book,
        "title": scenario.title,
        "first_turn": scenario.first_turn,
        "first_turn_note": scenario.first_turn_note,
        "duration": scenario.duration,
        "scale": scenario.scale,
        "battlefield": scenario.battlefield,
        "special_rules": list(scenario.special_rules),
        "armies": {side: _army(state, scenario, side) for side in SIDES},
        "absent": sorted(state.absent),
        "recovered": {
            "officer_casualties": list(last.officer_casualties) if last else [],
            "wounded": list(last.wounded) if last else [],
        },
        "facts": [{"key": f.key, "values": f.describe().split("=", 1)[1]} for f in scenario.facts],
        "victory": {
            "side": scenario.victory_side,
            "when": scenario.victory_when,
            "if": scenario.wins_if,
            "otherwise": scenario.otherwise,
        },
        "upgrade_due": state.upgrade_due,
    }


def _army(state: State, scenario: Scenario, side: str) -> dict[str, Any]:
    army = scenario.armies[side]
    units = state.army_units(side)
    catalogue = state.book.catalogue(side, army.people)
    return {
        "player": state.side_names[side],
        "people": army.people,
        "points_allowed": army.points,
        "mode": army.mode,
        "mustered": side in state.musters,
        "units": [card(c) | {"points": catalogue[c.type]} for c in state.fielded(side)]
        if units
        else None,
        "points": sum(catalogue[u] * n for u, n in units.items()) if units else None,
        "muster_needed": units is None,
        "max_units": army.max_units,
        "required": army.required,
        "general": general(state, scenario, side),
        "characters": [c for c in army.characters if c not in state.absent],
        "stands": stands(state, scenario, side),
        "placed": onus.placements(army, state.fielded(side), state.absent),
        "notes": _noted(army.notes, state.absent),
    }


def _noted(notes: str, absent: Set[str]) -> str:
    """The scenario's own notes, saying which Character they name is absent this time (ON-2.5):
    scenario 6's "Macro and Cato … in one unit" after Macro fell with his unit in scenario 5."""
    named = [c for c in sorted(absent) if re.search(rf"\b{re.escape(c)}\b", notes)]
    if not named:
        return notes
    return f"{notes} ({' and '.join(named)}: absent this scenario, ON-2.5)"
