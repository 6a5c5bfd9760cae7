"""Thunderbolt, emergencies (TB-9): a campaign taken to the next Game Turn."""

from __future__ import annotations

from helpers.thunderbolt.start import into_b2


def to_next_turn(shell) -> None:
    shell.ok("initiative", "empty")
    for step in ("F2", "G1", "G2", "G3", "G4"):
        shell.ok("done", step, "--side", "rome")
        shell.ok("done", step, "--side", "carthage")
    into_b2(shell)
    shell.ok("family")
    shell.ok("done", "B2a")
    shell.ok("climate")
    shell.ok("done", "B2b")
    shell.ok("release", "--all")
    shell.ok("done", "B1a")
    shell.ok("pluto")  # whoever is in the Triumph Holding Box, or nobody
    shell.ok("done", "B1b")
