"""The decisions of the tribes' chapter (TB-23, TB-24): each checks the rules it applies (its
chapter's `checks.py`) and says what to record; the program's dice or the table's (TB-16)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from campaign.domain.drafts import Draft, draft, event_of
from campaign.errors import RuleViolation
from campaign.input.names import resolve
from campaign.kinds.thunderbolt.board import checks as shared
from campaign.kinds.thunderbolt.board import guile, pools, positions
from campaign.kinds.thunderbolt.board import tribe_checks as checks
from campaign.kinds.thunderbolt.board.dice import Faces, Recorded, evidence_of
from campaign.kinds.thunderbolt.board.naming import Envoy, envoy, leader
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.board.tribes import (
    NEAR_FORCE,
    PACIFICATION,
    RECOVERY,
    ROLLER,
    VICTORY_LEVY,
    VICTORY_SWAY,
    aggression,
    due,
)
from campaign.kinds.thunderbolt.chapters.turn.decide import finish
from campaign.kinds.thunderbolt.fold import apply
from events.thunderbolt.carthage import ManpowerDrawn
from events.thunderbolt.tribes import (
    GuileSpent,
    TribeFought,
    TribeLevied,
    TribeMustered,
    TribeParleyed,
    TribeRevolted,
    TribeRolled,
    TribeSwayed,
)


def tribal(state: State, faces: Faces, passed: list[str], evidence: str = "") -> list[Draft]:
    """TB-23.3: B4a's or B4b's rolls for every tribe due (those named in `passed` not rolled:
    their province is Devastated), then the step finished for the side that rolls, one append."""
    shared.check_revealed(state)
    shared.check_step(state, [RECOVERY, PACIFICATION], "the Tribal Segment's rolls")
    step = next(s for s in (RECOVERY, PACIFICATION) if s in state.position.open)
    waiting = due(state.setup, state.tribes, step)
    skipped = {checks.tribe_of(state, given) for given in passed}
    stray = sorted(skipped - set(waiting))
    if stray:
        raise RuleViolation(
            "TB-23.3", f"The {state.setup.tribes[stray[0]].name} roll nothing in {step}"
        )
    decided, current = [], state
    for tribe in waiting:
        rolled = _tribe_roll(current, step, tribe, faces, tribe in skipped, evidence)
        decided.append(rolled)
        current = apply(current, event_of(rolled))
    return decided + finish(current, step, ROLLER[step])


def _tribe_roll(
    state: State, step: str, tribe: str, faces: Faces, skipped: bool, evidence: str
) -> Draft:
    t = state.setup.tribes[tribe]
    target = t.manpower if step == RECOVERY else t.aggression
    if step == PACIFICATION and _force_near(state, tribe):
        target = t.aggression // 2
    fields = dict(turn=state.turn, step=step, tribe=tribe, target=target)
    if skipped:
        said = evidence_of(evidence) or "its province is Devastated (9.13)"
        return draft(TribeRolled, number=0, face=-1, success=False, evidence=said, **fields)
    number = state.next_number
    kind = "tribe-recovery" if step == RECOVERY else "tribe-pacification"
    face, said = faces(state, number, kind, tribe)
    return draft(
        TribeRolled, number=number, face=face, success=face <= target, evidence=said, **fields
    )


def _force_near(state: State, tribe: str) -> bool:
    """TB-23.3 (9.13): a leader-led force of 20+ SP not allied to the tribe stands in its
    province (a Carthaginian Army with its commander, a Roman magistrate with his Legions)."""
    t, allegiance = state.setup.tribes[tribe], state.tribes.standing[tribe].allegiance
    r, c = state.romans, state.carthaginians
    armies = (
        [f.sp for f in c.armies.values() if f.commander and f.province == t.province]
        if allegiance != "carthage"
        else []
    )
    romans = (
        [
            sum(sum(r.legions[lg].sp) for lg in positions.army_of(r, lid))
            for lid in r.magistrates
            if (positions.standing(r, lid) or ("",))[0] == t.province
        ]
        if allegiance != "rome"
        else []
    )
    return any(sp >= NEAR_FORCE for sp in (*armies, *romans))


def roll_again(state: State, event: TribeRolled) -> list[Draft]:
    """A recorded B4 roll decided again: its step in hand, its tribe due."""
    shared.check_step(state, [event.step], "the Tribal Segment's rolls")
    if event.tribe not in due(state.setup, state.tribes, event.step):
        raise RuleViolation("TB-23.3", f"{event.tribe} has no roll due in {event.step}")
    faces = Recorded([event.face], event.evidence)
    return [_tribe_roll(state, event.step, event.tribe, faces, event.face < 0, event.evidence)]


def levy(state: State, tribe: str, by: str, guile: int, victory: str, faces: Faces) -> list[Draft]:
    """TB-23.4 (9.21-9.23): a Manpower Operation raising troops from a tribe: the die, less the
    Guile spent and a Victory's DRM, at most the leader's Campaign Rating; then a second die
    times the tribe's Manpower Rating in SP, with the leader; a 0 raises none."""
    tid, e, victory = _operation(
        state, tribe, by, guile, victory, "raising troops from a tribe", "TB-23.4"
    )
    checks.check_levy(state, e, tid)
    checks.check_victory(state, e, victory, near=True)
    rating = state.leader(e.leader).campaign
    number = state.next_number
    face, evidence = faces(state, number, "tribe-levy", tid)
    raised = face - guile + VICTORY_LEVY[victory] <= rating
    sp_number, sp_face = (
        (number + 1, faces(state, number + 1, "tribe-levy-sp", tid)[0]) if raised else (0, -1)
    )
    sp, drawn = _from_box(state, e, tid, max(sp_face, 0) * state.setup.tribes[tid].manpower)
    return [
        draft(
            TribeLevied, turn=state.turn, phase=state.operations, side=e.side, tribe=tid,
            leader=e.leader, army=e.army, detachment=e.detachment, guile=guile, victory=victory,
            number=number, face=face, target=rating, sp_number=sp_number, sp_face=sp_face,
            sp=sp, evidence=evidence,
        ),
        *drawn,
    ]  # fmt: skip


def _operation(
    state: State, tribe: str, by: str, guile: int, victory: str, doing: str, rule: str
) -> tuple[str, Envoy, str]:
    """What raising troops and Diplomacy share (TB-23.4, TB-23.5): in D, the leader's own phase,
    in the tribe's province, Guile to spend (TB-24.1); the tribe, leader and Victory claimed."""
    shared.check_revealed(state)
    shared.check_step(state, ["D"], doing)
    tid, e = checks.tribe_of(state, tribe), envoy(state, by, "deal with a tribe", "TB-23.4")
    shared.check_own_phase(state, e.leader, doing, rule)
    checks.check_where(state, e, tid, rule)
    checks.check_guile(state, e, guile)
    return tid, e, resolve("Victory", victory, checks.VICTORIES)


def _from_box(state: State, e: Envoy, tribe: str, sp: int) -> tuple[int, list[Draft]]:
    """TB-25.2 (9.23): Carthage's troops raised from a tribe come out of its contingent's
    Holding Box where the scenario keeps one, as many as it holds."""
    held = pools.box_of(state, state.setup.tribes[tribe].contingent)
    if e.side != "carthage" or held is None:
        return sp, []
    sp = min(sp, state.pools[held])
    cause = f"troops raised from the {state.setup.tribes[tribe].name}"
    return sp, [
        draft(ManpowerDrawn, turn=state.turn, contingent=held, sp=sp, cause=cause)
    ] if sp else []


def sway(state: State, tribe: str, by: str, guile: int, victory: str, faces: Faces) -> list[Draft]:
    """TB-23.5 (9.32, 9.33): a Diplomacy Operation with a tribe: the die, plus the Guile spent,
    a Victory's DRM and the Theater's; higher than its Aggression Rating, the tribe allies with
    the leader's side; the same, it is Neutral; lower, no change."""
    tid, e, victory = _operation(
        state, tribe, by, guile, victory, "Diplomacy with a tribe", "TB-23.5"
    )
    checks.check_diplomacy(state, e, tid)
    checks.check_victory(state, e, victory, near=False)
    number = state.next_number
    face, evidence = faces(state, number, "tribe-diplomacy", tid)
    adjusted = face + guile + VICTORY_SWAY[victory] + checks.sway_drm(state, e, tid)
    rating, before = state.setup.tribes[tid].aggression, state.tribes.standing[tid].allegiance
    after = e.side if adjusted > rating else "neutral" if adjusted == rating else before
    return [
        draft(
            TribeSwayed, turn=state.turn, phase=state.operations, side=e.side, tribe=tid,
            leader=e.leader, army=e.army, guile=guile, victory=victory, number=number, face=face,
            adjusted=adjusted, allegiance=after, evidence=evidence,
        )
    ]  # fmt: skip


def muster(state: State, tribe: str, against: str, faces: Faces) -> list[Draft]:
    """TB-23.6 (9.16): the tribe's force for one battle: the die times its Aggression Rating
    (halved, rounded up, while Depleted); a 0 cancels the attack or interception."""
    shared.check_revealed(state)
    shared.check_step(state, ["D", "E"], "a tribe's muster")
    tid = checks.tribe_of(state, tribe)
    side = resolve("side", against, ("rome", "carthage"))
    checks.check_muster(state, tid, side)
    number = state.next_number
    face, evidence = faces(state, number, "tribe-muster", tid)
    rating = aggression(state.setup.tribes[tid], state.tribes.standing[tid])
    return [
        draft(
            TribeMustered, turn=state.turn, tribe=tid, against=side, number=number, face=face,
            sp=face * rating, evidence=evidence,
        )
    ]  # fmt: skip


def fought(state: State, tribe: str, winner: str, major: bool) -> list[Draft]:
    """TB-23.6 (9.16-9.18): the battle's result as the table fought it; a Major Defeat pacifies
    the tribe."""
    shared.check_revealed(state)
    shared.check_step(state, ["D", "E"], "a battle with a tribe")
    tid = checks.tribe_of(state, tribe)
    won = resolve("winner", winner, ("tribe", "rome", "carthage", "none"))
    checks.check_fought(state, tid, won, major)
    against = state.tribes.mustered[tid][0]
    return [
        draft(TribeFought, turn=state.turn, tribe=tid, against=against, winner=won, major=major)
    ]


def revolt(state: State, tribe: str, ended: bool) -> list[Draft]:
    """TB-23.7: an Augury's event puts a tribe In Revolt, or removes the marker."""
    shared.check_revealed(state)
    shared.check_step(state, ["E"], "a tribe's revolt")
    tid = checks.tribe_of(state, tribe)
    checks.check_revolt(state, tid, ended)
    return [draft(TribeRevolted, turn=state.turn, tribe=tid, ended=ended)]


def parley(state: State, tribe: str, by: str, points: int, faces: Faces) -> list[Draft]:
    """TB-24.2 (9.15): the leader of a force the tribe intercepted talks it out of the attack:
    at least 1 Guile Point spent (at most those he has left, TB-24.1), the die plus them higher
    than the tribe's Aggression Rating as it stands (halved while Depleted, 9.12) cancels the
    attack; the same or lower, it takes place."""
    shared.check_revealed(state)
    shared.check_step(state, ["D"], "a Parley")
    tid = checks.tribe_of(state, tribe)
    e = envoy(state, by, "parley with a tribe", "TB-24.2")
    guile.check_parley(state, tid, e.side)
    guile.check_spend(state, e.leader, points, "TB-24.2")
    number = state.next_number
    face, evidence = faces(state, number, "parley", tid)
    target = aggression(state.setup.tribes[tid], state.tribes.standing[tid])
    return [
        draft(
            TribeParleyed, turn=state.turn, phase=state.operations, side=e.side, tribe=tid,
            leader=e.leader, army=e.army, detachment=e.detachment, guile=points, number=number,
            face=face, target=target,
            cancelled=face + points > target, evidence=evidence,
        )
    ]  # fmt: skip


def spent(state: State, who: str, points: int, use: str) -> list[Draft]:
    """TB-24.4: Guile Points spent on a roll the table makes that the tracker keeps no record of
    (9.43, 9.44 Gallic Desertion; 13.52 Avoidance), by a leader on the map in D or E (a battle's
    or a Fleet's moment), at most those he has left (TB-24.1)."""
    shared.check_revealed(state)
    shared.check_step(state, ["D", "E"], "Guile spent at the table")
    lid = leader(state, who, "any")
    what = resolve("use of Guile", use, guile.USES)
    guile.check_table_use(state, lid, what)
    guile.check_spend(state, lid, points, "TB-24.4")
    return [
        draft(
            GuileSpent, turn=state.turn, phase=state.operations, side=guile.side_of(state, lid),
            leader=lid, points=points, use=what,
        )
    ]  # fmt: skip


def _by(state: State, event: TribeLevied | TribeSwayed | TribeParleyed) -> str:
    """The unit a recorded operation was made by, as `envoy` reads it."""
    if event.detachment:
        return event.detachment
    return event.army or event.leader


REPLAY: dict[type, Callable[[Any, State], list[Draft]]] = {
    TribeRolled: lambda e, s: roll_again(s, e),
    TribeLevied: lambda e, s: levy(
        s, e.tribe, _by(s, e), e.guile, e.victory,
        Recorded([e.face] + ([e.sp_face] if e.sp_number else []), e.evidence),
    )[:1],
    TribeSwayed: lambda e, s: sway(
        s, e.tribe, e.army or e.leader, e.guile, e.victory, Recorded([e.face], e.evidence)
    ),
    TribeMustered: lambda e, s: muster(s, e.tribe, e.against, Recorded([e.face], e.evidence)),
    TribeFought: lambda e, s: fought(s, e.tribe, e.winner, e.major),
    TribeRevolted: lambda e, s: revolt(s, e.tribe, e.ended),
    TribeParleyed: lambda e, s: parley(
        s, e.tribe, _by(s, e), e.guile, Recorded([e.face], e.evidence)
    ),
    GuileSpent: lambda e, s: spent(s, e.leader, e.points, e.use),
}  # fmt: skip
"""Each recorded event of the chapter decided again from the state before it (verify, import,
fork): its command, given what the event shows."""
