"""What a Thunderbolt player does himself from his link in the hub: his side's "done" for each
step in hand that waits for it (TB-3.4), decided by the same command as the command line's
`done`, the Game Turn's dice secret revealed when his "done" ends it (TB-16.2). The table's
entries — rolls, elections, battles — are entered by the organiser for now: the page says which
steps wait for whom."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign.drafts import Draft
from campaign.errors import CampaignError
from campaign.kinds.thunderbolt import commands
from campaign.kinds.thunderbolt.sequence import STEPS
from campaign.kinds.thunderbolt.state import State
from campaign.names import folded


def side_of(state: State, player: str) -> str | None:
    """The side `player` plays, rome or carthage, or None."""
    sides = {folded(state.rome): "rome", folded(state.carthage): "carthage"}
    return sides.get(folded(player))


def lines(state: State, player: str) -> list[str]:
    """TB-1.1: the side he plays."""
    side = side_of(state, player)
    return [] if side is None else [f"You play {'Rome' if side == 'rome' else 'Carthage'}."]


def actions(state: State, player: str) -> list[dict[str, Any]]:
    """TB-3.4: a "done" for each open step that waits for his side."""
    side = side_of(state, player)
    if side is None or state.position.over:
        return []
    steps = {
        step: f"{step}: {STEPS[step][0]}"
        for step in state.position.open
        if side in state.position.waiting_for(step)
    }
    if not steps:
        return []
    return [
        {
            "action": "done",
            "label": f"{'Rome' if side == 'rome' else 'Carthage'} has finished a step "
            "(TB-3.4): what it had to do in it is entered",
            "choices": steps,
            "button": "Done",
        }
    ]


def awaited(state: State) -> tuple[str, ...]:
    """TB-3.4: the players of the sides the steps in hand wait for."""
    return tuple(p for p in state.players if actions(state, p))


def decide(
    state: State,
    player: str,
    action: str,
    values: Mapping[str, str],
    secrets: Mapping[str, str] | None = None,
) -> list[Draft]:
    """The form `action` of `player`'s page, decided as `done STEP --side SIDE` decides it."""
    side = side_of(state, player)
    if side is None:
        raise CampaignError(f"{player} plays no side of this campaign.")
    if action == "done":
        return commands.finish(state, values.get("choice", ""), side, secrets)
    raise CampaignError(f"There is no action called {action!r} for a player of Thunderbolt.")
