"""The tribes, each event told in one line (TB-23, TB-24)."""

from __future__ import annotations

from campaign.domain.grammar import plural
from campaign.kinds.thunderbolt.board import rules
from campaign.kinds.thunderbolt.board.guile import told_use
from campaign.kinds.thunderbolt.board.naming import who
from campaign.kinds.thunderbolt.board.tribes import VICTORY_LEVY
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.tribes import (
    GuileSpent,
    TribeFought,
    TribeLevied,
    TribeMustered,
    TribeParleyed,
    TribeRevolted,
    TribeRolled,
    TribeSwayed,
)

TOLD = ByEvent()
"""Each event of the chapter in one line, as the log and the report say it."""

SIDES = {**rules.SIDES, "neutral": "Neutral", "tribe": "the tribe"}
"""The sides as told (TB-1.1's), a Neutral tribe's allegiance, a tribe as a battle's winner."""


@TOLD.on
def _(event: TribeRolled) -> str:
    what = "Depletion Recovery" if event.step == "B4a" else "Pacification Removal"
    if event.face < 0:
        return (
            f"Game Turn {event.turn}: {who(event.tribe)}, no {what} roll: {event.evidence} "
            "(TB-23.3)"
        )
    outcome = (
        ("back to full strength" if event.step == "B4a" else "Active again, still Depleted")
        if event.success
        else ("still Depleted" if event.step == "B4a" else "still Pacified")
    )
    return (
        f"Game Turn {event.turn}: {who(event.tribe)}, {what}: rolled {event.face} against "
        f"{event.target}, {outcome} (TB-23.3)"
    )


@TOLD.on
def _(event: TribeLevied) -> str:
    spent = f", {event.guile} Guile spent" if event.guile else ""
    adjusted = event.face - event.guile + VICTORY_LEVY[event.victory]
    won = {"minor": ", -1 for a Victory", "major": ", -3 for a Major Victory"}.get(
        event.victory, ""
    )
    head = (
        f"Game Turn {event.turn}: {who(event.leader)} raises troops from the {who(event.tribe)}"
        f"{spent}{won}: rolled {event.face}, {adjusted} adjusted, against Campaign Rating "
        f"{event.target}"
    )
    if event.sp_face < 0:
        return f"{head}, none come (TB-23.4)"
    if event.sp_face == 0:
        return f"{head}; then 0: no SP, the tribe stays undepleted (TB-23.4)"
    joins = f"Army {event.army}" if event.army and not event.detachment else "him"
    joins = f"Detachment {event.detachment}" if event.detachment else joins
    return (
        f"{head}; then {event.sp_face}: {event.sp} SP join {joins}, the tribe is Depleted (TB-23.4)"
    )


@TOLD.on
def _(event: TribeSwayed) -> str:
    spent = f", {event.guile} Guile spent" if event.guile else ""
    now = SIDES[event.allegiance]
    now = now if event.allegiance == "neutral" else f"allied to {now}"
    return (
        f"Game Turn {event.turn}: {who(event.leader)}'s Diplomacy with the {who(event.tribe)}"
        f"{spent}: rolled {event.face}, {event.adjusted} adjusted; the tribe is {now} (TB-23.5)"
    )


@TOLD.on
def _(event: TribeMustered) -> str:
    if not event.sp:
        return (
            f"Game Turn {event.turn}: the {who(event.tribe)} muster against "
            f"{SIDES[event.against]}: rolled 0, the attack is cancelled (TB-23.6)"
        )
    return (
        f"Game Turn {event.turn}: the {who(event.tribe)} muster {event.sp} SP against "
        f"{SIDES[event.against]} (rolled {event.face}, TB-23.6)"
    )


@TOLD.on
def _(event: TribeFought) -> str:
    if event.winner == "none":
        return (
            f"Game Turn {event.turn}: the {who(event.tribe)} and {SIDES[event.against]} fight, "
            "no winner (TB-23.6)"
        )
    major = "a Major Victory" if event.major else "a victory"
    winner = f"the {who(event.tribe)}" if event.winner == "tribe" else SIDES[event.winner]
    pacified = ": the tribe is Pacified" if event.major and event.winner == event.against else ""
    return (
        f"Game Turn {event.turn}: battle of the {who(event.tribe)} and "
        f"{SIDES[event.against]}: {major} for {winner}{pacified} (TB-23.6)"
    )


@TOLD.on
def _(event: TribeRevolted) -> str:
    if event.ended:
        return f"Game Turn {event.turn}: the {who(event.tribe)} are no longer In Revolt (TB-23.7)"
    return f"Game Turn {event.turn}: the {who(event.tribe)} are In Revolt (TB-23.7)"


@TOLD.on
def _(event: TribeParleyed) -> str:
    outcome = "the attack is cancelled" if event.cancelled else "the attack takes place"
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}: {who(event.leader)} parleys with the {who(event.tribe)}, "
        f"{event.guile} Guile spent: rolled {event.face}, {event.face + event.guile} adjusted "
        f"against Aggression Rating {event.target}: {outcome} (random event {event.number}, "
        f"TB-24.2){source}"
    )


@TOLD.on
def _(event: GuileSpent) -> str:
    return (
        f"Game Turn {event.turn}: {who(event.leader)} spends "
        f"{plural(event.points, 'Guile Point')} on {told_use(event.use)}"
    )
