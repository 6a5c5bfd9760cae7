"""Victory Determination folded (TB-20): the result kept, and the game over (TB-20.3)."""

from __future__ import annotations

from dataclasses import replace

from campaign.kinds.thunderbolt.board.result import Victory
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.victory import VictoryDetermined

FOLD = ByEvent()
"""How each event of the chapter changes the state: it applies, never checks."""


@FOLD.on
def _(event: VictoryDetermined, state: State) -> State:
    result = Victory(event.turn, event.winner, event.automatic, event.level, event.reason)
    over = replace(state.position, lanes=(), done=frozenset(), over=True)
    return replace(state, victory=result, position=over)
