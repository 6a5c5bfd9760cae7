"""Thunderbolt, tribes (TB-23): dice from the table, a campaign taken to its first Operations
Phase or to the draw, an army read back."""

from __future__ import annotations

from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2, through_b_at_the_table

TABLE = [*NEW, "--dice", "external"]


def to_operations(shell, *options: str, setup: str | None = None, tmp_path=None) -> None:
    """Game Turn 1 with dice from the table to its first Operations Phase (a leader's LAM drawn
    at the table: any leader may act): Mago commands the Hispania Army, 30 SP in Ausetani."""
    if setup is not None:
        (tmp_path / "tribes.toml").write_text(setup)
        options = (*options, "--setup", str(tmp_path / "tribes.toml"))
    shell.ok(*TABLE, *options)
    into_b2(shell)
    through_b_at_the_table(shell)
    shell.ok("done", "B3b", "--side", "rome")
    shell.ok("done", "B3b", "--side", "carthage")
    if "B4a" not in shell.json("status")["steps"] and "B4b" not in shell.json("status")["steps"]:
        shell.ok("initiative", "leader")


def army(shell, name: str) -> dict:
    return next(a for a in shell.json("status")["armies"] if a["id"] == name)


DEPLETED_AND_PACIFIED = EXAMPLE.replace(
    "aggression = 5\nmanpower = 3\n", "aggression = 5\nmanpower = 3\ndepleted = true\n"
).replace(
    'manpower = 2\nallegiance = "rome"\n', 'manpower = 2\nallegiance = "rome"\npacified = true\n'
)
"""The Ilergetes (MR 3) start Depleted, the Roman-allied Ausetani (AR 4) Pacified, both in
Ausetani province, where the Hispania Army stands."""


def to_the_draw(shell, drawn: str) -> None:
    """The Operations (or Augury) Phase in hand finished, the next marker drawn at the table."""
    step = shell.json("status")["steps"][0]
    for side in ("rome", "carthage"):
        shell.ok("done", step, "--side", side)
    shell.ok("initiative", drawn)
