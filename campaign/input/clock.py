"""The one clock. Every reading of the time — the instant each event is stamped with, what a
deadline is measured against, what a page shows as "in 3 days", when a form was handed out,
when a reader saw a checkpoint — goes through `now()`, and nothing else in the program asks the
system what time it is (tests/core/test_architecture.py holds it to that).

`CAMPAIGN_NOW` pins the clock to one instant (ISO 8601 with its offset); `CAMPAIGN_CLOCK_OFFSET`
moves the real time by days, hours or weeks (`365d`, `-36h`, `2w`), so that a whole run can be
played as if it were a year on. No clock, set (pinned, or a command's `--now`) or not, records
behind the log (`forward`). Replaying a log never reads the clock."""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime, timedelta

from campaign.errors import CampaignError

PIN = "CAMPAIGN_NOW"
OFFSET = "CAMPAIGN_CLOCK_OFFSET"
SPAN = re.compile(r"([+-]?)(\d{1,6})([dhw])", re.ASCII)
UNITS = {"d": timedelta(days=1), "h": timedelta(hours=1), "w": timedelta(weeks=1)}


def now() -> datetime:
    """The time, in UTC: pinned by `CAMPAIGN_NOW`, else the system's moved by
    `CAMPAIGN_CLOCK_OFFSET`."""
    pin = os.environ.get(PIN)
    if pin:
        return _pinned(pin)
    return datetime.now(UTC) + offset()


def pinned() -> bool:
    """Whether the clock is pinned to one instant (`CAMPAIGN_NOW`)."""
    return bool(os.environ.get(PIN))


def offset() -> timedelta:
    """How far `CAMPAIGN_CLOCK_OFFSET` moves the real time (none when it is not set)."""
    text = os.environ.get(OFFSET, "").strip()
    if not text:
        return timedelta(0)
    found = SPAN.fullmatch(text)
    if not found:
        raise CampaignError(
            f"{OFFSET} moves the clock by days, hours or weeks (365d, -36h, 2w), not {text!r}."
        )
    sign, count, unit = found.groups()
    return (-1 if sign == "-" else 1) * int(count) * UNITS[unit]


def forward(when: datetime, last: datetime, number: int, set_by_hand: bool = True) -> None:
    """Refuse to stamp an event at `when` behind the log's last event (`number`, recorded at
    `last`): time only moves forward. `set_by_hand`: a time someone set (pinned, `--now`);
    else the real time, behind a log whose last event a clock set ahead stamped (issue #50: a
    tick rehearsed with CAMPAIGN_NOW a month on, then a note on the real clock again)."""
    if when < last:
        reads = "is set to" if set_by_hand else "reads"
        ahead = "" if set_by_hand else ", on a clock set ahead"
        raise CampaignError(
            f"The clock {reads} {_words(when)}, before event {number} was recorded "
            f"({_words(last)}{ahead}): time only moves forward, so nothing was recorded."
        )


def _pinned(text: str) -> datetime:
    try:
        when = datetime.fromisoformat(text.strip().replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        when = None
    if when is None or when.tzinfo is None:
        raise CampaignError(
            f"{PIN} pins the clock to an ISO 8601 instant with its offset "
            f"(2026-12-14T18:00Z), not {text!r}."
        )
    return when.astimezone(UTC)


def _words(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
