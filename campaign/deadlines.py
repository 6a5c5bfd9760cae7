"""Deadlines for the step in hand (each rules page's deadline house rules): set, extended and
cleared as events.

A deadline names the step it was set for, in the words `Kind.next_step` uses; once the campaign
has moved on to another step, that deadline no longer applies. Only views read the clock: the
log records instants, and replaying it never asks what time it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from campaign.common import retracted
from campaign.drafts import Draft, draft
from campaign.errors import CampaignError
from campaign.names import resolve
from campaign.text import words
from events.common import CampaignEvent, DeadlineCleared, DeadlineRuleChosen, DeadlineSet

DURATION = re.compile(r"(\d{1,3})\s*([dhw])", re.ASCII)
UNITS = {"d": timedelta(days=1), "h": timedelta(hours=1), "w": timedelta(weeks=1)}


@dataclass(frozen=True)
class Deadline:
    step: str
    at: datetime

    def data(self, now: datetime) -> dict[str, Any]:
        """`status --json`'s `deadline`."""
        return {"step": self.step, "at": self.at.isoformat(), "overdue": now > self.at}


def instant(text: str) -> datetime:
    """An ISO 8601 instant with its timezone (`2026-12-14T18:00Z`, `…+01:00`), in UTC."""
    try:
        when = datetime.fromisoformat(text.strip().replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        raise CampaignError(
            f"Write a deadline as an ISO 8601 time with its timezone, e.g. "
            f"2026-12-14T18:00Z, not {text!r}."
        ) from None
    if when.tzinfo is None:
        raise CampaignError(f"Say which timezone {text!r} is in, e.g. {text}Z for UTC.")
    return when.astimezone(UTC)


def after(text: str, now: datetime) -> datetime:
    """`14d`, `36h`, `2w` from now."""
    found = DURATION.fullmatch(text.strip())
    if not found:
        raise CampaignError(
            f"Write a time from now as days, hours or weeks (14d, 36h, 2w), not {text!r}."
        )
    return now + int(found.group(1)) * UNITS[found.group(2)]


def set_for(step: str, at: datetime, now: datetime, reason: str | None) -> list[Draft]:
    """A deadline for the step in hand, later than now."""
    if at <= now:
        raise CampaignError(f"A deadline is in the future: {at.isoformat()} has passed.")
    said = None if reason is None else words(reason, "the reason")
    return [draft(DeadlineSet, step=step, at=at.isoformat(), reason=said)]


def clear(reason: str) -> list[Draft]:
    return [draft(DeadlineCleared, reason=words(reason, "the reason"))]


def current(events: Sequence[CampaignEvent], step: str) -> Deadline | None:
    """The deadline standing for `step`: the latest set and not cleared since, for that step."""
    taken_back = retracted(events)
    for event in reversed(events):
        if event.originator_version in taken_back:
            continue
        if isinstance(event, DeadlineCleared):
            return None
        if isinstance(event, DeadlineSet):
            return Deadline(event.step, instant(event.at)) if event.step == step else None
    return None


DEADLINE_ACTOR = "deadline"
"""Who records what a missed deadline does under the rule `auto` (`Kind.missed`)."""
RULES = ("auto", "organiser")


def choose_rule(rule: str) -> list[Draft]:
    return [draft(DeadlineRuleChosen, rule=resolve("deadline rule", rule, RULES))]


def rule(events: Sequence[CampaignEvent]) -> str:
    """The house rule for missed deadlines: the last chosen (the organiser decides by default)."""
    chosen = [e.rule for e in events if isinstance(e, DeadlineRuleChosen)]
    return chosen[-1] if chosen else "organiser"


def missed(events: Sequence[CampaignEvent], step: str, now: datetime) -> Deadline | None:
    """The deadline standing for `step` if it has passed by `now`."""
    standing = current(events, step)
    return standing if standing is not None and now > standing.at else None


def automatic(events: Sequence[CampaignEvent], step: str, now: datetime) -> bool:
    """Whether the program records what a missed deadline does: the house rule is `auto` and the
    deadline for `step` has passed by `now` (`tick` records it, `verify` checks it was so)."""
    return rule(events) == "auto" and missed(events, step, now) is not None
