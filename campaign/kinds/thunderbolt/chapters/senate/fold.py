"""The Dictator and the Senate folded (TB-9.4, TB-10): requests, Censure, Triumphs."""

from __future__ import annotations

from dataclasses import replace

from campaign.kinds.thunderbolt.board import cup, elections, honours
from campaign.kinds.thunderbolt.board.state import Roll, State, numbered, spend
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.senate import (
    DictatorTakesTheField,
    MagistrateCensured,
    MasterOfHorseNamed,
    SenateAsked,
    TriumphCelebrated,
    TriumphEarned,
)

FOLD = ByEvent()
"""How each event of the chapter changes the state: it applies, never checks."""


@FOLD.on
def _(event: DictatorTakesTheField, state: State) -> State:
    romans = elections.in_the_field(state.romans, event.leader, tuple(event.cas))
    return replace(state, romans=romans)


@FOLD.on
def _(event: MasterOfHorseNamed, state: State) -> State:
    romans = elections.me_named(state.romans, event.dictator, event.leader, event.ca)
    return replace(state, romans=romans)


@FOLD.on
def _(event: SenateAsked, state: State) -> State:
    roll = Roll(event.number, event.turn, "senate", numbered(state, event.leader), event.face)
    asked = state.asked | {(event.phase, event.leader, event.purpose)}
    grants = state.grants | ({(event.leader, event.purpose)} if event.granted else set())
    state = spend(state, event.phase, event.leader, event.guile)  # TB-24.1
    return replace(state, rolls=(*state.rolls, roll), asked=asked, grants=grants)


@FOLD.on
def _(event: MagistrateCensured, state: State) -> State:
    who = numbered(state, event.leader)
    rolls = [Roll(event.number, event.turn, "censure", who, event.face)]
    romans = state.romans
    if event.censured:
        romans = honours.censure(romans, event.leader, event.replacement)
        if event.replacement is not None:
            rolls.append(
                Roll(
                    event.number + 1,
                    event.turn,
                    "draw-rome",
                    who,
                    -1,
                    tuple(event.candidates),
                    event.replacement,
                )
            )
    asked = state.asked | {(event.phase, event.leader, "censure")}
    state = replace(state, romans=romans, rolls=(*state.rolls, *rolls), asked=asked)
    if event.censured and event.replacement:  # TB-4.3: the replacement inherits his LAMs
        state = replace(state, cup=inherit(state.cup, event.leader, event.replacement))
    return state


def inherit(
    markers: tuple[str, ...], leader: str, successor: str, side: str = "rome"
) -> tuple[str, ...]:
    """TB-4.3: a replacement inherits his predecessor's LAMs in the cup."""
    before, after = cup.prefix(side, cup.LAM, leader), cup.prefix(side, cup.LAM, successor)
    renamed = (after + m[len(before) :] if m.startswith(before) else m for m in markers)
    return tuple(sorted(renamed))


@FOLD.on
def _(event: TriumphEarned, state: State) -> State:
    romans = honours.earn(state.romans, event.leader, event.turn, event.how)
    return replace(state, romans=romans)


@FOLD.on
def _(event: TriumphCelebrated, state: State) -> State:
    romans = honours.celebrate(state.romans, event.leader, event.turn, event.granted)
    state = spend(replace(state, romans=romans), state.operations, event.leader, event.guile)
    if event.face < 0:
        return state
    roll = Roll(event.number, event.turn, "triumph", numbered(state, event.leader), event.face)
    return replace(state, rolls=(*state.rolls, roll))
