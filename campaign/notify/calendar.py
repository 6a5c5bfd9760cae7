"""Deadlines as an iCalendar feed (RFC 5545, written by the `icalendar` library), for a player's
calendar (Google Calendar, Thunderbird, a phone): the deadline standing for the campaign's step
in hand, or a player's own — that one while the step waits for him. A finished step's deadline
leaves the feed (a calendar that reads it again drops it: no alarm for what is done). Each
deadline is the half hour ending at its instant, in UTC, with an alarm a day before and the
campaign's page on the hub; its UID is its step's, the same whether the deadline was set,
extended or is the default one, so a calendar updates it rather than adding one (issue #46).
Read from the campaign's view kept beside its log, a feed costs what a kept page does."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

PRODUCT = "-//campaign//wargame campaign deadlines//EN"


@dataclass(frozen=True)
class Due:
    """One deadline as the feed shows it."""

    uid: str
    summary: str
    at: datetime
    description: str = ""
    url: str | None = None


def deadlines(
    seen: dict[str, Any],
    awaited: Sequence[str],
    stream: str,
    player: str | None = None,
    page: str | None = None,
) -> list[Due]:
    """The deadline standing for the campaign's step in hand (none when none stands), or for
    `player` the same while the step waits for him (`awaited`), as the campaign's view says
    it (`seen`: kept beside the log, or built from it: `campaign.readmodel.status.view`);
    `stream`: the campaign's, `page`: its page on the hub."""
    import hashlib

    from campaign.domain.deadlines import Reckoning, instant
    from campaign.input.names import folded

    step, standing, name = seen["step"], seen["deadline"], seen["name"]
    if standing is None:
        return []
    uid = f"{stream}-{hashlib.sha256(step.encode()).hexdigest()[:20]}@campaign"
    why = Reckoning.kept(seen["reckoning"]).reason()
    if player is None:
        return [Due(uid, f"{name}: {step}", instant(standing), why, page)]
    if not any(folded(p) == folded(player) for p in awaited):
        return []
    return [Due(uid, f"{name}: your turn — {step}", instant(standing), why, page)]


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
    feed: bytes = calendar.to_ical()
    return feed
