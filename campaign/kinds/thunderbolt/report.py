"""The report of one Game Turn of Thunderbolt, as data every format renders (pure)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from campaign.errors import CampaignError
from campaign.input.text import sentence
from campaign.kinds.thunderbolt import RULES
from campaign.kinds.thunderbolt.board import cup, guile, roman, rules
from campaign.kinds.thunderbolt.board.naming import who
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.chapters.magistrates.narrate import assignment
from campaign.kinds.thunderbolt.narrate import describe
from events.common import CampaignEvent, NoteRecorded
from events.thunderbolt.allies import (
    CitySacked,
    DiplomacyAttempted,
    PresenceClaimed,
    ProvinceDevastated,
    VictoryReported,
)
from events.thunderbolt.auguries import AuguryEntered
from events.thunderbolt.carthage import (
    ArmiesTrained,
    ArmyDetached,
    ArmyPosted,
    ArmyReinforced,
    CommanderAppointed,
    CommanderRecalled,
    DetachmentRejoined,
    DisbandChecked,
    OCManpowerRaised,
    OverallCommanderNamed,
    PoliticsRolled,
    ProvincesLevied,
    SubordinateDrawn,
)
from events.thunderbolt.legions import (
    LegateDelivered,
    LegionsDisbanded,
    LegionsReinforced,
    LegionsRequested,
    ManpowerOperation,
    MarineRaised,
    NavalBuilt,
    SlavesRaised,
    TrainingRolled,
)
from events.thunderbolt.macedonia import (
    AmbassadorSent,
    LegionsCommitted,
    LegionsReturned,
    MacedonianWarChanged,
    MacedonianWarResolved,
)
from events.thunderbolt.magistrates import (
    ExtraordinaryDisbanded,
    GovernorDesignated,
    MagistrateElected,
    MagistrateProrogued,
    MagistrateReleased,
    OfficeLeftEmpty,
    PlutoVisited,
)
from events.thunderbolt.naval import NavalAllotted
from events.thunderbolt.reports import (
    ArmyLost,
    BattleReported,
    FactsReported,
    IslandsReported,
    LeaderBesieged,
    LeaderFell,
    LegionsBesieged,
    LegionsFought,
    SiegeReported,
    SituationReported,
    TreacheryUsed,
    UnitMoved,
)
from events.thunderbolt.senate import (
    DictatorTakesTheField,
    MagistrateCensured,
    MasterOfHorseNamed,
    SenateAsked,
    TriumphCelebrated,
    TriumphEarned,
)
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
from events.thunderbolt.turn import InitiativeDrawn, MarkerDrawn, PhaseGivenToPU, StepClosed
from events.thunderbolt.victory import VictoryDetermined

ROMAN = (  # a Consul's army (ImperiumGiven): in office at the turn's end
    MagistrateProrogued,
    MagistrateReleased,
    PlutoVisited,
    MagistrateElected,
    GovernorDesignated,
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
TOLD = (  # the politics are told in Carthage's section
    NavalAllotted,
    VictoryReported,
    ProvinceDevastated,
    VictoryDetermined,
    AuguryEntered,
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
    CitySacked,
    DiplomacyAttempted,
    PresenceClaimed,
    UnitMoved,
    LeaderBesieged,
    LegionsBesieged,
    StepClosed,
    MacedonianWarChanged,
    MacedonianWarResolved,
    AmbassadorSent,
    LegionsCommitted,
    LegionsReturned,
    ProvincesLevied,
    OCManpowerRaised,
    SubordinateDrawn,
    TreacheryUsed,
    GuileSpent,
)


def turn_report(
    name: str, state: State, number: int, events: Sequence[CampaignEvent], now: State
) -> dict[str, Any]:
    if number > state.turn:
        raise CampaignError(
            f"Game Turn {number} has not begun; the game is in Game Turn {state.turn}."
        )
    year = state.setup.year(number)
    notes = [e.text for e in events if isinstance(e, NoteRecorded)]
    sections = [
        {
            "heading": "Rome's magistrates (TB-7, TB-8)",
            "items": _roman(events, number) or ["No magistrate entered this Game Turn"],
        },
        {
            "heading": "In office at the turn's end (TB-6)",
            "items": [_office(state, m) for m in _by_precedence(state)]
            or ["No magistrate in office"],
        },
        {"heading": "Carthage (TB-12)", "items": _carthage(state, events, number)},
        {"heading": "Italian Allies (TB-15)", "items": _allies(state, number)},
        *_tribes(state, events, number),
        {"heading": "What happened", "items": _happened(state, events, number)},
        _dice(state, number),
    ]
    if state.victory is not None and state.victory.turn == number:
        won = {"heading": "Victory Determination (TB-20)", "items": [str(state.victory)]}
        sections.insert(0, won)
    # the sides and their leaders, never a player: a leader who shares a player's name (Hanno
    # 2P-10, Fabius #438) is not marked as him (#50)
    sections = [section | {"plain": True} for section in sections]
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


def _carthage(state: State, events: Sequence[CampaignEvent], number: int) -> list[str]:
    """TB-12: the Family in Power and the Political Climate as rolled (their results alone
    before the rolls), the army limit; TB-14: each Army."""
    climate = state.climate.get(number)
    limit = [f"Army limit {rules.ARMY_LIMIT[climate]} (TB-12.2)"] if climate else []
    rolled = {e.what: _told(e, number) for e in events if isinstance(e, PoliticsRolled)}
    return [
        rolled.get("family", f"Family in Power: {state.family_in_power(number)}"),
        rolled.get("climate", f"Political Climate: {climate or 'not rolled'}"),
        *limit,
        *(_army(state, a) for a in state.carthaginians.armies.values()),
    ]


def _allies(state: State, number: int) -> list[str]:
    """TB-15: the track's moves, the provinces that turned, the track at the turn's end."""
    shifts = [s for s in state.shifts if s.turn == number]
    turned = [defection(state, d) for d in state.defections if d.turn == number]
    return [*_shifts(state, shifts), *turned, _track(state)]


TRIBAL = (
    TribeRolled,
    TribeLevied,
    TribeSwayed,
    TribeMustered,
    TribeFought,
    TribeRevolted,
    TribeParleyed,
)
"""TB-23: the tribes' events, told in their own section."""


def _tribes(state: State, events: Sequence[CampaignEvent], number: int) -> list[dict[str, Any]]:
    """TB-23: the Game Turn's dealings with the tribes, and each tribe at its end (no section in a
    scenario without tribes)."""
    if not state.setup.tribes:
        return []
    dealt = [e for e in events if isinstance(e, TRIBAL)]
    named = {e.tribe for e in dealt}
    standing = "; ".join(
        f"{state.setup.tribes[tid].name} ({s.allegiance.capitalize()}, {s.status})"
        for tid, s in state.tribes.standing.items()
        if tid in named or s.status != "Active"
    )
    if not dealt and not standing:
        return []
    told = [_told(e, number) for e in dealt]
    return [{"heading": "Tribes (TB-23)", "items": [*told, f"At the turn's end: {standing}"]}]


def _happened(state: State, events: Sequence[CampaignEvent], number: int) -> list[str]:
    """Everything else the Game Turn recorded, the cup's draws in one line (TB-4.4), the
    Armies assigned to Theaters in one (TB-12.6)."""
    shifted = {s.seq for s in state.shifts if s.turn == number}  # told by the Allies' section
    told = [
        _told(e, number)
        for e in events
        if isinstance(e, TOLD)
        and not isinstance(e, (*DRAWS, ArmyPosted))
        and not (isinstance(e, SHIFTING) and e.originator_version in shifted)
    ]
    posted = [f"{e.army} to {e.theater}" for e in events if isinstance(e, ArmyPosted)]
    told += [f"Armies assigned (TB-12.6): {', '.join(posted)}"] if posted else []
    draws = [e for e in events if isinstance(e, DRAWS)]
    told += [_initiative(state, draws)] if draws else []
    spent = guile.ledger(state, events)  # TB-24.1: the Game Turn's Guile, from its events
    return [*told, *([spent] if spent else [])] or ["Nothing recorded"]


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
    if number in state.revealed:  # its commitment, published as it began, is the log's
        items = [
            f"Game Turn {number}'s secret, revealed as it ended: {state.revealed[number]}; "
            "campaign verify checks it against its commitment and recomputes every roll"
        ]
    else:
        items = [f"Game Turn {number}'s commitment: {state.commitments.get(number, '')}"]
    return {"heading": "Dice (TB-16)", "items": items}


def _by_precedence(state: State) -> list:
    from campaign.kinds.thunderbolt.board.offices import PRECEDENCE

    r = state.romans
    return sorted(
        r.magistrates.values(),
        key=lambda m: (PRECEDENCE.index(m.office), roman.number_key(r.leaders[m.leader].number)),
    )


SHIFTING = (VictoryReported, ProvinceDevastated)
"""A Major Victory and a devastation, told by the track's moves they made (TB-15.2)."""
DRAWS = (InitiativeDrawn, MarkerDrawn)
"""TB-4.4: the C2 draws, summarised in one line of the report (#28: a Discord post's length)."""


def _told(event: CampaignEvent, number: int) -> str:
    """An event as the log tells it, without the Game Turn the report's title names."""
    line = describe(event)
    for prefix in (f"Game Turn {number}: ", f"Game Turn {number}, "):
        if line.startswith(prefix):
            return sentence(line[len(prefix) :])
    return line


def _roman(events: Sequence[CampaignEvent], number: int) -> list[str]:
    """Rome's entries of the Game Turn, the like ones in one line each (#28: a Discord post's
    length): the prorogued (TB-7.2), the released (TB-7.5), Pluto's rolls (TB-7.7), the offices
    drawn (TB-8.2)."""
    told: list[str] = []
    grouped: dict[str, list[tuple[str, int]]] = {}
    for e in events:
        if not isinstance(e, ROMAN):
            continue
        group = _grouped(e)
        if group is None:
            told.append(_told(e, number))
            continue
        label, part, drawn = group
        if label not in grouped:
            grouped[label] = []
            told.append(label)
        grouped[label].append((part, drawn))
    return [_joined(line, grouped[line]) if line in grouped else line for line in told]


def _joined(line: str, parts: list[tuple[str, int]]) -> str:
    """A grouped line: its parts, and the random events they are named once at its end
    (TB-16.3; 0: none)."""
    told = ", ".join(part for part, _ in parts)
    numbers = [n for _, n in parts if n]
    if not numbers:
        return f"{line}: {told}"
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        named = f"random events {numbers[0]} to {numbers[-1]}"
    else:
        named = f"random event{'s' * (len(numbers) > 1)} " + ", ".join(map(str, numbers))
    return f"{line}: {told} ({named})"


def _grouped(e: CampaignEvent) -> tuple[str, str, int] | None:
    """The line an entry of Rome's shares with its like, its part of it and its random event
    (0: none); None for one told alone."""
    if isinstance(e, MagistrateProrogued) and not e.forced:
        place = assignment(e.theater, e.province).removeprefix(", assigned to ")
        where = f" ({place})" if place else ""
        return "Prorogued (TB-7.2)", f"{who(e.leader)} as {e.office}{where}", 0
    if isinstance(e, MagistrateReleased):
        return "Released from office (TB-7.5)", who(e.leader), 0
    if isinstance(e, PlutoVisited):
        dice = ", then ".join(str(f) for f in e.faces)
        drms = "".join(f" {v:+d}" for v in e.modifiers.values())
        label = "unharmed" if e.outcome == "unharmed" else "casualties"
        part = who(e.leader) + ("" if label == "unharmed" else f" {e.outcome}")
        part += f" (die {dice}{drms})" + (f" [{e.evidence}]" if e.evidence else "")
        return f"A Visit from Pluto, {label} (TB-7.7)", part, e.number
    if isinstance(e, MagistrateElected) and not e.chosen and e.number:
        return (
            "Elected, drawn blind from the pool (TB-8.2)",
            f"{who(e.leader)} {e.office}",
            e.number,
        )
    return None


def _shifts(state: State, shifts: Sequence[Any]) -> list[str]:
    """TB-15.2: the track's moves of the Game Turn, those of one cause in one line."""
    by_cause: dict[str, list[str]] = {}
    for moved in shifts:
        name = state.setup.provinces[moved.province].name
        by_cause.setdefault(moved.cause, []).append(f"{name} {moved.before:+d} → {moved.after:+d}")
    return [f"{_cause(cause)}: {', '.join(moves)}" for cause, moves in by_cause.items()]


def _cause(cause: str) -> str:
    """A cause as the head of its line: "Provinces devastated by Carthage" (#50: the line began
    "devastated by Carthage"), the others as they are ("Roman Retribution")."""
    return cause if cause[:1].isupper() else f"Provinces {cause}"


def _initiative(state: State, draws: Sequence[CampaignEvent]) -> str:
    """TB-4.4: the Game Turn's draws from the cup, in order, in one line."""
    drawn = []
    for e in draws:
        marker = e.marker if isinstance(e, MarkerDrawn) else ""
        kind = cup.kind_of(marker) if marker else e.drawn if isinstance(e, InitiativeDrawn) else ""
        if kind == "leader" and marker:
            drawn.append(f"{who(marker.split('/')[2])}'s LAM")
        else:
            drawn.append(DRAWN_SHORT.get(kind or "empty", kind))
    runs = [(said, len(list(same))) for said, same in itertools.groupby(drawn)]
    told = [said if n == 1 else f"{said} ×{n}" for said, n in runs]
    return f"Initiative draws (TB-4.4): {', '.join(told)}"


DRAWN_SHORT = {
    "leader": "a leader's LAM",
    "siege": "a Siege Attrition marker",
    "delivery": "a Legate or Reinforcement LAM",
    "augury": "the Augury marker",
    "legate": "the Legate LAM",
    "empty": "no LAM left",
}


def _army(state: State, army) -> str:
    """TB-14: a Carthaginian Army at the turn's end: commander, SP, stored and effective AER."""
    c = state.carthaginians
    led = c.name(army.commander) if army.commander else "no commander"
    effective = f" (effective {army.effective:+d})" if army.effective != army.aer else ""
    where = (
        state.setup.provinces[army.province].name if army.province in state.setup.provinces else ""
    )
    return f"Army {army.id}: {led}, {army.sp} SP, AER {army.aer:+d}{effective}" + (
        f", {where}" if where else ""
    )


def _track(state: State) -> str:
    """TB-15.1: every track province's box at the turn's end, by the side it is allied to."""
    by_side: dict[str, list[str]] = {rules.ROME: [], rules.CARTHAGE: []}
    for pid, (level, allied) in state.track.items():
        by_side.setdefault(allied, []).append(f"{state.setup.provinces[pid].name} {level:+d}")
    return (
        f"The track at the turn's end: Rome's allies {', '.join(by_side[rules.ROME]) or 'none'}; "
        f"Carthage's {', '.join(by_side[rules.CARTHAGE]) or 'none'}"
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
    place = m.province and state.setup.provinces[m.province].name or m.assignment
    return f"{m.office} {r.name(m.leader)}, {army}" + (f", {place}" if place else "")
