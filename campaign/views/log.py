"""`campaign log`: every event in order, as JSON-ready entries or a rich table."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from events.common import CampaignEvent

ENVELOPE = {"originator_id", "originator_version", "timestamp", "actor", "rules_version"}


def plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def entry(event: CampaignEvent) -> dict[str, Any]:
    data = {k: plain(v) for k, v in vars(event).items() if k not in ENVELOPE}
    return {
        "seq": event.originator_version,
        "time": event.timestamp.isoformat(),
        "type": type(event).__name__,
        "actor": event.actor,
        "data": data,
        "retracted": False,
    }


def entries(events: Sequence[CampaignEvent]) -> list[dict[str, Any]]:
    return [entry(e) for e in events]


def table(events: Sequence[CampaignEvent]):
    from rich.table import Table

    from campaign.views.narrate import describe

    view = Table(title="Campaign log", title_justify="left", pad_edge=False)
    for column, justify in (("#", "right"), ("When (UTC)", "left"), ("Who", "left"), ("What", "left")):
        view.add_column(column, justify=justify)
    for event in events:
        when = event.timestamp.strftime("%Y-%m-%d %H:%M")
        view.add_row(str(event.originator_version), when, event.actor, describe(event))
    return view
