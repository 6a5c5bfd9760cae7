"""Rome's magistrates folded (TB-6 to TB-8): prorogues, releases, Pluto's visits, elections,
Imperium and governors."""

from __future__ import annotations

from dataclasses import replace

from campaign.kinds.thunderbolt.board import cup, elections, prorogues
from campaign.kinds.thunderbolt.board import raising as legions
from campaign.kinds.thunderbolt.board.state import Roll, State, drawn, numbered
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.magistrates import (
    AssignmentNamed,
    ExtraordinaryDisbanded,
    GovernorDesignated,
    ImperiumGiven,
    MagistrateElected,
    MagistrateProrogued,
    MagistrateReleased,
    OfficeLeftEmpty,
    PlutoVisited,
)

FOLD = ByEvent()
"""How each event of the chapter changes the state: it applies, never checks."""


@FOLD.on
def _(event: MagistrateProrogued, state: State) -> State:
    romans = prorogues.prorogue(
        state.romans,
        event.leader,
        event.office,
        event.theater,
        event.province,
        event.forced,
    )
    return replace(state, romans=romans)


@FOLD.on
def _(event: AssignmentNamed, state: State) -> State:
    romans = prorogues.assign(
        state.romans, event.leader, event.theater, event.province, state.per_province
    )
    return replace(state, romans=romans)


@FOLD.on
def _(event: MagistrateReleased, state: State) -> State:
    return replace(state, romans=prorogues.release(state.romans, event.leader))


@FOLD.on
def _(event: PlutoVisited, state: State) -> State:
    rolls = tuple(
        Roll(event.number + n, event.turn, "pluto", numbered(state, event.leader), face)
        for n, face in enumerate(event.faces)
    )
    romans = prorogues.visit(state.romans, event.leader, event.outcome)
    return replace(state, romans=romans, rolls=(*state.rolls, *rolls))


@FOLD.on
def _(event: MagistrateElected, state: State) -> State:
    romans = elections.elected(
        state.romans,
        event.office,
        event.leader,
        event.ca,
        tuple(event.legions) if event.ca is None else (),
        event.theater,
        event.province,
    )
    state = replace(state, romans=romans)
    if event.office == "Dictator" and "D" in state.position.open:
        # TB-9.5, and TB-4.3 (Interpretation): a Dictator elected in D adds his LAMs to the cup
        lams = cup.roman_lams(romans)[event.leader]
        added = tuple(f"{cup.prefix('rome', cup.LAM, event.leader)}{k}" for k in range(1, lams + 1))
        state = replace(state, dictator_due="", cup=tuple(sorted((*state.cup, *added))))
    if event.office == "Dictator":  # TB-9.2: this turn's battles came before him
        defeats = tuple(
            replace(d, dictator_after=True) if d.turn == event.turn else d for d in state.defeats
        )
        state = replace(state, defeats=defeats)
    if event.chosen:
        return state
    return drawn(state, event, "draw-rome", event.office)


@FOLD.on
def _(event: ImperiumGiven, state: State) -> State:
    legions = tuple(event.legions) if event.ca is None else ()
    romans = elections.imperium_given(state.romans, event.leader, event.ca, legions, event.theater)
    return replace(state, romans=romans)


@FOLD.on
def _(event: OfficeLeftEmpty, state: State) -> State:
    return replace(state, romans=elections.leave_empty(state.romans, event.office))


@FOLD.on
def _(event: GovernorDesignated, state: State) -> State:
    return replace(state, romans=elections.designated(state.romans, event.leader, event.province))


@FOLD.on
def _(event: ExtraordinaryDisbanded, state: State) -> State:
    return replace(state, romans=legions.disband_extraordinary(state.romans))
