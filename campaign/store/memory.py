"""What a long-lived process remembers (the hub's pages, the views whose seal held, events
decoded), each kept to a bound: the oldest forgotten first."""

from __future__ import annotations

from typing import Any


def bounded(kept: dict[Any, Any], limit: int) -> None:
    """Forget the entries of `kept` put in first, until at most `limit` are left (the caller
    holds whatever lock guards `kept`)."""
    while len(kept) > limit:
        del kept[next(iter(kept))]


def latest(kept: dict[Any, Any], key: object, value: object, limit: int) -> None:
    """`kept[key] = value`, put last (the most recent, forgotten after the others), `kept` then
    `bounded` (the caller holds whatever lock guards `kept`)."""
    kept.pop(key, None)
    kept[key] = value
    bounded(kept, limit)
