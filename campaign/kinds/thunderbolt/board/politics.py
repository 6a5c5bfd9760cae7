"""Rome's politics as pure arithmetic: Emergencies (TB-9), the Senate's permission, Censure and
the Triumph (TB-10), and Legions' discipline (TB-11.2, TB-11.9, TB-11.10)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from campaign.errors import RuleViolation

# TB-9 Emergencies.

NONE, MINOR, MAJOR = "none", "Minor", "Major"


@dataclass(frozen=True)
class Defeat:
    """A Roman Major defeat in a land battle (TB-5.1): its Game Turn, whether a CA or larger
    force fought, its share of SP lost, and whether a Dictator was elected after it that turn."""

    turn: int
    ca_engaged: bool
    share_lost: float
    dictator_after: bool = False


@dataclass(frozen=True)
class Facts:
    """TB-5.3's situation facts that Emergencies read."""

    occupied_cities: int = 0
    """Medium/Large cities of Roman Italy enemy-occupied."""
    city_near_roma: bool = False
    roma_besieged: bool = False
    enemy_near_rome: bool = False
    """TB-10.2: 20+ enemy SP within 10 hexes of Rome (a leader may then ask to enter Rome)."""


def emergency(turn: int, defeats: Sequence[Defeat], facts: Facts) -> tuple[str, list[str]]:
    """TB-9.1 and TB-9.2: the level of Emergency now, with its reasons. A qualifying battle
    counts in its Game Turn and the next; two Major defeats with CAs make a Major Emergency only
    when both fell in the same Game Turn (this one or the last); a Minor battle of the last turn
    no longer counts once a Dictator was elected after it in that turn."""
    reasons: list[tuple[str, str]] = []
    if facts.city_near_roma:
        reasons.append((MAJOR, "an enemy-occupied city within 3 hexes of Roma"))
    if facts.roma_besieged:
        reasons.append((MAJOR, "Roma is besieged"))
    for when in (turn, turn - 1):
        with_ca = [d for d in defeats if d.turn == when and d.ca_engaged]
        if len(with_ca) >= 2:
            reasons.append((MAJOR, f"two Major defeats with a CA engaged in Game Turn {when}"))
    if facts.occupied_cities >= 2:
        reasons.append((MINOR, f"{facts.occupied_cities} cities of Roman Italy enemy-occupied"))
    for d in defeats:
        counts = d.turn == turn or (d.turn == turn - 1 and not d.dictator_after)
        if counts and d.ca_engaged and d.share_lost >= 0.30:
            reasons.append(
                (MINOR, f"a Major defeat losing {d.share_lost:.0%} in Game Turn {d.turn}")
            )
    level = MAJOR if any(k == MAJOR for k, _ in reasons) else MINOR if reasons else NONE
    return level, [why for _, why in reasons]


# TB-10 The Senate, Censure and the Triumph.


def senate(
    face: int,
    drms: Sequence[int],
    campaign: int,
    guile_spent: int,
    guile: int,
    dictator_initiative: int = 0,
) -> tuple[bool, int]:
    """TB-10.1 and TB-10.5: granted when the adjusted DR is at most the leader's Campaign
    Rating; the entered DRMs, minus a Dictator-in-Rome's Initiative, minus one per Guile Point
    spent (at most his printed Guile)."""
    if not 0 <= guile_spent <= guile:
        raise RuleViolation(
            "TB-10.5", f"Guile spent is 0 to his printed Guile {guile}, not {guile_spent}"
        )
    adjusted = face + sum(drms) - dictator_initiative - guile_spent
    return adjusted <= campaign, adjusted


def censured(face: int, drms: Sequence[int], campaign: int) -> tuple[bool, int]:
    """TB-10.6: censured when the adjusted DR is above his Campaign Rating."""
    adjusted = face + sum(drms)
    return adjusted > campaign, adjusted


def triumph_earned(won: bool, enemy_infantry: bool, inflicted: int) -> bool:
    """TB-10.9: a battle won (or a city taken by Assault or Attrition) with enemy infantry
    present and 10+ infantry/cavalry SP inflicted."""
    return won and enemy_infantry and inflicted >= 10


def triumph_needs_senate(losses_share: float) -> bool:
    """TB-10.9: a force that lost 15 % or more in the victory's Game Turn also needs the
    Senate."""
    return losses_share >= 0.15


# TB-11 Legions.

RECRUIT, VETERAN = "Recruit", "Veteran"


@dataclass(frozen=True)
class Legion:
    id: str
    discipline: str = RECRUIT
    citizen_infantry: int = 9
    citizen_cavalry: int = 1
    ala_infantry: int = 9
    ala_cavalry: int = 3
    kind: str = "regular"
    province: str = ""
    """TB-1.4: where it stands, at province level."""
    place: str = ""
    """TB-1.4: the kind of place in its province: "" in the field, Roma, a port or a city."""
    auxiliary: int = 0
    """TB-11.1: attached Auxiliary SP (a Slave Legion's 6 Italian, never leaving it, TB-11.13)."""
    besieged: str = ""
    """TB-5.4: besieged as reported: in a "city" (neither port nor Rome), a "port", "Roma"."""

    @property
    def sp(self) -> tuple[int, int, int, int]:
        """TB-11.1: Citizen infantry, Citizen cavalry, Ala infantry, Ala cavalry."""
        return (self.citizen_infantry, self.citizen_cavalry, self.ala_infantry, self.ala_cavalry)


def new_legion(id_: str) -> Legion:
    """TB-11.2: a new regular Legion is Recruit at 9/1/9/3."""
    return Legion(id_)


def trained(face: int) -> bool:
    """TB-11.9: a Legion the PU trained all turn becomes Veteran on 7 or more."""
    return face >= 7


def after_battle(
    legions: Sequence[Legion], rome_won: bool | None, major: bool, lost: dict[str, int]
) -> dict[str, list[str]]:
    """TB-11.10: who may be promoted (`may_promote`, how many: 1, 2 after a Major Victory), who
    must be demoted (`demoted`), and among whom the player chooses one (`choose_one`). A draw
    changes nothing; Marine and Slave Legions are never promoted."""
    if rome_won is None:
        return {}
    veterans = [lg for lg in legions if lg.discipline == VETERAN]
    if rome_won:
        promotable = [lg.id for lg in legions if lg.discipline == RECRUIT and lg.kind == "regular"]
        return {"may_promote": promotable, "how_many": ["2" if major else "1"]}
    if not veterans:
        return {}
    if major:
        weak = [lg.id for lg in veterans if lg.citizen_infantry <= 5]
        return {"demoted": weak} if weak else {"choose_one": [lg.id for lg in veterans]}
    most = max(lost.get(lg.id, 0) for lg in veterans)
    worst = [lg.id for lg in veterans if lost.get(lg.id, 0) == most]
    return {"demoted": worst} if len(worst) == 1 else {"choose_one": worst}
