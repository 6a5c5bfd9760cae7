"""A campaign's stored rows read in one pass: each of the program's own events decoded and its
link in the hash chain computed from the same decoded data (issue #16).

eventsourcing's mapper decodes through a JSON object hook called on every dict, to find the values
JSON has no word for; this program's events hold one of them, the timestamp, and rarely another.
A row whose only such value is its timestamp is decoded here by `orjson` (a C parser, ~3.5× the
standard library's) without the hook, and its link computed from the data just decoded: orjson's
sorted text of what `chain.link_of` hashes (the timestamp as stored). When that link is the stored
one, the decoded data is the data the writer hashed (no two texts are known with one SHA-256, and
orjson spells no two values alike). When it is not — the row was altered, or orjson reads or
spells a value otherwise than the standard library (an integer beyond 64 bits it reads as a
float; a float's exponent) — the row goes through the mapper and `chain`, as every row did before;
so does every row with another value JSON has no word for (a decimal), or that orjson refuses.
What is said of an altered row is what was said before: the fast path only ever agrees.
"""

from __future__ import annotations

import hashlib
import threading
import uuid
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any, cast

import orjson

from campaign.domain.chain import GENESIS, link_of
from campaign.store.memory import bounded
from events import event_class, fields
from events.common import CampaignEvent

Row = tuple[int, str, bytes]
"""A stored event as selected: its number in the stream, its topic, its state (JSON bytes)."""

MARKER = b'"_type_"'
"""How eventsourcing's transcoder marks a value JSON has no word for."""


def read_log(
    stream: uuid.UUID, rows: Iterable[Row], slow: Callable[[Row], CampaignEvent]
) -> tuple[tuple[CampaignEvent, ...], tuple[str, ...]]:
    """The events of `rows` (in the stream's order) and, for each, the link the chain expects of
    it after the event stored before it (`chain.first_break` compares them). `slow` decodes a row
    the fast path leaves alone."""
    events: list[CampaignEvent] = []
    links: list[str] = []
    previous = GENESIS
    for row in rows:
        quick = _quick(stream, row, previous)
        if quick is None:
            event = slow(row)
            try:
                link = link_of(previous, event)
            except (AttributeError, TypeError, ValueError):
                link = ""  # fields edited out of shape: no link matches them
        else:
            event, linked = quick
            link = linked or ""  # never None: `previous` is a link here
        events.append(event)
        links.append(link)
        chain = getattr(event, "chain", None)
        previous = chain if isinstance(chain, str) else ""
    return tuple(events), tuple(links)


ALONE = 8192
"""How many events read alone a process remembers decoded (`decode`): the hub reads the round
in progress and a page of the log again after every form, and decodes each event once."""
_alone: dict[tuple[uuid.UUID, int], tuple[str, bytes, CampaignEvent]] = {}
_alone_lock = threading.Lock()


def decode(stream: uuid.UUID, row: Row, slow: Callable[[Row], CampaignEvent]) -> CampaignEvent:
    """One event read without the events before it (the catalogue's, a page of the log), so
    without its link to check: the fast path takes it only where orjson read no float at all (a
    float is where orjson may have read a long integer otherwise: the mapper decides). A row read
    again exactly as it was last decoded here (its topic and stored bytes) is that event again:
    events are immutable, and the same bytes decode to the same event."""
    version, topic, state = row
    known = _alone.get((stream, version))
    if known is not None and known[0] == topic and known[1] == state:
        return known[2]
    quick = _quick(stream, row, None)
    event = quick[0] if quick is not None and whole(quick[0]) else slow(row)
    with _alone_lock:
        _alone[(stream, version)] = (topic, state, event)
        bounded(_alone, ALONE)
    return event


def whole(event: Any) -> bool:
    """The event holds every field of its class, its envelope of the right types: an event a
    hand edit cut short is no event (`Logs._decode` refuses it in one sentence)."""
    held = vars(event)
    return (
        fields(cast(type, type(event))).keys() <= held.keys()
        and isinstance(held["timestamp"], datetime)
        and all(isinstance(held[k], str) for k in ("actor", "rules_version", "chain"))
        and isinstance(held["originator_version"], int)
    )


def _floating(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(_floating(v) for v in value.values())
    if isinstance(value, list):
        return any(_floating(v) for v in value)
    return False


def _quick(
    stream: uuid.UUID, row: Row, previous: str | None
) -> tuple[CampaignEvent, str | None] | None:
    version, topic, state = row
    cls = event_class(topic)
    if cls is None or state.count(MARKER) != 1:
        return None
    try:
        data: dict[str, Any] = orjson.loads(state)
        if not isinstance(data, dict):
            return None
        stamp, actor = data.pop("timestamp"), data.pop("actor")
        rules_version, chain = data.pop("rules_version"), data.pop("chain")
        if stamp["_type_"] != "datetime_iso" or len(stamp) != 2:
            return None
        when = stamp["_data_"]
        if previous is None:
            link = None
            if _floating(data):
                return None
        else:
            linked = [version, topic, when, actor, rules_version, data]
            link = _sha(previous.encode() + orjson.dumps(linked, option=orjson.OPT_SORT_KEYS))
            if link != chain:
                return None  # altered, or spelled otherwise by orjson: the mapper and chain decide
        fields = {
            "timestamp": datetime.fromisoformat(when),
            "actor": actor,
            "rules_version": rules_version,
            "chain": chain,
            **data,
            "originator_id": stream,
            "originator_version": version,
        }
    except (orjson.JSONDecodeError, orjson.JSONEncodeError, KeyError, TypeError, ValueError):
        return None
    event = object.__new__(cls)
    object.__setattr__(event, "__dict__", fields)
    return event, link


def _sha(text: bytes) -> str:
    return hashlib.sha256(text).hexdigest()
