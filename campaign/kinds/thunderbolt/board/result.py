"""TB-20: a game's result as kept: who won, when, how, and why."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from campaign.kinds.thunderbolt.board.state import State

WINNERS = ("rome", "carthage", "draw")
"""TB-20.2: a side, or a draw where the scenario's Victory section has one."""


def last_turn(state: State) -> bool:
    """TB-20.1, TB-20.2: the Game Turn in hand is the scenario's last."""
    return state.turn == state.setup.turns


def result_due(state: State) -> bool:
    """TB-20.2: the last Game Turn's G4 is in hand, to be finished by its result alone."""
    return "G4" in state.position.open and last_turn(state)


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
