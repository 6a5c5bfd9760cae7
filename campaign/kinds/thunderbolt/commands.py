"""Thunderbolt's commands: each lists the checks it runs, then says what to record. The program
rolls from committed secrets (TB-16.3) or takes the faces entered from the table (TB-16.4)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from campaign import text
from campaign.drafts import Draft, draft, event_of, forced
from campaign.errors import CampaignError, RuleViolation
from campaign.kinds.thunderbolt import (
    carthage,
    checks,
    cup,
    interpretations,
    legions,
    offices,
    positions,
    roman,
    rules,
    senate,
    sequence,
)
from campaign.kinds.thunderbolt.setup import THEATERS
from campaign.kinds.thunderbolt.setup import outcome as chart_outcome
from campaign.kinds.thunderbolt.state import State, numbered
from campaign.names import resolve
from events.common import CampaignEvent
from events.thunderbolt import (
    ArmiesTrained,
    ArmyDetached,
    ArmyLost,
    ArmyPosted,
    ArmyReinforced,
    AssignmentNamed,
    BattleReported,
    CitySacked,
    CommanderAppointed,
    CommanderRecalled,
    DetachmentRejoined,
    DictatorTakesTheField,
    DiplomacyAttempted,
    DisbandChecked,
    ExtraordinaryDisbanded,
    FactsReported,
    GovernorDesignated,
    ImperiumGiven,
    InitiativeDrawn,
    IslandsReported,
    LeaderBesieged,
    LeaderFell,
    LegateDelivered,
    LegionsBesieged,
    LegionsDisbanded,
    LegionsFought,
    LegionsReinforced,
    LegionsRequested,
    MagistrateCensured,
    MagistrateElected,
    MagistrateProrogued,
    MagistrateReleased,
    ManpowerOperation,
    MarineRaised,
    MarkerDrawn,
    MasterOfHorseNamed,
    NavalBuilt,
    OfficeLeftEmpty,
    OverallCommanderNamed,
    PhaseGivenToPU,
    PlutoVisited,
    PoliticsRolled,
    PresenceClaimed,
    ProvinceDevastated,
    SenateAsked,
    SettingsChosen,
    SidesTaken,
    SiegeReported,
    SituationReported,
    SlavesRaised,
    StepClosed,
    StepFinished,
    TrainingRolled,
    TriumphCelebrated,
    TriumphEarned,
    TurnRevealed,
    UnitMoved,
    VictoryReported,
)

Faces = Callable[[State, int, str, str], tuple[int, str]]
"""A random event's face and evidence: (state, its number, kind, subject)."""


def secret_labels(turns: int) -> list[str]:
    """TB-16.2: a secret for each Game Turn."""
    return [f"S{t}" for t in range(1, turns + 1)]


def commitments(campaign: str, secrets: Mapping[str, str], turns: int) -> dict[str, str]:
    return {str(t): rules.commitment(campaign, t, secrets[f"S{t}"]) for t in range(1, turns + 1)}


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
    if lid in state.romans.leaders:
        return state.romans.name(lid)
    return state.carthaginians.name(lid)


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
    if who == "carthage":
        checks.check_oc(state)
    finished = draft(StepFinished, turn=state.turn, step=step, side=who)
    empty = [*empty_offices(state), *disband_extraordinary(state)] if step == "B1c" else []
    return [*empty, finished, *_reveal_if_ended(state, finished, secrets)]


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
    where = province_of(state, province)
    side = resolve("side", victor, sequence.BOTH)
    return [draft(VictoryReported, turn=state.turn, cause=kind, province=where, victor=side)]


SIZES = ("small", "medium", "large")
ENDINGS = ("assault", "attrition", "surrender", "treachery", "lifted")
"""TB-5.2: how a siege ends (surrender: Involuntary Surrender)."""


def siege(state: State, report: Draft, faces: Faces) -> list[Draft]:
    """TB-5.2: a siege report (`siege_report`) and, recorded with it, what it sets off: a Major
    Victory's shifts (TB-15.2), Roman Retribution for a city Rome sacked in a Carthage-allied
    province (TB-15.7, its dice), a Triumph earned by each Roman magistrate present who took the
    city by Assault or Attrition with enemy infantry present and 10+ SP inflicted (TB-10.9); the
    Carthaginian commanders present when Rome takes a Medium or Large city must roll for recall
    (TB-13.3: `recall`), which the report names."""
    told = report.fields
    where, side, how = told["province"], told["taken_by"], told["ended"]
    decided = [report]
    if told["major"]:
        decided += victory(state, "siege", where, side)
    if told["sacked"]:
        decided += sack(state, where, faces)
    inflicted, enemy_infantry = told["inflicted"], told["enemy_infantry"]
    if side == sequence.ROME and how in ("assault", "attrition"):
        qualified = senate.triumph_earned(True, enemy_infantry, inflicted)
        for lid in told["leaders"]:
            held = state.romans.magistrates.get(lid)
            if qualified and held is not None and held.legions:
                decided += earned(state, lid, how, inflicted, enemy_infantry)
    return decided


def siege_report(
    state: State,
    city: str,
    province: str,
    size: str,
    port: bool,
    ended: str,
    taken_by: str | None,
    major: bool,
    enemy_infantry: bool,
    inflicted: int,
    present: Sequence[str],
    sacked: bool,
) -> Draft:
    """TB-5.2: the siege report itself, checked (also what verify decides again)."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "a siege report")
    name = text.words(city, "the city")
    where = province_of(state, province)
    big = resolve("size of city", size, SIZES)
    how = resolve("end of a siege", ended, ENDINGS)
    lifted = how == "lifted"
    if lifted and taken_by:
        raise RuleViolation("TB-5.2", "A siege lifted took no city: leave out --taken-by")
    if not lifted and not taken_by:
        raise RuleViolation("TB-5.2", "Say who took the city: --taken-by rome or carthage")
    if lifted and (major or sacked):
        raise RuleViolation("TB-5.2", "A siege lifted is no Major Victory and sacks no city")
    if sacked and resolve("side", taken_by or "", sequence.BOTH) != sequence.ROME:
        raise RuleViolation("TB-5.2", "A city sacked here is Rome's to sack (TB-15.7)")
    if inflicted < 0:
        raise RuleViolation("TB-5.2", f"SP inflicted are 0 or more, not {inflicted}")
    side = resolve("side", taken_by, sequence.BOTH) if taken_by else "none"
    there = [leader(state, who, "any") for who in present]
    due = []
    if side == sequence.ROME and big in ("medium", "large") and not lifted:  # TB-13.3
        due = [a.id for a in state.carthaginians.armies.values() if a.commander in there]
    return draft(
        SiegeReported,
        turn=state.turn,
        city=name,
        province=where,
        size=big,
        port=port,
        ended=how,
        taken_by=side,
        major=major,
        enemy_infantry=enemy_infantry,
        inflicted=inflicted,
        leaders=there,
        sacked=sacked,
        recall_due=due,
    )


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
    return [draft(PresenceClaimed, turn=state.turn, province=where, side=who, force=named_force)]


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
    if c.leaders[hannibal].guile < 1:
        raise RuleViolation("TB-15.6", "Hannibal has no Guile Point to spend")
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


class Recorded:
    """The faces a recorded event shows, to decide it again (verify, import)."""

    def __init__(self, faces: Sequence[int], evidence: str = "") -> None:
        self.faces, self.evidence = list(faces), evidence

    def __call__(self, state: State, number: int, kind: str, subject: str) -> tuple[int, str]:
        face = self.faces.pop(0)
        checks.check_face(face)
        return face, self.evidence


# Phase B1: Rome's magistrates (TB-7, TB-8).


def leader_names(leaders: Mapping[str, Any]) -> dict[str, str]:
    """Every way a leader is written — key, number (416, #416, 2P-10), name — to his key; the
    name last, so that where it folds as his key does ("Pulcher", "pulcher") a refusal suggests
    the name as the rules write it (#29: "did you mean pulcher?")."""
    names: dict[str, str] = {}
    for lid, who in leaders.items():
        names.update({lid: lid, f"#{who.number}": lid, who.number: lid})
        names.pop(who.name, None)
        names[who.name] = lid
    return names


def leader(state: State, given: str, side: str = "rome") -> str:
    """A leader of a side (or of `any`) by his key, name or number (416 or #416, 2P-10)."""
    aliases: dict[str, str] = {}
    sides = {"rome": [state.romans], "carthage": [state.carthaginians]}
    for of in sides.get(side, [state.romans, state.carthaginians]):
        aliases.update(leader_names(of.leaders))
    what = {"rome": "Roman leader", "carthage": "Carthaginian leader"}.get(side, "leader")
    return aliases[resolve(what, given, aliases)]


def province_of(state: State, given: str) -> str:
    """A province by its key or its name (east-sicilia or East Sicilia)."""
    aliases = {p.name: p.id for p in state.setup.provinces.values()}
    aliases.update({pid: pid for pid in state.setup.provinces})
    return aliases[resolve("province", given, aliases)]


def army(state: State, given: str) -> str:
    return resolve("Army", given, state.carthaginians.armies)


# Phase B2 after the politics: Carthage's Armies (TB-12.4 to TB-12.6, TB-13.2).


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
        row = rules.disband_row(family, in_power)
        chart = state.setup.tables.get("disband_recall")
        number = state.next_number
        face, evidence = faces(state, number, "disband", aid)
        if chart is not None:
            low, high = chart[row]["disband"]
            if entered is not None and tuple(entered) != (low, high):
                raise CampaignError(
                    f"The set-up's chart gives the Disband range {low}-{high} of row {row}."
                )
        elif entered is None:
            raise CampaignError(
                f"The set-up has no Disband/Recall chart: enter the Disband range of row {row} "
                f"with --range LOW-HIGH (die {face})."
            )
        else:
            low, high = entered
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


def appoint(
    state: State, which: str | None, draws: Draws, from_map: str | None = None
) -> list[Draft]:
    """TB-13.1 and TB-13.2: in B2d a commander for an Army without one (the first, when none is
    named): drawn blind from the pool, or chosen among map leaders of the Family in Power;
    TB-14.2: the stored AER drops 2."""
    checks.check_revealed(state)
    checks.check_step(state, ["B2d"], "an appointment")
    c = state.carthaginians
    waiting = carthage.leaderless(c)
    aid = army(state, which) if which else (waiting[0] if waiting else None)
    if aid is None:
        raise RuleViolation("TB-13.1", "Every Army has its commander")
    number, candidates, evidence = 0, [], ""
    if from_map is not None:
        chosen_leader = leader(state, from_map, "carthage")
    else:
        candidates = c.pool()
        if not candidates:
            raise RuleViolation("TB-13.2", "No leader is in the pool: the Army stays without")
        number = state.next_number
        chosen_leader, evidence = draws(state, number, aid, candidates)
    carthage.appoint(c, aid, chosen_leader, from_map is not None, state.family_in_power())
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
        climate = state.current_climate()
        allowed = climate is not None and rules.may_raise(climate, len(c.counted()), c.disbanded)[1]
        if not allowed:
            raise RuleViolation(
                "TB-12.3",
                "Carthage raises no reinforcements this Game Turn (over its army limit, or an "
                "Army was disbanded in B2c)",
            )
        window = "B3b"
    else:
        checks.check_carthaginian_phase(state, "Carthaginian reinforcements")
        window = f"D{state.operations}"
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


def losses(
    state: State,
    which: str,
    sp: int,
    cause: str,
    faces: Faces,
    successor: str = "",
    promoted: bool = False,
) -> list[Draft]:
    """TB-5.5: SP an Army or a Detachment lost, with the cause; an Army at 0 is eliminated and its
    commander recalled without a roll (TB-13.4), who rolls at once for crucifixion (TB-13.5,
    Interpretation); a Detachment of it becomes the Army (TB-14.6)."""
    checks.check_revealed(state)
    c = state.carthaginians
    aid, part = force_of(state, which)
    if not cause.strip():
        raise CampaignError("Say what cost the SP: --cause (TB-5.5).")
    carthage.lose(c, aid, sp, False, part, successor, promoted)
    commander = "" if part else c.armies[aid].commander or ""
    number, face, crucified, evidence = 0, -1, False, ""
    if not part and sp == c.armies[aid].sp and commander:
        who = c.leaders[commander]
        number = state.next_number
        face, evidence = faces(state, number, "crucifixion", numbered(state, commander))
        crucified = rules.crucified(face, who.family, state.family_in_power(), who.mortality)
    return [
        draft(
            ArmyLost,
            turn=state.turn,
            army=aid,
            detachment=part,
            sp=sp,
            cause=text.words(cause, "the cause"),
            leader=commander,
            number=number,
            face=face,
            crucified=crucified,
            successor=successor,
            promoted=promoted,
            evidence=evidence,
        )
    ]


def force_of(state: State, given: str) -> tuple[str, str]:
    """An Army, or a Detachment of one (hannibal-1): (the Army, the Detachment or empty)."""
    known = {aid: (aid, "") for aid in state.carthaginians.armies}
    for aid, force in state.carthaginians.armies.items():
        known.update({d.id: (aid, d.id) for d in force.parts})
    return known[resolve("Army or Detachment", given, known)]


def detach(state: State, which: str, sp: int, who: str | None) -> list[Draft]:
    """TB-13.9: a Detachment made in Operations: one per Army, two for Hannibal's, at most half
    the Army's SP (TB-14.5: the Army and its Detachments then act at the stored AER minus the
    Detachments in play)."""
    checks.check_revealed(state)
    checks.check_step(state, ["D"], "a Detachment")
    aid = army(state, which)
    lid = leader(state, who, "carthage") if who else None
    _, name = carthage.detach(state.carthaginians, aid, sp, lid)
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
    _, drop = carthage.rejoin(
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
    c = state.carthaginians
    aid = army(state, which)
    commander = c.armies[aid].commander
    if commander is None:
        raise RuleViolation("TB-13.3", f"Army {aid} has no commander to recall")
    if aid in c.pending:
        raise RuleViolation(
            "TB-13.6", f"Army {aid}'s commander is recalled already, from the next Carthaginian LAM"
        )
    who = c.leaders[commander]
    in_power = state.family_in_power()
    number, face, (low, high), crux, crucified, evidence = 0, -1, (0, 9), -1, False, ""
    recalled = by_choice
    if by_choice:
        if "D" not in state.position.open:
            raise RuleViolation("TB-13.4", "A recall by choice is made during Operations (D)")
    else:
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
        recalled = low <= face <= high
        if recalled:
            crux = faces(state, number + 1, "crucifixion", numbered(state, commander))[0]
            crucified = rules.crucified(crux, who.family, in_power, who.mortality)
    return [
        draft(
            CommanderRecalled,
            turn=state.turn,
            army=aid,
            leader=commander,
            by_choice=by_choice,
            number=number,
            face=face,
            low=low,
            high=high,
            recalled=recalled,
            crucifixion=crux,
            crucified=crucified,
            evidence=evidence,
        )
    ]


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
    carthage.post(state.carthaginians, aid, where, state.current_climate(), state.alert_assigns)
    return [draft(ArmyPosted, turn=state.turn, army=aid, theater=where)]


def station_all(state: State) -> list[Draft]:
    c, climate = state.carthaginians, state.current_climate()
    decided = []
    for where in carthage.postings_due(c, climate, state.alert_assigns):
        free = [aid for aid in c.counted() if aid not in c.postings.values()]
        there = [aid for aid in free if c.theater(aid) == where]
        chosen_army = (there or free)[0]
        c = carthage.post(c, chosen_army, where, climate, state.alert_assigns)
        decided.append(draft(ArmyPosted, turn=state.turn, army=chosen_army, theater=where))
    return decided


def theater(given: str | None) -> str | None:
    return resolve("Theater", given, THEATERS) if given else None


def province(state: State, given: str | None) -> str | None:
    return province_of(state, given) if given else None


OFFICE_NAMES = {
    o.casefold(): o for o in ("Dictator", "ME", "Consul", "Proconsul", "Praetor", "Governor", "PU")
}
"""TB-6.1's offices as elected (a governor is a Praetor with an island's province, TB-8.6)."""


def office(given: str) -> str:
    return OFFICE_NAMES[resolve("office", given, OFFICE_NAMES).casefold()]


def prorogue(
    state: State, who: str, as_office: str, in_theater: str | None, in_province: str | None
) -> list[Draft]:
    """TB-7.2 and TB-7.3: in B1a a magistrate kept in a lawful office, assigned anew (TB-6.4)."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1a"], "a prorogue")
    lid, held = leader(state, who), office(as_office)
    where, place = theater(in_theater), province(state, in_province)
    roman.prorogue(state.romans, lid, held, where, place, state.per_province)
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
    roman.assign(state.romans, lid, where, place, state.per_province)
    return [draft(AssignmentNamed, turn=state.turn, leader=lid, theater=where, province=place)]


SIEGE_WORDS = {"city": "city", "port": "port", "roma": "Roma", "rome": "Roma", "free": "free"}


def besieged(state: State, who: str, where: str) -> list[Draft]:
    """TB-5.4: a Roman leader, a Legion or a CA reported besieged in a city, a port or Roma, or
    free again; at any step (TB-3.2). No magistrate is placed with Legions shut in a city
    (TB-6.5)."""
    checks.check_revealed(state)
    if state.position.over:
        raise RuleViolation("TB-3.5", "The game is over")
    known = {k: v for k, v in units(state, "all").items() if v[0] in ("leader", "legion", "ca")}
    what, unit = known[resolve("Roman leader, Legion or CA", who, known)]
    place = SIEGE_WORDS[resolve("place of siege", where, SIEGE_WORDS)]
    if what == "leader":
        roman.besiege(state.romans, unit, place)
        return [draft(LeaderBesieged, turn=state.turn, leader=unit, where=place)]
    shut = list(state.romans.cas[int(unit)]) if what == "ca" else [unit]
    positions.besiege_legions(state.romans, shut, place)
    return [draft(LegionsBesieged, turn=state.turn, legions=shut, where=place)]


def units(state: State, leaders: str = "magistrates") -> dict[str, tuple[str, str]]:
    """TB-1.4: what the players move, by any name they write: a Roman leader (name or number), a
    Legion (X or Legion X), a CA (CA 3), an Army (or its commander), a Detachment (hannibal-1, or
    its leader)."""
    r, c = state.romans, state.carthaginians
    known: dict[str, tuple[str, str]] = {}
    moving = r.leaders if leaders == "all" else {lid: r.leaders[lid] for lid in r.magistrates}
    known.update({name: ("leader", lid) for name, lid in leader_names(moving).items()})
    for lg in r.legions:
        known.update({lg: ("legion", lg), f"Legion {lg}": ("legion", lg)})
    known.update({f"CA {n}": ("ca", str(n)) for n in r.cas})
    for aid, force in c.armies.items():
        known[aid] = ("army", aid)
        if force.commander:  # after the Army's id: a suggestion names the commander
            known[c.leaders[force.commander].name] = ("army", aid)
        for d in force.parts:
            known[d.id] = ("detachment", d.id)
            if d.leader:
                known[c.leaders[d.leader].name] = ("detachment", d.id)
    return known


PLACE_WORDS = {
    "field": positions.FIELD,
    "roma": positions.ROMA,
    "rome": positions.ROMA,
    "carthago": positions.CARTHAGO,
    "port": positions.PORT,
    "city": positions.CITY,
}


def move(
    state: State, given: str, to: str, place: str = "field", override: str = ""
) -> list[Draft]:
    """TB-1.4 and TB-5.4: a move the players made, at province level, at any step: a magistrate
    with the Legions that stood with him, Legions or a CA with a commander whose whole force
    moves, an Army with its commander, a Detachment with its leader. A move breaking a rule about
    places is refused unless an organiser overrides it with a reason; leaving an assignment
    without the Senate's leave is shown, never refused (TB-10.4)."""
    checks.check_revealed(state)
    if state.position.over:
        raise RuleViolation("TB-3.5", "The game is over")
    known = units(state)
    what, unit = known[resolve("leader, Legion, CA, Army or Detachment", given, known)]
    province = province_of(state, to)
    spot = PLACE_WORDS[resolve("kind of place", place, PLACE_WORDS)]
    reason = text.words(override, "the reason") if override.strip() else ""
    r, c, climate = state.romans, state.carthaginians, state.current_climate()
    positions.check_move(r, c, what, unit, province, spot, climate, state.grants, bool(reason))
    _, _, went, unasked = positions.relocate(r, c, what, unit, province, spot, state.grants)
    return [
        draft(
            UnitMoved,
            turn=state.turn,
            what=what,
            unit=unit,
            province=province,
            place=spot,
            with_it=went,
            unasked=unasked,
            override=reason,
        )
    ]


def release(state: State, who: str) -> list[Draft]:
    """TB-7.5: in B1a a magistrate released, to the Triumph Holding Box or the pool."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1a"], "a release")
    lid = leader(state, who)
    roman.release(state.romans, lid)
    return [draft(MagistrateReleased, turn=state.turn, leader=lid)]


def release_all(state: State) -> list[Draft]:
    """TB-7.5: every magistrate not yet prorogued or released this Game Turn, released."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1a"], "a release")
    return [
        draft(MagistrateReleased, turn=state.turn, leader=lid)
        for lid in roman.due_b1a(state.romans)
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
    due = roman.due_pluto(state.romans)
    if who is None and outcome is not None and len(due) != 1:
        raise CampaignError("An outcome is entered for one leader: pluto NAME --outcome …")
    rolling = [leader(state, who)] if who is not None else due
    decided, current, number = [], state, state.next_number
    for lid in rolling:
        if lid not in roman.due_pluto(current.romans):
            roman.visit(current.romans, lid, "unharmed")  # refuses, naming why
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
        from campaign.kinds.thunderbolt.state import apply

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
    operations = "D" in state.position.open
    raising = "B3b" in state.position.open  # TB-11.7: for the new Legions, if the player wishes
    if raising and not wanted:
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
    post = None if operations or raising else roman.next_post(r, state.turn)
    chosen_office = office(wanted) if wanted else (post.office if post else None)
    if operations and chosen_office is None:
        chosen_office = "Dictator"
    if chosen_office is None:
        raise RuleViolation("TB-8.1", "Every office of this Game Turn is filled: done B1c")
    if chosen_office == "Imperium":
        return imperium(state, None, None, (), None)
    if chosen_office == "Dictator's army":
        raise RuleViolation(
            "TB-9.4", "The Dictator chooses first: dictator --ca N (the field) or --me NAME (Rome)"
        )
    pairing = chosen_office == "Proconsul" and len(legions) == 2
    if raising:
        roman.check_raising(r, chosen_office, ca, tuple(legions))
    else:
        roman.check_order(r, chosen_office, pairing, state.turn, operations)
    if chosen_office == "Proconsul" and ca is None and not pairing:
        ca = post.ca if post else None
    if chosen_office == "Praetor" and not legions:
        legions = (post.legion,) if post and post.legion else ()
    where, place = theater(in_theater), province(state, in_province)
    if chosen_office == "Governor" and place is None:
        place = island_province(state, post.island if post and post.island else None)
    if chosen_office == "Proconsul" and not (where or place):
        army = tuple(legions) if pairing else r.cas.get(ca, ())
        if army:
            where, place = roman.default_assignment(r, army, state.per_province)
    number, candidates, evidence = 0, [], ""
    if from_triumph is not None:
        chosen_leader = leader(state, from_triumph)
    else:
        candidates = r.pool()
        if not candidates:
            raise RuleViolation(
                "TB-8.2",
                f"No leader is in the pool to draw a {chosen_office}: choose one from the Triumph "
                "Holding Box (--from-triumph NAME)",
            )
        number = state.next_number
        chosen_leader, evidence = draws(state, number, chosen_office, candidates)
    roman.elect(
        r,
        chosen_office,
        chosen_leader,
        from_triumph is not None,
        state.turn,
        None if pairing else ca,
        tuple(legions),
        where,
        place,
        state.per_province,
        operations,
        raising,
    )
    return [
        draft(
            MagistrateElected,
            turn=state.turn,
            office=chosen_office,
            leader=chosen_leader,
            number=number,
            candidates=list(candidates),
            chosen=from_triumph is not None,
            ca=None if pairing else ca,
            legions=list(legions)
            if pairing or chosen_office == "Praetor"
            else list(r.cas.get(ca, ()) if ca else ()),
            theater=where,
            province=place,
            evidence=evidence,
        )
    ]


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
    awaiting = roman.dictators_awaiting(r) + roman.consuls_awaiting(r)
    lid = leader(state, who) if who else (awaiting[0] if awaiting else None)
    if lid is None:
        raise RuleViolation("TB-8.3", "No elected Consul awaits his army")
    if r.office(lid) == "Dictator":
        cas = (ca,) if ca is not None else ()
        return field(state, lid, cas)
    where = theater(in_theater)
    if ca is None and not legions and not none:
        ca, legions, default_theater = roman.default_command(r, lid)
        where = where or default_theater
    elif where is None:
        army = r.cas.get(ca, ()) if ca is not None else tuple(legions)
        where = r.theater(army) if army else None
    roman.give_imperium(r, lid, ca, tuple(legions), where, state.per_province, state.turn)
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


def field(state: State, lid: str, cas: Sequence[int]) -> list[Draft]:
    """TB-9.4: the Dictator takes the field with one or two leaderless CAs, or none."""
    roman.dictator_in_field(state.romans, lid, tuple(cas))
    return [draft(DictatorTakesTheField, turn=state.turn, leader=lid, cas=list(cas))]


def dictator(
    state: State, who: str | None, cas: Sequence[int], me: str | None, me_ca: int | None
) -> list[Draft]:
    """TB-9.4: the Dictator just elected takes the field (with his CAs), or stays in Rome while
    the player picks an ME from the pool numbered within 5 of him (with the ME's CA)."""
    checks.check_revealed(state)
    checks.check_step(state, ["B1c", "D"], "the Dictator's choice")
    r = state.romans
    awaiting = roman.dictators_awaiting(r)
    lid = leader(state, who) if who else (awaiting[0] if awaiting else None)
    if lid is None:
        raise RuleViolation("TB-9.4", "No Dictator elected this Game Turn awaits his choice")
    if me is None:
        return field(state, lid, cas)
    if cas:
        raise CampaignError("A Dictator who stays in Rome takes no CA; his ME may: --me-ca N.")
    named = leader(state, me)
    roman.name_me(r, lid, named, me_ca)
    return [draft(MasterOfHorseNamed, turn=state.turn, leader=named, dictator=lid, ca=me_ca)]


# Reports from the table (TB-5).


def battle(
    state: State,
    where: str,
    winner: str,
    major: bool,
    ca_engaged: bool,
    lost: int,
    engaged: Sequence[str] = (),
    losses: Mapping[str, Mapping[str, int]] | None = None,
    promote: Sequence[str] = (),
    demote: Sequence[str] = (),
) -> list[Draft]:
    """TB-5.1: a land battle reported (D or E): Rome's Major defeats count for Emergencies
    (TB-9.2), a Major Victory moves the Italian Allies (TB-15.2); with the Legions engaged, their
    losses by class, and the promotions and demotions that follow (TB-11.10)."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "a battle report")
    place = province(state, where)
    side = resolve("winner", winner, (*sequence.BOTH, "none"))
    if not 0 <= lost <= 100:
        raise RuleViolation("TB-5.1", f"A share of SP lost is 0 to 100 percent, not {lost}")
    if side == "none" and major:
        raise RuleViolation("TB-5.1", "A battle without a winner is no Major Victory")
    reported = draft(
        BattleReported,
        turn=state.turn,
        province=place,
        winner=side,
        major=major,
        ca_engaged=ca_engaged,
        rome_lost_percent=lost,
    )
    if not (engaged or losses or promote or demote):
        return [reported]
    return [reported, *legions_fought(state, place, side, major, engaged, losses, promote, demote)]


def legions_fought(
    state: State,
    place: str,
    side: str,
    major: bool,
    engaged: Sequence[str],
    losses: Mapping[str, Mapping[str, int]] | None,
    promote: Sequence[str],
    demote: Sequence[str],
) -> list[Draft]:
    """TB-5.1, TB-5.5 and TB-11.10: the Legions engaged in a battle just reported, by name."""
    r = state.romans
    named = [resolve("Legion", lg, r.legions) for lg in engaged]
    lost = {
        resolve("Legion", lg, r.legions): {
            resolve("class of SP", c, legions.FIELDS): n for c, n in classes.items()
        }
        for lg, classes in (losses or {}).items()
    }
    named += [lg for lg in lost if lg not in named]  # a Legion that lost SP was engaged
    ups = [resolve("Legion", lg, r.legions) for lg in promote]
    downs = [resolve("Legion", lg, r.legions) for lg in demote]
    won = None if side == "none" else side == sequence.ROME
    _, promoted, demoted, gone = legions.fought(r, named, lost, won, major, ups, downs)
    return [
        draft(
            LegionsFought,
            turn=state.turn,
            province=place,
            winner=side,
            major=major,
            engaged=named,
            losses=lost,
            promoted=promoted,
            demoted=demoted,
            eliminated=gone,
        )
    ]


def facts(
    state: State,
    occupied: int | None,
    near_roma: bool | None,
    roma_besieged: bool | None,
    enemy_near_rome: bool | None = None,
    enemy_in_italy: bool | None = None,
) -> list[Draft]:
    """TB-5.3: the situation facts, changed by the players at any step (TB-3.2); what is not
    said stays as it was."""
    checks.check_revealed(state)
    if state.position.over:
        raise RuleViolation("TB-3.5", "The game is over")
    now = state.facts
    if occupied is not None and occupied < 0:
        raise RuleViolation("TB-5.3", "A count of cities is 0 or more")
    told = [
        draft(SituationReported, turn=state.turn, fact=fact, value=value)
        for fact, value in (("enemy-in-italy", enemy_in_italy),)
        if value is not None
    ]
    said = (occupied, near_roma, roma_besieged, enemy_near_rome)
    if told and all(v is None for v in said):
        return told
    return [
        draft(
            FactsReported,
            turn=state.turn,
            occupied_cities=now.occupied_cities if occupied is None else occupied,
            city_near_roma=now.city_near_roma if near_roma is None else near_roma,
            roma_besieged=now.roma_besieged if roma_besieged is None else roma_besieged,
            enemy_near_rome=now.enemy_near_rome if enemy_near_rome is None else enemy_near_rome,
        ),
        *told,
    ]


SITUATION = ("enemy-in-italy",)
"""TB-5.3's facts kept one by one (SituationReported)."""


def situation(state: State, fact: str, value: bool) -> list[Draft]:
    """TB-5.3: one situation fact as recorded (verify, import)."""
    checks.check_revealed(state)
    if fact not in SITUATION:
        raise RuleViolation("TB-5.3", f"There is no situation fact {fact!r}")
    return [draft(SituationReported, turn=state.turn, fact=fact, value=value)]


# Manpower Operations (TB-11.3, TB-18.9).


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


# The Senate (TB-10).

PURPOSES = ("leave", "enter-rome", "pu-out", "over-8")
"""TB-10.2: what a Senate Permission request may be for (the Triumph: TB-10.9)."""


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
    r = state.romans
    lid = leader(state, who)
    why = resolve("purpose", purpose, PURPOSES)
    checks.check_senate(state, lid, why)
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


def name_oc(state: State, who: str) -> list[Draft]:
    """TB-13.7: Carthage names another Army Commander OC, one of the Family in Power if there is
    one, at any step."""
    checks.check_revealed(state)
    lid = leader(state, who, "carthage")
    carthage.name_oc(state.carthaginians, lid, state.family_in_power())
    return [draft(OverallCommanderNamed, turn=state.turn, leader=lid)]


def fell(state: State, who: str, outcome: str, replaced: bool, draws: Draws) -> list[Draft]:
    """TB-5.1 with TB-10.8 and TB-13.8: a leader of either side wounded, killed or captured in a
    battle or siege (D or E); `replaced`, a leader drawn blind from his side's pool takes his
    place (a Roman his office, Imperium and assignment; a Carthaginian his Army, its AER 2
    lower)."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "a leader's fate in a report")
    lid = leader(state, who, "any")
    side = "rome" if lid in state.romans.leaders else "carthage"
    what = resolve("outcome", outcome, roman.FALLEN)
    number, candidates, replacement = 0, [], None
    evidence = ""
    if replaced:
        of = state.romans if side == "rome" else state.carthaginians
        (roman if side == "rome" else carthage).check_replaceable(of, lid)
        candidates = [c for c in of.pool() if c != lid]
        if not candidates:
            raise RuleViolation("TB-10.8" if side == "rome" else "TB-13.8", "The pool is empty")
        number = state.next_number
        replacement, evidence = draws(state, number, numbered(state, lid), candidates)
    if side == "rome":
        roman.fall(state.romans, lid, what, replacement)
    else:
        carthage.fall(state.carthaginians, lid, what, replacement)
    return [
        draft(
            LeaderFell,
            turn=state.turn,
            side=side,
            leader=lid,
            outcome=what,
            number=number,
            candidates=list(candidates),
            replacement=replacement or "",
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
    r = state.romans
    lid = leader(state, who)
    roman.check_censurable(r, lid)
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
    way = resolve("way to a Triumph", how, roman.TRIUMPHAL)
    roman.earn(state.romans, lid, state.turn, way, inflicted, enemy_infantry)
    return [draft(TriumphEarned, turn=state.turn, leader=lid, how=way, inflicted=inflicted)]


def triumph(state: State, who: str, lost_percent: int, guile: int, faces: Faces) -> list[Draft]:
    """TB-10.9: the magistrate enters Rome alone, still holding Imperium: with losses of 15 % or
    more in his victory's Game Turn the Senate rolls, Guile spent its only DRM (at most his printed
    Guile), granted at most his Campaign Rating; granted or without the roll, the Triumph."""
    checks.check_revealed(state)
    checks.check_step(state, ["D"], "a Triumph")
    r = state.romans
    lid = leader(state, who)
    held = roman.check_celebrant(r, lid)
    if not 0 <= lost_percent <= 100:
        raise RuleViolation("TB-10.9", f"Losses are 0 to 100 %, not {lost_percent}")
    number, face, evidence, granted = 0, -1, "", True
    if senate.triumph_needs_senate(lost_percent / 100):
        number = state.next_number
        face, evidence = faces(state, number, "triumph", numbered(state, lid))
        who_rides = r.leaders[lid]
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
    roman.disband_legions(r, tuple(named))
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
            f"Rome built {recorded} NS level(s) in Game Turn {turn} as recorded, not {entered}",
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
    r = state.romans
    ns = naval_levels(state, ns)
    in_play = len(r.legions)
    number = state.next_number
    face, evidence = faces(state, number, "legion-request", "rome")
    adjusted = face + legions.NS_DRM * ns + sum(modifiers.values())
    table = state.setup.tables.get("legion_request")
    read = rules.legion_request(table, in_play, adjusted) if table else None
    if read is None and raised is None:
        raise CampaignError(
            f"The set-up has no Legion Request chart for this: enter the Legions raised with "
            f"--legions N (die {face}, adjusted DR {adjusted}, {in_play} Legions in play)."
        )
    if read is not None and raised is not None and raised != read:
        raise CampaignError(
            f"The chart gives {read} Legion(s) for an adjusted DR of {adjusted} with {in_play} "
            f"in play, not {raised}."
        )
    count = read if read is not None else raised
    if not 0 <= count <= 10:
        raise RuleViolation("TB-11.4", f"A Legion Request raises 0 to 10 Legions, not {count}")
    where = ""
    if count:
        if at is None:
            raise CampaignError(
                f"Say where the {count} new Legion(s) go: --at PROVINCE of Roman Italy (TB-11.6)."
            )
        where = province_of(state, at)
        allied = state.track[where][1] if where in state.track else None
        legions.check_placement(where, r.theater_of, allied)
    ids = legions.next_ids(r.legions, count)
    legions.raise_legions(r, tuple(ids), where, fill, train)
    kind, unit = "", ""
    if auxiliary.strip():
        kind = resolve("contingent", auxiliary, legions.AUXILIARIES)
        unit = _unit(state, auxiliary_to, ids)
        province = state.romans.legions[unit].province if unit in r.legions else where
        legions.check_auxiliary(kind, adjusted, r.theater_of.get(province))
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
    legions.reinforce(r, named, sp, by_op)
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
    legions.deliver(r, named)
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
    legions.raise_marine(r, take, face, where, by_op)
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
        allied = state.track[where][1] if where in state.track else None
        legions.check_placement(where, r.theater_of, allied)
    legions.raise_slaves(r, tuple(places), by_op)
    raised = draft(SlavesRaised, turn=state.turn, legions=list(legions.SLAVE_IDS), provinces=places)
    return [*operation, raised]


def disband_extraordinary(state: State) -> list[Draft]:
    """TB-8.8: B1c ending with no Emergency in effect disbands every Marine and Slave Legion."""
    gone = legions.extraordinary_legions(state.romans)
    if not gone or state.emergency()[0] != senate.NONE:
        return []
    return [draft(ExtraordinaryDisbanded, turn=state.turn, legions=gone)]


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
        due = roman.governors_due(r)
        place = own if own in r.island_of else island_province(state, due[0] if due else None)
    roman.designate(r, lid, place)
    return [draft(GovernorDesignated, turn=state.turn, leader=lid, province=place)]


def islands(state: State, held: Sequence[str]) -> list[Draft]:
    """TB-5.3: the islands Carthage controls whole (sicily, sardinia; none to clear), at any
    step; a governor is then optional (TB-8.6)."""
    checks.check_revealed(state)
    if state.position.over:
        raise RuleViolation("TB-3.5", "The game is over")
    known = sorted(set(state.romans.island_of.values()))
    named = sorted({resolve("island", given, known) for given in held if given != "none"})
    return [draft(IslandsReported, turn=state.turn, held=named)]


def elect_all(state: State, draws: Draws) -> list[Draft]:
    """TB-8: every post of B1c in order, each drawn and given what TB-8.3 to TB-8.7 give first."""
    from campaign.kinds.thunderbolt.state import apply

    decided: list[Draft] = []
    current = state
    for _ in range(64):
        post = roman.next_post(current.romans, current.turn)
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


def consequences(state: State) -> list[Draft]:
    """TB-7.4: while B1a is in hand, a magistrate besieged in a city that is neither a port nor
    Rome is prorogued by the rules; TB-14.7: as G2 opens, the Armies that earned it gain 1
    (steps nobody acts in pass in the fold)."""
    if not state.set_up:
        return []
    c = state.carthaginians
    if "G2" in state.position.open and not c.trained:
        gains = carthage.training_gains(c)
        if gains:
            return [forced(ArmiesTrained, turn=state.turn, armies=gains)]
    if "B1a" not in state.position.open:
        return []
    return [
        forced(
            MagistrateProrogued,
            turn=state.turn,
            leader=lid,
            office=held,
            theater=None,
            province=None,
            forced=True,
        )
        for lid, held in roman.forced_prorogues(state.romans)
    ][:1]


def _ca_of(state: State, legions: Sequence[str]) -> str:
    """The Legion reported besieged, or the CA whose Legions were reported together."""
    if len(legions) == 1:
        return legions[0]
    return next(
        (f"CA {n}" for n, members in state.romans.cas.items() if list(members) == list(legions)),
        legions[0],
    )


def _named_unit(state: State, what: str, unit: str) -> str:
    """A recorded move's unit as `units` names it."""
    return f"CA {unit}" if what == "ca" else unit


def replay(event: CampaignEvent) -> Callable[[State], list[Draft]]:
    return _REPLAY[type(event)](event)


_REPLAY: dict[type, Callable[[Any], Callable[[State], list[Draft]]]] = {
    SidesTaken: lambda e: (
        lambda s: take_sides(e.rome, e.carthage, e.dice, e.campaign, e.commitments)
    ),
    StepFinished: lambda e: (
        lambda s: [d for d in finish(s, e.step, e.side) if d.kind is StepFinished]
    ),
    StepClosed: lambda e: lambda s: close(s, e.step, e.reason)[:1],
    TurnRevealed: lambda e: lambda s: reveal(s, e.turn, e.secret),
    InitiativeDrawn: lambda e: lambda s: initiative(s, e.drawn),
    MarkerDrawn: lambda e: lambda s: draw(s, RecordedDraw(e.marker, e.evidence)),
    PhaseGivenToPU: lambda e: lambda s: pu_phase(s),
    PoliticsRolled: lambda e: (
        lambda s: politics(s, e.what, e.modifiers, Recorded([e.face], e.evidence), e.outcome)
    ),
    VictoryReported: lambda e: lambda s: victory(s, e.cause, e.province, e.victor),
    ProvinceDevastated: lambda e: lambda s: devastate(s, e.province, e.by),
    CitySacked: lambda e: lambda s: sack(s, e.province, Recorded(list(e.faces.values()))),
    MagistrateProrogued: lambda e: lambda s: prorogue(s, e.leader, e.office, e.theater, e.province),
    MagistrateReleased: lambda e: lambda s: release(s, e.leader),
    AssignmentNamed: lambda e: lambda s: assign(s, e.leader, e.theater, e.province),
    LeaderBesieged: lambda e: lambda s: besieged(s, e.leader, e.where),
    LegionsBesieged: lambda e: lambda s: besieged(s, _ca_of(s, e.legions), e.where),
    SlavesRaised: lambda e: lambda s: slave_legions(s, e.provinces),
    NavalBuilt: lambda e: lambda s: naval(s, e.levels),
    SiegeReported: lambda e: (
        lambda s: [
            siege_report(
                s,
                e.city,
                e.province,
                e.size,
                e.port,
                e.ended,
                None if e.ended == "lifted" else e.taken_by,
                e.major,
                e.enemy_infantry,
                e.inflicted,
                e.leaders,
                e.sacked,
            )
        ]
    ),  # fmt: skip
    LegateDelivered: lambda e: lambda s: deliver(s, e.given),
    SituationReported: lambda e: lambda s: situation(s, e.fact, e.value),
    ManpowerOperation: lambda e: lambda s: manpower(s, e.leader)[0],
    LegionsFought: lambda e: (
        lambda s: legions_fought(
            s, e.province, e.winner, e.major, e.engaged, e.losses, e.promoted, e.demoted
        )
    ),
    GovernorDesignated: lambda e: lambda s: designate(s, e.leader, e.province),
    IslandsReported: lambda e: lambda s: islands(s, e.held or ["none"]),
    ExtraordinaryDisbanded: lambda e: lambda s: disband_extraordinary(s),
    UnitMoved: lambda e: (
        lambda s: move(s, _named_unit(s, e.what, e.unit), e.province, e.place, e.override)
    ),
    PlutoVisited: lambda e: (
        lambda s: pluto(s, e.leader, e.modifiers, Recorded(e.faces, e.evidence), e.outcome)
    ),
    MagistrateElected: lambda e: (
        lambda s: elect(
            s,
            e.office,
            RecordedDraw(e.leader, e.evidence),
            e.leader if e.chosen else None,
            e.ca,
            e.legions if e.ca is None else (),
            e.theater,
            e.province,
        )
    ),
    ImperiumGiven: lambda e: (
        lambda s: imperium(
            s, e.leader, e.ca, e.legions if e.ca is None else (), e.theater, none=not e.legions
        )
    ),
    OfficeLeftEmpty: lambda e: (
        lambda s: [d for d in empty_offices(s) if d.fields["office"] == e.office][:1]
    ),
    BattleReported: lambda e: (
        lambda s: battle(s, e.province, e.winner, e.major, e.ca_engaged, e.rome_lost_percent)
    ),
    FactsReported: lambda e: (
        lambda s: facts(s, e.occupied_cities, e.city_near_roma, e.roma_besieged, e.enemy_near_rome)
    ),
    SenateAsked: lambda e: (
        lambda s: ask_senate(
            s, e.leader, e.purpose, e.modifiers, e.guile, Recorded([e.face], e.evidence)
        )
    ),
    DictatorTakesTheField: lambda e: lambda s: dictator(s, e.leader, e.cas, None, None),
    MasterOfHorseNamed: lambda e: lambda s: dictator(s, e.dictator, (), e.leader, e.ca),
    DisbandChecked: lambda e: (
        lambda s: disband(
            s,
            e.army,
            Recorded([e.face], e.evidence),
            e.face < 0,
            e.sp_to,
            (e.low, e.high) if e.face >= 0 else None,
        )
    ),
    CommanderAppointed: lambda e: (
        lambda s: appoint(
            s, e.army, RecordedDraw(e.leader, e.evidence), e.leader if e.chosen else None
        )
    ),
    ArmyPosted: lambda e: lambda s: post_army(s, e.army, e.theater),
    SettingsChosen: lambda e: lambda s: choose_settings(e.settings, complete=False),
    ArmiesTrained: lambda e: _rules_only,
    ArmyReinforced: lambda e: lambda s: reinforce(s, e.army, e.sp, e.uncounted),
    ArmyLost: lambda e: (
        lambda s: losses(
            s,
            e.detachment or e.army,
            e.sp,
            e.cause,
            Recorded([e.face][: int(e.face >= 0)], e.evidence),
            e.successor,
            e.promoted,
        )
    ),
    ArmyDetached: lambda e: lambda s: detach(s, e.army, e.sp, e.leader or None),
    DetachmentRejoined: lambda e: lambda s: rejoin(s, e.detachment, e.received),
    PresenceClaimed: lambda e: lambda s: presence(s, e.province, e.side, e.force),
    OverallCommanderNamed: lambda e: lambda s: name_oc(s, e.leader),
    LeaderFell: lambda e: (
        lambda s: fell(
            s, e.leader, e.outcome, bool(e.replacement), RecordedDraw(e.replacement, e.evidence)
        )
    ),
    MagistrateCensured: lambda e: (
        lambda s: censure(
            s,
            e.leader,
            e.modifiers,
            Recorded([e.face], e.evidence),
            RecordedDraw(e.replacement or "", e.evidence),
        )
    ),
    TriumphEarned: lambda e: lambda s: earned(s, e.leader, e.how, e.inflicted, True),
    LegionsDisbanded: lambda e: lambda s: disband_legions(s, e.legions),
    LegionsRequested: lambda e: (
        lambda s: legion_request(
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
        )
    ),
    LegionsReinforced: lambda e: (
        lambda s: reinforcements(
            s, e.modifiers, e.ns, Recorded([e.face], e.evidence), e.given, e.sp
        )
    ),
    MarineRaised: lambda e: lambda s: marine(s, e.take, e.province, Recorded([e.face], e.evidence)),
    TrainingRolled: lambda e: (
        lambda s: train(s, e.left, e.pu_left, Recorded(list(e.faces.values()), e.evidence))
    ),
    TriumphCelebrated: lambda e: (
        lambda s: triumph(
            s,
            e.leader,
            e.lost_percent,
            e.guile,
            Recorded([e.face] if e.face >= 0 else [], e.evidence),
        )
    ),
    DiplomacyAttempted: lambda e: (
        lambda s: diplomacy(s, e.province, e.result, Recorded([e.face], e.evidence))
    ),
    CommanderRecalled: lambda e: (
        lambda s: recall(
            s,
            e.army,
            Recorded([e.face, e.crucifixion][: 1 + e.recalled], e.evidence),
            e.by_choice,
            (e.low, e.high),
        )
    ),
}


def _rules_only(state: State) -> list[Draft]:
    raise CampaignError("Only the rules record what they force; no command does.")
