"""The Boiling Cauldron's commands: each runs its checks, then says what to record.

Names arrive as typed by a user and are resolved here, once, against the
campaign's own players, regions and cultures.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from campaign.drafts import Draft, draft, forced
from campaign.errors import CampaignError, RuleViolation
from campaign.kinds.boiling_cauldron import checks, interpretations
from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.state import State
from campaign.names import resolve
from events.boiling_cauldron import (
    AttackDeclared,
    AttackForfeited,
    BattleFought,
    FinalArmiesChosen,
    FinalBattleFought,
    RegionsAllocated,
    RegionTransferred,
)
from events.common import CampaignEvent
from regions import Map


def player(state: State, name: str) -> str:
    return resolve("player", name, state.players)


def region(world: Map, name: str) -> str:
    return resolve("region", name, world.names)


def percentage(text: str, who: str) -> Decimal:
    try:
        value = Decimal(text.strip().rstrip("%"))
    except InvalidOperation:
        raise RuleViolation("BC-6.2", f"{who}'s casualties must be a number, not {text!r}") from None
    checks.check_casualties(value, who)
    return value


def allocate(world: Map, players: list[str], given: Mapping[str, str] | None, seed: str | None) -> Draft:
    """BC-2: an allocation from a file, or the documented draw from a seed (a fresh one if none is given)."""
    if len(players) > len(world.names):
        raise RuleViolation("BC-2.1", f"{len(players)} players cannot share {len(world.names)} regions")
    if given is None:
        seed = secrets.token_hex(16) if seed is None else seed
        return draft(RegionsAllocated, allocation=bc.draw(seed, players, world.names), seed=seed)
    allocation: dict[str, str] = {}
    for raw_region, raw_player in given.items():
        name = region(world, raw_region)
        if name in allocation:
            raise RuleViolation("BC-2.2", f"The allocation names {name} twice")
        allocation[name] = resolve("player", str(raw_player), players)
    checks.check_allocation(allocation, players, world.names)
    return draft(RegionsAllocated, allocation={r: allocation[r] for r in world.names}, seed=None)


def draw(state: State, seed: str) -> list[Draft]:
    """BC-2.4: reveal the seed whose SHA-256 was published when the campaign was created."""
    if state.phase != "allocation":
        checks.check_phase(state, "declaration", "battles", "final", doing="draw the regions")
        raise RuleViolation("BC-2.2", "The regions have already been allocated, and they are allocated once")
    if state.seed_commitment and bc.seed_commitment(seed) != state.seed_commitment.lower():
        raise RuleViolation("BC-2.4", "That seed does not match the published seed commitment")
    return [allocate(state.world, list(state.players), None, seed)]


def attack(state: State, source: str, target: str, who: str | None = None) -> list[Draft]:
    checks.check_phase(state, "declaration", doing="declare an attack")
    source, target = region(state.world, source), region(state.world, target)
    attacker = state.on_turn
    if who is not None:
        checks.check_on_turn(state, player(state, who))
    refusal = checks.attack_refusal(state, attacker, source, target)
    if refusal:
        raise refusal
    return [draft(AttackDeclared, round=state.round, attacker=attacker, from_region=source,
                  to_region=target, defender=state.control[target])]


def forfeit(state: State, reason: str, who: str | None = None) -> list[Draft]:
    """BC-4.4: the organiser forfeits the attack of the player on turn."""
    checks.check_phase(state, "declaration", doing="forfeit an attack")
    if who is not None:
        checks.check_on_turn(state, player(state, who))
    if not reason.strip():
        raise CampaignError("A forfeit needs a reason, e.g. --reason 'did not declare in time'.")
    return [draft(AttackForfeited, round=state.round, player=state.on_turn, reason=reason.strip(), automatic=False)]


SIDES = {"attacker": 0, "defender": 1, "draw": checks.DRAW}


def result(state: State, where: str, attacker_pct: str, defender_pct: str,
           winner: str | None = None, override: str | None = None) -> list[Draft]:
    """BC-6.2: both sides' casualties; the winner where the figures leave it open."""
    checks.check_phase(state, "battles", doing="enter a battle result")
    battle = _battle(state, region(state.world, where))
    checks.check_no_choice_pending(state)
    casualties = (percentage(attacker_pct, battle.attacker), percentage(defender_pct, battle.defender))
    stated = _side(battle.attacker, battle.defender, winner)
    if override is not None and (not override.strip() or winner is None):
        raise CampaignError("--override needs a reason and a --winner to record against the figures.")
    checks.check_stated_winner(bc.outcome(casualties), SIDES.get(stated), (battle.attacker, battle.defender), override)
    return [draft(BattleFought, round=state.round, region=battle.to_region, attacker_casualties=casualties[0],
                  defender_casualties=casualties[1], stated_winner=stated, override=override)]


def _battle(state: State, where: str):
    battle = state.battle_at(where)
    if battle is None:
        attacking = next((b for b in state.round_battles() if b.from_region == where), None)
        hint = f"; the battle from {where} is named by its defending region, {attacking.to_region}" if attacking else ""
        raise CampaignError(f"No attack on {where} was declared in round {state.round}{hint}.")
    if battle.result is not None:
        raise CampaignError(f"The battle for {where} already has its result.")
    return battle


def _side(attacker: str, defender: str, winner: str | None) -> str | None:
    if winner is None:
        return None
    choices = {"attacker": "attacker", "defender": "defender", "draw": "draw", attacker: "attacker", defender: "defender"}
    return choices[resolve("winner", winner, choices)]


def gain(state: State, names: list[str]) -> list[Draft]:
    """BC-7.2: the victor's choice of the loser's regions, tier by tier."""
    checks.check_phase(state, "battles", doing="gain regions")
    battle = state.awaiting_choice
    if battle is None:
        raise CampaignError("No victor is waiting to choose regions.")
    chosen = [region(state.world, n) for n in names]
    winner, loser, still_due = battle.result.winner, battle.result.loser, battle.result.regions_due - len(battle.gained)
    if len(set(chosen)) != len(chosen):
        raise RuleViolation("BC-7.2", "Each region can be gained once")
    if len(chosen) > still_due:
        raise RuleViolation("BC-7.1", f"{winner} gains {still_due} more region(s) from {loser}, not {len(chosen)}")
    tiers = state.gain_tiers(battle, loser)
    tier, _ = state.open_tier(battle)
    for name in chosen:
        if name not in tier:
            raise _ineligible(name, tier, tiers, loser, state)
    return [draft(RegionTransferred, round=state.round, region=name, from_player=loser, to_player=winner,
                  battle=battle.to_region, forced=False) for name in chosen]


def _ineligible(name: str, tier: list[str], tiers, loser: str, state: State) -> RuleViolation:
    if any(name in t for t in tiers):
        return RuleViolation("BC-7.2", f"{name} comes from a lower tier: first take {', '.join(tier)}")
    if state.control[name] != loser:
        return RuleViolation("BC-7.2", f"{name} is not {loser}'s region, so it cannot be gained from him")
    if name in interpretations.lower_tier_exclusions(state.involved, state.gained_this_round):
        return RuleViolation("BC-7.2", f"{name} is involved in an attack or was already gained this round")
    return RuleViolation("BC-7.2", f"{name} is not adjacent to either region of the battle; choose from {', '.join(tier)}")


def consequences(state: State) -> list[Draft]:
    """What the rules force next: an automatic forfeit (BC-4.4) or a forced gain (BC-7.2)."""
    on_turn = state.on_turn
    if on_turn and not checks.legal_attacks(state, on_turn):
        return [forced(AttackForfeited, round=state.round, player=on_turn, reason="no legal attack", automatic=True)]
    battle = state.awaiting_choice
    if battle is None:
        return []
    loser = battle.result.loser
    tier, is_forced = state.open_tier(battle)
    if not is_forced:
        return []
    return [forced(RegionTransferred, round=state.round, region=name, from_player=loser,
                   to_player=battle.result.winner, battle=battle.to_region, forced=True) for name in tier]


def final_armies(state: State, who: str, main: str, ally: str | None) -> list[Draft]:
    """BC-8.4: main and (if he controls more than one culture, compulsory) ally, from his own cultures."""
    checks.check_phase(state, "final", doing="choose Final Battle armies")
    finalist = player(state, who)
    if finalist not in state.finalists:
        raise RuleViolation("BC-8.2", f"{finalist} is not a finalist; the Final Battle is {' v '.join(state.finalists)}")
    own = bc.final_cultures(state.held(finalist), state.world)
    main = _own_culture(state, finalist, main, own)
    if len(own) > 1 and ally is None:
        raise RuleViolation("BC-8.4", f"{finalist} controls more than one culture, so an ally is compulsory: "
                                      f"choose one of {', '.join(sorted(own - {main}))}")
    if ally is not None:
        ally = _own_culture(state, finalist, ally, own)
        if ally == main and interpretations.FINAL_ALLY_DIFFERS_FROM_MAIN:
            raise RuleViolation("BC-8.4", f"The ally must be another culture than the main army ({main})")
    return [draft(FinalArmiesChosen, player=finalist, main=main, ally=ally)]


def _own_culture(state: State, finalist: str, name: str, own: set[str]) -> str:
    culture = resolve("culture", name, state.world.cultures)
    if culture not in own:
        raise RuleViolation("BC-8.4", f"{finalist} controls no {culture} region; he can choose {', '.join(sorted(own))}")
    return culture


def final_result(state: State, casualties: Mapping[str, str], winner: str | None = None,
                 override: str | None = None) -> list[Draft]:
    """BC-8.4: a Final Battle's casualties, won as BC-6.1; a draw means another."""
    checks.check_phase(state, "final", doing="enter a Final Battle result")
    first, second = state.finalists
    missing = [p for p in state.finalists if p not in state.final_armies]
    if missing:
        raise RuleViolation("BC-8.4", f"{' and '.join(missing)} must first choose armies with final-armies")
    figures = {player(state, p): pct for p, pct in casualties.items()}
    if sorted(figures) != sorted(state.finalists):
        raise CampaignError(f"Give the casualties of both finalists: --casualties {first}=PCT --casualties {second}=PCT.")
    values = {p: percentage(figures[p], p) for p in state.finalists}
    stated = None if winner is None else resolve("winner", winner, [first, second, "draw"])
    if override is not None and (not override.strip() or winner is None):
        raise CampaignError("--override needs a reason and a --winner to record against the figures.")
    side = {first: 0, second: 1, "draw": checks.DRAW}.get(stated)
    checks.check_stated_winner(bc.outcome((values[first], values[second])), side, (first, second), override)
    return [draft(FinalBattleFought, number=len(state.finals) + 1, casualties=values, stated_winner=stated, override=override)]


def replay(event: CampaignEvent) -> Callable[[State], list[Draft]]:
    """The command that records `event`, to decide it again from the state before it (verify, import)."""
    return _REPLAY[type(event)](event)


def _allocation(event: RegionsAllocated) -> Callable[[State], list[Draft]]:
    if event.seed is not None:
        return lambda s: draw(s, event.seed)
    return lambda s: [allocate(s.world, list(s.players), event.allocation, None)]


def _casualties(event: FinalBattleFought) -> dict[str, str]:
    return {p: str(v) for p, v in event.casualties.items()}


_REPLAY: dict[type, Callable[[Any], Callable[[State], list[Draft]]]] = {
    RegionsAllocated: _allocation,
    AttackDeclared: lambda e: lambda s: attack(s, e.from_region, e.to_region, e.attacker),
    AttackForfeited: lambda e: lambda s: forfeit(s, e.reason, e.player),
    BattleFought: lambda e: lambda s: result(s, e.region, str(e.attacker_casualties), str(e.defender_casualties),
                                             e.stated_winner, e.override),
    RegionTransferred: lambda e: lambda s: gain(s, [e.region]),
    FinalArmiesChosen: lambda e: lambda s: final_armies(s, e.player, e.main, e.ally),
    FinalBattleFought: lambda e: lambda s: final_result(s, _casualties(e), e.stated_winner, e.override),
}
