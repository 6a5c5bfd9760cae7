"""The report of one turn of Britannia with Hadrian's Wall, as data every format renders (pure):
the walls built and the trigger areas already triggered, every crossing in one line, what was
moved, fought, placed and removed, the dice commitments and reveals (HW-8.1), where the counters
stand, and the organiser's notes."""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Sequence
from typing import Any

from campaign.errors import CampaignError
from campaign.kinds.hadrians_wall import RULES, rules
from campaign.kinds.hadrians_wall import interpretations as chosen
from campaign.kinds.hadrians_wall.narrate import (
    area_name,
    crossing_line,
    describe,
    nation_name,
    path_text,
)
from campaign.kinds.hadrians_wall.state import Crossing, State
from events.common import CampaignEvent, NoteRecorded
from events.hadrians_wall import (
    AreaTriggered,
    BattleResolved,
    CounterMoved,
    CountersPlaced,
    CountersRemoved,
    RollCorrected,
    WallsRemoved,
)

COLOURS = {"purple": "#cc79a7", "blue": "#0072b2", "red": "#d55e00", "green": "#009e73"}
"""The four players' colours, from the Okabe–Ito palette (told apart with common colour
blindness)."""
TOLD = (CounterMoved, BattleResolved, CountersPlaced, CountersRemoved, RollCorrected)

Section = dict[str, Any]


def turn_report(
    name: str, state: State, number: int, events: Sequence[CampaignEvent], now: State
) -> dict[str, Any]:
    """`state` is the game as turn `number` ended (or as it stands, for the turn in hand)."""
    if number > state.turn:
        raise CampaignError(f"Turn {number} has not begun; the game is in turn {state.turn}.")
    crossings = [c for c in state.crossings if c.turn == number]
    report: dict[str, Any] = {
        "campaign": name,
        "rules": RULES,
        "kind": "turn",
        "round": number,
        "title": f"{name} — Britannia with Hadrian's Wall, turn {number}",
        "players": {state.colours[c]: COLOURS[c] for c in chosen.SPLIT if c in state.colours},
        "walls": {
            w: {"turn": b.turn, "cause": b.cause, "standing": state.wall_standing(w)}
            for w, b in state.walls.items()
        },
        "triggered": dict(state.triggered),
        "crossings": [crossing_line(c, _kind(state, c.counter)) for c in crossings],
        "notes": [e.text for e in events if isinstance(e, NoteRecorded)],
    }
    report["sections"] = [
        s
        for s in (
            _walls(state, number, events),
            _crossings(report["crossings"], number),
            _happened(events, crossings),
            _dice(state, number),
            _holdings(state),
            _notes(report["notes"]),
        )
        if s
    ]
    return report


def _kind(state: State, counter: str) -> str:
    return state.counters[counter].kind


def _walls(state: State, number: int, events: Sequence[CampaignEvent]) -> Section:
    """HW-8.1: the walls built (turn and cause) and the trigger areas triggered; from turn 6,
    that the walls are gone (HW-5.1)."""
    if any(isinstance(e, WallsRemoved) for e in events) or (
        state.walls_removed and number >= rules.REMOVAL_TURN
    ):
        gone = ", ".join(sorted(state.walls)) or "no wall"
        return {
            "heading": "Walls",
            "items": [
                f"The walls are gone: {gone} removed at the start of turn {rules.REMOVAL_TURN} "
                "(HW-5.1); no wall is built or crossed any more"
            ],
        }
    built = [
        f"{w} ({' | '.join(map(area_name, state.board.walls[w]))}): built in turn {b.turn}, "
        f"when the Romans first held {area_name(b.cause)} alone"
        for w, b in sorted(state.walls.items())
    ]
    new = [e for e in events if isinstance(e, AreaTriggered)]
    triggered = ", ".join(f"{area_name(a)} (turn {t})" for a, t in state.triggered.items())
    return {
        "heading": "Walls (HW-4)",
        "items": [
            *(built or ["No wall built yet"]),
            f"Trigger areas triggered: {triggered or 'none yet'}",
            *(describe(e) for e in new),
        ],
    }


def _crossings(lines: list[str], number: int) -> Section | None:
    if number >= rules.REMOVAL_TURN:
        return None
    return {"heading": "Wall crossings (HW-6)", "items": lines or ["No wall was crossed"]}


def _happened(events: Sequence[CampaignEvent], crossings: Sequence[Crossing]) -> Section | None:
    """HW-8.1: each move, fight, placement and ruling in order; a move over a wall with what its
    die did (#29: "BR8 moves Lothian → Pennines (die 1)" read as if BR8 stood in the Pennines when
    the die had eliminated him at the wall). `crossings` are the turn's, in the moves' order."""
    left = list(crossings)
    told = []
    for e in events:
        if isinstance(e, CounterMoved) and e.dice:
            crossed, left = left[: len(e.dice)], left[len(e.dice) :]
            told.append(f"{e.counter} moves {path_text(e.path)}: {_crossed(crossed)}")
        elif isinstance(e, TOLD):
            told.append(describe(e))
    return {"heading": "Moves and results", "items": told} if told else None


def _crossed(crossings: Sequence[Crossing]) -> str:
    """What a move's wall crossings did: `crosses W2, d6 = 3, enters` (or `…, eliminated at the
    wall`), one for each crossing (HW-6)."""
    return "; ".join(
        f"crosses {c.wall}, d6 = {c.die}{f' (ruled from {c.original})' if c.original else ''}, "
        + ("eliminated at the wall" if c.eliminated else f"enters {area_name(c.to)}")
        for c in crossings
    )


def _dice(state: State, number: int) -> Section | None:
    """HW-7.2: the commitments published at creation, and the secrets revealed so far: the report
    of a turn reveals its own secret once it has ended (turn 6's, turn 5's)."""
    if state.dice != "committed":
        return {"heading": "Dice (HW-7.5)", "items": ["Rolled outside, entered with evidence"]}
    items = []
    for turn in (number, number - 1):
        if turn in state.revealed:
            items.append(
                f"Turn {turn}'s secret: {state.revealed[turn]} — its SHA-256 commitment was "
                f"{state.commitments[turn]}; campaign verify recomputes every roll of turn {turn}"
            )
    if number in rules.WALLED_TURNS and number not in state.revealed:
        items.append(
            f"Turn {number}'s commitment: {state.commitments.get(number, '')} (the secret is "
            "revealed when the turn ends)"
        )
    return {"heading": "Dice (HW-7)", "items": items} if items else None


def _holdings(state: State) -> Section:
    """Where each nation's counters stand, by area, with its player."""
    items = []
    for nation in chosen.ORDER:
        areas = Tally(
            c.area for c in state.counters.values() if c.nation == nation and c.area is not None
        )
        if areas:
            spread = ", ".join(area_name(a) + (f" ×{n}" if n > 1 else "") for a, n in areas.items())
            items.append(
                f"{nation_name(nation)} ({state.player_of(nation)}): {sum(areas.values())} — "
                f"{spread}"
            )
    return {"heading": "Counters on the map", "items": items}


def _notes(notes: list[str]) -> Section | None:
    return {"heading": "Organiser's notes", "items": notes, "plain": True} if notes else None
