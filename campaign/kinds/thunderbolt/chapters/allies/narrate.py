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
    return f"Game Turn {event.turn}: Major Victory for {side} by {how} in {who(event.province)}"


@TOLD.on
def _(event: ProvinceDevastated) -> str:
    by = rules.SIDES.get(event.by, event.by)
    return f"Game Turn {event.turn}: {by} devastates {who(event.province)}"


@TOLD.on
def _(event: CitySacked) -> str:
    rolls = (
        ", ".join(f"{who(p)} {f}" for p, f in event.faces.items()) or "no adjacent track province"
    )
    return (
        f"Game Turn {event.turn}: Rome sacks a city in {who(event.province)}: Roman Retribution, "
        f"dice {rolls} (TB-15.7)"
    )


@TOLD.on
def _(event: PresenceClaimed) -> str:
    side = rules.SIDES.get(event.side, event.side)
    return (
        f"Game Turn {event.turn}: {side} claims Watchful Presence in {who(event.province)} "
        f"({event.force}): 1 box toward {side} (TB-15.8)"
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
