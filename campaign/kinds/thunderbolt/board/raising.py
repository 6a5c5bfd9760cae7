"""Rome's Legions raised in B3b and trained in G2, as pure data and pure moves: the Legion Request
(TB-11.4), the Auxiliaries it may bring (TB-11.5), where new Legions go (TB-11.6), who leads them
(TB-11.7) and the PU's training (TB-11.9). Each move checks the rules it applies and raises the
RuleViolation that cites them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from campaign.domain.grammar import plural
from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import offices
from campaign.kinds.thunderbolt.board import politics as senate
from campaign.kinds.thunderbolt.board.offices import Magistrate
from campaign.kinds.thunderbolt.board.roman import MARINE, SLAVE, Romans, numeral_key

NS_DRM = -2
MOST_NS = 10
"""TB-11.4: the NS levels Rome may have built in a Game Turn, as this slice bounds them."""
"""TB-11.4: each NS level Rome built this Game Turn (TB-18.7) takes 2 off the request's DR."""
AUXILIARY_DR = 9
"""TB-11.5 (Interpretation of "9 or 10", TB-18.11): an adjusted DR of 9 or more."""
AUXILIARIES = {
    "Italian": ("Roman Italy",),
    "Gallic": ("Gallia Cisalpina", "Gallia Transalpina"),
    "Sicilian": ("Sicily",),
    "Ligurian": ("Sardinia and Corsica", "Liguria"),
    "Lusitanian": ("Hispania",),
    "Iberian": ("Hispania",),
    "Celt-Iberian": ("Hispania",),
}
"""TB-11.5: each contingent and the Theaters where a CA or Legion may raise it (by its province;
the Hispanic ones by the Roman-era region, which the players check)."""

NUMERALS = ((100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"))
NUMERALS += ((4, "IV"), (1, "I"))


def numeral(n: int) -> str:
    """A Legion's numeral: 11 → XI."""
    out = ""
    for value, letters in NUMERALS:
        while n >= value:
            out, n = out + letters, n - value
    return out


def next_ids(existing: Iterable[str], count: int) -> list[str]:
    """New Legions numbered on from the highest numeral ever in play."""
    highest = max((numeral_key(lg)[0] for lg in existing if numeral_key(lg)[0] < 10_000), default=0)
    return [numeral(highest + n) for n in range(1, count + 1)]


def check_placement(province: str, theater_of: Mapping[str, str], allied: str | None) -> None:
    """TB-11.6: new Legions go to Rome or a Roman-controlled province of Roman Italy (a track
    province allied to Rome; one off the track is Rome's)."""
    if theater_of.get(province) != offices.ROMAN_ITALY:
        raise RuleViolation("TB-11.6", "New Legions are placed in Rome or in Roman Italy")
    if allied not in (None, "rome"):
        raise RuleViolation("TB-11.6", "New Legions are placed only in a Roman-controlled province")


def short_cas(r: Romans) -> list[int]:
    """TB-11.7: the CAs of a single Legion, led or not, that new Legions fill first."""
    return sorted(n for n, members in r.cas.items() if len(members) == 1)


def unarmed_consuls(r: Romans) -> list[str]:
    """TB-11.7: the Consuls without Imperium, in the order of their numbers."""
    from campaign.kinds.thunderbolt.board.roman import number_key

    return sorted(
        (m.leader for m in r.magistrates.values() if m.office == "Consul" and not m.legions),
        key=lambda lid: number_key(r.leaders[lid].number),
    )


def pu(r: Romans) -> str | None:
    return next((m.leader for m in r.magistrates.values() if m.office == "PU"), None)


def raise_legions(
    r: Romans,
    ids: Sequence[str],
    province: str,
    fill: Sequence[int] = (),
    train: int = 0,
    turn: int = 0,
) -> Romans:
    """TB-11.2 and TB-11.7: the new Legions, Recruit and full, take leaders in order: each
    one-Legion CA receives one (the player choosing which, `fill`, when they are fewer); then,
    while a Consul lacks Imperium, CAs of two (an odd one alone) for the Consuls; then, both
    Consuls provided and four or more left, two form a CA; `train` (one or two) go to Rome for
    the PU to train; the rest stay leaderless, for Proconsuls and Praetors the player may have
    elected in B3b (`roman.elect` with `raising`). `check_raise_legions` decides whether they
    may be."""
    legions = dict(r.legions)
    for lg in ids:
        legions[lg] = replace(senate.new_legion(lg), province=province)
    cas, magistrates, left = _led(r, ids, fill)
    if train:
        trainer, trainees, left = pu(r), tuple(left[:train]), left[train:]
        m = magistrates[trainer]
        magistrates[trainer] = replace(m, legions=(*m.legions, *trainees))
    raised = (*r.raised_now, *ids)
    return replace(r, legions=legions, cas=cas, magistrates=magistrates, raised_now=raised)


def _led(
    r: Romans, ids: Sequence[str], fill: Sequence[int]
) -> tuple[dict[int, tuple[str, ...]], dict[str, Magistrate], list[str]]:
    """TB-11.7: the new Legions given to the CAs of one Legion, then to the Consuls without
    Imperium, then four or more left paired as a CA: the CAs and magistrates after, and the
    Legions left."""
    left = list(ids)
    cas, magistrates = dict(r.cas), dict(r.magistrates)
    short = short_cas(r)
    for n in short if len(left) >= len(short) else list(fill):
        lg = left.pop(0)
        cas[n] = (*cas[n], lg)
        leader = r.ca_leader(n)
        if leader is not None:
            m = magistrates[leader]
            magistrates[leader] = replace(m, legions=(*m.legions, lg))
    for consul in unarmed_consuls(r):
        if not left:
            break
        group, left = tuple(left[:2]), left[2:]
        number = max(cas, default=0) + 1
        cas[number] = group
        m = magistrates[consul]
        magistrates[consul] = replace(
            m, cas=(number,), legions=group, theater=m.theater or offices.ROMAN_ITALY
        )
    if len(left) >= 4:
        number = max(cas, default=0) + 1
        cas[number], left = tuple(left[:2]), left[2:]
    return cas, magistrates, left


def check_raise_legions(
    r: Romans, ids: Sequence[str], province: str, fill: Sequence[int] = (), train: int = 0
) -> None:
    """TB-11.7: the CAs of one Legion to fill named where the new Legions are fewer (never
    otherwise), one or two left for the PU in office to train; and TB-6.2, every Imperium within
    its limit once they are led."""
    _check_filled(r, len(ids), fill)
    if train:
        _check_trainer(r, train, len(_led(r, ids, fill)[2]))
    after = raise_legions(r, ids, province, fill, train)
    offices.check_imperium(list(after.magistrates.values()), r.name)


def _check_filled(r: Romans, new: int, fill: Sequence[int]) -> None:
    """TB-11.7: the CAs of one Legion that receive a new Legion first: all of them, or those the
    player names (`fill`) when the new Legions are fewer."""
    short = short_cas(r)
    if new >= len(short):
        if fill:
            raise RuleViolation("TB-11.7", "Every CA of one Legion receives one: no choice to make")
        return
    if sorted(set(fill)) != sorted(fill) or len(fill) != new or not set(fill) <= set(short):
        one_of = ", ".join(str(n) for n in short)
        raise RuleViolation(
            "TB-11.7",
            f"{plural(new, 'new Legion')} for the CAs of one Legion ({one_of}): "
            "name which with --ca N",
        )


def _check_trainer(r: Romans, train: int, left: int) -> None:
    """TB-11.7: the PU who trains one or two of the new Legions left in Rome."""
    trainer = pu(r)
    if trainer is None:
        raise RuleViolation("TB-11.7", "No PU is in office to train new Legions in Rome")
    if not 1 <= train <= offices.PU_TRAINING or train > left:
        raise RuleViolation(
            "TB-11.7",
            f"One or two of the {plural(left, 'Legion')} left may go to Rome for the PU to train",
        )


def check_auxiliary(
    kind: str, adjusted: int, unit_theater: str | None, reinforcements: bool = False
) -> None:
    """TB-11.5: on a request for Legions with an adjusted DR of 9 or more, one 6 SP contingent
    named by the province of the CA or Legion that takes it."""
    if reinforcements or adjusted < AUXILIARY_DR:
        raise RuleViolation(
            "TB-11.5",
            f"Auxiliaries come with a request for Legions at an adjusted DR of {AUXILIARY_DR} or "
            f"more, not {adjusted}",
        )
    if kind not in AUXILIARIES:
        raise RuleViolation(
            "TB-11.5", f"The contingents are {', '.join(AUXILIARIES)}, not {kind!r}"
        )
    if unit_theater not in AUXILIARIES[kind]:
        raise RuleViolation(
            "TB-11.5",
            f"A {kind} contingent is raised in {' or '.join(AUXILIARIES[kind])}, not "
            f"{unit_theater}",
        )


def trainees(r: Romans) -> list[str]:
    """TB-11.9: the Legions in the PU's Imperium this Game Turn (placed in Rome to be trained)."""
    trainer = pu(r)
    return sorted(r.magistrates[trainer].legions, key=numeral_key) if trainer else []


def train(r: Romans, results: Mapping[str, int]) -> Romans:
    """TB-11.9: 7 or more makes a Legion Veteran; the training of this Game Turn is over."""
    legions = dict(r.legions)
    for lg, face in results.items():
        if senate.trained(face):
            legions[lg] = replace(legions[lg], discipline=senate.VETERAN)
    return replace(r, legions=legions, drilled=True)


# Reinforcements instead of Legions (TB-11.8).

CEILING = {"citizen-infantry": 10, "citizen-cavalry": 1, "ala-infantry": 12, "ala-cavalry": 3}
"""TB-11.2: what reinforcement may raise each class to (Interpretation: cavalry only back to 1
and 3)."""
FIELDS = {
    "citizen-infantry": "citizen_infantry",
    "citizen-cavalry": "citizen_cavalry",
    "ala-infantry": "ala_infantry",
    "ala-cavalry": "ala_cavalry",
}
CAVALRY = ("citizen-cavalry", "ala-cavalry")
REINFORCED = (offices.ROMAN_ITALY, "Gallia Cisalpina", "Liguria")
"""TB-11.8: the Theaters whose Legions take reinforcements at once (elsewhere they wait in a
Theater Holding Box for the Legate LAM, which this slice does not keep)."""


def check_topped_up(legion: senate.Legion, classes: Mapping[str, int]) -> None:
    """TB-11.8: SP join a Legion by class, 1 or more each, within TB-11.2's ceilings."""
    for name, n in classes.items():
        after = getattr(legion, FIELDS[name]) + n
        if n < 1 or after > CEILING[name]:
            raise RuleViolation(
                "TB-11.8",
                f"Legion {legion.id}'s {name.replace('-', ' ')} goes up to {CEILING[name]} "
                f"(TB-11.2), not {after}",
            )


def topped_up(legion: senate.Legion, classes: Mapping[str, int]) -> senate.Legion:
    """TB-11.8: SP joining a Legion by class (`check_topped_up` decides whether they may)."""
    for name, n in classes.items():
        legion = replace(legion, **{FIELDS[name]: getattr(legion, FIELDS[name]) + n})
    return legion


def _far(r: Romans, legion: senate.Legion, operation: bool) -> bool:
    """TB-11.8: a Legion the SP raised do not join at once: outside the Theaters they reach, or
    in a besieged port; theirs wait in the Theater's Holding Box."""
    reach = (offices.ROMAN_ITALY,) if operation else REINFORCED
    return r.theater_of.get(legion.province, "") not in reach or legion.besieged == "port"


def check_reinforce(
    r: Romans, given: Mapping[str, Mapping[str, int]], sp: int, operation: bool = False
) -> None:
    """TB-11.8: at most the SP raised, at most N // 8 of them cavalry, given to regular Legions
    in play; by a Manpower Operation only to those unbesieged in Roman Italy; none to a Legion
    besieged, but Citizen SP to one in Roma in B3b; each class within TB-11.2's ceiling."""
    total = sum(n for classes in given.values() for n in classes.values())
    cavalry = sum(n for classes in given.values() for c, n in classes.items() if c in CAVALRY)
    if total > sp:
        raise RuleViolation("TB-11.8", f"{total} SP given, of {sp} raised")
    if cavalry > sp // 8:
        raise RuleViolation(
            "TB-11.8", f"Of {sp} SP at most {sp // 8} may be cavalry, not {cavalry}"
        )
    for lg, classes in given.items():
        if lg not in r.legions:
            raise RuleViolation("TB-11.8", f"There is no Legion {lg} in play")
        legion = r.legions[lg]
        if legion.kind != "regular":
            raise RuleViolation("TB-11.8", f"A {legion.kind} Legion is never reinforced")
        far = _far(r, legion, operation)
        if far and operation:
            raise RuleViolation(
                "TB-11.8",
                f"Legion {lg} is not in Roman Italy, unbesieged: a Manpower Operation's SP join "
                "only those",
            )
        if far:
            n = next((n for n in classes.values() if n < 1), 1)
            if n < 1:
                raise RuleViolation("TB-11.8", f"Give Legion {lg} 1 SP or more, not {n}")
            continue
        in_roma = legion.besieged == "Roma" and not operation
        if legion.besieged and not in_roma:
            raise RuleViolation("TB-11.8", f"Legion {lg} is besieged: it takes no reinforcements")
        if in_roma and any(not name.startswith("citizen") for name in classes):
            raise RuleViolation("TB-11.8", f"Legion {lg}, besieged in Roma, takes Citizen SP only")
        check_topped_up(legion, classes)


def reinforce(
    r: Romans, given: Mapping[str, Mapping[str, int]], sp: int, operation: bool = False
) -> Romans:
    """TB-11.8: N SP raised, at most N // 8 of them cavalry, join unbesieged regular Legions in
    Roman Italy, Gallia Cisalpina or Liguria at once — by a Manpower Operation (`operation`) only
    in Roman Italy — each class within TB-11.2's ceiling; in B3b Legions in Roma take Citizen SP,
    besieged or not. Those given in B3b to Legions elsewhere, or in a besieged port of those
    Theaters, wait in their Theater's Holding Box for the Legate LAM (TB-4.1). (Interpretation:
    SP no Legion can take are lost.) `check_reinforce` decides whether they may."""
    legions = dict(r.legions)
    holding = {theater: dict(classes) for theater, classes in r.holding.items()}
    for lg, classes in given.items():
        legion = legions[lg]
        if _far(r, legion, operation):  # to the Theater's Holding Box, for the Legate
            box = holding.setdefault(r.theater_of.get(legion.province, ""), {})
            for name, n in classes.items():
                box[name] = box.get(name, 0) + n
            continue
        legions[lg] = topped_up(legion, classes)
    return replace(r, legions=legions, holding=holding)


def check_deliver(r: Romans, given: Mapping[str, Mapping[str, int]]) -> None:
    """TB-11.8: SP wait in a Holding Box; they join that Theater's unbesieged regular Legions, or
    those in a besieged port, by class within TB-11.2's ceilings, each class at most what
    waited."""
    if not r.holding:
        raise RuleViolation("TB-11.8", "No reinforcement SP wait in a Theater Holding Box")
    for lg, classes in given.items():
        if lg not in r.legions:
            raise RuleViolation("TB-11.8", f"There is no Legion {lg} in play")
        legion = r.legions[lg]
        theater = r.theater_of.get(legion.province, "")
        if theater not in r.holding:
            raise RuleViolation("TB-11.8", f"No SP wait for Legion {lg}'s Theater, {theater}")
        if legion.kind != "regular" or legion.besieged not in ("", "port"):
            raise RuleViolation(
                "TB-11.8",
                f"Legion {lg} takes no reinforcements (a {legion.kind} Legion, or besieged)",
            )
        check_topped_up(legion, classes)
    for theater, classes in _arriving(r, given).items():
        for name, n in classes.items():
            waited = r.holding[theater].get(name, 0)
            if n > waited:
                raise RuleViolation(
                    "TB-11.8",
                    f"{waited} {name.replace('-', ' ')} SP waited in the {theater} Holding Box, "
                    f"not {n}",
                )


def _arriving(r: Romans, given: Mapping[str, Mapping[str, int]]) -> dict[str, dict[str, int]]:
    """The SP given to each Theater's Legions, by class."""
    arriving: dict[str, dict[str, int]] = {}
    for lg, classes in given.items():
        box = arriving.setdefault(r.theater_of.get(r.legions[lg].province, ""), {})
        for name, n in classes.items():
            box[name] = box.get(name, 0) + n
    return arriving


def deliver(r: Romans, given: Mapping[str, Mapping[str, int]]) -> Romans:
    """TB-11.8 and TB-4.4: the Legate LAM drawn, the SP arriving (after the Naval Transport roll
    made at the table, TB-16.6) join that Theater's unbesieged regular Legions, or those in a
    besieged port, by class and within TB-11.2's ceilings, each class at most what waited; every
    Holding Box is emptied (Interpretation: SP not given were lost on the way or found no
    Legion). `check_deliver` decides whether they may."""
    legions = dict(r.legions)
    for lg, classes in given.items():
        legions[lg] = topped_up(legions[lg], classes)
    return replace(r, legions=legions, holding={})


# The Marine Legion (TB-11.12).

MARINE_ID = "Marine"


def check_marine(r: Romans, operation: bool = False) -> None:
    """TB-11.12: only in a Major Emergency, and one Marine Legion at most."""
    check_extraordinary(r, MARINE, "TB-11.12", operation)


def check_raise_marine(r: Romans, take: int, face: int, operation: bool = False) -> None:
    """TB-11.12: in a Major Emergency, at most the die's SP."""
    check_marine(r, operation)
    if not 0 <= take <= face:
        raise RuleViolation(
            "TB-11.12", f"The die allows the Marine Legion at most {face} SP, not {take}"
        )


def raise_marine(r: Romans, take: int, province: str) -> Romans:
    """TB-11.12: instead of a Legion Request, in a Major Emergency: the die is the Marine
    Legion's maximum SP, the player takes any figure up to it as Ala infantry, each SP one NS
    level given up (Interpretation: 0 raises nothing); always Recruit, never reinforced, one at
    most. `check_raise_marine` decides whether it may be."""
    if not take:
        return r
    marine = senate.Legion(
        MARINE_ID,
        citizen_infantry=0,
        citizen_cavalry=0,
        ala_infantry=take,
        ala_cavalry=0,
        kind=MARINE,
        province=province,
    )
    return replace(r, legions={**r.legions, MARINE_ID: marine})


# The Slave Legions (TB-11.13).

SLAVE_IDS = ("Slave-1", "Slave-2")
SLAVE_ALA_INFANTRY, SLAVE_AUXILIARY = 8, 6
OPPONENT_DRM = 1
"""TB-11.13: a Slave Legion in a battle gives the opponent 1 (shown, TB-17)."""


def check_extraordinary(r: Romans, kind: str, rule: str, operation: bool = False) -> None:
    """TB-11.12, TB-11.13: only in a Major Emergency, instead of the Game Turn's Legion Request —
    the Slave Legions and the Marine Legion may come together — each at most once in play; a
    Manpower Operation (`operation`) is not the Game Turn's request (TB-11.3)."""
    what = {MARINE: "The Marine Legion is", SLAVE: "The Slave Legions are"}[kind]
    if r.emergency != "Major":
        raise RuleViolation(rule, f"{what} raised only in a Major Emergency")
    if any(legion.kind == kind for legion in r.legions.values()):
        raise RuleViolation(rule, f"{what} in play already, and never more than once")
    if not operation and r.requested and (not r.extraordinary or kind in r.extraordinary):
        raise RuleViolation("TB-11.3", "Rome's Legion Request of this Game Turn is made")


def check_raise_slaves(r: Romans, provinces: tuple[str, ...], operation: bool = False) -> None:
    """TB-11.13: in a Major Emergency, both at once, each placed."""
    check_extraordinary(r, SLAVE, "TB-11.13", operation)
    if len(provinces) != len(SLAVE_IDS):
        raise RuleViolation("TB-11.13", "Both Slave Legions are raised at once, each placed")


def raise_slaves(r: Romans, provinces: tuple[str, ...]) -> Romans:
    """TB-11.13: in a Major Emergency, instead of a Legion Request (with the Marine Legion if
    wished), both Slave Legions at once, each 8 Ala infantry with 6 Italian Auxiliary SP that
    never leave it, placed in Roman-controlled cities of Roman Italy, always Recruit, leaderless
    until the Dictator, the ME or a Consul takes them. `check_raise_slaves` decides whether they
    may be."""
    slaves = {
        lg: senate.Legion(
            lg,
            citizen_infantry=0,
            citizen_cavalry=0,
            ala_infantry=SLAVE_ALA_INFANTRY,
            ala_cavalry=0,
            kind=SLAVE,
            province=province,
            auxiliary=SLAVE_AUXILIARY,
        )
        for lg, province in zip(SLAVE_IDS, provinces, strict=True)
    }
    return replace(r, legions={**r.legions, **slaves})


def requested(r: Romans, kind: str = "") -> Romans:
    """TB-11.3: the Game Turn's Legion Request is made — Legions, reinforcements, or the Marine
    or Slave Legions (`kind`), which may come together (TB-11.13); a Manpower Operation is not
    it, and its fold does not call this."""
    return replace(r, requested=True, extraordinary=r.extraordinary | ({kind} if kind else set()))


def extraordinary_legions(r: Romans) -> list[str]:
    """TB-8.8: the Marine and Slave Legions in play, disbanded as B1c ends without an Emergency."""
    return sorted(lg for lg, legion in r.legions.items() if legion.kind in (MARINE, SLAVE))


def disband_extraordinary(r: Romans) -> Romans:
    """TB-8.8 [5.53]: B1c ending with no Emergency disbands every Marine and Slave Legion, from
    any Imperium and CA (the Marine Legion's SP return as NS levels, recorded only, TB-17)."""
    return eliminate(r, extraordinary_legions(r))


def eliminate(r: Romans, gone: Sequence[str]) -> Romans:
    """TB-5.5: Legions at 0 SP are eliminated: out of every CA and Imperium."""
    legions = {lg: legion for lg, legion in r.legions.items() if lg not in gone}
    cas = {
        n: tuple(lg for lg in members if lg not in gone)
        for n, members in r.cas.items()
        if set(members) - set(gone)
    }
    magistrates = {
        lid: replace(
            m,
            legions=tuple(lg for lg in m.legions if lg not in gone),
            cas=tuple(n for n in m.cas if n in cas),
        )
        for lid, m in r.magistrates.items()
    }
    return replace(r, legions=legions, cas=cas, magistrates=magistrates)
