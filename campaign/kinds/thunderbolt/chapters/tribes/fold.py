"""The tribes folded (TB-23, TB-24): each event applied to the tribes, the Armies and the Guile
spent; it applies, never checks."""

from __future__ import annotations

from dataclasses import replace

from campaign.kinds.thunderbolt.board import detachments, rules, tribes
from campaign.kinds.thunderbolt.board.state import Roll, State, spend
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.tribes import (
    GuileSpent,
    TribeFought,
    TribeLevied,
    TribeMustered,
    TribeParleyed,
    TribeRevolted,
    TribeRolled,
    TribeSwayed,
)

FOLD = ByEvent()
"""How each event of the chapter changes the state: it applies, never checks."""


@FOLD.on
def _(event: TribeRolled, state: State) -> State:
    kind = "tribe-recovery" if event.step == tribes.RECOVERY else "tribe-pacification"
    state = replace(
        state, tribes=tribes.rolled(state.tribes, event.step, event.tribe, event.success)
    )
    if event.face < 0:
        return state
    return _rolled(state, Roll(event.number, event.turn, kind, event.tribe, event.face))


@FOLD.on
def _(event: TribeLevied, state: State) -> State:
    made = _op(state, event.phase, event.leader, event.tribe, "levy", event.guile)
    rolls = [Roll(event.number, event.turn, "tribe-levy", event.tribe, event.face)]
    if event.sp_number:
        rolls.append(Roll(event.sp_number, event.turn, "tribe-levy-sp", event.tribe, event.sp_face))
    made = replace(made, rolls=(*made.rolls, *rolls))
    if event.sp_face <= 0:  # failed, or a 0: no SP, the tribe undepleted (9.23)
        return made
    made = replace(made, tribes=tribes.depleted(made.tribes, event.tribe))
    if event.side == rules.ROME:
        levies = {
            **made.tribes.levies,
            event.leader: made.tribes.levies.get(event.leader, 0) + event.sp,
        }
        return replace(made, tribes=replace(made.tribes, levies=levies))
    joined = detachments.joined(made.carthaginians, event.army, event.detachment, event.sp)
    return replace(made, carthaginians=joined)


@FOLD.on
def _(event: TribeSwayed, state: State) -> State:
    made = _op(state, event.phase, event.leader, event.tribe, "diplomacy", event.guile)
    made = _rolled(made, Roll(event.number, event.turn, "tribe-diplomacy", event.tribe, event.face))
    return replace(made, tribes=tribes.allied(made.tribes, event.tribe, event.allegiance))


@FOLD.on
def _(event: TribeMustered, state: State) -> State:
    state = _rolled(state, Roll(event.number, event.turn, "tribe-muster", event.tribe, event.face))
    if not event.sp:  # a 0: the attack or interception is cancelled (9.16)
        return state
    mustered = {**state.tribes.mustered, event.tribe: (event.against, event.sp)}
    return replace(state, tribes=replace(state.tribes, mustered=mustered))


@FOLD.on
def _(event: TribeFought, state: State) -> State:
    mustered = {t: m for t, m in state.tribes.mustered.items() if t != event.tribe}
    kept = replace(state.tribes, mustered=mustered)
    if event.winner == event.against and event.major:
        kept = tribes.pacified(kept, event.tribe)
    state = replace(state, tribes=kept)
    if event.winner != event.against:
        return state
    province = state.setup.tribes[event.tribe].province
    return replace(state, won=(*state.won, (province, event.against, event.major)))


@FOLD.on
def _(event: TribeRevolted, state: State) -> State:
    return replace(state, tribes=tribes.revolted(state.tribes, event.tribe, event.ended))


@FOLD.on
def _(event: TribeParleyed, state: State) -> State:
    """TB-24.2: the Guile spent on the Parley (TB-24.1) and its die (TB-16.3)."""
    state = spend(state, event.phase, event.leader, event.guile)
    return _rolled(state, Roll(event.number, event.turn, "parley", event.tribe, event.face))


@FOLD.on
def _(event: GuileSpent, state: State) -> State:
    return spend(state, event.phase, event.leader, event.points)  # TB-24.4, TB-24.1


def _rolled(state: State, roll: Roll) -> State:
    return replace(state, rolls=(*state.rolls, roll))


def _op(state: State, phase: int, leader: str, tribe: str, what: str, guile: int) -> State:
    """TB-23.4, TB-23.5: the operation counted in its phase, its Guile spent (TB-24.1)."""
    ops = state.tribes.ops | {(phase, leader, tribe, what)}
    return spend(replace(state, tribes=replace(state.tribes, ops=ops)), phase, leader, guile)
