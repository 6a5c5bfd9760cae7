"""The Sequence of Play and the LAM cup folded (TB-3, TB-4): steps done and closed, the C2
draw, the Game Turn's secret revealed."""

from __future__ import annotations

from dataclasses import replace

from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import cup, prorogues, roman, sequence, tribes
from campaign.kinds.thunderbolt.board.state import Roll, State
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.turn import (
    InitiativeDrawn,
    MarkerDrawn,
    PhaseGivenToPU,
    SettingsChosen,
    SidesTaken,
    StepClosed,
    StepFinished,
    TurnRevealed,
)

FOLD = ByEvent()
"""How each event of the chapter changes the state: it applies, never checks."""


@FOLD.on
def _(event: SidesTaken, state: State) -> State:
    state = replace(
        state,
        set_up=True,
        dice=event.dice,
        campaign=event.campaign,
        commitments={int(t): c for t, c in event.commitments.items()},
    )
    return replace(state, position=sequence.start(state.game))


def moved(state: State, position: sequence.Position) -> State:
    """The Sequence of Play moved on: Pluto's wounded return as Phase B ends or the next Game
    Turn begins (TB-18.4), and the Game Turn's B1 records start afresh."""
    romans, carthaginians = state.romans, state.carthaginians
    if position.turn != state.position.turn:
        romans = roman.start_of_turn(romans)
        carthaginians = carthage.new_turn(carthaginians)
    elif state.position.stage == "B" and position.stage != "B":
        romans = roman.end_of_b(romans, state.wounded_return)
    if "B1a" in state.position.open and "B1a" not in position.open:
        romans = prorogues.keep_besieged(romans)  # TB-7.6
    fresh = position.turn != state.position.turn
    left_d = "D" in state.position.open and "D" not in position.open
    filled, cup_turn, by = state.cup, state.cup_turn, state.cup_by
    if "C2" in position.open and cup_turn != position.turn:  # TB-4.1: C1 fills the cup
        filled, cup_turn, by = (
            cup.markers(cup.at_c1(romans, carthaginians, state.setup.augury_marker)),
            position.turn,
            "",
        )
    return replace(
        state,
        cup=filled,
        cup_turn=cup_turn,
        cup_by=by,
        pu_phase=False if fresh else state.pu_phase,
        dictator_chance="" if fresh else state.dictator_chance,
        dictator_due="" if fresh or left_d else state.dictator_due,
        position=position,
        romans=romans,
        carthaginians=carthaginians,
        operations=0 if fresh else state.operations,
        asked=frozenset() if fresh else state.asked,
        grants=frozenset() if fresh else state.grants,
        presences=frozenset() if fresh else state.presences,
        recalls_due=frozenset() if fresh else state.recalls_due,
        manpower_ops=frozenset() if fresh else state.manpower_ops,
        carthage_ops=frozenset() if fresh else state.carthage_ops,
        targeted=frozenset() if fresh else state.targeted,
        diplomacy=frozenset() if fresh else state.diplomacy,
        tribes=tribes.new_turn(state.tribes) if fresh else state.tribes,
        guile_spent=() if fresh else state.guile_spent,
        won=() if fresh else state.won,
    )


@FOLD.on
def _(event: StepFinished, state: State) -> State:
    return moved(state, sequence.done(state.position, event.step, event.side, state.game))


@FOLD.on
def _(event: StepClosed, state: State) -> State:
    return moved(state, sequence.close(state.position, event.step, state.game))


@FOLD.on
def _(event: InitiativeDrawn, state: State) -> State:
    position = sequence.initiative(state.position, event.drawn, state.game)
    opened = sequence.INITIATIVE[event.drawn] == "D"
    forces = state.carthaginians
    if event.drawn == "empty":  # TB-13.6: C2 finds no LAM left
        forces = carthage.take_effect(forces)
    return replace(
        state,
        position=position,
        operations=state.operations + opened,
        phase_leader=None,
        opened_by=event.drawn,
        carthaginians=forces,
        cup_by="table" if event.drawn != "empty" else state.cup_by,
    )


@FOLD.on
def _(event: MarkerDrawn, state: State) -> State:
    """TB-4.4: the marker leaves the cup and opens what it opens; with none drawn, play passes to
    F and the markers left are discarded."""
    drawn = cup.kind_of(event.marker) if event.marker else "empty"
    position = sequence.initiative(state.position, drawn, state.game)
    opened = sequence.INITIATIVE[drawn] == "D"
    left = tuple(m for m in state.cup if m != event.marker) if event.marker else ()
    leader = cup.leader_of(event.marker) if event.marker else None
    forces = state.carthaginians
    if not event.marker or event.marker.startswith("carthage/"):
        forces = carthage.take_effect(forces)  # TB-13.6: a Carthaginian LAM, or none left
    state = replace(
        state,
        position=position,
        cup=left,
        cup_by=state.cup_by or ("cup" if event.marker else ""),
        operations=state.operations + opened,
        phase_leader=leader,
        opened_by=drawn,
        carthaginians=forces,
    )
    if leader in state.romans.leaders and state.dictator_chance:  # TB-9.5
        state = replace(state, dictator_due=state.dictator_chance, dictator_chance="")
    if not event.number:
        return state
    draw = Roll(
        event.number, event.turn, "draw-cup", "cup", -1, tuple(event.candidates), event.marker
    )
    return replace(state, rolls=(*state.rolls, draw))


@FOLD.on
def _(event: PhaseGivenToPU, state: State) -> State:
    return replace(state, phase_leader=event.pu, pu_phase=True)


@FOLD.on
def _(event: SettingsChosen, state: State) -> State:
    return replace(state, settings=dict(event.settings))


@FOLD.on
def _(event: TurnRevealed, state: State) -> State:
    return replace(state, revealed={**state.revealed, event.turn: event.secret})
