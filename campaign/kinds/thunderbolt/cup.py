"""The LAM cup (TB-4.1, TB-4.2), as pure arithmetic over both sides' positions: how many Leader
Activation Markers each leader puts in at C1, and the other markers beside them. The draw itself
(TB-4.4) is entered with `initiative` in this slice."""

from __future__ import annotations

from dataclasses import dataclass

from campaign.kinds.thunderbolt.carthage import Carthage
from campaign.kinds.thunderbolt.roman import Romans

SIEGE_ATTRITION_MARKERS = 3
"""TB-4.1: three Siege Attrition markers go in every Operations Phase's cup."""


def roman_lams(r: Romans) -> dict[str, int]:
    """TB-4.2: a Consul (with or without Imperium) or Proconsul puts in his Initiative
    (Interpretation: the AW default); a Praetor or governor 1; the PU none (TB-4.5); a Dictator or
    ME his Initiative − 1, at least 1; a leader without office, in the pool or a box, none."""
    lams = {}
    for m in r.magistrates.values():
        initiative = r.leaders[m.leader].initiative
        lams[m.leader] = {
            "Consul": initiative,
            "Proconsul": initiative,
            "Praetor": 1,
            "PU": 0,
            "Dictator": max(1, initiative - 1),
            "ME": max(1, initiative - 1),
        }[m.office]
    return lams


def carthage_lams(c: Carthage) -> dict[str, int]:
    """TB-4.2: a Carthaginian Army Commander puts in his Initiative (Interpretation: the AW
    default); a leader commanding nothing puts in none."""
    return {
        a.commander: c.leaders[a.commander].initiative for a in c.armies.values() if a.commander
    }


@dataclass(frozen=True)
class Cup:
    rome: dict[str, int]
    carthage: dict[str, int]
    siege: int = SIEGE_ATTRITION_MARKERS
    augury: int = 0

    @property
    def lams(self) -> int:
        return sum(self.rome.values()) + sum(self.carthage.values())


def at_c1(r: Romans, c: Carthage, augury: bool = False) -> Cup:
    """TB-4.1: what the cup gets at C1: every LAM of every leader in play, the Augury marker if
    the scenario has one, three Siege Attrition markers (Legate and Reinforcement LAMs wait on
    reinforcements this slice does not keep)."""
    return Cup(roman_lams(r), carthage_lams(c), SIEGE_ATTRITION_MARKERS, int(augury))
