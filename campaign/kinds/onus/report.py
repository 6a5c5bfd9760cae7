"""The report of one ONUS! scenario, as data every format renders (pure): the scenario,
both armies with unit statuses, the result and its facts, casualties among units and
Characters, the upgrade, the score and what comes next."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from campaign.kinds.onus import RULES
from campaign.kinds.onus.book import SIDES
from campaign.kinds.onus.state import Played, State
from campaign.kinds.onus.status import facts as typed_facts
from events.common import CampaignEvent, NoteRecorded

COLOURS = {"rome": "#b22222", "enemies": "#2e7d32"}


def scenario_report(
    name: str, state: State, number: int, events: Sequence[CampaignEvent]
) -> dict[str, Any]:
    """`state` is the campaign when scenario `number` was over (result and upgrade recorded)."""
    played = state.results[number - 1]
    scenario = state.book.scenario(number)
    players = state.side_names
    report = {
        "campaign": name,
        "rules": RULES,
        "kind": "scenario",
        "round": number,
        "title": f"{name} — ONUS! Under the Eagle, scenario {number}: {played.title}",
        "players": {players[side]: COLOURS[side] for side in SIDES},
        "scenario": {"number": number, "title": played.title, "book": scenario.book},
        "armies": {
            side: [{"id": c.id, "type": c.type, "status": c.status} for c in played.fielded[side]]
            for side in SIDES
        },
        "winner": played.winner,
        "facts": typed_facts(scenario, played.facts),
        "eliminated": list(played.eliminated),
        "lost_with_unit": list(played.lost_with_unit),
        "wounded": list(played.wounded),
        "officer_casualties": list(played.officer_casualties),
        "upgrade": _upgrade(state, played),
        "score": _score(state, number),
        "next": _next(state, number),
        "notes": [e.text for e in events if isinstance(e, NoteRecorded)],
    }
    report["sections"] = _sections(report, state, played)
    return report


def _upgrade(state: State, played: Played) -> dict[str, Any] | None:
    if played.upgrade is None:
        return None
    unit, status = played.upgrade
    return {"side": played.winner, "unit": unit, "status": status}


def _score(state: State, number: int) -> dict[str, int]:
    return {side: sum(r.winner == side for r in state.results[:number]) for side in SIDES}


def _next(state: State, number: int) -> dict[str, Any]:
    if number == 8:
        return {"what": "winner", "winner": state.winner}
    following = state.book.scenario(number + 1)
    return {"what": "scenario", "number": following.number, "title": following.title}


def _cards(cards: list[dict[str, str]]) -> str:
    return ", ".join(
        c["id"] + (f" ({c['status'].capitalize()})" if c["status"] != "regular" else "")
        for c in cards
    )


def _sections(report: dict[str, Any], state: State, played: Played) -> list[dict[str, Any]]:
    players, army = state.side_names, state.book.scenario(played.number).armies
    winner = played.winner
    facts = ", ".join(f"{k}={v}" for k, v in report["facts"].items())
    sections = [
        {
            "heading": "Result",
            "items": [
                f"{winner.capitalize()} ({players[winner]}) win the scenario: {facts} (ON-3.1)"
            ],
        },
        {
            "heading": "Armies",
            "items": [
                f"Rome ({players['rome']}): {_cards(report['armies']['rome'])}",
                f"{army['enemies'].people} ({players['enemies']}): "
                f"{_cards(report['armies']['enemies'])}",
            ],
        },
    ]
    casualties = [
        f"{label}: {', '.join(items)}"
        for label, items in (
            ("Units eliminated", played.eliminated),
            (
                "Characters lost with their unit, absent next scenario (ON-2.5)",
                played.lost_with_unit,
            ),
            ("Characters wounded, recovered next scenario (ON-2.4)", played.wounded),
            ("Officer Casualties, recovered next scenario (ON-2.3)", played.officer_casualties),
        )
        if items
    ]
    sections.append({"heading": "Casualties", "items": casualties or ["None recorded."]})
    upgrade = report["upgrade"]
    sections.append(
        {
            "heading": "Upgrade (ON-2.1)",
            "items": [
                f"{players[upgrade['side']]} upgrades {upgrade['unit']} to "
                f"{upgrade['status'].capitalize()}"
                if upgrade
                else f"{players[winner]} declined the upgrade"
            ],
        }
    )
    score = report["score"]
    sections.append(
        {
            "heading": "Score",
            "table": {
                "columns": ["Side", "Player", "Scenarios won"],
                "rows": [[side.capitalize(), players[side], str(score[side])] for side in SIDES],
            },
        }
    )
    following = report["next"]
    sections.append(
        {
            "heading": "Next",
            "items": [
                f"Scenario {following['number']}: {following['title']}"
                if following["what"] == "scenario"
                else (
                    "A drawn campaign (ON-1.3)."
                    if following["winner"] == "draw"
                    else f"{following['winner'].capitalize()} win the campaign (ON-1.3)."
                )
            ],
        }
    )
    if report["notes"]:
        sections.append({"heading": "Organiser's notes", "items": report["notes"]})
    return sections
