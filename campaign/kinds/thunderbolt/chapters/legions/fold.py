"""Rome's Legions folded (TB-11): requested, reinforced, raised, trained, disbanded."""

from __future__ import annotations

from dataclasses import replace

from campaign.kinds.thunderbolt.board import prorogues, roman
from campaign.kinds.thunderbolt.board import raising as legions
from campaign.kinds.thunderbolt.board.state import Roll, State
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.legions import (
    LegateDelivered,
    LegionsDisbanded,
    LegionsReinforced,
    LegionsRequested,
    ManpowerOperation,
    MarineRaised,
    NavalBuilt,
    SlavesRaised,
    TrainingRolled,
)

FOLD = ByEvent()
"""How each event of the chapter changes the state: it applies, never checks."""


@FOLD.on
def _(event: LegionsDisbanded, state: State) -> State:
    return replace(state, romans=prorogues.disband_legions(state.romans, tuple(event.legions)))


@FOLD.on
def _(event: LegionsRequested, state: State) -> State:
    romans = legions.raise_legions(
        state.romans, tuple(event.legions), event.province, event.filled, event.train
    )
    roll = Roll(event.number, event.turn, "legion-request", "rome", event.face)
    return replace(raised(state, romans), rolls=(*state.rolls, roll))


def raised(state: State, romans: roman.Romans, kind: str = "") -> State:
    """TB-11.3: what a Legion Request raised marks the Game Turn's request made; what a Manpower
    Operation raised does not, and closes that Operation."""
    if not state.manpower_by:
        romans = legions.requested(romans, kind)
    return replace(state, romans=romans, manpower_by="")


@FOLD.on
def _(event: LegionsReinforced, state: State) -> State:
    romans = legions.reinforce(state.romans, event.given, event.sp, bool(state.manpower_by))
    roll = Roll(event.number, event.turn, "legion-request", "rome", event.face)
    return replace(raised(state, romans), rolls=(*state.rolls, roll))


@FOLD.on
def _(event: MarineRaised, state: State) -> State:
    romans = legions.raise_marine(state.romans, event.take, event.province)
    roll = Roll(event.number, event.turn, "marine", "rome", event.face)
    return replace(raised(state, romans, roman.MARINE), rolls=(*state.rolls, roll))


@FOLD.on
def _(event: ManpowerOperation, state: State) -> State:
    made = state.manpower_ops | {(event.operations, event.leader)}
    return replace(state, manpower_ops=made, manpower_by=event.leader)


@FOLD.on
def _(event: LegateDelivered, state: State) -> State:
    return replace(state, romans=legions.deliver(state.romans, event.given))


@FOLD.on
def _(event: NavalBuilt, state: State) -> State:
    return replace(state, ns_built={**state.ns_built, event.turn: event.levels})


@FOLD.on
def _(event: SlavesRaised, state: State) -> State:
    romans = legions.raise_slaves(state.romans, tuple(event.provinces))
    return raised(state, romans, roman.SLAVE)


@FOLD.on
def _(event: TrainingRolled, state: State) -> State:
    rolls = tuple(
        Roll(event.number + n, event.turn, "training", legion, face)
        for n, (legion, face) in enumerate(event.faces.items())
    )
    romans = legions.train(state.romans, dict(event.faces))
    return replace(state, romans=romans, rolls=(*state.rolls, *rolls))
