"""The Sequence of Play and the LAM cup, each event told in one line (TB-3, TB-4, TB-16.2)."""

from __future__ import annotations

from campaign.domain.grammar import plural
from campaign.kinds.thunderbolt.board.naming import who
from campaign.kinds.thunderbolt.board.rules import SIDES
from campaign.kinds.thunderbolt.board.sequence import STEPS
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.turn import (
    InitiativeDrawn,
    MarkerDrawn,
    PhaseGivenToPU,
    SettingsChosen,
    SidesTaken,
    StepClosed,
    StepFinished,
    TurnRevealed,
)

TOLD = ByEvent()
"""Each event of the chapter in one line, as the log and the report say it."""


DRAWN = {
    "leader": "a leader's LAM: Operations",
    "siege": "a Siege Attrition marker: Operations for siege results",
    "delivery": "a Legate or Reinforcement LAM: its delivery",
    "augury": "the Augury marker: the Augury Phase",
    "legate": "the Legate LAM: the delivery of the reinforcements waiting (TB-11.8)",
    "empty": "no LAM left: on to the Devastation Phase",
}


@TOLD.on
def _(event: SidesTaken) -> str:
    dice = (
        "committed dice (a commitment published for each Game Turn)"
        if event.dice == "committed"
        else "dice rolled at the table, entered with evidence"
    )
    return f"{event.rome} plays Rome, {event.carthage} Carthage; {dice}"


@TOLD.on
def _(event: StepFinished) -> str:
    return (
        f"Game Turn {event.turn}: {SIDES.get(event.side, event.side)} has finished {event.step} "
        f"({STEPS[event.step][0]})"
    )


@TOLD.on
def _(event: StepClosed) -> str:
    return f"Game Turn {event.turn}: the organiser closes {event.step}: {event.reason}"


@TOLD.on
def _(event: InitiativeDrawn) -> str:
    return f"Game Turn {event.turn}, Initiative: {DRAWN[event.drawn]}"


@TOLD.on
def _(event: MarkerDrawn) -> str:
    if not event.marker:
        return f"Game Turn {event.turn}, Initiative: {DRAWN['empty']} (TB-4.4)"
    _, kind, leader, _ = event.marker.split("/")
    if kind == "lam":
        what = f"{who(leader)}'s LAM: his Operations Phase"
    else:
        what = DRAWN[kind]
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}, Initiative: drawn from "
        f"{plural(len(event.candidates), 'marker')}, {what} "
        f"(random event {event.number}, TB-4.4){source}"
    )


@TOLD.on
def _(event: PhaseGivenToPU) -> str:
    return (
        f"Game Turn {event.turn}: {who(event.consul)}'s Operations Phase goes to the PU, "
        f"{who(event.pu)} (TB-4.5)"
    )


@TOLD.on
def _(event: TurnRevealed) -> str:
    grouped = " ".join(event.secret[i : i + 16] for i in range(0, len(event.secret), 16))
    return f"Game Turn {event.turn}'s dice secret is revealed: {grouped} (TB-16.2)"


@TOLD.on
def _(event: SettingsChosen) -> str:
    chosen = ", ".join(f"{k} = {v}" for k, v in event.settings.items())
    return f"The settings where the rules page leaves a choice (TB-18): {chosen}"
