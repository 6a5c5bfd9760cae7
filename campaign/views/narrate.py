"""Each event told in one line of the campaign's language (log, confirmations)."""

from __future__ import annotations

from decimal import Decimal
from functools import singledispatch

from events.boiling_cauldron import (
    AttackDeclared,
    AttackForfeited,
    BattleFought,
    FinalArmiesChosen,
    FinalBattleFought,
    RegionsAllocated,
    RegionTransferred,
)
from events.common import ActionsRetracted, CampaignEvent, CampaignStarted, NoteRecorded
from events.onus import (
    ArmyMustered,
    ScenarioPlayed,
    SidesTaken,
    UnitUpgraded,
    UpgradeDeclined,
)


def pct(value: Decimal) -> str:
    return f"{value.normalize():f}%"


@singledispatch
def describe(event: CampaignEvent) -> str:
    return type(event).__name__


@describe.register
def _(event: CampaignStarted) -> str:
    commitment = " (seed commitment published)" if event.seed_commitment else ""
    return f"Campaign {event.name} started with {', '.join(event.players)}{commitment}"


@describe.register
def _(event: NoteRecorded) -> str:
    return f"Note: {event.text}"


@describe.register
def _(event: ActionsRetracted) -> str:
    numbers = ", ".join(f"#{seq}" for seq in event.seqs)
    return f"Undo: events {numbers} retracted: {event.reason}"


@describe.register
def _(event: RegionsAllocated) -> str:
    held: dict[str, list[str]] = {}
    for region, player in event.allocation.items():
        held.setdefault(player, []).append(region)
    how = f"drawn with seed {event.seed!r}" if event.seed is not None else "entered from an allocation"
    return f"Regions {how}: " + "; ".join(f"{p} {', '.join(rs)}" for p, rs in held.items())


@describe.register
def _(event: AttackDeclared) -> str:
    return f"Round {event.round}: {event.attacker} attacks {event.to_region} ({event.defender}) from {event.from_region}"


@describe.register
def _(event: AttackForfeited) -> str:
    if event.automatic:
        return f"Round {event.round}: {event.player} forfeits the attack: {event.reason} (BC-4.4)"
    return f"Round {event.round}: the organiser forfeits {event.player}'s attack: {event.reason}"


@describe.register
def _(event: BattleFought) -> str:
    stated = f", winner stated: {event.stated_winner}" if event.stated_winner else ""
    override = f", overriding the figures: {event.override}" if event.override else ""
    return (f"Round {event.round}: battle for {event.region}: attacker {pct(event.attacker_casualties)}, "
            f"defender {pct(event.defender_casualties)} casualties{stated}{override}")


@describe.register
def _(event: RegionTransferred) -> str:
    how = "must take" if event.forced else "chooses"
    return f"Round {event.round}: {event.to_player} {how} {event.region} from {event.from_player} (battle for {event.battle})"


@describe.register
def _(event: FinalArmiesChosen) -> str:
    ally = f" with {event.ally} allies" if event.ally else ", no allies"
    return f"{event.player} will field {event.main}{ally} in the Final Battle"


@describe.register
def _(event: FinalBattleFought) -> str:
    figures = ", ".join(f"{p} {pct(v)}" for p, v in event.casualties.items())
    stated = f", winner stated: {event.stated_winner}" if event.stated_winner else ""
    return f"Final Battle {event.number}: casualties {figures}{stated}"


def battle_outcome(state, region: str, number: int) -> str:
    """What a recorded result means under BC-6 and BC-7: who won, by how much, how many regions are due."""
    battle = next(b for b in state.battles if (b.round, b.to_region) == (number, region))
    r = battle.result
    if r.winner is None:
        return f"The battle for {region} is a draw: no region changes hands (BC-6.3)."
    victor_casualties, loser_casualties = (
        (r.attacker_casualties, r.defender_casualties) if r.winner == battle.attacker
        else (r.defender_casualties, r.attacker_casualties))
    difference = loser_casualties - victor_casualties
    due = f"{r.regions_due} region{'' if r.regions_due == 1 else 's'}"
    return (f"{r.winner} wins the battle for {region}, casualty difference {difference.normalize():+f}: "
            f"{due} due from {r.loser} (BC-7.1).")


def side_does(side: str, verb: str) -> str:
    """`Rome upgrades`, `the enemies upgrade`."""
    return f"Rome {verb}s" if side == "rome" else f"the enemies {verb}"


@describe.register
def _(event: SidesTaken) -> str:
    reset = "; eliminated units go back to regular" if event.reset_eliminated else ""
    return f"{event.rome} plays Rome, {event.enemies} its enemies{reset}"


@describe.register
def _(event: ArmyMustered) -> str:
    units = ", ".join(f"{n} {u}" for u, n in event.units.items())
    return f"Scenario {event.scenario}: {side_does(event.side, 'muster')} {units}"


@describe.register
def _(event: ScenarioPlayed) -> str:
    facts = ", ".join(f"{k}={v}" for k, v in event.facts.items())
    extra = [f"{label} {', '.join(items)}" for label, items in (
        ("eliminated", event.eliminated), ("lost with their unit", event.lost_with_unit),
        ("wounded", event.wounded), ("officer casualties", event.officer_casualties)) if items]
    return f"Scenario {event.scenario} played: {facts}" + ("; " + "; ".join(extra) if extra else "")


@describe.register
def _(event: UnitUpgraded) -> str:
    return f"Scenario {event.scenario}: {side_does(event.side, 'upgrade')} {event.unit} to {event.status.capitalize()}"


@describe.register
def _(event: UpgradeDeclined) -> str:
    return f"Scenario {event.scenario}: {side_does(event.side, 'decline')} the upgrade"


def scenario_outcome(state, number: int) -> str:
    """Who won a scenario under ON-3.1, and the score after it."""
    played = state.results[number - 1]
    wins = {side: sum(r.winner == side for r in state.results[:number]) for side in ("rome", "enemies")}
    return (f"{side_does(played.winner, 'win')} scenario {number} ({state.side_names[played.winner]}, ON-3.1). "
            f"Score: Rome {wins['rome']}, the enemies {wins['enemies']}.")
