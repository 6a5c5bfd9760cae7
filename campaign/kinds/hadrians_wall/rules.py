"""The variant's tests and the game clock, as pure functions (HW-2, HW-3, HW-6, HW-7)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from campaign.domain import dice

TURNS = 16
"""HW-2.1: the game has 16 turns."""
WALLED_TURNS = range(1, 6)
"""HW-2.5 of the variant, HW-4.2 and HW-6.1: walls are built and crossed in turns 1–5 only."""
REMOVAL_TURN = 6
"""HW-5.1: at the start of turn 6 every wall is removed."""
ROMANS = "romans"
"""HW-3.3: the Romans (the Romano-British are not Romans)."""

KINDS = ("infantry", "cavalry", "leader", "fort")
"""HW-3.1: a counter's kind; an army is an infantry or cavalry counter."""
ARMIES = ("infantry", "cavalry")

PHASES = ("population", "arrival", "movement", "battle", "raider-withdrawal", "overpopulation")
"""HW-2.2: a nation's phases."""
MAJOR_INVASION = (
    "population",
    "arrival",
    "movement",
    "battle",
    "movement-2",
    "battle-2",
    "raider-withdrawal",
    "overpopulation",
)
"""HW-2.2: a major invasion moves twice, with a battle phase after each."""
MOVEMENT = ("movement", "movement-2")
BATTLE = ("battle", "battle-2")
END_OF_TURN = "end-of-turn"
GAME_OVER = "game-over"


@dataclass(frozen=True)
class Counter:
    """HW-3.1: a counter; `area` None is off the map, in its nation's pool."""

    id: str
    nation: str
    kind: str
    area: str | None

    @property
    def army(self) -> bool:
        return self.kind in ARMIES

    @property
    def roman(self) -> bool:
        """HW-3.3: any counter of the Romans, forts included."""
        return self.nation == ROMANS


def phases(turn: int, nation: str) -> tuple[str, ...]:
    """HW-2.2: a nation's phases in a turn; the Romans' turn 1 is a major invasion."""
    return MAJOR_INVASION if (nation == ROMANS and turn == 1) else PHASES


def roman_occupied(here: Iterable[Counter]) -> bool:
    """HW-3.4: at least one Roman counter, whatever else is there."""
    return any(c.roman for c in here)


def sole_roman(here: Iterable[Counter]) -> bool:
    """HW-3.5: at least one Roman army and no counter of another nation (a Roman fort does not
    spoil it, nor make it)."""
    here = list(here)
    return any(c.roman and c.army for c in here) and all(c.roman for c in here)


def crossing_rolls(
    turn: int, phase: str, counter: Counter, wall_built: bool, entered: Iterable[Counter]
) -> bool:
    """HW-6.1 and HW-6.5: a non-Roman counter's step over a built wall, in a movement phase of
    turns 1–5, into an area that is Roman-occupied at that instant."""
    return (
        turn in WALLED_TURNS
        and phase in MOVEMENT
        and not counter.roman
        and wall_built
        and roman_occupied(entered)
    )


def eliminated(die: int) -> bool:
    """HW-6.2: 1–4 the counter enters; 5–6 it is eliminated on the border."""
    return die >= 5


def commitment(campaign: str, turn: int, secret: str) -> str:
    """HW-7.2: C_t = SHA-256 of `HW|{campaign}|{t}|{S_t as hex}`."""
    return dice.commitment(f"HW|{campaign}|{turn}|", secret)


def record(campaign: str, turn: int, nation: str, number: int, counter: str, a: str, b: str) -> str:
    """HW-7.3: what crossing number `number` rolls for."""
    return f"HW|{campaign}|T{turn}|{nation}|#{number}|{counter}|{a}>{b}"


def die(secret: str, line: str) -> int:
    """HW-7.3: 1 + (HMAC-SHA256 keyed by S_t over the record, big-endian) mod 6."""
    return dice.roll(secret, line)
