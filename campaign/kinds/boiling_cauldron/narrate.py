"""The Boiling Cauldron's events told in one line each, and what a battle's result means."""

from __future__ import annotations

from decimal import Decimal
from functools import singledispatch

from campaign.kinds.boiling_cauldron.state import State
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
    return f"Round {event.round}: the organiser forfeits {event.player}'s attack: {event.reason}"


@describe.register
def _(event: BattleFought) -> str:
    stated = f", winner stated: {event.stated_winner}" if event.stated_winner else ""
    override = f", overriding the figures: {event.override}" if event.override else ""
    return (
        f"Round {event.round}: battle for {event.region}: attacker "
        f"{pct(event.attacker_casualties)}, "
        f"defender {pct(event.defender_casualties)} casualties{stated}{override}"
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


def battle_outcome(state: State, region: str, number: int) -> str:
    """What a recorded result means under BC-6 and BC-7: who won, by how much, how many regions are
    due."""
    battle = next(b for b in state.battles if (b.round, b.to_region) == (number, region))
    r = battle.result
    if r.winner is None:
        return f"The battle for {region} is a draw: no region changes hands (BC-6.3)."
    victor_casualties, loser_casualties = (
        (r.attacker_casualties, r.defender_casualties)
        if r.winner == battle.attacker
        else (r.defender_casualties, r.attacker_casualties)
    )
    difference = loser_casualties - victor_casualties
    due = f"{r.regions_due} region{'' if r.regions_due == 1 else 's'}"
    return (
        f"{r.winner} wins the battle for {region}, casualty difference "
        f"{difference.normalize():+f}: "
        f"{due} due from {r.loser} (BC-7.1)."
    )
