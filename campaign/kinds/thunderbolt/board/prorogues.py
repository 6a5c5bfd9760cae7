"""Phase B1a and B1b as pure moves: a magistrate prorogued or released (TB-7.1 to TB-7.6),
the assignments the rules leave to the player (TB-7.4), Legions disbanded by choice
(TB-11.11), and A Visit from Pluto (TB-7.7). Each move checks the rules it applies and raises
the RuleViolation that cites them."""

from __future__ import annotations

from dataclasses import replace

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import offices
from campaign.kinds.thunderbolt.board.offices import Magistrate
from campaign.kinds.thunderbolt.board.roman import (
    KILLED,
    MAP,
    OUTCOMES,
    POOL,
    SET_ASIDE,
    TRIUMPH,
    Romans,
    number_key,
)

PROROGUES = {
    ("Consul", "Proconsul"),
    ("Consul", "Praetor"),
    ("Proconsul", "Proconsul"),
    ("Praetor", "Praetor"),
}
"""TB-7.2: the lawful prorogues (from, as)."""


def stays(r: Romans, leader: str) -> bool:
    """TB-7.6: a magistrate without Imperium besieged in a city or a port (a besieged Roma forces
    nothing, TB-7.4) is neither prorogued nor released: he stays until the siege ends."""
    held = r.magistrates.get(leader)
    return held is not None and not held.legions and r.besieged.get(leader) in ("city", "port")


def due_b1a(r: Romans) -> list[str]:
    """TB-7.1: the magistrates still to be prorogued or released this Game Turn."""
    return sorted(
        (lid for lid in r.magistrates if lid not in r.decided and not stays(r, lid)),
        key=lambda lid: number_key(r.leaders[lid].number),
    )


def keep_besieged(r: Romans) -> Romans:
    """TB-7.6: as B1a ends, the magistrates a siege keeps are held until it ends."""
    return replace(r, held=r.held | {lid for lid in r.magistrates if stays(r, lid)})


def check_due(r: Romans, leader: str, rule: str = "TB-7.1") -> Magistrate:
    held = r.magistrates.get(leader)
    if held is None:
        raise RuleViolation(rule, f"{r.name(leader)} holds no office to prorogue or release")
    if stays(r, leader):
        raise RuleViolation(
            "TB-7.6",
            f"{r.name(leader)}, without Imperium, is besieged: he stays until the siege ends",
        )
    if leader in r.decided:
        raise RuleViolation(rule, f"{r.name(leader)} was prorogued or released this Game Turn")
    return held


def forced_prorogues(r: Romans) -> list[tuple[str, str]]:
    """TB-7.4: the magistrates still due in B1a who are besieged in a city that is neither a port
    nor Rome, with the office the rules prorogue them in: a Dictator, ME or Consul as Proconsul,
    anyone else (the PU too) in his office."""
    as_proconsul = ("Dictator", "ME", "Consul")
    return [
        (
            lid,
            "Proconsul" if r.magistrates[lid].office in as_proconsul else r.magistrates[lid].office,
        )
        for lid in due_b1a(r)
        if r.trapped(lid) and r.magistrates[lid].legions
    ]


SLAVE_COMMANDERS = ("Dictator", "ME", "Consul")
"""TB-11.13: the only offices that command Slave Legions."""


def prorogue(
    r: Romans,
    leader: str,
    office: str,
    theater: str | None,
    province: str | None,
    forced: bool = False,
) -> Romans:
    """TB-7.2 and TB-7.3: a magistrate kept in office for another year, in a lawful office, his
    assignment chosen anew (TB-6.4); `forced`, a prorogue by the rules with his Legions: TB-7.4's,
    the assignment named after, or TB-27.6's, kept in the Theater given. `check_prorogue` decides
    whether he may be."""
    held = r.magistrates[leader]
    if forced:
        kept = replace(held, office=office, theater=theater, province=province, also=None)
        if held.office == "Dictator" and len(held.cas) > 1:
            # TB-7.4 (Interpretation): a Dictator so prorogued keeps only the CA besieged with
            # him, taken to be his first; the other goes leaderless.
            kept = replace(kept, cas=held.cas[:1], legions=r.cas[held.cas[0]])
        if office in ("Praetor", "PU"):
            kept = held
        elif office not in SLAVE_COMMANDERS and r.slaves(kept.legions):
            r, kept = lose_slaves(r, kept)  # TB-11.13, as a prorogue by choice (below)
        magistrates = {**r.magistrates, leader: kept}
        return replace(r, magistrates=magistrates, decided=r.decided | {leader})
    if held.office == "Consul" and office == "Praetor":
        cas = {n: m for n, m in r.cas.items() if n not in held.cas}
        kept = Magistrate(leader, "Praetor", held.legions)
        r = replace(r, cas=cas)
    elif office == "Praetor":
        kept = held
    else:
        kept = replace(held, office=office, theater=theater, province=province, also=None)
        if r.slaves(held.legions):  # TB-11.13 (Interpretation): leaderless, out of his CAs
            r, kept = lose_slaves(r, kept)
    magistrates = {**r.magistrates, leader: kept}
    return replace(r, magistrates=magistrates, decided=r.decided | {leader})


def check_prorogue(
    r: Romans,
    leader: str,
    office: str,
    theater: str | None,
    province: str | None,
    per_province: int = offices.PROCONSULS_PER_PROVINCE,
    forced: bool = False,
) -> None:
    """TB-7.2 to TB-7.4 and TB-6.4: a magistrate due in B1a, not one the rules prorogue, kept in
    a lawful office for his own, with a lawful assignment."""
    held = check_due(r, leader)
    if forced:
        return
    if r.trapped(leader):
        raise RuleViolation(
            "TB-7.4",
            f"{r.name(leader)} is besieged in a city that is neither a port nor Rome: the rules "
            "prorogue him",
        )
    if held.office in ("Dictator", "ME", "PU"):
        raise RuleViolation(
            "TB-7.3", f"A {held.office} is never prorogued; release {r.name(leader)}"
        )
    if held.office == "Consul" and not held.legions:
        raise RuleViolation("TB-7.3", f"Consul {r.name(leader)} has no Imperium to prorogue")
    if (held.office, office) not in PROROGUES:
        lawful = " or ".join(a for f, a in sorted(PROROGUES) if f == held.office)
        raise RuleViolation("TB-7.2", f"A {held.office} is prorogued as {lawful}, not {office}")
    if held.office == "Consul" and office == "Praetor" and len(held.legions) != 1:
        raise RuleViolation(
            "TB-7.2", "A Consul is prorogued as Praetor only when his Imperium is one Legion"
        )
    if held.office != "Consul" and office == "Praetor" and (theater or province):
        raise RuleViolation("TB-6.4", "A Praetor keeps his Legion and any governorship")
    after = prorogue(r, leader, office, theater, province)
    magistrates = list(after.magistrates.values())
    offices.check_assignments(magistrates, after.theater_of, per_province, r.name)
    check_assigned(after.magistrates[leader], r)


def lose_slaves(r: Romans, m: Magistrate) -> tuple[Romans, Magistrate]:
    """TB-11.13 (Interpretation): a Consul prorogued as Proconsul loses his Slave Legions, which
    leave his CAs and stand leaderless; a CA of Slave Legions alone stays a CA, leaderless."""
    slaves = set(r.slaves(m.legions))
    cas, kept = dict(r.cas), []
    for n in m.cas:
        members = tuple(lg for lg in r.cas[n] if lg not in slaves)
        if members:
            cas[n] = members
            kept.append(n)
    legions = tuple(lg for lg in m.legions if lg not in slaves)
    return replace(r, cas=cas), replace(m, cas=tuple(kept), legions=legions)


def check_assigned(m: Magistrate, r: Romans) -> None:
    """TB-6.4: a Consul with Imperium has a Theater; a Proconsul a Theater or a Roman Italy
    province."""
    if m.office == "Consul" and m.legions and not m.theater:
        raise RuleViolation("TB-6.4", f"Consul {r.name(m.leader)} needs a Theater: --theater")
    if m.office == "Proconsul" and not (m.theater or m.province):
        raise RuleViolation(
            "TB-6.4",
            f"Proconsul {r.name(m.leader)} needs a Theater other than Roman Italy (--theater) or a "
            "province of Roman Italy (--province)",
        )


def check_release(r: Romans, leader: str) -> None:
    """TB-7.5 and TB-7.4: a magistrate due in B1a, not one the rules prorogue."""
    check_due(r, leader)
    if r.trapped(leader):
        raise RuleViolation(
            "TB-7.4",
            f"{r.name(leader)} is besieged in a city that is neither a port nor Rome: the rules "
            "prorogue him, he cannot be released",
        )


def release(r: Romans, leader: str) -> Romans:
    """TB-7.5: a released magistrate goes to the Triumph Holding Box if he has ever earned a
    Triumph, otherwise to the pool; his office and assignment end, his CA or Legion leaderless.
    One besieged in a city that is neither a port nor Rome is prorogued by the rules (TB-7.4):
    `check_release` refuses it."""
    magistrates = {lid: m for lid, m in r.magistrates.items() if lid != leader}
    place = TRIUMPH if leader in r.triumphs else POOL
    return replace(
        r,
        magistrates=magistrates,
        places={**r.places, leader: place},
        decided=r.decided | {leader},
        victories=without(r.victories, leader),
    )


def without(victories: dict[str, tuple[int, str]], leader: str) -> dict[str, tuple[int, str]]:
    """TB-10.9: a victory earns a Triumph only while its magistrate holds his Imperium."""
    return {lid: v for lid, v in victories.items() if lid != leader}


def disband_legions(r: Romans, legions: tuple[str, ...]) -> Romans:
    """TB-11.11: in B1a, once every magistrate is prorogued or released, leaderless Legions may be
    disbanded by choice (unbesieged, as the players report), a CA's two together; the CA goes with
    them. `check_disband_legions` decides whether they may be."""
    kept = {lg: legion for lg, legion in r.legions.items() if lg not in legions}
    cas = {n: members for n, members in r.cas.items() if not set(members) <= set(legions)}
    return replace(r, legions=kept, cas=cas)


def check_disband_legions(r: Romans, legions: tuple[str, ...]) -> None:
    """TB-11.11: after every prorogue and release, leaderless Legions in play, each named once, a
    CA's two together."""
    if due_b1a(r):
        raise RuleViolation(
            "TB-11.11", "Legions are disbanded after every magistrate is prorogued or released"
        )
    if not legions or len(set(legions)) != len(legions):
        raise RuleViolation("TB-11.11", "Name each Legion to disband once")
    for lg in legions:
        if lg not in r.legions:
            raise RuleViolation("TB-11.11", f"There is no Legion {lg} in play")
        if r.legion_leader(lg) is not None:
            raise RuleViolation(
                "TB-11.11", f"Legion {lg} is in {r.name(r.legion_leader(lg))}'s Imperium"
            )
        ca = r.in_ca(lg)
        if ca is not None and not set(r.cas[ca]) <= set(legions):
            mates = " and ".join(r.cas[ca])
            raise RuleViolation("TB-11.11", f"CA {ca}'s Legions are disbanded together: {mates}")


def unassigned(r: Romans) -> list[str]:
    """TB-7.4: magistrates the rules prorogued whose assignment the player has still to name."""
    return [
        lid
        for lid, m in r.magistrates.items()
        if m.office == "Proconsul" and not (m.theater or m.province)
    ]


def assign(
    r: Romans,
    leader: str,
    theater: str | None,
    province: str | None,
    per_province: int = offices.PROCONSULS_PER_PROVINCE,
) -> Romans:
    """TB-7.4 and TB-6.4: the assignment named for a magistrate the rules prorogued
    (`check_assign` decides whether it may be)."""
    named = replace(r.magistrates[leader], theater=theater, province=province, also=None)
    return replace(r, magistrates={**r.magistrates, leader: named})


def check_assign(
    r: Romans,
    leader: str,
    theater: str | None,
    province: str | None,
    per_province: int = offices.PROCONSULS_PER_PROVINCE,
) -> None:
    """TB-7.4 and TB-6.4: a magistrate the rules prorogued, given a lawful assignment."""
    if leader not in unassigned(r):
        raise RuleViolation("TB-7.4", f"{r.name(leader)} has no assignment to be named")
    after = assign(r, leader, theater, province)
    check_assigned(after.magistrates[leader], r)
    magistrates = list(after.magistrates.values())
    offices.check_assignments(magistrates, r.theater_of, per_province, r.name)


def due_pluto(r: Romans) -> list[str]:
    """TB-7.7: every Roman leader not in the pool after B1a — magistrates kept and the Triumph
    Holding Box's — that has not rolled this Game Turn; those set aside do not roll."""
    return sorted(
        (lid for lid, place in r.places.items() if place in (MAP, TRIUMPH) and lid not in r.pluto),
        key=lambda lid: number_key(r.leaders[lid].number),
    )


def check_visit(r: Romans, leader: str, outcome: str) -> None:
    """TB-7.7: a leader due rolls once, and Pluto leaves him unharmed, wounded or killed."""
    if leader not in due_pluto(r):
        why = "has rolled already" if leader in r.pluto else "is in the pool or set aside"
        raise RuleViolation("TB-7.7", f"{r.name(leader)} {why}: no Leader Loss roll for him")
    if outcome not in OUTCOMES:
        raise RuleViolation("TB-7.7", f"Pluto leaves a leader {', '.join(OUTCOMES)}, not {outcome}")


def visit(r: Romans, leader: str, outcome: str) -> Romans:
    """TB-7.7: wounded, set aside until the end of Phase B (TB-18.4); killed, out of the game;
    either way his office ends and his Imperium is leaderless. `check_visit` decides whether he
    rolls."""
    r = replace(r, pluto={**r.pluto, leader: outcome})
    if outcome == "unharmed":
        return r
    magistrates = {lid: m for lid, m in r.magistrates.items() if lid != leader}
    place = SET_ASIDE if outcome == "wounded" else KILLED
    wounded = r.wounded | {leader} if outcome == "wounded" else r.wounded
    return replace(
        r,
        magistrates=magistrates,
        places={**r.places, leader: place},
        wounded=wounded,
        victories=without(r.victories, leader),
    )
