"""The Augury Phase folded (TB-22): the Augury kept, this phase's entered."""

from __future__ import annotations

from dataclasses import replace

from campaign.kinds.thunderbolt.board.state import Augury, State
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.auguries import AuguryEntered

FOLD = ByEvent()
"""How each event of the chapter changes the state: it applies, never checks."""


@FOLD.on
def _(event: AuguryEntered, state: State) -> State:
    kept = Augury(event.turn, event.roll, event.event)
    return replace(state, auguries=(*state.auguries, kept), augured=True)
