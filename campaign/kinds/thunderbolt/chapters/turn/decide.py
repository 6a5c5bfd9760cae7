"""The decisions of the Sequence of Play and the LAM cup (TB-1.1, TB-3, TB-4, TB-16.2, TB-18):
sides and settings, a step finished or closed, the Game Turn's secret revealed, the C2 draw."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from campaign.domain.drafts import Draft, draft, event_of
from campaign.errors import CampaignError, RuleViolation
from campaign.input import text
from campaign.input.names import resolve
from campaign.kinds.thunderbolt.board import checks, cup, interpretations, sequence
from campaign.kinds.thunderbolt.board.dice import (
    CommittedDraw,
    Draws,
    RecordedDraw,
    evidence_of,
    named,
)
from campaign.kinds.thunderbolt.board.naming import leader
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.chapters.magistrates.decide import (
    disband_extraordinary,
    empty_offices,
)
from campaign.kinds.thunderbolt.fold import apply
from events.thunderbolt.turn import (
    InitiativeDrawn,
    MarkerDrawn,
    PhaseGivenToPU,
    SettingsChosen,
    SidesTaken,
    StepClosed,
    StepFinished,
    TurnRevealed,
)


def choose_settings(chosen: Mapping[str, str], complete: bool = True) -> list[Draft]:
    """TB-18: every setting the program applies, written out."""
    return [draft(SettingsChosen, settings=interpretations.settings(dict(chosen), complete))]


def take_sides(
    rome: str, carthage: str, dice: str, campaign: str, promised: Mapping[str, str]
) -> list[Draft]:
    """TB-1.1 and TB-16.2: the two players, the dice mode and the commitments."""
    checks.check_players(rome, carthage)
    return [
        draft(
            SidesTaken,
            rome=text.person(rome, "the player of Rome"),
            carthage=text.person(carthage, "the player of Carthage"),
            dice=dice,
            campaign=campaign,
            commitments=dict(promised),
        )
    ]


def finish(
    state: State, step: str, side: str | None, secrets: Mapping[str, str] | None = None
) -> list[Draft]:
    """TB-3.4: a side has finished a step in hand (the only side it waits for, when none is
    named); finishing G4 ends the Game Turn and reveals its secret in the same append (TB-3.5,
    TB-16.2). B1c records the offices left empty before it ends and the Marine and Slave
    Legions disbanded after (TB-8.8 [5.53]: at the end of the Election segment): the end is
    decided on the state before the disbanding, and `verify` replays each event on the state
    before it — a CA that loses a Slave Legion then is not one the election had to fill."""
    checks.check_revealed(state)
    checks.check_step(state, [step], f"finishing {step}")
    waiting = state.position.waiting_for(step)
    if side is None and len(waiting) != 1:
        raise CampaignError(f"Say whose: done {step} --side rome (or carthage).")
    who = waiting[0] if side is None else resolve("side", side, sequence.BOTH)
    checks.check_duties(state, step)
    if who == "carthage":
        checks.check_oc(state)
    sequence.check_done(state.position, step, who)
    finished = draft(StepFinished, turn=state.turn, step=step, side=who)
    empty = empty_offices(state) if step == "B1c" else []
    disbanded = disband_extraordinary(state) if step == "B1c" else []
    return [*empty, finished, *disbanded, *reveal_if_ended(state, finished, secrets)]


def finished(state: State, draws: Draws, secrets: Mapping[str, str] | None = None) -> list[Draft]:
    """TB-4.6 and TB-4.4: the leader of the Operations (or Augury) Phase in hand is Finished:
    each side still to say "done" in it says so, and the next marker is drawn from the cup, in
    one append — one command a LAM instead of three."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "a Finished leader")
    step = next(s for s in ("D", "E") if s in state.position.open)
    decided: list[Draft] = []
    current = state
    for side in state.position.waiting_for(step):
        for each in finish(current, step, side, secrets):
            decided.append(each)
            current = apply(current, event_of(each))
    return decided + draw(current, draws)


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
    return decided + reveal_if_ended(state, decided[0], secrets)


def reveal_if_ended(state: State, decided: Draft, secrets: Mapping[str, str] | None) -> list[Draft]:
    """The ended Game Turn's secret, when `decided` ends it; none when deciding a recorded event
    again (`secrets` None: its reveal is an event of its own)."""
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
    if chosen == "empty":
        checks.check_cup_empty(state)
    return [draft(InitiativeDrawn, turn=state.turn, drawn=chosen)]


def draw(state: State, draws: Draws) -> list[Draft]:
    """TB-4.3 and TB-4.4: the C2 draw from the markers left in the cup, the void LAMs set aside;
    with no LAM left, no draw: play passes to F."""
    checks.check_revealed(state)
    checks.check_step(state, ["C2"], "the Initiative draw")
    void = cup.void_leaders(state.romans, state.carthaginians)
    candidates = cup.live(state.cup, void)
    if not candidates:
        fields = dict(turn=state.turn, number=0, candidates=[], marker="", evidence="")
        return [draft(MarkerDrawn, **fields)]
    number = state.next_number
    marker, evidence = draws(state, number, "cup", candidates)
    return [
        draft(
            MarkerDrawn,
            turn=state.turn,
            number=number,
            candidates=list(candidates),
            marker=marker,
            evidence=evidence,
        )
    ]


def cup_draws(
    state: State, secrets: Mapping[str, str], entered: str | None, evidence: str
) -> Draws:
    """The program draws from the cup in committed mode; in external mode the marker the table
    drew is entered: a leader (his next LAM), siege or augury."""
    if state.dice == "committed":
        if entered is not None:
            raise CampaignError(
                "This campaign's draws are committed: the program draws from the cup (TB-16.2); "
                "--drawn is for campaigns with --dice external."
            )
        return CommittedDraw(secrets, "draw-cup")
    if entered is None:
        raise CampaignError(
            "The cup is drawn at the table: --drawn LEADER (whose LAM it was), legate, siege or "
            "augury (TB-16.4)."
        )
    word = entered.strip().casefold()
    if word in (cup.SIEGE, cup.AUGURY):
        return EnteredMarker(cup.prefix(cup.NO_SIDE, word), word, evidence)
    if word == cup.LEGATE:
        return EnteredMarker(cup.prefix("rome", cup.LEGATE), "Legate", evidence)
    lid = leader(state, entered, "any")
    side = "rome" if lid in state.romans.leaders else "carthage"
    return EnteredMarker(cup.prefix(side, cup.LAM, lid), named(state, lid), evidence)


class EnteredMarker:
    """TB-16.4: the marker the table drew from the cup; only that it could be drawn is checked."""

    def __init__(self, prefix: str, said: str, evidence: str) -> None:
        self.prefix, self.said, self.evidence = prefix, said, evidence_of(evidence)

    def __call__(
        self, state: State, number: int, subject: str, candidates: Sequence[str]
    ) -> tuple[str, str]:
        for marker in candidates:
            if marker.startswith(self.prefix):
                return marker, self.evidence
        raise RuleViolation("TB-16.4", f"No {self.said} marker or LAM can be drawn from the cup")


def pu_phase(state: State) -> list[Draft]:
    """TB-4.5: a Consul's LAM was drawn: the Roman player gives that Operations Phase to the PU
    instead, at most once a Game Turn."""
    checks.check_revealed(state)
    checks.check_step(state, ["D"], "giving the phase to the PU")
    r = state.romans
    consul = state.phase_leader
    if consul is None or r.office(consul) != "Consul":
        raise RuleViolation("TB-4.5", "Only a Consul's Operations Phase may go to the PU")
    if state.pu_phase:
        raise RuleViolation("TB-4.5", "The PU has had a Consul's Operations Phase this Game Turn")
    holder = next((m.leader for m in r.magistrates.values() if m.office == "PU"), None)
    if holder is None:
        raise RuleViolation("TB-4.5", "No PU is in office")
    return [
        draft(PhaseGivenToPU, turn=state.turn, phase=state.operations, consul=consul, pu=holder)
    ]


REPLAY: dict[type, Callable[[Any, State], list[Draft]]] = {
    SidesTaken: lambda e, s: take_sides(e.rome, e.carthage, e.dice, e.campaign, e.commitments),
    StepFinished: lambda e, s: [d for d in finish(s, e.step, e.side) if d.kind is StepFinished],
    StepClosed: lambda e, s: close(s, e.step, e.reason)[:1],
    TurnRevealed: lambda e, s: reveal(s, e.turn, e.secret),
    InitiativeDrawn: lambda e, s: initiative(s, e.drawn),
    MarkerDrawn: lambda e, s: draw(s, RecordedDraw(e.marker, e.evidence)),
    PhaseGivenToPU: lambda e, s: pu_phase(s),
    SettingsChosen: lambda e, s: choose_settings(e.settings, complete=False),
}
"""Each recorded event of the chapter decided again from the state before it (verify, import,
fork): its command, given what the event shows."""
