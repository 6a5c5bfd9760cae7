"""Tamper evidence: every event carries a SHA-256 over a canonical encoding of
itself and the hash of the event before it, so that an edited, deleted,
inserted or reordered event breaks the chain from that event on."""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

from campaign.input.names import folded
from events.common import CampaignEvent

GENESIS = "0" * 64
NAMESPACE = uuid.UUID("6f1d5a3c-8e0b-5c1e-9a55-0b2d6c1e4a77")
ENVELOPE = ("originator_id", "originator_version", "timestamp", "actor", "rules_version", "chain")


def event_words(kind: type) -> str:
    """An event's kind in words, for a sentence: `BattleFought` → `battle fought`."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", kind.__name__).lower()


def exact(value: Any) -> Any:
    """Plain JSON values, with decimals as their exact text ("20.50" stays "20.50")."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): exact(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [exact(v) for v in value]
    return value


def data_of(event: CampaignEvent) -> dict[str, Any]:
    """An event's own fields, without the envelope every event shares."""
    return {k: v for k, v in vars(event).items() if k not in ENVELOPE}


def link(
    previous: str,
    seq: int,
    topic: str,
    time: datetime,
    actor: str,
    rules_version: str,
    data: Mapping[str, Any],
) -> str:
    canonical = CANONICAL.encode([seq, topic, time.isoformat(), actor, rules_version, data])
    return hashlib.sha256((previous + canonical).encode("utf-8")).hexdigest()


def _exact_json(value: Any) -> Any:
    """What the canonical encoding makes of values JSON has no word for: decimals as their exact
    text, other mappings as dicts (the same as `exact`, without rebuilding every event's data)."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): v for k, v in value.items()}
    raise TypeError(f"{type(value).__name__} has no canonical encoding")


CANONICAL = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_exact_json
)
"""One encoder for every link: `json.dumps` with options builds a new encoder each call."""


def link_of(previous: str, event: CampaignEvent) -> str:
    return link(
        previous,
        event.originator_version,
        type(event).TOPIC,
        event.timestamp,
        event.actor,
        event.rules_version,
        data_of(event),
    )


def campaign_id(name: str) -> uuid.UUID:
    """A campaign's stream: a uuid5 of its name, so a user never sees one."""
    return uuid.uuid5(NAMESPACE, folded(name))


def first_break(
    events: Sequence[CampaignEvent], links: Sequence[str] | None = None
) -> tuple[int, str] | None:
    """The first event at which the chain is broken, and how; None if it is intact. The chain is
    bound to the campaign: its first event names it, and the stream must be that name's. `links`:
    each event's link as computed from the stored rows while they were read (campaign.store.rows),
    if they were; else each is computed here from the event."""
    if events and events[0].originator_id != campaign_id(getattr(events[0], "name", "")):
        return 1, "the log is stored under another campaign's identity: it was copied or moved"
    previous = GENESIS
    for seq, event in enumerate(events, 1):
        if event.originator_version != seq:
            return seq, f"event {seq} is missing (the log jumps to {event.originator_version})"
        expected = link_of(previous, event) if links is None else links[seq - 1]
        if expected != event.chain:
            return (
                seq,
                f"event {seq} ({event_words(type(event))}) was altered, inserted or moved: its "
                "hash does not match",
            )
        previous = event.chain
    return None


def head(events: Sequence[CampaignEvent]) -> str:
    return events[-1].chain if events else GENESIS
