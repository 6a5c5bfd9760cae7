"""What the Macedonian War does to the other pieces when it ends and when its ambassadors come
back (TB-27.4, TB-27.6): moves the joins make after any event, whichever chapter recorded it."""

from __future__ import annotations

from dataclasses import replace

from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import prorogues, roman
from campaign.kinds.thunderbolt.board.cup import in_the_box
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.board.war import ENDED

AS_PROROGUED = {"Consul": "Proconsul", "Proconsul": "Proconsul", "Praetor": "Praetor"}
"""TB-27.6 (11.32, TB-7.2): the office a magistrate in the box is prorogued in."""


def prorogued_by_the_war(state: State) -> list[tuple[str, str]]:
    """TB-27.6 (11.32): once the war has ended, the magistrates still due in B1a whose Legions all
    stand in the Macedonia Holding Box, with the office the rules prorogue them in."""
    if state.macedonia.stage != ENDED:
        return []
    r = state.romans
    return [
        (lid, AS_PROROGUED[r.magistrates[lid].office])
        for lid in prorogues.due_b1a(r)
        if r.magistrates[lid].office in AS_PROROGUED and in_the_box(r, r.magistrates[lid].legions)
    ]


def returned(state: State) -> State:
    """TB-27.4 (11.4): the ambassadors used go back as the next Game Turn's A2 opens, a Roman one
    and a Carthaginian drawn from the pool to the pool, a Subordinate to Hannibal (on the map,
    Interpretation: commanding no Detachment until given one)."""
    war = state.macedonia
    back = [lid for lid, turn in war.returning.items() if turn < state.turn]
    if not back:
        return state
    r, c = state.romans, state.carthaginians
    rome_places, carthage_places = dict(r.places), dict(c.places)
    for lid in back:
        if lid in r.leaders:
            rome_places[lid] = roman.POOL
        else:
            pool = war.came_from.get(lid) == "pool"
            carthage_places[lid] = carthage.POOL if pool else carthage.MAP
    war = replace(
        war,
        ambassadors={s: lid for s, lid in war.ambassadors.items() if lid not in back},
        came_from={lid: f for lid, f in war.came_from.items() if lid not in back},
        returning={lid: t for lid, t in war.returning.items() if lid not in back},
    )
    return replace(
        state,
        macedonia=war,
        romans=replace(r, places=rome_places),
        carthaginians=replace(c, places=carthage_places),
    )
