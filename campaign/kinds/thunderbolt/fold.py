"""Thunderbolt's fold: the chapters' folds joined, each event applied; then what follows from
any event (TB-1.4, TB-13.7, TB-9.3, TB-9.5)."""

from __future__ import annotations

from dataclasses import replace

from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import politics as senate
from campaign.kinds.thunderbolt.board import roman, sequence, tribes, war, war_effects
from campaign.kinds.thunderbolt.board.setup import load
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.chapters import joined
from events.common import CampaignEvent, CampaignStarted


def start(event: CampaignStarted) -> State:
    setup = load(event.map_source)
    track = {
        p.id: (p.alliance, p.allied_to) for p in setup.provinces.values() if p.alliance is not None
    }
    return State(
        event.name,
        tuple(event.players),
        event.map_source,
        setup,
        track=track,
        romans=roman.opening(setup),
        carthaginians=carthage.opening(setup),
        tribes=tribes.opening(setup),
        pools=dict(setup.manpower),
        citizens=setup.citizens,
        naval=dict(setup.naval),
        macedonia=war.opening(setup.macedonia, setup.macedonia_legions),
    )


FOLD = joined("fold", "FOLD")
"""Each event's change to the state, by its class: the chapters' folds joined."""


def evolve(event: CampaignEvent, state: State) -> State:
    """One event applied by its chapter's fold (an event of no chapter changes nothing)."""
    change = FOLD.get(type(event))
    return state if change is None else change(event, state)


def apply(state: State, event: CampaignEvent) -> State:
    """One event folded in; the Emergency Rome's elections read follows (TB-9.3), and an Augury
    Phase's Augury lasts while it is in hand (TB-22.1)."""
    after = evolve(event, state)
    r = after.romans
    if r is not None and not set(r.at) <= set(r.magistrates):  # TB-1.4: out of office, unplaced
        kept = {lid: spot for lid, spot in r.at.items() if lid in r.magistrates}
        after = replace(after, romans=replace(r, at=kept))
    if after.carthaginians is not None:
        lost = carthage.oc_lost(after.carthaginians)
        if lost is not after.carthaginians:
            after = replace(after, carthaginians=lost)
    if after.augured and "E" not in after.position.open:  # TB-22.1: the next E rolls anew
        after = replace(after, augured=False)
    if after.setup.tribes:
        after = _rolls_due(after)
    if after.macedonia.returning:  # TB-27.4: the ambassadors used, back as the next GT opens
        after = war_effects.returned(after)
    if after.romans is not None and after.set_up:
        level = after.emergency()[0]
        if level != after.romans.emergency:
            rose = LEVELS.index(level) > LEVELS.index(after.romans.emergency)
            after = replace(after, romans=replace(after.romans, emergency=level))
            arises = after.position.stage == "operations" and not after.romans.count("Dictator")
            if rose and arises:  # TB-9.5: at the next draw of a Roman leader's LAM
                after = replace(after, dictator_chance=level)
    return after


LEVELS = (senate.NONE, senate.MINOR, senate.MAJOR)


def _rolls_due(state: State) -> State:
    """TB-23.3: B4a and B4b wait for their rolls while a tribe is due one; a step in hand keeps
    what it was opened with."""
    held = state.position.rolls_due & set(state.position.open)
    due = {
        step
        for step in sequence.TRIBAL
        if step not in state.position.open and tribes.due(state.setup, state.tribes, step)
    }
    if due | held == state.position.rolls_due:
        return state
    return replace(state, position=replace(state.position, rolls_due=frozenset(due | held)))


def summary(state: State) -> str:
    if state.victory is not None:
        return f"over: {state.victory}"
    if state.position.over:
        return f"over after Game Turn {state.setup.turns}"
    steps = " and ".join(state.position.open)
    return f"Game Turn {state.turn} ({state.year} BCE), {steps}"


def round_over(state: State, number: int) -> bool:
    """Game Turn `number` is over once the next begins (and its secret is revealed)."""
    if state.position.over:  # at the last Game Turn, or at an automatic victory (TB-20.1)
        return number <= state.turn
    ended = state.turn > number
    unrevealed = state.dice == "committed" and number not in state.revealed
    return ended and not unrevealed
