"""The Dictator and the Senate decided (TB-9.4, TB-10): the Dictator's field, a request to the
Senate, Censure, a Triumph earned and celebrated."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from campaign.domain.drafts import Draft, draft
from campaign.errors import CampaignError, RuleViolation
from campaign.input.names import resolve
from campaign.kinds.thunderbolt.board import checks, elections, honours, positions
from campaign.kinds.thunderbolt.board import guile as guile_rules
from campaign.kinds.thunderbolt.board import politics as senate
from campaign.kinds.thunderbolt.board.dice import Draws, Faces, Recorded, RecordedDraw
from campaign.kinds.thunderbolt.board.naming import leader
from campaign.kinds.thunderbolt.board.state import State, numbered
from events.thunderbolt.senate import (
    DictatorTakesTheField,
    MagistrateCensured,
    MasterOfHorseNamed,
    SenateAsked,
    TriumphCelebrated,
    TriumphEarned,
)


def field(state: State, lid: str, cas: Sequence[int]) -> list[Draft]:
    """TB-9.4: the Dictator takes the field with one or two leaderless CAs, or none."""
    elections.dictator_in_field(state.romans, lid, tuple(cas))
    return [draft(DictatorTakesTheField, turn=state.turn, leader=lid, cas=list(cas))]


def dictator(
    state: State, who: str | None, cas: Sequence[int], me: str | None, me_ca: int | None
) -> list[Draft]:
    """TB-9.4: the Dictator just elected takes the field (with his CAs), or stays in Rome while
    the player picks an ME from the pool numbered within 5 of him (with the ME's CA)."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1c", "D"], "the Dictator's choice")
    r = state.romans
    awaiting = elections.dictators_awaiting(r)
    lid = leader(state, who) if who else (awaiting[0] if awaiting else None)
    if lid is None:
        raise RuleViolation("TB-9.4", "No Dictator elected this Game Turn awaits his choice")
    if me is None:
        return field(state, lid, cas)
    if cas:
        raise CampaignError("A Dictator who stays in Rome takes no CA; his ME may: --me-ca N.")
    named = leader(state, me)
    elections.name_me(r, lid, named, me_ca)
    return [draft(MasterOfHorseNamed, turn=state.turn, leader=named, dictator=lid, ca=me_ca)]


PURPOSES = ("leave", "enter-rome", "pu-out", "over-8")
"""TB-10.2: what a Senate Permission request may be for (the Triumph: TB-10.9)."""


def check_guile_left(state: State, lid: str, guile: int) -> None:
    """TB-24.1: Guile spent on the Senate is spent for the Game Turn: at most what he has left."""
    left = state.guile(lid)
    if guile > left and guile <= state.romans.leaders[lid].guile:
        raise RuleViolation(
            "TB-24.1",
            f"{state.romans.name(lid)} has {left} Guile Point{'s' * (left != 1)} left this Game "
            "Turn",
        )


def ask_senate(
    state: State,
    who: str,
    purpose: str,
    modifiers: Mapping[str, int],
    guile: int,
    faces: Faces,
) -> list[Draft]:
    """TB-10.1 to TB-10.5: in an Operations Phase, a Roman leader asks the Senate: a die, the
    chart's DRMs as entered, minus a Dictator-in-Rome's Initiative, minus each Guile Point spent
    (at most his printed Guile); granted at most his Campaign Rating; once per purpose in the
    phase (TB-10.3), the grant lasting to the Game Turn's end."""
    checks.check_revealed(state)
    checks.check_step(state, ["D"], "a Senate request")
    guile_rules.check_untyped(modifiers)  # TB-24.5
    r = state.romans
    lid = leader(state, who)
    why = resolve("purpose", purpose, PURPOSES)
    checks.check_senate(state, lid, why)
    check_guile_left(state, lid, guile)
    number = state.next_number
    face, evidence = faces(state, number, "senate", numbered(state, lid))
    in_rome = [d for d in r.in_rome if r.office(d) == "Dictator"]
    dictator_drm = r.leaders[in_rome[0]].initiative if in_rome else 0
    who_asks = r.leaders[lid]
    granted, _ = senate.senate(
        face,
        list(modifiers.values()),
        who_asks.campaign,
        guile,
        who_asks.guile,
        dictator_drm,
    )
    return [
        draft(
            SenateAsked,
            turn=state.turn,
            phase=state.operations,
            leader=lid,
            purpose=why,
            number=number,
            face=face,
            modifiers=dict(modifiers),
            guile=guile,
            dictator_drm=dictator_drm,
            granted=granted,
            evidence=evidence,
        )
    ]


def censure(
    state: State, who: str, modifiers: Mapping[str, int], faces: Faces, draws: Draws
) -> list[Draft]:
    """TB-10.6 and TB-10.7: a Consul, Proconsul or Praetor who went out of his Theater or province
    by Hot Pursuit (or by Interception or Coordination without leave) rolls when Finished, once in
    the Operations Phase: the die and the Censure Chart's DRMs as entered; above his Campaign
    Rating he is censured and a leader drawn from the pool takes his office, Imperium and
    assignment."""
    checks.check_revealed(state)
    checks.check_step(state, ["D"], "a Censure roll")
    guile_rules.check_untyped(modifiers)  # TB-24.5
    r = state.romans
    lid = leader(state, who)
    honours.check_censurable(r, lid)
    if (state.operations, lid, "censure") in state.asked:
        raise RuleViolation(
            "TB-10.6", f"{r.name(lid)} has rolled for Censure in this Operations Phase already"
        )
    number = state.next_number
    face, evidence = faces(state, number, "censure", numbered(state, lid))
    is_censured, _ = senate.censured(face, list(modifiers.values()), r.leaders[lid].campaign)
    replacement, candidates = None, []
    if is_censured and r.pool():
        candidates = r.pool()
        replacement, _ = draws(state, number + 1, numbered(state, lid), candidates)
    return [
        draft(
            MagistrateCensured,
            turn=state.turn,
            phase=state.operations,
            leader=lid,
            number=number,
            face=face,
            modifiers=dict(modifiers),
            censured=is_censured,
            replacement=replacement,
            candidates=list(candidates),
            evidence=evidence,
        )
    ]


def earned(state: State, who: str, how: str, inflicted: int, enemy_infantry: bool) -> list[Draft]:
    """TB-10.9: a battle or siege report naming a Roman magistrate's victory that earns him a
    Triumph (D or E)."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "a Triumph's victory")
    lid = leader(state, who)
    way = resolve("way to a Triumph", how, honours.TRIUMPHAL)
    honours.check_earned(state.romans, lid, way, inflicted, enemy_infantry)
    return [draft(TriumphEarned, turn=state.turn, leader=lid, how=way, inflicted=inflicted)]


def triumph(state: State, who: str, lost_percent: int, guile: int, faces: Faces) -> list[Draft]:
    """TB-10.9: the magistrate enters Rome alone, still holding Imperium: with losses of 15 % or
    more in his victory's Game Turn the Senate rolls, Guile spent its only DRM (at most his printed
    Guile), granted at most his Campaign Rating; granted or without the roll, the Triumph."""
    checks.check_revealed(state)
    checks.check_step(state, ["D"], "a Triumph")
    r = state.romans
    lid = leader(state, who)
    held = honours.check_celebrant(r, lid)
    _check_next_to_rome(state, lid)
    if not 0 <= lost_percent <= 100:
        raise RuleViolation("TB-10.9", f"Losses are 0 to 100 %, not {lost_percent}")
    number, face, evidence, granted = 0, -1, "", True
    if senate.triumph_needs_senate(lost_percent / 100):
        number = state.next_number
        face, evidence = faces(state, number, "triumph", numbered(state, lid))
        who_rides = r.leaders[lid]
        check_guile_left(state, lid, guile)
        granted, _ = senate.senate(face, [], who_rides.campaign, guile, who_rides.guile)
    elif guile:
        raise RuleViolation("TB-10.9", "Under 15 % losses the Triumph needs no roll: no Guile")
    return [
        draft(
            TriumphCelebrated,
            turn=state.turn,
            leader=lid,
            office=held.office,
            lost_percent=lost_percent,
            number=number,
            face=face,
            guile=guile,
            granted=granted,
            evidence=evidence,
        )
    ]


def _check_next_to_rome(state: State, lid: str) -> None:
    """TB-10.9: "his army stops next to Rome and he enters alone": where the tracker places him,
    in Roma or in Roma's province (Interpretation: next to Rome at province level); a magistrate
    the players have not placed is taken at their word."""
    spot, roma = positions.standing(state.romans, lid), state.setup.roma
    if spot is None or not roma or spot[1] == positions.ROMA or spot[0] == roma:
        return
    raise RuleViolation(
        "TB-10.9",
        f"{state.named(lid)} stands in {state.setup.provinces[spot[0]].name}: a Triumph is "
        f"celebrated from next to Rome, in {state.setup.provinces[roma].name} (march there first)",
    )


REPLAY: dict[type, Callable[[Any, State], list[Draft]]] = {
    SenateAsked: lambda e, s: ask_senate(
        s, e.leader, e.purpose, e.modifiers, e.guile, Recorded([e.face], e.evidence)
    ),
    DictatorTakesTheField: lambda e, s: dictator(s, e.leader, e.cas, None, None),
    MasterOfHorseNamed: lambda e, s: dictator(s, e.dictator, (), e.leader, e.ca),
    MagistrateCensured: lambda e, s: censure(
        s,
        e.leader,
        e.modifiers,
        Recorded([e.face], e.evidence),
        RecordedDraw(e.replacement or "", e.evidence),
    ),
    TriumphEarned: lambda e, s: earned(s, e.leader, e.how, e.inflicted, True),
    TriumphCelebrated: lambda e, s: triumph(
        s,
        e.leader,
        e.lost_percent,
        e.guile,
        Recorded([e.face] if e.face >= 0 else [], e.evidence),
    ),
}
"""Each recorded event of the chapter decided again from the state before it (verify, import,
fork): its command, given what the event shows."""
