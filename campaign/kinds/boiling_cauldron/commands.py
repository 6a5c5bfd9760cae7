"""The Boiling Cauldron's commands: each lists the checks it runs, then says what to record.

Commands take typed values: names as typed by a user (resolved here, once, against the
campaign's own players, regions and cultures), casualties as Decimals parsed at the edge.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from campaign.domain.drafts import Draft, draft, forced
from campaign.errors import CampaignError, RuleViolation
from campaign.input import text
from campaign.input.names import resolve, resolve_all
from campaign.kinds.boiling_cauldron import checks
from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.narrate import pct, without_result
from campaign.kinds.boiling_cauldron.rules import DRAW, Side, Stated
from campaign.kinds.boiling_cauldron.state import Battle, Phase, State
from events.boiling_cauldron import (
    AttackDeclared,
    AttackForfeited,
    BattleFought,
    FinalArmiesChosen,
    FinalBattleFought,
    RegionsAllocated,
    RegionTransferred,
    ResultReported,
)
from events.common import CampaignEvent, NoteRecorded
from regions import Map


def player(state: State, name: str) -> str:
    return resolve("player", name, state.players)


def region(world: Map, name: str) -> str:
    return resolve("region", name, world.names)


# BC-2 Starting the campaign.


def allocate(
    world: Map, players: list[str], given: Mapping[str, str] | None, seed: str | None
) -> Draft:
    """BC-2: an allocation from a file, or the documented draw from a seed (a fresh one if none is
    given)."""
    checks.check_room_for_players(len(players), len(world.names))
    if given is None:
        seed = secrets.token_hex(16) if seed is None else seed
        return draft(RegionsAllocated, allocation=bc.draw(seed, players, world.names), seed=seed)
    allocation = _allocation(world, players, given)
    checks.check_allocation(allocation, players, world.names)
    return draft(RegionsAllocated, allocation={r: allocation[r] for r in world.names}, seed=None)


def _allocation(world: Map, players: list[str], given: Mapping[str, str]) -> dict[str, str]:
    allocation: dict[str, str] = {}
    for raw_region, raw_player in given.items():
        name = region(world, raw_region)
        checks.check_named_once(name, allocation)
        allocation[name] = resolve("player", str(raw_player), players)
    return allocation


def draw(state: State, seed: str) -> list[Draft]:
    """BC-2.4: reveal the seed whose SHA-256 was published when the campaign was created."""
    checks.check_not_allocated(state)
    checks.check_seed_matches(state, seed)
    return [allocate(state.world, list(state.players), None, seed)]


# BC-4 Declaring attacks.


def attack(state: State, source: str, target: str, who: str | None = None) -> list[Draft]:
    """BC-4.1 … BC-4.3: the player on turn declares an attack."""
    checks.check_phase(state, Phase.DECLARATION, doing="declare an attack")
    source, target = resolve_all("region", [source, target], state.world.names)
    checks.check_on_turn(state, None if who is None else player(state, who))
    checks.check_attack(state, state.on_turn, source, target)
    return [
        draft(
            AttackDeclared,
            round=state.round,
            attacker=state.on_turn,
            from_region=source,
            to_region=target,
            defender=state.control[target],
        )
    ]


def forfeit(state: State, reason: str, who: str | None = None) -> list[Draft]:
    """BC-4.4: the organiser forfeits the attack of the player on turn."""
    checks.check_phase(state, Phase.DECLARATION, doing="forfeit an attack")
    checks.check_on_turn(state, None if who is None else player(state, who))
    if not reason.strip():
        raise CampaignError("A forfeit needs a reason, e.g. --reason 'did not declare in time'.")
    return [
        draft(
            AttackForfeited,
            round=state.round,
            player=state.on_turn,
            reason=text.words(reason, "the reason"),
            automatic=False,
        )
    ]


# BC-6 Battle outcomes.


def result(
    state: State,
    where: str,
    attacker_pct: Decimal,
    defender_pct: Decimal,
    winner: str | None = None,
    override: str | None = None,
) -> list[Draft]:
    """BC-6.2: both sides' casualties; the winner where the figures leave it open."""
    checks.check_phase(state, Phase.BATTLES, doing="enter a battle result")
    battle = _battle(state, region(state.world, where))
    checks.check_no_choice_pending(state)
    checks.check_casualties(attacker_pct, battle.attacker)
    checks.check_casualties(defender_pct, battle.defender)
    stated = _stated(
        winner,
        {
            "attacker": Side.ATTACKER,
            "defender": Side.DEFENDER,
            battle.attacker: Side.ATTACKER,
            battle.defender: Side.DEFENDER,
        },
    )
    _check_override(override, winner)
    names = (battle.attacker, battle.defender)
    checks.check_stated_winner(bc.outcome((attacker_pct, defender_pct)), stated, names, override)
    return [
        draft(
            BattleFought,
            round=state.round,
            region=battle.to_region,
            attacker_casualties=attacker_pct,
            defender_casualties=defender_pct,
            stated_winner=_word(stated),
            override=override,
        )
    ]


def report_result(
    state: State,
    who: str,
    where: str,
    attacker_pct: Decimal,
    defender_pct: Decimal,
    winner: str | None = None,
) -> list[Draft]:
    """A player reports his own battle's casualties (BC-6.2's figures) and, where both sides
    reached a rout, who won (his opponent routed first), for his opponent or the organiser to
    confirm; a later report of his replaces his earlier one until then."""
    checks.check_phase(state, Phase.BATTLES, doing="report a battle's result")
    battle = _battle(state, region(state.world, where))
    reporter = player(state, who)
    checks.check_fought(battle, reporter)
    if battle.to_region in state.disputed:  # what the arbiter was shown stays as he saw it
        raise RuleViolation(
            "BC-6.2",
            f"The battle for {battle.to_region} is in dispute: its figures stand as both sides "
            "reported them until the arbiter settles it, or you confirm your opponent's",
        )
    checks.check_casualties(attacker_pct, battle.attacker)
    checks.check_casualties(defender_pct, battle.defender)
    sides = {battle.attacker: Side.ATTACKER, battle.defender: Side.DEFENDER}
    stated = _stated(winner, {"attacker": Side.ATTACKER, "defender": Side.DEFENDER, **sides})
    figures = bc.outcome((attacker_pct, defender_pct))
    checks.check_stated_winner(figures, stated, (battle.attacker, battle.defender), None)
    named = None if figures.decided_by_figures else (battle.attacker, battle.defender)[stated]
    return [
        draft(
            ResultReported,
            round=state.round,
            region=battle.to_region,
            attacker_casualties=attacker_pct,
            defender_casualties=defender_pct,
            by=reporter,
            winner=named,
        )
    ]


def confirm_result(
    state: State,
    who: str,
    where: str,
    shown: tuple[Decimal, Decimal, str, str | None] | None = None,
) -> list[Draft]:
    """The opponent of the player who reported confirms the figures: they become the battle's
    result, decided as `campaign result` decides it. Where he was `shown` the figures (the
    attacker's, the defender's, who reported them), he confirms those: if they changed since,
    nothing is recorded."""
    battle = _battle(state, region(state.world, where))
    confirmer = player(state, who)
    reported = state.reported.get(battle.to_region)
    if reported is None:
        raise CampaignError(f"Nobody has reported the battle for {battle.to_region} yet.")
    attacker_pct, defender_pct, by, winner = reported
    if shown is not None and tuple(shown) != reported:
        raise CampaignError(
            f"The figures for the battle for {battle.to_region} changed since your page was "
            f"drawn: {by} now reports {battle.attacker} {pct(attacker_pct)}, {battle.defender} "
            f"{pct(defender_pct)}; look at them before you confirm."
        )
    checks.check_fought(battle, confirmer)
    if confirmer == by:
        raise CampaignError(
            f"{by} reported this result; {_opponent(battle, by)} or the organiser confirms it."
        )
    return result(state, battle.to_region, attacker_pct, defender_pct, winner)


def _opponent(battle: Battle, who: str) -> str:
    return battle.defender if who == battle.attacker else battle.attacker


def unplayed(state: State, where: str, present: str | None, reason: str) -> list[Draft]:
    """BC-9.3: a battle not played by its deadline. A walkover to the side that turned up (the
    absent side routed with 100 % casualties, the other 0 %: BC-6 and BC-7 apply as to any
    victory), or with no side present a double loss (a draw: no region changes hands). The
    reason is recorded as a note just before the result, in the same append."""
    said = text.words(reason, "the reason")
    battle = _battle(state, region(state.world, where))
    if present is None:
        figures = (Decimal(0), Decimal(0))
    else:
        side = _stated(
            present,
            {
                "attacker": Side.ATTACKER,
                "defender": Side.DEFENDER,
                battle.attacker: Side.ATTACKER,
                battle.defender: Side.DEFENDER,
            },
        )
        figures = (
            (Decimal(0), Decimal(100)) if side == Side.ATTACKER else (Decimal(100), Decimal(0))
        )
    if present is None:
        how = "double loss"
    else:
        how = f"walkover to {battle.attacker if side == Side.ATTACKER else battle.defender}"
    decided = result(state, battle.to_region, *figures)
    note = draft(NoteRecorded, text=f"Battle for {battle.to_region}: {how} (BC-9.3): {said}")
    return [note, *decided]  # the note first: the result's forced gains follow the result


def _battle(state: State, where: str) -> Battle:
    battle = state.battle_at(where)
    if battle is None:
        attacking = next((b for b in state.round_battles() if b.from_region == where), None)
        hint = (
            f"; the battle from {where} is named by its defending region, {attacking.to_region}"
            if attacking
            else ""
        )
        raise CampaignError(f"No attack on {where} was declared in round {state.round}{hint}.")
    if battle.result is not None:
        raise CampaignError(
            f"The battle for {where} already has its result; to enter it again, take it back first "
            "with campaign undo --reason …"
        )
    return battle


def _stated(winner: str | None, sides: Mapping[str, Side]) -> Stated:
    """A winner as the organiser wrote it: a side's word, a player's name, or draw."""
    if winner is None:
        return None
    chosen = resolve("winner", winner, [*sides, DRAW])
    return DRAW if chosen == DRAW else sides[chosen]


def _word(stated: Stated) -> str | None:
    return stated.word if isinstance(stated, Side) else stated


def _check_override(override: str | None, winner: str | None) -> None:
    if override is not None and (not override.strip() or winner is None):
        raise CampaignError(
            "--override needs a reason and a --winner to record against the figures."
        )
    if override is not None:
        text.words(override, "the reason for the override")


# BC-7 Gaining and losing regions.


def gain(state: State, names: list[str], reason: str | None = None) -> list[Draft]:
    """BC-7.2: the victor's choice of the loser's regions, tier by tier; with a reason, the
    organiser's choice for a victor who did not make it by the deadline (BC-9.4), the reason
    recorded as a note just before, in the same append."""
    checks.check_phase(state, Phase.BATTLES, doing="gain regions")
    battle = state.awaiting_choice
    if battle is None:
        waiting = [b for b in state.round_battles() if b.result is None]
        raise CampaignError(
            f"No victor is waiting to choose regions; {without_result(state, waiting)}."
        )
    chosen = resolve_all("region", names, state.world.names)
    checks.check_each_region_once(chosen)
    checks.check_regions_due(battle, chosen)
    checks.check_eligible(state, battle, chosen)
    transfers = [_transfer(state, battle, name, forced=False) for name in chosen]
    if reason is None:
        return transfers
    said = text.words(reason, "the reason")
    victor = battle.result.winner
    note = draft(
        NoteRecorded,
        text=f"The organiser chooses for {victor}, who did not choose by the deadline (BC-9.4): "
        f"{said}",
    )
    return [note, *transfers]


def _transfer(state: State, battle: Battle, name: str, forced: bool) -> Draft:
    fields = dict(
        round=state.round,
        region=name,
        from_player=battle.result.loser,
        to_player=battle.result.winner,
        battle=battle.to_region,
        forced=forced,
    )
    return Draft(RegionTransferred, fields, automatic=forced)


def consequences(state: State) -> list[Draft]:
    """What the rules force next: a withdrawn player's forfeit or walkover (BC-9.6), an automatic
    forfeit (BC-4.4) or a forced gain (BC-7.2)."""
    on_turn = state.on_turn
    if on_turn in state.withdrawn:
        return [
            forced(
                AttackForfeited,
                round=state.round,
                player=on_turn,
                reason="withdrawn",
                automatic=True,
            )
        ]
    walkover = _withdrawn_defence(state)
    if walkover is not None:
        return [walkover]
    if on_turn and not checks.legal_attacks(state, on_turn):
        return [
            forced(
                AttackForfeited,
                round=state.round,
                player=on_turn,
                reason="no legal attack",
                automatic=True,
            )
        ]
    battle = state.awaiting_choice
    if battle is None:
        return []
    tier, is_forced = state.open_tier(battle)
    return [_transfer(state, battle, name, forced=True) for name in tier] if is_forced else []


def _withdrawn_defence(state: State) -> Draft | None:
    """BC-9.6: a battle in which a withdrawn player defends is a walkover for the attacker
    (BC-9.3: the absent side routed with 100 % casualties), once any victor's choice is made."""
    if state.phase != Phase.BATTLES or state.awaiting_choice is not None:
        return None
    battle = next(
        (b for b in state.round_battles() if b.result is None and b.defender in state.withdrawn),
        None,
    )
    if battle is None:
        return None
    return forced(
        BattleFought,
        round=state.round,
        region=battle.to_region,
        attacker_casualties=Decimal(0),
        defender_casualties=Decimal(100),
        stated_winner=None,
        override=None,
    )


# BC-8 The end.


def final_armies(state: State, who: str, main: str, ally: str | None) -> list[Draft]:
    """BC-8.4: main and (if he controls more than one culture, compulsory) ally, from his own
    cultures."""
    checks.check_phase(state, Phase.FINAL, doing="choose Final Battle armies")
    finalist = player(state, who)
    checks.check_finalist(state, finalist)
    own = bc.final_cultures(state.held(finalist), state.world)
    main = _own_culture(state, finalist, main, own)
    ally = None if ally is None else _own_culture(state, finalist, ally, own)
    checks.check_ally(finalist, main, ally, own)
    return [draft(FinalArmiesChosen, player=finalist, main=main, ally=ally)]


def _own_culture(state: State, finalist: str, name: str, own: set[str]) -> str:
    culture = resolve("culture", name, state.world.cultures)
    checks.check_own_culture(finalist, culture, own)
    return culture


def final_result(
    state: State,
    casualties: Mapping[str, Decimal],
    winner: str | None = None,
    override: str | None = None,
) -> list[Draft]:
    """BC-8.4: a Final Battle's casualties, won as BC-6.1; a draw means another."""
    checks.check_phase(state, Phase.FINAL, doing="enter a Final Battle result")
    checks.check_final_armies_chosen(state)
    values = _final_casualties(state, casualties)
    first, second = state.finalists
    stated = _stated(winner, {first: Side.ATTACKER, second: Side.DEFENDER})
    _check_override(override, winner)
    outcome = bc.outcome((values[first], values[second]))
    checks.check_stated_winner(outcome, stated, (first, second), override)
    named = stated if stated in (None, DRAW) else state.finalists[stated]
    return [
        draft(
            FinalBattleFought,
            number=len(state.finals) + 1,
            casualties=values,
            stated_winner=named,
            override=override,
        )
    ]


def _final_casualties(state: State, casualties: Mapping[str, Decimal]) -> dict[str, Decimal]:
    figures = {player(state, p): pct for p, pct in casualties.items()}
    if sorted(figures) != sorted(state.finalists):
        first, second = state.finalists
        raise CampaignError(
            f"Give the casualties of both finalists: --casualties {first}=PCT --casualties "
            f"{second}=PCT."
        )
    for finalist in state.finalists:
        checks.check_casualties(figures[finalist], finalist)
    return {p: figures[p] for p in state.finalists}


# Replay: the command that recorded each event, for `verify` and imports.


def replay(event: CampaignEvent) -> Callable[[State], list[Draft]]:
    """The command that records `event`, to decide it again from the state before it (verify,
    import)."""
    return _REPLAY[type(event)](event)


def _allocated(event: RegionsAllocated) -> Callable[[State], list[Draft]]:
    if event.seed is not None:
        return lambda s: draw(s, event.seed)
    return lambda s: [allocate(s.world, list(s.players), event.allocation, None)]


_REPLAY: dict[type, Callable[[Any], Callable[[State], list[Draft]]]] = {
    RegionsAllocated: _allocated,
    AttackDeclared: lambda e: lambda s: attack(s, e.from_region, e.to_region, e.attacker),
    AttackForfeited: lambda e: lambda s: forfeit(s, e.reason, e.player),
    BattleFought: lambda e: (
        lambda s: result(
            s, e.region, e.attacker_casualties, e.defender_casualties, e.stated_winner, e.override
        )
    ),
    RegionTransferred: lambda e: lambda s: gain(s, [e.region]),
    ResultReported: lambda e: (
        lambda s: report_result(
            s, e.by, e.region, e.attacker_casualties, e.defender_casualties, e.winner
        )
    ),
    FinalArmiesChosen: lambda e: lambda s: final_armies(s, e.player, e.main, e.ally),
    FinalBattleFought: lambda e: (
        lambda s: final_result(s, e.casualties, e.stated_winner, e.override)
    ),
}
