"""The tribes as the players keep them (TB-23): each tribe's allegiance and status, and what
this Game Turn has done with them. Pure data and pure moves; the checks are `checks.py`'s."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from campaign.kinds.thunderbolt.board.setup import SetUp
from campaign.kinds.thunderbolt.board.tribes_chart import Tribe

RECOVERY, PACIFICATION = "B4a", "B4b"
"""TB-23.3: the Tribal Segment's two rolls, by their step."""
ROLLER = {RECOVERY: "carthage", PACIFICATION: "rome"}
"""TB-23.3: who rolls (and says "done") in each (9.13's "one of the players ... the other";
*Interpretation:* Carthage, who raises from tribes in every Theater, rolls Depletion Recovery)."""
VICTORY_LEVY = {"none": 0, "minor": -1, "major": -3}
"""TB-23.4 (9.23): the Victory DRMs of raising troops."""
VICTORY_SWAY = {"none": 0, "minor": 2, "major": 5}
"""TB-23.5 (9.33): the Victory DRMs of Diplomacy."""
NEAR_FORCE = 20
"""TB-23.3: a non-allied leader-led force of 20+ SP in the tribe's province halves the target."""


@dataclass(frozen=True)
class Standing:
    """TB-23.2: a tribe's allegiance (rome, carthage, neutral) and status: Pacified (then always
    Depleted), Depleted, In Revolt (TB-23.7)."""

    allegiance: str
    depleted: bool = False
    pacified: bool = False
    revolt: bool = False

    @property
    def status(self) -> str:
        said = "Pacified" if self.pacified else "Active, Depleted" if self.depleted else "Active"
        return said + (", In Revolt" if self.revolt else "")


@dataclass(frozen=True)
class Tribes:
    """TB-23: every tribe's standing, and this Game Turn's rolls, operations and musters."""

    standing: dict[str, Standing] = field(default_factory=dict)
    rolled: frozenset[tuple[str, str]] = frozenset()
    """TB-23.3: this Game Turn's B4 rolls made or passed: (step, tribe)."""
    ops: frozenset[tuple[int, str, str, str]] = frozenset()
    """TB-23.4, TB-23.5: this Game Turn's operations: (Operations Phase, leader, tribe, what)."""
    mustered: dict[str, tuple[str, int]] = field(default_factory=dict)
    """TB-23.6: a tribe mustered for battle, awaiting its result: tribe → (side it fights, SP)."""
    levies: dict[str, int] = field(default_factory=dict)
    """TB-23.4: SP raised from tribes by Roman magistrates, by leader (no Legion holds them)."""


def opening(setup: SetUp) -> Tribes:
    """TB-23.1: each tribe as the set-up file starts it."""
    return Tribes(
        {t.id: Standing(t.allegiance, t.depleted, t.pacified) for t in setup.tribes.values()}
    )


def aggression(tribe: Tribe, standing: Standing) -> int:
    """TB-23.2: the Aggression Rating, halved (rounded up) while the tribe is Depleted (9.12)."""
    return -(-tribe.aggression // 2) if standing.depleted else tribe.aggression


def due(setup: SetUp, tribes: Tribes, step: str) -> list[str]:
    """TB-23.3: the tribes still to roll in B4a (Depleted, not Pacified) or B4b (Pacified), by
    name."""
    wanted = [
        tid
        for tid, s in tribes.standing.items()
        if (s.pacified if step == PACIFICATION else s.depleted and not s.pacified)
        and (step, tid) not in tribes.rolled
    ]
    return sorted(wanted, key=lambda tid: setup.tribes[tid].name)


def rolled(tribes: Tribes, step: str, tribe: str, success: bool) -> Tribes:
    """TB-23.3: a B4 roll made: Depletion Recovery flips the tribe to full strength, Pacification
    Removal makes it Active (still Depleted, its allegiance as it was)."""
    s = tribes.standing[tribe]
    if success:
        s = replace(s, depleted=False) if step == RECOVERY else replace(s, pacified=False)
    return replace(
        tribes, standing={**tribes.standing, tribe: s}, rolled=tribes.rolled | {(step, tribe)}
    )


def depleted(tribes: Tribes, tribe: str) -> Tribes:
    """TB-23.4: troops raised: the tribe is Depleted."""
    return _with(tribes, tribe, depleted=True)


def allied(tribes: Tribes, tribe: str, allegiance: str) -> Tribes:
    """TB-23.5: a change of allegiance ends a revolt (TB-23.7)."""
    before = tribes.standing[tribe]
    changed = allegiance != before.allegiance
    return _with(tribes, tribe, allegiance=allegiance, revolt=before.revolt and not changed)


def pacified(tribes: Tribes, tribe: str) -> Tribes:
    """TB-23.6: a Major Defeat pacifies (and depletes) a tribe and ends a revolt."""
    return _with(tribes, tribe, pacified=True, depleted=True, revolt=False)


def revolted(tribes: Tribes, tribe: str, ended: bool) -> Tribes:
    """TB-23.7: In Revolt placed (any Pacified marker removed) or removed by an Augury."""
    if ended:
        return _with(tribes, tribe, revolt=False)
    return _with(tribes, tribe, revolt=True, pacified=False)


def _with(tribes: Tribes, tribe: str, **changes: object) -> Tribes:
    s = replace(tribes.standing[tribe], **changes)
    return replace(tribes, standing={**tribes.standing, tribe: s})


def new_turn(tribes: Tribes) -> Tribes:
    """A new Game Turn: its rolls, operations and musters start afresh."""
    return replace(tribes, rolled=frozenset(), ops=frozenset(), mustered={})
