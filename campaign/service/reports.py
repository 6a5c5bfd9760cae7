"""The reports readers ask for first, kept beside the log by the use cases (issue #48: the view
that wrote store rows): after an append, the last finished round's and the one in progress
(`keep_after_append`, or `kept_again` without reading the log after a resumed write), and a
report read where it is kept, or built from the log and kept for the next reader
(`kept_report`). What a report says is `campaign.views.reports`'; what is kept, and when it
holds, is decided here and in `campaign.store.kept`."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from campaign.domain.log import Loaded, finished, last_finished, named
from campaign.errors import CampaignError
from campaign.views.reports import in_progress, report_data, round_closed, round_ended
from events.common import CampaignEvent, NoteRecorded


def kept_report(
    campaigns: Any, name: str, number: int | None, load: Callable[[], Loaded]
) -> dict[str, Any]:
    """A report's data, read beside the stored view while the view vouches for the log — so that
    reading a report again costs the same at 100,000 events as at 100 — or built from the log
    (`load`) and kept there for the next reader. Any append writes a new view, which forgets the
    reports kept with the old one; `verify` compares each with the log. Only data is kept, never
    markup: every format escapes it as it renders (the map of an HTML report is drawn anew)."""
    if number is None:  # the last finished round's, kept under its number
        seen = campaigns.kept.view(name)
        number = seen["finished"] if seen is not None and seen["finished"] else None
    kept: dict[str, Any] | None = (
        None if number is None else campaigns.kept.report(name, str(number))
    )
    if kept is not None:
        return kept
    loaded = load()
    number = number or last_finished(loaded)  # none finished: refused
    data, _ = report_data(name, loaded, number)
    if loaded.chain_break is None:
        campaigns.kept.keep_report(name, str(number), data, loaded)
    return data


def keep_after_append(campaigns: Any, name: str, loaded: Loaded) -> None:
    """After an append, the reports readers ask for first — the last finished round's (what
    `report` shows by default, the hub's report page) and the one in progress (the organiser's
    opening post), each under its number — built from the log the writer has just read, checked
    and extended, and kept beside the new view: `report` right after `result` costs what it
    costs the second time (issue #16); and the state each round ended in (the map of its page
    in the hub). The round in progress's report is kept with where its events begin and what
    the last finished round's tells of the campaign now (`Kind.told_later`; none where that
    report vouches for the whole log): after a write resumed from what was kept (issue #31)
    whose events change neither, the finished round's report and state are kept again as they
    were, and the round in progress is built from its own events alone (`kept_again`)."""
    if loaded.chain_break is not None or kept_again(campaigns, name, loaded):
        return
    ended = finished(loaded.kind, loaded.state)
    later = None
    for number in [*ended[-1:], len(ended) + 1]:  # the finished round first
        try:
            data, at_end = report_data(name, loaded, number)
        except CampaignError:
            continue  # nothing is left in progress: the campaign is over
        going = number == len(ended) + 1
        if not going and not data.get("tells_since"):
            later = _later(loaded, number)
        start = round_closed(loaded, number - 1) if going else None
        began = round_ended(loaded, number - 1) if going else None
        kept = (start, later if going else None, began)
        campaigns.kept.keep_report(name, str(number), data, loaded, *kept)
        campaigns.kept.keep_state(name, number, at_end, loaded)  # its map, on the hub's report page
    if loaded.resumed is not None:
        campaigns.kept.carry(name, {}, loaded)  # what was kept beside the earlier view: dropped


def kept_again(campaigns: Any, name: str, loaded: Loaded) -> bool:
    """After a write resumed from what was kept beside the log, keep the reports as
    `keep_after_append` would without reading the log: where every event recorded is a kind's
    own or a note (`facts.plain`), or an undo or a redo of such events of the round in progress,
    no round ended, the report of the round in progress was kept at the event the write resumed
    from with where its events begin, and a note recorded does not belong to the round before
    (written just after it ended), the last finished round's report and state are what they were
    (kept again under the new event) and the round in progress is built from its own events.
    False where not: then they are built from the log."""
    resumed, kept = loaded.resumed, campaigns.kept
    if resumed is None:
        return False
    head, size = resumed.seen["head"], resumed.seen["events"]
    number = len(finished(loaded.kind, loaded.state)) + 1
    done, going_row = number - 1, kept.report_row(name, str(number))
    carried = (kept.report_row(name, str(done)), kept.state_row(name, done))
    # in one statement; a long body carried as its row names it (`Kept.whole`: read apart)
    rows = kept.all_kept_at((going_row, *(carried if done else ())), head, whole=False)
    going = kept.as_report(kept.whole({going_row: rows.pop(going_row)})[going_row])
    start, later = going.get("start"), None
    trailing = isinstance(resumed.new[0], NoteRecorded)  # a note written after the round before
    if not isinstance(start, int) or (number > 1 and start == size and trailing):
        return False
    if not all(_within(loaded, event, start) for event in resumed.new):
        return False
    if done:
        later = _later(loaded, done)
        if going.get("later") != later:
            return False  # what it tells of the campaign now has changed, or its whole log
        if None in rows.values():
            return False
    from campaign.readmodel import snapshot

    data = in_progress(name, loaded, number, start)
    rows[going_row] = kept.report_body(data, start, later, going.get("ended"))
    rows[kept.state_row(name, number)] = snapshot.kept(loaded.kind, loaded.state)
    kept.carry(name, rows, loaded)
    return True


def _within(loaded: Loaded, event: CampaignEvent, start: int) -> bool:
    """`event` changes nothing of the log's facts (`facts.plain`) nor of the rounds before the
    one in progress, whose events begin after the first `start`: a kind's own or a note, or an
    undo or a redo of such events of that round alone."""
    from campaign.domain.facts import all_plain, plain

    if plain(event):
        return True
    told = named(loaded.events, event)
    return all_plain(told) and all(e.originator_version > start for e in told)


def _later(loaded: Loaded, number: int) -> str:
    """What finished round `number`'s report tells of the campaign as it stands
    (`Kind.told_later`), as JSON text."""
    later = loaded.kind.told_later(loaded.state, number)
    return json.dumps(later, sort_keys=True, default=str)
