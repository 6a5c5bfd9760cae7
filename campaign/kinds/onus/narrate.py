"""ONUS! Under the Eagle's events told in one line each, and what a scenario's result means."""

from __future__ import annotations

from functools import singledispatch

from campaign.domain.deadlines import DEADLINE_ACTOR
from campaign.domain.grammar import sentence
from campaign.kinds.onus.state import State
from events.common import CampaignEvent
from events.onus import (
    ArmyMustered,
    ScenarioPlayed,
    SidesTaken,
    UnitUpgraded,
    UpgradeDeclined,
)


@singledispatch
def describe(event: CampaignEvent) -> str:
    return type(event).__name__


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
    extra = [
        f"{label} {', '.join(items)}"
        for label, items in (
            ("eliminated", event.eliminated),
            ("lost with their unit", event.lost_with_unit),
            ("wounded", event.wounded),
            ("officer casualties", event.officer_casualties),
        )
        if items
    ]
    return f"Scenario {event.scenario} played: {facts}" + ("; " + "; ".join(extra) if extra else "")


@describe.register
def _(event: UnitUpgraded) -> str:
    return (
        f"Scenario {event.scenario}: {side_does(event.side, 'upgrade')} {event.unit} to "
        f"{event.status.capitalize()}"
    )


@describe.register
def _(event: UpgradeDeclined) -> str:
    if event.actor == DEADLINE_ACTOR:
        whose = "Rome's" if event.side == "rome" else "the enemies'"
        return (
            f"Scenario {event.scenario}: the deadline for {whose} choice passed; the upgrade is "
            "declined (ON-4.2)"
        )
    return f"Scenario {event.scenario}: {side_does(event.side, 'decline')} the upgrade"


def scenario_outcome(state: State, number: int) -> str:
    """Who won a scenario under ON-3.1, and the score after it."""
    played = state.results[number - 1]
    wins = {
        side: sum(r.winner == side for r in state.results[:number]) for side in ("rome", "enemies")
    }
    return (
        f"{sentence(side_does(played.winner, 'win'))} scenario {number} "
        f"({state.side_names[played.winner]}, "
        "ON-3.1). "
        f"Score: Rome {wins['rome']}, the enemies {wins['enemies']}."
    )
