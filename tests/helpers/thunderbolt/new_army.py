"""Thunderbolt, a new army (TB-21): a campaign taken to B3b under a Senate of a given climate."""

from __future__ import annotations

from helpers.thunderbolt.start import NEW, into_b2, through_b_at_the_table


def to_b3b(shell, climate: str = "3") -> None:
    """External dice, to B3b: 3 gives an Interested Senate (limit 3), 0 a Cautious one (2)."""
    shell.ok(*NEW, "--dice", "external")
    into_b2(shell)
    through_b_at_the_table(shell, climate=climate)
