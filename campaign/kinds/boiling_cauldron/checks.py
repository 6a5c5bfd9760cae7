"""The Boiling Cauldron's checks: one small function per rule, named for what it checks,
raising a `RuleViolation` that cites the rule in the rulebook's words. A command lists the
checks it runs (`commands.py`); `verify` and import run the same commands again."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from decimal import Decimal

from campaign.domain.grammar import plural
from campaign.errors import RuleViolation
from campaign.input.names import folded
from campaign.kinds.boiling_cauldron import interpretations
from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.rules import DRAW, Stated
from campaign.kinds.boiling_cauldron.state import Battle, Phase, State

PHASE_WORDS = {
    Phase.ALLOCATION: "the regions have not been allocated yet",
    Phase.DECLARATION: "attacks are being declared",
    Phase.BATTLES: "the battles of the round are being fought",
    Phase.FINAL: "the Final Battle is being fought",
    Phase.FINISHED: "the campaign is over",
}


# BC-2 Starting the campaign.


def check_players(players: list[str]) -> None:
    """BC-2.1: three or more players, each named once."""
    repeated = sorted({p for p, n in Counter(folded(p) for p in players).items() if n > 1})
    if repeated:
        raise RuleViolation("BC-2.1", f"Each player is named once; repeated: {', '.join(repeated)}")
    if len(players) < bc.MIN_PLAYERS:
        raise RuleViolation(
            "BC-2.1", f"The Boiling Cauldron needs three or more players, not {len(players)}"
        )


def check_room_for_players(players: int, regions: int) -> None:
    """BC-2.1: every player starts with a region."""
    if players > regions:
        raise RuleViolation("BC-2.1", f"{players} players cannot share {regions} regions")


def check_allocation(
    allocation: Mapping[str, str], players: list[str], regions: tuple[str, ...]
) -> None:
    """BC-2.1/BC-2.2: an allocation made elsewhere names every region once and respects the
    shares."""
    missing = [r for r in regions if r not in allocation]
    if missing:
        raise RuleViolation(
            "BC-2.2", f"The allocation does not give {', '.join(missing)} to anyone"
        )
    counts = Counter(allocation[r] for r in regions)
    shares = bc.fair_shares(len(players), len(regions))
    if Counter(counts[p] for p in players) != shares:
        held = ", ".join(f"{p} {counts[p]}" for p in players)
        wanted = ", ".join(str(n) for n in sorted(shares.elements(), reverse=True))
        raise RuleViolation(
            "BC-2.1", f"Shares must differ by at most one ({wanted}); the allocation gives {held}"
        )


def check_named_once(region: str, allocation: Mapping[str, str]) -> None:
    """BC-2.2: an allocation gives each region once."""
    if region in allocation:
        raise RuleViolation("BC-2.2", f"The allocation names {region} twice")


def check_not_allocated(state: State) -> None:
    """BC-2.2: the regions are allocated once."""
    if state.phase != Phase.ALLOCATION:
        check_phase(state, Phase.DECLARATION, Phase.BATTLES, Phase.FINAL, doing="draw the regions")
        raise RuleViolation(
            "BC-2.2", "The regions have already been allocated, and they are allocated once"
        )


def check_seed_matches(state: State, seed: str) -> None:
    """BC-2.4: the revealed seed is the one whose SHA-256 was published."""
    if state.seed_commitment and bc.seed_commitment(seed) != state.seed_commitment.lower():
        raise RuleViolation("BC-2.4", "That seed does not match the published seed commitment")


# The phases of a campaign (BC-2.4, BC-4, BC-8).


def check_phase(state: State, *phases: Phase, doing: str) -> None:
    """A command belongs to a phase: the draw, declarations, battles, the Final."""
    if state.phase == Phase.FINISHED:
        raise RuleViolation(
            "BC-8",
            f"The campaign is over: {state.winner} has won it, so there is nothing left to {doing}",
        )
    if state.phase == Phase.ALLOCATION and Phase.ALLOCATION not in phases:
        raise RuleViolation(
            "BC-2.4", f"Cannot {doing} yet: the regions have not been drawn (campaign draw --seed)"
        )
    if state.phase == Phase.FINAL and Phase.FINAL not in phases:
        raise RuleViolation(
            "BC-3.1", f"Cannot {doing}: the rounds are over and the Final Battle is next"
        )
    if state.phase not in phases:
        rule = "BC-4" if {Phase.DECLARATION, Phase.BATTLES} & {state.phase, *phases} else "BC-8"
        raise RuleViolation(rule, f"Cannot {doing} now: {PHASE_WORDS[state.phase]}")


def check_on_turn(state: State, player: str | None) -> None:
    """BC-2.3, BC-3.2: only the player on turn declares (when the command names one)."""
    if player is not None and player != state.on_turn:
        rule = "BC-2.3" if state.round == 1 else "BC-3.2"
        raise RuleViolation(rule, f"It is {state.on_turn}'s turn to attack, not {player}'s")


# BC-4 Declaring attacks: each check is (state, player, source, target) → None, or raises.

AttackCheck = Callable[[State, str, str, str], None]


def attacks_from_his_own_region(state: State, player: str, source: str, target: str) -> None:
    """BC-4.1: an attacking region he controls."""
    if state.control[source] != player:
        raise RuleViolation(
            "BC-4.1", f"{player} does not control {source}, so cannot attack from it"
        )


def attacks_from_a_region_not_involved(state: State, player: str, source: str, target: str) -> None:
    """BC-4.1: not already involved in an attack this round."""
    if source in state.involved:
        raise RuleViolation("BC-4.1", f"{source} is already involved in an attack this round")


def attacks_a_region_he_does_not_control(
    state: State, player: str, source: str, target: str
) -> None:
    """BC-4.1: a defending region he does not control."""
    if state.control[target] == player:
        raise RuleViolation("BC-4.1", f"{target} is {player}'s own region")


def attacks_an_adjacent_region(state: State, player: str, source: str, target: str) -> None:
    """BC-4.1: adjacent (BC-1.1) to the attacking region."""
    if not state.world.adjacent(source, target):
        raise RuleViolation(
            "BC-4.1", f"{target} is not adjacent to {source}: no land border, and not both coastal"
        )


def attacks_a_region_not_involved(state: State, player: str, source: str, target: str) -> None:
    """BC-4.1: a defending region not already involved in an attack this round."""
    if target in state.involved:
        raise RuleViolation("BC-4.1", f"{target} is already involved in an attack this round")


def attacks_a_player_not_yet_attacked(state: State, player: str, source: str, target: str) -> None:
    """BC-4.2: a player can be attacked only once in a round."""
    defender = state.control[target]
    if defender in {b.defender for b in state.round_battles()}:
        raise RuleViolation("BC-4.2", f"{defender} has already been attacked this round")


def does_not_attack_his_attacker(state: State, player: str, source: str, target: str) -> None:
    """BC-4.3: a player cannot attack the player who has already attacked him this round."""
    defender = state.control[target]
    if defender in {b.attacker for b in state.round_battles() if b.defender == player}:
        raise RuleViolation(
            "BC-4.3",
            f"{player} cannot attack {defender}, who has already attacked {player} this round",
        )


ATTACK_CHECKS: tuple[AttackCheck, ...] = (
    attacks_from_his_own_region,
    attacks_from_a_region_not_involved,
    attacks_a_region_he_does_not_control,
    attacks_an_adjacent_region,
    attacks_a_region_not_involved,
    attacks_a_player_not_yet_attacked,
    does_not_attack_his_attacker,
)
"""BC-4.1 … BC-4.3, in the order a refusal names them (BC-4.5: every refusal names its rule)."""


def check_attack(state: State, player: str, source: str, target: str) -> None:
    for check in ATTACK_CHECKS:
        check(state, player, source, target)


def attack_refusal(state: State, player: str, source: str, target: str) -> RuleViolation | None:
    """Why `player` may not attack `target` from `source`, or None if he may."""
    try:
        check_attack(state, player, source, target)
    except RuleViolation as refusal:
        return refusal
    return None


def legal_attacks(state: State, player: str) -> list[tuple[str, str]]:
    """BC-4.1: every (attacking region, defending region) open to `player` now."""
    return [
        (source, target)
        for source in sorted(state.held(player))
        for target in sorted(state.world.adjacent_regions(source))
        if attack_refusal(state, player, source, target) is None
    ]


# BC-6 Battle outcomes.


def check_casualties(value: Decimal, who: str) -> None:
    """BC-6.2: a casualty percentage from 0 to 100."""
    if not value.is_finite() or not Decimal(0) <= value <= Decimal(100):
        raise RuleViolation(
            "BC-6.2", f"{who}'s casualties must be a percentage from 0 to 100, not {value}"
        )


def check_stated_winner(
    outcome: bc.Outcome, stated: Stated, names: tuple[str, str], override: str | None
) -> None:
    """BC-6.2: a stated winner must agree with the figures unless the organiser overrides with a
    reason."""
    if override:
        return
    if not outcome.decided_by_figures and stated in (None, DRAW):
        raise RuleViolation(
            "BC-6.2",
            f"Both sides reached a rout: say who routed first with --winner ({names[0]} or "
            f"{names[1]})",
        )
    if (
        outcome.decided_by_figures
        and stated is not None
        and (None if stated == DRAW else stated) != outcome.winner
    ):
        said = "a draw" if stated == DRAW else f"a win for {names[stated]}"
        found = "a draw" if outcome.winner is None else f"a win for {names[outcome.winner]}"
        raise RuleViolation(
            "BC-6.1",
            f"The casualties make this {found}, not {said}; use --override REASON to record "
            "otherwise",
        )


# BC-7 Gaining and losing regions.


def check_no_choice_pending(state: State) -> None:
    """BC-7.2 (Interpretation ONE_CHOICE_AT_A_TIME): a victor's choice is made before the next
    result."""
    pending = state.awaiting_choice
    if pending and interpretations.ONE_CHOICE_AT_A_TIME:
        due = pending.result.regions_due - len(pending.gained)
        raise RuleViolation(
            "BC-7.2",
            f"{pending.result.winner} must first choose {plural(due, 'region')} to gain from the "
            f"battle for {pending.to_region}",
        )


def check_each_region_once(chosen: list[str]) -> None:
    """BC-7.2: each region is gained once."""
    if len(set(chosen)) != len(chosen):
        raise RuleViolation("BC-7.2", "Each region can be gained once")


def check_regions_due(battle: Battle, chosen: list[str]) -> None:
    """BC-7.1: never more regions than are due."""
    still_due = battle.result.regions_due - len(battle.gained)
    if len(chosen) > still_due:
        winner, loser = battle.result.winner, battle.result.loser
        raise RuleViolation(
            "BC-7.1",
            f"{winner} gains {plural(still_due, 'more region', 'more regions')} from {loser}, "
            f"not {len(chosen)}",
        )


def check_eligible(state: State, battle: Battle, chosen: list[str]) -> None:
    """BC-7.2: the regions come from the open tier."""
    tier, _ = state.open_tier(battle)
    for name in chosen:
        if name not in tier:
            raise _ineligible(state, battle, name, tier)


def _ineligible(state: State, battle: Battle, name: str, tier: list[str]) -> RuleViolation:
    loser = battle.result.loser
    if any(name in t for t in state.gain_tiers(battle, loser)):
        return RuleViolation(
            "BC-7.2", f"{name} comes from a lower tier: first take {', '.join(tier)}"
        )
    if state.control[name] != loser:
        return RuleViolation(
            "BC-7.2", f"{name} is not {loser}'s region, so it cannot be gained from {loser}"
        )
    if name in interpretations.lower_tier_exclusions(state.involved, state.gained_this_round):
        return RuleViolation(
            "BC-7.2", f"{name} is involved in an attack or was already gained this round"
        )
    return RuleViolation(
        "BC-7.2",
        f"{name} is not adjacent to either region of the battle; choose from {', '.join(tier)}",
    )


# BC-8 The end.


def check_finalist(state: State, player: str) -> None:
    """Only the finalists fight the Final Battle; a refusal cites the rule that left `player` out:
    BC-7.3 (eliminated), BC-8.3 (fewer regions, or the westernmost tie-break), BC-8.2."""
    if player in state.finalists:
        return
    final = " v ".join(state.finalists)
    out = next((e for e in state.eliminations if e.player == player), None)
    if out is not None:
        raise RuleViolation(
            "BC-7.3", f"{player} was eliminated in round {out.round}; the Final Battle is {final}"
        )
    if len(state.active) > 2:
        raise RuleViolation(
            "BC-8.3",
            f"{player} is not among the two holding the most regions "
            "(ties to "
            f"the westernmost); the Final Battle is {final}",
        )
    raise RuleViolation("BC-8.2", f"{player} is not a finalist; the Final Battle is {final}")


def check_own_culture(player: str, culture: str, own: set[str]) -> None:
    """BC-8.4: armies from the cultures of regions he controls."""
    if culture not in own:
        raise RuleViolation(
            "BC-8.4",
            f"{player} controls no {culture} region; the choice is {', '.join(sorted(own))}",
        )


def check_ally(player: str, main: str, ally: str | None, own: set[str]) -> None:
    """BC-8.4: an ally is compulsory for a finalist of two or more cultures, and (ours) not his main
    army's."""
    if len(own) > 1 and ally is None:
        raise RuleViolation(
            "BC-8.4",
            f"{player} controls more than one culture, so an ally is compulsory: "
            f"choose one of {', '.join(sorted(own - {main}))}",
        )
    if ally == main and interpretations.FINAL_ALLY_DIFFERS_FROM_MAIN:
        raise RuleViolation(
            "BC-8.4", f"The ally must be another culture than the main army ({main})"
        )


def check_final_armies_chosen(state: State) -> None:
    """BC-8.4: each finalist picks his armies before the Final Battle."""
    missing = [p for p in state.finalists if p not in state.final_armies]
    if missing:
        raise RuleViolation(
            "BC-8.4", f"{' and '.join(missing)} must first choose armies with final-armies"
        )


def check_leaving(state: State, player: str, how: str) -> None:
    """BC-9.5 and BC-9.6: a player still in the campaign may be replaced, or withdraw once; the
    eliminated have nothing left to take over (BC-7.3), and a won campaign nothing to come."""
    rule = "BC-9.5" if how == "replaced" else "BC-9.6"
    if state.phase == Phase.FINISHED:
        raise RuleViolation(rule, f"The campaign is over: {state.winner} has won it")
    out = next((e for e in state.eliminations if e.player == player), None)
    if out is not None:
        raise RuleViolation(
            rule,
            f"{player} was eliminated in round {out.round}; nothing is still to come for {player}",
        )
    if how == "withdrawn" and player in state.withdrawn:
        raise RuleViolation(rule, f"{player} has already withdrawn")


def check_fought(battle: Battle, player: str) -> None:
    """BC-6.2: a battle's result is reported and confirmed by the two players who fought it."""
    if player not in (battle.attacker, battle.defender):
        raise RuleViolation(
            "BC-6.2",
            f"Only {battle.attacker} and {battle.defender}, who fought for {battle.to_region}, "
            "report and confirm its result",
        )
