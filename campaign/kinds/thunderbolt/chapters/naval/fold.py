"""Naval Superiority folded (TB-26): the zones' levels, the levels built and put; it applies,
never checks."""

from __future__ import annotations

from dataclasses import replace

from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.chapters.naval.decide import TOWARD
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.naval import NavalAllotted

FOLD = ByEvent()
"""How each event of the chapter changes the state: it applies, never checks."""


@FOLD.on
def _(event: NavalAllotted, state: State) -> State:
    step = TOWARD[event.side]
    naval = dict(state.naval)
    for zone, n in event.zones.items():
        naval[zone] += step * n
    for move in event.moves:
        source, sink = move.split(">", 1)
        naval[source] -= step
        naval[sink] += step
    key = f"{event.turn}/{event.side}"
    put = {**state.naval_put, key: state.naval_put.get(key, 0) + sum(event.zones.values())}
    built = (
        {**state.carthage_built, event.turn: event.built} if event.built else state.carthage_built
    )
    moved = state.naval_moved | ({key} if event.moves else set())  # TB-26.4
    return replace(state, naval=naval, naval_put=put, carthage_built=built, naval_moved=moved)
