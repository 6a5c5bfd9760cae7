"""Carthage's Manpower Operations and the Subordinate of 20 SP (rules page TB-28, the rulebook's
7.21, 7.22, 7.26, 7.27): the provinces a leader raises from and what they give, whether the OC
may raise in Carthago, whether a Subordinate may be drawn. Pure checks, each raising the rule
it applies; the decisions list them, the fold never calls them."""

from __future__ import annotations

from collections.abc import Sequence

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import positions, rules
from campaign.kinds.thunderbolt.board.armies import Carthage
from campaign.kinds.thunderbolt.board.checks import check_own_phase
from campaign.kinds.thunderbolt.board.naming import Envoy
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.chapters.carthage.manpower import CARTHAGE_PROVINCE

PROVINCIAL, OC = "provincial", "oc"
"""TB-28.2, TB-28.3: the two Manpower Operations, as `State.carthage_ops` keeps them."""
AGGRESSIVE = "Aggressive"
"""TB-28.3 (7.26): the Political Climate the OC's operation needs."""
SUBORDINATE_SP = 20
"""TB-28.4 (7.21, 7.22): the SP raised that bring a Subordinate."""


def reach(state: State, e: Envoy) -> list[str]:
    """TB-28.2 (7.27): where the leader raises from: his province, and for an Army Commander
    every province next to it; a Subordinate only his own."""
    here = state.setup.provinces[e.province]
    return [e.province] if e.detachment else [e.province, *here.adjacent]


def controlled(state: State, province: str) -> bool | None:
    """TB-28.2: on the Italian Allies track, whether Carthage is allied there (10.33: the ally
    controls the province for manpower); off it, None — the tracker keeps no military control."""
    held = state.track.get(province)
    return None if held is None else held[1] == rules.CARTHAGE


def provinces(state: State, e: Envoy, named: Sequence[str]) -> tuple[dict[str, int], list[str]]:
    """TB-28.2 (7.27, 7.25): the provinces raised from, each with its PIC's SP — those named, or
    every province in reach that shows manpower and is allied to Carthage on the track — and
    those named off the track (taken on the player's word that Carthage controls them)."""
    p, within = state.setup.provinces, reach(state, e)
    chosen = list(dict.fromkeys(named)) or [
        pid for pid in within if p[pid].manpower and controlled(state, pid)
    ]
    for pid in chosen:
        if pid not in within:
            how = "only where he stands" if e.detachment else "where he stands and next to it"
            raise RuleViolation(
                "TB-28.2",
                f"{p[pid].name} is out of reach: {state.named(e.leader)} raises {how} "
                f"({p[e.province].name})",
            )
        if not p[pid].manpower:
            raise RuleViolation("TB-28.2", f"{p[pid].name} shows no manpower on the PIC")
        if controlled(state, pid) is False:
            raise RuleViolation("TB-28.2", f"{p[pid].name} is allied to Rome: Carthage raises none")
    if not chosen:
        raise RuleViolation(
            "TB-28.2",
            f"No province in reach of {state.named(e.leader)} shows manpower and is allied to "
            "Carthage (name one off the Italian Allies track with --province)",
        )
    return {pid: p[pid].manpower for pid in chosen}, [
        pid for pid in chosen if pid not in state.track
    ]


def check_provincial(state: State, e: Envoy) -> None:
    """TB-28.2 (7.27): a Carthaginian Army Commander or Subordinate, in his own Operations Phase,
    once per Game Turn."""
    if e.side != rules.CARTHAGE:
        raise RuleViolation(
            "TB-28.2", "A Carthaginian Army Commander or Subordinate raises provincial manpower"
        )
    check_own_phase(state, e.leader, "a Manpower Operation", "TB-28.2")
    if any(lid == e.leader and what == PROVINCIAL for _, lid, what in state.carthage_ops):
        raise RuleViolation(
            "TB-28.2", f"{state.named(e.leader)} has made his Manpower Operation this Game Turn"
        )


def oc_army(state: State) -> tuple[str, str]:
    """TB-28.3 (7.26): the OC and his Army, in Carthago, of the Family in Power, the Political
    Climate Aggressive, in his own Operations Phase, once a Game Turn."""
    c = state.carthaginians
    army = next((aid for aid, f in c.armies.items() if c.oc and f.commander == c.oc), None)
    if c.oc is None or army is None:
        raise RuleViolation("TB-28.3", "Carthage has no OC commanding an Army")
    force, who = c.armies[army], c.name(c.oc)
    if force.province != CARTHAGE_PROVINCE or force.place != positions.CARTHAGO:
        raise RuleViolation("TB-28.3", f"{who} and Army {army} are not in Carthago")
    if c.leaders[c.oc].family != state.family_in_power():
        raise RuleViolation("TB-28.3", f"{who} is not of the Family in Power")
    if state.current_climate() != AGGRESSIVE:
        raise RuleViolation("TB-28.3", "The Political Climate is not Aggressive")
    check_own_phase(state, c.oc, "the OC's Manpower Operation", "TB-28.3")
    if any(what == OC for *_, what in state.carthage_ops):
        raise RuleViolation("TB-28.3", "The OC's Manpower Operation is tried once a Game Turn")
    return c.oc, army


def check_subordinate(c: Carthage, army: str) -> None:
    """TB-28.4 (7.21, 7.22): once a B3b, with a new Army of 20 SP or more, or 20 SP or more of
    reinforcements raised; placed with the new Army, or with an Army the reinforcements joined;
    drawn from a pool that holds a leader."""
    if c.drafted:
        raise RuleViolation("TB-28.4", f"A Subordinate joined Army {c.drafted} in this B3b")
    if army not in c.b3b_sp:
        raise RuleViolation("TB-28.4", f"Army {army} was neither raised nor reinforced in this B3b")
    raised = (
        c.b3b_sp[army]
        if army in c.raised
        else sum(sp for aid, sp in c.b3b_sp.items() if aid not in c.raised)
    )
    if raised < SUBORDINATE_SP:
        raise RuleViolation(
            "TB-28.4", f"{raised} SP were raised: a Subordinate comes with {SUBORDINATE_SP} or more"
        )
    if not c.pool():
        raise RuleViolation("TB-28.4", "No leader is in Carthage's pool to draw")
