"""Thunderbolt, the Senate's requests (TB-10): Phase B at the table, then a draw that opens
Operations."""

from __future__ import annotations

from helpers.thunderbolt.start import NEW, into_b2, through_b_at_the_table


def to_operations(shell, family: str = "0", draw=("initiative", "leader")) -> None:
    """External dice: Phase B at the table (test_tb_kind.through_b_at_the_table), then a draw
    that opens Operations."""
    shell.ok(*NEW, "--dice", "external")
    into_b2(shell)
    through_b_at_the_table(shell, family)
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    shell.ok(*draw)
