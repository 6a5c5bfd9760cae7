"""The decisions of Victory Determination (TB-20): each checks the rules it applies and says what
to record; the Game Turn's dice secret is revealed when the game ends with it (TB-16.2)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from campaign.domain.drafts import Draft, draft
from campaign.errors import CampaignError, RuleViolation
from campaign.input import text
from campaign.input.names import resolve
from campaign.kinds.thunderbolt.board import checks
from campaign.kinds.thunderbolt.board.result import WINNERS, last_turn
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.chapters.turn.decide import reveal_if_ended
from events.thunderbolt.victory import VictoryDetermined


def check_victory(state: State, winner: str, automatic: bool) -> None:
    """TB-20.1: before the scenario's last Game Turn only an automatic victory, a side's, is
    determined; TB-20.2: in the last, the result, a side's or a draw."""
    checks.check_revealed(state)
    checks.check_step(state, ["G4"], "the Victory Determination")
    if not last_turn(state) and not automatic:
        raise RuleViolation(
            "TB-20.1",
            f"Game Turn {state.turn} is not the scenario's last ({state.setup.turns}): only an "
            "automatic victory is determined now (--automatic)",
        )
    if automatic and winner == "draw":
        raise RuleViolation("TB-20.1", "An automatic victory is a side's, never a draw")


def victory(
    state: State,
    winner: str,
    automatic: bool,
    level: str,
    reason: str,
    secrets: Mapping[str, str] | None = None,
) -> list[Draft]:
    """TB-20: the Victory Determination, as the scenario's Victory section gives it; the game
    ends with it (TB-20.3)."""
    chosen = resolve("winner", winner, WINNERS)
    check_victory(state, chosen, automatic)
    if not reason.strip():
        raise CampaignError("Say why, as the scenario's Victory section gives it: --reason.")
    decided = draft(
        VictoryDetermined,
        turn=state.turn,
        winner=chosen,
        automatic=automatic,
        level=text.words(level, "the level") if level.strip() else "",
        reason=text.words(reason, "the reason"),
    )
    return [decided, *reveal_if_ended(state, decided, secrets)]


REPLAY: dict[type, Callable[[Any, State], list[Draft]]] = {
    VictoryDetermined: lambda e, s: victory(s, e.winner, e.automatic, e.level, e.reason)[:1],
}
"""Each recorded event of the chapter decided again from the state before it (verify, import,
fork): its command, given what the event shows."""
