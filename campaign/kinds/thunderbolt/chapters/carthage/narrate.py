"""Carthage, each event told in one line (TB-12 to TB-14)."""

from __future__ import annotations

from campaign.kinds.thunderbolt.board.naming import who
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.carthage import (
    ArmiesTrained,
    ArmyDetached,
    ArmyPosted,
    ArmyRaised,
    ArmyReinforced,
    CitizensLost,
    CommanderAppointed,
    CommanderRecalled,
    DetachmentRejoined,
    DisbandChecked,
    ManpowerDrawn,
    ManpowerPlaced,
    ManpowerReturned,
    OCManpowerRaised,
    OverallCommanderNamed,
    PoliticsRolled,
    ProvincesLevied,
    SubordinateDrawn,
)

TOLD = ByEvent()
"""Each event of the chapter in one line, as the log and the report say it."""


@TOLD.on
def _(event: ManpowerDrawn | ManpowerPlaced) -> str:
    return (
        f"Game Turn {event.turn}: {event.sp} SP drawn from the {event.contingent} Holding Box for "
        f"{event.cause} (TB-25.2)"
    )


@TOLD.on
def _(event: CitizensLost) -> str:
    return f"Game Turn {event.turn}: {event.sp} SP of them Carthaginian Citizens (TB-29.3)"


@TOLD.on
def _(event: ManpowerReturned) -> str:
    return (
        f"Game Turn {event.turn}: {event.sp} SP back in the {event.contingent} Holding Box: "
        f"{event.reason} (TB-25.3)"
    )


@TOLD.on
def _(event: PoliticsRolled) -> str:
    drms = "".join(f" {v:+d} ({k})" for k, v in event.modifiers.items())
    adjusted = event.face + sum(event.modifiers.values())
    what = "Family in Power" if event.what == "family" else "Political Climate"
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}: {what}: die {event.face}{drms} = {adjusted}: {event.outcome} "
        f"(random event {event.number}, TB-12.1){source}"
    )


@TOLD.on
def _(event: ArmyReinforced) -> str:
    elite = f" ({event.uncounted} Citizens or Elite, not counted)" if event.uncounted else ""
    drop = f": its AER drops {event.drop}" if event.drop else ": its AER holds"
    return (
        f"Game Turn {event.turn}: {event.sp} SP join Army {event.army}{elite}{drop} "
        "(TB-14.3, TB-14.4)"
    )


@TOLD.on
def _(event: ArmyDetached) -> str:
    led = f", led by {who(event.leader)}" if event.leader else ""
    return (
        f"Game Turn {event.turn}: Army {event.army} makes Detachment {event.detachment} of "
        f"{event.sp} SP{led} (TB-13.9)"
    )


@TOLD.on
def _(event: DetachmentRejoined) -> str:
    drop = f"; it received SP away: the Army's AER drops {event.drop}" if event.received else ""
    return (
        f"Game Turn {event.turn}: Detachment {event.detachment} rejoins Army {event.army}{drop} "
        "(TB-13.9)"
    )


@TOLD.on
def _(event: OverallCommanderNamed) -> str:
    named = who(event.leader)
    return f"Game Turn {event.turn}: Carthage names {named} its Overall Commander (TB-13.7)"


@TOLD.on
def _(event: DisbandChecked) -> str:
    went = f"; its SP: {event.sp_to}" if event.sp_to else ""
    if event.face < 0:
        return f"Game Turn {event.turn}: Army {event.army} disbanded without a roll{went} (TB-12.4)"
    result = "disbanded" if event.disbanded else "stays"
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}: Army {event.army} checked for disbanding: die {event.face}, "
        f"disband on {event.low}-{event.high}: {result}{went} (random event {event.number}, "
        f"TB-12.4){source}"
    )


@TOLD.on
def _(event: CommanderAppointed) -> str:
    how = (
        "chosen from the map"
        if event.chosen
        else f"drawn blind from {len(event.candidates)} in the pool (random event {event.number})"
    )
    return (
        f"Game Turn {event.turn}: {who(event.leader)} commands Army {event.army}, {how}; its AER "
        "drops 2, never below -3 (TB-13.2, TB-14.2)"
    )


@TOLD.on
def _(event: ArmyPosted) -> str:
    return f"Game Turn {event.turn}: Army {event.army} is assigned to {event.theater} (TB-12.6)"


@TOLD.on
def _(event: ArmiesTrained) -> str:
    gains = ", ".join(f"Army {a} to {aer:+d}" for a, aer in event.armies.items())
    return f"Game Turn {event.turn}, G2: Army Efficiency gained (TB-14.7): {gains}"


@TOLD.on
def _(event: CommanderRecalled) -> str:
    if event.by_choice:
        return (
            f"Game Turn {event.turn}: Carthage recalls {who(event.leader)} from Army {event.army} "
            "by choice; Army leaderless until B2d (TB-13.4)"
        )
    head = (
        f"Game Turn {event.turn}: {who(event.leader)}'s recall roll for Army {event.army}: die "
        f"{event.face}, recall on {event.low}-{event.high}"
    )
    source = f" [{event.evidence}]" if event.evidence else ""
    if not event.recalled:
        return f"{head}: he stays (random event {event.number}, TB-13.3){source}"
    fate = "crucified, out of the game" if event.crucified else "to the pool"
    return (
        f"{head}: recalled; crucifixion die {event.crucifixion}: {fate} (random events "
        f"{event.number}-{event.number + 1}, TB-13.3, TB-13.5){source}"
    )


@TOLD.on
def _(event: ArmyRaised) -> str:
    return (
        f"Game Turn {event.turn}: Carthage raises a new Army, {event.army}: {event.sp} SP in "
        f"{event.province.capitalize()} province, its AER -3 (TB-21.1)"
    )


@TOLD.on
def _(event: ProvincesLevied) -> str:
    raised = ", ".join(f"{who(pid)} {sp}" for pid, sp in event.provinces.items())
    joins = f"Detachment {event.detachment}" if event.detachment else f"Army {event.army}"
    stated = (
        f"; {', '.join(map(who, event.stated))} off the track, controlled by the player's word"
        if event.stated
        else ""
    )
    return (
        f"Game Turn {event.turn}: {who(event.leader)}'s Manpower Operation raises {event.sp} SP "
        f"({raised}), which join {joins}{stated} (TB-28.2)"
    )


@TOLD.on
def _(event: OCManpowerRaised) -> str:
    if not event.sp:
        return (
            f"Game Turn {event.turn}: the OC {who(event.leader)}'s Manpower Operation in "
            "Carthago raises nothing (TB-28.3)"
        )
    return (
        f"Game Turn {event.turn}: the OC {who(event.leader)}'s Manpower Operation in Carthago "
        f"raises {event.sp} SP for Army {event.army} (TB-28.3)"
    )


@TOLD.on
def _(event: SubordinateDrawn) -> str:
    return (
        f"Game Turn {event.turn}: {who(event.leader)} is drawn as a Subordinate and joins Army "
        f"{event.army} (TB-28.4)"
    )
