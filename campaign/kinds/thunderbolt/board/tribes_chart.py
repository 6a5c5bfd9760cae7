"""The scenario's Tribal Information Chart as the set-up file gives it (TB-23.1, the rulebook's
9.11 and 9.31): each tribe's base province, contingent, ratings and at-start allegiance and
status, read and checked with every problem listed (TB-2.5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign.input import text


@dataclass(frozen=True)
class Tribe:
    """TB-23.1: a tribe as the scenario's Tribal Information Chart gives it (9.11, 9.31): its
    base hex's province, contingent, ratings and at-start allegiance and status."""

    id: str
    name: str
    province: str
    contingent: str
    aggression: int
    manpower: int
    allegiance: str
    depleted: bool = False
    pacified: bool = False


CONTINGENTS = ("Gallic", "Iberian")
"""TB-23.1: a tribe's contingent (9.11): Gallic, or Iberian/Celtiberian."""
ALLEGIANCES = ("rome", "carthage", "neutral")


def tribes_of(table: Any, provinces: dict, problems: list[str]) -> dict[str, Tribe]:
    """TB-23.1: each tribe's province, contingent, Aggression and Manpower Ratings (1-9),
    allegiance, and whether it starts Depleted or Pacified (a Pacified tribe is Depleted)."""
    tribes: dict[str, Tribe] = {}
    if table is not None and not isinstance(table, dict):
        problems.append("[tribes] is a table of tribes")
        return tribes
    for tid, spec in (table or {}).items():
        spec = spec if isinstance(spec, dict) else {}
        province, contingent = spec.get("province"), spec.get("contingent")
        allegiance = spec.get("allegiance", "neutral")
        ratings = {r: spec.get(r) for r in ("aggression", "manpower")}
        flags = {f: spec.get(f, False) for f in ("depleted", "pacified")}
        faults = [
            f"tribe {tid} is in {province!r}, no province of the file"
            if province not in provinces
            else "",
            f"tribe {tid}'s contingent is Gallic or Iberian, not {contingent!r}"
            if contingent not in CONTINGENTS
            else "",
            f"tribe {tid} is allied to rome, carthage or neutral, not {allegiance!r}"
            if allegiance not in ALLEGIANCES
            else "",
            *(
                f"tribe {tid}'s {r} rating is a whole number 1-9, not {v!r}"
                for r, v in ratings.items()
                if type(v) is not int or not 1 <= v <= 9
            ),
            *(
                f"tribe {tid}'s {f} is true or false"
                for f, v in flags.items()
                if type(v) is not bool
            ),
        ]
        name = text.listed(str(spec.get("name") or tid), f"tribe {tid}'s name", faults)
        problems.extend(f for f in faults if f)
        if not any(faults):
            tribes[tid] = Tribe(
                tid,
                name,
                province,
                contingent,
                ratings["aggression"],
                ratings["manpower"],
                allegiance,
                flags["depleted"] or flags["pacified"],
                flags["pacified"],
            )
    return tribes
