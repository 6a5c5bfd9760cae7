"""Thunderbolt, detachments (TB-13, TB-14): the armies read back, a campaign taken to Operations."""

from __future__ import annotations

from helpers.thunderbolt.legions import to_b3b


def armies(shell) -> dict:
    return {a["id"]: a for a in shell.json("status")["armies"]}


def in_operations(shell, tmp_path) -> None:
    to_b3b(shell, tmp_path)
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    shell.ok("initiative", "--drawn", "Hannibal")
