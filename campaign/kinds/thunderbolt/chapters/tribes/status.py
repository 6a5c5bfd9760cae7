"""What `status --json` shows of the tribes and of the Guile left (TB-23, TB-24)."""

from __future__ import annotations

from typing import Any

from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.board.tribes import aggression


def tribes(state: State) -> dict[str, Any]:
    """TB-23.2: each tribe's ratings, allegiance and status; its mustered force awaiting a
    battle (TB-23.6)."""
    shown = {}
    for tid, t in state.setup.tribes.items():
        s = state.tribes.standing[tid]
        mustered = state.tribes.mustered.get(tid)
        shown[tid] = {
            "name": t.name,
            "province": t.province,
            "province_name": state.setup.provinces[t.province].name,
            "contingent": t.contingent,
            "aggression": t.aggression,
            "effective_aggression": aggression(t, s),
            "manpower": t.manpower,
            "allegiance": s.allegiance,
            "status": s.status,
            "depleted": s.depleted,
            "pacified": s.pacified,
            "in_revolt": s.revolt,
            "mustered": None if mustered is None else {"against": mustered[0], "sp": mustered[1]},
        }
    return shown


def guile(state: State) -> dict[str, Any]:
    """TB-24.1: every leader with a Guile Rating, with the Points he has left this Game Turn."""
    leaders = {**state.romans.leaders, **state.carthaginians.leaders}
    return {
        lid: {"name": who.name, "rating": who.guile, "left": state.guile(lid)}
        for lid, who in leaders.items()
        if who.guile > 0
    }


def levies(state: State) -> dict[str, int]:
    """TB-23.4: the SP Roman magistrates raised from tribes, by leader."""
    return dict(state.tribes.levies)
