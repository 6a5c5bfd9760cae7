"""The Italian Allies decided (TB-15): a Major Victory, a devastation, a sack, Watchful
Presence and Hannibal's Diplomacy, each with the shifts it makes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from campaign.domain.drafts import Draft, draft
from campaign.errors import CampaignError, RuleViolation
from campaign.input import text
from campaign.input.names import folded, resolve
from campaign.input.text import sentence
from campaign.kinds.thunderbolt.board import checks, positions, rules, sequence
from campaign.kinds.thunderbolt.board.dice import Faces, Recorded
from campaign.kinds.thunderbolt.board.naming import province_of, units
from campaign.kinds.thunderbolt.board.state import State
from events.thunderbolt.allies import (
    CitySacked,
    DiplomacyAttempted,
    PresenceClaimed,
    ProvinceDevastated,
    VictoryReported,
)


def victory(state: State, cause: str, province: str, victor: str) -> list[Draft]:
    """TB-15.2: a Major Victory reported (D or E, TB-3.2), its shifts applied."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "a battle or siege report")
    kind = resolve("kind of victory", cause, rules.SHIFTS)
    where = province_of(state, province)
    side = resolve("side", victor, sequence.BOTH)
    return [draft(VictoryReported, turn=state.turn, cause=kind, province=where, victor=side)]


def devastate(state: State, province: str, by: str) -> list[Draft]:
    """TB-15.2: a devastation (F2, TB-3.2): 4 boxes toward the devastator's opponent."""
    checks.check_revealed(state)
    checks.check_step(state, ["F2"], "a devastation")
    where = province_of(state, province)
    checks.check_track(state, where)
    side = resolve("side", by, sequence.BOTH)
    return [draft(ProvinceDevastated, turn=state.turn, province=where, by=side)]


def sack(state: State, province: str, faces: Faces) -> list[Draft]:
    """TB-15.7: Rome sacked a city in a Carthage-allied track province (a siege report, D or E):
    2 toward Rome there, and each adjacent track province rolls, 1 toward Rome on an even face."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "a siege report")
    where = province_of(state, province)
    checks.check_carthage_allied(state, where)
    adjacent = {p.id: p.adjacent for p in state.setup.provinces.values()}
    _, rolling = rules.retribution(where, adjacent, list(state.track))
    first = state.next_number
    rolled = {p: faces(state, first + n, "retribution", p)[0] for n, p in enumerate(rolling)}
    return [draft(CitySacked, turn=state.turn, province=where, number=first, faces=rolled)]


def presence(state: State, province: str, side: str, force: str) -> list[Draft]:
    """TB-15.8: in G1 a player claims Watchful Presence for a force of 20+ SP that stayed in a track
    province all Game Turn (any track province, or only his allies' under the setting
    `watchful-presence = own`, TB-18.10): 1 box toward him, once per province per player per Game
    Turn however many forces."""
    checks.check_revealed(state)
    checks.check_step(state, ["G1"], "a Watchful Presence claim")
    where = province_of(state, province)
    checks.check_track(state, where, "TB-15.8")
    who = resolve("side", side, sequence.BOTH)
    if not state.watchful_any and state.track[where][1] != who:
        raise RuleViolation(
            "TB-15.8",
            f"{state.setup.provinces[where].name} is allied to {state.track[where][1]}: under "
            "the setting watchful-presence = own a player claims only his allies' provinces",
        )
    if (where, who) in state.presences:
        raise RuleViolation(
            "TB-15.8",
            f"{who} has claimed Watchful Presence in {state.setup.provinces[where].name} this "
            "Game Turn already",
        )
    if not force.strip():
        raise CampaignError(
            "Name the force of 20+ SP that stayed there all Game Turn: --force (TB-15.8)."
        )
    named_force = text.words(force, "the force")
    check_present(state, named_force, where, who)
    return [draft(PresenceClaimed, turn=state.turn, province=where, side=who, force=named_force)]


def check_present(state: State, force: str, where: str, side: str) -> None:
    """TB-15.8: a force the tracker knows by the name given (a Legion, a CA, an Army, a
    Detachment) is the claimant's, of 20+ SP, and stands in the province claimed; a force it does
    not know by that name is the table's word."""
    found = _force(state, force)
    if found is None:
        return
    owner, stands, sp = found
    name = state.setup.provinces[where].name
    if owner != side:
        raise RuleViolation("TB-15.8", f"{force} is {sentence(owner)}'s, not {sentence(side)}'s")
    if stands != where:
        there = state.setup.provinces[stands].name if stands in state.setup.provinces else stands
        raise RuleViolation("TB-15.8", f"{force} stands in {there or 'no province'}, not {name}")
    if sp < rules.PRESENCE_SP:
        raise RuleViolation(
            "TB-15.8", f"{force} has {sp} SP: Watchful Presence needs {rules.PRESENCE_SP} or more"
        )


def _force(state: State, force: str) -> tuple[str, str, int] | None:
    """(its side, the province it stands in, its SP) of a force the tracker knows by this name
    (a leader is no force); None for one it does not know."""
    known = {folded(name): unit for name, unit in units(state).items()}
    kind, key = known.get(folded(force), ("", ""))
    r, c = state.romans, state.carthaginians
    if kind in ("legion", "ca"):
        held = [r.legions[lg] for lg in positions.moving_legions(r, kind, key) if lg in r.legions]
        stands = held[0].province if held else ""
        return sequence.ROME, stands, sum(sum(lg.sp) for lg in held)
    if kind == "army":
        army = c.armies[key]
        return sequence.CARTHAGE, army.province, army.sp
    if kind == "detachment":
        army = positions.detachment_army(c, key)
        stands = positions.detachment_at(c, army, key)[0]
        return sequence.CARTHAGE, stands, c.armies[army].part(key).sp
    return None


def diplomacy(state: State, province: str, result: str, faces: Faces) -> list[Draft]:
    """TB-15.6: Hannibal's Diplomacy in an Operations Phase, at most once in it: in a Roman-allied
    track province not targeted this Game Turn, where he stands with his Army, 1 Guile spent; the
    program's die (or the face entered) and the Ambassador Table's result entered."""
    checks.check_revealed(state)
    checks.check_step(state, ["D"], "Hannibal's Diplomacy")
    c = state.carthaginians
    if c.hannibals() is None:
        raise RuleViolation("TB-15.6", "Hannibal commands no Army: there is no Diplomacy")
    hannibal = c.armies[c.hannibals()].commander
    if state.guile(hannibal) < 1:
        raise RuleViolation("TB-24.1", "Hannibal has no Guile Point left to spend")
    if state.phase_leader is not None and state.phase_leader != hannibal:
        raise RuleViolation("TB-15.6", "Diplomacy is made in an Operations Phase of Hannibal")
    if state.operations in state.diplomacy:
        raise RuleViolation(
            "TB-15.6", "Hannibal has tried Diplomacy in this Operations Phase already"
        )
    where = province_of(state, province)
    named_province = state.setup.provinces[where].name
    checks.check_track(state, where, "TB-15.6")
    if state.track[where][1] != rules.ROME:
        raise RuleViolation("TB-15.6", f"{named_province} is allied to Carthage already")
    if where in state.targeted:
        raise RuleViolation(
            "TB-15.6", f"{named_province} has been targeted by Diplomacy this Game Turn already"
        )
    checks.check_ambassador(result)
    number = state.next_number
    face, evidence = faces(state, number, "diplomacy", where)
    return [
        draft(
            DiplomacyAttempted,
            turn=state.turn,
            phase=state.operations,
            province=where,
            number=number,
            face=face,
            result=result.strip().upper(),
            evidence=evidence,
        )
    ]


REPLAY: dict[type, Callable[[Any, State], list[Draft]]] = {
    VictoryReported: lambda e, s: victory(s, e.cause, e.province, e.victor),
    ProvinceDevastated: lambda e, s: devastate(s, e.province, e.by),
    CitySacked: lambda e, s: sack(s, e.province, Recorded(list(e.faces.values()))),
    PresenceClaimed: lambda e, s: presence(s, e.province, e.side, e.force),
    DiplomacyAttempted: lambda e, s: diplomacy(
        s, e.province, e.result, Recorded([e.face], e.evidence)
    ),
}
"""Each recorded event of the chapter decided again from the state before it (verify, import,
fork): its command, given what the event shows."""
