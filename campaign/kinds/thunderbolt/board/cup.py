"""The LAM cup (TB-4.1, TB-4.2), as pure arithmetic over both sides' positions: how many Leader
Activation Markers each leader puts in at C1, and the other markers beside them. The draw itself
(TB-4.4) is the program's from the markers in the cup, or entered from the table."""

from __future__ import annotations

from dataclasses import dataclass

from campaign.kinds.thunderbolt.board.armies import Carthage
from campaign.kinds.thunderbolt.board.roman import Romans
from campaign.kinds.thunderbolt.board.war import BOX

SIEGE_ATTRITION_MARKERS = 3
"""TB-4.1: three Siege Attrition markers go in every Operations Phase's cup."""


def roman_lams(r: Romans) -> dict[str, int]:
    """TB-4.2: a Consul (with or without Imperium) or Proconsul puts in his Initiative
    (Interpretation: the AW default); a Praetor or governor 1; the PU none (TB-4.5); a Dictator or
    ME his Initiative − 1, at least 1; a magistrate in the Macedonia Holding Box none (TB-27.5); a
    leader without office, in the pool or a box, none."""
    lams = {}
    for m in r.magistrates.values():
        initiative = r.leaders[m.leader].initiative
        if in_the_box(r, m.legions):  # TB-27.5 (11.31): no Operations from the box
            lams[m.leader] = 0
            continue
        lams[m.leader] = {
            "Consul": initiative,
            "Proconsul": initiative,
            "Praetor": 1,
            "PU": 0,
            "Dictator": max(1, initiative - 1),
            "ME": max(1, initiative - 1),
        }[m.office]
    return lams


def in_the_box(r: Romans, legions: tuple[str, ...]) -> bool:
    """TB-4.2 and TB-27.5: a magistrate whose Legions all stand in the Macedonia Holding Box."""
    held = [r.legions[lg] for lg in legions if lg in r.legions]
    return bool(held) and all(lg.place == BOX for lg in held)


def carthage_lams(c: Carthage) -> dict[str, int]:
    """TB-4.2: a Carthaginian Army Commander or Subordinate — here a Detachment's leader — puts
    in his Initiative (Interpretation: the AW default); a leader commanding nothing puts in
    none."""
    leading = [a.commander for a in c.armies.values() if a.commander]
    leading += [d.leader for a in c.armies.values() for d in a.parts if d.leader]
    return {lid: c.leaders[lid].initiative for lid in dict.fromkeys(leading)}


@dataclass(frozen=True)
class Cup:
    rome: dict[str, int]
    carthage: dict[str, int]
    siege: int = SIEGE_ATTRITION_MARKERS
    augury: int = 0
    legate: int = 0
    """TB-4.1: the Legate LAM, when reinforcement SP wait in a Theater Holding Box (TB-11.8)."""

    @property
    def lams(self) -> int:
        return sum(self.rome.values()) + sum(self.carthage.values()) + self.legate


def at_c1(r: Romans, c: Carthage, augury: bool = False) -> Cup:
    """TB-4.1: what the cup gets at C1: every LAM of every leader in play, the Augury marker if
    the scenario has one, three Siege Attrition markers, the Legate LAM when reinforcement SP wait
    in a Theater Holding Box (TB-11.8; Carthage's Reinforcement LAM waits on manpower this slice
    does not keep, TB-17)."""
    legate = int(bool(r.holding))
    return Cup(roman_lams(r), carthage_lams(c), SIEGE_ATTRITION_MARKERS, int(augury), legate)


LAM, SIEGE, AUGURY, LEGATE = "lam", "siege", "augury", "legate"
"""The markers in the cup: a leader's LAM, a Siege Attrition marker, the Augury marker, the
Legate LAM."""
NO_SIDE = "none"


def markers(cup: Cup) -> tuple[str, ...]:
    """TB-4.1 and TB-16.3: the cup's markers, each named side/kind/leader/copy so that a draw
    reads them sorted by side, kind, leader and copy: `rome/lam/pulcher/2` for Pulcher's second
    LAM, `none/siege/-/1`, `none/augury/-/1`."""
    out = [
        f"{side}/{LAM}/{leader}/{k}"
        for side, lams in (("rome", cup.rome), ("carthage", cup.carthage))
        for leader, n in lams.items()
        for k in range(1, n + 1)
    ]
    out += [f"{NO_SIDE}/{SIEGE}/-/{k}" for k in range(1, cup.siege + 1)]
    out += [f"{NO_SIDE}/{AUGURY}/-/{k}" for k in range(1, cup.augury + 1)]
    out += [f"rome/{LEGATE}/-/{k}" for k in range(1, cup.legate + 1)]
    return tuple(sorted(out))


def kind_of(marker: str) -> str:
    """TB-4.4: what a marker opens: a leader's LAM Operations for him, a Siege Attrition marker
    Operations for siege results, the Augury marker the Augury Phase."""
    return {LAM: "leader", SIEGE: "siege", AUGURY: "augury", LEGATE: "delivery"}[
        marker.split("/")[1]
    ]


def leader_of(marker: str) -> str | None:
    side, kind, leader, _ = marker.split("/")
    return leader if kind == LAM else None


def prefix(side: str, kind: str, leader: str = "-") -> str:
    """The start of the names of a leader's LAMs, or of one kind of marker."""
    return f"{side}/{kind}/{leader}/"


def live(markers_left: tuple[str, ...], void: frozenset[str]) -> list[str]:
    """TB-4.3 and TB-4.4: the markers a draw may take: void LAMs set aside (Interpretation: a void
    LAM drawn is set aside and the draw repeats, which is the same as never drawing it); none
    when no LAM is left (Siege Attrition and Augury markers are not LAMs: play passes to F)."""
    left = [m for m in markers_left if leader_of(m) not in void]
    return left if any(map(is_lam, left)) else []


def is_lam(marker: str) -> bool:
    """TB-4.1: a leader's LAM or the Legate LAM (not a Siege Attrition nor the Augury marker)."""
    return marker.split("/")[1] in (LAM, LEGATE)


def void_leaders(r: Romans, c: Carthage) -> frozenset[str]:
    """TB-4.3: leaders whose LAMs are void: out of office or command (killed, captured,
    censured, recalled) or Finished by a Triumph; a Detachment's leader commands (TB-4.2)."""
    roman = {lid for lid in r.leaders if lid not in r.magistrates} | set(r.finished)
    commanding = set(carthage_lams(c))  # TB-4.2: an Army's commander, a Detachment's leader
    return frozenset(roman | {lid for lid in c.leaders if lid not in commanding})
