"""Deadlines for the step in hand (each rules page's deadline house rules): set, extended and
cleared as events.

A deadline is for the step in hand when it is set; once the campaign has moved on (any event but
the quiet ones, `QUIET`), it no longer applies. Which step it is for follows from where it stands
in the log, never from its words: `DeadlineSet.step` keeps how the program of its day worded the
step, for the history, so a kind may reword its next step without unsettling a stored deadline.
Only views read the clock (campaign.input.clock): the log records instants, and replaying it never
asks what time it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

from campaign.domain.drafts import Draft, draft, forced
from campaign.domain.grammar import plural
from campaign.domain.shared_commands import retracted
from campaign.errors import CampaignError
from campaign.input.names import folded, resolve
from campaign.input.text import words
from events.common import (
    CampaignArchived,
    CampaignEvent,
    CampaignRenamed,
    DeadlineCleared,
    DeadlineDefaultChosen,
    DeadlineRuleChosen,
    DeadlineSet,
    NoteRecorded,
    PlayerAway,
    PlayerRenamed,
    QuietHoursChosen,
    TimeZoneChosen,
)

DURATION = re.compile(r"(\d{1,3})\s*([dhw])", re.ASCII)
UNITS = {"d": timedelta(days=1), "h": timedelta(hours=1), "w": timedelta(weeks=1)}


@dataclass(frozen=True)
class Deadline:
    step: str
    at: datetime


def shown(at: datetime, moment: datetime, zone: str | None = None) -> str:
    """A deadline as a person reads it: the day and time in the campaign's time zone (UTC when
    it chose none), and how far off it is."""
    day = clock(at, zone, "%A %d %B %Y, %H:%M")
    left = at - moment
    return f"{day} (passed {far(left)} ago)" if left < timedelta(0) else f"{day} (in {far(left)})"


def far(left: timedelta) -> str:
    """How far off (or how long ago) an instant is, `left` from now: days, hours or minutes."""
    span = abs(left)
    if span >= timedelta(hours=36):
        return f"{round(span / timedelta(days=1))} days"
    if span >= timedelta(minutes=90):
        return f"{round(span / timedelta(hours=1))} hours"
    return f"{max(1, round(span / timedelta(minutes=1)))} minutes"


def on_its_clock(at: datetime, zone: str | None) -> str:
    """An instant as the command line tells it (issue #50: it echoed UTC in a campaign with a
    time zone): the day and time on the campaign's clock with the zone's name, and the same
    instant in UTC beside it, its day too where it is another — `Sat 12 Dec 2026 18:00
    Europe/Oslo (17:00 UTC)`; in a campaign on UTC's clock, `Sat 12 Dec 2026 17:00 UTC`."""
    utc = at.astimezone(UTC)
    if zone is None or zone == "UTC":
        return utc.strftime(DAY_AND_TIME + " UTC")
    local = at.astimezone(ZoneInfo(zone))
    there = utc.strftime(("%H:%M" if utc.date() == local.date() else DAY_AND_TIME) + " UTC")
    return f"{local.strftime(DAY_AND_TIME)} {zone} ({there})"


DAY_AND_TIME = "%a %d %b %Y %H:%M"


def clock(at: datetime, zone: str | None, form: str = "%Y-%m-%d %H:%M") -> str:
    """An instant in words on the campaign's clock: `form`, then the zone's abbreviation and
    name (`18:00 GMT, Europe/London`), or UTC."""
    if zone is None:
        return at.astimezone(UTC).strftime(f"{form} UTC")
    local = at.astimezone(ZoneInfo(zone))
    return f"{local.strftime(form)} {local.tzname()}, {zone}"


def zone_of(events: Sequence[CampaignEvent]) -> str | None:
    """The campaign's time zone, as last chosen (none: UTC)."""
    chosen = [e.zone for e in events if isinstance(e, TimeZoneChosen)]
    return chosen[-1] if chosen else None


def choose_zone(zone: str) -> list[Draft]:
    """The campaign's time zone, an IANA name (`Europe/London`, `America/New_York`, `UTC`)."""
    known = available_timezones() - NOT_PLACES
    wanted = zone.strip()
    if wanted not in known or wanted != zone:
        wanted = resolve("time zone", wanted, sorted(known))
        if wanted == zone.strip():  # the right name, with spaces or a line break around it
            raise CampaignError(f"Write the time zone's name alone: {wanted}, not {zone!r}.")
    return [draft(TimeZoneChosen, zone=wanted)]


NOT_PLACES = frozenset({"localtime", "Factory", "posixrules"})
"""Names the time zone database holds that are no place's clock (issue #47): `localtime` is
whatever machine reads it, `Factory` no zone at all."""


WEEKDAY = re.compile(
    r"(?i)(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(\d{1,2}):(\d{2})"
)
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def moment_of(text: str, zone: str | None, moment: datetime) -> datetime:
    """A deadline as typed: an ISO 8601 instant with its offset (`2026-12-14T18:00Z`); in a
    campaign with a time zone also a time on its clock (`2026-12-14 18:00`) or the next such
    weekday (`Friday 21:00`, after `moment`), refused where its clocks skip that time or pass it
    twice (`wall`)."""
    typed = text.strip()
    found = WEEKDAY.fullmatch(typed)
    if zone is not None and found:
        return wall(next_weekday(found, moment.astimezone(ZoneInfo(zone))), zone)
    if zone is not None:
        try:
            local = datetime.fromisoformat(typed)
        except ValueError:
            local = None
        if local is not None and local.tzinfo is None:
            return wall(local, zone)
    return instant(typed)


def next_weekday(found: re.Match[str], here: datetime) -> datetime:
    """`Friday 21:00` (as `WEEKDAY` found it) on the clock that reads `here`: the next such
    weekday and time after it, as a wall-clock time (no zone)."""
    hour, minute = int(found.group(2)), int(found.group(3))
    if hour > 23 or minute > 59:
        raise CampaignError(f"{found.group(0)!r} is no time of day.")
    ahead = (DAYS.index(found.group(1).lower()) - here.weekday()) % 7
    today = here.replace(tzinfo=None)
    day = (today + timedelta(days=ahead)).replace(hour=hour, minute=minute, second=0, microsecond=0)
    return day if day > today else day + timedelta(weeks=1)


def wall(local: datetime, zone: str) -> datetime:
    """A time on the clock of `zone` (no offset given) as the instant it names, in UTC.

    Issue #50: a time the clocks skip (02:30 on a night they go forward) was taken silently as
    an hour later. It is refused in one sentence, and so is a time they pass twice (02:30 on a
    night they go back): which of the two is meant is not guessed, the refusal gives both with
    their offsets to type instead."""
    here = ZoneInfo(zone)
    first, second = (local.replace(tzinfo=here, fold=fold) for fold in (0, 1))
    if first.utcoffset() == second.utcoffset():
        return first.astimezone(UTC)
    before, after = clocks_change(first, second, here)
    day, hour = local.date().isoformat(), local.strftime("%H:%M")
    if first.astimezone(UTC).astimezone(here).replace(tzinfo=None) != local:
        raise CampaignError(
            f"{hour} does not exist in {zone} on {day}: the clocks go from {before} to {after}."
        )
    earlier, later = sorted((first, second), key=lambda at: at.astimezone(UTC))
    raise CampaignError(
        f"{hour} comes twice in {zone} on {day} (the clocks go back from {before} to {after}): "
        f"write it with its offset, {earlier.isoformat(timespec='minutes')} for the first time "
        f"or {later.isoformat(timespec='minutes')} for the second."
    )


def clocks_change(first: datetime, second: datetime, here: ZoneInfo) -> tuple[str, str]:
    """Where the clocks of `here` change between the instants `first` and `second` name (one
    wall-clock time read with either offset): the time they show just before, and just after
    (`02:00`, `03:00`; with the days where the change skips one: Samoa, 2011)."""
    low, high = sorted(at.astimezone(UTC) for at in (first, second))
    was = low.astimezone(here).utcoffset()
    while high - low > timedelta(seconds=1):  # the change, to the second
        middle = low + (high - low) / 2
        low, high = (middle, high) if middle.astimezone(here).utcoffset() == was else (low, middle)
    change = high.replace(microsecond=0)
    before, after = change + (was or timedelta(0)), change.astimezone(here)  # as it was, as it is
    form = "%H:%M" if before.date() == after.date() else "%H:%M on %Y-%m-%d"  # a day skipped
    return before.strftime(form), after.strftime(form)


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
        raise CampaignError(
            f"Say which timezone {text!r} is in, e.g. {text}Z for UTC (or give the campaign "
            "its time zone: deadline zone Europe/London)."
        )
    return when.astimezone(UTC)


def after(text: str, now: datetime) -> datetime:
    """`14d`, `36h`, `2w` from now, to the minute (a deadline has no seconds)."""
    found = DURATION.fullmatch(text.strip())
    if not found:
        raise CampaignError(
            f"Write a time from now as days, hours or weeks (14d, 36h, 2w), not {text!r}."
        )
    at = now + int(found.group(1)) * UNITS[found.group(2)]
    return at.replace(second=0, microsecond=0)


def set_for(step: str, at: datetime, now: datetime, reason: str | None) -> list[Draft]:
    """A deadline for the step in hand, later than now."""
    if at <= now:
        raise CampaignError(f"A deadline is in the future: {at.isoformat()} has passed.")
    said = None if reason is None else words(reason, "the reason")
    return [draft(DeadlineSet, step=step, at=at.isoformat(), reason=said)]


HOLIDAY_BANK = 14
"""The days of holiday each player may take in a campaign (`campaign away`)."""


def away(
    events: Sequence[CampaignEvent],
    players: Sequence[str],
    awaited: Sequence[str],
    step: str,
    typed: str,
    days: int,
    reason: str,
    moment: datetime,
) -> list[Draft]:
    """A player's holiday from his bank (at most `HOLIDAY_BANK` days a campaign): recorded for
    everyone to see, and where the step in hand waits for him, its deadline moved on by as many
    days in the same append."""
    who = resolve("player", typed, players)
    used = days_taken(events, who)
    if not 1 <= days <= HOLIDAY_BANK - used:
        raise CampaignError(
            f"{who} has {plural(HOLIDAY_BANK - used, 'day')} of holiday left in this campaign "
            f"(at most {HOLIDAY_BANK}), so not {days}."
        )
    said = words(reason, "the reason")
    until = (moment + timedelta(days=days)).replace(second=0, microsecond=0)
    drafts = [draft(PlayerAway, player=who, days=days, until=until.isoformat(), reason=said)]
    standing = current(events, step)
    if standing is not None and who in awaited:
        why = f"{who} is away for {days} day{'s' if days != 1 else ''}: {said}"
        drafts += set_for(step, standing.at + timedelta(days=days), moment, why)
    return drafts


def days_taken(events: Sequence[CampaignEvent], who: str) -> int:
    """The days of holiday `who`'s seat has taken in the campaign and not taken back, under
    every name it had: a rename keeps the bank as it was (issue #46)."""
    names = {folded(who)}
    for event in reversed(events):
        if isinstance(event, PlayerRenamed) and folded(event.to) in names:
            names.add(folded(event.player))
    taken_back = retracted(events)
    return sum(
        e.days
        for e in events
        if isinstance(e, PlayerAway)
        and folded(e.player) in names
        and e.originator_version not in taken_back
    )


def held(
    reckoning: Reckoning,
    away: Sequence[dict[str, str]],
    awaited: Sequence[str],
    step: str,
    when: datetime,
) -> list[Draft]:
    """A turn that arrives while a player it waits for is on holiday waits for his return
    (issue #46): the clock of his step stands still until he is back, so its deadline moves on
    by what is left of his holiday (`away`: the holidays recorded, `Facts.holidays`). Recorded
    by the program in the same append as the move that brought the step (`settle`), and
    decided again by verify; nothing where the step has no deadline or nobody it waits for is
    away at `when`."""
    back = {
        h["player"]: instant(h["until"])
        for h in away
        if h["player"] in awaited and instant(h["until"]) > when
    }
    standing = reckoning.deadline(step)
    if not back or standing is None:
        return []
    who, until = max(back.items(), key=lambda item: item[1])
    why = f"{who} is away until {until.strftime('%Y-%m-%d %H:%M')} UTC: the step waits for him"
    return [forced(DeadlineSet, **set_for(step, standing.at + (until - when), when, why)[0].fields)]


def away_again(players: Sequence[str], event: PlayerAway) -> list[Draft]:
    """A recorded holiday decided again (verify): a player of the campaign, within the bank."""
    if event.player not in players or not 1 <= event.days <= HOLIDAY_BANK:
        raise CampaignError(f"{event.player!r} cannot be away for {plural(event.days, 'day')}.")
    fields = dict(player=event.player, days=event.days, until=event.until, reason=event.reason)
    return [draft(PlayerAway, **fields)]


def holidays(events: Sequence[CampaignEvent]) -> list[dict[str, str]]:
    """Every holiday recorded and not taken back: who, until when (ISO 8601)."""
    taken_back = retracted(events)
    return [
        {"player": e.player, "until": e.until}
        for e in events
        if isinstance(e, PlayerAway) and e.originator_version not in taken_back
    ]


def set_typed(
    events: Sequence[CampaignEvent],
    step: str,
    when: str | None,
    within: str | None,
    moment: datetime,
    reason: str | None,
) -> list[Draft]:
    """A deadline for `step` as typed (`asked`), out of its quiet hours, later than now."""
    return set_for(step, out_of_quiet(asked(events, when, within, moment), events), moment, reason)


def asked(
    events: Sequence[CampaignEvent], when: str | None, within: str | None, moment: datetime
) -> datetime:
    """The instant a deadline is asked for, before quiet hours move it: typed on the campaign's
    clock (`moment_of`) or a time from now (`after`)."""
    return moment_of(when, zone_of(events), moment) if when else after(within or "", moment)


def clear(reason: str) -> list[Draft]:
    return [draft(DeadlineCleared, reason=words(reason, "the reason"))]


QUIET = (
    NoteRecorded,
    DeadlineSet,
    DeadlineCleared,
    DeadlineRuleChosen,
    DeadlineDefaultChosen,
    TimeZoneChosen,
    PlayerAway,
    QuietHoursChosen,
    CampaignRenamed,
    CampaignArchived,
)
"""Events that do not move a campaign on: the step in hand stays what it was."""


def current(events: Sequence[CampaignEvent], step: str) -> Deadline | None:
    """The deadline standing for `step`: the latest set for it and not cleared since; failing
    that, the default length (if one was chosen) after the last event that moved the campaign on,
    unless a deadline was cleared since that event."""
    return Reckoning.of(events).deadline(step)


@dataclass(frozen=True)
class Reckoning:
    """What a log's deadline is reckoned from (`current`), read from the events that stand: the
    deadline set (`pinned`: its step and instant) or cleared since the campaign last moved on,
    when it last moved on (`moved`), the default length chosen, the quiet hours and the clock
    they are on, and the house rule for a missed one (`rule`). Kept beside the view
    (campaign.domain.facts), it gives the deadline after a write without the log: `after` of each
    event that changes nothing of it but when the campaign moved on."""

    moved: str
    cleared: bool = False
    pinned: tuple[str, ...] | None = None
    """The deadline set: its step, its instant and why it was set (none in what an earlier
    program kept)."""
    length: str | None = None
    quiet: tuple[str, str] | None = None
    zone: str | None = None
    rule: str = "organiser"

    @classmethod
    def of(cls, events: Sequence[CampaignEvent]) -> Reckoning:
        taken_back = retracted(events)
        standing = [e for e in events if e.originator_version not in taken_back]
        cleared, pinned = False, None
        for event in reversed(standing):
            if isinstance(event, DeadlineCleared):
                cleared = True
            elif isinstance(event, DeadlineSet):
                pinned = (event.step, event.at, event.reason or "")
            if isinstance(event, (DeadlineCleared, DeadlineSet)) or not isinstance(event, QUIET):
                break
        began = next(e.timestamp for e in reversed(standing) if not isinstance(e, QUIET))
        lengths = [e.length for e in standing if isinstance(e, DeadlineDefaultChosen)]
        return cls(
            moved=began.astimezone(UTC).isoformat(),
            cleared=cleared,
            pinned=pinned,
            length=lengths[-1] if lengths and lengths[-1] else None,
            quiet=quiet_hours(standing),
            zone=zone_of(standing),
            rule=rule(events),
        )

    def deadline(self, step: str) -> Deadline | None:
        if self.cleared:
            return None
        if self.pinned is not None:
            return Deadline(step, quiet_end(instant(self.pinned[1]), self.quiet, self.zone))
        if self.length is None:
            return None
        at = datetime.fromisoformat(self.moved) + length_of(self.length)
        return Deadline(step, quiet_end(at, self.quiet, self.zone))

    def reason(self) -> str:
        """Why the deadline standing for the step in hand was set, where one was set with a reason
        (a default one has none)."""
        pinned = self.pinned
        return pinned[2] if pinned and len(pinned) > 2 else ""

    def missed(self, step: str, now: datetime) -> Deadline | None:
        """The deadline standing for `step` if it has passed by `now`."""
        standing = self.deadline(step)
        return standing if standing is not None and now > standing.at else None

    def automatic(self, step: str, now: datetime) -> bool:
        """Whether the program records what a missed deadline does: the house rule is `auto` and
        the deadline for `step` has passed by `now` (`tick` records it, `verify` checks it was
        so)."""
        return self.rule == "auto" and self.missed(step, now) is not None

    def after(self, event: CampaignEvent) -> Reckoning:
        """The reckoning once `event` is recorded: a note changes nothing, any other event of the
        kind's own moves the campaign on (for another event, fold the log: `of`)."""
        if isinstance(event, NoteRecorded):
            return self
        moved = event.timestamp.astimezone(UTC).isoformat()
        return replace(self, moved=moved, cleared=False, pinned=None)

    def data(self) -> dict[str, Any]:
        """As a view keeps it (JSON): `kept` reads it back."""
        return asdict(self)

    @classmethod
    def kept(cls, data: dict[str, Any]) -> Reckoning:
        pinned, quiet = data["pinned"], data["quiet"]
        return cls(**data | {"pinned": pinned and tuple(pinned), "quiet": quiet and tuple(quiet)})


HOUR = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)", re.ASCII)


def choose_quiet(typed: str) -> list[Draft]:
    """Quiet hours as typed, `22:00-08:00` (or `none`): no deadline falls between them."""
    wanted = typed.strip().lower()
    if wanted in ("none", "off", ""):
        return [draft(QuietHoursChosen, start="", end="")]
    start, sep, end = wanted.partition("-")
    hours = [HOUR.fullmatch(part.strip()) for part in (start, end)]
    if not sep or None in hours or start.strip() == end.strip():
        raise CampaignError(f"Write quiet hours as 22:00-08:00 (or none), not {typed!r}.")
    start, end = (f"{int(h.group(1)):02d}:{h.group(2)}" for h in hours if h is not None)
    return [draft(QuietHoursChosen, start=start, end=end)]


def out_of_quiet(at: datetime, events: Sequence[CampaignEvent]) -> datetime:
    """`at`, or, where it falls in the campaign's quiet hours (on its clock), their end."""
    return quiet_end(at, quiet_hours(events), zone_of(events))


def quiet_hours(events: Sequence[CampaignEvent]) -> tuple[str, str] | None:
    """The quiet hours last chosen (start, end), or None (none chosen, or chosen away)."""
    chosen = [(e.start, e.end) for e in events if isinstance(e, QuietHoursChosen)]
    return chosen[-1] if chosen and chosen[-1][0] else None


def quiet_end(at: datetime, quiet: tuple[str, str] | None, zone_name: str | None) -> datetime:
    """`at`, or, where it falls in the `quiet` hours (start, end) on the clock of `zone_name`
    (none: UTC), their end."""
    if quiet is None:
        return at
    zone = ZoneInfo(zone_name or "UTC")
    local = at.astimezone(zone)
    start, end = (time.fromisoformat(t) for t in quiet)
    moment = local.time().replace(tzinfo=None)
    if start < end:
        quiet_now, day = start <= moment < end, local.date()
    else:  # over midnight: from `start` tonight to `end` tomorrow morning
        quiet_now = moment >= start or moment < end
        day = local.date() + timedelta(days=1) if moment >= start else local.date()
    if not quiet_now:
        return at
    # on a night the clocks go back the end may come twice (fold 0, then 1): the first that is
    # not before `at`; where they go forward it may not come at all: the first instant after
    ends = [datetime.combine(day, end.replace(fold=f), tzinfo=zone).astimezone(UTC) for f in (0, 1)]
    return min((e for e in ends if e >= at), default=max(ends))


def length_of(text: str) -> timedelta:
    """`14d`, `36h`, `2w` as a time span."""
    return after(text, datetime(2000, 1, 1, tzinfo=UTC)) - datetime(2000, 1, 1, tzinfo=UTC)


def choose_default(length: str) -> list[Draft]:
    """Every step due `length` after the last thing that happened (`none`: no default)."""
    wanted = length.strip().lower()
    if wanted in ("none", "off", ""):
        return [draft(DeadlineDefaultChosen, length="")]
    if length_of(wanted) <= timedelta(0):
        raise CampaignError("A default deadline is at least an hour: 36h, 14d, 2w.")
    found = DURATION.fullmatch(wanted)
    assert found is not None  # length_of read it
    return [draft(DeadlineDefaultChosen, length=f"{int(found.group(1))}{found.group(2)}")]


DEADLINE_ACTOR = "deadline"
"""Who records what a missed deadline does under the rule `auto` (`Kind.missed`)."""
RULES = ("auto", "organiser")


def choose_rule(rule: str) -> list[Draft]:
    return [draft(DeadlineRuleChosen, rule=resolve("deadline rule", rule, RULES))]


def rule(events: Sequence[CampaignEvent]) -> str:
    """The house rule for missed deadlines: the last chosen (the organiser decides by default)."""
    chosen = [e.rule for e in events if isinstance(e, DeadlineRuleChosen)]
    return chosen[-1] if chosen else "organiser"


def automatic(events: Sequence[CampaignEvent], step: str, now: datetime) -> bool:
    """`Reckoning.automatic` of the whole log."""
    return Reckoning.of(events).automatic(step, now)
