"""What a command says of what it recorded (`Session.tell`): each event's line as the log tells
it (campaign.views.narrate, `Outcome.lines`), but a deadline and a holiday on the campaign's
clock, the instant in UTC beside it, and where quiet hours moved a deadline, from what (issue
#50: both were echoed in UTC alone, and a deadline moved to the morning in silence)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from campaign.domain.deadlines import Reckoning, instant, on_its_clock, quiet_end
from campaign.domain.grammar import plural
from campaign.views.narrate import describe
from events.common import CampaignEvent, DeadlineSet, PlayerAway

AUTOMATIC = "  [automatic]"
"""What `Outcome.lines` adds to the line of an event the rules recorded."""


def told(outcome: Any, asked: datetime | None = None) -> list[str]:
    """`outcome.lines()`, each deadline and holiday recorded told on the campaign's clock;
    `asked`: the instant a deadline was asked for, before quiet hours moved it."""
    of, reckoning = outcome.after.kind, outcome.after.facts.reckoning
    own = {describe(e, of): on_the_clock(e, reckoning, asked) for e in outcome.recorded}
    return [swapped(line, own) for line in outcome.lines()]


def swapped(line: str, own: dict[str, str | None]) -> str:
    """`line`, where it tells one of the events `own` words otherwise, in those words."""
    said = line.removesuffix(AUTOMATIC)
    mine = own.get(said)
    return line if mine is None else mine + line[len(said) :]


def on_the_clock(
    event: CampaignEvent, reckoning: Reckoning, asked: datetime | None = None
) -> str | None:
    """A deadline or a holiday on the campaign's clock (`reckoning`: its zone and quiet
    hours); None for any other event."""
    if isinstance(event, DeadlineSet):
        return deadline_line(event, reckoning, asked)
    if isinstance(event, PlayerAway):
        until = on_its_clock(instant(event.until), reckoning.zone)
        return (
            f"{event.player} is away for {plural(event.days, 'day')}, until {until}: {event.reason}"
        )
    return None


def deadline_line(event: DeadlineSet, reckoning: Reckoning, asked: datetime | None) -> str:
    """A deadline set, where it falls: out of the quiet hours, where they moved it from what was
    asked (`asked`, or the instant recorded: a holiday's days may carry it into them)."""
    zone, recorded = reckoning.zone, instant(event.at)
    falls = quiet_end(recorded, reckoning.quiet, zone)
    line = f"Deadline for {event.step.rstrip('.')}: {on_its_clock(falls, zone)}"
    start = recorded if asked is None else asked
    if reckoning.quiet is not None and falls != start:
        hours = "-".join(reckoning.quiet)
        line += f", moved to the end of the quiet hours ({hours}) from {on_its_clock(start, zone)}"
    return line + (f" ({event.reason})" if event.reason else "")
