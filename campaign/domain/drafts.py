"""A decision's output: the events to record, before the store stamps them."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
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


def event_of(decided: Draft) -> CampaignEvent:
    """A draft as an event, to fold it into a state before it is stamped (never recorded): a
    decision that records several events decides each on the state the last one left."""
    return decided.kind(
        originator_id=uuid.UUID(int=0),
        originator_version=0,
        timestamp=datetime(2000, 1, 1, tzinfo=timezone.utc),
        actor="",
        rules_version="",
        chain="",
        **decided.fields,
    )


def forced(kind: type[CampaignEvent], **fields: Any) -> Draft:
    """A consequence the rules force, recorded by the program itself."""
    return Draft(kind, fields, automatic=True)
