"""`campaign log`: every event in order, as JSON-ready entries or a rich table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

from campaign.domain.chain import data_of
from campaign.domain.kind import Kind
from campaign.domain.shared_commands import retractions
from campaign.input.text import printable
from campaign.views.jsonable import plain
from events.common import CampaignEvent

if TYPE_CHECKING:
    from rich.table import Table


def periods(events: Sequence[CampaignEvent], field: str) -> list[int | None]:
    """The period (`Kind.period_field`) each event was recorded in: the one it names, else the
    last one an event before it named (a move between a phase's start and its end names none);
    None before the first."""
    current: int | None = None
    found = []
    for event in events:
        named = getattr(event, field, None)
        current = named if isinstance(named, int) and named > 0 else current
        found.append(current)
    return found


def entries(events: Sequence[CampaignEvent], field: str = "round") -> list[dict[str, Any]]:
    taken_back = retractions(events)
    return [
        {
            "seq": e.originator_version,
            "time": e.timestamp.isoformat(),
            "type": type(e).__name__,
            "actor": e.actor,
            "data": {k: plain(v) for k, v in data_of(e).items()},
            "retracted": e.originator_version in taken_back,
            "round": getattr(e, "round", None),
            "period": period,
            "hash": e.chain,
        }
        for e, period in zip(events, periods(events, field))
    ]


def table(events: Sequence[CampaignEvent], of: Kind) -> Table:
    from rich.table import Table
    from rich.text import Text

    from campaign.views.narrate import describe

    taken_back = retractions(events)
    view = Table(title="Campaign log", title_justify="left", pad_edge=False)
    columns: tuple[tuple[str, Literal["left", "right"]], ...] = (
        ("#", "right"),
        ("When (UTC)", "left"),
        (of.period_heading, "right"),
        ("Who", "left"),
        ("What", "left"),
    )
    for column, justify in columns:
        view.add_column(column, justify=justify)
    for event, period in zip(events, periods(events, of.period_field)):
        what = Text(printable(describe(event, of)))
        if event.originator_version in taken_back:
            what.stylize("strike dim")
            what.append(
                f"  retracted by #{taken_back[event.originator_version].originator_version}",
                style="italic",
            )
        when = event.timestamp.strftime("%Y-%m-%d %H:%M")
        view.add_row(
            str(event.originator_version),
            when,
            str(period or ""),
            Text(printable(event.actor)),
            what,
        )
    return view
