"""The report of one ONUS! scenario, as data every format renders (pure): the scenario,
both armies with unit statuses, the result and its facts, casualties among units and
Characters, the upgrade, the score and what comes next."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from campaign.domain.deadlines import DEADLINE_ACTOR
from campaign.domain.grammar import plural, possessive, sentence
from campaign.errors import CampaignError
from campaign.kinds.onus import RULES
from campaign.kinds.onus.book import SIDE_COLOURS, SIDE_NAMES, SIDES
from campaign.kinds.onus.state import LAST, Phase, Played, State
from campaign.kinds.onus.status import facts as typed_facts
from campaign.kinds.onus.words import fact_text, unit_name
from events.common import CampaignEvent, NoteRecorded

COLOURS = SIDE_COLOURS


def scenario_report(
    name: str, state: State, number: int, events: Sequence[CampaignEvent], now: State | None = None
) -> dict[str, Any]:
    """`state` is the campaign once scenario `number` was played: its result in, its winner's
    upgrade recorded or still to come."""
    if number > LAST:
        raise CampaignError(f"There are eight scenarios (ON-1.2); there is no scenario {number}.")
    if number == len(state.results) + 1 and state.next_scenario is not None:
        return briefing_report(name, state, number)  # the scenario to be played: its briefing
    if number > len(state.results):
        raise CampaignError(
            f"Scenario {number} has not been played yet: campaign briefing shows its set-up."
        )
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
        "upgrade": upgrade_now(now or state, number),
        "score": _score(state, number),
        "next": _next(state, number),
        "notes": [e.text for e in events if isinstance(e, NoteRecorded)],
    }
    report["sections"] = _sections(report, state, played)
    # The winner's upgrade (or its decline) is recorded after the scenario ended: a report that
    # tells it vouches for the log up to it, and so for the whole log as it stands (the audit
    # line's events and chain head), as a report that tells events after its round does.
    upgrade = report["upgrade"]
    report["tells_since"] = number < LAST and not upgrade["pending"]
    return report


def upgrade_now(now: State, number: int) -> dict[str, Any]:
    """ON-2.1: the winner's upgrade as it stands now: made, pending, declined (with who recorded
    the decline: `deadline` where the deadline passed, ON-4.2), or none at all after the eighth
    scenario."""
    played = now.results[number - 1]
    if played.upgrade is not None:
        unit, status = played.upgrade
        return {
            "side": played.winner,
            "unit": unit,
            "type": now.book.type_of(unit),
            "status": status,
            "pending": False,
        }
    if number == LAST or (now.upgrade_due and len(now.results) == number):
        return {"side": played.winner, "unit": None, "status": None, "pending": number < LAST}
    return {
        "side": played.winner,
        "unit": None,
        "status": None,
        "pending": False,
        "declined_by": played.declined_by,
    }


def _score(state: State, number: int) -> dict[str, int]:
    return {side: sum(r.winner == side for r in state.results[:number]) for side in SIDES}


def _next(state: State, number: int) -> dict[str, Any]:
    if number == 8:
        return {"what": "winner", "winner": state.winner}
    following = state.book.scenario(number + 1)
    return {"what": "scenario", "number": following.number, "title": following.title}


def _cards(cards: list[dict[str, str]]) -> str:
    """`Legionaries 1 (Elite), Legionaries 2`: unit names, not card ids."""
    return ", ".join(
        unit_name(c["type"], c["id"])
        + (f" ({c['status'].capitalize()})" if c["status"] != "regular" else "")
        for c in cards
    )


Section = dict[str, Any]


def _sections(report: dict[str, Any], state: State, played: Played) -> list[Section]:
    """The report's sections, in the order a forum post tells them."""
    players = state.side_names
    sections = [
        *_outcome(state),
        _result(report, players, played),
        _armies(report, players, state.book.scenario(played.number).armies["enemies"].people),
        _casualties(played, state),
        _upgrade_made(report, players, played),
        _score_table(report, players),
        _next_scenario(report["next"]),
    ]
    if report["notes"]:
        sections.append({"heading": "Organiser's notes", "items": report["notes"], "plain": True})
    return sections


def _outcome(state: State) -> list[Section]:
    """The finished campaign's result, first (ON-1.3): who won it, by how many scenarios."""
    if state.phase != Phase.FINISHED:
        return []
    wins, winner = state.wins(), state.winner
    if winner == "draw":
        said = f"A drawn campaign: {plural(wins['rome'], 'scenario')} won each (ON-1.3)"
    else:
        loser = next(side for side in SIDES if side != winner)
        said = (
            f"{_wins(winner)} the campaign ({state.side_names[winner]}), "
            f"{plural(wins[winner], 'scenario')} to {wins[loser]} (ON-1.3)"
        )
    return [{"heading": "Outcome", "items": [said]}]


def _result(report: dict[str, Any], players: dict[str, str], played: Played) -> Section:
    facts = "; ".join(fact_text(k, v) for k, v in report["facts"].items())
    winner = played.winner
    return {
        "heading": "Result",
        "items": [f"{_wins(winner)} the scenario ({players[winner]}): {facts} (ON-3.1)"],
    }


def _armies(report: dict[str, Any], players: dict[str, str], people: str) -> Section:
    rome, enemies = (_cards(report["armies"][side]) for side in SIDES)
    return {
        "heading": "Armies",
        "items": [
            f"Rome ({players['rome']}): {rome}",
            f"{people} ({players['enemies']}): {enemies}",
        ],
    }


CASUALTIES = (
    ("Units eliminated", "eliminated"),
    ("Characters lost with their unit, absent next scenario (ON-2.5)", "lost_with_unit"),
    ("Characters wounded, recovered next scenario (ON-2.4)", "wounded"),
    ("Officer Casualties, recovered next scenario (ON-2.3)", "officer_casualties"),
)


def _casualties(played: Played, state: State) -> Section:
    def named(value: str) -> str:
        return (
            unit_name(state.book.type_of(value), value)
            if "-" in value and value[-1].isdigit()
            else value
        )

    items = [
        f"{label}: {', '.join(map(named, getattr(played, field)))}"
        for label, field in CASUALTIES
        if getattr(played, field)
    ]
    return {"heading": "Casualties", "items": items or ["None recorded."]}


def _upgrade_made(report: dict[str, Any], players: dict[str, str], played: Played) -> Section:
    upgrade = report["upgrade"]
    if upgrade["pending"]:
        said = f"pending ({players[upgrade['side']]} to choose)"
        return {"heading": "Upgrade (ON-2.1)", "items": [said]}
    if played.number == LAST:
        said = "none: the eighth scenario was the last, so there is no next scenario to upgrade for"
        return {"heading": "Upgrade (ON-2.1)", "items": [said]}
    if upgrade["unit"] is None:
        return {"heading": "Upgrade (ON-2.1)", "items": [_declined(upgrade, players, played)]}
    unit = unit_name(upgrade["type"], upgrade["unit"])
    said = f"{players[upgrade['side']]} upgrades {unit} to {upgrade['status'].capitalize()}"
    return {"heading": "Upgrade (ON-2.1)", "items": [said]}


def _declined(upgrade: dict[str, Any], players: dict[str, str], played: Played) -> str:
    """The winner declined the upgrade, or the deadline passed and it was declined for him: the
    log's actor `deadline` (ON-4.2), never the player's choice."""
    player = players[played.winner]
    if upgrade.get("declined_by") == DEADLINE_ACTOR:
        return (
            f"The deadline for {possessive(player)} choice passed: the upgrade was declined for "
            f"{SIDE_NAMES[played.winner]} (ON-4.2)"
        )
    return f"{player} declined the upgrade"


def _score_table(report: dict[str, Any], players: dict[str, str]) -> Section:
    rows = [[side.capitalize(), players[side], str(report["score"][side])] for side in SIDES]
    return {
        "heading": "Score",
        "table": {"columns": ["Side", "Player", "Scenarios won"], "rows": rows},
    }


def _wins(side: str) -> str:
    """ "Rome wins", "The enemies of Rome win": the side's name, and the verb agreeing with it."""
    return sentence(f"{SIDE_NAMES[side]} {'wins' if side == 'rome' else 'win'}")


def _next_scenario(following: dict[str, Any]) -> Section:
    if following["what"] == "scenario":
        said = f"Scenario {following['number']}: {following['title']}"
    elif following["winner"] == "draw":
        said = "Nothing: all eight scenarios are played, and the campaign is drawn."
    else:
        said = (
            f"Nothing: all eight scenarios are played, and {SIDE_NAMES[following['winner']]} "
            "won the campaign."
        )
    return {"heading": "Next", "items": [said]}


def briefing_report(name: str, state: State, number: int) -> dict[str, Any]:
    """The scenario to be played next as a post (ON-3.3: its set-up, as `campaign briefing`
    shows it), for the forum or the Discord channel before the game: what `report` gives for the
    scenario in progress (#29: ONUS! had no postable briefing)."""
    from campaign.kinds.onus.status import briefing
    from campaign.kinds.onus.words import army_heading, army_lines, first_turn_text, victory_text

    brief = briefing(state)
    if brief is None or brief["scenario"] != number:
        raise CampaignError(
            f"Scenario {number} is not the one to be played next: campaign briefing shows it."
        )
    players = state.side_names
    table = [
        f"{brief['book']} · {first_turn_text(brief)}",
        f"Duration {brief['duration']} · scale {brief['scale']} · battlefield "
        f"{brief['battlefield']}",
        "Special rules: " + ("; ".join(brief["special_rules"]) or "none"),
    ]
    sections: list[Section] = [{"heading": "The table", "items": table}]
    for side, army in brief["armies"].items():
        sections.append({"heading": army_heading(side, army), "items": army_lines(army)})
    recovered = brief["recovered"]["officer_casualties"] + brief["recovered"]["wounded"]
    comings = [f"Absent (lost with their unit, ON-2.5): {c}" for c in brief["absent"]]
    comings += [f"Back (ON-2.3, ON-2.4): {c}" for c in recovered]
    if comings:
        sections.append({"heading": "Who is out, who is back", "items": comings})
    sections.append(
        {
            "heading": "Victory and the result",
            "items": [
                f"{victory_text(brief)} (ON-3)",
                "The result, once played: campaign scenario-result "
                + " ".join(f"--fact {f['key']}={f['values']}" for f in brief["facts"]),
            ],
        }
    )
    return {
        "campaign": name,
        "rules": RULES,
        "kind": "briefing",
        "round": number,
        "title": f"{name} — ONUS! Under the Eagle, scenario {number}: {brief['title']} (briefing)",
        "players": {players[side]: COLOURS[side] for side in SIDES},
        "briefing": brief,
        "sections": sections,
    }
