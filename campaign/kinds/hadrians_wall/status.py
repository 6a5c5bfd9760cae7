"""`campaign status --json` for Britannia with Hadrian's Wall (pure): the clock, every area's
counters, the walls and trigger areas, every crossing and its die, the dice commitments and
reveals, and what the game waits for."""

from __future__ import annotations

from typing import Any

from campaign.kinds.hadrians_wall import RULES, rules
from campaign.kinds.hadrians_wall import interpretations as chosen
from campaign.kinds.hadrians_wall.state import Crossing, State


def status(state: State, name: str) -> dict[str, Any]:
    from campaign.kinds.hadrians_wall.kind import next_step

    playing = state.nation and state.phase not in (rules.END_OF_TURN, rules.GAME_OVER)
    return {
        "campaign": name,
        "rules": RULES,
        "turn": state.turn,
        "nation": state.nation or None,
        "phase": state.phase,
        "players": dict(state.colours),
        "nations": {n: state.colour_of(n) for n in chosen.ORDER},
        "settings": {
            "board": _board(state),
            "wall_trigger": state.wall_trigger,
            "leaders_roll": state.leaders_roll,
            "dice": state.dice,
        },
        "areas": {
            area: [
                {"id": c.id, "nation": c.nation, "kind": c.kind}
                for c in state.counters.values()
                if c.area == area
            ]
            for area in state.board.areas
        },
        "pools": {
            nation: ids
            for nation in chosen.ORDER
            if (ids := [c.id for c in state.counters.values() if c.nation == nation and not c.area])
        },
        "walls": {
            wall: {
                "between": list(ends),
                "built": wall in state.walls,
                "turn": state.walls[wall].turn if wall in state.walls else None,
                "cause": state.walls[wall].cause if wall in state.walls else None,
                "standing": state.wall_standing(wall),
            }
            for wall, ends in state.board.walls.items()
        },
        "walls_removed": state.walls_removed,
        "triggered": dict(state.triggered),
        "crossings": [crossing(state, c) for c in state.crossings],
        "commitments": {str(t): c for t, c in state.commitments.items()},
        "revealed": {str(t): s for t, s in state.revealed.items()},
        "pending": {
            "step": next_step(state),
            "nation": state.nation if playing else None,
            "player": state.player_of(state.nation) if playing else None,
            "phase": state.phase,
        },
    }


def crossing(state: State, c: Crossing) -> dict[str, Any]:
    """A crossing with the record its die was rolled for (HW-7.3), so that anyone holding the
    revealed secret can recompute it."""
    return {
        "number": c.number,
        "turn": c.turn,
        "nation": c.nation,
        "counter": c.counter,
        "from": c.origin,
        "to": c.to,
        "wall": c.wall,
        "die": c.die,
        "eliminated": c.eliminated,
        "evidence": c.evidence or None,
        "ruled_from": c.original,
        "record": rules.record(
            state.campaign, c.turn, c.nation, c.number, c.counter, c.origin, c.to
        ),
    }


def _board(state: State) -> str:
    if "W4" in state.board.walls:
        return "ffg, Cumbria|Lothian walled"
    return "ffg, Cumbria|Lothian open" if state.ffg_gap else "ah"
