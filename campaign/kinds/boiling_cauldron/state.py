"""The Boiling Cauldron's state: a pure fold over the campaign's events.

`evolve(state, event)` only applies what an event records, then moves the
round on when the rules say it is over; it never checks a rule. The same
events always give the same state, whether folded one at a time or all at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum
from functools import singledispatch

from campaign.domain.drafts import AUTOMATIC_ACTOR
from campaign.kinds.boiling_cauldron import interpretations
from campaign.kinds.boiling_cauldron import rules as bc
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
from events.common import (
    CampaignEvent,
    CampaignStarted,
    NoteRecorded,
    PlayerRenamed,
    PlayerReplaced,
    PlayerWithdrew,
)
from regions import Map, parse_map


class Phase(StrEnum):
    """Where a campaign stands: BC-2's draw, BC-4's declarations, the battles, BC-8's Final."""

    ALLOCATION = "allocation"
    DECLARATION = "declaration"
    BATTLES = "battles"
    FINAL = "final"
    FINISHED = "finished"


@dataclass(frozen=True)
class Army:
    main: str
    ally: str | None


@dataclass(frozen=True)
class Result:
    attacker_casualties: Decimal
    defender_casualties: Decimal
    winner: str | None
    loser: str | None
    regions_due: int
    override: str | None
    by_arithmetic: int = 0
    """BC-7.1's count before BC-7.2 capped it at the regions that can be taken."""


@dataclass(frozen=True)
class Battle:
    """A declared attack, its armies (BC-5), and what came of it (BC-6, BC-7)."""

    round: int
    attacker: str
    defender: str
    from_region: str
    to_region: str
    attacker_army: Army
    defender_army: Army
    result: Result | None = None
    gained: tuple[str, ...] = ()
    unplayed: str | None = None
    """A battle not fought (#50: its walkover was told as a battle): `withdrawn`, the walkover
    the rules give the attacker of a player who withdrew (BC-9.6); `walkover` or `double loss`,
    what the organiser recorded for a battle not played by its deadline (BC-9.3)."""

    @property
    def regions(self) -> tuple[str, str]:
        return (self.from_region, self.to_region)

    @property
    def margin(self) -> Decimal | None:
        """BC-7.1's d: the victor's casualty difference (BC-3.2), None for a draw or no result."""
        r = self.result
        if r is None or r.winner is None:
            return None
        own, enemy = (r.attacker_casualties, r.defender_casualties)
        return bc.casualty_difference(
            *((own, enemy) if r.winner == self.attacker else (enemy, own))
        )

    @property
    def awaiting_gains(self) -> bool:
        return self.result is not None and len(self.gained) < self.result.regions_due


@dataclass(frozen=True)
class Forfeit:
    round: int
    player: str
    reason: str
    automatic: bool


@dataclass(frozen=True)
class Elimination:
    player: str
    round: int
    by: str


@dataclass(frozen=True)
class FinalBattle:
    number: int
    casualties: dict[str, Decimal]
    winner: str | None
    armies: dict[str, Army]
    override: str | None


@dataclass(frozen=True)
class State:
    name: str
    players: tuple[str, ...]
    world: Map
    seed_commitment: str | None
    phase: Phase = Phase.ALLOCATION
    seed: str | None = None
    round: int = 0
    control: dict[str, str] = field(default_factory=dict)
    round_start_control: dict[str, str] = field(default_factory=dict)
    attack_order: tuple[str, ...] = ()
    battles: tuple[Battle, ...] = ()
    forfeits: tuple[Forfeit, ...] = ()
    eliminations: tuple[Elimination, ...] = ()
    finalists: tuple[str, ...] | None = None
    final_armies: dict[str, Army] = field(default_factory=dict)
    finals: tuple[FinalBattle, ...] = ()
    winner: str | None = None
    replaced: tuple[tuple[str, str, int], ...] = ()
    """BC-9.5: (newcomer, the player he replaced, the round he took over in)."""
    withdrawn: frozenset[str] = frozenset()
    """BC-9.6: players who left with no replacement."""
    reported: dict[str, tuple[Decimal, Decimal, str, str | None]] = field(default_factory=dict)
    """Battles of the round whose result a player reported, awaiting confirmation: region →
    (attacker's casualties, defender's, who reported, who he says won where both routed)."""
    disputed: dict[str, tuple[tuple[Decimal, Decimal, str, str | None], ...]] = field(
        default_factory=dict
    )
    """Battles whose two sides reported different results (BC-6.2), for the arbiter to settle:
    region → each side's claim, as in `reported`, the first first."""

    def held(self, player: str) -> set[str]:
        return {r for r, owner in self.control.items() if owner == player}

    def holdings(self) -> dict[str, set[str]]:
        return {p: self.held(p) for p in self.players}

    @property
    def active(self) -> set[str]:
        return set(self.control.values())

    def round_battles(self, number: int | None = None) -> tuple[Battle, ...]:
        number = self.round if number is None else number
        return tuple(b for b in self.battles if b.round == number)

    def round_forfeits(self, number: int | None = None) -> tuple[Forfeit, ...]:
        number = self.round if number is None else number
        return tuple(f for f in self.forfeits if f.round == number)

    @property
    def on_turn(self) -> str | None:
        if self.phase != Phase.DECLARATION:
            return None
        done = {b.attacker for b in self.round_battles()} | {
            f.player for f in self.round_forfeits()
        }
        return next((p for p in self.attack_order if p not in done), None)

    @property
    def awaiting_choice(self) -> Battle | None:
        return next((b for b in self.round_battles() if b.awaiting_gains), None)

    def battle_at(self, region: str) -> Battle | None:
        return next((b for b in self.round_battles() if b.to_region == region), None)

    def gain_tiers(self, battle: Battle, loser: str) -> tuple[list[str], list[str], list[str]]:
        """BC-7.2: the loser's regions the victor of `battle` may gain now, tier by tier."""
        return bc.gain_tiers(
            self.world, self.control, battle.regions, loser, self.involved, self.gained_this_round
        )

    def open_tier(self, battle: Battle) -> tuple[list[str], bool]:
        """BC-7.2: the regions the awaiting victor gains next, and whether the choice is forced."""
        return bc.open_tier(
            self.gain_tiers(battle, battle.result.loser),
            battle.result.regions_due - len(battle.gained),
        )

    @property
    def standings(self) -> list[str]:
        """BC-8.5 once the campaign is won; before then, the same ranking without a winner."""
        leaders = (
            [p for p in (self.winner, *(self.finalists or ())) if p]
            if self.phase == Phase.FINISHED
            else []
        )
        eliminated = [e.player for e in self.eliminations]
        return bc.standings(leaders, self.holdings(), eliminated, self.world)

    @property
    def involved(self) -> set[str]:
        return {r for b in self.round_battles() for r in b.regions}

    @property
    def gained_this_round(self) -> set[str]:
        return {r for b in self.round_battles() for r in b.gained}


UNPLAYED = re.compile(r"Battle for (.+?): (walkover to .+?|double loss) \(BC-9\.3\): (.*)", re.S)
"""The note `commands.unplayed` records just before the result of a battle not played (BC-9.3):
the battle, how (a walkover to whom, or a double loss), the organiser's reason."""
NOT_PLAYED = {"walkover": {0, 100}, "double loss": {0}}
"""The figures BC-9.3 gives a battle not played: a walkover's 100 % to 0 %, a double loss's none."""


def start(event: CampaignStarted) -> State:
    return State(
        event.name, tuple(event.players), parse_map(event.map_source), event.seed_commitment
    )


@singledispatch
def evolve(event: CampaignEvent, state: State) -> State:
    """Events this kind does not know (notes, rulings) leave the state as it is."""
    return state


def apply(state: State, event: CampaignEvent) -> State:
    evolved = evolve(event, state)
    # An event that changed nothing (a note, a ruling) leaves a state `_advance` already moved on
    # as far as it goes: asking again would only cost its look at every battle of the round.
    return state if evolved is state else _advance(evolved)


@evolve.register
def _(event: RegionsAllocated, state: State) -> State:
    order = tuple(bc.round_one_order(event.allocation, state.players))
    control = dict(event.allocation)
    return replace(
        state,
        phase=Phase.DECLARATION,
        seed=event.seed,
        round=1,
        control=control,
        round_start_control=control,
        attack_order=order,
    )


def armies(state: State, source: str, target: str) -> tuple[Army, Army]:
    """BC-5.2/BC-5.3 for an attack from `source` on `target`, from the control at the start of
    the round (Interpretation: armies are fixed when the attack is declared)."""
    control = (
        state.round_start_control if interpretations.ARMIES_FIXED_AT_DECLARATION else state.control
    )
    world = state.world
    return (
        Army(world.culture(source), bc.allies(source, control[source], control, world)),
        Army(world.culture(target), bc.allies(target, control[target], control, world)),
    )


@evolve.register
def _(event: AttackDeclared, state: State) -> State:
    battle = Battle(
        event.round,
        event.attacker,
        event.defender,
        event.from_region,
        event.to_region,
        *armies(state, event.from_region, event.to_region),
    )
    return replace(state, battles=state.battles + (battle,))


@evolve.register
def _(event: AttackForfeited, state: State) -> State:
    forfeit = Forfeit(event.round, event.player, event.reason, event.automatic)
    return replace(state, forfeits=state.forfeits + (forfeit,))


@evolve.register
def _(event: ResultReported, state: State) -> State:
    """A report awaits the opponent's confirmation; a report of other figures by the other side
    puts the battle in dispute, both claims kept (a side's later report replaces its own)."""
    figures = (event.attacker_casualties, event.defender_casualties, event.by, event.winner)
    claims = {claim[2]: claim for claim in state.disputed.get(event.region, ())}
    earlier = state.reported.get(event.region)
    if earlier is not None:
        claims.setdefault(earlier[2], earlier)
    claims[event.by] = figures
    disputed = {r: d for r, d in state.disputed.items() if r != event.region}
    if len({(a, d, won) for a, d, _, won in claims.values()}) > 1:
        disputed[event.region] = tuple(claims.values())
    return replace(state, reported={**state.reported, event.region: figures}, disputed=disputed)


@evolve.register
def _(event: NoteRecorded, state: State) -> State:
    """BC-9.3: the organiser's note that the battle its result follows was not played."""
    said = UNPLAYED.fullmatch(event.text)
    battle = state.battle_at(said.group(1)) if said else None
    if said is None or battle is None or battle.result is not None:
        return state
    how = "double loss" if said.group(2) == "double loss" else "walkover"
    return _replace_battle(state, replace(battle, unplayed=how))


def _unplayed(battle: Battle, event: BattleFought) -> str | None:
    """How `event`'s result came, if not by a battle: the rules' walkover for a withdrawn
    defender (BC-9.6: the one result they record), or the walkover or double loss the organiser's
    note announced, where the figures are BC-9.3's."""
    if event.actor == AUTOMATIC_ACTOR:
        return "withdrawn"
    figures = {event.attacker_casualties, event.defender_casualties}
    announced = battle.unplayed
    return announced if announced and figures == NOT_PLAYED[announced] else None


@evolve.register
def _(event: BattleFought, state: State) -> State:
    state = replace(
        state,
        reported={r: f for r, f in state.reported.items() if r != event.region},
        disputed={r: d for r, d in state.disputed.items() if r != event.region},
    )
    battle = state.battle_at(event.region)
    sides = (battle.attacker, battle.defender)
    casualties = (event.attacker_casualties, event.defender_casualties)
    won = winning_side(casualties, event.stated_winner)
    result = Result(*casualties, None, None, 0, event.override)
    if won is not None:
        winner, loser = sides[won], sides[1 - won]
        margin = bc.casualty_difference(casualties[won], casualties[1 - won])
        arithmetic = _by_arithmetic(state, loser, margin)
        takeable = sum(map(len, state.gain_tiers(battle, loser)))
        result = replace(
            result,
            winner=winner,
            loser=loser,
            by_arithmetic=arithmetic,
            regions_due=min(arithmetic, takeable),
        )
    return _replace_battle(state, replace(battle, result=result, unplayed=_unplayed(battle, event)))


def winning_side(casualties: tuple[Decimal, Decimal], stated: str | None) -> int | None:
    """BC-6.2: the side the organiser stated, else the one the figures decide."""
    if stated is not None:
        return bc.Side.__members__.get(stated.upper())  # "draw": no side
    return bc.outcome(casualties).winner


def _by_arithmetic(state: State, loser: str, difference: Decimal) -> int:
    """BC-7.1: from the regions the loser held at the start of the round."""
    at_start = sum(1 for owner in state.round_start_control.values() if owner == loser)
    return bc.regions_due(difference, at_start)


@evolve.register
def _(event: RegionTransferred, state: State) -> State:
    battle = state.battle_at(event.battle)
    control = {**state.control, event.region: event.to_player}
    state = replace(state, control=control)
    if event.from_player not in control.values():
        elimination = Elimination(event.from_player, event.round, event.to_player)
        state = replace(state, eliminations=state.eliminations + (elimination,))
    return _replace_battle(state, replace(battle, gained=battle.gained + (event.region,)))


@evolve.register
def _(event: FinalArmiesChosen, state: State) -> State:
    return replace(
        state, final_armies={**state.final_armies, event.player: Army(event.main, event.ally)}
    )


@evolve.register
def _(event: FinalBattleFought, state: State) -> State:
    players = tuple(state.finalists)
    casualties = tuple(event.casualties[p] for p in players)
    if event.stated_winner in players:
        winner: str | None = event.stated_winner
    elif event.stated_winner == "draw":
        winner = None
    else:
        side = bc.outcome(casualties).winner
        winner = None if side is None else players[side]
    final = FinalBattle(
        event.number, dict(event.casualties), winner, dict(state.final_armies), event.override
    )
    armies = state.final_armies if interpretations.FINAL_ARMIES_CARRY_OVER else {}
    return replace(
        state,
        finals=state.finals + (final,),
        winner=winner,
        final_armies=armies,
        phase=Phase.FINISHED if winner else state.phase,
    )


@evolve.register
def _(event: PlayerReplaced, state: State) -> State:
    """BC-9.5: the newcomer takes the player's regions, his place in the attack order and
    everything still to come (this round's attacks and results included); earlier rounds keep
    the player's name."""
    state = renamed(state, event.player, event.by, since=state.round)
    return replace(
        state,
        replaced=(*state.replaced, (event.by, event.player, state.round)),
        withdrawn=state.withdrawn - {event.player},
    )


@evolve.register
def _(event: PlayerRenamed, state: State) -> State:
    """A typo put right: the same player under his right name, in every round."""
    state = renamed(state, event.player, event.to, since=0)
    replaced = tuple(
        (new if new != event.player else event.to, old, r) for new, old, r in state.replaced
    )
    withdrawn = frozenset(event.to if p == event.player else p for p in state.withdrawn)
    return replace(state, replaced=replaced, withdrawn=withdrawn)


@evolve.register
def _(event: PlayerWithdrew, state: State) -> State:
    return replace(state, withdrawn=state.withdrawn | {event.player})


def renamed(state: State, old: str, new: str, since: int) -> State:
    """`old` written `new` in everything of round `since` on (0: in every round)."""

    def name(who: str | None) -> str | None:
        return new if who == old else who

    def battle(b: Battle) -> Battle:
        if b.round < since:
            return b
        result = b.result and replace(
            b.result, winner=name(b.result.winner), loser=name(b.result.loser)
        )
        return replace(b, attacker=name(b.attacker), defender=name(b.defender), result=result)

    def final(f: FinalBattle) -> FinalBattle:
        return replace(
            f,
            casualties={name(p): c for p, c in f.casualties.items()},
            winner=name(f.winner),
            armies={name(p): a for p, a in f.armies.items()},
        )

    return replace(
        state,
        players=tuple(map(name, state.players)),
        control={r: name(p) for r, p in state.control.items()},
        round_start_control={r: name(p) for r, p in state.round_start_control.items()},
        attack_order=tuple(map(name, state.attack_order)),
        battles=tuple(map(battle, state.battles)),
        forfeits=tuple(
            replace(f, player=name(f.player)) if f.round >= since else f for f in state.forfeits
        ),
        eliminations=tuple(
            replace(e, player=name(e.player), by=name(e.by)) if e.round >= since else e
            for e in state.eliminations
        ),
        finalists=state.finalists and tuple(map(name, state.finalists)),
        final_armies={name(p): a for p, a in state.final_armies.items()},
        finals=tuple(map(final, state.finals)) if since == 0 else state.finals,
        winner=name(state.winner),
        reported={r: (a, d, name(by), name(w)) for r, (a, d, by, w) in state.reported.items()},
        disputed={
            r: tuple((a, d, name(by), name(w)) for a, d, by, w in claims)
            for r, claims in state.disputed.items()
        },
    )


def _replace_battle(state: State, battle: Battle) -> State:
    battles = tuple(
        battle if (b.round, b.to_region) == (battle.round, battle.to_region) else b
        for b in state.battles
    )
    return replace(state, battles=battles)


def _advance(state: State) -> State:
    """Move on from a phase that is complete: declarations → battles → next round or the end (BC-3,
    BC-8)."""
    if state.phase == Phase.DECLARATION and state.on_turn is None:
        state = replace(state, phase=Phase.BATTLES)
    if state.phase == Phase.BATTLES and all(
        b.result and not b.awaiting_gains for b in state.round_battles()
    ):
        return _end_round(state)
    return state


def _end_round(state: State) -> State:
    active = state.active
    if state.round < bc.MAX_ROUNDS and len(active) > 2:
        differences = [
            (player, bc.casualty_difference(own, enemy))
            for b in state.round_battles()
            if b.result
            for player, own, enemy in (
                (b.attacker, b.result.attacker_casualties, b.result.defender_casualties),
                (b.defender, b.result.defender_casualties, b.result.attacker_casualties),
            )
        ]
        order = tuple(bc.later_round_order(state.attack_order, differences, active))
        return replace(
            state,
            round=state.round + 1,
            phase=Phase.DECLARATION,
            round_start_control=dict(state.control),
            attack_order=order,
        )
    if len(active) == 1:
        return replace(state, phase=Phase.FINISHED, winner=next(iter(active)))
    return replace(
        state, phase=Phase.FINAL, finalists=tuple(bc.finalists(state.holdings(), state.world))
    )


def summary(state: State) -> str:
    """One line for `campaign list`."""
    if state.phase == Phase.FINISHED:
        return f"won by {state.winner}"
    if state.phase == Phase.FINAL:
        return f"Final Battle: {' v '.join(state.finalists)}"
    if state.phase == Phase.ALLOCATION:
        return "waiting for the draw"
    return f"round {state.round}, {'declarations' if state.phase == 'declaration' else 'battles'}"


def round_over(state: State, number: int) -> bool:
    """Round `number` has ended: a later round has begun, or the rounds are over (BC-3.1)."""
    return state.round > number or (
        state.phase in (Phase.FINAL, Phase.FINISHED) and state.round >= number >= 1
    )
