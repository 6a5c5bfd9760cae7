"""Carthage's Citizens in play (rules page TB-29, the rulebook's 7.31: "There may never be more
than 50 SP of Carthaginian (the contingent) infantry and/or cavalry (not Elephants) in play at
any one time"): counted from the set-up's figure, the SP drawn from and returned to the
Carthaginian Holding Box (TB-25) and the Citizens among an Army's losses, as entered; pure
checks and drafts, the fold applies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from campaign.domain.drafts import Draft, draft
from campaign.errors import RuleViolation
from campaign.input.names import folded
from events.thunderbolt.carthage import CitizensLost

if TYPE_CHECKING:  # the set-up reads its figure here, and the state is built from the set-up
    from campaign.kinds.thunderbolt.board.state import State

LIMIT = 50
"""7.31: the most SP of Citizens in play at once."""
BOX = "Carthaginian"
"""The Holding Box of the Citizens' contingent (TB-25.1 names boxes by their contingent)."""


def read(value: Any, problems: list[str]) -> int | None:
    """TB-29.1: the Citizens in play at the start (`[start] citizens`), a whole number from 0 to
    `LIMIT`; None where the scenario does not give it (the rule then stays the table's)."""
    if value is None:
        return None
    if type(value) is not int or not 0 <= value <= LIMIT:
        problems.append(
            f"[start] citizens is the SP of Citizens in play, 0 to {LIMIT} (7.31), not {value!r}"
        )
        return None
    return value


def of_box(name: str) -> bool:
    """Whether a Holding Box is the Citizens' (TB-29.2)."""
    return folded(name) == folded(BOX)


def check_drawn(state: State, box: str, sp: int) -> None:
    """TB-29.2 (7.31): SP drawn from the Carthaginian box never bring the Citizens in play over
    `LIMIT`."""
    if state.citizens is None or not of_box(box) or state.citizens + sp <= LIMIT:
        return
    raise RuleViolation(
        "TB-29.2",
        f"At most {LIMIT} SP of Carthaginian Citizens may be in play (7.31): {state.citizens} "
        f"are, so {max(0, LIMIT - state.citizens)} more at most, not {sp}",
    )


def lost(state: State, army: str, sp: int, of: int) -> list[Draft]:
    """TB-29.3: `sp` of an Army's `of` SP lost were Citizens, entered with the loss; at most the
    SP lost and the Citizens in play."""
    if sp == 0:
        return []
    if state.citizens is None:
        raise RuleViolation(
            "TB-29.3",
            "This scenario does not count the Citizens in play ([start] citizens in its set-up)",
        )
    if not 0 < sp <= min(of, state.citizens):
        raise RuleViolation(
            "TB-29.3",
            f"The Citizens among the losses are 1 to {min(of, state.citizens)} SP "
            f"(of {of} SP lost, {state.citizens} Citizens in play), not {sp}",
        )
    return [draft(CitizensLost, turn=state.turn, army=army, sp=sp)]


def again(state: State, event: CitizensLost) -> list[Draft]:
    """A recorded loss of Citizens decided again (verify)."""
    return lost(state, event.army, event.sp, event.sp)
