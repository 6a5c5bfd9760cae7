"""The decisions of Naval Superiority (TB-26): each checks the rules it applies and says what to
record; the fold applies."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from campaign.domain.drafts import Draft, draft
from campaign.domain.grammar import plural
from campaign.errors import RuleViolation
from campaign.input.names import resolve
from campaign.input.text import sentence
from campaign.kinds.thunderbolt.board import checks, rules
from campaign.kinds.thunderbolt.board import raising as legions
from campaign.kinds.thunderbolt.board.state import State
from events.thunderbolt.naval import NavalAllotted

TOWARD = {rules.ROME: 1, rules.CARTHAGE: -1}
"""TB-26.1: a zone's level is signed, Rome's above 0, Carthage's below."""


def zone(state: State, given: str) -> str:
    """A Naval Zone as the set-up names it (TB-26.1)."""
    if not state.naval:
        raise RuleViolation("TB-26.1", "This scenario's set-up file keeps no Naval Zones")
    return resolve("Naval Zone", given, state.naval)


def allot(
    state: State, side: str, built: int, into: Sequence[str], moves: Sequence[tuple[str, str]]
) -> list[Draft]:
    """TB-26.2: in B3a the levels a side built (Rome's recorded by `naval --built`, Carthage's
    here, once a Game Turn), at most that many put into zones, each one toward the side;
    TB-26.3: then re-allotments, each one of the side's levels from a zone where it has one to
    another (construction completed before re-allotment, 8.11)."""
    checks.check_revealed(state)
    checks.check_step(state, ["B3a"], "Naval Superiority")
    who = resolve("side", side, rules.SIDES)
    room = _built(state, who, built)
    zones: dict[str, int] = {}
    for given in into:
        zones[zone(state, given)] = zones.get(zone(state, given), 0) + 1
    if sum(zones.values()) > room:
        raise RuleViolation(
            "TB-26.2",
            f"{sentence(who)} has {plural(room, 'NS level')} built this Game Turn to put into "
            f"zones, not {sum(zones.values())}",
        )
    levels = {z: state.naval[z] + TOWARD[who] * n for z, n in zones.items()}
    if moves:
        check_built_first(state, who, room - sum(zones.values()))
    moved = []
    for origin, target in moves:
        source, sink = zone(state, origin), zone(state, target)
        if TOWARD[who] * levels.get(source, state.naval[source]) < 1 or source == sink:
            raise RuleViolation(
                "TB-26.3", f"{sentence(who)} has no NS level in {source} to move to {sink}"
            )
        levels[source] = levels.get(source, state.naval[source]) - TOWARD[who]
        levels[sink] = levels.get(sink, state.naval[sink]) + TOWARD[who]
        moved.append(f"{source}>{sink}")
    if not zones and not moved and not (who == rules.CARTHAGE and built):
        raise RuleViolation("TB-26.2", "Say where the levels go: --to ZONE, or --move FROM=TO")
    return [draft(NavalAllotted, turn=state.turn, side=who, built=built, zones=zones, moves=moved)]


def check_built_first(state: State, side: str, unput: int) -> None:
    """TB-26.4 (8.11): "construction completed before Re-allotment": no level is re-allotted
    while levels the side built this Game Turn wait to be put into zones (those this entry puts
    come first)."""
    if unput > 0:
        raise RuleViolation(
            "TB-26.4",
            f"Construction is completed before re-allotment (8.11): {sentence(side)} has "
            f"{plural(unput, 'NS level')} built this Game Turn to put into zones (--to) first",
        )


def _built(state: State, side: str, built: int) -> int:
    """The levels the side may still put into zones this Game Turn: Rome's as `naval --built`
    recorded them (TB-11.4), Carthage's given here once (TB-26.2), less those put already."""
    if side == rules.ROME and built:
        raise RuleViolation("TB-26.2", "Rome's levels built are recorded with naval --built N")
    if built and not 0 < built <= legions.MOST_NS:
        raise RuleViolation(
            "TB-26.2", f"NS levels built in a Game Turn are 1 to {legions.MOST_NS}, not {built}"
        )
    if built:
        checks.check_not_reallotted(state, side)
    if built and state.turn in state.carthage_built:
        raise RuleViolation(
            "TB-26.2", f"Game Turn {state.turn}'s Carthaginian NS levels are recorded"
        )
    made = state.ns_built if side == rules.ROME else state.carthage_built
    total = built or made.get(state.turn, 0)
    return total - state.naval_put.get(f"{state.turn}/{side}", 0)


REPLAY: dict[type, Callable[[Any, State], list[Draft]]] = {
    NavalAllotted: lambda e, s: allot(
        s, e.side, e.built, [z for z, n in e.zones.items() for _ in range(n)],
        [tuple(m.split(">", 1)) for m in e.moves],
    ),
}  # fmt: skip
"""Each recorded event of the chapter decided again from the state before it."""
