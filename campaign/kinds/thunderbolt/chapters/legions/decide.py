"""Rome's Legions decided (TB-11): Manpower, the Legion Request of B3b or what replaces it
(reinforcements, the Marine Legion, the Slave Legions), the Legate's SP, training in G2,
Legions disbanded, Naval Superiority built."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from campaign.domain.drafts import Draft, draft
from campaign.domain.grammar import plural
from campaign.errors import CampaignError, RuleViolation
from campaign.input.names import resolve
from campaign.kinds.thunderbolt.board import checks, guile, offices, prorogues, roman, rules
from campaign.kinds.thunderbolt.board import raising as legions
from campaign.kinds.thunderbolt.board.dice import Faces, Recorded
from campaign.kinds.thunderbolt.board.naming import leader, province_of
from campaign.kinds.thunderbolt.board.state import State
from events.thunderbolt.legions import (
    LegateDelivered,
    LegionsDisbanded,
    LegionsReinforced,
    LegionsRequested,
    ManpowerOperation,
    MarineRaised,
    NavalBuilt,
    SlavesRaised,
    TrainingRolled,
)


def raising(
    state: State, by: str | None, doing: str, requesting: bool = True
) -> tuple[list[Draft], bool]:
    """TB-11.3: where Rome raises manpower — in B3b as the Game Turn's one request (`requesting`:
    the Marine and Slave Legions check theirs, TB-11.13), or in D by a Manpower Operation of `by`,
    drafted ahead of what it raises."""
    checks.check_revealed(state)
    operation, by_op = manpower(state, by)
    if not by_op:
        checks.check_step(state, ["B3b"], doing)
        if requesting:
            checks.check_request(state)
    return operation, by_op


def manpower(state: State, by: str | None) -> tuple[list[Draft], bool]:
    """TB-11.3: a Manpower Operation of `by`, checked and drafted ahead of what it raises; none
    when `by` is None; already recorded when the state shows one open (the raise replayed)."""
    if state.manpower_by:
        return [], True
    if by is None:
        return [], False
    checks.check_revealed(state)
    checks.check_step(state, ["D"], "a Manpower Operation")
    lid = leader(state, by)
    checks.check_manpower(state, lid)
    made = draft(ManpowerOperation, turn=state.turn, leader=lid, operations=state.operations)
    return [made], True


def disband_legions(state: State, given: Sequence[str], cas: Sequence[int] = ()) -> list[Draft]:
    """TB-11.11: Rome disbands leaderless Legions by choice in B1a, after the prorogues; a CA
    named disbands both its Legions."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1a"], "disbanding Legions")
    r = state.romans
    named = [resolve("Legion", lg, r.legions) for lg in given]
    for n in cas:
        if n not in r.cas:
            raise RuleViolation("TB-11.11", f"There is no CA {n}")
        named += [lg for lg in r.cas[n] if lg not in named]
    prorogues.check_disband_legions(r, tuple(named))
    return [draft(LegionsDisbanded, turn=state.turn, legions=named)]


def naval(state: State, levels: int) -> list[Draft]:
    """TB-11.4 and TB-17: the NS levels Rome built in B3a, recorded once a Game Turn."""
    checks.check_revealed(state)
    checks.check_step(state, ["B3a"], "the NS levels built")
    if not 0 <= levels <= legions.MOST_NS:
        raise RuleViolation(
            "TB-11.4", f"NS levels built in a Game Turn are 0 to {legions.MOST_NS}, not {levels}"
        )
    if state.turn in state.ns_built:
        raise RuleViolation("TB-11.4", f"Game Turn {state.turn}'s NS levels are recorded")
    if levels:
        checks.check_not_reallotted(state, rules.ROME)
    return [draft(NavalBuilt, turn=state.turn, levels=levels)]


def naval_levels(state: State, entered: int | None) -> int:
    """TB-11.4 and TB-18.7: the NS levels whose DRM a Legion Request takes: those Rome built this
    Game Turn (or last, setting `ns-drm-turn`), as recorded in B3a; entered where none were
    recorded, and then checked against the record when there is one."""
    turn = (
        state.turn
        if state.settings.get("ns-drm-turn", "this-GT") == "this-GT"
        else (state.turn - 1)
    )
    recorded = state.ns_built.get(turn)
    if entered is None:
        return recorded or 0
    if not 0 <= entered <= legions.MOST_NS:
        raise RuleViolation(
            "TB-11.4", f"NS levels built in a Game Turn are 0 to {legions.MOST_NS}, not {entered}"
        )
    if recorded is not None and entered != recorded:
        raise RuleViolation(
            "TB-18.7",
            f"Rome built {plural(recorded, 'NS level')} in Game Turn {turn} as recorded, "
            f"not {entered}",
        )
    return entered


def legion_request(
    state: State,
    modifiers: Mapping[str, int],
    ns: int | None,
    faces: Faces,
    raised: int | None = None,
    at: str | None = None,
    fill: Sequence[int] = (),
    train: int = 0,
    auxiliary: str = "",
    auxiliary_to: str = "",
    by: str | None = None,
) -> list[Draft]:
    """TB-11.3 to TB-11.7: one Legion Request in B3b: the Legions in play stated, the die, 2 off
    per NS level Rome built this Game Turn and the chart's DRMs entered; the Legions raised read
    from the set-up's `legion_request` chart or entered; placed in Roman Italy (TB-11.6) and led
    in TB-11.7's order; an Auxiliary contingent at an adjusted DR of 9 or more (TB-11.5)."""
    operation, by_op = raising(state, by, "a Legion Request")
    guile.check_untyped(modifiers)  # TB-24.5
    r = state.romans
    ns = naval_levels(state, ns)
    in_play = len(r.legions)
    number = state.next_number
    face, evidence = faces(state, number, "legion-request", "rome")
    adjusted = face + legions.NS_DRM * ns + sum(modifiers.values())
    table = state.setup.tables.get("legion_request")
    read = rules.legion_request(table, in_play, adjusted) if table else None
    count = _count(read, raised, face, adjusted, in_play)
    where = _placed(state, count, at)
    ids = legions.next_ids(r.legions, count)
    legions.check_raise_legions(r, tuple(ids), where, fill, train)
    kind, unit = _auxiliary(state, auxiliary, auxiliary_to, ids, where, adjusted)
    return [
        *operation,
        draft(
            LegionsRequested,
            turn=state.turn,
            number=number,
            face=face,
            in_play=in_play,
            ns=ns,
            modifiers=dict(modifiers),
            raised=count,
            legions=ids,
            province=where,
            filled=list(fill),
            train=train,
            auxiliary=kind,
            auxiliary_to=unit,
            evidence=evidence,
        ),
    ]


def _count(read: int | None, raised: int | None, face: int, adjusted: int, in_play: int) -> int:
    """TB-11.4: the Legions raised, read from the chart, or entered where the set-up has none."""
    if read is None and raised is None:
        raise CampaignError(
            f"The set-up has no Legion Request chart for this: enter the Legions raised with "
            f"--legions N (die {face}, adjusted DR {adjusted}, {in_play} Legions in play)."
        )
    if read is not None and raised is not None and raised != read:
        raise CampaignError(
            f"The chart gives {plural(read, 'Legion')} for an adjusted DR of {adjusted} "
            f"with {in_play} "
            f"in play, not {raised}."
        )
    count = read if read is not None else raised
    if not 0 <= count <= 10:
        raise RuleViolation("TB-11.4", f"A Legion Request raises 0 to 10 Legions, not {count}")
    return count


def _placed(state: State, count: int, at: str | None) -> str:
    """TB-11.6: where the new Legions go, a province of Roman Italy (none when none is raised)."""
    if not count:
        return ""
    if at is None:
        raise CampaignError(
            f"Say where {'the new Legion goes' if count == 1 else f'the {count} new Legions go'}: "
            "--at PROVINCE of Roman Italy (TB-11.6)."
        )
    where = province_of(state, at)
    check_new_place(state, where)
    return where


def check_new_place(state: State, where: str) -> None:
    """TB-11.6: a province Legions are placed in as they come (raised, or back from Macedonia,
    TB-27.6): its Theater's and its ally's say."""
    allied = state.track[where][1] if where in state.track else None
    legions.check_placement(where, state.romans.theater_of, allied)


def _auxiliary(
    state: State, auxiliary: str, to: str, ids: Sequence[str], where: str, adjusted: int
) -> tuple[str, str]:
    """TB-11.5: the Auxiliary contingent entered (its kind) and the Legion that takes it."""
    if not auxiliary.strip():
        return "", ""
    r = state.romans
    kind = resolve("contingent", auxiliary, legions.AUXILIARIES)
    unit = _unit(state, to, ids)
    province = r.legions[unit].province if unit in r.legions else where
    legions.check_auxiliary(kind, adjusted, r.theater_of.get(province))
    return kind, unit


def reinforcements(
    state: State,
    modifiers: Mapping[str, int],
    ns: int | None,
    faces: Faces,
    given: Mapping[str, Mapping[str, int]],
    raised: int | None = None,
    by: str | None = None,
) -> list[Draft]:
    """TB-11.8: reinforcements instead of Legions, Rome's one request of B3b (TB-11.3): the die,
    2 off per NS level and the chart's DRMs; N SP from the set-up's `legion_request` chart's
    "0-6" column or entered; given to Legions by class."""
    operation, by_op = raising(state, by, "reinforcements")
    guile.check_untyped(modifiers)  # TB-24.5
    r = state.romans
    ns = naval_levels(state, ns)
    number = state.next_number
    face, evidence = faces(state, number, "legion-request", "rome")
    adjusted = face + legions.NS_DRM * ns + sum(modifiers.values())
    table = state.setup.tables.get("legion_request")
    read = rules.reinforcement_sp(table, adjusted) if table else None
    if read is None and raised is None:
        raise CampaignError(
            f"The set-up's chart gives no reinforcement SP here: enter them with --sp N (die "
            f"{face}, adjusted DR {adjusted})."
        )
    if read is not None and raised is not None and raised != read:
        raise CampaignError(f"The chart gives {read} SP for an adjusted DR of {adjusted}.")
    sp = read if read is not None else raised
    named = {
        resolve("Legion", lg, r.legions): {
            resolve("class of SP", c, legions.CEILING): n for c, n in classes.items()
        }
        for lg, classes in given.items()
    }
    legions.check_reinforce(r, named, sp, by_op)
    return [
        *operation,
        draft(
            LegionsReinforced,
            turn=state.turn,
            number=number,
            face=face,
            ns=ns,
            modifiers=dict(modifiers),
            sp=sp,
            given=named,
            evidence=evidence,
        ),
    ]


def deliver(state: State, given: Mapping[str, Mapping[str, int]]) -> list[Draft]:
    """TB-11.8 and TB-4.4: in the Operations Phase the Legate LAM opened, the SP arriving in each
    Theater join its Legions; every Holding Box is emptied."""
    checks.check_revealed(state)
    checks.check_step(state, ["D"], "the Legate's delivery")
    if state.opened_by != "delivery":
        raise RuleViolation("TB-4.4", "The Legate's SP are delivered when his LAM is drawn")
    r = state.romans
    named = {
        resolve("Legion", lg, r.legions): {
            resolve("class of SP", c, legions.CEILING): n for c, n in classes.items()
        }
        for lg, classes in given.items()
    }
    legions.check_deliver(r, named)
    return [draft(LegateDelivered, turn=state.turn, given=named, waited=dict(r.holding))]


def marine(
    state: State, take: int | None, at: str, faces: Faces, by: str | None = None
) -> list[Draft]:
    """TB-11.12: the Marine Legion in B3b instead of a Legion Request, only in a Major Emergency
    (TB-19.6): the die its maximum SP, the player's figure up to it, placed in Ostia's province
    of Roman Italy (or Roma's)."""
    operation, by_op = raising(state, by, "the Marine Legion", requesting=False)
    r = state.romans
    legions.check_marine(r, by_op)
    where = province_of(state, at)
    if r.theater_of.get(where) != offices.ROMAN_ITALY:
        raise RuleViolation("TB-11.12", "The Marine Legion is placed in Ostia or Roma")
    number = state.next_number
    face, evidence = faces(state, number, "marine", "rome")
    take = face if take is None else take
    legions.check_raise_marine(r, take, face, by_op)
    return [
        *operation,
        draft(
            MarineRaised,
            turn=state.turn,
            number=number,
            face=face,
            take=take,
            province=where,
            evidence=evidence,
        ),
    ]


def slave_legions(state: State, at: Sequence[str], by: str | None = None) -> list[Draft]:
    """TB-11.13: both Slave Legions in B3b instead of a Legion Request, only in a Major
    Emergency (the Marine Legion may come too), each placed in a Roman-controlled city of Roman
    Italy (`at`: one province for both, or one each)."""
    operation, by_op = raising(state, by, "the Slave Legions", requesting=False)
    r = state.romans
    legions.check_extraordinary(r, roman.SLAVE, "TB-11.13", by_op)
    if not at or len(at) > len(legions.SLAVE_IDS):
        raise CampaignError(
            "Say where the Slave Legions go: --at PROVINCE of Roman Italy, once for both or once "
            "for each (TB-11.13)."
        )
    places = [province_of(state, given) for given in at]
    places = places * 2 if len(places) == 1 else places
    for where in places:
        check_new_place(state, where)
    legions.check_raise_slaves(r, tuple(places), by_op)
    raised = draft(SlavesRaised, turn=state.turn, legions=list(legions.SLAVE_IDS), provinces=places)
    return [*operation, raised]


def _unit(state: State, given: str, new: Sequence[str]) -> str:
    """TB-11.5: the Legion that takes the contingent (a CA's first Legion when a CA is named)."""
    if not given.strip():
        raise CampaignError(
            "Say which CA or Legion takes the contingent: --auxiliary-to (TB-11.5)."
        )
    r = state.romans
    known = {**{lg: lg for lg in r.legions}, **{lg: lg for lg in new}}
    known.update({f"CA {n}": members[0] for n, members in r.cas.items()})
    return known[resolve("CA or Legion", given, known)]


def train(state: State, left: Sequence[str], pu_left: bool, faces: Faces) -> list[Draft]:
    """TB-11.9: in G2 a die for each Legion placed in Rome for the PU this Game Turn that stayed
    there (none when the PU has left Rome since): 7 or more makes it Veteran."""
    checks.check_revealed(state)
    checks.check_step(state, ["G2"], "the training rolls")
    r = state.romans
    due = legions.trainees(r)
    if r.drilled or not due:
        raise RuleViolation("TB-11.9", "No Legion is in Rome for the PU to train this Game Turn")
    gone = [resolve("Legion in training", lg, due) for lg in left]
    staying = [] if pu_left else [lg for lg in due if lg not in gone]
    number = state.next_number
    rolled, evidence = {}, ""
    for n, lg in enumerate(staying):
        rolled[lg], evidence = faces(state, number + n, "training", lg)
    return [
        draft(
            TrainingRolled,
            turn=state.turn,
            number=number,
            faces=rolled,
            left=gone,
            pu_left=pu_left,
            evidence=evidence,
        )
    ]


REPLAY: dict[type, Callable[[Any, State], list[Draft]]] = {
    SlavesRaised: lambda e, s: slave_legions(s, e.provinces),
    NavalBuilt: lambda e, s: naval(s, e.levels),
    LegateDelivered: lambda e, s: deliver(s, e.given),
    ManpowerOperation: lambda e, s: manpower(s, e.leader)[0],
    LegionsDisbanded: lambda e, s: disband_legions(s, e.legions),
    LegionsRequested: lambda e, s: legion_request(
        s,
        e.modifiers,
        e.ns,
        Recorded([e.face], e.evidence),
        e.raised,
        e.province or None,
        e.filled,
        e.train,
        e.auxiliary,
        e.auxiliary_to,
    ),
    LegionsReinforced: lambda e, s: reinforcements(
        s, e.modifiers, e.ns, Recorded([e.face], e.evidence), e.given, e.sp
    ),
    MarineRaised: lambda e, s: marine(s, e.take, e.province, Recorded([e.face], e.evidence)),
    TrainingRolled: lambda e, s: train(
        s, e.left, e.pu_left, Recorded(list(e.faces.values()), e.evidence)
    ),
}
"""Each recorded event of the chapter decided again from the state before it (verify, import,
fork): its command, given what the event shows."""
