"""The decisions of Macedonia (TB-27): each checks the rules it applies (this chapter's
`checks.py`) and says what to record; Rome's die is the program's or the table's (TB-16)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from campaign.domain.drafts import Draft, draft
from campaign.domain.grammar import plural
from campaign.errors import CampaignError
from campaign.input import text
from campaign.input.names import resolve
from campaign.kinds.thunderbolt.board import checks as shared
from campaign.kinds.thunderbolt.board import guile, naming, rules
from campaign.kinds.thunderbolt.board.charts import outcome
from campaign.kinds.thunderbolt.board.dice import Faces, Recorded
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.board.war import ENDED, UNDERWAY
from campaign.kinds.thunderbolt.chapters.legions.decide import check_new_place
from campaign.kinds.thunderbolt.chapters.macedonia import checks
from events.thunderbolt.macedonia import (
    AmbassadorSent,
    LegionsCommitted,
    LegionsReturned,
    MacedonianWarChanged,
    MacedonianWarResolved,
)

STAGES = {"begin": UNDERWAY, "end": ENDED}
"""TB-27.2: what an Augury's Macedonian War event does to the war, as typed."""


def changed(state: State, what: str) -> list[Draft]:
    """TB-27.2: the war's first Augury begins it; an Augury ends it."""
    shared.check_revealed(state)
    shared.check_step(state, ["E"], "a Macedonian War event")
    stage = STAGES[resolve("Macedonian War event", what, STAGES)]
    checks.check_event(state, stage)
    return [draft(MacedonianWarChanged, turn=state.turn, stage=stage)]


def resolved(
    state: State,
    ambassadors: Mapping[str, int],
    modifiers: Mapping[str, int],
    result: str | None,
    ended: bool,
    faces: Faces,
) -> list[Draft]:
    """TB-27.4 (11.4): a later instance of the war's event: the ambassadors' Ambassador Table
    results and the table's other DRMs as entered, Rome's die, and the result read from the
    set-up's `macedonian_war` chart or entered once the die is known."""
    shared.check_revealed(state)
    shared.check_step(state, ["E"], "a Macedonian War event")
    checks.check_event(state, "resolved")
    guile.check_untyped({**ambassadors, **modifiers})  # TB-24.5
    rolls = {resolve("side", side, rules.SIDES): n for side, n in ambassadors.items()}
    checks.check_ambassador_rolls(state, rolls)
    number = state.next_number
    face, evidence = faces(state, number, "macedonian-war", "rome")
    adjusted = face + sum(rolls.values()) + sum(modifiers.values())
    said = _result(state, face, adjusted, result)
    return [
        draft(
            MacedonianWarResolved, turn=state.turn, ambassadors=rolls, modifiers=dict(modifiers),
            legions=len(state.macedonia.legions), number=number, face=face, adjusted=adjusted,
            result=said, ended=ended, evidence=evidence,
        )
    ]  # fmt: skip


def _result(state: State, face: int, adjusted: int, entered: str | None) -> str:
    """TB-27.4: the First Macedonian War Table's result (TB-2.4: read where the set-up has the
    chart; else entered, the die shown so that it can be)."""
    chart = state.setup.tables.get("macedonian_war")
    read = outcome(chart, adjusted) if chart else None
    if read is None and not (entered or "").strip():
        raise CampaignError(
            f"Rome's die is {face}, the adjusted roll {adjusted} "
            f"({plural(len(state.macedonia.legions), 'Legion')} in the Macedonia Holding Box): "
            "enter what the First Macedonian War Table "
            "gives with --result TEXT."
        )
    said = text.words(entered, "the war's result") if (entered or "").strip() else read
    if read is not None and said != read:
        raise CampaignError(
            f"The set-up's chart gives “{read}” for an adjusted roll of {adjusted}, not “{said}”."
        )
    return said


def send(state: State, by: str, leader: str) -> list[Draft]:
    """TB-27.3 (11.2): Hannibal or Rome's OC sends an ambassador by a Diplomacy Operation, 1
    Guile Point spent: a leader of his side's pool, or a Carthaginian Subordinate."""
    shared.check_revealed(state)
    shared.check_step(state, ["D"], "an ambassador")
    checks.check_underway(state, "an ambassador")
    sender = naming.leader(state, by, "any")
    side = rules.ROME if sender in state.romans.leaders else rules.CARTHAGE
    envoy = naming.leader(state, leader, side)
    checks.check_sender(state, side, sender)
    detachment = checks.check_envoy(state, side, envoy)
    return [
        draft(
            AmbassadorSent, turn=state.turn, phase=state.operations, side=side, by=sender,
            leader=envoy, detachment=detachment,
        )
    ]  # fmt: skip


def commit(state: State, given: Sequence[str]) -> list[Draft]:
    """TB-27.5 (11.31): one or two Legions raised in this B3b placed in the Macedonia Holding
    Box instead of on the map; two form a CA (the CA TB-11.7 gave them, or a new one)."""
    shared.check_revealed(state)
    shared.check_step(state, ["B3b"], "Legions for Macedonia")
    checks.check_underway(state, "committing Legions")
    ids = [_legion(state, lg) for lg in given]
    checks.check_commit(state, ids)
    r = state.romans
    ca = next((n for n, members in r.cas.items() if set(members) == set(ids)), 0)
    if len(ids) == 2 and not ca:
        ca = max(r.cas, default=0) + 1
    return [draft(LegionsCommitted, turn=state.turn, legions=ids, ca=ca)]


def bring_back(state: State, given: Sequence[str], at: str) -> list[Draft]:
    """TB-27.6 (11.32): after the war, Legions out of the box in B3b, placed as new Legions are
    (TB-11.6)."""
    shared.check_revealed(state)
    shared.check_step(state, ["B3b"], "Legions back from Macedonia")
    checks.check_in_play(state)
    ids = [_legion(state, lg) for lg in given]
    checks.check_return(state, ids)
    where = naming.province_of(state, at)
    check_new_place(state, where)
    return [draft(LegionsReturned, turn=state.turn, legions=ids, province=where)]


def _legion(state: State, given: str) -> str:
    return resolve("Legion", given.strip().upper(), state.romans.legions)


REPLAY: dict[type, Callable[[Any, State], list[Draft]]] = {
    MacedonianWarChanged: lambda e, s: changed(s, "begin" if e.stage == UNDERWAY else "end"),
    MacedonianWarResolved: lambda e, s: resolved(
        s, e.ambassadors, e.modifiers, e.result, e.ended, Recorded([e.face], e.evidence)
    ),
    AmbassadorSent: lambda e, s: send(s, e.by, e.leader),
    LegionsCommitted: lambda e, s: commit(s, e.legions),
    LegionsReturned: lambda e, s: bring_back(s, e.legions, e.province),
}
"""Each recorded event of the chapter decided again from the state before it (verify, import,
fork): its command, given what the event shows."""
