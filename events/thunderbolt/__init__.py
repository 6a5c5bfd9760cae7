"""Thunderbolt's events (rules page TB-n): facts only. The Sequence of Play's position, the
Italian Allies track, Carthage's politics and its Armies' efficiency are projections of them over
the set-up file the campaign started with.

One module per chapter of its rules page (`campaign/kinds/thunderbolt/chapters/`); the topics are
`thunderbolt.EventName` whichever module holds the class, as they were when they were one
module, so every stored log reads as it did."""

from __future__ import annotations

# Imported here so that reading a stored topic (`events.event_class`, which imports
# `events.thunderbolt`) finds every class of the kind.
from events.thunderbolt import (  # noqa: F401
    allies,
    auguries,
    carthage,
    legions,
    macedonia,
    magistrates,
    naval,
    reports,
    senate,
    tribes,
    turn,
    victory,
)
