"""A decision's output: the events to record, before the store stamps them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from events.common import CampaignEvent

AUTOMATIC_ACTOR = "the rules"
"""Who records the consequences the rules force (automatic forfeits, forced gains)."""


@dataclass(frozen=True)
class Draft:
    kind: type[CampaignEvent]
    fields: dict[str, Any] = field(default_factory=dict)
    automatic: bool = False


def draft(kind: type[CampaignEvent], **fields: Any) -> Draft:
    return Draft(kind, fields)


def forced(kind: type[CampaignEvent], **fields: Any) -> Draft:
    """A consequence the rules force, recorded by the program itself."""
    return Draft(kind, fields, automatic=True)
