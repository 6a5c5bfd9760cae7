"""Victory Determination, each event told in one line (TB-20)."""

from __future__ import annotations

from campaign.kinds.thunderbolt.board.result import Victory
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.victory import VictoryDetermined

TOLD = ByEvent()
"""Each event of the chapter in one line, as the log and the report say it."""


@TOLD.on
def _(event: VictoryDetermined) -> str:
    result = Victory(event.turn, event.winner, event.automatic, event.level, event.reason)
    return f"Victory Determination: {result} (TB-20)"
