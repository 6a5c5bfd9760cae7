"""Naval Superiority, each event told in one line (TB-26)."""

from __future__ import annotations

from campaign.domain.grammar import plural
from campaign.kinds.thunderbolt.board import rules
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.naval import NavalAllotted

TOLD = ByEvent()
"""Each event of the chapter in one line, as the log and the report say it."""


@TOLD.on
def _(event: NavalAllotted) -> str:
    side = rules.SIDES[event.side]
    parts = [f"builds {plural(event.built, 'NS level')}"] if event.built else []
    if event.zones:
        put = ", ".join(f"{n} into {z}" for z, n in event.zones.items())
        parts.append(f"puts NS levels built {put}")
    if event.moves:
        moved = ", ".join(m.replace(">", " to ") for m in event.moves)
        parts.append(f"re-allots one NS level from {moved}")
    return f"Game Turn {event.turn}: {side} {'; '.join(parts)} (TB-26)"
