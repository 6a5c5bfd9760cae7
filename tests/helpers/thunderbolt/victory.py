"""Thunderbolt, victory (TB-20): a campaign of one Game Turn, taken to G4."""

from __future__ import annotations

from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2, through_b, through_b_at_the_table

ONE_TURN = EXAMPLE.replace("last_year = 210", "last_year = 212")
"""The example scenario cut to one Game Turn (212 BCE): its first is its last."""


def to_g4(shell, *options: str) -> None:
    """Game Turn 1 played the quickest lawful way to G4 (no operations): committed dice, or
    with `--dice external` the dice from the table."""
    shell.ok(*NEW, *options)
    into_b2(shell)
    if "external" in options:
        through_b_at_the_table(shell)
        for side in ("rome", "carthage"):
            shell.ok("done", "B3b", "--side", side)
    else:
        through_b(shell)
    shell.ok("initiative", "empty")
    for step in ("F2", "G1", "G2", "G3"):
        for side in ("rome", "carthage"):
            shell.ok("done", step, "--side", side)
