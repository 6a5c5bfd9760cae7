"""Thunderbolt, Macedonia (TB-27): the war underway, a campaign started, taken to Operations and
to an augury."""

from __future__ import annotations

from helpers.thunderbolt.start import ELECTED, EXAMPLE, into_b2, through_b_at_the_table
from helpers.thunderbolt.tribes import TABLE, to_the_draw

UNDERWAY = EXAMPLE + '\n[macedonia]\nwar = "underway"\n'


def start(shell, tmp_path, setup: str = UNDERWAY, elected: tuple[str, ...] = ELECTED) -> None:
    """Game Turn 1 with dice from the table, at B3b (test_tb_kind.through_b_at_the_table):
    Albinus and Tuditanus are Consuls, so Rome's OCs."""
    (tmp_path / "macedonia.toml").write_text(setup)
    shell.ok(*TABLE, "--setup", str(tmp_path / "macedonia.toml"))
    into_b2(shell)
    through_b_at_the_table(shell, elected=elected)


def to_operations(shell, tmp_path, setup: str = UNDERWAY, elected=ELECTED) -> None:
    start(shell, tmp_path, setup, elected)
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    shell.ok("initiative", "leader")


def to_augury(shell, tmp_path, setup: str = UNDERWAY) -> None:
    to_operations(shell, tmp_path, setup)
    to_the_draw(shell, "augury")
    shell.ok("augury", "--roll", "12", "--event", "The 1st Macedonian War")
