"""Carthaginian manpower beyond reinforcements (TB-21, the rulebook's 7.0), as pure moves on
Carthage's side: a new Army raised in B3b (`check_raise` decides whether it may be)."""

from __future__ import annotations

from dataclasses import replace

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import rules
from campaign.kinds.thunderbolt.board.armies import Carthage, Force

NEW_ARMY_AER = -3
"""TB-21.1 (7.21): a new Army's Army Efficiency marker."""
CARTHAGE_PROVINCE = "carthage"
"""TB-21.1 (7.21): where a new Army is raised, a Large or Medium city of Carthage province."""


def in_b3b(c: Carthage) -> bool:
    """TB-21.2: whether reinforcements joined an Army in this Game Turn's B3b."""
    return any(window == "B3b" for window, *_ in c.windows.values())


def check_new_army(c: Carthage, climate: str | None) -> None:
    """TB-21.1: one new Army only below the army limit (TB-12.2, TB-12.3); TB-21.2: never with
    reinforcements in the same B3b, nor a second."""
    if climate is None:
        raise RuleViolation("TB-21.1", "The Political Climate is not rolled yet (climate)")
    if not rules.may_raise(climate, len(c.counted()), c.disbanded)[0]:
        raise RuleViolation(
            "TB-21.1",
            f"Carthage has {len(c.counted())} Armies in play (Hannibal's not counted), at or over "
            f"the {climate} limit of {rules.ARMY_LIMIT[climate]}: no new Army",
        )
    if c.raised or in_b3b(c):
        raise RuleViolation("TB-21.2", EITHER)


def check_b3b_reinforcements(c: Carthage, climate: str | None) -> None:
    """TB-21.2: no reinforcements in the B3b a new Army was raised in; TB-12.3: none over the
    army limit, nor after a B2c disband."""
    if c.raised:
        raise RuleViolation("TB-21.2", EITHER)
    if climate is None or not rules.may_raise(climate, len(c.counted()), c.disbanded)[1]:
        raise RuleViolation(
            "TB-12.3",
            "Carthage raises no reinforcements this Game Turn (over its army limit, or an Army "
            "was disbanded in B2c)",
        )


EITHER = "In B3b Carthage raises either one new Army or reinforcements, not both"
"""TB-21.2 (7.13), as a refusal says it."""


def check_raise(c: Carthage, army: str, sp: int, climate: str | None) -> None:
    """TB-21.1 and TB-21.2 (`check_new_army`), under a name no Army in play has, of 1 SP or
    more."""
    check_new_army(c, climate)
    if not army.strip() or army in c.armies:
        raise RuleViolation("TB-21.1", f"An Army called {army!r} is in play: name the new one")
    if sp < 1:
        raise RuleViolation("TB-21.1", "A new Army has 1 SP or more, as the Manpower Table gave")


def raise_army(c: Carthage, army: str, sp: int, province: str) -> Carthage:
    """TB-21.1: the new Army in Carthage province, leaderless until its commander is appointed,
    its stored AER -3 (`check_raise` decides whether it may be raised)."""
    force = Force(army, None, sp, NEW_ARMY_AER, province)
    return replace(c, armies={**c.armies, army: force}, raised=c.raised | {army})
