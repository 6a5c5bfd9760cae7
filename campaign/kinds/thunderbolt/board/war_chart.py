"""The Macedonian War as a set-up file starts it (rules page TB-27.1, the rulebook's 11.0): read
once with the rest of the file (setup.py), its faults among the file's problems (TB-2.5)."""

from __future__ import annotations

from typing import Any

from campaign.kinds.thunderbolt.board.war import MOST_LEGIONS, NOT_BEGUN, UNDERWAY

MACEDONIAN_WAR = (NOT_BEGUN, UNDERWAY)
"""TB-27.1: the Macedonian War as a scenario starts: before its first Augury, or underway."""


def read(table: Any, problems: list[str]) -> tuple[str, tuple[str, ...]]:
    """TB-27.1: the optional rule of Macedonia (11.0), in play where the file has `[macedonia]`;
    the opening Legions in its Holding Box (`legions`, at most four, 11.31)."""
    if table is None:
        return "", ()
    war = table.get("war", NOT_BEGUN) if isinstance(table, dict) else None
    if war not in MACEDONIAN_WAR:
        problems.append(f'[macedonia] war is "not begun" or "underway", not {war!r}')
        return "", ()
    boxed = table.get("legions", [])
    if not isinstance(boxed, list) or not all(isinstance(lg, str) for lg in boxed):
        problems.append("[macedonia] legions is a list of Legions, by numeral")
        return war, ()
    if len(boxed) > MOST_LEGIONS:
        problems.append(f"[macedonia] holds {MOST_LEGIONS} Legions at most (11.31)")
    return war, tuple(boxed)
