"""The export format (`campaign-export/1`, campaign.service.exchange) as a JSON Schema (draft
2020-12), for tools others write (issue #54): `campaign export --schema` prints it.

An export is JSON Lines: its first line a header (`#/$defs/header`), each line after it one event
(`#/$defs/event`), whose `data` are the fields of the event its `topic` names
(`#/$defs/topics/<topic>`). The topics and their fields are read from the event classes the
program reads logs with (`events/`), so the schema says exactly what this version writes; a
field added later with a default is not required, so that an older export still fits."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import typing
from collections.abc import Iterator
from typing import Any

import msgspec

from campaign.domain.chain import ENVELOPE
from campaign.service.exchange import FORMAT
from events.common import ALLOWED_TOPICS, CampaignEvent

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SHA256 = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
TIME = {"type": "string", "format": "date-time"}


def schema() -> dict[str, Any]:
    """The whole schema: the header, an event line, and each topic's data."""
    topics = {cls.TOPIC: _data(cls) for cls in sorted(event_classes(), key=lambda c: c.TOPIC)}
    return {
        "$schema": DRAFT,
        "$id": f"https://campaign.invalid/schema/{FORMAT}.json",
        "title": f"A campaign export ({FORMAT}): JSON Lines, a header then one event a line",
        "$defs": {"header": _header(), "event": _event(list(topics)), "topics": topics},
    }


def event_classes() -> Iterator[type[CampaignEvent]]:
    """Every event class the program reads a log with: each module of `events/` imported, so
    that every `@topic` has registered its class (`ALLOWED_TOPICS`)."""
    import events

    for module in pkgutil.walk_packages(events.__path__, "events."):
        importlib.import_module(module.name)
    yield from ALLOWED_TOPICS.values()


def _header() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["format", "name", "kind", "rules_version", "events", "chain_head"],
        "properties": {
            "format": {"const": FORMAT},
            "name": {"type": "string", "minLength": 1},
            "kind": {"type": "string", "description": "the rules the campaign is played by"},
            "rules_version": {"type": "string"},
            "events": {"type": "integer", "minimum": 1},
            "chain_head": SHA256 | {"description": "the last event's hash"},
        },
        "additionalProperties": False,
    }


def _event(topics: list[str]) -> dict[str, Any]:
    """An event line: its envelope, and its data as its topic's (`if`/`then` per topic)."""
    return {
        "type": "object",
        "required": ["seq", "time", "type", "topic", "actor", "rules_version", "data", "hash"],
        "properties": {
            "seq": {"type": "integer", "minimum": 1},
            "time": TIME,
            "type": {"type": "string"},
            "topic": {"enum": topics},
            "actor": {"type": "string"},
            "rules_version": {"type": "string"},
            "data": {"type": "object"},
            "hash": SHA256
            | {
                "description": "SHA-256 of the previous hash (64 zeros before the first) and "
                "the canonical JSON of [seq, topic, time, actor, rules_version, data]"
            },
        },
        "additionalProperties": False,
        "allOf": [
            {
                "if": {"properties": {"topic": {"const": topic}}},
                "then": {"properties": {"data": {"$ref": f"#/$defs/topics/{topic}"}}},
            }
            for topic in topics
        ],
    }


def _data(cls: type[CampaignEvent]) -> dict[str, Any]:
    """An event's own fields (not the envelope every event shares), as JSON writes them."""
    hints = typing.get_type_hints(cls)
    fields = [f for f in dataclasses.fields(cls) if f.name not in ENVELOPE]
    missing = dataclasses.MISSING
    return {
        "type": "object",
        "description": (cls.__doc__ or "").strip().split("\n\n")[0],
        "properties": {f.name: _value(hints[f.name]) for f in fields},
        "required": [
            f.name for f in fields if f.default is missing and f.default_factory is missing
        ],
        "additionalProperties": False,
    }


def _value(kind: Any) -> dict[str, Any]:
    """A field's JSON Schema (msgspec's, its references inlined: a field's type is plain)."""
    said: dict[str, Any] = msgspec.json.schema(kind)
    return said
