"""The Italian Allies folded (TB-15): the track's shifts and defections."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from campaign.kinds.thunderbolt.board import rules
from campaign.kinds.thunderbolt.board.state import Defection, Roll, Shift, State, spend
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.allies import (
    CitySacked,
    DiplomacyAttempted,
    PresenceClaimed,
    ProvinceDevastated,
    VictoryReported,
)

FOLD = ByEvent()
"""How each event of the chapter changes the state: it applies, never checks."""


def place(state: State, event: Any) -> str:
    """The province an event names, as the set-up names it."""
    known = state.setup.provinces.get(event.province)
    return known.name if known is not None else event.province


def shifted(state: State, moves: dict[str, int], toward: str, cause: str, seq: int) -> State:
    """TB-15.3 and TB-15.4: each province `moves[p]` boxes toward a side, never past box 4, its
    allegiance turning when it enters box 4 on the other side; `seq`, the event that moved
    them."""
    track, shifts, turned = dict(state.track), list(state.shifts), list(state.defections)
    for province, boxes in moves.items():
        level, allied = track[province]
        after = rules.moved(level, boxes, toward)
        now = rules.allegiance(level, after, allied)
        track[province] = (after, now)
        if after != level:
            shifts.append(Shift(state.turn, province, level, after, cause, seq))
        if now != allied:  # TB-15.5: the manpower the PIC gives Carthage on a defection
            due = state.setup.provinces[province].defection_sp if now == rules.CARTHAGE else 0
            turned.append(Defection(state.turn, province, now, due, seq))
    return replace(state, track=track, shifts=tuple(shifts), defections=tuple(turned))


@FOLD.on
def _(event: VictoryReported, state: State) -> State:
    adjacent = {p.id: p.adjacent for p in state.setup.provinces.values()}
    moves = rules.victory_shifts(event.cause, event.province, list(state.track), adjacent)
    how = rules.VICTORY_BY[event.cause]
    cause = f"{rules.SIDES[event.victor]}'s Major Victory ({how}) in {place(state, event)}"
    return shifted(state, moves, event.victor, cause, event.originator_version)


@FOLD.on
def _(event: ProvinceDevastated, state: State) -> State:
    opponent = rules.CARTHAGE if event.by == rules.ROME else rules.ROME
    return shifted(
        state,
        {event.province: 4},
        opponent,
        f"devastated by {rules.SIDES[event.by]}",
        event.originator_version,
    )


@FOLD.on
def _(event: CitySacked, state: State) -> State:
    state = shifted(
        state, {event.province: 2}, rules.ROME, "Roman Retribution", event.originator_version
    )
    rolls = list(state.rolls)
    even = {}
    for offset, (province, face) in enumerate(event.faces.items()):
        rolls.append(Roll(event.number + offset, event.turn, "retribution", province, face))
        if rules.even(face):
            even[province] = 1
    state = replace(state, rolls=tuple(rolls))
    cause = f"Roman Retribution from {place(state, event)}"
    return shifted(state, even, rules.ROME, cause, event.originator_version)


@FOLD.on
def _(event: PresenceClaimed, state: State) -> State:
    state = replace(state, presences=state.presences | {(event.province, event.side)})
    cause = f"{rules.SIDES[event.side]}'s Watchful Presence"
    return shifted(state, {event.province: 1}, event.side, cause, event.originator_version)


@FOLD.on
def _(event: DiplomacyAttempted, state: State) -> State:
    roll = Roll(event.number, event.turn, "diplomacy", event.province, event.face)
    state = replace(
        state,
        rolls=(*state.rolls, roll),
        targeted=state.targeted | {event.province},
        diplomacy=state.diplomacy | {event.phase},
    )
    hannibal = state.carthaginians.armies[state.carthaginians.hannibals()].commander
    state = spend(state, event.phase, hannibal, 1)  # TB-24.1
    boxes = rules.ambassador_boxes(event.result)
    toward = rules.CARTHAGE if boxes >= 0 else rules.ROME
    moved = {event.province: abs(boxes)}
    return shifted(state, moved, toward, "Hannibal's Diplomacy", event.originator_version)
