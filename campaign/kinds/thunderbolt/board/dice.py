"""Thunderbolt's dice and draws (rules page TB-16): the program's, from the store's committed
secret of the Game Turn (TB-16.3), or the table's, entered with their evidence (TB-16.4); and
the faces a recorded event shows, to decide it again."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from campaign.errors import CampaignError, RuleViolation
from campaign.input import text
from campaign.kinds.thunderbolt.board import checks, rules
from campaign.kinds.thunderbolt.board.state import State

Faces = Callable[[State, int, str, str], tuple[int, str]]
"""A random event's face and evidence: (state, its number, kind, subject)."""


def secret_labels(turns: int) -> list[str]:
    """TB-16.2: a secret for each Game Turn."""
    return [f"S{t}" for t in range(1, turns + 1)]


def commitments(campaign: str, secrets: Mapping[str, str], turns: int) -> dict[str, str]:
    return {str(t): rules.commitment(campaign, t, secrets[f"S{t}"]) for t in range(1, turns + 1)}


def turn_secret(state: State, secrets: Mapping[str, str]) -> str:
    """TB-16.2: the store's secret of the Game Turn in hand, checked against its commitment."""
    secret = secrets.get(f"S{state.turn}")
    if secret is None or rules.commitment(state.campaign, state.turn, secret) != (
        state.commitments.get(state.turn)
    ):
        raise CampaignError(
            f"Game Turn {state.turn}'s dice secret is not in this store (the campaign was "
            "imported): roll in the store it was created in."
        )
    return secret


class Committed:
    """TB-16.3: the program's face, from the store's secret of the Game Turn."""

    def __init__(self, secrets: Mapping[str, str]) -> None:
        self.secrets = secrets

    def __call__(self, state: State, number: int, kind: str, subject: str) -> tuple[int, str]:
        secret = turn_secret(state, self.secrets)
        line = rules.record(state.campaign, state.turn, number, kind, subject)
        return rules.die(secret, line), ""


Draws = Callable[[State, int, str, Sequence[str]], tuple[str, str]]
"""A draw's result and evidence: (state, its number, subject, candidates sorted by key)."""


class CommittedDraw:
    """TB-16.3: index H mod m of the m candidates, from the Game Turn's secret."""

    def __init__(self, secrets: Mapping[str, str], kind: str = "draw-rome") -> None:
        self.secrets, self.kind = secrets, kind

    def __call__(
        self, state: State, number: int, subject: str, candidates: Sequence[str]
    ) -> tuple[str, str]:
        secret = turn_secret(state, self.secrets)
        line = rules.record(state.campaign, state.turn, number, self.kind, subject)
        return candidates[rules.draw_index(secret, line, len(candidates))], ""


def evidence_of(evidence: str) -> str:
    """TB-16.4: a roll's evidence as typed (a VASSAL log line, a link): text, never escape codes
    or invisible characters; none is empty."""
    return text.words(evidence, "the evidence") if evidence.strip() else ""


class EnteredDraw:
    """TB-16.4: the leader drawn at the table; only membership is checked."""

    def __init__(self, drawn: str | None, evidence: str = "") -> None:
        self.drawn, self.evidence = drawn, evidence_of(evidence)

    def __call__(
        self, state: State, number: int, subject: str, candidates: Sequence[str]
    ) -> tuple[str, str]:
        if self.drawn is None:
            raise CampaignError(
                f"The {subject} is drawn at the table: --leader NAME, one of "
                + ", ".join(named(state, c) for c in candidates)
                + " (TB-16.4)."
            )
        if self.drawn not in candidates:
            raise RuleViolation(
                "TB-16.4", f"{named(state, self.drawn)} is not in the pool to be drawn"
            )
        return self.drawn, self.evidence


def named(state: State, lid: str) -> str:
    return state.named(lid)


def draws_for(
    state: State,
    secrets: Mapping[str, str],
    drawn: str | None,
    evidence: str,
    kind: str = "draw-rome",
) -> Draws:
    """The program draws in committed mode (a leader named is refused there), the table in
    external mode."""
    if state.dice == "committed":
        if drawn is not None:
            raise CampaignError(
                "This campaign's draws are committed: the program draws (TB-16.2); --leader is "
                "for campaigns with --dice external; --from-triumph or --from-map to choose."
            )
        return CommittedDraw(secrets, kind)
    return EnteredDraw(drawn, evidence)


class Entered:
    """TB-16.4: faces rolled at the table, 0 to 9, with their evidence."""

    def __init__(self, faces: Sequence[int], evidence: str = "") -> None:
        for face in faces:
            checks.check_face(face)
        self.faces, self.evidence = list(faces), evidence_of(evidence)

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


class Recorded:
    """The faces a recorded event shows, to decide it again (verify, import)."""

    def __init__(self, faces: Sequence[int], evidence: str = "") -> None:
        self.faces, self.evidence = list(faces), evidence

    def __call__(self, state: State, number: int, kind: str, subject: str) -> tuple[int, str]:
        face = self.faces.pop(0)
        checks.check_face(face)
        return face, self.evidence


class RecordedDraw:
    """The leader a recorded election shows, to decide it again (verify, import)."""

    def __init__(self, drawn: str, evidence: str = "") -> None:
        self.drawn, self.evidence = drawn, evidence

    def __call__(
        self, state: State, number: int, subject: str, candidates: Sequence[str]
    ) -> tuple[str, str]:
        if self.drawn not in candidates:
            raise RuleViolation("TB-16.3", f"{self.drawn} was not in the pool to be drawn")
        return self.drawn, self.evidence
