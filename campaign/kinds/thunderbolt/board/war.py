"""The Macedonian War as pure data (TB-27): how far it has gone, who is in the Macedonia Holding
Box, and what each later instance of its event gave."""

from __future__ import annotations

from dataclasses import dataclass, field

NOT_BEGUN, UNDERWAY, ENDED = "not begun", "underway", "ended"
BOX = "Macedonia Holding Box"
"""TB-27.5 (11.3): the box Rome's committed Legions and both sides' ambassadors stand in; it is
treated as a Theater."""
THEATER = "Macedonia"
"""TB-2.1: the Theater the box counts as (11.3)."""
MOST_LEGIONS = 4
"""TB-27.5 (11.31): no more than four Legions in the box at any one time."""
AT_ONCE = 2
"""TB-27.5 (11.31): one or two Legions raised in a B3b may be placed in the box."""


@dataclass(frozen=True)
class Resolution:
    """TB-27.4: one later instance of the war's event, as resolved."""

    turn: int
    adjusted: int
    result: str


@dataclass(frozen=True)
class War:
    stage: str = ""
    """TB-27.1: "" where the optional rule is not in play, else not begun, underway or ended."""
    ambassadors: dict[str, str] = field(default_factory=dict)
    """TB-27.3: each side's ambassador in the box (side → leader), one at most."""
    came_from: dict[str, str] = field(default_factory=dict)
    """TB-27.3: where each ambassador came from: "pool", or the Detachment he led (11.4: a
    Subordinate goes back to Hannibal)."""
    returning: dict[str, int] = field(default_factory=dict)
    """TB-27.4: ambassadors used, by leader, and the Game Turn they were used in: they go back as
    the next Game Turn's A2 opens (11.4)."""
    legions: tuple[str, ...] = ()
    """TB-27.5: the Legions in the box."""
    decided: int = 0
    """TB-27.2: the Augury (its number among those entered) whose Macedonian War event is
    entered: one an Augury Phase."""
    resolutions: tuple[Resolution, ...] = ()

    @property
    def in_play(self) -> bool:
        return bool(self.stage)


def opening(stage: str, legions: tuple[str, ...] = ()) -> War:
    """TB-27.1: the war as the set-up file starts it ("" where the rule is not in play), with
    the Legions it puts in the box."""
    return War(stage, legions=legions)
