"""TB-20: a game's result as kept: who won, when, how, and why."""

from __future__ import annotations

from dataclasses import dataclass

WINNERS = ("rome", "carthage", "draw")
"""TB-20.2: a side, or a draw where the scenario's Victory section has one."""


@dataclass(frozen=True)
class Victory:
    """TB-20: the Victory Determination entered in Game Turn `turn`'s G4."""

    turn: int
    winner: str
    automatic: bool
    level: str = ""
    reason: str = ""

    def __str__(self) -> str:
        """ "Rome won (automatic victory, Game Turn 2): Capua retaken." and the like."""
        how = "an automatic victory" if self.automatic else "at the scenario's end"
        level = f"{self.level}, " if self.level else ""
        head = "a draw" if self.winner == "draw" else f"{self.winner.capitalize()} won"
        return f"{head} ({level}{how}, Game Turn {self.turn}): {self.reason}"
