"""Where things stand, at province level (TB-1.4): each Roman leader on the map, Legion, CA,
Carthaginian Army and Detachment is in a province, in the field or in a kind of place the players
report (Roma, Carthago, a port, another city), besieged or not. Positions change only by the
players' entries (TB-5.4); an entry that breaks a rule about places is refused, citing it, unless
an organiser overrides it with a reason. Hexes are never checked. Pure data and pure moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import offices, roman
from campaign.kinds.thunderbolt.board.armies import Carthage
from campaign.kinds.thunderbolt.board.roman import Romans
from campaign.kinds.thunderbolt.board.war import BOX as MACEDONIA_BOX

FIELD, ROMA, CARTHAGO, PORT, CITY = "field", "Roma", "Carthago", "port", "city"
PLACES = (FIELD, ROMA, CARTHAGO, PORT, CITY)
"""TB-1.4: the kinds of place a unit stands in within its province."""
CROWDED = ("Alert", "Aggressive")
"""TB-12.7: the climates under which no Theater but Africa holds more than three Armies."""
MOST_ARMIES = 3


def check_place(place: str, province: str, theater_of: dict[str, str]) -> None:
    """TB-1.4: Roma stands in Roman Italy, Carthago in Africa."""
    if place == ROMA and theater_of.get(province) != offices.ROMAN_ITALY:
        raise RuleViolation("TB-1.4", "Roma is in a province of Roman Italy")
    if place == CARTHAGO and theater_of.get(province) != carthage.AFRICA:
        raise RuleViolation("TB-1.4", "Carthago is in a province of Africa")


def standing(r: Romans, leader: str) -> tuple[str, str] | None:
    """TB-1.4: where a Roman magistrate stands — in Roma for a Dictator who stays there, where he
    was last moved, else with the first Legion of his Imperium, else in Roma for the PU; None for
    a leader off the map or a magistrate the players have not placed."""
    held = r.magistrates.get(leader)
    if held is None or r.places.get(leader) != roman.MAP:
        return None
    if leader in r.in_rome:
        return ("", ROMA)
    if leader in r.at:
        return r.at[leader]
    if held.legions and held.legions[0] in r.legions:
        first = r.legions[held.legions[0]]
        return (first.province, first.place or FIELD)
    if held.office == "PU":
        return ("", ROMA)
    return None


def theater_of(r: Romans, leader: str) -> str | None:
    """The Theater a magistrate stands in (Roma's is Roman Italy); None when not placed."""
    spot = standing(r, leader)
    if spot is None:
        return None
    return offices.ROMAN_ITALY if spot[1] == ROMA else r.theater_of.get(spot[0])


def in_roma(r: Romans, leader: str) -> bool:
    spot = standing(r, leader)
    return spot is not None and spot[1] == ROMA


def check_free(besieged: str, what: str) -> None:
    """TB-5.4 (Interpretation, `interpretations.A_BESIEGED_UNIT_MARCHES_ONCE_FREED`): a besieged
    unit moves only once a siege report frees it."""
    if besieged:
        raise RuleViolation(
            "TB-5.4", f"{what} is besieged: report the siege's end first (besieged … --in free)"
        )


def check_slaves(r: Romans, moving: Sequence[str], province: str) -> None:
    """TB-5.4 and TB-11.13: a Slave Legion never leaves Roman Italy."""
    slaves = [lg for lg in moving if r.legions[lg].kind == roman.SLAVE]
    if slaves and r.theater_of.get(province) != offices.ROMAN_ITALY:
        raise RuleViolation(
            "TB-5.4", f"Slave Legion {slaves[0]} never leaves Roman Italy (TB-11.13)"
        )


def check_leader_leaves(
    r: Romans, leader: str, place: str, grants: frozenset[tuple[str, str]]
) -> None:
    """TB-5.4: the Dictator who stays in Rome never leaves it (TB-9.4); the PU leaves Rome only
    with the Senate's leave (TB-10.2), itself asked only in an Emergency."""
    if place == ROMA:
        return
    if leader in r.in_rome:
        raise RuleViolation(
            "TB-5.4", f"{r.name(leader)} is the Dictator who stays in Rome: he never leaves it"
        )
    if r.office(leader) == "PU" and (leader, "pu-out") not in grants and in_roma(r, leader):
        raise RuleViolation(
            "TB-5.4",
            f"{r.name(leader)}, the PU, leaves Rome only with the Senate's leave, asked in an "
            f"Emergency (TB-10.2: ask-senate {r.leaders[leader].number} pu-out)",
        )


def army_of(r: Romans, leader: str) -> list[str]:
    """The Legions of a magistrate's Imperium that stand where he stands: his force, which moves
    with him."""
    held, spot = r.magistrates.get(leader), standing(r, leader)
    if held is None or spot is None:
        return []
    return [
        lg
        for lg in held.legions
        if lg in r.legions and (not spot[0] or r.legions[lg].province == spot[0])
    ]


def followers(r: Romans, moving: Sequence[str]) -> list[str]:
    """The commanders whose whole force (TB-1.4: the Legions standing with them) moves: they go
    with it."""
    return [
        lid
        for lid in r.magistrates
        if lid not in r.in_rome and (force := army_of(r, lid)) and set(force) <= set(moving)
    ]


def move_legions(r: Romans, moving: Sequence[str], province: str, place: str) -> Romans:
    """TB-1.4: Legions moved to a province (with them the commander who stood with them)."""
    stored = "" if place == FIELD else place
    going = followers(r, moving)
    legions = {
        lid: replace(lg, province=province, place=stored) if lid in moving else lg
        for lid, lg in r.legions.items()
    }
    pinned = {  # a commander left behind stays where he stood
        lid: spot
        for lid in r.magistrates
        if lid not in going and lid not in r.at and (spot := standing(r, lid)) is not None
    }
    at = {**r.at, **pinned, **{lid: (province, place) for lid in going}}
    return replace(r, legions=legions, at=at)


def move_leader(r: Romans, leader: str, province: str, place: str) -> Romans:
    """TB-1.4: a Roman magistrate moved, with the Legions of his Imperium that stood with him."""
    force = army_of(r, leader)
    stored = "" if place == FIELD else place
    legions = {
        lid: replace(lg, province=province, place=stored) if lid in force else lg
        for lid, lg in r.legions.items()
    }
    return replace(r, legions=legions, at={**r.at, leader: (province, place)})


def leaves_assignment(
    r: Romans, leader: str, province: str, grants: frozenset[tuple[str, str]]
) -> str:
    """TB-10.2 and TB-10.4: the assignment a magistrate with Imperium leaves without the Senate's
    leave — shown, never refused; "" when he stays within it, needs no leave or has it."""
    held = r.magistrates.get(leader)
    if held is None or not held.legions or held.office in ("Dictator", "ME"):
        return ""
    if (leader, "leave") in grants or not (held.theater or held.province):
        return ""
    if held.province:
        return "" if province == held.province else held.province
    if r.theater_of.get(province) in (held.theater, held.also):
        return ""
    return held.assignment or ""


def check_siege_place(where: str, what: str) -> None:
    """TB-5.4: a unit is besieged in a city, a port or Roma, or free again."""
    if where not in roman.SIEGED:
        raise RuleViolation("TB-5.4", f"{what} is besieged in a city, a port or Roma, or free")


def besiege_legions(r: Romans, moving: Sequence[str], where: str) -> Romans:
    """TB-5.4: Legions reported besieged in a city, a port or Roma, or free again
    (`check_siege_place` decides whether they may be)."""
    stored = "" if where == "free" else where
    legions = {
        lid: replace(lg, besieged=stored) if lid in moving else lg for lid, lg in r.legions.items()
    }
    return replace(r, legions=legions)


def theater_armies(c: Carthage, theater: str) -> list[str]:
    return [aid for aid in c.armies if c.theater(aid) == theater]


def check_army(c: Carthage, army: str, province: str, climate: str | None) -> None:
    """TB-12.7: under Alert and Aggressive no Theater but Africa holds more than three Armies,
    Hannibal's counting."""
    theater = c.theater_of[province]
    if climate in CROWDED and theater != carthage.AFRICA:
        there = [aid for aid in theater_armies(c, theater) if aid != army]
        if len(there) >= MOST_ARMIES:
            raise RuleViolation(
                "TB-12.7",
                f"Under {climate} no Theater but Africa holds more than {MOST_ARMIES} Armies: "
                f"{theater} holds {', '.join(there)}",
            )


def move_army(c: Carthage, army: str, province: str, place: str) -> Carthage:
    """TB-1.4: a Carthaginian Army moved (its commander with it); its Detachments stay where they
    stood."""
    stored, force = "" if place == FIELD else place, c.armies[army]
    parts = tuple(
        d if d.province else replace(d, province=force.province, place=force.place)
        for d in force.parts
    )
    armies = {**c.armies, army: replace(force, province=province, place=stored, parts=parts)}
    return replace(c, armies=armies)


def move_detachment(c: Carthage, army: str, detachment: str, province: str, place: str) -> Carthage:
    """TB-1.4: a Detachment moved (its leader with it), apart from its Army."""
    stored = "" if place == FIELD else place
    force = c.armies[army]
    parts = tuple(
        replace(d, province=province, place=stored) if d.id == detachment else d
        for d in force.parts
    )
    return replace(c, armies={**c.armies, army: replace(force, parts=parts)})


def detachment_at(c: Carthage, army: str, detachment: str) -> tuple[str, str]:
    """Where a Detachment stands: where it was moved, else with its Army."""
    part, force = c.armies[army].part(detachment), c.armies[army]
    if part.province:
        return (part.province, part.place or FIELD)
    return (force.province, force.place or FIELD)


def detachment_army(c: Carthage, detachment: str) -> str:
    return next(aid for aid, force in c.armies.items() if detachment in {d.id for d in force.parts})


def moving_legions(r: Romans, what: str, unit: str) -> list[str]:
    """The Legions a move takes: a magistrate's force, a CA's, or the one Legion."""
    if what == "leader":
        return army_of(r, unit)
    return list(r.cas[int(unit)]) if what == "ca" else [unit] if what == "legion" else []


def check_move(
    r: Romans,
    c: Carthage,
    what: str,
    unit: str,
    province: str,
    place: str,
    climate: str | None,
    grants: frozenset[tuple[str, str]],
    overridden: bool = False,
) -> None:
    """TB-1.4 and TB-5.4: what a move entered must respect — the kind of place, a magistrate on
    the map, nothing besieged moving (Interpretation) — and, unless an organiser overrides them
    with a reason, the rules about places: the Dictator in Rome and the PU (TB-5.4), the Slave
    Legions (TB-11.13), four Armies in a Theater (TB-12.7)."""
    if place not in PLACES:
        raise RuleViolation("TB-1.4", f"A unit stands in {', '.join(PLACES)}, not {place}")
    check_place(place, province, r.theater_of)
    if what == "leader":
        if r.office(unit) is None or r.places.get(unit) != roman.MAP:
            raise RuleViolation("TB-1.4", f"{r.name(unit)} is not on the map: only magistrates are")
        check_free(r.besieged.get(unit, ""), r.name(unit))
    legions = moving_legions(r, what, unit)
    for lg in legions:
        check_free(r.legions[lg].besieged, f"Legion {lg}")
        if r.legions[lg].place == MACEDONIA_BOX:
            raise RuleViolation(
                "TB-27.5",
                f"Legion {lg} is in the {MACEDONIA_BOX}, not on the map: it leaves the box only "
                "in a B3b after the war's end (TB-27.6)",
            )
    if overridden:
        return
    if what == "leader":
        check_leader_leaves(r, unit, place, grants)
    check_slaves(r, legions, province)
    if what == "army":
        check_army(c, unit, province, climate)


def relocate(
    r: Romans,
    c: Carthage,
    what: str,
    unit: str,
    province: str,
    place: str,
    grants: frozenset[tuple[str, str]] = frozenset(),
) -> tuple[Romans, Carthage, list[str], str]:
    """TB-1.4: one move as entered (`check_move` decides whether it may be) — a magistrate
    (`leader`), a Legion, a CA (by number), an Army or a Detachment — applied, with what went
    along and the assignment a magistrate left without the Senate's leave (TB-10.4: shown, never
    refused)."""
    if what == "leader":
        went = [f"Legion {lg}" for lg in army_of(r, unit)]
        unasked = leaves_assignment(r, unit, province, grants)
        return move_leader(r, unit, province, place), c, went, unasked
    if what in ("legion", "ca"):
        moving = moving_legions(r, what, unit)
        followed = followers(r, moving)
        unasked = next(
            (gone for lid in followed if (gone := leaves_assignment(r, lid, province, grants))), ""
        )
        return (
            move_legions(r, moving, province, place),
            c,
            [r.name(lid) for lid in followed],
            unasked,
        )
    if what == "army":
        commander = c.armies[unit].commander
        went = [c.name(commander)] if commander else []
        return r, move_army(c, unit, province, place), went, ""
    if what == "detachment":
        army = detachment_army(c, unit)
        leader = c.armies[army].part(unit).leader
        went = [c.name(leader)] if leader else []
        return r, move_detachment(c, army, unit, province, place), went, ""
    raise ValueError(f"no unit of the kind {what!r}")  # units() names only those above
