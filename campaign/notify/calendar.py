"""Deadlines as an iCalendar feed (RFC 5545, written by the `icalendar` library), for a player's
calendar (Google Calendar, Thunderbird, a phone): the deadline standing for the campaign's step
in hand, or a player's own — that one while the step waits for him. A finished step's deadline
leaves the feed (a calendar that reads it again drops it: no alarm for what is done). Each
deadline is the half hour ending at its instant, in UTC, with an alarm a day before and the
campaign's page on the hub; its UID is its step's, the same whether the deadline was set,
extended or is the default one, so a calendar updates it rather than adding one (issue #46)."""

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
    url: str | None = None


def deadlines(loaded, name: str, player: str | None = None, page: str | None = None) -> list[Due]:
    """The deadline standing for the campaign's step in hand (none when none stands), or for
    `player` the same while the step waits for him; `page`: the campaign's page on the hub."""
    import hashlib

    from campaign.domain.deadlines import current
    from campaign.input.names import folded

    step = loaded.kind.next_step(loaded.state)
    standing = current(loaded.events, step)
    if standing is None:
        return []
    stream = loaded.started.originator_id.hex
    uid = f"{stream}-{hashlib.sha256(step.encode()).hexdigest()[:20]}@campaign"
    why = _reason(loaded.events, step)
    if player is None:
        return [Due(uid, f"{name}: {step}", standing.at, why, page)]
    if not any(folded(p) == folded(player) for p in loaded.kind.awaited(loaded.state)):
        return []
    return [Due(uid, f"{name}: your turn — {step}", standing.at, why, page)]


def _reason(events, step: str) -> str:
    """Why the deadline standing for `step` was set, where one was set for it (a default one
    has no reason)."""
    from campaign.domain.shared_commands import retracted
    from events.common import DeadlineSet

    taken_back = retracted(events)
    reasons = [
        e.reason or ""
        for e in events
        if isinstance(e, DeadlineSet) and e.step == step and e.originator_version not in taken_back
    ]
    return reasons[-1] if reasons else ""


def feed(title: str, due: Iterable[Due], stamp: datetime) -> bytes:
    """An iCalendar of the deadlines `due`, named `title`, stamped at `stamp`."""
    from icalendar import Alarm, Calendar, Event, vText

    calendar = Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", vText(title))  # TEXT, escaped as RFC 5545 says (issue #46)
    for deadline in due:
        event = Event()
        event.add("uid", deadline.uid)
        event.add("dtstamp", stamp)
        event.add("dtstart", deadline.at - timedelta(minutes=30))
        event.add("dtend", deadline.at)  # the half hour before the deadline, ending at it
        event.add("summary", deadline.summary)
        if deadline.description:
            event.add("description", deadline.description)
        if deadline.url:
            event.add("url", deadline.url)
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", deadline.summary)
        alarm.add("trigger", timedelta(days=-1))
        event.add_component(alarm)
        calendar.add_component(event)
    return calendar.to_ical()
