"""The stored read model: what `list` and `status` show of a campaign, kept beside its log so that
they cost the same at 100,000 events as at 100.

After every append the program writes, for the campaign, its view — the summary line, the
players, `status --json`'s data, the step in hand with its deadline, who replaced whom — with the
number and the hash of the last event it was built from. A view is used only while it still
matches the log's last event; SQLite triggers forget it the moment any stored event is changed
or deleted by hand, so that `status` then replays the log and warns of the tampering; `verify`
replays everything and rebuilds the view, saying whether the stored one was out of date.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from campaign.common import current_name
from campaign.deadlines import current, instant
from campaign.views.people import people

VIEWS = "campaign_views"
"""The table of views (its triggers, per database: campaign.beside)."""
COLUMNS = "(stream TEXT PRIMARY KEY, version INTEGER, head TEXT, body TEXT)"
KEYS = {"events", "head", "name", "summary", "players", "status", "step", "deadline", "people"}


def view(loaded: Any) -> dict[str, Any]:
    """A campaign's view, built from the whole log and its state (as JSON would carry it)."""
    of, state, events = loaded.kind, loaded.state, loaded.events
    name = current_name(events)
    step = of.next_step(state)
    standing = current(events, step)
    built = {
        "events": len(events),
        "head": events[-1].chain,
        "name": name,
        "summary": of.summary(state),
        "players": of.players(state),
        "status": of.status(state, name),
        "step": step,
        "deadline": None if standing is None else standing.at.isoformat(),
        "people": people(events),
    }
    return json_ready(built)


def json_ready(data: Any) -> Any:
    """`data` as it reads back from JSON (the stored view and a fresh one are alike)."""
    return json.loads(json.dumps(data, default=str))


def readable(body: str) -> dict[str, Any] | None:
    """A stored view, or None where it is not one (edited by hand, cut short)."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and KEYS <= set(data) else None


def status_data(seen: dict[str, Any], chain_intact: bool, now: datetime) -> dict[str, Any]:
    """`status --json`: the kind's data with the log's length, the chain, the deadline standing
    for the step in hand (overdue or not, now) and who replaced whom."""
    deadline = seen["deadline"]
    return seen["status"] | {
        "events": seen["events"],
        "chain_intact": chain_intact,
        "deadline": None
        if deadline is None
        else {"step": seen["step"], "at": deadline, "overdue": now > instant(deadline)},
        "people": seen["people"],
    }
