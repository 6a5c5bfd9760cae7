"""Thunderbolt's commands: each lists the checks it runs, then says what to record. The program
rolls from committed secrets (TB-16.3) or takes the faces entered from the table (TB-16.4)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from campaign import text
from campaign.drafts import Draft, draft, event_of
from campaign.errors import CampaignError
from campaign.kinds.thunderbolt import checks, rules, sequence
from campaign.kinds.thunderbolt.setup import outcome as chart_outcome
from campaign.kinds.thunderbolt.state import State
from campaign.names import resolve
from events.common import CampaignEvent
from events.thunderbolt import (
    CitySacked,
    InitiativeDrawn,
    PoliticsRolled,
    ProvinceDevastated,
    SidesTaken,
    StepClosed,
    StepFinished,
    TurnRevealed,
    VictoryReported,
)

Faces = Callable[[State, int, str, str], tuple[int, str]]
"""A random event's face and evidence: (state, its number, kind, subject)."""


def secret_labels(turns: int) -> list[str]:
    """TB-16.2: a secret for each Game Turn."""
    return [f"S{t}" for t in range(1, turns + 1)]


def commitments(campaign: str, secrets: Mapping[str, str], turns: int) -> dict[str, str]:
    return {str(t): rules.commitment(campaign, t, secrets[f"S{t}"]) for t in range(1, turns + 1)}


def take_sides(
    rome: str, carthage: str, dice: str, campaign: str, promised: Mapping[str, str]
) -> list[Draft]:
    """TB-1.1 and TB-16.2: the two players, the dice mode and the commitments."""
    checks.check_players(rome, carthage)
    return [
        draft(
            SidesTaken,
            rome=text.name(rome, "the player of Rome"),
            carthage=text.name(carthage, "the player of Carthage"),
            dice=dice,
            campaign=campaign,
            commitments=dict(promised),
        )
    ]


class Committed:
    """TB-16.3: the program's face, from the store's secret of the Game Turn."""

    def __init__(self, secrets: Mapping[str, str]) -> None:
        self.secrets = secrets

    def __call__(self, state: State, number: int, kind: str, subject: str) -> tuple[int, str]:
        secret = self.secrets.get(f"S{state.turn}")
        if secret is None or rules.commitment(state.campaign, state.turn, secret) != (
            state.commitments.get(state.turn)
        ):
            raise CampaignError(
                f"Game Turn {state.turn}'s dice secret is not in this store (the campaign was "
                "imported): roll in the store it was created in."
            )
        line = rules.record(state.campaign, state.turn, number, kind, subject)
        return rules.die(secret, line), ""


class Entered:
    """TB-16.4: faces rolled at the table, 0 to 9, with their evidence."""

    def __init__(self, faces: Sequence[int], evidence: str = "") -> None:
        for face in faces:
            checks.check_face(face)
        self.faces, self.evidence = list(faces), evidence

    def __call__(self, state: State, number: int, kind: str, subject: str) -> tuple[int, str]:
        if not self.faces:
            raise CampaignError(
                f"The {kind} roll for {subject} needs its face from the table: --face N (TB-16.4)."
            )
        return self.faces.pop(0), self.evidence


def faces_for(
    state: State, secrets: Mapping[str, str], faces: Sequence[int], evidence: str
) -> Faces:
    """The program's dice in committed mode (an organiser's faces are refused there), the
    entered ones in external mode."""
    if state.dice == "committed":
        if faces:
            raise CampaignError(
                "This campaign's dice are committed: the program rolls them (TB-16.2); --face is "
                "for campaigns with --dice external."
            )
        return Committed(secrets)
    return Entered(faces, evidence)


# The Sequence of Play (TB-3).


def finish(
    state: State, step: str, side: str | None, secrets: Mapping[str, str] | None = None
) -> list[Draft]:
    """TB-3.4: a side has finished a step in hand (the only side it waits for, when none is
    named); finishing G4 ends the Game Turn and reveals its secret in the same append (TB-3.5,
    TB-16.2)."""
    checks.check_revealed(state)
    checks.check_step(state, [step], f"finishing {step}")
    waiting = state.position.waiting_for(step)
    if side is None and len(waiting) != 1:
        raise CampaignError(f"Say whose: done {step} --side rome (or carthage).")
    who = waiting[0] if side is None else resolve("side", side, sequence.BOTH)
    checks.check_duties(state, step)
    decided = [draft(StepFinished, turn=state.turn, step=step, side=who)]
    return decided + _reveal_if_ended(state, decided[0], secrets)


def close(
    state: State, step: str, reason: str, secrets: Mapping[str, str] | None = None
) -> list[Draft]:
    """TB-3.4: an organiser closes a step in hand, with the reason."""
    checks.check_revealed(state)
    checks.check_step(state, [step], f"closing {step}")
    if not reason.strip():
        raise CampaignError("Say why the step is closed: --reason.")
    decided = [
        draft(StepClosed, turn=state.turn, step=step, reason=text.words(reason, "the reason"))
    ]
    return decided + _reveal_if_ended(state, decided[0], secrets)


def _reveal_if_ended(
    state: State, decided: Draft, secrets: Mapping[str, str] | None
) -> list[Draft]:
    """The ended Game Turn's secret, when `decided` ends it; none when deciding a recorded event
    again (`secrets` None: its reveal is an event of its own)."""
    from campaign.kinds.thunderbolt.state import apply

    after = apply(state, event_of(decided))
    ended = after.turn > state.turn or (after.position.over and not state.position.over)
    if not ended or state.dice != "committed" or secrets is None:
        return []
    secret = secrets.get(f"S{state.turn}")
    if secret is None:
        raise CampaignError(
            f"Game Turn {state.turn}'s dice secret is not in this store (the campaign was "
            "imported), so the turn cannot end here."
        )
    return reveal(after, state.turn, secret)


def reveal(state: State, turn: int, secret: str) -> list[Draft]:
    """TB-16.2: the ended Game Turn's secret, checked against its commitment and every roll."""
    checks.check_reveal(state, turn, secret)
    return [draft(TurnRevealed, turn=turn, secret=secret)]


def initiative(state: State, drawn: str) -> list[Draft]:
    """TB-4.4: what the C2 draw was (the LAM cup is drawn at the table in this slice)."""
    checks.check_revealed(state)
    checks.check_step(state, ["C2"], "the Initiative draw")
    chosen = resolve("draw", drawn, sequence.INITIATIVE)
    return [draft(InitiativeDrawn, turn=state.turn, drawn=chosen)]


# Carthage's politics (TB-12.1).


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


# Reports from the table that move the Italian Allies (TB-5, TB-15).


def victory(state: State, cause: str, province: str, victor: str) -> list[Draft]:
    """TB-15.2: a Major Victory reported (D or E, TB-3.2), its shifts applied."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "a battle or siege report")
    kind = resolve("kind of victory", cause, rules.SHIFTS)
    where = resolve("province", province, state.setup.provinces)
    side = resolve("side", victor, sequence.BOTH)
    return [draft(VictoryReported, turn=state.turn, cause=kind, province=where, victor=side)]


def devastate(state: State, province: str, by: str) -> list[Draft]:
    """TB-15.2: a devastation (F2, TB-3.2): 4 boxes toward the devastator's opponent."""
    checks.check_revealed(state)
    checks.check_step(state, ["F2"], "a devastation")
    where = resolve("province", province, state.setup.provinces)
    checks.check_track(state, where)
    side = resolve("side", by, sequence.BOTH)
    return [draft(ProvinceDevastated, turn=state.turn, province=where, by=side)]


def sack(state: State, province: str, faces: Faces) -> list[Draft]:
    """TB-15.7: Rome sacked a city in a Carthage-allied track province (a siege report, D or E):
    2 toward Rome there, and each adjacent track province rolls, 1 toward Rome on an even face."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "a siege report")
    where = resolve("province", province, state.setup.provinces)
    checks.check_carthage_allied(state, where)
    adjacent = {p.id: p.adjacent for p in state.setup.provinces.values()}
    _, rolling = rules.retribution(where, adjacent, list(state.track))
    first = state.next_number
    rolled = {p: faces(state, first + n, "retribution", p)[0] for n, p in enumerate(rolling)}
    return [draft(CitySacked, turn=state.turn, province=where, number=first, faces=rolled)]


class Recorded:
    """The faces a recorded event shows, to decide it again (verify, import)."""

    def __init__(self, faces: Sequence[int], evidence: str = "") -> None:
        self.faces, self.evidence = list(faces), evidence

    def __call__(self, state: State, number: int, kind: str, subject: str) -> tuple[int, str]:
        face = self.faces.pop(0)
        checks.check_face(face)
        return face, self.evidence


def consequences(state: State) -> list[Draft]:
    """Thunderbolt's slice forces nothing by itself: steps nobody acts in pass in the fold."""
    return []


def replay(event: CampaignEvent) -> Callable[[State], list[Draft]]:
    return _REPLAY[type(event)](event)


_REPLAY: dict[type, Callable[[Any], Callable[[State], list[Draft]]]] = {
    SidesTaken: lambda e: (
        lambda s: take_sides(e.rome, e.carthage, e.dice, e.campaign, e.commitments)
    ),
    StepFinished: lambda e: lambda s: finish(s, e.step, e.side)[:1],
    StepClosed: lambda e: lambda s: close(s, e.step, e.reason)[:1],
    TurnRevealed: lambda e: lambda s: reveal(s, e.turn, e.secret),
    InitiativeDrawn: lambda e: lambda s: initiative(s, e.drawn),
    PoliticsRolled: lambda e: (
        lambda s: politics(s, e.what, e.modifiers, Recorded([e.face], e.evidence), e.outcome)
    ),
    VictoryReported: lambda e: lambda s: victory(s, e.cause, e.province, e.victor),
    ProvinceDevastated: lambda e: lambda s: devastate(s, e.province, e.by),
    CitySacked: lambda e: lambda s: sack(s, e.province, Recorded(list(e.faces.values()))),
}
