"""Carthage's Manpower Holding Boxes (rules page TB-25, the rulebook's 7.32): the SP a new Army,
reinforcements and troops raised from a tribe draw from each contingent's box, never below 0;
pure checks and drafts, the fold applies."""

from __future__ import annotations

from collections.abc import Mapping

from campaign.domain.drafts import Draft, draft
from campaign.errors import CampaignError, RuleViolation
from campaign.input import text
from campaign.input.names import folded, resolve
from campaign.kinds.thunderbolt.board import citizens, placement
from campaign.kinds.thunderbolt.board.state import State
from events.thunderbolt.carthage import ManpowerDrawn, ManpowerPlaced, ManpowerReturned


def box(state: State, given: str) -> str:
    """A Holding Box by its contingent, as the set-up names it (TB-25.1)."""
    if not state.pools:
        raise RuleViolation("TB-25.1", "This scenario keeps no Manpower Holding Boxes (7.32)")
    return resolve("Manpower Holding Box", given, state.pools)


def box_of(state: State, contingent: str) -> str | None:
    """The box a tribe's contingent draws from, if the scenario keeps one (9.23)."""
    return next((b for b in state.pools if folded(b) == folded(contingent)), None)


def drawn(state: State, taken: Mapping[str, int], sp: int, cause: str, army: str) -> list[Draft]:
    """TB-25.2: the SP named from each box, at most `sp` in all and at most what each box holds,
    placed with `army` where 7.12 lets them be (TB-30.1); the rest come from no box (a province's
    manpower, 7.27; the PIC's, TB-15.5)."""
    if not taken:
        return []
    chosen = {box(state, name): n for name, n in taken.items()}
    if any(n < 1 for n in chosen.values()) or sum(chosen.values()) > sp:
        raise RuleViolation(
            "TB-25.2",
            f"The SP drawn from the Holding Boxes are 1 or more each, {sp} at most in all",
        )
    for name, n in chosen.items():
        _check_drawn(state, name, n)
        placement.check_placed(state, name, army)
    return [
        draft(ManpowerPlaced, turn=state.turn, contingent=name, sp=n, cause=cause, army=army)
        for name, n in chosen.items()
    ]


def citizens_drawn(state: State, taken: Mapping[str, int]) -> int:
    """TB-29.4 (6.75): the SP named from the Carthaginian Holding Box: Citizens, whom an Army
    takes in without penalty."""
    return sum(n for name, n in taken.items() if citizens.of_box(box(state, name)))


def check_holds(state: State, name: str, sp: int) -> None:
    """TB-25.2 (7.32): "The Carthaginian manpower supply is limited to the SP in these Holding
    Boxes"."""
    if state.pools[name] < sp:
        raise RuleViolation(
            "TB-25.2", f"The {name} Holding Box holds {state.pools[name]} SP, not {sp}"
        )


def returned(state: State, given: str, sp: int, reason: str) -> list[Draft]:
    """TB-25.3: SP put back in a box, as a rule directs (9.42's garrisons going home, 9.44's)."""
    name = box(state, given)
    if sp < 1:
        raise RuleViolation("TB-25.3", "SP returned are 1 or more")
    if not reason.strip():
        raise CampaignError("Say which rule puts them back: --reason TEXT.")
    said = text.words(reason, "the reason")
    return [draft(ManpowerReturned, turn=state.turn, contingent=name, sp=sp, reason=said)]


def _check_drawn(state: State, name: str, sp: int) -> None:
    """What every draw from box `name` respects: the box holds the SP (TB-25.2), the Citizens
    stay within 50 (TB-29.2)."""
    check_holds(state, name, sp)
    citizens.check_drawn(state, name, sp)


def again(state: State, event: ManpowerDrawn | ManpowerPlaced) -> list[Draft]:
    """A recorded draw decided again: as `drawn` decides it where it names the Army the SP
    joined (TB-30.1); a draw recorded before names none, and is checked as it was."""
    if isinstance(event, ManpowerPlaced):
        return drawn(state, {event.contingent: event.sp}, event.sp, event.cause, event.army)
    _check_drawn(state, box(state, event.contingent), event.sp)
    return [
        draft(ManpowerDrawn, turn=event.turn, contingent=event.contingent, sp=event.sp,
              cause=event.cause)
    ]  # fmt: skip
