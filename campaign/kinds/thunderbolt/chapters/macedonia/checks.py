"""The checks of Macedonia (TB-27): each raises the rule it applies; the decisions list them,
the fold never calls them."""

from __future__ import annotations

from collections.abc import Sequence

from campaign.errors import RuleViolation
from campaign.input.text import sentence
from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import checks as shared
from campaign.kinds.thunderbolt.board import roman, rules
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.board.war import (
    AT_ONCE,
    BOX,
    ENDED,
    MOST_LEGIONS,
    NOT_BEGUN,
    UNDERWAY,
)


def check_in_play(state: State) -> None:
    """TB-27.1: Macedonia is an optional rule, in play where the set-up file says so."""
    if not state.macedonia.in_play:
        raise RuleViolation(
            "TB-27.1", "Macedonia is not in play: this scenario's set-up file has no [macedonia]"
        )


def check_underway(state: State, doing: str) -> None:
    """TB-27.3 to TB-27.5: ambassadors, Legions and the war's later events only while it is
    underway."""
    check_in_play(state)
    if state.macedonia.stage != UNDERWAY:
        raise RuleViolation(
            "TB-27.2", f"The Macedonian War is {state.macedonia.stage}: {doing} waits for it"
        )


def check_event(state: State, stage: str) -> None:
    """TB-27.2: a Macedonian War event follows its Augury (TB-22.1), one an Augury Phase; the
    first begins the war, a later one ends it (or is resolved, TB-27.4)."""
    check_in_play(state)
    if not state.augured:
        raise RuleViolation(
            "TB-27.2", "The Macedonian War moves by an Augury: enter the Augury first (augury)"
        )
    if state.macedonia.decided == len(state.auguries):
        raise RuleViolation("TB-27.2", "This Augury's Macedonian War event is entered")
    now = state.macedonia.stage
    if stage == UNDERWAY and now != NOT_BEGUN:
        raise RuleViolation(
            "TB-27.2",
            f"The Macedonian War is {now}: a later Macedonian War event is resolved on its table "
            "(macedonian-war resolve) or ends it",
        )
    if stage in (ENDED, "resolved") and now != UNDERWAY:
        raise RuleViolation("TB-27.2", f"The Macedonian War is {now}")


def check_ambassador_rolls(state: State, rolls: dict[str, int]) -> None:
    """TB-27.4 (11.4): an Ambassador Table result only for a side with an ambassador in the
    box."""
    for side in rolls:
        if side not in state.macedonia.ambassadors:
            raise RuleViolation(
                "TB-27.4", f"{sentence(rules.SIDES[side])} has no ambassador in the {BOX}"
            )


def check_sender(state: State, side: str, by: str) -> None:
    """TB-27.3 (11.2): Hannibal and the current Roman OC alone send an ambassador, by a Diplomacy
    Operation in their own Operations Phase, spending 1 Guile Point; one per side in the box."""
    if side == rules.CARTHAGE and state.carthaginians.leaders[by].number != carthage.HANNIBAL:
        raise RuleViolation("TB-27.3", "Hannibal alone sends Carthage's ambassador")
    if side == rules.ROME and by not in state.overall_commanders():
        raise RuleViolation(
            "TB-27.3", f"{state.named(by)} is not Rome's OC: the OC alone sends its ambassador"
        )
    shared.check_own_phase(state, by, "an ambassador's Diplomacy Operation", "TB-27.3")
    if state.guile(by) < 1:
        raise RuleViolation("TB-24.1", f"{state.named(by)} has no Guile Point available")
    if side in state.macedonia.ambassadors:
        held = state.macedonia.ambassadors[side]
        raise RuleViolation(
            "TB-27.3", f"{state.named(held)} is {sentence(rules.SIDES[side])}'s ambassador already"
        )


def check_envoy(state: State, side: str, leader: str) -> str:
    """TB-27.3: the ambassador is drawn from his side's pool, or is one of Carthage's
    Subordinates (a Detachment's leader): the Detachment he leaves, "" from the pool."""
    if side == rules.ROME:
        if state.romans.places.get(leader) != roman.POOL:
            raise RuleViolation("TB-27.3", f"{state.named(leader)} is not in Rome's leader pool")
        return ""
    c = state.carthaginians
    if c.places.get(leader) == carthage.POOL:
        return ""
    led = [d.id for a in c.armies.values() for d in a.parts if d.leader == leader]
    if not led:
        raise RuleViolation(
            "TB-27.3", f"{state.named(leader)} is neither in Carthage's pool nor a Subordinate"
        )
    return led[0]


def check_commit(state: State, legions: Sequence[str]) -> None:
    """TB-27.5 (11.31): one or two Legions raised in this B3b, not yet in the box, the box
    holding four at most; a CA's Legions go together."""
    r, war = state.romans, state.macedonia
    placed = [lg for lg in war.legions if lg in r.raised_now]  # in this B3b already
    if not 1 <= len(legions) <= AT_ONCE - len(placed):
        raise RuleViolation(
            "TB-27.5", "One or two Legions raised in a B3b are placed in the box, no more"
        )
    for lg in legions:
        if lg not in r.raised_now or lg in war.legions:
            raise RuleViolation(
                "TB-27.5", f"Legion {lg} was not raised in this B3b: only new Legions go to the box"
            )
    if len(war.legions) + len(legions) > MOST_LEGIONS:
        raise RuleViolation(
            "TB-27.5", f"The {BOX} holds {MOST_LEGIONS} Legions at most ({len(war.legions)} now)"
        )
    _check_together(r, legions, "TB-27.5")


def _check_together(r: roman.Romans, legions: Sequence[str], rule: str) -> None:
    """A CA's Legions stand in the same place (11.32): all of them move, or none."""
    for number, members in r.cas.items():
        moving = [lg for lg in members if lg in legions]
        if moving and len(moving) != len(members):
            raise RuleViolation(
                rule, f"CA {number}'s Legions {' and '.join(members)} go to the same place"
            )


def check_return(state: State, legions: Sequence[str]) -> None:
    """TB-27.6 (11.32): after the war's end, Legions in the box come back in B3b, a CA's
    together."""
    war = state.macedonia
    if war.stage != ENDED:
        raise RuleViolation("TB-27.6", f"The Macedonian War is {war.stage}: the Legions stay")
    for lg in legions:
        if lg not in war.legions:
            raise RuleViolation("TB-27.6", f"Legion {lg} is not in the {BOX}")
    _check_together(state.romans, legions, "TB-27.6")
