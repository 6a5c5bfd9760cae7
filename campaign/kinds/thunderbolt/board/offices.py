"""Roman offices, Imperium and assignments (TB-6), as checks over a proposed set of magistrates:
each refuses with the rule it breaks. The state and the elections (TB-7, TB-8) build on them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from campaign.domain.grammar import plural
from campaign.errors import RuleViolation

OFFICES = ("Dictator", "ME", "Consul", "Proconsul", "Praetor", "PU")
"""TB-6.1: one office per leader (governors are Praetors)."""
ROMAN_ITALY = "Roman Italy"
MOST_PRAETORS = 6
"""TB-6.6: at most six Praetors, governors included, the PU not."""
PROCONSULS_PER_THEATER = 2
PROCONSULS_PER_PROVINCE = 1
"""TB-6.4 and TB-18.3 (setting `proconsuls-per-province`, 1 by default; 4.58's example has 2)."""
PU_TRAINING = 2
"""TB-6.2 (Interpretation): the PU trains two new Legions at most [5.14]."""


@dataclass(frozen=True)
class Magistrate:
    leader: str
    office: str
    legions: tuple[str, ...] = ()
    """The Legions of his Imperium (a Dictator's up to two CAs, anyone else's at most one)."""
    theater: str | None = None
    province: str | None = None
    """A Proconsul's Roman Italy province, or a governor's island city province."""
    governor: bool = False
    cas: tuple[int, ...] = ()
    """The CAs of his Imperium (TB-6.3), by number; a Praetor's Legion is in `legions` alone."""
    also: str | None = None
    """TB-6.4 [4.23's example]: a set-up Consul's second Theater (Sempronius: Sicily and
    Africa); any other magistrate has one assignment."""

    @property
    def assignment(self) -> str | None:
        """His Theater or Theaters (both named), or his province's key."""
        if self.also:
            return f"{self.theater} and {self.also}"
        return self.province or self.theater


Named = Callable[[str], str]
"""How a refusal writes a leader: his name and number on the command line (`Romans.name`:
"Flaccus #416", #28: refusals named him "#flaccus"), his key in the organiser's set-up file."""


def check_offices(magistrates: Sequence[Magistrate], named: Named = str) -> None:
    """TB-6.1: a leader holds one office; TB-6.6: at most six Praetors."""
    held = Counter(m.leader for m in magistrates)
    twice = sorted(leader for leader, n in held.items() if n > 1)
    if twice:
        raise RuleViolation("TB-6.1", f"{named(twice[0])} cannot hold two offices")
    unknown = [m.office for m in magistrates if m.office not in OFFICES]
    if unknown:
        raise RuleViolation("TB-6.1", f"There is no Roman office called {unknown[0]}")
    praetors = sum(m.office == "Praetor" for m in magistrates)
    if praetors > MOST_PRAETORS:
        raise RuleViolation(
            "TB-6.6", f"At most {MOST_PRAETORS} Praetors, governors included; not {praetors}"
        )


def imperium_limit(magistrate: Magistrate) -> int:
    """TB-6.2: how many Legions his Imperium may hold (a CA is one or two Legions)."""
    return {
        "Dictator": 4,
        "ME": 2,
        "Consul": 2,
        "Proconsul": 2,
        "Praetor": 1,
        "PU": PU_TRAINING,
    }[magistrate.office]


def check_imperium(magistrates: Sequence[Magistrate], named: Named = str) -> None:
    """TB-6.2: each Imperium within its limit; a Legion in at most one Imperium."""
    seen: dict[str, str] = {}
    for m in magistrates:
        if len(m.legions) > imperium_limit(m):
            raise RuleViolation(
                "TB-6.2",
                f"A {m.office}'s Imperium holds at most {plural(imperium_limit(m), 'Legion')}; "
                f"{named(m.leader)} would hold {len(m.legions)}",
            )
        for legion in m.legions:
            if legion in seen:
                raise RuleViolation(
                    "TB-6.2",
                    f"Legion {legion} is in the Imperium of {named(seen[legion])} already, not "
                    f"also {named(m.leader)}'s",
                )
            seen[legion] = m.leader


def check_assignments(
    magistrates: Sequence[Magistrate],
    theater_of: Mapping[str, str],
    per_province: int = PROCONSULS_PER_PROVINCE,
    named: Named = str,
) -> None:
    """TB-6.4: a Consul gets any Theater; a Proconsul a Theater other than Roman Italy, or one
    Roman Italy province — at most two Proconsuls per Theater, `per_province` per Roman Italy
    province; the Dictator, the ME and Praetors (but governors) get none."""
    theaters: Counter[str] = Counter()
    provinces: Counter[str] = Counter()
    for m in magistrates:
        if m.office in ("Dictator", "ME", "PU") and (m.theater or m.province):
            raise RuleViolation("TB-6.4", f"A {m.office} has no assignment ({named(m.leader)})")
        if m.office == "Praetor" and not m.governor and (m.theater or m.province):
            raise RuleViolation(
                "TB-6.4", f"A Praetor who is no governor has no assignment ({named(m.leader)})"
            )
        if m.office != "Proconsul":
            continue
        if m.province is not None and m.theater is not None:
            raise RuleViolation(
                "TB-6.4",
                f"A Proconsul gets a Theater or one province of Roman Italy, not both "
                f"({named(m.leader)}: {m.theater} and {m.province})",
            )
        if m.province is not None:
            if theater_of.get(m.province) != ROMAN_ITALY:
                raise RuleViolation(
                    "TB-6.4", f"A Proconsul's province is one of Roman Italy, not {m.province}"
                )
            provinces[m.province] += 1
            if provinces[m.province] > per_province:
                raise RuleViolation(
                    "TB-6.4",
                    f"At most {plural(per_province, 'Proconsul')} in {m.province}; "
                    f"{named(m.leader)} "
                    "would be one more",
                )
        elif m.theater == ROMAN_ITALY:
            raise RuleViolation(
                "TB-6.4",
                "A Proconsul gets a Theater other than Roman Italy, or one of its provinces",
            )
        elif m.theater is not None:
            theaters[m.theater] += 1
            if theaters[m.theater] > PROCONSULS_PER_THEATER:
                raise RuleViolation(
                    "TB-6.4",
                    f"At most {PROCONSULS_PER_THEATER} Proconsuls in {m.theater}; "
                    f"{named(m.leader)} would be one more",
                )


PRECEDENCE = ("Dictator", "ME", "Consul", "Proconsul", "Praetor", "PU")
"""TB-6.7: Dictator/ME, Consul, Proconsul, Praetor/PU."""


def overall_commanders(
    magistrates: Sequence[Magistrate], dictator_in_rome: bool = False, rome_dictator_oc: bool = True
) -> list[str]:
    """TB-6.7 and TB-18.5: both Consuls are OC unless a Dictator is in play, then he is; while
    he stays in Rome the setting `rome-dictator-oc` (on by default, 4.56) keeps him OC, off makes
    the ME OC (4.81)."""
    dictators = [m.leader for m in magistrates if m.office == "Dictator"]
    if dictators:
        if rome_dictator_oc or not dictator_in_rome:
            return dictators
        return [m.leader for m in magistrates if m.office == "ME"] or dictators
    return [m.leader for m in magistrates if m.office == "Consul"]
