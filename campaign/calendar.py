"""Deadlines as an iCalendar feed (RFC 5545, written by the `icalendar` library), for a player's
calendar (Google Calendar, Thunderbird, a phone): a campaign's every deadline set in its log and
the one standing now, or a player's own — the deadline of the step in hand while it is his turn.
Each deadline is the half hour ending at its instant, in UTC, with an alarm a day before; its
UID stays the same from one reading of the feed to the next, so a calendar updates it rather
than adding one."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

PRODUCT = "-//campaign//wargame campaign deadlines//EN"


@dataclass(frozen=True)
class Due:
    """One deadline as the feed shows it."""

    uid: str
    summary: str
    at: datetime
    description: str = ""


def deadlines(loaded, name: str, player: str | None = None) -> list[Due]:
    """The campaign's deadlines (every one set in the log that was not taken back, and the one
    standing now), or `player`'s own: the one standing now while the step waits for him."""
    from campaign.common import retracted
    from campaign.deadlines import current, instant
    from events.common import DeadlineSet

    stream = loaded.started.originator_id.hex
    step = loaded.kind.next_step(loaded.state)
    standing = current(loaded.events, step)
    now = []
    if standing is not None:
        now = [Due(f"{stream}-{standing.at.isoformat()}@campaign", f"{name}: {step}", standing.at)]
    if player is not None:
        from campaign.names import folded

        mine = any(folded(p) == folded(player) for p in loaded.kind.awaited(loaded.state))
        return [Due(d.uid, f"{name}: your turn — {step}", d.at) for d in now] if mine else []
    taken_back = retracted(loaded.events)
    earlier = [
        Due(f"{stream}-{e.at}@campaign", f"{name}: {e.step}", instant(e.at), e.reason or "")
        for e in loaded.events
        if isinstance(e, DeadlineSet) and e.originator_version not in taken_back
    ]
    known = {d.uid for d in earlier}
    return [*earlier, *(d for d in now if d.uid not in known)]


def feed(title: str, due: Iterable[Due], stamp: datetime) -> bytes:
    """An iCalendar of the deadlines `due`, named `title`, stamped at `stamp`."""
    from icalendar import Alarm, Calendar, Event

    calendar = Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", title)
    for deadline in due:
        event = Event()
        event.add("uid", deadline.uid)
        event.add("dtstamp", stamp)
        event.add("dtstart", deadline.at - timedelta(minutes=30))
        event.add("dtend", deadline.at)  # the half hour before the deadline, ending at it
        event.add("summary", deadline.summary)
        if deadline.description:
            event.add("description", deadline.description)
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", deadline.summary)
        alarm.add("trigger", timedelta(days=-1))
        event.add_component(alarm)
        calendar.add_component(event)
    return calendar.to_ical()
