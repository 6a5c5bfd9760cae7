"""The Boiling Cauldron's events told in one line each, and what a battle's result means."""

from __future__ import annotations

from decimal import Decimal
from functools import singledispatch

from campaign.domain.deadlines import DEADLINE_ACTOR
from campaign.domain.drafts import AUTOMATIC_ACTOR
from campaign.domain.grammar import listing, plural, possessive
from campaign.kinds.boiling_cauldron.state import Battle, Phase, Result, State
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
from events.common import CampaignEvent


def pct(value: Decimal) -> str:
    return f"{value.normalize():f}%"


@singledispatch
def describe(event: CampaignEvent) -> str:
    return type(event).__name__


@describe.register
def _(event: RegionsAllocated) -> str:
    held: dict[str, list[str]] = {}
    for region, player in event.allocation.items():
        held.setdefault(player, []).append(region)
    how = (
        f"drawn with seed {event.seed!r}"
        if event.seed is not None
        else "entered from an allocation"
    )
    return f"Regions {how}: " + "; ".join(f"{p} {', '.join(rs)}" for p, rs in held.items())


@describe.register
def _(event: AttackDeclared) -> str:
    return (
        f"Round {event.round}: {event.attacker} attacks {event.to_region} ({event.defender}) "
        f"from {event.from_region}"
    )


@describe.register
def _(event: AttackForfeited) -> str:
    if event.automatic:
        return f"Round {event.round}: {event.player} forfeits the attack: {event.reason} (BC-4.4)"
    if event.actor == DEADLINE_ACTOR:
        return (
            f"Round {event.round}: {event.player} forfeits the attack: the deadline passed (BC-9.2)"
        )
    return (
        f"Round {event.round}: the organiser forfeits {possessive(event.player)} attack: "
        f"{event.reason}"
    )


@describe.register
def _(event: BattleFought) -> str:
    if event.actor == AUTOMATIC_ACTOR:  # the one result the rules record (#50: told as figures)
        return (
            f"Round {event.round}: battle for {event.region}: a walkover to the attacker, the "
            "defender having withdrawn from the campaign (BC-9.6, BC-9.3)"
        )
    stated = f", winner stated: {event.stated_winner}" if event.stated_winner else ""
    override = f", overriding the figures: {event.override}" if event.override else ""
    return (
        f"Round {event.round}: battle for {event.region}: attacker "
        f"{pct(event.attacker_casualties)}, "
        f"defender {pct(event.defender_casualties)} casualties{stated}{override}"
    )


@describe.register
def _(event: ResultReported) -> str:
    return (
        f"Round {event.round}: {event.by} reports the battle for {event.region}: attacker "
        f"{pct(event.attacker_casualties)}, defender {pct(event.defender_casualties)} "
        "casualties"
        + (f", both routed, {event.winner} won" if event.winner else "")
        + ", to be confirmed"
    )


@describe.register
def _(event: RegionTransferred) -> str:
    how = "must take" if event.forced else "chooses"
    return (
        f"Round {event.round}: {event.to_player} {how} {event.region} from "
        f"{event.from_player} (battle for {event.battle})"
    )


@describe.register
def _(event: FinalArmiesChosen) -> str:
    ally = f" with {event.ally} allies" if event.ally else ", no allies"
    return f"{event.player} will field {event.main}{ally} in the Final Battle"


@describe.register
def _(event: FinalBattleFought) -> str:
    figures = ", ".join(f"{p} {pct(v)}" for p, v in event.casualties.items())
    stated = f", winner stated: {event.stated_winner}" if event.stated_winner else ""
    return f"Final Battle {event.number}: casualties {figures}{stated}"


def unplayed(how: str, winner: str | None, loser: str | None) -> str:
    """A battle not played as every view tells it, without figures (#50: a withdrawn player's
    walkover was told as casualties of 0 % and 100 %): BC-9.6's walkover, BC-9.3's walkover and
    double loss (`Battle.unplayed`), in the report's words."""
    if how == "withdrawn":
        return f"walkover to {winner}: {loser} withdrew from the campaign (BC-9.6, BC-9.3)"
    if how == "walkover":
        return f"walkover to {winner}, {loser} absent (BC-9.3)"
    return "double loss: neither side played (BC-9.3)"


def battle_outcome(state: State, region: str, number: int) -> str:
    """What a recorded result means under BC-6 and BC-7: who won, by how much, how many regions are
    due, and why fewer when BC-7.2 leaves fewer to take. A walkover, which nobody fought, as a
    walkover: a withdrawn defender's (BC-9.6) or the organiser's (BC-9.3), not as the casualty
    difference its figures make (#50: "casualty difference +100"); a double loss as the draw
    BC-9.3 counts it."""
    battle = next(b for b in state.battles if (b.round, b.to_region) == (number, region))
    r = battle.result
    if battle.unplayed in ("withdrawn", "walkover"):
        return f"The battle for {region}: {unplayed(battle.unplayed, r.winner, r.loser)}; {_due(r)}"
    if r.winner is None:
        return f"The battle for {region} is a draw: no region changes hands (BC-6.3)."
    difference = battle.margin.normalize()
    return (
        f"{r.winner} wins the battle for {region}, casualty difference {difference:+f}: {_due(r)}"
    )


def without_result(state: State, battles: list[Battle]) -> str:
    """The round's battles without a result as they stand (BC-6.2): still to be fought, or
    reported and awaiting the other side's confirmation, or disputed and awaiting the arbiter's
    ruling (#50: a reported or disputed battle was listed as still to be fought)."""
    claimed = [b for b in battles if b.to_region in state.reported or b.to_region in state.disputed]
    unfought = [b.to_region for b in battles if b not in claimed]
    told = [_claimed(state, b) for b in claimed]
    if unfought:
        battle = "battle" if len(unfought) == 1 else "battles"
        told.insert(0, f"the {battle} still to be fought: {listing(unfought)}")
    return "; ".join(told) or "every battle of the round has its result"


def _claimed(state: State, battle: Battle) -> str:
    """`the battle for Kent, reported by Cid, awaiting Dag's confirmation (BC-6.2)`, or reported
    by one side and disputed by the other, awaiting the arbiter's ruling."""
    where = battle.to_region
    made = state.disputed.get(where)
    if made:
        first, *others = (claim[2] for claim in made)
        return (
            f"the battle for {where}, reported by {first} and disputed by {listing(others)}, "
            "awaiting the arbiter's ruling (BC-6.2)"
        )
    by = state.reported[where][2]
    other = battle.defender if by == battle.attacker else battle.attacker
    return (
        f"the battle for {where}, reported by {by}, awaiting {possessive(other)} confirmation "
        "(BC-6.2)"
    )


def _due(r: Result) -> str:
    """BC-7.1's regions due from the loser, and BC-7.2's cap where it leaves fewer to take."""
    if r.regions_due < r.by_arithmetic:
        return (
            f"{plural(r.by_arithmetic, 'region')} due from {r.loser} by BC-7.1; only "
            f"{r.regions_due} can be taken (BC-7.2)."
        )
    return f"{plural(r.regions_due, 'region')} due from {r.loser} (BC-7.1)."


def elimination(state: State, event: RegionTransferred) -> str | None:
    """BC-7.3, told by the command that caused it."""
    if state.held(event.from_player):
        return None
    return f"{event.from_player} holds no region any more and is out of the campaign (BC-7.3)."


def rounds_moved_on(state: State, round_number: int) -> str | None:
    """The end of a round, told by the event that ended it: the next round's attack order (BC-3.2),
    or the Final Battle and how its finalists were found (BC-3.1, BC-8.2, BC-8.3)."""
    if state.round > round_number:
        order = ", ".join(state.attack_order)
        return f"Round {round_number} is over. Round {state.round} attack order (BC-3.2): {order}."
    if state.phase == Phase.FINISHED and not state.finals:
        return f"{state.winner} holds every region and wins the campaign (BC-8.1)."
    if state.phase == Phase.FINAL and not state.finals and not state.final_armies:
        return (
            f"The rounds are over: {listing(list(state.finalists))} fight the Final "
            f"Battle{_tie(state)}."
        )
    return None


def _tie(state: State) -> str:
    """BC-8.3: say so when the westernmost region broke a tie for the second place."""
    held = {p: len(state.held(p)) for p in state.players if state.held(p)}
    if len(held) <= 2:
        return " (BC-8.2)"
    second = state.finalists[1]
    tied = [p for p, n in held.items() if n == held[second] and p not in state.finalists]
    if not tied:
        return " (BC-8.3: the most regions)"
    return (
        f" (BC-8.3): {listing([second, *tied])} hold {plural(held[second], 'region')} each, and "
        f"{possessive(second)} westernmost region lies further west"
    )


def final_outcome(state: State, number: int) -> str:
    """BC-8.4: a Final Battle won ends the campaign; a draw means another, armies chosen again."""
    final = state.finals[number - 1]
    if final.winner:
        return f"{final.winner} wins Final Battle {number} and the campaign (BC-8.4)."
    return (
        f"Final Battle {number} is a draw: Final Battle {number + 1} follows, and the finalists "
        "may choose their armies again (BC-8.4)."
    )
