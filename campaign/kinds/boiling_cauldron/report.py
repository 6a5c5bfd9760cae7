"""The report of one Boiling Cauldron round, as data every format renders (pure).

Built from the campaign as it stood when the round ended: the battles in the
order they were declared, forfeits, eliminations, standings with changes, the
next round's attack order (or the Final), the battle settings and the
organiser's notes of the round.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from campaign.domain.deadlines import DEADLINE_ACTOR
from campaign.domain.shared_commands import retracted
from campaign.errors import CampaignError
from campaign.kinds.boiling_cauldron import RULES
from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.narrate import pct
from campaign.kinds.boiling_cauldron.state import Army, Battle, Phase, State, round_over
from campaign.kinds.boiling_cauldron.status import army as army_data
from campaign.kinds.boiling_cauldron.status import army_text, declared
from campaign.views.colours import player_colour
from campaign.views.jsonable import number
from events.boiling_cauldron import AttackForfeited, BattleFought, ResultReported
from events.common import CampaignEvent, NoteRecorded

Section = dict[str, Any]


def army(value: Army) -> str:
    return army_text(army_data(value))


UNPLAYED = re.compile(r"Battle for (.+?): (walkover to .+?|double loss) \(BC-9\.3\): (.*)")
"""The note `unplayed` records just before a battle's result (BC-9.3)."""


def unplayed_battles(events: Sequence[CampaignEvent]) -> dict[str, str]:
    """The round's battles not played (BC-9.3), by region: how, and why."""
    found = (UNPLAYED.fullmatch(e.text) for e in events if isinstance(e, NoteRecorded))
    return {m.group(1): f"{m.group(2)} (BC-9.3: {m.group(3)})" for m in found if m}


def attested(events: Sequence[CampaignEvent], players: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Who stands behind each battle result of the round, by region (issue #30): the player who
    reported the figures and the opponent who confirmed them (each with the number of his event
    in the log), or the one who entered them alone (the organiser, an arbiter)."""
    taken_back, reports, found = retracted(events), {}, {}
    for event in events:
        if event.originator_version in taken_back:
            continue
        if isinstance(event, ResultReported):
            reports[event.region] = event
        elif isinstance(event, BattleFought):
            report = reports.get(event.region)
            figures = (event.attacker_casualties, event.defender_casualties)
            if (
                report is not None
                and (report.attacker_casualties, report.defender_casualties) == figures
                and event.actor in players
                and event.actor != report.by
            ):
                found[event.region] = {
                    "reported_by": report.by,
                    "reported_at": report.originator_version,
                    "confirmed_by": event.actor,
                    "confirmed_at": event.originator_version,
                }
            else:
                found[event.region] = {
                    "entered_by": event.actor,
                    "entered_at": event.originator_version,
                }
    return found


def attestation(of: dict[str, Any] | None) -> str:
    """` [reported by Cid (event 12), confirmed by Bob (event 14)]`, or ` [entered by the
    organiser alone]`: how a battle's result came into the log."""
    if not of:
        return ""
    if "confirmed_by" in of:
        return (
            f" [reported by {of['reported_by']} (event {of['reported_at']}), confirmed by "
            f"{of['confirmed_by']} (event {of['confirmed_at']})]"
        )
    who = of["entered_by"]
    who = "the organiser" if who == "organiser" else who  # the default --actor's name
    return f" [entered by {who} alone (event {of['entered_at']})]"


def battle_line(
    index: int,
    b: Battle,
    unplayed: dict[str, str] | None = None,
    attested_by: dict[str, dict[str, Any]] | None = None,
) -> str:
    """`1. Bob (Late Anglo-Saxons + Welsh) attacks Hwicce (Cid: Welsh) from West Anglia → Bob wins
    (casualties: Bob 26%, Cid 62%; difference +36) and gains Hwicce`: the winner first, the
    casualties labelled, so that the line reads one way in a forum thread; a battle not played
    (`unplayed`) told as the walkover or double loss it was, not as casualties."""
    head = (
        f"{index}. {b.attacker} ({army(b.attacker_army)}) attacks {b.to_region} "
        f"({b.defender}: {army(b.defender_army)}) from {b.from_region}"
    )
    r = b.result
    if r is None:
        return f"{head} → to be fought"
    how = (unplayed or {}).get(b.to_region)
    if how is not None:
        gains = f"; {r.winner} gains {', '.join(b.gained)}" if b.gained else ""
        return f"{head} → {how}{gains}"
    by = attestation((attested_by or {}).get(b.to_region))
    if r.winner is None:
        return f"{head} → draw ({casualties(b)}), no region changes hands (BC-6.3){by}"
    difference = f"difference {b.margin:+f}"
    gains = f" and gains {', '.join(b.gained)}" if b.gained else " but gains no region"
    override = f" [ruling: {r.override}]" if r.override else ""
    return f"{head} → {r.winner} wins ({casualties(b)}; {difference}){gains}{override}{by}"


def casualties(b: Battle) -> str:
    """`casualties: Bob 26%, Cid 62%`, the attacker first."""
    r = b.result
    return (
        f"casualties: {b.attacker} {pct(r.attacker_casualties)}, "
        f"{b.defender} {pct(r.defender_casualties)}"
    )


def battle_data(b: Battle) -> dict[str, Any]:
    """A battle as the report's data: who, where, both armies, and its result."""
    r = b.result
    return declared(b) | {
        "attacker_casualties": number(r.attacker_casualties),
        "defender_casualties": number(r.defender_casualties),
        "winner": r.winner,
        "regions_due": r.regions_due,
        "gained": list(b.gained),
        "override": r.override,
    }


def opening_report(
    name: str, state: State, number: int, events: Sequence[CampaignEvent]
) -> dict[str, Any]:
    """The round in progress, as organisers open it in a forum thread: the attack order, every
    battle declared with both armies and allies, the settings, and what is still to come."""
    if state.phase in (Phase.FINAL, Phase.FINISHED):
        raise CampaignError(
            f"There is no round {number}: the rounds ended with round {state.round} (BC-3.1)."
        )
    if state.round != number:
        raise CampaignError(f"Round {number} has not begun: the regions have not been drawn yet.")
    battles = state.round_battles(number)
    declaring = [
        p
        for p in state.attack_order
        if state.phase == Phase.DECLARATION
        and p not in {b.attacker for b in battles} | {f.player for f in state.round_forfeits()}
    ]
    report = {
        "campaign": name,
        "rules": RULES,
        "kind": "round",
        "round": number,
        "in_progress": True,
        "title": f"{name} — The Boiling Cauldron, round {number} (in progress)",
        "players": {p: player_colour(p, list(state.players)) for p in state.players},
        "attack_order": list(state.attack_order),
        "battles": [
            battle_data(b) if b.result else declared(b) | {"result": None} for b in battles
        ],
        "forfeits": _forfeits_of(state, number, events),
        "still_to_declare": declaring,
        "still_to_fight": [b.to_region for b in battles if b.result is None],
        "settings": bc.BATTLE_SETTINGS,
        "notes": [
            e.text for e in events if isinstance(e, NoteRecorded) and not UNPLAYED.fullmatch(e.text)
        ],
        "unplayed": unplayed_battles(events),
        "attested": attested(events, list(state.players)),
    }
    report["sections"] = _opening_sections(report, battles)
    return report


def _forfeits_of(
    state: State, number: int, events: Sequence[CampaignEvent]
) -> list[dict[str, Any]]:
    """The round's forfeits, each with who recorded it as the log says (the rules, a missed
    deadline's `tick`, the organiser)."""
    actors = {
        e.player: e.actor for e in events if isinstance(e, AttackForfeited) and e.round == number
    }
    return [
        {
            "player": f.player,
            "reason": f.reason,
            "automatic": f.automatic,
            "by": actors.get(f.player),
        }
        for f in state.round_forfeits(number)
    ]


def _opening_sections(report: dict[str, Any], battles: Sequence[Battle]) -> list[Section]:
    to_come = [
        f"Declarations still to come from {', '.join(report['still_to_declare'])}"
        if report["still_to_declare"]
        else None,
        f"Results still to come for the battles for {', '.join(report['still_to_fight'])}"
        if report["still_to_fight"]
        else None,
    ]
    sections = [
        {"heading": "Attack order (BC-3.2)", "items": [", ".join(report["attack_order"])]},
        {
            "heading": "Battles declared",
            "items": [
                battle_line(i, b, report["unplayed"], report.get("attested"))
                for i, b in enumerate(battles, 1)
            ]
            or ["None declared yet."],
        },
        _forfeits(report["forfeits"]),
        {
            "heading": "Still to come",
            "items": [t for t in to_come if t] or ["Nothing: the round is complete."],
        },
        {"heading": "Battle settings (BC-5.1)", "items": [report["settings"]]},
        report["notes"] and _notes(report["notes"]),
    ]
    return [section for section in sections if section]


def round_report(
    name: str,
    state: State,
    round_number: int,
    events: Sequence[CampaignEvent],
    later: State | None = None,
) -> dict[str, Any]:
    """`state` is the campaign when the round ended; `events` are the round's own events (for
    notes);
    `later`, the campaign now, adds the Final Battles fought since the last round (BC-8)."""
    if not round_over(state, round_number):
        return opening_report(name, state, round_number, events)
    battles = state.round_battles(round_number)
    change: Counter[str] = Counter()
    for b in battles:
        change[b.result.winner] += len(b.gained)
        change[b.result.loser] -= len(b.gained)
    held = state.holdings()
    table = [{"player": p, "regions": len(held[p]), "change": change[p]} for p in state.standings]
    forfeits = _forfeits_of(state, round_number, events)
    out = [{"player": e.player, "by": e.by} for e in state.eliminations if e.round == round_number]
    notes = [
        e.text for e in events if isinstance(e, NoteRecorded) and not UNPLAYED.fullmatch(e.text)
    ]
    report = {
        "campaign": name,
        "rules": RULES,
        "kind": "round",
        "round": round_number,
        "title": f"{name} — The Boiling Cauldron, round {round_number}",
        "players": {p: player_colour(p, list(state.players)) for p in state.players},
        "battles": [battle_data(b) for b in battles],
        "forfeits": forfeits,
        "eliminations": out,
        "standings": table,
        "next": _next(state, round_number),
        "settings": bc.BATTLE_SETTINGS,
        "notes": notes,
        "unplayed": unplayed_battles(events),
        "attested": attested(events, list(state.players)),
    }
    report["final"] = (
        final_data(later) if later and later.finals and state.phase == Phase.FINAL else None
    )
    report["tells_since"] = report["final"] is not None  # the Final Battles, after the round
    won = report["final"] is not None and later.phase == Phase.FINISHED
    report["outcome"] = later.winner if won else None
    if won:
        report["next"] = {"what": "winner", "winner": later.winner}
    report["sections"] = _sections(report, battles)
    return report


def final_data(state: State) -> dict[str, Any]:
    """BC-8.4/BC-8.5: every Final Battle with both armies, and the standings once it is won."""
    return {
        "finalists": list(state.finalists),
        "battles": [
            {
                "number": f.number,
                "armies": {p: army(a) for p, a in f.armies.items()},
                "casualties": {p: number(v) for p, v in f.casualties.items()},
                "winner": f.winner,
            }
            for f in state.finals
        ],
        "winner": state.winner,
        "standings": state.standings if state.phase == Phase.FINISHED else None,
        "settings": bc.FINAL_SETTINGS,
    }


def _final_lines(final: dict[str, Any]) -> list[str]:
    lines = []
    for battle in final["battles"]:
        sides = " v ".join(
            f"{p} ({battle['armies'][p]}) {battle['casualties'][p]}%" for p in final["finalists"]
        )
        lines.append(
            f"Final Battle {battle['number']}: {sides} → "
            + (
                f"{battle['winner']} wins"
                if battle["winner"]
                else "draw: another Final Battle is fought, and armies may be chosen again"
            )
        )
    lines.append(f"Every Final Battle (BC-8.4): {final['settings']}")
    if final["standings"]:
        lines.append(
            "Final standings (BC-8.5): "
            + ", ".join(f"{i}. {p}" for i, p in enumerate(final["standings"], 1))
        )
    return lines


def _next(state: State, round_number: int) -> dict[str, Any]:
    if state.phase == Phase.FINISHED:
        return {"what": "winner", "winner": state.winner}
    if state.phase == Phase.FINAL:
        return {"what": "final", "finalists": list(state.finalists)}
    return {"what": "round", "round": round_number + 1, "attack_order": list(state.attack_order)}


def _sections(report: dict[str, Any], battles: Sequence[Battle]) -> list[Section]:
    """The report's sections, in the order a forum post tells them; empty ones left out."""
    sections = [
        report.get("outcome")
        and {
            "heading": "Outcome",
            "items": [f"{report['outcome']} wins the Final Battle and the campaign (BC-8.4)"],
        },
        {
            "heading": "Battles",
            "items": [
                battle_line(i, b, report["unplayed"], report["attested"])
                for i, b in enumerate(battles, 1)
            ]
            or ["No battle was fought."],
        },
        _forfeits(report["forfeits"]),
        _eliminated(report["eliminations"]),
        _standings(report["standings"], report["round"] if report.get("outcome") else None),
        {"heading": "Next", "items": [_next_line(report["next"])]},
        report["final"]
        and {"heading": "The Final Battle (BC-8.4)", "items": _final_lines(report["final"])},
        {"heading": "Battle settings (BC-5.1)", "items": [report["settings"]]},
        report["notes"] and _notes(report["notes"]),
    ]
    return [section for section in sections if section]


def _notes(notes: list[str]) -> Section:
    """The organiser's notes as he wrote them (`plain`: no name in them coloured)."""
    return {"heading": "Organiser's notes", "items": notes, "plain": True}


def _forfeits(forfeits: list[dict[str, Any]]) -> Section | None:
    items = [f"{f['player']}: {f['reason']}{_forfeited_by(f)}" for f in forfeits]
    return {"heading": "Forfeits", "items": items, "plain": "after the name"} if items else None


def _forfeited_by(forfeit: dict[str, Any]) -> str:
    """Who forfeited the attack, as the log records it."""
    if forfeit["automatic"]:
        return " (BC-4.4)"
    if forfeit.get("by") == DEADLINE_ACTOR:
        return " (the deadline passed, BC-9.2)"
    return " (organiser's ruling)"


def _eliminated(eliminations: list[dict[str, Any]]) -> Section | None:
    items = [
        f"{e['player']} lost the last region to {e['by']} and is out of the campaign (BC-7.3)"
        for e in eliminations
    ]
    return {"heading": "Eliminated", "items": items} if items else None


def _standings(standings: list[dict[str, Any]], last: int | None = None) -> Section:
    """The regions each player holds; in the report of the last round of a finished campaign,
    named as what they are — the final standings are BC-8.5's, told with the Final."""
    rows = [
        [s["player"], str(s["regions"]), f"{s['change']:+d}" if s["change"] else "±0"]
        for s in standings
    ]
    return {
        "heading": "Standings" if last is None else f"Regions at the end of round {last}",
        "table": {"columns": ["Player", "Regions", "Change"], "rows": rows},
    }


def _next_line(following: dict[str, Any]) -> str:
    if following["what"] == "winner":
        return f"Nothing: {following['winner']} has won the campaign."
    if following["what"] == "final":
        return (
            f"The rounds are over: {' and '.join(following['finalists'])} fight the Final "
            "Battle (BC-8)."
        )
    return f"Round {following['round']} attack order: {', '.join(following['attack_order'])}."
