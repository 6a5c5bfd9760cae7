"""Rome's magistrates decided (TB-6 to TB-8): prorogues, assignments and releases in B1a, A
Visit from Pluto (B1b), the Election of Magistrates and its Imperium (B1c), governors."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from campaign.domain.drafts import Draft, draft, event_of
from campaign.errors import CampaignError, RuleViolation
from campaign.kinds.thunderbolt.board import checks, elections, guile, prorogues, roman
from campaign.kinds.thunderbolt.board import politics as senate
from campaign.kinds.thunderbolt.board import raising as legions
from campaign.kinds.thunderbolt.board.charts import outcome as chart_outcome
from campaign.kinds.thunderbolt.board.dice import Draws, Faces, Recorded, RecordedDraw
from campaign.kinds.thunderbolt.board.naming import leader, office, province, theater
from campaign.kinds.thunderbolt.board.state import State, numbered
from campaign.kinds.thunderbolt.chapters.senate.decide import field
from campaign.kinds.thunderbolt.fold import apply
from events.thunderbolt.magistrates import (
    AssignmentNamed,
    ExtraordinaryDisbanded,
    GovernorDesignated,
    ImperiumGiven,
    MagistrateElected,
    MagistrateProrogued,
    MagistrateReleased,
    OfficeLeftEmpty,
    PlutoVisited,
)


def prorogue(
    state: State, who: str, as_office: str, in_theater: str | None, in_province: str | None
) -> list[Draft]:
    """TB-7.2 and TB-7.3: in B1a a magistrate kept in a lawful office, assigned anew (TB-6.4)."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1a"], "a prorogue")
    lid, held = leader(state, who), office(as_office)
    where, place = theater(in_theater), province(state, in_province)
    prorogues.check_prorogue(state.romans, lid, held, where, place, state.per_province)
    return [
        draft(
            MagistrateProrogued,
            turn=state.turn,
            leader=lid,
            office=held,
            theater=where,
            province=place,
            forced=False,
        )
    ]


def assign(state: State, who: str, in_theater: str | None, in_province: str | None) -> list[Draft]:
    """TB-7.4: in B1a the assignment of a magistrate the rules prorogued (TB-6.4)."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1a"], "an assignment")
    lid = leader(state, who)
    where, place = theater(in_theater), province(state, in_province)
    prorogues.check_assign(state.romans, lid, where, place, state.per_province)
    return [draft(AssignmentNamed, turn=state.turn, leader=lid, theater=where, province=place)]


def release(state: State, who: str) -> list[Draft]:
    """TB-7.5: in B1a a magistrate released, to the Triumph Holding Box or the pool."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1a"], "a release")
    lid = leader(state, who)
    prorogues.check_release(state.romans, lid)
    return [draft(MagistrateReleased, turn=state.turn, leader=lid)]


def release_all(state: State) -> list[Draft]:
    """TB-7.5: every magistrate not yet prorogued or released this Game Turn, released."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1a"], "a release")
    return [
        draft(MagistrateReleased, turn=state.turn, leader=lid)
        for lid in prorogues.due_b1a(state.romans)
    ]


def pluto(
    state: State,
    who: str | None,
    modifiers: Mapping[str, int],
    faces: Faces,
    outcome: str | None = None,
) -> list[Draft]:
    """TB-7.7: a Leader Loss roll for one leader, or for every leader due when none is named:
    the first die with the chart's DRMs as entered, read from `leader_loss` (unharmed or
    casualty); a casualty's second die read from `leader_casualty` (wounded or killed). Where
    the set-up has no chart the outcome is entered."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1b"], "A Visit from Pluto")
    guile.check_untyped(modifiers)  # TB-24.5
    due = prorogues.due_pluto(state.romans)
    if who is None and outcome is not None and len(due) != 1:
        raise CampaignError("An outcome is entered for one leader: pluto NAME --outcome …")
    rolling = [leader(state, who)] if who is not None else due
    decided, current, number = [], state, state.next_number
    for lid in rolling:
        if lid not in prorogues.due_pluto(current.romans):
            prorogues.check_visit(current.romans, lid, "unharmed")  # refuses, naming why
        subject = numbered(current, lid)
        face = faces(current, number, "pluto", subject)[0]
        adjusted = face + sum(modifiers.values())
        first = _chart(state, "leader_loss", adjusted)
        rolled = [face]
        if first == "casualty" or (first is None and outcome in ("wounded", "killed")):
            rolled.append(faces(current, number + 1, "pluto", subject)[0])
        elif first is None and outcome is None and state.dice == "committed":
            rolled.append(faces(current, number + 1, "pluto", subject)[0])  # shown, not recorded
        read = first if first != "casualty" else _chart(state, "leader_casualty", rolled[1])
        result = _outcome(state, lid, read, outcome, adjusted, rolled)
        event = draft(
            PlutoVisited,
            turn=state.turn,
            leader=lid,
            number=number,
            faces=rolled,
            modifiers=dict(modifiers),
            outcome=result,
            evidence=getattr(faces, "evidence", ""),
        )
        decided.append(event)
        current, number = apply(current, event_of(event)), number + len(rolled)
    return decided


def _chart(state: State, name: str, adjusted: int) -> str | None:
    table = state.setup.tables.get(name)
    return chart_outcome(table, adjusted) if table else None


def _outcome(
    state: State, lid: str, read: str | None, entered: str | None, adjusted: int, faces: list
) -> str:
    if read is not None and entered is not None and read != entered:
        raise CampaignError(f"The chart gives {read} for {state.romans.name(lid)}, not {entered}.")
    result = read if read is not None else entered
    if result is None:
        dice = f"die {faces[0]}, adjusted {adjusted}" + (
            f"; a casualty's second die {faces[1]}" if len(faces) > 1 else ""
        )
        raise CampaignError(
            f"The set-up has no Leader Loss Chart: enter {state.romans.name(lid)}'s outcome with "
            f"--outcome unharmed, wounded or killed ({dice})."
        )
    if result not in roman.OUTCOMES:
        raise RuleViolation(
            "TB-7.7", f"Pluto leaves a leader unharmed, wounded or killed, not {result}"
        )
    return result


def elect(
    state: State,
    wanted: str | None,
    draws: Draws,
    from_triumph: str | None = None,
    ca: int | None = None,
    legions: Sequence[str] = (),
    in_theater: str | None = None,
    in_province: str | None = None,
) -> list[Draft]:
    """TB-8: the next office of B1c (or `wanted`, in TB-8.1's order): a leader drawn from the pool
    (TB-16.3) or chosen from the Triumph Holding Box (TB-8.2); a Proconsul takes the leaderless
    CA due, a Praetor the Legion due, unless others are named; an assignment not named is where
    the army stands (TB-6.4). The Consuls' armies: `imperium`."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1c", "D", "B3b"], "an election")
    r = state.romans
    operations, raising = "D" in state.position.open, "B3b" in state.position.open
    post, chosen_office = _office_due(state, wanted, operations, raising)
    if chosen_office == "Imperium":
        return imperium(state, None, None, (), None)
    pairing = chosen_office == "Proconsul" and len(legions) == 2
    if raising:
        elections.check_raising(r, chosen_office, ca, tuple(legions))
    else:
        elections.check_order(r, chosen_office, pairing, state.turn, operations)
    ca, legions = _army_due(post, chosen_office, ca, tuple(legions), pairing)
    army = legions if pairing else r.cas.get(ca, ())
    where, place = _assignment_due(state, post, chosen_office, army, in_theater, in_province)
    chosen, number, candidates, evidence = _candidate(state, chosen_office, from_triumph, draws)
    seat = None if pairing else ca
    taken = r.cas.get(ca, ()) if ca else ()
    elections.elect(
        *(r, chosen_office, chosen, from_triumph is not None, state.turn, seat, legions),
        *(where, place, state.per_province, operations, raising),
    )
    return [
        draft(
            MagistrateElected,
            turn=state.turn,
            office=chosen_office,
            leader=chosen,
            number=number,
            candidates=list(candidates),
            chosen=from_triumph is not None,
            ca=seat,
            legions=list(legions if pairing or chosen_office == "Praetor" else taken),
            theater=where,
            province=place,
            evidence=evidence,
        )
    ]


def _office_due(
    state: State, wanted: str | None, operations: bool, raising: bool
) -> tuple[elections.Post | None, str]:
    """TB-8.1, TB-9.5 and TB-11.7: the post B1c must fill next and the office elected — the one
    wanted, the next due, or in Operations the Dictator."""
    if raising and not wanted:  # TB-11.7: for the new Legions, if the player wishes
        raise CampaignError(
            "Name the office for the new Legions: elect proconsul --ca N, or elect praetor "
            "--legion X (TB-11.7)."
        )
    if operations and not state.dictator_due:
        raise RuleViolation(
            "TB-9.5",
            "During Operations a Dictator is elected only in a Roman leader's phase after an "
            "Emergency arose, with none in play",
        )
    post = None if operations or raising else elections.next_post(state.romans, state.turn)
    chosen = office(wanted) if wanted else (post.office if post else None)
    if operations and chosen is None:
        chosen = "Dictator"
    if chosen is None:
        raise RuleViolation("TB-8.1", "Every office of this Game Turn is filled: done B1c")
    if chosen == "Dictator's army":
        raise RuleViolation(
            "TB-9.4", "The Dictator chooses first: dictator --ca N (the field) or --me NAME (Rome)"
        )
    return post, chosen


def _army_due(
    post: elections.Post | None,
    chosen: str,
    ca: int | None,
    legions: tuple[str, ...],
    pairing: bool,
) -> tuple[int | None, tuple[str, ...]]:
    """TB-8.4 and TB-8.5: a Proconsul takes the leaderless CA due, a Praetor the Legion due,
    unless others are named."""
    if chosen == "Proconsul" and ca is None and not pairing:
        ca = post.ca if post else None
    if chosen == "Praetor" and not legions:
        legions = (post.legion,) if post and post.legion else ()
    return ca, legions


def _assignment_due(
    state: State,
    post: elections.Post | None,
    chosen: str,
    army: Sequence[str],
    in_theater: str | None,
    in_province: str | None,
) -> tuple[str | None, str | None]:
    """TB-6.4 and TB-8.6: the Theater or province named, else a governor's island province, a
    Proconsul's where his army stands."""
    where, place = theater(in_theater), province(state, in_province)
    if chosen == "Governor" and place is None:
        place = island_province(state, post.island if post and post.island else None)
    if chosen == "Proconsul" and not (where or place) and army:
        where, place = elections.default_assignment(state.romans, army, state.per_province)
    return where, place


def _candidate(
    state: State, chosen: str, from_triumph: str | None, draws: Draws
) -> tuple[str, int, list[str], str]:
    """TB-8.2 and TB-16.3: the leader chosen from the Triumph Holding Box, or drawn from the pool
    (with the draw's number, its candidates and its evidence)."""
    if from_triumph is not None:
        return leader(state, from_triumph), 0, [], ""
    candidates = state.romans.pool()
    if not candidates:
        raise RuleViolation(
            "TB-8.2",
            f"No leader is in the pool to draw a {chosen}: choose one from the Triumph "
            "Holding Box (--from-triumph NAME)",
        )
    number = state.next_number
    drawn, evidence = draws(state, number, chosen, candidates)
    return drawn, number, list(candidates), evidence


def imperium(
    state: State,
    who: str | None,
    ca: int | None,
    legions: Sequence[str],
    in_theater: str | None,
    none: bool = False,
) -> list[Draft]:
    """TB-8.3: an elected Consul's army (the first awaiting his when none is named): the CA or
    Legions named, or what TB-8.3 gives first when nothing is named; his Theater, where it
    stands when not named (TB-6.4)."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1c"], "a Consul's army")
    r = state.romans
    awaiting = elections.dictators_awaiting(r) + elections.consuls_awaiting(r)
    lid = leader(state, who) if who else (awaiting[0] if awaiting else None)
    if lid is None:
        raise RuleViolation("TB-8.3", "No elected Consul awaits his army")
    if r.office(lid) == "Dictator":
        cas = (ca,) if ca is not None else ()
        return field(state, lid, cas)
    where = theater(in_theater)
    if ca is None and not legions and not none:
        ca, legions, default_theater = elections.default_command(r, lid)
        where = where or default_theater
    elif where is None:
        army = r.cas.get(ca, ()) if ca is not None else tuple(legions)
        where = r.theater(army) if army else None
    elections.give_imperium(r, lid, ca, tuple(legions), where, state.per_province, state.turn)
    return [
        draft(
            ImperiumGiven,
            turn=state.turn,
            leader=lid,
            ca=ca,
            legions=list(r.cas.get(ca, ()) if ca is not None else legions),
            theater=where,
        )
    ]


def disband_extraordinary(state: State) -> list[Draft]:
    """TB-8.8: B1c ending with no Emergency in effect disbands every Marine and Slave Legion."""
    gone = legions.extraordinary_legions(state.romans)
    if not gone or state.emergency()[0] != senate.NONE:
        return []
    return [draft(ExtraordinaryDisbanded, turn=state.turn, legions=gone)]


def island_province(state: State, island: str | None) -> str:
    """TB-8.6: where an elected governor is placed when no province is named: the island's first
    province in the set-up file."""
    if island is None:
        raise CampaignError("Say which province of Sicily or Sardinia he governs: --province.")
    return next(p for p, isle in state.romans.island_of.items() if isle == island)


def designate(state: State, who: str, in_province: str | None) -> list[Draft]:
    """TB-8.6: in B1c an unbesieged Praetor on the map designated governor of an island instead
    of a governor elected; with no province named, his Legion's if it is on an island, else the
    island due's first."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1c"], "designating a governor")
    r = state.romans
    lid = leader(state, who)
    place = province(state, in_province)
    if place is None:
        held = r.magistrates.get(lid)
        own = r.legions[held.legions[0]].province if held and held.legions else None
        due = elections.governors_due(r)
        place = own if own in r.island_of else island_province(state, due[0] if due else None)
    elections.designate(r, lid, place)
    return [draft(GovernorDesignated, turn=state.turn, leader=lid, province=place)]


def elect_all(state: State, draws: Draws) -> list[Draft]:
    """TB-8: every post of B1c in order, each drawn and given what TB-8.3 to TB-8.7 give first."""
    decided: list[Draft] = []
    current = state
    for _ in range(64):
        post = elections.next_post(current.romans, current.turn)
        if post is None or post.office == "Dictator's army":
            return decided  # the Dictator's choice is the player's
        if post.office != "Imperium" and not current.romans.pool():
            if decided:
                return decided  # the Triumph Holding Box is the player's to choose from
            raise RuleViolation(
                "TB-8.2",
                f"The pool is empty: choose the {post.office} from the Triumph Holding Box "
                f"(elect {post.office} --from-triumph NAME)",
            )
        step = elect(current, None, draws)
        for each in step:
            current = apply(current, event_of(each))
        decided += step
    raise AssertionError("the elections did not end")


def empty_offices(state: State) -> list[Draft]:
    """TB-8.2 (Interpretation): at the end of B1c, each Consulship and the PU's office nobody
    could fill, recorded with why."""
    r = state.romans
    missing = {"Consul": 2 - r.count("Consul"), "PU": 1 - r.count("PU")}
    why = "no leader in the pool or the Triumph Holding Box"
    return [
        draft(
            OfficeLeftEmpty,
            turn=state.turn,
            office=held,
            reason=why if held == "PU" or n == 1 else f"both Consulships: {why}",
        )
        for held, n in missing.items()
        if n > 0 and held not in r.empty
    ]


REPLAY: dict[type, Callable[[Any, State], list[Draft]]] = {
    MagistrateProrogued: lambda e, s: prorogue(s, e.leader, e.office, e.theater, e.province),
    MagistrateReleased: lambda e, s: release(s, e.leader),
    AssignmentNamed: lambda e, s: assign(s, e.leader, e.theater, e.province),
    GovernorDesignated: lambda e, s: designate(s, e.leader, e.province),
    ExtraordinaryDisbanded: lambda e, s: disband_extraordinary(s),
    PlutoVisited: lambda e, s: pluto(
        s, e.leader, e.modifiers, Recorded(e.faces, e.evidence), e.outcome
    ),
    MagistrateElected: lambda e, s: elect(
        s,
        e.office,
        RecordedDraw(e.leader, e.evidence),
        e.leader if e.chosen else None,
        e.ca,
        e.legions if e.ca is None else (),
        e.theater,
        e.province,
    ),
    ImperiumGiven: lambda e, s: imperium(
        s, e.leader, e.ca, e.legions if e.ca is None else (), e.theater, none=not e.legions
    ),
    OfficeLeftEmpty: lambda e, s: [d for d in empty_offices(s) if d.fields["office"] == e.office][
        :1
    ],
}
"""Each recorded event of the chapter decided again from the state before it (verify, import,
fork): its command, given what the event shows."""
