"""The Sequence of Play as a state machine (TB-3), pure: which steps are open, which side must
say "done" in each, how a step ends, and what comes next — the Initiative draw's branches
(TB-4.4) and a new Game Turn after G4 (TB-3.5). Duties that keep a step open (TB-3.4) are the
caller's to check before `done`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from campaign.errors import RuleViolation

ROME, CARTHAGE = "rome", "carthage"
BOTH = (ROME, CARTHAGE)

STEPS = {
    "A1": ("City Rebuild", ()),
    "A2": ("Return/Replace Leaders", BOTH),
    "B1a": ("Imperium Prorogue, then disbanding of Legions", (ROME,)),
    "B1b": ("A Visit from Pluto", (ROME,)),
    "B1c": ("Election of Magistrates", (ROME,)),
    "B2a": ("Family in Power", (CARTHAGE,)),
    "B2b": ("Political Climate", (CARTHAGE,)),
    "B2c": ("Disband Armies", (CARTHAGE,)),
    "B2d": ("Appoint Army Commanders", (CARTHAGE,)),
    "B2e": ("Assign Theaters", (CARTHAGE,)),
    "B3a": ("Naval Superiority Construction/Re-allotment", (ROME,)),
    "B3b": ("Raise Manpower", BOTH),
    "B4a": ("Depletion Recovery", ()),
    "B4b": ("Pacification Removal", ()),
    "B4c": ("Carthaginian Garrisons", ()),
    "C1": ("LAM Pool", ()),
    "C2": ("Initiative Determination", ()),
    "D": ("Operations", BOTH),
    "E": ("Augury", BOTH),
    "F1": ("Devastation Recovery", ()),
    "F2": ("Devastation Attempt", BOTH),
    "G1": ("Inertia Attrition", BOTH),
    "G2": ("Legion Training and Army Efficiency", BOTH),
    "G3": ("Recovery from Battle", BOTH),
    "G4": ("Victory Determination", BOTH),
}
"""TB-3.1: every step in order, with its name and the sides that say "done" in it (none: the
program marks it done)."""
TRIBAL = {"B4a": (CARTHAGE,), "B4b": (ROME,)}
"""TB-23.3: the side that rolls in B4a and B4b, and says "done" there, when a tribe is due."""


def sides(step: str, rolls_due: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The sides that say "done" in `step` (TB-3.1; B4a and B4b with rolls due, TB-23.3)."""
    return TRIBAL[step] if step in rolls_due else STEPS[step][1]


B1 = ("B1a", "B1b", "B1c")
B2 = ("B2a", "B2b", "B2c", "B2d", "B2e")
AFTER_B = ("B3a", "B3b", "B4a", "B4b", "B4c", "C1", "C2")
AFTER_OPERATIONS = ("F1", "F2", "G1", "G2", "G3", "G4")
INITIATIVE = {"leader": "D", "siege": "D", "delivery": "D", "augury": "E", "empty": "F1"}
"""TB-4.4: what the C2 draw opens."""


@dataclass(frozen=True)
class Position:
    """Where a Game Turn stands: its stage (A, B, B3–C, operations, end), the steps still ahead
    in each lane of it (B1 and B2 run side by side, TB-3.3), and who has said "done" in the steps
    open now."""

    turn: int = 1
    stage: str = "A"
    lanes: tuple[tuple[str, ...], ...] = (("A1", "A2"),)
    done: frozenset[tuple[str, str]] = field(default_factory=frozenset)
    over: bool = False
    rolls_due: frozenset[str] = frozenset()
    """TB-23.3: B4a and B4b wait for their side while a tribe has a roll due there (kept by the
    fold from the tribes' status; a step in hand keeps its own)."""

    @property
    def open(self) -> tuple[str, ...]:
        """The steps in hand: the first of each lane."""
        return tuple(lane[0] for lane in self.lanes if lane)

    def waiting_for(self, step: str) -> tuple[str, ...]:
        """The sides still to say "done" in `step`."""
        return tuple(s for s in sides(step, self.rolls_due) if (step, s) not in self.done)


@dataclass(frozen=True)
class Game:
    """What the sequence needs of the scenario: its Game Turns and who plays (TB-1.1)."""

    turns: int
    romans: bool = True
    carthaginians: bool = True


def start(game: Game) -> Position:
    """The first Game Turn, its A1 passed (the program marks it done, TB-3.1)."""
    return settle(Position(), game)


def check_done(position: Position, step: str, side: str) -> None:
    """TB-3.2 and TB-3.4: a side finishes a step in hand that it acts in, once."""
    check_open(position, step)
    if side not in sides(step, position.rolls_due):
        raise RuleViolation("TB-3.4", f"{side.capitalize()} has nothing to finish in {step}")
    if (step, side) in position.done:
        raise RuleViolation("TB-3.4", f"{side.capitalize()} has already finished {step}")


def done(position: Position, step: str, side: str, game: Game) -> Position:
    """TB-3.4: `side` has finished `step` (`check_done` decides whether it may); the step ends
    when every side acting in it has."""
    position = replace(position, done=position.done | {(step, side)})
    if position.waiting_for(step):
        return position
    return settle(_leave(position, step), game)


def close(position: Position, step: str, game: Game) -> Position:
    """TB-3.4: an organiser closes a step in hand (with a reason, recorded by the caller; the
    decision checks it is in hand)."""
    return settle(_leave(position, step), game)


def initiative(position: Position, drawn: str, game: Game) -> Position:
    """TB-4.4: the C2 draw opens Operations (a leader's LAM, a Siege Attrition marker, a
    delivery) or the Augury, both back to C2 after; with no LAM left, the Devastation Phase
    (the decision checks C2 is in hand)."""
    following = INITIATIVE[drawn]
    if following in ("D", "E"):
        return replace(position, stage="operations", lanes=((following, "C2"),), done=frozenset())
    return settle(replace(position, stage="end", lanes=(AFTER_OPERATIONS,), done=frozenset()), game)


def check_open(position: Position, step: str) -> None:
    """TB-3.2: a command belongs to a step in hand."""
    if step not in STEPS:
        raise RuleViolation("TB-3.1", f"There is no step {step} in the Sequence of Play")
    if position.over:
        raise RuleViolation("TB-3.5", "The game is over")
    if step not in position.open:
        now = " and ".join(position.open)
        raise RuleViolation(
            "TB-3.2", f"Game Turn {position.turn} is at {now}, not {step} ({STEPS[step][0]})"
        )


def _leave(position: Position, step: str) -> Position:
    lanes = tuple(lane[1:] if lane and lane[0] == step else lane for lane in position.lanes)
    done = frozenset(d for d in position.done if d[0] != step)
    return replace(position, lanes=lanes, done=done)


def settle(position: Position, game: Game) -> Position:
    """Pass the steps nobody acts in (the program marks them done; C2 waits for its draw), go on
    to the next stage when every lane of this one is through — B1 and B2 together, then B3a
    (TB-3.3) — and after G4 to the next Game Turn, or the end of the game (TB-3.5). Without
    Romans B1 is skipped, without Carthaginians B2 (TB-1.1)."""
    for _ in range(100):
        if not any(position.lanes):
            position = _next_stage(position, game)
            if position.over:
                return position
        silent = [s for s in position.open if not sides(s, position.rolls_due) and s != "C2"]
        if not silent:
            return position
        for step in silent:
            position = _leave(position, step)
    raise AssertionError("the Sequence of Play did not settle")


def _next_stage(position: Position, game: Game) -> Position:
    fresh = replace(position, done=frozenset())
    if position.stage == "A":
        lanes = tuple(
            lane for lane, present in ((B1, game.romans), (B2, game.carthaginians)) if present
        )
        if lanes:
            return replace(fresh, stage="B", lanes=lanes)
    if position.stage in ("A", "B"):
        return replace(fresh, stage="B3-C", lanes=(AFTER_B,))
    if position.stage == "end":
        if position.turn >= game.turns:
            return replace(fresh, lanes=(), over=True)
        return replace(fresh, turn=position.turn + 1, stage="A", lanes=(("A1", "A2"),))
    raise AssertionError(f"no stage follows {position.stage}")
