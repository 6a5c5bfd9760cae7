"""Rome's side of the board between the battles, as pure data: where each Roman leader is
(TB-6.8), who holds which office with which Imperium and assignment (TB-6), the Legions and
Consular Armies (TB-6.3, TB-11.1), a siege's hold on them (TB-5.4), what a new Game Turn and the
end of Phase B change (TB-7.7, TB-18.4), and what `status --json` shows of Rome. The moves of
each step are in prorogues.py (B1a, B1b), elections.py (B1c) and senate/honours.py (TB-10)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import rules
from campaign.kinds.thunderbolt.board.offices import Magistrate
from campaign.kinds.thunderbolt.board.politics import Legion
from campaign.kinds.thunderbolt.board.setup import Leader, SetUp
from campaign.kinds.thunderbolt.board.war import BOX as MACEDONIA_BOX
from campaign.kinds.thunderbolt.board.war import THEATER as MACEDONIA

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
        """The Theater the first of `legions` stands in (TB-6.4); Macedonia for one in its
        Holding Box (TB-27.5, 11.31)."""
        held = [self.legions[lg] for lg in legions if lg in self.legions]
        if held and held[0].place == MACEDONIA_BOX:
            return MACEDONIA
        return self.theater_of.get(held[0].province) if held else None


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


SIEGED = ("city", "port", "Roma", "free")
"""TB-5.4: where a siege report leaves a Roman leader."""


def check_besiege(r: Romans, leader: str, where: str) -> None:
    """TB-5.4: a leader on the map is besieged in a city, a port or Roma, or free again."""
    if where not in SIEGED:
        raise RuleViolation("TB-5.4", "A leader is besieged in a city, a port or Roma, or free")
    if r.places.get(leader) not in (MAP,) and where != "free":
        raise RuleViolation("TB-5.4", f"{r.name(leader)} is not on the map to be besieged")


def besiege(r: Romans, leader: str, where: str) -> Romans:
    """TB-5.4: a leader reported besieged (in a city, a port or Roma) or free again
    (`check_besiege` decides whether he may be)."""
    besieged = {k: v for k, v in r.besieged.items() if k != leader}
    if where != "free":
        besieged[leader] = where
    if where == "free" and leader in r.held:  # TB-7.6: the siege over, to the pool if alive
        magistrates = {lid: m for lid, m in r.magistrates.items() if lid != leader}
        places = {**r.places, leader: POOL} if r.places.get(leader) == MAP else r.places
        return replace(
            r, besieged=besieged, magistrates=magistrates, places=places, held=r.held - {leader}
        )
    return replace(r, besieged=besieged)
