"""The reports from the table folded (TB-5, TB-1.4): battles, sieges, losses, leaders fallen,
facts, moves."""

from __future__ import annotations

from dataclasses import replace

from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import battle as after_battle
from campaign.kinds.thunderbolt.board import honours, positions, roman, rules, sequence
from campaign.kinds.thunderbolt.board import politics as senate
from campaign.kinds.thunderbolt.board.state import Betrayed, Roll, State, numbered, spend
from campaign.kinds.thunderbolt.chapters.allies.fold import place, shifted
from campaign.kinds.thunderbolt.chapters.senate.fold import inherit
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.reports import (
    ArmyInBattle,
    ArmyLost,
    BattleReported,
    FactsReported,
    IslandsReported,
    LeaderBesieged,
    LeaderFell,
    LegionsBesieged,
    LegionsFought,
    SiegeReported,
    SituationReported,
    TreacheryUsed,
    UnitMoved,
)

FOLD = ByEvent()
"""How each event of the chapter changes the state: it applies, never checks."""


@FOLD.on
def _(event: LeaderBesieged, state: State) -> State:
    return replace(state, romans=roman.besiege(state.romans, event.leader, event.where))


@FOLD.on
def _(event: LegionsBesieged, state: State) -> State:
    return replace(
        state, romans=positions.besiege_legions(state.romans, event.legions, event.where)
    )


@FOLD.on
def _(event: UnitMoved, state: State) -> State:
    romans, carthaginians, _, _ = positions.relocate(
        state.romans, state.carthaginians, event.what, event.unit, event.province, event.place
    )  # checked when entered (positions.check_move) and again by verify
    return replace(state, romans=romans, carthaginians=carthaginians)


@FOLD.on
def _(event: BattleReported, state: State) -> State:
    """TB-5.1: a Roman Major defeat counts for Emergencies (TB-9.2); a Major Victory moves the
    Italian Allies (TB-15.2), in Roman Italy or outside it by the province's Theater."""
    if event.winner in sequence.BOTH:  # TB-23.4, TB-23.5: a Victory's DRM with a tribe
        state = replace(state, won=(*state.won, (event.province, event.winner, event.major)))
    if event.winner == rules.CARTHAGE and event.major:
        defeat = senate.Defeat(event.turn, event.ca_engaged, event.rome_lost_percent / 100)
        state = replace(state, defeats=(*state.defeats, defeat))
    if event.major and event.winner in sequence.BOTH:
        cause = battle_cause(state, event.province)
        adjacent = {p.id: p.adjacent for p in state.setup.provinces.values()}
        moves = rules.victory_shifts(cause, event.province, list(state.track), adjacent)
        why = (
            f"{rules.SIDES[event.winner]}'s Major Victory (a land battle) in {place(state, event)}"
        )
        state = shifted(state, moves, event.winner, why, event.originator_version)
    return state


def battle_cause(state: State, province: str) -> str:
    """TB-15.2: a land battle in Roman Italy or outside it."""
    inside = state.setup.provinces[province].theater == "Roman Italy"
    return "land-in-italy" if inside else "land-outside-italy"


@FOLD.on
def _(event: ArmyLost, state: State) -> State:
    forces = carthage.lose(
        state.carthaginians,
        event.army,
        event.sp,
        event.crucified,
        event.detachment,
        event.successor,
        event.promoted,
    )
    state = replace(state, carthaginians=forces)
    if event.face < 0:
        return state
    roll = Roll(event.number, event.turn, "crucifixion", numbered(state, event.leader), event.face)
    return replace(state, rolls=(*state.rolls, roll))


@FOLD.on
def _(event: LeaderFell, state: State) -> State:
    """TB-10.8 and TB-13.8; TB-4.3: a replacement inherits his predecessor's LAMs."""
    replacement = event.replacement or None
    if event.side == "rome":
        state = replace(
            state, romans=honours.fall(state.romans, event.leader, event.outcome, replacement)
        )
    else:
        forces = carthage.fall(state.carthaginians, event.leader, event.outcome, replacement)
        state = replace(state, carthaginians=forces)
    if replacement is None:
        return state
    kind = "draw-rome" if event.side == "rome" else "draw-carthage"
    draw = Roll(
        event.number,
        event.turn,
        kind,
        numbered(state, event.leader),
        -1,
        tuple(event.candidates),
        replacement,
    )
    markers = inherit(state.cup, event.leader, replacement, event.side)
    return replace(state, rolls=(*state.rolls, draw), cup=markers)


@FOLD.on
def _(event: FactsReported, state: State) -> State:
    facts = senate.Facts(
        event.occupied_cities, event.city_near_roma, event.roma_besieged, event.enemy_near_rome
    )
    return replace(state, facts=facts)


@FOLD.on
def _(event: IslandsReported, state: State) -> State:
    return replace(state, romans=replace(state.romans, islands_held=frozenset(event.held)))


@FOLD.on
def _(event: LegionsFought, state: State) -> State:
    won = None if event.winner == "none" else event.winner == rules.ROME
    romans, _, _, _ = after_battle.fought(
        state.romans, event.engaged, event.losses, won, event.major, event.promoted, event.demoted
    )
    return replace(state, romans=romans)


@FOLD.on
def _(event: SituationReported, state: State) -> State:
    return replace(state, situation={**state.situation, event.fact: event.value})


@FOLD.on
def _(event: SiegeReported, state: State) -> State:
    """TB-13.3: the recalls it makes due; TB-24.3: a siege ended by Treachery awaits who used
    it (recorded in the same append)."""
    betrayed = (
        Betrayed(event.city, event.province, event.taken_by, tuple(event.leaders))
        if event.ended == "treachery"
        else None
    )
    return replace(state, recalls_due=state.recalls_due | set(event.recall_due), betrayed=betrayed)


@FOLD.on
def _(event: TreacheryUsed, state: State) -> State:
    """TB-24.3: Treachery's Guile Point spent (TB-24.1)."""
    return spend(replace(state, betrayed=None), event.phase, event.leader, 1)


@FOLD.on
def _(event: ArmyInBattle, state: State) -> State:
    if not event.recall_due:
        return state
    return replace(state, recalls_due=state.recalls_due | {event.army})
