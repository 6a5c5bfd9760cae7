"""A magistrate's fortunes as pure moves: Censure (TB-10.6, TB-10.7), a fall in battle and
his replacement (TB-5.1, TB-6.8, TB-10.8), a Triumph earned and celebrated (TB-10.9)."""

from __future__ import annotations

from dataclasses import replace

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board.offices import Magistrate
from campaign.kinds.thunderbolt.board.prorogues import without
from campaign.kinds.thunderbolt.board.roman import (
    CAPTURED,
    CENSURED,
    FALLEN,
    KILLED,
    MAP,
    POOL,
    SET_ASIDE,
    Romans,
)

CENSURABLE = ("Consul", "Proconsul", "Praetor")
"""TB-10.6: the magistrates a Censure roll is for (the PU cannot leave Rome by Hot Pursuit; the
Dictator and ME need no leave, TB-10.4)."""


TRIUMPHAL = ("battle", "assault", "attrition")
"""TB-10.9: a battle won, or a city taken by Assault or by Siege Attrition."""


TRIUMPH_SP = 10
"""TB-10.9: infantry/cavalry SP to inflict in that one battle or siege."""


def check_censurable(r: Romans, leader: str) -> Magistrate:
    held = r.magistrates.get(leader)
    if held is None or held.office not in CENSURABLE:
        what = held.office if held else "no office"
        raise RuleViolation(
            "TB-10.6",
            f"{r.name(leader)} holds {what}: a Censure roll is for a Consul, Proconsul or Praetor",
        )
    return held


def censure(r: Romans, leader: str, replacement: str | None) -> Romans:
    """TB-10.6 and TB-10.7: the censured magistrate is out of office, off the map and never drawn
    again; the leader drawn from the pool takes his office, Imperium and assignment (none to be
    had: the office stays empty, his Imperium leaderless). The decision checks him
    (`check_censurable`) and the leader drawn."""
    held = r.magistrates[leader]
    magistrates = {lid: m for lid, m in r.magistrates.items() if lid != leader}
    places = {**r.places, leader: CENSURED}
    if replacement is not None:
        magistrates[replacement] = replace(held, leader=replacement)
        places[replacement] = MAP
    victories = without(r.victories, leader)
    besieged = {lid: where for lid, where in r.besieged.items() if lid != leader}
    return replace(
        r, magistrates=magistrates, places=places, victories=victories, besieged=besieged
    )


def check_replaceable(r: Romans, leader: str) -> None:
    """TB-10.8: a replacement takes an office: the leader replaced holds one."""
    if leader not in r.magistrates:
        raise RuleViolation("TB-10.8", f"{r.name(leader)} holds no office to fill")


def fall(r: Romans, leader: str, outcome: str, replacement: str | None) -> Romans:
    """TB-5.1, TB-6.8 and TB-10.8: a Roman leader on the map wounded (set aside until the next
    Game Turn's A2), killed or captured (never to return); his office ends, unless the leader
    drawn from the pool to replace him takes his office, Imperium and assignment (TB-10.7).
    `check_fall` decides whether it may be."""
    held = r.magistrates.get(leader)
    magistrates = {lid: m for lid, m in r.magistrates.items() if lid != leader}
    place = {"wounded": SET_ASIDE, "killed": KILLED, "captured": CAPTURED}[outcome]
    places = {**r.places, leader: place}
    if replacement is not None:
        magistrates[replacement] = replace(held, leader=replacement)
        places[replacement] = MAP
    returning = r.returning | ({leader} if outcome == "wounded" else set())
    return replace(
        r,
        magistrates=magistrates,
        places=places,
        returning=returning,
        victories=without(r.victories, leader),
        besieged={lid: where for lid, where in r.besieged.items() if lid != leader},
    )


def check_fall(r: Romans, leader: str, outcome: str, replacement: str | None) -> None:
    """TB-5.1 and TB-10.8: a Roman leader on the map wounded, killed or captured; the leader
    drawn to replace him, from the pool, for a magistrate only."""
    if outcome not in FALLEN:
        raise RuleViolation("TB-5.1", f"A leader is {', '.join(FALLEN)}, not {outcome}")
    if r.places.get(leader) != MAP:
        raise RuleViolation("TB-5.1", f"{r.name(leader)} is not on the map")
    if replacement is not None:
        check_replaceable(r, leader)
        if r.places.get(replacement) != POOL:
            raise RuleViolation("TB-10.8", f"{r.name(replacement)} is not in the pool")


def earn(r: Romans, leader: str, turn: int, how: str) -> Romans:
    """TB-10.9: the victory that qualifies him for a Triumph, kept (`check_earned` decides
    whether it does)."""
    return replace(r, victories={**r.victories, leader: (turn, how)})


def check_earned(r: Romans, leader: str, how: str, inflicted: int, enemy_infantry: bool) -> None:
    """TB-10.9: a magistrate with Imperium qualifies for a Triumph by winning a battle, or taking
    a city by Assault or Attrition, with enemy infantry present, inflicting 10+ SP in it."""
    held = r.magistrates.get(leader)
    if held is None or not held.legions:
        raise RuleViolation(
            "TB-10.9", f"{r.name(leader)} holds no Imperium: only a magistrate's victory counts"
        )
    if how not in TRIUMPHAL:
        raise RuleViolation("TB-10.9", f"A Triumph is earned by {', '.join(TRIUMPHAL)}, not {how}")
    if not enemy_infantry:
        raise RuleViolation("TB-10.9", "A Triumph needs enemy infantry present")
    if inflicted < TRIUMPH_SP:
        raise RuleViolation(
            "TB-10.9",
            f"A Triumph needs {TRIUMPH_SP}+ infantry/cavalry SP inflicted, not {inflicted}",
        )


def celebrate(r: Romans, leader: str, turn: int, granted: bool) -> Romans:
    """TB-10.9: still holding Imperium, he enters Rome alone: the Triumph is recorded with his
    office and this Game Turn, and he is Finished for it; denied by the Senate, that victory is
    spent (Interpretation). `check_celebrant` decides whether he may."""
    held = r.magistrates[leader]
    victories = without(r.victories, leader)
    if not granted:
        return replace(r, victories=victories)
    return replace(
        r,
        victories=victories,
        triumphs={**r.triumphs, leader: (turn, held.office)},
        finished=r.finished | {leader},
    )


def check_celebrant(r: Romans, leader: str) -> Magistrate:
    if leader not in r.victories:
        raise RuleViolation(
            "TB-10.9", f"{r.name(leader)} has no victory that earns a Triumph (victor first)"
        )
    held = r.magistrates.get(leader)
    if held is None or not held.legions:
        raise RuleViolation(
            "TB-10.9", f"{r.name(leader)} no longer holds Imperium: his victory earns no Triumph"
        )
    return held
