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

import functools
import hashlib
import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson

from campaign.domain.deadlines import instant

VIEWS = "campaign_views"
"""The table of views (its triggers, per database: campaign.store.dialects)."""
COLUMNS = "(stream TEXT PRIMARY KEY, version INTEGER, head TEXT, body TEXT)"
KEYS = {
    "events",
    "head",
    "name",
    "summary",
    "players",
    "status",
    "step",
    "deadline",
    "people",
    "program",
    "reckoning",
    "key",
    "ledger",
    "finished",
}


CODE = tuple(Path(__file__).resolve().parents[2] / package for package in ("campaign", "events"))
"""The folders whose code files say which program built a view (`program`)."""


@functools.cache
def program() -> str:
    """Which program built a view: its code files (names, sizes, times). A view another version
    built — an upgrade, or a checkout edited since — is not read: its status may lack what this
    one shows; the log is folded instead and the view kept again."""
    return code_digest(CODE)


def code_digest(roots: tuple[Path, ...]) -> str:
    """A digest of the Python files under `roots`: their paths, sizes and modification times."""
    digest = hashlib.sha256()
    for root in roots:
        for folder, _, files in sorted(os.walk(root)):
            for file in sorted(f for f in files if f.endswith(".py")):
                info = os.stat(os.path.join(folder, file))
                digest.update(f"{folder}/{file}:{info.st_size}:{info.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


def view(loaded: Any) -> dict[str, Any]:
    """A campaign's view, built from its state and what its log says beside it
    (`Loaded.facts`), as JSON would carry it."""
    of, state, events, facts = loaded.kind, loaded.state, loaded.events, loaded.facts
    step = of.next_step(state)
    standing = facts.reckoning.deadline(step)
    built = {
        **facts.data(),
        "events": len(events),
        "head": events[-1].chain,
        "summary": of.summary(state),
        "players": of.players(state),
        "status": of.status(state, facts.name),
        "step": step,
        "deadline": None if standing is None else standing.at.isoformat(),
        # what an undo or a redo decides on (campaign.domain.shared_commands)
        "ledger": loaded.ledger.data(),
        "finished": finished_rounds(of, state),  # the report `report` shows unless asked
        "program": program(),
    }
    ready: dict[str, Any] = json_ready(built)
    return ready


def finished_rounds(of: Any, state: Any) -> int:
    """How many rounds (or scenarios) have ended (campaign.domain.log.finished)."""
    from campaign.domain.log import finished

    return len(finished(of, state))


def json_ready(data: Any) -> Any:
    """`data` as it reads back from JSON (the stored view and a fresh one are alike)."""
    return json.loads(json.dumps(data, default=str))


def readable(body: str | None) -> dict[str, Any] | None:
    """A stored view, or None where it is not one (edited by hand, cut short). orjson reads it
    (`list` reads a thousand); where it reads otherwise than the standard library (a long integer
    as a float), the view differs from the log's and `verify` says it was altered."""
    if body is None:  # a row whose seal did not hold
        return None
    try:
        data = orjson.loads(body)
    except (ValueError, RecursionError):
        return None
    usable = isinstance(data, dict) and KEYS <= set(data) and data["program"] == program()
    usable = usable and _within(data)
    if usable:
        data.pop(
            "brief_seal", None
        )  # campaign.readmodel.seals's, of what `list` picks: not the view's
    return data if usable else None


def _within(data: dict[str, Any]) -> bool:
    """Whether a view's numbers are ones its log could have: its events a count, its round (or
    turn) no further than its events (issue #47: a view re-sealed by someone holding the store's
    key is still never believed past what a log of its length can hold)."""
    events, status = data.get("events"), data.get("status")
    if not isinstance(events, int) or isinstance(events, bool) or events < 1:
        return False
    periods = [status.get(key) for key in PERIODS] if isinstance(status, dict) else []
    return all(0 <= n <= events for n in periods if isinstance(n, int) and not isinstance(n, bool))


PERIODS = ("round", "turn", "scenario")
"""The counts of a view's status that grow by at most one an event (not a year BCE)."""


def brief(seen: dict[str, Any]) -> dict[str, Any]:
    """What `list` and the hub's index show of a view."""
    return {"summary": seen["summary"], "players": seen["players"]}


def picked_brief(picked: str | None) -> tuple[list[Any], str] | None:
    """What the database picked out of a stored view (`[program, summary, players, brief_seal]`,
    campaign.store.dialects): the three values `brief` shows, as they were picked, and their seal;
    None where it is not one (a body edited by hand, another program's)."""
    try:
        found = orjson.loads(picked) if picked is not None else None
    except (ValueError, RecursionError):
        return None
    if not (isinstance(found, list) and len(found) == 4 and found[0] == program()):
        return None
    summary, players, seal = found[1:]
    shown = isinstance(summary, str) and isinstance(players, list) and isinstance(seal, str)
    shown = shown and all(isinstance(player, str) for player in players)
    return (found[:3], seal) if shown else None


def briefed(picked: list[Any]) -> dict[str, Any]:
    """`brief` of the values `picked_brief` gave."""
    return {"summary": picked[1], "players": picked[2]}


def kept_report(body: str) -> dict[str, Any]:
    """A kept report as kept (its `data`, and of the round in progress where its events begin
    and what the round before tells of now: `Kept.report_body`), or empty where it is not one
    (edited by hand, another program's)."""
    try:
        kept = json.loads(body)
    except (TypeError, ValueError, RecursionError):
        return {}
    usable = isinstance(kept, dict) and kept.get("program") == program()
    return kept if usable and isinstance(kept.get("data"), dict) else {}


def status_data(seen: dict[str, Any], chain_intact: bool, now: datetime) -> dict[str, Any]:
    """`status --json`: the kind's data with the log's length, the chain, the deadline standing
    for the step in hand (overdue or not, now) and who replaced whom."""
    kinds: dict[str, Any] = seen["status"]
    return kinds | {
        "events": seen["events"],
        "chain_intact": chain_intact,
        "deadline": deadline_of(seen, now),
        "people": seen["people"],
    }


def deadline_of(seen: dict[str, Any], now: datetime) -> dict[str, Any] | None:
    """A view's deadline for the step in hand, and whether it has passed `now` (`status --json`'s
    and `overdue --json`'s), or None."""
    deadline = seen["deadline"]
    if deadline is None:
        return None
    return {"step": seen["step"], "at": deadline, "overdue": now > instant(deadline)}
