"""The decisions of the Augury Phase (TB-22): each checks the rules it applies and says what to
record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from campaign.domain.drafts import Draft, draft
from campaign.errors import CampaignError, RuleViolation
from campaign.input import text
from campaign.kinds.thunderbolt.board import checks
from campaign.kinds.thunderbolt.board.state import State
from events.thunderbolt.auguries import AuguryEntered

HIGHEST_ROLL = 18
"""TB-22.2: two dice read 0-9 each (TB-16.1) sum to 0-18; the shorter scenarios' one die, 0-9."""


def check_augury(state: State, roll: int | None) -> None:
    """TB-22.1: in an Augury Phase, its Augury entered once; TB-22.2: a roll of 0 to 18."""
    checks.check_revealed(state)
    checks.check_step(state, ["E"], "an Augury")
    if state.augured:
        raise RuleViolation("TB-22.1", "This Augury Phase's Augury is entered")
    if roll is not None and not 0 <= roll <= HIGHEST_ROLL:
        raise RuleViolation(
            "TB-22.2", f"An Augury roll is 0 to {HIGHEST_ROLL} (two dice, or one), not {roll}"
        )


def augury(state: State, event: str, roll: int | None = None) -> list[Draft]:
    """TB-22.1: the roll on the scenario's Augury Table and the event it gave, as the table
    rolled and read them (TB-16.6)."""
    check_augury(state, roll)
    if not event.strip():
        raise CampaignError("Say what the Augury Table gave: --event TEXT.")
    said = text.words(event, "the Augury's event")
    return [draft(AuguryEntered, turn=state.turn, roll=-1 if roll is None else roll, event=said)]


REPLAY: dict[type, Callable[[Any, State], list[Draft]]] = {
    AuguryEntered: lambda e, s: augury(s, e.event, None if e.roll < 0 else e.roll),
}
"""Each recorded event of the chapter decided again from the state before it (verify, import,
fork): its command, given what the event shows."""
