"""What an ONUS! player does himself from his link in the hub: the scenario winner's upgrade or
decline (ON-2.1) and a free-choice army's muster (ON-3.2), decided by the same commands as the
command line's `upgrade` and `muster`. Results are the organiser's: the page says so."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign.domain.drafts import Draft
from campaign.domain.grammar import plural
from campaign.errors import CampaignError
from campaign.input.values import whole_number
from campaign.kinds.onus import commands
from campaign.kinds.onus import rules as onus
from campaign.kinds.onus.book import SIDE_NAMES
from campaign.kinds.onus.state import Phase, State


def own_side(state: State, player: str) -> str | None:
    """The side `player` plays, or None."""
    return next((side for side, name in state.side_names.items() if name == player), None)


def lines(state: State, player: str) -> list[str]:
    """ON-1.3: the side he leads and the scenarios each side won."""
    side = own_side(state, player)
    if side is None:
        return []
    wins = state.wins()
    other = next(s for s in wins if s != side)
    return [
        f"You lead {SIDE_NAMES[side]}: {plural(wins[side], 'scenario')} won, {wins[other]} lost, "
        f"of {len(state.results)} played (ON-1.3)."
    ]


def history(state: State, player: str) -> list[str]:
    """ON-1.3, ON-2.1: each scenario played, who won it, and the unit its winner upgraded."""
    side = own_side(state, player)
    if side is None:
        return []
    told = []
    for played in state.results:
        won = "you won" if played.winner == side else f"{SIDE_NAMES[played.winner]} won"
        upgraded = ""
        if played.upgrade is not None:
            whose = "you" if played.winner == side else SIDE_NAMES[played.winner]
            upgraded = f"; {whose} upgraded {played.upgrade[0]} to {played.upgrade[1]}"
        told.append(f"Scenario {played.number}, {played.title}: {won}{upgraded}.")
    return told


def actions(state: State, player: str) -> list[dict[str, Any]]:
    """ON-2.1: the winner's upgrade, or his decline; ON-3.2: his free-choice army to muster."""
    side = own_side(state, player)
    if side is None or state.phase == Phase.FINISHED or state.next_scenario is None:
        return []
    offered = _upgrade(state, side) if state.upgrade_due == side else []
    return offered + _muster(state, side)


def _upgrade(state: State, side: str) -> list[dict[str, Any]]:
    number = len(state.results)
    steps = {
        card.id: f"{card.id}: {card.status} → {onus.next_status(card)}"
        for card in commands.upgradable(state).values()
        if card.status != onus.STATUSES[-1]
    }
    return [
        {
            "action": "upgrade",
            "label": f"You won scenario {number}: upgrade one unit one step (ON-2.1)",
            "choices": steps,
        },
        {
            "action": "decline",
            "label": f"Or decline the upgrade of scenario {number} (ON-2.1)",
            "choices": {},
            "button": "Decline",
        },
    ]


def _muster(state: State, side: str) -> list[dict[str, Any]]:
    scenario = state.next_scenario
    if scenario.armies[side].mode != "free" or state.musters.get(side):
        return []
    offer = commands.muster_choices(state, side)
    limits = [f"at most {offer['points']} points"]
    limits += [f"at most {offer['max_units']} units"] if offer["max_units"] else []
    limits += [f"at least {n} {t}" for t, n in offer["required"].items()]
    return [
        {
            "action": "muster",
            "label": f"Muster your {offer['people']} for scenario {offer['scenario']} "
            f"({', '.join(limits)}; ON-3.2): how many of each",
            "choices": {},
            "fields": [
                {"name": unit, "label": f"{unit} ({points} points)", "type": "number"}
                for unit, points in offer["units"].items()
            ],
            "button": "Muster",
        }
    ]


def awaited(state: State) -> tuple[str, ...]:
    """ON-2.1: the winner's upgrade; ON-3.2: a free-choice army's muster. Results are the
    organiser's."""
    return tuple(p for p in state.players if actions(state, p))


def decide(
    state: State,
    player: str,
    action: str,
    values: Mapping[str, str],
    secrets: Mapping[str, str] | None = None,
) -> list[Draft]:
    """The form `action` of `player`'s page, decided as `upgrade` and `muster` decide it."""
    side = own_side(state, player)
    if side is None:
        raise CampaignError(f"{player} plays no side of this campaign.")
    if action == "upgrade":
        if not values.get("choice"):
            raise CampaignError("Choose the unit to upgrade, or decline the upgrade (ON-2.1).")
        return commands.upgrade(state, values["choice"], side)
    if action == "decline":
        return commands.upgrade(state, None, side)
    if action == "muster":
        offered = commands.muster_choices(state, side)["units"]
        counts = {
            unit: whole_number(values[unit], f"The count of {unit}")
            for unit in offered
            if values.get(unit, "").strip() not in ("", "0")
        }
        if not counts:
            raise CampaignError("Write how many units of each type you muster (ON-3.2).")
        return commands.muster(state, side, counts)
    raise CampaignError(f"There is no action called {action!r} for a player of ONUS!.")
