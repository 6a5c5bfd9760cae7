"""The Augury Phase, each event told in one line (TB-22)."""

from __future__ import annotations

from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.auguries import AuguryEntered

TOLD = ByEvent()
"""Each event of the chapter in one line, as the log and the report say it."""


@TOLD.on
def _(event: AuguryEntered) -> str:
    rolled = f"rolled {event.roll} at the table" if event.roll >= 0 else "from the table"
    return f"Game Turn {event.turn}: Augury, {rolled}: {event.event} (TB-22.1)"
