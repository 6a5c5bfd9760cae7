"""A chapter's functions by the event they take: its fold, its narration."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, get_args, get_type_hints


class ByEvent(dict[type, Callable[..., Any]]):
    """Functions keyed by the event class their first parameter is annotated with; chapters'
    tables joined with `|` (an event handled twice is a mistake, refused)."""

    def on(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """Registers `function` for the type of its first parameter, each of a union's."""
        first = next(iter(inspect.signature(function).parameters))
        hint = get_type_hints(function)[first]
        for each in get_args(hint) or (hint,):
            self[each] = function
        return function

    def __or__(self, other: dict) -> ByEvent:
        both = set(self) & set(other)
        if both:
            raise ValueError(f"handled twice: {sorted(c.__name__ for c in both)}")
        return ByEvent({**self, **other})
