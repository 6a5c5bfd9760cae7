"""The Italian Allies, each event told in one line (TB-15)."""

from __future__ import annotations

from campaign.kinds.thunderbolt.board import rules
from campaign.kinds.thunderbolt.board.naming import who
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.allies import (
    CitySacked,
    DiplomacyAttempted,
    PresenceClaimed,
    ProvinceDevastated,
    VictoryReported,
)

TOLD = ByEvent()
"""Each event of the chapter in one line, as the log and the report say it."""


@TOLD.on
def _(event: VictoryReported) -> str:
    how, side = rules.VICTORY_BY[event.cause], rules.SIDES[event.victor]
    return f"Game Turn {event.turn}: Major Victory for {side} by {how} in {event.province}"


@TOLD.on
def _(event: ProvinceDevastated) -> str:
    return f"Game Turn {event.turn}: {event.by} devastates {event.province}"


@TOLD.on
def _(event: CitySacked) -> str:
    rolls = ", ".join(f"{p} {f}" for p, f in event.faces.items()) or "no adjacent track province"
    return (
        f"Game Turn {event.turn}: Rome sacks a city in {event.province}: Roman Retribution, "
        f"dice {rolls} (TB-15.7)"
    )


@TOLD.on
def _(event: PresenceClaimed) -> str:
    return (
        f"Game Turn {event.turn}: {event.side} claims Watchful Presence in {who(event.province)} "
        f"({event.force}): 1 box toward {event.side} (TB-15.8)"
    )


@TOLD.on
def _(event: DiplomacyAttempted) -> str:
    source = f" [{event.evidence}]" if event.evidence else ""
    result = "D (-2)" if event.result == "D" else event.result
    return (
        f"Game Turn {event.turn}: Hannibal's Diplomacy in {who(event.province)}, 1 Guile spent: "
        f"die {event.face}, Ambassador Table {result} (random event {event.number}, "
        f"TB-15.6){source}"
    )
