"""Rome's magistrates, each event told in one line (TB-6 to TB-8)."""

from __future__ import annotations

from campaign.kinds.thunderbolt.board.naming import who
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.magistrates import (
    AssignmentNamed,
    ExtraordinaryDisbanded,
    GovernorDesignated,
    ImperiumGiven,
    MagistrateElected,
    MagistrateProrogued,
    MagistrateReleased,
    OfficeLeftEmpty,
    PlutoVisited,
)

TOLD = ByEvent()
"""Each event of the chapter in one line, as the log and the report say it."""


def assignment(theater: str | None, province: str | None) -> str:
    if province:
        return f", assigned to {who(province)}"
    return f", assigned to {theater}" if theater else ""


@TOLD.on
def _(event: MagistrateProrogued) -> str:
    if event.forced and event.theater:  # TB-27.6: kept in Macedonia after its war
        return (
            f"Game Turn {event.turn}: {who(event.leader)}, with his Legions in the {event.theater} "
            f"Holding Box after the war's end, is prorogued as {event.office} (TB-27.6)"
        )
    if event.forced:
        return (
            f"Game Turn {event.turn}: {who(event.leader)}, besieged in a city that is neither a "
            f"port nor Rome, is prorogued as {event.office} with his Legions (TB-7.4)"
        )
    return (
        f"Game Turn {event.turn}: {who(event.leader)} prorogued as {event.office}"
        f"{assignment(event.theater, event.province)} (TB-7.2)"
    )


@TOLD.on
def _(event: AssignmentNamed) -> str:
    return (
        f"Game Turn {event.turn}: {who(event.leader)}"
        f"{assignment(event.theater, event.province)} (TB-7.4)"
    )


@TOLD.on
def _(event: GovernorDesignated) -> str:
    return (
        f"Game Turn {event.turn}: Praetor {who(event.leader)} designated governor, assigned to "
        f"{who(event.province)} (TB-8.6)"
    )


@TOLD.on
def _(event: ExtraordinaryDisbanded) -> str:
    return (
        f"Game Turn {event.turn}: B1c ends with no Emergency: Legion "
        f"{' and '.join(event.legions)} disbanded (TB-8.8)"
    )


@TOLD.on
def _(event: MagistrateReleased) -> str:
    return f"Game Turn {event.turn}: {who(event.leader)} released from office (TB-7.5)"


@TOLD.on
def _(event: PlutoVisited) -> str:
    drms = "".join(f" {v:+d} ({k})" for k, v in event.modifiers.items())
    first = f"die {event.faces[0]}{drms} = {event.faces[0] + sum(event.modifiers.values())}"
    second = f", a casualty's die {event.faces[1]}" if len(event.faces) > 1 else ""
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}, A Visit from Pluto: {who(event.leader)}: {first}{second}: "
        f"{event.outcome} (random event {event.number}, TB-7.7){source}"
    )


@TOLD.on
def _(event: MagistrateElected) -> str:
    how = (
        "chosen from the Triumph Holding Box"
        if event.chosen
        else f"drawn from {len(event.candidates)} in the pool (random event {event.number})"
    )
    army = (
        f", with CA {event.ca}"
        if event.ca
        else f", with Legion{'s' if len(event.legions) > 1 else ''} {', '.join(event.legions)}"
        if event.legions
        else ""
    )
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}: {who(event.leader)} elected {event.office}, {how}{army}"
        f"{assignment(event.theater, event.province)} (TB-8){source}"
    )


@TOLD.on
def _(event: ImperiumGiven) -> str:
    if not event.legions:
        return f"Game Turn {event.turn}: Consul {who(event.leader)} stands in Rome without Imperium"
    army = f"CA {event.ca}" if event.ca else f"a new CA of Legions {', '.join(event.legions)}"
    return (
        f"Game Turn {event.turn}: Consul {who(event.leader)} takes {army}"
        f"{assignment(event.theater, None)} (TB-8.3)"
    )


@TOLD.on
def _(event: OfficeLeftEmpty) -> str:
    return f"Game Turn {event.turn}: the office of {event.office} stays empty: {event.reason}"
