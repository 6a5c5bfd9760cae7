"""Thunderbolt's things by the names players write (TB-1.4): a leader by key, name or number,
a province, an Army or a Detachment, an office, a Theater, what a move takes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from campaign.errors import RuleViolation
from campaign.input.names import resolve
from campaign.input.text import sentence
from campaign.kinds.thunderbolt.board import positions, rules
from campaign.kinds.thunderbolt.board.setup import THEATERS
from campaign.kinds.thunderbolt.board.state import State


def leader_names(leaders: Mapping[str, Any]) -> dict[str, str]:
    """Every way a leader is written — key, number (416, #416, 2P-10), name — to his key; the
    name last, so that where it folds as his key does ("Pulcher", "pulcher") a refusal suggests
    the name as the rules write it (#29: "did you mean pulcher?")."""
    names: dict[str, str] = {}
    for lid, who in leaders.items():
        names.update({lid: lid, f"#{who.number}": lid, who.number: lid})
        names.pop(who.name, None)
        names[who.name] = lid
    return names


def leader(state: State, given: str, side: str = "rome") -> str:
    """A leader of a side (or of `any`) by his key, name or number (416 or #416, 2P-10)."""
    aliases: dict[str, str] = {}
    sides = {"rome": [state.romans], "carthage": [state.carthaginians]}
    for of in sides.get(side, [state.romans, state.carthaginians]):
        aliases.update(leader_names(of.leaders))
    what = {"rome": "Roman leader", "carthage": "Carthaginian leader"}.get(side, "leader")
    return aliases[resolve(what, given, aliases)]


def province_of(state: State, given: str) -> str:
    """A province by its key or its name (east-sicilia or East Sicilia); a name not found is
    answered with the names as the set-up writes them (#50: "did you mean campania?"), the
    names last so that where a key folds as a name does, the name is the one suggested."""
    aliases = {pid: pid for pid in state.setup.provinces}
    aliases.update({p.name: p.id for p in state.setup.provinces.values()})
    return aliases[resolve("province", given, aliases)]


def army(state: State, given: str) -> str:
    return resolve("Army", given, state.carthaginians.armies)


def force_of(state: State, given: str) -> tuple[str, str]:
    """An Army, or a Detachment of one (hannibal-1): (the Army, the Detachment or empty)."""
    known = {aid: (aid, "") for aid in state.carthaginians.armies}
    for aid, force in state.carthaginians.armies.items():
        known.update({d.id: (aid, d.id) for d in force.parts})
    return known[resolve("Army or Detachment", given, known)]


def theater(given: str | None) -> str | None:
    return resolve("Theater", given, THEATERS) if given else None


def province(state: State, given: str | None) -> str | None:
    return province_of(state, given) if given else None


OFFICE_NAMES = {
    o.casefold(): o for o in ("Dictator", "ME", "Consul", "Proconsul", "Praetor", "Governor", "PU")
}
"""TB-6.1's offices as elected (a governor is a Praetor with an island's province, TB-8.6)."""


def office(given: str) -> str:
    return OFFICE_NAMES[resolve("office", given, OFFICE_NAMES).casefold()]


def units(state: State, leaders: str = "magistrates") -> dict[str, tuple[str, str]]:
    """TB-1.4: what the players move, by any name they write: a Roman leader (name or number), a
    Legion (X or Legion X), a CA (CA 3), an Army (or its commander), a Detachment (hannibal-1, or
    its leader)."""
    r, c = state.romans, state.carthaginians
    known: dict[str, tuple[str, str]] = {}
    moving = r.leaders if leaders == "all" else {lid: r.leaders[lid] for lid in r.magistrates}
    known.update({name: ("leader", lid) for name, lid in leader_names(moving).items()})
    for lg in r.legions:
        known.update({lg: ("legion", lg), f"Legion {lg}": ("legion", lg)})
    known.update({f"CA {n}": ("ca", str(n)) for n in r.cas})
    for aid, force in c.armies.items():
        known[aid] = ("army", aid)
        if force.commander:  # after the Army's id: a suggestion names the commander
            known[c.leaders[force.commander].name] = ("army", aid)
        for d in force.parts:
            known[d.id] = ("detachment", d.id)
            if d.leader:
                known[c.leaders[d.leader].name] = ("detachment", d.id)
    return known


PLACE_WORDS = {
    "field": positions.FIELD,
    "roma": positions.ROMA,
    "rome": positions.ROMA,
    "carthago": positions.CARTHAGO,
    "port": positions.PORT,
    "city": positions.CITY,
}


def who(leader: str) -> str:
    """A leader as the set-up file keys him (the log is read without the set-up at hand)."""
    return leader.replace("-", " ").replace("_", " ").title()


@dataclass(frozen=True)
class Envoy:
    """A leader acting through the force he leads (a tribe's dealings, TB-23; a Manpower
    Operation, TB-28): his key, side, province, and the Army or Detachment he leads (a
    Carthaginian's; empty for a Roman)."""

    leader: str
    side: str
    province: str
    army: str = ""
    detachment: str = ""


def envoy(state: State, given: str, doing: str, rule: str) -> Envoy:
    """A Roman magistrate, a Carthaginian Army (its commander) or a Detachment (its leader),
    with where he stands (TB-1.4); one with no leader cannot be `doing` (`rule`)."""
    r, c = state.romans, state.carthaginians
    what, unit = units(state)[resolve("leader, Army or Detachment", given, units(state))]
    if what == "leader":
        spot = positions.standing(r, unit)
        if spot is None or not spot[0]:
            raise RuleViolation("TB-1.4", f"{r.name(unit)} stands in no province the tracker knows")
        return Envoy(unit, rules.ROME, spot[0])
    if what == "army" and c.armies[unit].commander:
        force = c.armies[unit]
        return Envoy(force.commander, rules.CARTHAGE, force.province, unit)
    if what == "detachment":
        army = positions.detachment_army(c, unit)
        part = c.armies[army].part(unit)
        if part.leader:
            province = positions.detachment_at(c, army, unit)[0]
            return Envoy(part.leader, rules.CARTHAGE, province, army, unit)
    raise RuleViolation(rule, f"{sentence(given)} has no leader to {doing}")
