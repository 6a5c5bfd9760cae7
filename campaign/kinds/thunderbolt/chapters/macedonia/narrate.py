"""Macedonia, each event told in one line (TB-27)."""

from __future__ import annotations

from campaign.domain.grammar import plural
from campaign.kinds.thunderbolt.board import rules
from campaign.kinds.thunderbolt.board.naming import who
from campaign.kinds.thunderbolt.board.war import BOX, UNDERWAY
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.macedonia import (
    AmbassadorSent,
    LegionsCommitted,
    LegionsReturned,
    MacedonianWarChanged,
    MacedonianWarResolved,
)

TOLD = ByEvent()
"""Each event of the chapter in one line, as the log and the report say it."""


@TOLD.on
def _(event: MacedonianWarChanged) -> str:
    what = "begins" if event.stage == UNDERWAY else "ends"
    return f"Game Turn {event.turn}: the Macedonian War {what} (TB-27.2)"


@TOLD.on
def _(event: MacedonianWarResolved) -> str:
    drms = [f"{rules.SIDES[side]}'s ambassador {n:+d}" for side, n in event.ambassadors.items()]
    drms += [f"{name} {n:+d}" for name, n in event.modifiers.items()]
    with_drms = f" with {', '.join(drms)}" if drms else ""
    ended = "; the war ends" if event.ended else ""
    return (
        f"Game Turn {event.turn}: the Macedonian War (random event {event.number}): Rome rolls "
        f"{event.face}{with_drms}, {event.adjusted}, "
        f"{plural(event.legions, 'Legion')} in the {BOX}: "
        f"{event.result}{ended} (TB-27.4)"
    )


@TOLD.on
def _(event: AmbassadorSent) -> str:
    side = rules.SIDES[event.side]
    left = f", leaving Detachment {event.detachment}" if event.detachment else ""
    return (
        f"Game Turn {event.turn}: {side} sends an ambassador to Macedonia "
        f"({who(event.leader)}{left}), 1 Guile Point of {who(event.by)} spent (TB-27.3)"
    )


@TOLD.on
def _(event: LegionsCommitted) -> str:
    legions = " and ".join(event.legions)
    ca = f", CA {event.ca}" if event.ca else ""
    return f"Game Turn {event.turn}: Legion {legions}{ca} placed in the {BOX} (TB-27.5)"


@TOLD.on
def _(event: LegionsReturned) -> str:
    legions = " and ".join(event.legions)
    return (
        f"Game Turn {event.turn}: Legion {legions} back from Macedonia, placed in "
        f"{who(event.province)} (TB-27.6)"
    )
