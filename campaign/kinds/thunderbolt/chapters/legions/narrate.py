"""Rome's Legions, each event told in one line (TB-11)."""

from __future__ import annotations

from campaign.domain.grammar import plural
from campaign.kinds.thunderbolt.board.naming import who
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.legions import (
    LegateDelivered,
    LegionsDisbanded,
    LegionsReinforced,
    LegionsRequested,
    ManpowerOperation,
    MarineRaised,
    NavalBuilt,
    SlavesRaised,
    TrainingRolled,
)

TOLD = ByEvent()
"""Each event of the chapter in one line, as the log and the report say it."""


@TOLD.on
def _(event: LegionsRequested) -> str:
    drms = "".join(f" {v:+d} ({k})" for k, v in event.modifiers.items())
    ns = f" {-2 * event.ns:+d} ({event.ns} NS)" if event.ns else ""
    adjusted = event.face - 2 * event.ns + sum(event.modifiers.values())
    source = f" [{event.evidence}]" if event.evidence else ""
    raised = (
        f"{plural(event.raised, 'Legion')} raised, {', '.join(event.legions)}, "
        f"Recruit and full, in "
        f"{who(event.province)}"
        if event.raised
        else "no Legion raised"
    )
    if event.train:
        raised += f"; {event.train} to Rome for the PU to train"
    if event.auxiliary:
        raised += f"; a {event.auxiliary} contingent of 6 SP with {event.auxiliary_to}"
    return (
        f"Game Turn {event.turn}: Rome's Legion Request with {event.in_play} Legions in play: die "
        f"{event.face}{ns}{drms} = {adjusted}: {raised} (random event {event.number}, "
        f"TB-11.4){source}"
    )


@TOLD.on
def _(event: LegionsReinforced) -> str:
    drms = "".join(f" {v:+d} ({k})" for k, v in event.modifiers.items())
    ns = f" {-2 * event.ns:+d} ({event.ns} NS)" if event.ns else ""
    adjusted = event.face - 2 * event.ns + sum(event.modifiers.values())
    given = "; ".join(
        f"{lg} " + ", ".join(f"{n} {c.replace('-', ' ')}" for c, n in classes.items())
        for lg, classes in event.given.items()
    )
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}: Rome's reinforcements instead of Legions: die {event.face}{ns}"
        f"{drms} = {adjusted}: {event.sp} SP; {given or 'none given'} (random event "
        f"{event.number}, TB-11.8){source}"
    )


@TOLD.on
def _(event: MarineRaised) -> str:
    source = f" [{event.evidence}]" if event.evidence else ""
    raised = (
        f"{event.take} Ala infantry SP in {who(event.province)}, {event.take} NS levels given up"
        if event.take
        else "nothing raised"
    )
    return (
        f"Game Turn {event.turn}: the Marine Legion: die {event.face}, its most; {raised} "
        f"(random event {event.number}, TB-11.12){source}"
    )


@TOLD.on
def _(event: TrainingRolled) -> str:
    if event.pu_left:
        return f"Game Turn {event.turn}: the PU left Rome: no Legion is trained (TB-11.9)"
    rolls = ", ".join(
        f"{lg} {face} ({'Veteran' if face >= 7 else 'Recruit'})" for lg, face in event.faces.items()
    )
    gone = f"; left Rome: {', '.join(event.left)}" if event.left else ""
    return f"Game Turn {event.turn}: the PU's training in Rome: {rolls or 'none'}{gone} (TB-11.9)"


@TOLD.on
def _(event: LegionsDisbanded) -> str:
    return f"Game Turn {event.turn}: Rome disbands Legion {', '.join(event.legions)} (TB-11.11)"


@TOLD.on
def _(event: ManpowerOperation) -> str:
    return f"Game Turn {event.turn}: {who(event.leader)} makes a Manpower Operation (TB-11.3)"


@TOLD.on
def _(event: LegateDelivered) -> str:
    joined = "; ".join(
        f"{lg} " + ", ".join(f"{n} {c.replace('-', ' ')}" for c, n in classes.items())
        for lg, classes in event.given.items()
    )
    boxes = ", ".join(event.waited)
    return (
        f"Game Turn {event.turn}: the Legate delivers from the {boxes} Holding Box(es): "
        f"{joined or 'nothing arrived'}; the boxes are emptied (TB-11.8)"
    )


@TOLD.on
def _(event: NavalBuilt) -> str:
    return (
        f"Game Turn {event.turn}: Rome built {plural(event.levels, 'NS level')} (TB-11.4, TB-18.7)"
    )


@TOLD.on
def _(event: SlavesRaised) -> str:
    placed = ", ".join(
        f"{lg} in {who(where)}" for lg, where in zip(event.legions, event.provinces, strict=True)
    )
    return (
        f"Game Turn {event.turn}: the Slave Legions raised in a Major Emergency, each 8 Ala "
        f"infantry with 6 Italian Auxiliary SP: {placed} (TB-11.13)"
    )
