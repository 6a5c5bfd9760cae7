"""The vocabulary: frozen, past-tense domain events, and nothing else.

Every event class has an explicit, stable topic, `<module>.<EventName>`, the module's
name written with dashes (`river-crossing.BridgeBuilt` would live in `events/river_crossing.py`).
Only the topics of this package's own classes are ever turned back into objects when a
store or an exported file is read (see ARCHITECTURE.md, principle 8): `event_class`
imports nothing but this package's own modules, and only by their file names.
"""

from __future__ import annotations

import dataclasses
import functools
import pkgutil
from importlib import import_module

from events.common import ALLOWED_TOPICS, CampaignEvent

__all__ = ["ALLOWED_TOPICS", "CampaignEvent", "event_class", "fields"]

MODULES = frozenset(module.name for module in pkgutil.iter_modules(__path__))


def event_class(topic: object) -> type[CampaignEvent] | None:
    """The class of a stored topic, or None if it is not one of this program's events."""
    if not isinstance(topic, str):
        return None
    if topic not in ALLOWED_TOPICS:
        module = topic.partition(".")[0].replace("-", "_")
        if module in MODULES:
            import_module(f"events.{module}")
    return ALLOWED_TOPICS.get(topic)


@functools.cache
def fields(cls: type) -> dict[str, str]:
    """Every field of an event class, the envelope every event shares included, with its
    annotation as written (`str`, `list[int]`, …); a class's constants (`TOPIC`) are none."""
    return {field.name: str(field.type) for field in dataclasses.fields(cls)}
