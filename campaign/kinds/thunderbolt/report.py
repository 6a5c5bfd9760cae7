"""The report of one Game Turn of Thunderbolt, as data every format renders (pure)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from campaign.errors import CampaignError
from campaign.kinds.thunderbolt import RULES, rules
from campaign.kinds.thunderbolt.magistrates import roman
from campaign.kinds.thunderbolt.narrate import describe
from campaign.kinds.thunderbolt.state import State
from events.common import CampaignEvent, NoteRecorded
from events.thunderbolt import (
    ArmiesTrained,
    ArmyDetached,
    ArmyLost,
    ArmyPosted,
    ArmyReinforced,
    AuguryEntered,
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
    SiegeReported,
    SituationReported,
    SlavesRaised,
    StepClosed,
    TrainingRolled,
    TriumphCelebrated,
    TriumphEarned,
    UnitMoved,
    VictoryDetermined,
    VictoryReported,
)

ROMAN = (
    MagistrateProrogued,
    MagistrateReleased,
    PlutoVisited,
    MagistrateElected,
    GovernorDesignated,
    ImperiumGiven,
    DictatorTakesTheField,
    MasterOfHorseNamed,
    OfficeLeftEmpty,
    MagistrateCensured,
    TriumphEarned,
    TriumphCelebrated,
    LegionsRequested,
    LegionsReinforced,
    ManpowerOperation,
    MarineRaised,
    NavalBuilt,
    LegateDelivered,
    SlavesRaised,
    LegionsDisbanded,
    ExtraordinaryDisbanded,
    TrainingRolled,
)
TOLD = (
    VictoryDetermined,
    AuguryEntered,
    PoliticsRolled,
    CommanderRecalled,
    SenateAsked,
    ArmiesTrained,
    DisbandChecked,
    CommanderAppointed,
    ArmyPosted,
    ArmyReinforced,
    ArmyLost,
    ArmyDetached,
    DetachmentRejoined,
    LeaderFell,
    OverallCommanderNamed,
    BattleReported,
    LegionsFought,
    SiegeReported,
    FactsReported,
    SituationReported,
    IslandsReported,
    InitiativeDrawn,
    MarkerDrawn,
    PhaseGivenToPU,
    VictoryReported,
    ProvinceDevastated,
    CitySacked,
    DiplomacyAttempted,
    PresenceClaimed,
    UnitMoved,
    LeaderBesieged,
    LegionsBesieged,
    StepClosed,
)


def turn_report(
    name: str, state: State, number: int, events: Sequence[CampaignEvent], now: State
) -> dict[str, Any]:
    if number > state.turn:
        raise CampaignError(
            f"Game Turn {number} has not begun; the game is in Game Turn {state.turn}."
        )
    year = state.setup.year(number)
    shifts = [s for s in state.shifts if s.turn == number]
    notes = [e.text for e in events if isinstance(e, NoteRecorded)]
    climate = state.climate.get(number)
    sections = [
        {
            "heading": "Rome's magistrates (TB-7, TB-8)",
            "items": [describe(e) for e in events if isinstance(e, ROMAN)]
            + [_office(state, m) for m in _by_precedence(state)]
            or ["No magistrate in office"],
        },
        {
            "heading": "Carthage (TB-12)",
            "items": [
                f"Family in Power: {state.family_in_power(number)}",
                f"Political Climate: {climate or 'not rolled'}"
                + (f", army limit {rules.ARMY_LIMIT[climate]} (TB-12.2)" if climate else ""),
            ],
        },
        {
            "heading": "Italian Allies (TB-15)",
            "items": [shift(state, s) for s in shifts]
            + [defection(state, d) for d in state.defections if d.turn == number]
            or ["No province moved"],
        },
        {
            "heading": "What happened",
            "items": [describe(e) for e in events if isinstance(e, TOLD)] or ["Nothing recorded"],
        },
        _dice(state, number),
    ]
    if state.victory is not None and state.victory.turn == number:
        won = {"heading": "Victory Determination (TB-20)", "items": [str(state.victory)]}
        sections.insert(0, won)
    if notes:
        sections.append({"heading": "Organiser's notes", "items": notes, "plain": True})
    players = {state.rome: "#b22222", state.carthage: "#6a1b9a"}
    return {
        "campaign": name,
        "rules": RULES,
        "kind": "game turn",
        "round": number,
        "title": f"{name} — Thunderbolt, Game Turn {number} ({year} BCE)",
        "players": players,
        "sections": sections,
    }


DEFECTED = (
    "in each city not occupied by Legions: both players' control markers removed, Roman Citizen "
    "and cavalry SP eliminated, Roman Ala SP replaced by Italian SP (1 Italian infantry SP in a "
    "Medium or Large city left empty)"
)
RETURNED = (
    "in each city not occupied by a Carthaginian Army, Detachment or force with a leader: both "
    "players' control markers removed, non-Italian infantry SP eliminated, half the Italian "
    "infantry SP (rounded up) replaced by Ala infantry SP (1 Ala infantry SP in a Medium or Large "
    "city left empty)"
)


def shift(state: State, moved) -> str:
    """TB-15.2: a province's move on the track, from, to, and why."""
    name = state.setup.provinces[moved.province].name
    return f"{name}: {moved.before:+d} → {moved.after:+d} ({moved.cause})"


def allies_moved(state: State, seq: int) -> list[str]:
    """What event `seq` moved on the Italian Allies track, and who turned (TB-15.2–15.5)."""
    moved = [f"Italian Allies: {shift(state, s)}" for s in state.shifts if s.seq == seq]
    return moved + [defection(state, d) for d in state.defections if d.seq == seq]


def defection(state: State, turned) -> str:
    """TB-15.5: what the players do on the map when a province turns [10.31-10.33]."""
    name = state.setup.provinces[turned.province].name
    if turned.to == rules.CARTHAGE:
        due = f"; Carthage receives {turned.sp} SP of manpower (PIC)" if turned.sp else ""
        return f"{name} defects to Carthage (TB-15.5): {DEFECTED}{due}"
    return f"{name} returns to Rome (TB-15.5): {RETURNED}"


def _dice(state: State, number: int) -> dict[str, Any]:
    if state.dice != "committed":
        return {
            "heading": "Dice (TB-16.4)",
            "items": ["Rolled at the table, entered with evidence"],
        }
    items = [f"Game Turn {number}'s commitment: {state.commitments.get(number, '')}"]
    if number in state.revealed:
        items.append(
            f"Secret revealed as the turn ended: {state.revealed[number]}; campaign verify "
            "recomputes every roll of the turn"
        )
    return {"heading": "Dice (TB-16)", "items": items}


def _by_precedence(state: State) -> list:
    from campaign.kinds.thunderbolt.magistrates.offices import PRECEDENCE

    r = state.romans
    return sorted(
        r.magistrates.values(),
        key=lambda m: (PRECEDENCE.index(m.office), roman.number_key(r.leaders[m.leader].number)),
    )


def _office(state: State, m) -> str:
    r = state.romans
    army = (
        f"CA {', '.join(map(str, m.cas))} ({', '.join(m.legions)})"
        if m.cas
        else f"Legion {m.legions[0]}"
        if m.legions
        else "no Legion"
    )
    place = m.province and state.setup.provinces[m.province].name or m.theater
    return f"At the turn's end: {m.office} {r.name(m.leader)}, {army}" + (
        f", {place}" if place else ""
    )
