"""Carthage's decisions (TB-12 to TB-14): Family in Power and Political Climate (B2a, B2b),
the army limit (B2c), commanders (B2d), Theaters (B2e), reinforcements, Detachments, recalls,
the Overall Commander."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from campaign.domain.drafts import Draft, draft, event_of
from campaign.errors import CampaignError, RuleViolation
from campaign.input import text
from campaign.input.names import resolve
from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import (
    checks,
    citizens,
    detachments,
    guile,
    placement,
    pools,
    rules,
)
from campaign.kinds.thunderbolt.board.charts import outcome as chart_outcome
from campaign.kinds.thunderbolt.board.dice import Draws, Faces, Recorded, RecordedDraw
from campaign.kinds.thunderbolt.board.naming import army, envoy, force_of, leader, province_of
from campaign.kinds.thunderbolt.board.state import State, numbered
from campaign.kinds.thunderbolt.chapters.carthage import manpower, operations
from campaign.kinds.thunderbolt.fold import apply
from events.thunderbolt.carthage import (
    ArmiesTrained,
    ArmyDetached,
    ArmyPosted,
    ArmyRaised,
    ArmyReinforced,
    CitizensLost,
    CommanderAppointed,
    CommanderRecalled,
    DetachmentRejoined,
    DisbandChecked,
    ManpowerDrawn,
    ManpowerPlaced,
    ManpowerReturned,
    OCManpowerRaised,
    OverallCommanderNamed,
    PoliticsRolled,
    ProvincesLevied,
    SubordinateDrawn,
)


def politics(
    state: State,
    what: str,
    modifiers: Mapping[str, int],
    faces: Faces,
    outcome: str | None = None,
) -> list[Draft]:
    """TB-12.1: the Family in Power (B2a) or the Political Climate (B2b): a die, the chart's DRMs
    as entered, the outcome read from the set-up's chart or entered."""
    checks.check_revealed(state)
    step = {"family": "B2a", "climate": "B2b"}[what]
    checks.check_step(state, [step], f"the {what} roll")
    checks.check_once(state, what)
    guile.check_untyped(modifiers)  # TB-24.5
    number = state.next_number
    face, evidence = faces(state, number, what, "carthage")
    adjusted = face + sum(modifiers.values())
    table = state.setup.tables.get(
        {"family": "family_in_power", "climate": "political_climate"}[what]
    )
    read = chart_outcome(table, adjusted) if table else None
    if read is None and outcome is None:
        raise CampaignError(
            f"The set-up has no chart for the {what}: enter the outcome with --outcome "
            f"(adjusted DR {adjusted})."
        )
    result = read if read is not None else outcome
    if read is not None and outcome is not None and outcome != read:
        raise CampaignError(
            f"The chart gives {read} for an adjusted DR of {adjusted}, not {outcome}."
        )
    checks.check_outcome(what, result)
    return [
        draft(
            PoliticsRolled,
            turn=state.turn,
            what=what,
            number=number,
            face=face,
            modifiers=dict(modifiers),
            outcome=result,
            evidence=evidence,
        )
    ]


def disband(
    state: State,
    which: str,
    faces: Faces,
    without_roll: bool = False,
    sp_to: str = "",
    entered: tuple[int, int] | None = None,
) -> list[Draft]:
    """TB-12.4 and TB-12.5: one Army checked in B2c: disbanded without a roll when its commander
    is not of the Family in Power (or it has none), else a die without DRMs read against the
    Disband range of its commander's row, from the set-up's `disband_recall` chart or entered."""
    checks.check_revealed(state)
    checks.check_step(state, ["B2c"], "a disband check")
    c = state.carthaginians
    aid = army(state, which)
    climate = state.current_climate()
    carthage.check_disband(c, aid, climate)
    commander = c.armies[aid].commander
    family = c.leaders[commander].family if commander else None
    in_power = state.family_in_power()
    if without_roll:
        if not rules.may_disband_without_roll(family, in_power):
            raise RuleViolation(
                "TB-12.4",
                f"Army {aid}'s commander is of the Family in Power ({in_power}): it rolls",
            )
        number, face, (low, high), evidence = 0, -1, (0, 9), ""
    else:
        number = state.next_number
        face, evidence = faces(state, number, "disband", aid)
        low, high = _disband_range(state, rules.disband_row(family, in_power), face, entered)
    disbanded = without_roll or low <= face <= high
    if disbanded and not sp_to.strip():
        raise CampaignError(
            f"Army {aid} is disbanded: say where its SP went (--sp-to, TB-12.5), and run it again."
        )
    return [
        draft(
            DisbandChecked,
            turn=state.turn,
            army=aid,
            number=number,
            face=face,
            low=low,
            high=high,
            disbanded=disbanded,
            sp_to=text.words(sp_to, "where the SP went") if disbanded and sp_to.strip() else "",
            evidence=evidence,
        )
    ]


def _disband_range(
    state: State, row: str, face: int, entered: tuple[int, int] | None
) -> tuple[int, int]:
    """TB-12.5: the Disband range of the commander's row: the set-up chart's (an entered one
    must agree), or entered where the set-up has none."""
    chart = state.setup.tables.get("disband_recall")
    if chart is None:
        if entered is None:
            raise CampaignError(
                f"The set-up has no Disband/Recall chart: enter the Disband range of row {row} "
                f"with --range LOW-HIGH (die {face})."
            )
        return entered
    low, high = chart[row]["disband"]
    if entered is not None and tuple(entered) != (low, high):
        raise CampaignError(
            f"The set-up's chart gives the Disband range {low}-{high} of row {row}."
        )
    return low, high


def appoint(
    state: State, which: str | None, draws: Draws, from_map: str | None = None
) -> list[Draft]:
    """TB-13.1 and TB-13.2: in B2d a commander for an Army without one (the first, when none is
    named): drawn blind from the pool, or chosen among map leaders of the Family in Power;
    TB-14.2: the stored AER drops 2."""
    checks.check_revealed(state)
    checks.check_step(state, ["B2d", "B3b"], "an appointment")
    c = state.carthaginians
    raising = "B2d" not in state.position.open  # TB-21.1: in B3b, the new Army's commander
    waiting = [a for a in carthage.leaderless(c) if a in c.raised or not raising]
    aid = army(state, which) if which else (waiting[0] if waiting else None)
    if aid is None:
        raise RuleViolation("TB-13.1", "Every Army has its commander")
    if raising and aid not in c.raised:
        raise RuleViolation(
            "TB-3.2", f"An appointment belongs to B2d; in B3b only a new Army's (not Army {aid})"
        )
    number, candidates, evidence = 0, [], ""
    if from_map is not None:
        chosen_leader = leader(state, from_map, "carthage")
    else:
        candidates = c.pool()
        if not candidates:
            raise RuleViolation("TB-13.2", "No leader is in the pool: the Army stays without")
        number = state.next_number
        chosen_leader, evidence = draws(state, number, aid, candidates)
    carthage.check_appoint(c, aid, chosen_leader, from_map is not None, state.family_in_power())
    return [
        draft(
            CommanderAppointed,
            turn=state.turn,
            army=aid,
            leader=chosen_leader,
            number=number,
            candidates=list(candidates),
            chosen=from_map is not None,
            evidence=evidence,
        )
    ]


def reinforce(state: State, which: str, sp: int, uncounted: int = 0) -> list[Draft]:
    """TB-14.3 and TB-14.4: SP join an Army from no other Army in B3b (at most at the army limit
    and not after a B2c disband, TB-12.3) or in an Operations Phase; Carthaginian Citizens and
    Elite do not count against the 30 %."""
    checks.check_revealed(state)
    checks.check_step(state, ["B3b", "D"], "Carthaginian reinforcements")
    c = state.carthaginians
    aid = army(state, which)
    if "B3b" in state.position.open:
        manpower.check_b3b_reinforcements(c, state.current_climate())
        window = "B3b"
    else:
        checks.check_carthaginian_phase(state, "Carthaginian reinforcements")
        window = f"D{state.operations}"
    carthage.check_reinforce(c, aid, sp, uncounted)
    _, drop = carthage.reinforce(c, aid, sp, uncounted, window, state.thirty_percent)
    return [
        draft(
            ArmyReinforced,
            turn=state.turn,
            army=aid,
            sp=sp,
            uncounted=uncounted,
            window=window,
            drop=drop,
        )
    ]


def reinforce_from(
    state: State, which: str, sp: int, uncounted: int, taken: Mapping[str, int]
) -> list[Draft]:
    """TB-14.3 with TB-25.2: reinforcements, their SP drawn from the Holding Boxes named; those
    from the Carthaginian box are Citizens, not counted against the 30 % (TB-29.4, 6.75), beside
    the Citizens or Elite entered as such (`uncounted`)."""
    drawn = pools.citizens_drawn(state, taken) if taken else 0
    if 0 < drawn <= sp < uncounted + drawn:
        raise RuleViolation(
            "TB-29.4",
            f"The {drawn} SP drawn from the Carthaginian box are Citizens, not counted already: "
            f"--elite names the others not counted, {sp - drawn} at most, not {uncounted}",
        )
    joined = reinforce(state, which, sp, uncounted + (drawn if drawn <= sp else 0))  # TB-25.2
    aid = joined[0].fields["army"]
    return joined + pools.drawn(state, taken, sp, f"reinforcements for Army {aid}", aid)


def raise_army(state: State, name: str, sp: int) -> list[Draft]:
    """TB-21.1 (7.21, 7.13): in B3b, below the army limit, a new Army of the SP the Manpower
    Table gave, in Carthage province, its stored AER -3; TB-21.2: instead of reinforcements."""
    checks.check_revealed(state)
    checks.check_step(state, ["B3b"], "a new Army")
    if manpower.CARTHAGE_PROVINCE not in state.setup.provinces:
        raise RuleViolation("TB-21.1", "The set-up has no Carthage province to raise an Army in")
    chosen = text.name(name, "the new Army's name")
    manpower.check_raise(state.carthaginians, chosen, sp, state.current_climate())
    return [
        draft(ArmyRaised, turn=state.turn, army=chosen, sp=sp, province=manpower.CARTHAGE_PROVINCE)
    ]


def raise_and_appoint(
    state: State,
    name: str,
    sp: int,
    draws: Draws,
    from_map: str | None = None,
    taken: Mapping[str, int] | None = None,
) -> list[Draft]:
    """TB-21.1: the new Army, its SP drawn from the Holding Boxes named (TB-25.2), and its
    commander appointed as in B2d (TB-13.2): drawn blind from the pool, or a map leader of the
    Family in Power; with nobody to be had it stays without."""
    raised = raise_army(state, name, sp)
    aid = raised[0].fields["army"]
    after = apply(state, event_of(raised[0]))
    raised += pools.drawn(after, taken or {}, sp, f"the new Army {aid}", aid)
    for each in raised[1:]:
        after = apply(after, event_of(each))
    if from_map is None and not after.carthaginians.pool():
        return raised
    return [*raised, *appoint(after, aid, draws, from_map)]


def detach(state: State, which: str, sp: int, who: str | None) -> list[Draft]:
    """TB-13.9: a Detachment made in Operations: one per Army, two for Hannibal's, at most half
    the Army's SP (TB-14.5: the Army and its Detachments then act at the stored AER minus the
    Detachments in play)."""
    checks.check_revealed(state)
    checks.check_step(state, ["D"], "a Detachment")
    aid = army(state, which)
    lid = leader(state, who, "carthage") if who else None
    detachments.check_detach(state.carthaginians, aid, sp, lid)
    _, name = detachments.detach(state.carthaginians, aid, sp, lid)
    return [
        draft(ArmyDetached, turn=state.turn, army=aid, detachment=name, sp=sp, leader=lid or "")
    ]


def rejoin(state: State, which: str, received: bool) -> list[Draft]:
    """TB-13.9: a Detachment's return to its Army, entered in Operations."""
    checks.check_revealed(state)
    checks.check_step(state, ["D"], "a Detachment's return")
    aid, part = force_of(state, which)
    if not part:
        raise RuleViolation("TB-13.9", f"{aid} is an Army, not a Detachment")
    window = f"D{state.operations}"
    _, drop = detachments.rejoin(
        state.carthaginians, aid, part, received, window, state.thirty_percent
    )
    return [
        draft(
            DetachmentRejoined,
            turn=state.turn,
            army=aid,
            detachment=part,
            received=received,
            window=window,
            drop=drop,
        )
    ]


def recall(
    state: State,
    which: str,
    faces: Faces,
    by_choice: bool = False,
    entered: tuple[int, int] | None = None,
) -> list[Draft]:
    """TB-13.3 to TB-13.5: an Army Commander recalled in Operations: by a roll (after Carthage
    lost a land battle in which his Army had 20+ SP, or a Medium/Large city with him there) read
    against the Recall range of his row, from the set-up's `disband_recall` chart or entered,
    then at once his crucifixion roll; or by the player's choice, without a roll (TB-13.4)."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "a recall")
    aid, commander = _recallable(state, which)
    if by_choice:
        if "D" not in state.position.open:
            raise RuleViolation("TB-13.4", "A recall by choice is made during Operations (D)")
        roll = dict(number=0, face=-1, low=0, high=9, recalled=True, crucifixion=-1)
        roll.update(crucified=False, evidence="")
    else:
        roll = _recall_roll(state, commander, faces, entered)
    return [
        draft(
            CommanderRecalled,
            turn=state.turn,
            army=aid,
            leader=commander,
            by_choice=by_choice,
            **roll,
        )
    ]


def _recallable(state: State, which: str) -> tuple[str, str]:
    """TB-13.3 and TB-13.6: the Army named and its commander, not recalled already."""
    c = state.carthaginians
    aid = army(state, which)
    commander = c.armies[aid].commander
    if commander is None:
        raise RuleViolation("TB-13.3", f"Army {aid} has no commander to recall")
    if aid in c.pending:
        raise RuleViolation(
            "TB-13.6", f"Army {aid}'s commander is recalled already, from the next Carthaginian LAM"
        )
    return aid, commander


def _recall_roll(
    state: State, commander: str, faces: Faces, entered: tuple[int, int] | None
) -> dict[str, Any]:
    """TB-13.3 and TB-13.5: the recall roll against his row's Recall range (the chart's, or
    entered), and when it recalls him, at once his crucifixion roll."""
    who = state.carthaginians.leaders[commander]
    in_power = state.family_in_power()
    row = rules.disband_row(who.family, in_power)
    chart = state.setup.tables.get("disband_recall")
    number = state.next_number
    face, evidence = faces(state, number, "recall", numbered(state, commander))
    if chart is not None:
        low, high = chart[row]["recall"]
    elif entered is None:
        raise CampaignError(
            f"The set-up has no Disband/Recall chart: enter the Recall range of row {row} "
            f"with --range LOW-HIGH (die {face})."
        )
    else:
        low, high = entered
    recalled, crux, crucified = low <= face <= high, -1, False
    if recalled:
        crux = faces(state, number + 1, "crucifixion", numbered(state, commander))[0]
        crucified = rules.crucified(crux, who.family, in_power, who.mortality)
    return dict(
        number=number,
        face=face,
        low=low,
        high=high,
        recalled=recalled,
        crucifixion=crux,
        crucified=crucified,
        evidence=evidence,
    )


def post_army(state: State, which: str | None, theater_name: str | None) -> list[Draft]:
    """TB-12.6: in B2e an Army assigned to Africa or Hispania for the Game Turn; with neither
    named, each Theater due gets the Army standing in it (else the first one free)."""
    checks.check_revealed(state)
    checks.check_step(state, ["B2e"], "a Theater assignment")
    if which is None and theater_name is None:
        return station_all(state)
    if which is None or theater_name is None:
        raise CampaignError("Name the Army and its Theater: station ARMY Africa (or Hispania).")
    aid = army(state, which)
    where = resolve("Theater", theater_name, (carthage.AFRICA, carthage.HISPANIA))
    carthage.check_post(
        state.carthaginians, aid, where, state.current_climate(), state.alert_assigns
    )
    return [draft(ArmyPosted, turn=state.turn, army=aid, theater=where)]


def station_all(state: State) -> list[Draft]:
    c, climate = state.carthaginians, state.current_climate()
    decided = []
    for where in carthage.postings_due(c, climate, state.alert_assigns):
        free = [aid for aid in c.counted() if aid not in c.postings.values()]
        there = [aid for aid in free if c.theater(aid) == where]
        chosen_army = (there or free)[0]
        carthage.check_post(c, chosen_army, where, climate, state.alert_assigns)
        c = carthage.post(c, chosen_army, where)
        decided.append(draft(ArmyPosted, turn=state.turn, army=chosen_army, theater=where))
    return decided


def name_oc(state: State, who: str) -> list[Draft]:
    """TB-13.7: Carthage names another Army Commander OC, one of the Family in Power if there is
    one, at any step."""
    checks.check_revealed(state)
    lid = leader(state, who, "carthage")
    carthage.check_name_oc(state.carthaginians, lid, state.family_in_power())
    return [draft(OverallCommanderNamed, turn=state.turn, leader=lid)]


def provincial(state: State, by: str, named: Sequence[str]) -> list[Draft]:
    """TB-28.2 (7.27): a Provincial Manpower Operation by an Army's commander or a Detachment's
    leader: each province's SP from the PIC join his force."""
    checks.check_revealed(state)
    checks.check_step(state, ["D"], "a Manpower Operation")
    e = envoy(state, by, "make a Manpower Operation", "TB-28.2")
    operations.check_provincial(state, e)
    placement.check_provincial_allies(state, e.province)
    ids = [province_of(state, given) for given in named]
    raised, stated = operations.provinces(state, e, ids)
    return [
        draft(
            ProvincesLevied, turn=state.turn, phase=state.operations, leader=e.leader,
            army=e.army, detachment=e.detachment, provinces=raised, stated=stated,
            sp=sum(raised.values()),
        )
    ]  # fmt: skip


def oc_manpower(state: State, sp: int, taken: Mapping[str, int] | None = None) -> list[Draft]:
    """TB-28.3 (7.26): the OC's Manpower Operation in Carthago, once a Game Turn: the SP the
    Manpower Table gave (0: it failed) join his Army as reinforcements (TB-14.3), drawn from the
    Holding Boxes named (TB-25.2)."""
    checks.check_revealed(state)
    checks.check_step(state, ["D"], "the OC's Manpower Operation")
    oc, aid = operations.oc_army(state)
    if sp < 0:
        raise RuleViolation("TB-28.3", "The SP raised are 0 or more, as the Manpower Table gave")
    tried = draft(
        OCManpowerRaised, turn=state.turn, phase=state.operations, leader=oc, army=aid, sp=sp
    )
    if not sp:
        return [tried]
    after = apply(state, event_of(tried))
    return [tried, *reinforce_from(after, aid, sp, 0, taken or {})]


def subordinate(state: State, which: str, draws: Draws) -> list[Draft]:
    """TB-28.4 (7.21, 7.22): in B3b, with 20 SP or more raised, a Subordinate drawn blind from
    the pool, placed with the new Army or an Army the reinforcements joined."""
    checks.check_revealed(state)
    checks.check_step(state, ["B3b"], "a Subordinate")
    c, aid = state.carthaginians, army(state, which)
    operations.check_subordinate(c, aid)
    number, candidates = state.next_number, c.pool()
    chosen, evidence = draws(state, number, aid, candidates)
    return [
        draft(
            SubordinateDrawn, turn=state.turn, army=aid, leader=chosen, number=number,
            candidates=list(candidates), evidence=evidence,
        )
    ]  # fmt: skip


def _rules_only(state: State) -> list[Draft]:
    raise CampaignError("Only the rules record what they force; no command does.")


REPLAY: dict[type, Callable[[Any, State], list[Draft]]] = {
    PoliticsRolled: lambda e, s: politics(
        s, e.what, e.modifiers, Recorded([e.face], e.evidence), e.outcome
    ),
    DisbandChecked: lambda e, s: disband(
        s,
        e.army,
        Recorded([e.face], e.evidence),
        e.face < 0,
        e.sp_to,
        (e.low, e.high) if e.face >= 0 else None,
    ),
    CommanderAppointed: lambda e, s: appoint(
        s, e.army, RecordedDraw(e.leader, e.evidence), e.leader if e.chosen else None
    ),
    ArmyPosted: lambda e, s: post_army(s, e.army, e.theater),
    ArmiesTrained: lambda e, s: _rules_only(s),
    ArmyReinforced: lambda e, s: reinforce(s, e.army, e.sp, e.uncounted),
    ArmyRaised: lambda e, s: raise_army(s, e.army, e.sp),
    ManpowerDrawn: lambda e, s: pools.again(s, e),
    ManpowerPlaced: lambda e, s: pools.again(s, e),
    ManpowerReturned: lambda e, s: pools.returned(s, e.contingent, e.sp, e.reason),
    CitizensLost: lambda e, s: citizens.again(s, e),
    ArmyDetached: lambda e, s: detach(s, e.army, e.sp, e.leader or None),
    DetachmentRejoined: lambda e, s: rejoin(s, e.detachment, e.received),
    OverallCommanderNamed: lambda e, s: name_oc(s, e.leader),
    ProvincesLevied: lambda e, s: provincial(s, e.detachment or e.army, list(e.provinces)),
    OCManpowerRaised: lambda e, s: oc_manpower(s, e.sp),
    SubordinateDrawn: lambda e, s: subordinate(s, e.army, RecordedDraw(e.leader, e.evidence)),
    CommanderRecalled: lambda e, s: recall(
        s,
        e.army,
        Recorded([e.face, e.crucifixion][: 1 + e.recalled], e.evidence),
        e.by_choice,
        (e.low, e.high),
    ),
}
"""Each recorded event of the chapter decided again from the state before it (verify, import,
fork): its command, given what the event shows."""
