"""Thunderbolt, manpower (TB-25): the manpower boxes filled, a campaign taken to B3b."""

from __future__ import annotations

from helpers.thunderbolt.start import EXAMPLE

BOXES = EXAMPLE + "\n[start.manpower]\nLibyan = 30\nNumidian = 10\nIberian = 5\nGallic = 15\n"
"""The example with four of the nine Holding Boxes (the scenario's figures are invented)."""


def at_b3b(shell, tmp_path, setup: str = BOXES) -> None:
    """Game Turn 1 with dice from the table to B3b, Rome's part done (an Interested Senate: a
    limit of 3 Armies, Hannibal's not counted; Africa's and Hispania's are 2)."""
    (tmp_path / "boxes.toml").write_text(setup)
    from helpers.thunderbolt.start import NEW, into_b2, through_b_at_the_table

    shell.ok(*NEW, "--dice", "external", "--setup", str(tmp_path / "boxes.toml"))
    into_b2(shell)
    through_b_at_the_table(shell)
    shell.ok("done", "B3b", "--side", "rome")
