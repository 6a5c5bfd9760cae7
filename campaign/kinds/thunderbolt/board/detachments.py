"""Carthage's Detachments (TB-13.9, TB-14.5), as pure moves on its side: one made from an Army
(`check_detach` decides whether it may be), and its return."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import rules
from campaign.kinds.thunderbolt.board.armies import REMOVED, Carthage, Detachment, reinforce


def check_detach(c: Carthage, army: str, sp: int, leader: str | None) -> None:
    """TB-13.9: one Detachment per Army, two for Hannibal's, of at most half the Army's SP at that
    moment, led by a leader commanding nothing."""
    if army not in c.armies:
        raise RuleViolation("TB-13.9", f"There is no Army {army}")
    force = c.armies[army]
    most = 2 if army == c.hannibals() else 1
    if force.detachments >= most:
        raise RuleViolation(
            "TB-13.9", f"Army {army} has its {'two Detachments' if most == 2 else 'Detachment'}"
        )
    if not 1 <= sp or sp * 2 > force.sp:
        raise RuleViolation(
            "TB-13.9", f"A Detachment takes at most half of Army {army}'s {force.sp} SP, not {sp}"
        )
    if leader is not None:
        commanding = {a.commander for a in c.armies.values()} | {
            d.leader for a in c.armies.values() for d in a.parts
        }
        if leader in commanding or c.places.get(leader) == REMOVED:
            raise RuleViolation("TB-13.9", f"{c.name(leader)} cannot lead the Detachment")


def detach(c: Carthage, army: str, sp: int, leader: str | None) -> tuple[Carthage, str]:
    """TB-13.9: the Detachment made (`check_detach` decides whether it may be), its effective AER
    the stored one minus the Detachments in play (TB-14.5); with its name."""
    force = c.armies[army]
    taken = {d.id for d in force.parts}
    name = next(f"{army}-{k}" for k in range(1, 4) if f"{army}-{k}" not in taken)
    part = Detachment(name, sp, leader)
    armies = {**c.armies, army: replace(force, sp=force.sp - sp, parts=(*force.parts, part))}
    return replace(c, armies=armies), name


def rejoin(
    c: Carthage,
    army: str,
    detachment: str,
    received: bool,
    window: str,
    thirty: Callable[[int], int | None] = lambda start: None,
) -> tuple[Carthage, int]:
    """TB-13.9: a Detachment's return to its Army; one that received SP brings all its SP into
    the window's additions (TB-14.3, Interpretation [6.54]). Returns the AER's drop."""
    force = c.armies[army]
    part = force.part(detachment)
    rest = tuple(d for d in force.parts if d.id != detachment)
    c = replace(c, armies={**c.armies, army: replace(force, parts=rest)})
    if received:
        return reinforce(c, army, part.sp, 0, window, thirty)
    back = c.armies[army]
    strength = back.sp + part.sp
    armies = {**c.armies, army: replace(back, sp=strength, aer=rules.capped(back.aer, strength))}
    return replace(c, armies=armies), 0


def joined(c: Carthage, army: str, detachment: str, sp: int) -> Carthage:
    """TB-23.4, TB-28.2: SP raised by a leader join his Army or Detachment (9.23 changes no AER,
    nor, Interpretation, 7.27; the caps follow the new strength, TB-14.4)."""
    force = c.armies[army]
    if detachment:
        parts = tuple(replace(d, sp=d.sp + sp) if d.id == detachment else d for d in force.parts)
        return replace(c, armies={**c.armies, army: replace(force, parts=parts)})
    strength = force.sp + sp
    grown = replace(force, sp=strength, aer=rules.capped(force.aer, strength))
    return replace(c, armies={**c.armies, army: grown})
