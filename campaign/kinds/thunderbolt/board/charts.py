"""The scenario's charts (rules page TB-2.4): the optional `[tables]` of a set-up file, each
checked against the shape its roll reads, and a range chart read for an adjusted roll. Read once
with the rest of the file (setup.py), its faults among the file's problems (TB-2.5)."""

from __future__ import annotations

from typing import Any

from campaign.input import text
from campaign.kinds.thunderbolt.board import rules

FAMILIES = ("Barcid", "Magonid")
"""TB-12.1: the Families that may be in power (a leader's family, the chart's outcomes)."""

RANGE_CHARTS = {
    "family_in_power": FAMILIES,
    "political_climate": rules.CLIMATES,
    "leader_loss": ("unharmed", "casualty"),
    "leader_casualty": ("killed", "wounded"),
    "percentage_30": int,
    "macedonian_war": str,
}
"""TB-2.4: the charts read as rows `[low, high, outcome]` of adjusted DRs, with the outcomes
each reads (a list of words, or whole numbers)."""


def read(table: Any, problems: list[str]) -> dict[str, Any]:
    """TB-2.4: the optional charts, each checked against the shape its roll reads (every
    problem listed); a table of another name is no chart a roll reads, and is left alone (an
    organiser sets a chart aside by renaming it)."""
    if table is None:
        return {}
    if not isinstance(table, dict):
        problems.append("[tables] is a table of charts")
        return {}
    for name, chart in table.items():
        if name in RANGE_CHARTS:
            _range_rows(f"[tables] {name}", chart, RANGE_CHARTS[name], problems)
        elif name == "disband_recall":
            _disband_recall(chart, problems)
        elif name == "legion_request":
            _legion_request(chart, problems)
    return dict(table)


def _range_rows(where: str, chart: Any, outcomes: Any, problems: list[str], extra: int = 0) -> None:
    """Rows `[low, high, outcome]` (and `extra` whole numbers more), low ≤ high, whole numbers."""
    if not isinstance(chart, list) or not chart:
        problems.append(f"{where} is a list of rows [low, high, outcome]")
        return
    for number, row in enumerate(chart, 1):
        size = 3 + extra
        if not isinstance(row, list) or not 3 <= len(row) <= size:
            problems.append(f"{where} row {number} is [low, high, outcome]")
            continue
        low, high, result, *more = row
        if not all(type(v) is int for v in (low, high, *more)) or low > high:
            problems.append(f"{where} row {number}: low and high are whole numbers, low first")
        if outcomes is int:
            if type(result) is not int:
                problems.append(f"{where} row {number}: the outcome is a whole number")
        elif outcomes is str:  # TB-27.4: the result as the table reads, text
            if not isinstance(result, str):
                problems.append(f"{where} row {number}: the outcome is the table's text")
            else:
                text.listed(result, f"{where} row {number}'s outcome", problems, 200)
        elif result not in outcomes:
            problems.append(
                f"{where} row {number}: the outcome is one of {', '.join(outcomes)}, not {result!r}"
            )


def _disband_recall(chart: Any, problems: list[str]) -> None:
    """TB-12.4, TB-13.3: rows `same` and `different`, each a `disband` and a `recall` range."""
    if not isinstance(chart, dict) or set(chart) != {"same", "different"}:
        problems.append("[tables] disband_recall has the rows same and different")
        return
    for row, columns in chart.items():
        if not isinstance(columns, dict) or set(columns) != {"disband", "recall"}:
            problems.append(f"[tables] disband_recall row {row} has a disband and a recall range")
            continue
        for column, span in columns.items():
            if not (
                isinstance(span, list)
                and len(span) == 2
                and all(type(v) is int for v in span)
                and span[0] <= span[1]
            ):
                problems.append(
                    f"[tables] disband_recall {row} {column} is a range [low, high] of whole "
                    "numbers"
                )


def _legion_request(chart: Any, problems: list[str]) -> None:
    """TB-11.4: columns named by the Legions in play ("0-6", "7-10"), each of rows
    `[low, high, legions]`; the "0-6" column's rows may add the bracketed SP (TB-11.8)."""
    if not isinstance(chart, dict) or not chart:
        problems.append('[tables] legion_request is a table of columns named like "0-6"')
        return
    for column, rows in chart.items():
        low, dash, high = column.partition("-")
        if not (
            low.isascii() and low.isdigit() and (not dash or high.isascii() and high.isdigit())
        ):
            problems.append(
                f"[tables] legion_request column {column!r} is named by the Legions in play, "
                'like "0-6"'
            )
            continue
        _range_rows(
            f"[tables] legion_request {column}",
            rows,
            int,
            problems,
            extra=1 if column == "0-6" else 0,
        )


def outcome(table: dict[str, list], adjusted: int) -> str | None:
    """TB-2.4: a chart's outcome for an adjusted DR (`[low, high, outcome]` rows), or None when
    no row holds it (the players enter it then)."""
    for low, high, result in table:
        if low <= adjusted <= high:
            return result
    return None
