"""The Boiling Cauldron's checks against the campaign's state: each raises
(or returns) a `RuleViolation` citing its rule, in the rulebook's words."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from decimal import Decimal

from campaign.errors import RuleViolation
from campaign.kinds.boiling_cauldron import interpretations
from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.state import State

PHASE_WORDS = {
    "allocation": "the regions have not been allocated yet",
    "declaration": "attacks are being declared",
    "battles": "the battles of the round are being fought",
    "final": "the Final Battle is being fought",
    "finished": "the campaign is over",
}


def check_phase(state: State, *phases: str, doing: str) -> None:
    if state.phase == "finished":
        raise RuleViolation("BC-8", f"The campaign is over: {state.winner} has won it, so there is nothing left to {doing}")
    if state.phase == "allocation" and "allocation" not in phases:
        raise RuleViolation("BC-2.4", f"Cannot {doing} yet: the regions have not been drawn (campaign draw --seed)")
    if state.phase not in phases:
        rule = "BC-4" if {"declaration", "battles"} & {state.phase, *phases} else "BC-8"
        raise RuleViolation(rule, f"Cannot {doing} now: {PHASE_WORDS[state.phase]}")


def check_players(players: list[str]) -> None:
    repeated = sorted({p for p, n in Counter(p.casefold() for p in players).items() if n > 1})
    if repeated:
        raise RuleViolation("BC-2.1", f"Each player is named once; repeated: {', '.join(repeated)}")
    if len(players) < bc.MIN_PLAYERS:
        raise RuleViolation("BC-2.1", f"The Boiling Cauldron needs three or more players, not {len(players)}")


def check_allocation(allocation: Mapping[str, str], players: list[str], regions: tuple[str, ...]) -> None:
    """BC-2.1/BC-2.2: an allocation made elsewhere names every region once and respects the shares."""
    missing = [r for r in regions if r not in allocation]
    if missing:
        raise RuleViolation("BC-2.2", f"The allocation does not give {', '.join(missing)} to anyone")
    counts = Counter(allocation[r] for r in regions)
    shares = bc.fair_shares(len(players), len(regions))
    if Counter(counts[p] for p in players) != shares:
        held = ", ".join(f"{p} {counts[p]}" for p in players)
        wanted = ", ".join(str(n) for n in sorted(shares.elements(), reverse=True))
        raise RuleViolation("BC-2.1", f"Shares must differ by at most one ({wanted}); the allocation gives {held}")


def attack_refusal(state: State, player: str, source: str, target: str) -> RuleViolation | None:
    """BC-4.1 … BC-4.3: why `player` may not attack `target` from `source`, or None if he may."""
    control, involved = state.control, state.involved
    defender = control[target]
    attacked = {b.defender for b in state.round_battles()}
    attackers_of_player = {b.attacker for b in state.round_battles() if b.defender == player}
    if control[source] != player:
        return RuleViolation("BC-4.1", f"{player} does not control {source}, so he cannot attack from it")
    if source in involved:
        return RuleViolation("BC-4.1", f"{source} is already involved in an attack this round")
    if defender == player:
        return RuleViolation("BC-4.1", f"{target} is {player}'s own region")
    if not state.world.adjacent(source, target):
        return RuleViolation("BC-4.1", f"{target} is not adjacent to {source}: no land border, and not both coastal")
    if target in involved:
        return RuleViolation("BC-4.1", f"{target} is already involved in an attack this round")
    if defender in attacked:
        return RuleViolation("BC-4.2", f"{defender} has already been attacked this round")
    if defender in attackers_of_player:
        return RuleViolation("BC-4.3", f"{player} cannot attack {defender}, who has already attacked him this round")
    return None


def legal_attacks(state: State, player: str) -> list[tuple[str, str]]:
    """BC-4.1: every (attacking region, defending region) open to `player` now."""
    mine = sorted(state.held(player))
    return [
        (source, target)
        for source in mine
        for target in sorted(state.world.adjacent_regions(source))
        if attack_refusal(state, player, source, target) is None
    ]


def check_on_turn(state: State, player: str) -> None:
    if player != state.on_turn:
        rule = "BC-2.3" if state.round == 1 else "BC-3.2"
        raise RuleViolation(rule, f"It is {state.on_turn}'s turn to attack, not {player}'s")


def check_casualties(value: Decimal, who: str) -> None:
    if not value.is_finite() or not Decimal(0) <= value <= Decimal(100):
        raise RuleViolation("BC-6.2", f"{who}'s casualties must be a percentage from 0 to 100, not {value}")


def check_no_choice_pending(state: State) -> None:
    pending = state.awaiting_choice
    if pending and interpretations.ONE_CHOICE_AT_A_TIME:
        due = pending.result.regions_due - len(pending.gained)
        raise RuleViolation(
            "BC-7.2", f"{pending.result.winner} must first choose {due} region(s) to gain from the battle for {pending.to_region}"
        )


DRAW = -1
"""A stated outcome of "draw", beside the sides 0 and 1."""


def check_stated_winner(outcome: bc.Outcome, stated: int | None, names: tuple[str, str], override: str | None) -> None:
    """BC-6.2: a stated winner must agree with the figures unless the organiser overrides with a reason."""
    if override:
        return
    if not outcome.decided_by_figures and stated in (None, DRAW):
        raise RuleViolation("BC-6.2", f"Both sides reached a rout: say who routed first with --winner ({names[0]} or {names[1]})")
    if outcome.decided_by_figures and stated is not None and (None if stated == DRAW else stated) != outcome.winner:
        said = "a draw" if stated == DRAW else f"a win for {names[stated]}"
        found = "a draw" if outcome.winner is None else f"a win for {names[outcome.winner]}"
        raise RuleViolation("BC-6.1", f"The casualties make this {found}, not {said}; use --override REASON to record otherwise")
