"""Rome's side of the board between the battles, as pure data and pure moves: where each Roman
leader is (TB-6.8), who holds which office with which Imperium and assignment (TB-6), the Legions
and Consular Armies (TB-6.3, TB-11.1), and Phase B1's three steps — prorogue or release (TB-7.1 to
TB-7.5), A Visit from Pluto (TB-7.7) and the Election of Magistrates (TB-8). Each move checks the
rules it applies and raises the RuleViolation that cites them; the fold and the commands call the
same moves, so what is recorded is what was checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt import rules
from campaign.kinds.thunderbolt.magistrates import offices
from campaign.kinds.thunderbolt.magistrates.offices import Magistrate
from campaign.kinds.thunderbolt.senate.politics import Legion
from campaign.kinds.thunderbolt.setup import Leader, SetUp

POOL, MAP, TRIUMPH, SET_ASIDE, KILLED = "pool", "map", "Triumph Holding Box", "set aside", "killed"
CENSURED, CAPTURED = "censured", "captured"
MARINE = "Marine"
"""TB-11.12: the Marine Legion's kind."""
SLAVE = "Slave"
"""TB-11.13: the Slave Legions' kind, commanded only by the Dictator, the ME or a Consul."""
FALLEN = rules.FALLEN
"""TB-6.8: where a Roman leader is (a magistrate is on the map, in Rome included)."""
OUTCOMES = ("unharmed", "wounded", "killed")
"""TB-7.7: what A Visit from Pluto leaves of a leader."""
ELECTED = ("Consul", "Proconsul", "Praetor", "PU")
"""TB-8.1: the offices elected in B1c, in their order (the Dictator only in an Emergency)."""


@dataclass(frozen=True)
class Post:
    """TB-8.1 to TB-8.7: the next thing the Election of Magistrates must do: elect an `office`
    for a CA or a Legion (or none), or give an elected Consul his Imperium (office "Imperium")."""

    office: str
    ca: int | None = None
    legion: str | None = None
    leader: str | None = None
    island: str | None = None

    def __str__(self) -> str:
        if self.office == "Imperium":
            return "an army for the Consul elected without one (TB-8.3)"
        if self.office == "Dictator's army":
            return "the Dictator's choice: the field with his CAs, or Rome with an ME (TB-9.4)"
        target = (
            f" for CA {self.ca}"
            if self.ca
            else f" for Legion {self.legion}"
            if self.legion
            else f" for {self.island.capitalize()}"
            if self.island
            else ""
        )
        return f"a {self.office}{target}"


@dataclass(frozen=True)
class Romans:
    leaders: dict[str, Leader]
    places: dict[str, str]
    magistrates: dict[str, Magistrate]
    legions: dict[str, Legion]
    cas: dict[int, tuple[str, ...]]
    triumphs: dict[str, tuple[int, str]]
    """TB-10.9: every Triumph earned: leader → (Game Turn, the office he held)."""
    theater_of: dict[str, str]
    decided: frozenset[str] = frozenset()
    """TB-7.1: the magistrates prorogued or released in this Game Turn's B1a."""
    pluto: dict[str, str] = field(default_factory=dict)
    """TB-7.7: this Game Turn's Leader Loss outcomes."""
    elected: tuple[str, ...] = ()
    """TB-8: the magistrates elected in this Game Turn's B1c, in order."""
    armed: frozenset[str] = frozenset()
    """TB-8.3: the Consuls elected this Game Turn whose army has been decided."""
    empty: tuple[str, ...] = ()
    """TB-8.2 (Interpretation): offices left empty this Game Turn for want of a leader."""
    wounded: frozenset[str] = frozenset()
    """TB-7.7: leaders Pluto set aside this Game Turn, back in the pool at the end of Phase B."""
    besieged: dict[str, str] = field(default_factory=dict)
    """TB-5.4: leaders reported besieged: in a "city" (neither port nor Rome), a "port", "Roma"."""
    emergency: str = "none"
    """TB-9.3: the Emergency in effect (none, Minor, Major), kept by the state's fold."""
    in_rome: frozenset[str] = frozenset()
    """TB-9.4: a Dictator who stays in Rome (and never leaves it)."""
    victories: dict[str, tuple[int, str]] = field(default_factory=dict)
    """TB-10.9: a victory that qualifies its magistrate for a Triumph not yet celebrated (or
    spent): leader → (Game Turn, how: battle, assault or attrition)."""
    requested: bool = False
    """TB-11.3: this Game Turn's Legion Request is made."""
    extraordinary: frozenset[str] = frozenset()
    """TB-11.13: the kinds raised this Game Turn instead of the Legion Request (Marine, Slave):
    the Slave Legions and the Marine Legion may come together."""
    returning: frozenset[str] = frozenset()
    """TB-6.8: leaders wounded in a battle or siege, set aside until the next Game Turn's A2."""
    held: frozenset[str] = frozenset()
    """TB-7.6: magistrates without Imperium kept by a siege past B1a, to the pool once free."""
    drilled: bool = False
    """TB-11.9: this Game Turn's training rolls are made."""
    at: dict[str, tuple[str, str]] = field(default_factory=dict)
    """TB-1.4: where the players last moved a magistrate: (province, kind of place)."""
    island_of: dict[str, str] = field(default_factory=dict)
    """TB-8.6: the provinces of each island with a governor (province → sicily or sardinia)."""
    raised_now: tuple[str, ...] = ()
    """TB-11.7: the Legions this Game Turn's Legion Request raised (B3b may elect for them)."""
    holding: dict[str, dict[str, int]] = field(default_factory=dict)
    """TB-11.8: reinforcement SP waiting for the Legate LAM: Theater → class → SP."""
    islands_held: frozenset[str] = frozenset()
    """TB-5.3: the islands Carthage controls whole (a governor then optional, TB-8.6)."""
    finished: frozenset[str] = frozenset()
    """TB-10.9 and TB-4.3: leaders Finished for this Game Turn by celebrating a Triumph (their
    LAMs void)."""

    def trapped(self, leader: str) -> bool:
        """TB-7.4: besieged in a city that is neither a port nor Rome."""
        return self.besieged.get(leader) == "city"

    def name(self, leader: str) -> str:
        who = self.leaders[leader]
        return f"{who.name} #{who.number}"

    def office(self, leader: str) -> str | None:
        held = self.magistrates.get(leader)
        return held.office if held else None

    def count(self, office: str) -> int:
        return sum(m.office == office for m in self.magistrates.values())

    def ca_leader(self, number: int) -> str | None:
        return next((m.leader for m in self.magistrates.values() if number in m.cas), None)

    def legion_leader(self, legion: str) -> str | None:
        return next((m.leader for m in self.magistrates.values() if legion in m.legions), None)

    def in_ca(self, legion: str) -> int | None:
        return next((n for n, members in self.cas.items() if legion in members), None)

    def leaderless_cas(self) -> list[int]:
        """CAs without a commander that a magistrate may be placed with: never one besieged in a
        city that is neither a port nor Rome (TB-6.5)."""
        return sorted(
            n for n in self.cas if self.ca_leader(n) is None and not self.shut_in(self.cas[n])
        )

    def loose_legions(self) -> list[str]:
        """Leaderless Legions outside every CA (never one shut in a city, TB-6.5)."""
        return sorted(
            (
                lg
                for lg in self.legions
                if self.in_ca(lg) is None and not self.legion_leader(lg) and not self.shut_in([lg])
            ),
            key=numeral_key,
        )

    def slaves(self, legions: Sequence[str]) -> list[str]:
        """TB-11.13: the Slave Legions among `legions`."""
        return [lg for lg in legions if lg in self.legions and self.legions[lg].kind == SLAVE]

    def check_no_slaves(self, legions: Sequence[str], office: str) -> None:
        """TB-11.13: Slave Legions are commanded only by the Dictator, the ME or a Consul."""
        if office not in ("Dictator", "ME", "Consul") and self.slaves(legions):
            raise RuleViolation(
                "TB-11.13",
                f"Slave Legion {self.slaves(legions)[0]} is commanded only by the Dictator, the "
                f"ME or a Consul, not a {office}",
            )

    def shut_in(self, legions: Sequence[str]) -> bool:
        """TB-6.5: Legions besieged in a city that is neither a port nor Rome, where no magistrate
        is placed."""
        return any(self.legions[lg].besieged == "city" for lg in legions if lg in self.legions)

    def check_placed(self, legions: Sequence[str]) -> None:
        """TB-6.5: no magistrate is placed in a besieged city unless a port or Rome."""
        shut = [lg for lg in legions if lg in self.legions and self.shut_in([lg])]
        if shut:
            raise RuleViolation(
                "TB-6.5",
                f"Legion {shut[0]} is besieged in a city that is neither a port nor Rome: no "
                "magistrate is placed with it",
            )

    def ca_legions(self) -> list[str]:
        """Leaderless Legions outside every CA that may form one: never the Marine Legion, whom
        only the Dictator, the ME or a Praetor commands (TB-11.12)."""
        return [lg for lg in self.loose_legions() if self.legions[lg].kind != MARINE]

    def pool(self) -> list[str]:
        """TB-16.3: the pool's leaders, sorted by number (the order a draw reads)."""
        return sorted(
            (lid for lid, place in self.places.items() if place == POOL),
            key=lambda lid: number_key(self.leaders[lid].number),
        )

    def theater(self, legions: tuple[str, ...]) -> str | None:
        provinces = [self.legions[lg].province for lg in legions if lg in self.legions]
        return self.theater_of.get(provinces[0]) if provinces else None


def number_key(number: str) -> tuple[int, str]:
    digits = "".join(ch for ch in number if ch.isdigit())
    return (int(digits) if digits else 0, number)


ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def numeral_key(legion: str) -> tuple[int, str]:
    """Legions in the order of their numerals (I, II, … X), others after."""
    total, last = 0, 0
    for ch in reversed(legion.upper()):
        value = ROMAN.get(ch)
        if value is None:
            return (10_000, legion)
        total, last = (total - value, last) if value < last else (total + value, value)
    return (total, legion)


def opening(setup: SetUp) -> Romans:
    """TB-2.3: the set-up's Roman position: magistrates on the map, the Triumph Holding Box, every
    other Roman leader in the pool."""
    romans = {lid: leader for lid, leader in setup.leaders.items() if leader.side == "rome"}
    places = {lid: POOL for lid in romans}
    places.update({m.leader: MAP for m in setup.magistrates})
    places.update({lid: TRIUMPH for lid in setup.triumphs})
    return Romans(
        romans,
        places,
        {m.leader: m for m in setup.magistrates},
        dict(setup.legions),
        dict(setup.cas),
        {lid: (0, office) for lid, office in setup.triumphs.items()},
        {p.id: p.theater for p in setup.provinces.values()},
        island_of={p.id: p.island for p in setup.provinces.values() if p.island},
    )


def new_turn(r: Romans) -> Romans:
    return replace(
        r, decided=frozenset(), pluto={}, elected=(), empty=(), armed=frozenset(), in_rome=(
            r.in_rome & set(r.magistrates)
        ), finished=frozenset(), requested=False, drilled=False, raised_now=(),
        extraordinary=frozenset()
    )  # fmt: skip


def end_of_b(r: Romans, wounded_return: str = "end-of-B") -> Romans:
    """TB-7.7 and TB-18.4: Pluto's wounded go back to the pool at the end of Phase B (the
    setting `pluto-wounded-return`; as the next Game Turn begins otherwise)."""
    if wounded_return != "end-of-B":
        return r
    places = {lid: POOL if lid in r.wounded else place for lid, place in r.places.items()}
    return replace(r, places=places, wounded=frozenset())


def start_of_turn(r: Romans) -> Romans:
    """TB-18.4 with `pluto-wounded-return = next GT`: the wounded return as the Game Turn begins."""
    back = r.wounded | r.returning  # TB-6.8: the wounded of a battle return in A2
    places = {lid: POOL if lid in back else place for lid, place in r.places.items()}
    return new_turn(replace(r, places=places, wounded=frozenset(), returning=frozenset()))


# B1a: prorogue or release (TB-7.1 to TB-7.5).

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


SIEGED = ("city", "port", "Roma", "free")
"""TB-5.4: where a siege report leaves a Roman leader."""


def besiege(r: Romans, leader: str, where: str) -> Romans:
    """TB-5.4: a leader reported besieged (in a city, a port or Roma) or free again."""
    if where not in SIEGED:
        raise RuleViolation("TB-5.4", "A leader is besieged in a city, a port or Roma, or free")
    if r.places.get(leader) not in (MAP,) and where != "free":
        raise RuleViolation("TB-5.4", f"{r.name(leader)} is not on the map to be besieged")
    besieged = {k: v for k, v in r.besieged.items() if k != leader}
    if where != "free":
        besieged[leader] = where
    if where == "free" and leader in r.held:  # TB-7.6: the siege over, to the pool
        magistrates = {lid: m for lid, m in r.magistrates.items() if lid != leader}
        places = {**r.places, leader: POOL}
        return replace(
            r, besieged=besieged, magistrates=magistrates, places=places, held=r.held - {leader}
        )
    return replace(r, besieged=besieged)


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


def prorogue(
    r: Romans,
    leader: str,
    office: str,
    theater: str | None,
    province: str | None,
    per_province: int = offices.PROCONSULS_PER_PROVINCE,
    forced: bool = False,
) -> Romans:
    """TB-7.2 and TB-7.3: a magistrate kept in office for another year, in a lawful office, his
    assignment chosen anew (TB-6.4); `forced`, TB-7.4's prorogue by the rules, with his Legions,
    the assignment named after."""
    held = check_due(r, leader)
    if forced:
        kept = replace(held, office=office, theater=None, province=None)
        if held.office == "Dictator" and len(held.cas) > 1:
            # TB-7.4 (Interpretation): a Dictator so prorogued keeps only the CA besieged with
            # him, taken to be his first; the other goes leaderless.
            kept = replace(kept, cas=held.cas[:1], legions=r.cas[held.cas[0]])
        if office in ("Praetor", "PU"):
            kept = held
        magistrates = {**r.magistrates, leader: kept}
        return replace(r, magistrates=magistrates, decided=r.decided | {leader})
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
    if held.office == "Consul" and office == "Praetor":
        if len(held.legions) != 1:
            raise RuleViolation(
                "TB-7.2", "A Consul is prorogued as Praetor only when his Imperium is one Legion"
            )
        cas = {n: m for n, m in r.cas.items() if n not in held.cas}
        kept = Magistrate(leader, "Praetor", held.legions)
        r = replace(r, cas=cas)
    elif office == "Praetor":
        kept = held
        if theater or province:
            raise RuleViolation("TB-6.4", "A Praetor keeps his Legion and any governorship")
    else:
        kept = replace(held, office=office, theater=theater, province=province)
        if r.slaves(held.legions):  # TB-11.13 (Interpretation): leaderless, out of his CAs
            r, kept = lose_slaves(r, kept)
    magistrates = {**r.magistrates, leader: kept}
    offices.check_assignments(list(magistrates.values()), r.theater_of, per_province, r.name)
    check_assigned(kept, r)
    return replace(r, magistrates=magistrates, decided=r.decided | {leader})


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


def release(r: Romans, leader: str) -> Romans:
    """TB-7.5: a released magistrate goes to the Triumph Holding Box if he has ever earned a
    Triumph, otherwise to the pool; his office and assignment end, his CA or Legion leaderless.
    One besieged in a city that is neither a port nor Rome is prorogued by the rules (TB-7.4)."""
    check_due(r, leader)
    if r.trapped(leader):
        raise RuleViolation(
            "TB-7.4",
            f"{r.name(leader)} is besieged in a city that is neither a port nor Rome: the rules "
            "prorogue him, he cannot be released",
        )
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
    them."""
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
    kept = {lg: legion for lg, legion in r.legions.items() if lg not in legions}
    cas = {n: members for n, members in r.cas.items() if not set(members) <= set(legions)}
    return replace(r, legions=kept, cas=cas)


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
    """TB-7.4 and TB-6.4: the assignment named for a magistrate the rules prorogued."""
    if leader not in unassigned(r):
        raise RuleViolation("TB-7.4", f"{r.name(leader)} has no assignment to be named")
    named = replace(r.magistrates[leader], theater=theater, province=province)
    check_assigned(named, r)
    magistrates = {**r.magistrates, leader: named}
    offices.check_assignments(list(magistrates.values()), r.theater_of, per_province, r.name)
    return replace(r, magistrates=magistrates)


# B1b: A Visit from Pluto (TB-7.7).


def due_pluto(r: Romans) -> list[str]:
    """TB-7.7: every Roman leader not in the pool after B1a — magistrates kept and the Triumph
    Holding Box's — that has not rolled this Game Turn; those set aside do not roll."""
    return sorted(
        (lid for lid, place in r.places.items() if place in (MAP, TRIUMPH) and lid not in r.pluto),
        key=lambda lid: number_key(r.leaders[lid].number),
    )


def visit(r: Romans, leader: str, outcome: str) -> Romans:
    """TB-7.7: wounded, set aside until the end of Phase B (TB-18.4); killed, out of the game;
    either way his office ends and his Imperium is leaderless."""
    if leader not in due_pluto(r):
        why = "has rolled already" if leader in r.pluto else "is in the pool or set aside"
        raise RuleViolation("TB-7.7", f"{r.name(leader)} {why}: no Leader Loss roll for him")
    if outcome not in OUTCOMES:
        raise RuleViolation("TB-7.7", f"Pluto leaves a leader {', '.join(OUTCOMES)}, not {outcome}")
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


# B1c: the Election of Magistrates (TB-8).


def consuls_awaiting(r: Romans) -> list[str]:
    """TB-8.3: Consuls elected this Game Turn whose army is not yet decided."""
    return [
        lid
        for lid in r.elected
        if r.office(lid) == "Consul" and not r.magistrates[lid].legions and lid not in r.armed
    ]


def next_post(r: Romans, turn: int | None = None) -> Post | None:
    """TB-8.1 and TB-8.3 to TB-8.7: what the Election of Magistrates must do next, in order —
    both Consuls, then the Consuls' armies, a Proconsul for each leaderless CA, a Praetor for each
    leaderless Legion outside a CA while fewer than six serve, then the PU — or None when B1c may
    end. An office no leader of the pool or the Triumph Holding Box can fill is passed (TB-8.2)."""

    def available(office: str) -> bool:
        return office not in r.empty and bool(r.pool() or triumph_candidates(r, office, turn))

    if r.emergency == "Major" and r.count("Dictator") == 0 and available("Dictator"):
        return Post("Dictator")
    deciding = dictators_awaiting(r)
    if deciding:
        return Post("Dictator's army", leader=deciding[0])
    if r.count("Consul") < 2 and available("Consul"):
        return Post("Consul")
    awaiting = consuls_awaiting(r)
    if awaiting and (r.leaderless_cas() or r.ca_legions()):
        return Post("Imperium", leader=awaiting[0])
    open_cas = [n for n in r.leaderless_cas() if not r.slaves(r.cas[n])]  # TB-11.13
    if open_cas and available("Proconsul"):
        return Post("Proconsul", ca=open_cas[0])
    due = governors_due(r)
    if due and r.count("Praetor") < offices.MOST_PRAETORS and available("Governor"):
        return Post("Governor", island=due[0])
    loose = [lg for lg in r.loose_legions() if not r.slaves([lg])]
    if loose and r.count("Praetor") < offices.MOST_PRAETORS and available("Praetor"):
        return Post("Praetor", legion=loose[0])
    if r.count("PU") == 0 and available("PU"):
        return Post("PU")
    return None


# Governors (TB-8.6).


def governor_of(r: Romans, island: str) -> str | None:
    """The governor of `island` in office (a prorogued one goes on)."""
    return next(
        (
            m.leader
            for m in r.magistrates.values()
            if m.governor and m.province and r.island_of.get(m.province) == island
        ),
        None,
    )


def governor_optional(r: Romans, island: str) -> bool:
    """TB-8.6: a governor is optional when the island lies in the Theater of a Consul or
    Proconsul, or (Interpretation) when Carthage controls the whole island."""
    theaters = {r.theater_of[p] for p, isle in r.island_of.items() if isle == island}
    covered = any(
        m.office in ("Consul", "Proconsul") and m.theater in theaters
        for m in r.magistrates.values()
    )
    return covered or island in r.islands_held


def governors_due(r: Romans) -> list[str]:
    """TB-8.6: the islands that need a governor now: Sicily and Sardinia, each unless a governor
    is in office, the island lies in a Consul's or Proconsul's Theater, or Carthage holds it."""
    islands = sorted(set(r.island_of.values()))
    return [i for i in islands if governor_of(r, i) is None and not governor_optional(r, i)]


def check_governorship(r: Romans, province: str | None) -> None:
    """TB-8.6: a governor is assigned a province of Sicily or Sardinia, one per island."""
    island = r.island_of.get(province or "")
    if island is None:
        islands = ", ".join(sorted(set(r.island_of.values()))) or "none in this set-up"
        raise RuleViolation(
            "TB-8.6", f"A governor is assigned a province of Sicily or Sardinia ({islands})"
        )
    if governor_of(r, island):
        raise RuleViolation(
            "TB-8.6",
            f"{island.capitalize()} has its governor: {r.name(governor_of(r, island) or '')}",
        )


def designate(r: Romans, leader: str, province: str | None) -> Romans:
    """TB-8.6: an unbesieged Praetor on the map designated governor; he keeps his Legion, and
    the island's province named is his assignment."""
    held = r.magistrates.get(leader)
    if held is None or held.office != "Praetor" or held.governor:
        raise RuleViolation(
            "TB-8.6", f"{r.name(leader)} is no Praetor on the map to be designated governor"
        )
    if r.besieged.get(leader):
        raise RuleViolation("TB-8.6", f"{r.name(leader)} is besieged: only an unbesieged Praetor")
    check_governorship(r, province)
    designated = replace(held, province=province, governor=True)
    return replace(r, magistrates={**r.magistrates, leader: designated})


def triumph_candidates(r: Romans, office: str, turn: int | None = None) -> list[str]:
    """TB-8.2: who may be chosen from the Triumph Holding Box: as Consul only one who earned his
    Triumph last Game Turn as Consul or Proconsul; as Dictator, Proconsul, Praetor or PU anyone
    there; never as ME."""
    inside = [lid for lid, place in r.places.items() if place == TRIUMPH]
    if office == "ME":
        return []
    if office == "Consul":
        last = (turn - 1) if turn is not None else None
        return [
            lid
            for lid in inside
            if r.triumphs.get(lid, (None, ""))[1] in ("Consul", "Proconsul")
            and (last is None or r.triumphs[lid][0] == last)
        ]
    return inside


def check_order(
    r: Romans,
    office: str,
    pairing: bool = False,
    turn: int | None = None,
    operations: bool = False,
) -> None:
    """TB-8.1: offices are elected in order: a Dictator first, only in an Emergency (a Major one
    obliges, a Minor one allows it, TB-9.4); another is refused, naming the one due. A Proconsul
    for two loose Legions paired as a new CA (TB-8.4) may come once the leaderless CAs have
    theirs, before the Praetors."""
    post = next_post(r, turn)
    if operations:
        if office != "Dictator":
            raise RuleViolation("TB-9.5", "Only a Dictator is elected during Operations")
        if r.count("Dictator"):
            raise RuleViolation("TB-9.5", "A Dictator is in play already")
        return
    if office == "Dictator":
        if r.emergency == "none":
            raise RuleViolation("TB-9.4", "A Dictator is elected only in an Emergency")
        if r.count("Dictator") or post is None or post.office not in ("Dictator", "Consul"):
            raise RuleViolation("TB-8.1", "The Dictator is elected first, before the Consuls")
        if post.office == "Consul" and r.count("Consul"):
            raise RuleViolation("TB-8.1", "The Dictator is elected first, before the Consuls")
        return
    before_praetors = post is None or post.office in ("Governor", "Praetor")
    if pairing and before_praetors and len(r.ca_legions()) >= 2:
        return
    if office == "Governor" and post is not None and post.office in ("Governor", "Praetor", "PU"):
        return  # TB-8.1: Praetors and governors in one step, before the PU
    if post is None:
        raise RuleViolation("TB-8.1", "Every office of this Game Turn is filled: done B1c")
    if post.office != office:
        raise RuleViolation("TB-8.1", f"The election due now is {post}, not a {office}")


def check_raising(r: Romans, office: str, ca: int | None, legions: tuple[str, ...]) -> None:
    """TB-11.7: in B3b, after this Game Turn's Legion Request, the player may have Proconsuls
    elected for the new Legions' leaderless CAs (or two paired as one) and Praetors for the new
    Legions left alone (TB-8.4, TB-8.5, TB-6.6); no other office."""
    if office not in ("Proconsul", "Praetor"):
        raise RuleViolation(
            "TB-11.7", "In B3b only Proconsuls and Praetors are elected, for the new Legions"
        )
    army = r.cas.get(ca, ()) if ca is not None else legions
    new = set(r.raised_now)
    if not army or not set(army) <= new:
        raise RuleViolation(
            "TB-11.7",
            "In B3b magistrates are elected only for this Game Turn's new Legions: "
            f"{', '.join(r.raised_now) or 'none'}",
        )


def elect(
    r: Romans,
    office: str,
    leader: str,
    from_triumph: bool,
    turn: int,
    ca: int | None = None,
    legions: tuple[str, ...] = (),
    theater: str | None = None,
    province: str | None = None,
    per_province: int = offices.PROCONSULS_PER_PROVINCE,
    operations: bool = False,
    raising: bool = False,
) -> Romans:
    """TB-8.2 to TB-8.7: `leader`, drawn from the pool or chosen from the Triumph Holding Box, takes
    `office`; a Proconsul his leaderless CA `ca` (or two loose Legions of one Theater, `legions`,
    made a new CA), a Praetor his loose Legion (`legions`), the PU Rome. A Consul's army waits
    until both are elected."""
    pairing = office == "Proconsul" and bool(legions)
    if raising:
        check_raising(r, office, ca, legions)
    else:
        check_order(r, office, pairing, turn, operations)
    if from_triumph:
        if leader not in triumph_candidates(r, office, turn):
            raise RuleViolation(
                "TB-8.2",
                f"{r.name(leader)} cannot be chosen {office} from the Triumph Holding Box"
                + (
                    " (as Consul only one who triumphed last Game Turn as Consul or Proconsul)"
                    if office == "Consul"
                    else ""
                ),
            )
    elif r.places.get(leader) != POOL:
        raise RuleViolation("TB-8.2", f"{r.name(leader)} is not in the pool to be drawn")
    magistrate = Magistrate(leader, office)
    cas = r.cas
    if office == "Proconsul":
        if pairing:
            r.check_no_slaves(legions, office)
            check_pairing(r, legions)
            number = max(r.cas, default=0) + 1
            cas = {**r.cas, number: legions}
            magistrate = replace(magistrate, cas=(number,), legions=legions)
        else:
            r.check_placed(r.cas.get(ca, ()))
            r.check_no_slaves(r.cas.get(ca, ()), office)
            if ca not in r.leaderless_cas():
                raise RuleViolation("TB-8.4", f"CA {ca} is not a leaderless CA")
            magistrate = replace(magistrate, cas=(ca,), legions=r.cas[ca])
        magistrate = replace(magistrate, theater=theater, province=province)
        check_assigned(magistrate, r)
    elif office == "Praetor":
        r.check_placed(legions)
        r.check_no_slaves(legions, office)
        if len(legions) != 1 or legions[0] not in r.loose_legions():
            raise RuleViolation(
                "TB-8.5", f"A Praetor takes one leaderless Legion outside a CA, not {legions}"
            )
        magistrate = replace(magistrate, legions=legions)
    elif office == "Governor":
        check_governorship(r, province)
        magistrate = Magistrate(leader, "Praetor", province=province, governor=True)
    elif ca is not None or legions or theater or province:
        if office == "Dictator":
            raise RuleViolation("TB-9.4", "The Dictator chooses the field or Rome once elected")
        if office == "Consul":
            raise RuleViolation(
                "TB-8.3", "Both Consuls are elected before either receives an army: imperium"
            )
        raise RuleViolation("TB-6.4", f"The {office} takes no army and no assignment here")
    magistrates = {**r.magistrates, leader: magistrate}
    offices.check_offices(list(magistrates.values()), r.name)
    offices.check_assignments(list(magistrates.values()), r.theater_of, per_province, r.name)
    return replace(
        r,
        magistrates=magistrates,
        cas=cas,
        places={**r.places, leader: MAP},
        elected=(*r.elected, leader),
        at={k: v for k, v in r.at.items() if k != leader},  # TB-1.4: placed with his force
    )


def dictators_awaiting(r: Romans) -> list[str]:
    """TB-9.4: a Dictator elected this Game Turn who has not chosen the field or Rome."""
    return [lid for lid in r.elected if r.office(lid) == "Dictator" and lid not in r.armed]


def dictator_in_field(r: Romans, leader: str, cas: tuple[int, ...]) -> Romans:
    """TB-9.4: a Dictator in the field takes one or two leaderless CAs, or none."""
    if leader not in dictators_awaiting(r):
        raise RuleViolation("TB-9.4", f"{r.name(leader)} is no Dictator awaiting his choice")
    if len(cas) > 2 or len(set(cas)) != len(cas):
        raise RuleViolation("TB-6.2", "A Dictator's Imperium is up to two CAs")
    for number in cas:
        r.check_placed(r.cas.get(number, ()))
        if number not in r.leaderless_cas():
            raise RuleViolation("TB-9.4", f"CA {number} is not a leaderless CA")
    legions = tuple(lg for n in cas for lg in r.cas[n])
    dictator = replace(r.magistrates[leader], cas=cas, legions=legions)
    magistrates = {**r.magistrates, leader: dictator}
    offices.check_imperium(list(magistrates.values()), r.name)
    return replace(r, magistrates=magistrates, armed=r.armed | {leader})


ME_REACH = 5
"""TB-9.4: the ME is numbered within 5 of the Dictator who stays in Rome."""


def me_candidates(r: Romans, dictator: str) -> list[str]:
    """TB-9.4: pool leaders numbered within 5 of the Dictator (Interpretation: the Triumph
    Holding Box is not the pool)."""
    own = number_key(r.leaders[dictator].number)[0]
    return [lid for lid in r.pool() if abs(number_key(r.leaders[lid].number)[0] - own) <= ME_REACH]


def name_me(r: Romans, dictator: str, leader: str, ca: int | None) -> Romans:
    """TB-9.4: the Dictator stays in Rome (placed there, never to leave) while the player picks
    an ME from the pool, never the map, numbered within 5 of him; the ME may take one leaderless
    CA. With no such leader the Dictator must take the field."""
    if dictator not in dictators_awaiting(r):
        raise RuleViolation("TB-9.4", f"{r.name(dictator)} is no Dictator awaiting his choice")
    if not me_candidates(r, dictator):
        raise RuleViolation(
            "TB-9.4",
            "No leader of the pool is numbered within 5 of the Dictator: he takes the field",
        )
    if r.places.get(leader) != POOL:
        raise RuleViolation(
            "TB-9.4", f"The ME is picked from the pool, and {r.name(leader)} is not in it"
        )
    if leader not in me_candidates(r, dictator):
        raise RuleViolation(
            "TB-9.4",
            f"The ME is numbered within {ME_REACH} of the Dictator {r.name(dictator)}; "
            f"{r.name(leader)} is not",
        )
    me = Magistrate(leader, "ME")
    if ca is not None:
        r.check_placed(r.cas.get(ca, ()))
        if ca not in r.leaderless_cas():
            raise RuleViolation("TB-9.4", f"CA {ca} is not a leaderless CA")
        me = replace(me, cas=(ca,), legions=r.cas[ca])
    magistrates = {**r.magistrates, leader: me}
    offices.check_imperium(list(magistrates.values()), r.name)
    return replace(
        r,
        magistrates=magistrates,
        places={**r.places, leader: MAP},
        armed=r.armed | {dictator},
        in_rome=r.in_rome | {dictator},
    )


def check_pairing(r: Romans, legions: tuple[str, ...]) -> None:
    """TB-8.4: two leaderless Legions outside CAs, in one Theater, paired as a new CA."""
    loose = r.ca_legions()
    if len(legions) != 2 or len(set(legions)) != 2 or not set(legions) <= set(loose):
        raise RuleViolation("TB-8.4", "A new CA pairs two leaderless Legions outside CAs")
    if len({r.theater((lg,)) for lg in legions}) != 1:
        raise RuleViolation("TB-8.4", "The two Legions of a new CA stand in one Theater")


def leave_empty(r: Romans, office: str) -> Romans:
    """TB-8.2 (Interpretation): with no leader available the office stays empty."""
    return replace(r, empty=(*r.empty, office))


def imperium_choices(r: Romans) -> tuple[list[int], list[str]]:
    """TB-8.3: what a Consul may be given now: the leaderless CAs; failing those, a new CA of two
    loose Legions; failing that, the one loose Legion left."""
    return r.leaderless_cas(), r.ca_legions()


def give_imperium(
    r: Romans,
    leader: str,
    ca: int | None,
    legions: tuple[str, ...],
    theater: str | None,
    per_province: int = offices.PROCONSULS_PER_PROVINCE,
    turn: int | None = None,
) -> Romans:
    """TB-8.3: a Consul must be given a leaderless CA while one remains, else a new CA of any two
    leaderless Legions outside CAs, only then a CA of the one left, failing that nothing (he
    stands in Rome without Imperium); with Imperium he gets a Theater (TB-6.4)."""
    if leader not in consuls_awaiting(r):
        raise RuleViolation("TB-8.3", f"{r.name(leader)} is no Consul awaiting his army")
    if r.count("Consul") < 2 and next_post(r, turn) == Post("Consul"):
        raise RuleViolation("TB-8.3", "Both Consuls are elected before either receives an army")
    open_cas, loose = imperium_choices(r)
    cas = dict(r.cas)
    if ca is not None:
        r.check_placed(r.cas.get(ca, ()))
        if ca not in open_cas:
            raise RuleViolation("TB-8.3", f"CA {ca} is not a leaderless CA")
        held, numbers = r.cas[ca], (ca,)
    elif legions:
        r.check_placed(legions)
        if open_cas:
            raise RuleViolation(
                "TB-8.3",
                f"A leaderless CA remains (CA {open_cas[0]}): a Consul takes it before loose "
                "Legions",
            )
        if not set(legions) <= set(loose) or len(set(legions)) != len(legions):
            raise RuleViolation("TB-8.3", "Only leaderless Legions outside CAs form a new CA")
        if len(legions) == 1 and len(loose) >= 2:
            raise RuleViolation(
                "TB-8.3", "Two leaderless Legions remain: the Consul's new CA takes two"
            )
        if len(legions) > 2:
            raise RuleViolation("TB-6.3", "A CA is one or two Legions")
        number = max(r.cas, default=0) + 1
        cas[number] = legions
        held, numbers = legions, (number,)
    else:
        if open_cas or loose:
            raise RuleViolation(
                "TB-8.3", "A Consul goes without an army only when no leaderless Legion remains"
            )
        held, numbers = (), ()
    magistrate = replace(r.magistrates[leader], cas=numbers, legions=held, theater=theater)
    check_assigned(magistrate, r)
    magistrates = {**r.magistrates, leader: magistrate}
    offices.check_assignments(list(magistrates.values()), r.theater_of, per_province, r.name)
    return replace(r, magistrates=magistrates, cas=cas, armed=r.armed | {leader})


def check_b1c_over(r: Romans, turn: int | None = None) -> None:
    """TB-8.8: B1c cannot end while an available leader could fill a Consulship, a post of
    TB-8.4 to TB-8.6 or the PU's, or a Consul awaits his army."""
    post = next_post(r, turn)
    if post is not None:
        raise RuleViolation("TB-8.8", f"B1c cannot end yet: {post} is still to be elected")


def default_command(r: Romans, leader: str) -> tuple[int | None, tuple[str, ...], str | None]:
    """The army TB-8.3 gives a Consul when the player leaves it to the program: the first
    leaderless CA; else the first two loose Legions; else the one left; his Theater is where his
    army stands."""
    open_cas, loose = imperium_choices(r)
    if open_cas:
        return open_cas[0], (), r.theater(r.cas[open_cas[0]])
    legions = tuple(loose[:2])
    return None, legions, r.theater(legions)


def default_assignment(
    r: Romans, legions: tuple[str, ...], per_province: int = offices.PROCONSULS_PER_PROVINCE
) -> tuple[str | None, str | None]:
    """TB-6.4: a Proconsul's assignment when the player leaves it to the program: where his CA
    stands (its Theater, or in Roman Italy its province); where that has its Proconsuls already,
    the first Roman Italy province with room, then the first Theater with room."""
    proconsuls = [m for m in r.magistrates.values() if m.office == "Proconsul"]
    in_province = [m.province for m in proconsuls if m.province]
    in_theater = [m.theater for m in proconsuls if m.theater and not m.province]
    italy = sorted(p for p, t in r.theater_of.items() if t == offices.ROMAN_ITALY)
    theaters = sorted({t for t in r.theater_of.values() if t != offices.ROMAN_ITALY})
    theater = r.theater(legions)
    here = r.legions[legions[0]].province
    first = [(theater, None)] if theater != offices.ROMAN_ITALY else [(None, here)]
    for where, province in [*first, *((None, p) for p in italy), *((t, None) for t in theaters)]:
        if province and in_province.count(province) < per_province:
            return None, province
        if where and in_theater.count(where) < offices.PROCONSULS_PER_THEATER:
            return where, None
    return first[0]


# D: Censure and the Triumph (TB-10.6, TB-10.7, TB-10.9).

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
    had: the office stays empty, his Imperium leaderless)."""
    held = check_censurable(r, leader)
    magistrates = {lid: m for lid, m in r.magistrates.items() if lid != leader}
    places = {**r.places, leader: CENSURED}
    if replacement is not None:
        if r.places.get(replacement) != POOL:
            raise RuleViolation("TB-10.7", f"{r.name(replacement)} is not in the pool")
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
    drawn from the pool to replace him takes his office, Imperium and assignment (TB-10.7)."""
    if outcome not in FALLEN:
        raise RuleViolation("TB-5.1", f"A leader is {', '.join(FALLEN)}, not {outcome}")
    if r.places.get(leader) != MAP:
        raise RuleViolation("TB-5.1", f"{r.name(leader)} is not on the map")
    held = r.magistrates.get(leader)
    magistrates = {lid: m for lid, m in r.magistrates.items() if lid != leader}
    place = {"wounded": SET_ASIDE, "killed": KILLED, "captured": CAPTURED}[outcome]
    places = {**r.places, leader: place}
    if replacement is not None:
        check_replaceable(r, leader)
        if r.places.get(replacement) != POOL:
            raise RuleViolation("TB-10.8", f"{r.name(replacement)} is not in the pool")
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


def earn(r: Romans, leader: str, turn: int, how: str, inflicted: int, enemy_infantry: bool):
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
    return replace(r, victories={**r.victories, leader: (turn, how)})


def celebrate(r: Romans, leader: str, turn: int, granted: bool) -> Romans:
    """TB-10.9: still holding Imperium, he enters Rome alone: the Triumph is recorded with his
    office and this Game Turn, and he is Finished for it; denied by the Senate, that victory is
    spent (Interpretation)."""
    held = check_celebrant(r, leader)
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


def roman_view(r: Romans) -> Mapping[str, object]:
    """What `status --json` shows of Rome: every leader's place, the magistrates with their
    office, Imperium and assignment, the Legions and the CAs."""
    return {
        "leaders": {
            lid: {"name": r.leaders[lid].name, "number": r.leaders[lid].number, "place": place}
            for lid, place in sorted(
                r.places.items(), key=lambda i: number_key(r.leaders[i[0]].number)
            )
        },
        "magistrates": [
            {
                "leader": m.leader,
                "office": m.office,
                "cas": list(m.cas),
                "legions": list(m.legions),
                "theater": m.theater,
                "province": m.province,
                "governor": m.governor,
            }
            for m in sorted(
                r.magistrates.values(),
                key=lambda m: (
                    offices.PRECEDENCE.index(m.office),
                    number_key(r.leaders[m.leader].number),
                ),
            )
        ],
        "legions": [
            {
                "id": lg.id,
                "kind": lg.kind,
                "discipline": lg.discipline,
                "sp": list(lg.sp),
                "province": lg.province,
                "ca": r.in_ca(lg.id),
                "leader": r.legion_leader(lg.id),
            }
            for lg in sorted(r.legions.values(), key=lambda lg: numeral_key(lg.id))
        ],
        "cas": {str(n): list(members) for n, members in sorted(r.cas.items())},
        "triumphs": {lid: {"turn": t, "office": o} for lid, (t, o) in r.triumphs.items()},
        "victories": {lid: {"turn": t, "how": how} for lid, (t, how) in r.victories.items()},
        "finished": sorted(r.finished),
    }
