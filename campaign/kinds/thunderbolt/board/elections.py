"""The Election of Magistrates (B1c) as pure moves: the next post in TB-8.1's order, a leader
drawn or chosen from the Triumph Holding Box (TB-8.2), a Consul's Imperium (TB-8.3), governors
(TB-8.6), the Dictator and his Master of Horse (TB-9.4), and when B1c may end (TB-8.8)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import offices
from campaign.kinds.thunderbolt.board.offices import Magistrate
from campaign.kinds.thunderbolt.board.prorogues import check_assigned
from campaign.kinds.thunderbolt.board.roman import MAP, POOL, TRIUMPH, Romans, number_key


def consuls_awaiting(r: Romans) -> list[str]:
    """TB-8.3: Consuls elected this Game Turn whose army is not yet decided."""
    return [
        lid
        for lid in r.elected
        if r.office(lid) == "Consul" and not r.magistrates[lid].legions and lid not in r.armed
    ]


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
    return designated(r, leader, province)


def designated(r: Romans, leader: str, province: str | None) -> Romans:
    """TB-8.6: the Praetor designated governor (`designate` decides whether he may be)."""
    named = replace(r.magistrates[leader], province=province, governor=True)
    return replace(r, magistrates={**r.magistrates, leader: named})


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
    check_candidate(r, office, leader, from_triumph, turn)
    _check_seat(r, leader, office, ca, legions, theater, province)
    after = elected(r, office, leader, ca, legions, theater, province)
    offices.check_offices(list(after.magistrates.values()), r.name)
    offices.check_assignments(list(after.magistrates.values()), r.theater_of, per_province, r.name)
    return after


def elected(
    r: Romans,
    office: str,
    leader: str,
    ca: int | None = None,
    legions: tuple[str, ...] = (),
    theater: str | None = None,
    province: str | None = None,
) -> Romans:
    """TB-8.2 to TB-8.7: `leader` takes `office` and what it takes (`elect` decides whether he
    may): the fold's application."""
    magistrate, cas = _seat(r, Magistrate(leader, office), ca, legions, theater, province)
    return replace(
        r,
        magistrates={**r.magistrates, leader: magistrate},
        cas=cas,
        places={**r.places, leader: MAP},
        elected=(*r.elected, leader),
        at={k: v for k, v in r.at.items() if k != leader},  # TB-1.4: placed with his force
    )


def check_candidate(r: Romans, office: str, leader: str, from_triumph: bool, turn: int) -> None:
    """TB-8.2: a leader chosen from the Triumph Holding Box may be; one drawn is in the pool."""
    if not from_triumph:
        if r.places.get(leader) != POOL:
            raise RuleViolation("TB-8.2", f"{r.name(leader)} is not in the pool to be drawn")
        return
    if leader not in triumph_candidates(r, office, turn):
        consul = " (as Consul only one who triumphed last Game Turn as Consul or Proconsul)"
        raise RuleViolation(
            "TB-8.2",
            f"{r.name(leader)} cannot be chosen {office} from the Triumph Holding Box"
            + (consul if office == "Consul" else ""),
        )


def _check_seat(
    r: Romans,
    leader: str,
    office: str,
    ca: int | None,
    legions: tuple[str, ...],
    theater: str | None,
    province: str | None,
) -> None:
    """TB-8.4 to TB-8.6: what the elected takes — a Proconsul a leaderless CA (or two loose
    Legions of one Theater paired, TB-8.4) and an assignment, a Praetor one loose Legion, a
    governor an island's province; the other offices take nothing here."""
    if office == "Proconsul":
        if legions:
            r.check_no_slaves(legions, office)
            check_pairing(r, legions)
        else:
            r.check_placed(r.cas.get(ca, ()))
            r.check_no_slaves(r.cas.get(ca, ()), office)
            if ca not in r.leaderless_cas():
                raise RuleViolation("TB-8.4", f"CA {ca} is not a leaderless CA")
        army = legions or r.cas[ca]
        check_assigned(Magistrate(leader, office, army, theater, province=province), r)
    elif office == "Praetor":
        r.check_placed(legions)
        r.check_no_slaves(legions, office)
        if len(legions) != 1 or legions[0] not in r.loose_legions():
            raise RuleViolation(
                "TB-8.5", f"A Praetor takes one leaderless Legion outside a CA, not {legions}"
            )
    elif office == "Governor":
        check_governorship(r, province)
    elif ca is not None or legions or theater or province:
        if office == "Dictator":
            raise RuleViolation("TB-9.4", "The Dictator chooses the field or Rome once elected")
        if office == "Consul":
            raise RuleViolation(
                "TB-8.3", "Both Consuls are elected before either receives an army: imperium"
            )
        raise RuleViolation("TB-6.4", f"The {office} takes no army and no assignment here")


def _seat(
    r: Romans,
    magistrate: Magistrate,
    ca: int | None,
    legions: tuple[str, ...],
    theater: str | None,
    province: str | None,
) -> tuple[Magistrate, dict[int, tuple[str, ...]]]:
    """TB-8.4 to TB-8.6: the elected with what he takes, and the CAs after it."""
    office, cas = magistrate.office, r.cas
    if office == "Proconsul" and legions:
        number = max(r.cas, default=0) + 1
        cas = {**r.cas, number: legions}
        magistrate = replace(magistrate, cas=(number,), legions=legions)
    elif office == "Proconsul":
        magistrate = replace(magistrate, cas=(ca,), legions=r.cas[ca])
    if office == "Proconsul":
        return replace(magistrate, theater=theater, province=province), cas
    if office == "Praetor":
        return replace(magistrate, legions=legions), cas
    if office == "Governor":
        return Magistrate(magistrate.leader, "Praetor", province=province, governor=True), cas
    return magistrate, cas


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
    after = in_the_field(r, leader, cas)
    offices.check_imperium(list(after.magistrates.values()), r.name)
    return after


def in_the_field(r: Romans, leader: str, cas: tuple[int, ...]) -> Romans:
    """TB-9.4: the Dictator takes the field with his CAs (`dictator_in_field` decides whether he
    may)."""
    legions = tuple(lg for n in cas for lg in r.cas[n])
    dictator = replace(r.magistrates[leader], cas=cas, legions=legions)
    return replace(r, magistrates={**r.magistrates, leader: dictator}, armed=r.armed | {leader})


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
    if ca is not None:
        r.check_placed(r.cas.get(ca, ()))
        if ca not in r.leaderless_cas():
            raise RuleViolation("TB-9.4", f"CA {ca} is not a leaderless CA")
    after = me_named(r, dictator, leader, ca)
    offices.check_imperium(list(after.magistrates.values()), r.name)
    return after


def me_named(r: Romans, dictator: str, leader: str, ca: int | None) -> Romans:
    """TB-9.4: the Dictator stays in Rome, the ME named takes his CA if any (`name_me` decides
    whether he may)."""
    me = Magistrate(leader, "ME")
    if ca is not None:
        me = replace(me, cas=(ca,), legions=r.cas[ca])
    magistrates = {**r.magistrates, leader: me}
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
    if ca is not None:
        r.check_placed(r.cas.get(ca, ()))
        if ca not in open_cas:
            raise RuleViolation("TB-8.3", f"CA {ca} is not a leaderless CA")
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
    elif open_cas or loose:
        raise RuleViolation(
            "TB-8.3", "A Consul goes without an army only when no leaderless Legion remains"
        )
    after = imperium_given(r, leader, ca, legions, theater)
    check_assigned(after.magistrates[leader], r)
    offices.check_assignments(list(after.magistrates.values()), r.theater_of, per_province, r.name)
    return after


def imperium_given(
    r: Romans, leader: str, ca: int | None, legions: tuple[str, ...], theater: str | None
) -> Romans:
    """TB-8.3: the Consul's army — the CA named, a new CA of the Legions named, or none — and his
    Theater (`give_imperium` decides whether he may)."""
    cas = dict(r.cas)
    if ca is not None:
        held, numbers = r.cas[ca], (ca,)
    elif legions:
        number = max(r.cas, default=0) + 1
        cas[number] = legions
        held, numbers = legions, (number,)
    else:
        held, numbers = (), ()
    magistrate = replace(r.magistrates[leader], cas=numbers, legions=held, theater=theater)
    magistrates = {**r.magistrates, leader: magistrate}
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
