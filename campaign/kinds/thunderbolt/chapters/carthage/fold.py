"""Carthage folded (TB-12 to TB-14): its politics, Armies, commanders, Detachments, AER."""

from __future__ import annotations

from dataclasses import replace

from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import citizens, detachments
from campaign.kinds.thunderbolt.board.state import Roll, State, drawn, numbered
from campaign.kinds.thunderbolt.chapters.carthage import manpower, operations
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.carthage import (
    ArmiesTrained,
    ArmyDetached,
    ArmyPosted,
    ArmyRaised,
    ArmyReinforced,
    CitizensLost,
    CommanderAppointed,
    CommanderRecalled,
    DetachmentRejoined,
    DisbandChecked,
    ManpowerDrawn,
    ManpowerPlaced,
    ManpowerReturned,
    OCManpowerRaised,
    OverallCommanderNamed,
    PoliticsRolled,
    ProvincesLevied,
    SubordinateDrawn,
)

FOLD = ByEvent()
"""How each event of the chapter changes the state: it applies, never checks."""


@FOLD.on
def _(event: ManpowerDrawn | ManpowerPlaced, state: State) -> State:
    """TB-25.2: the SP leave their Holding Box; from the Carthaginian box, into play (TB-29.2);
    TB-30.1: the Army they joined changes nothing more."""
    return replace(
        state,
        pools={**state.pools, event.contingent: state.pools[event.contingent] - event.sp},
        citizens=_citizens(state, event.contingent, event.sp),
    )


@FOLD.on
def _(event: ManpowerReturned, state: State) -> State:
    """TB-25.3: the SP go back to their Holding Box; to the Carthaginian box, out of play."""
    return replace(
        state,
        pools={**state.pools, event.contingent: state.pools[event.contingent] + event.sp},
        citizens=_citizens(state, event.contingent, -event.sp),
    )


@FOLD.on
def _(event: CitizensLost, state: State) -> State:
    """TB-29.3: Citizens among an Army's losses leave play."""
    return replace(state, citizens=_citizens(state, citizens.BOX, -event.sp))


def _citizens(state: State, box: str, sp: int) -> int | None:
    """The Citizens in play once `sp` of `box` entered play (or left it, below 0), where kept."""
    kept = state.citizens is not None and citizens.of_box(box)
    return state.citizens + sp if kept else state.citizens


@FOLD.on
def _(event: DisbandChecked, state: State) -> State:
    forces = carthage.disband(state.carthaginians, event.army, event.disbanded)
    state = replace(state, carthaginians=forces)
    if event.face < 0:
        return state
    roll = Roll(event.number, event.turn, "disband", event.army, event.face)
    return replace(state, rolls=(*state.rolls, roll))


@FOLD.on
def _(event: CommanderAppointed, state: State) -> State:
    forces = carthage.appoint(state.carthaginians, event.army, event.leader)
    state = replace(state, carthaginians=forces)
    if event.chosen:
        return state
    return drawn(state, event, "draw-carthage", event.army)


@FOLD.on
def _(event: CommanderRecalled, state: State) -> State:
    forces = carthage.recall(state.carthaginians, event.army, event.recalled, event.crucified)
    state = replace(state, carthaginians=forces, recalls_due=state.recalls_due - {event.army})
    if event.by_choice:
        return state
    who = numbered(state, event.leader)
    rolls = [Roll(event.number, event.turn, "recall", who, event.face)]
    if event.recalled:
        rolls.append(Roll(event.number + 1, event.turn, "crucifixion", who, event.crucifixion))
    return replace(state, rolls=(*state.rolls, *rolls))


@FOLD.on
def _(event: ArmyReinforced, state: State) -> State:
    forces, _ = carthage.reinforce(
        state.carthaginians,
        event.army,
        event.sp,
        event.uncounted,
        event.window,
        state.thirty_percent,
    )
    if event.window == "B3b":  # TB-28.4: what B3b raised, for a Subordinate
        raised = {**forces.b3b_sp, event.army: forces.b3b_sp.get(event.army, 0) + event.sp}
        forces = replace(forces, b3b_sp=raised)
    return replace(state, carthaginians=forces)


@FOLD.on
def _(event: ProvincesLevied, state: State) -> State:
    """TB-28.2: the provinces' SP join the leader's Army or Detachment."""
    c = detachments.joined(state.carthaginians, event.army, event.detachment, event.sp)
    ops = state.carthage_ops | {(event.phase, event.leader, operations.PROVINCIAL)}
    return replace(state, carthaginians=c, carthage_ops=ops)


@FOLD.on
def _(event: OCManpowerRaised, state: State) -> State:
    """TB-28.3: the attempt counted (its SP join with the reinforcements recorded with it)."""
    made = (event.phase, event.leader, operations.OC)
    return replace(state, carthage_ops=state.carthage_ops | {made})


@FOLD.on
def _(event: SubordinateDrawn, state: State) -> State:
    """TB-28.4: the leader drawn leaves the pool for the map, with the Army."""
    c = state.carthaginians
    c = replace(c, places={**c.places, event.leader: carthage.MAP}, drafted=event.army)
    return drawn(replace(state, carthaginians=c), event, "draw-carthage", event.army)


@FOLD.on
def _(event: OverallCommanderNamed, state: State) -> State:
    forces = carthage.name_oc(state.carthaginians, event.leader)
    return replace(state, carthaginians=forces)


@FOLD.on
def _(event: ArmyDetached, state: State) -> State:
    forces, _ = detachments.detach(state.carthaginians, event.army, event.sp, event.leader or None)
    return replace(state, carthaginians=forces)


@FOLD.on
def _(event: DetachmentRejoined, state: State) -> State:
    forces, _ = detachments.rejoin(
        state.carthaginians,
        event.army,
        event.detachment,
        event.received,
        event.window,
        state.thirty_percent,
    )
    return replace(state, carthaginians=forces)


@FOLD.on
def _(event: ArmiesTrained, state: State) -> State:
    return replace(state, carthaginians=carthage.train(state.carthaginians, dict(event.armies)))


@FOLD.on
def _(event: ArmyPosted, state: State) -> State:
    forces = carthage.post(state.carthaginians, event.army, event.theater)
    return replace(state, carthaginians=forces)


@FOLD.on
def _(event: PoliticsRolled, state: State) -> State:
    roll = Roll(event.number, event.turn, event.what, "carthage", event.face)
    chosen = {"family": state.family, "climate": state.climate}[event.what]
    updated = {**chosen, event.turn: event.outcome}
    state = replace(state, rolls=(*state.rolls, roll))
    return replace(state, **{event.what: updated})


@FOLD.on
def _(event: ArmyRaised, state: State) -> State:
    forces = manpower.raise_army(state.carthaginians, event.army, event.sp, event.province)
    forces = replace(forces, b3b_sp={**forces.b3b_sp, event.army: event.sp})  # TB-28.4
    return replace(state, carthaginians=forces)
