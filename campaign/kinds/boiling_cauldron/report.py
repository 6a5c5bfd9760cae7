"""The report of one Boiling Cauldron round, as data every format renders (pure).

Built from the campaign as it stood when the round ended: the battles in the
order they were declared, forfeits, eliminations, standings with changes, the
next round's attack order (or the Final), the battle settings and the
organiser's notes of the round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from campaign.domain.deadlines import DEADLINE_ACTOR
from campaign.domain.drafts import AUTOMATIC_ACTOR
from campaign.domain.grammar import plural, possessive
from campaign.domain.shared_commands import retracted
from campaign.errors import CampaignError
from campaign.kinds.boiling_cauldron import RULES
from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.disputes import RULING
from campaign.kinds.boiling_cauldron.narrate import pct
from campaign.kinds.boiling_cauldron.state import (
    UNPLAYED,
    Army,
    Battle,
    Phase,
    State,
    round_over,
)
from campaign.kinds.boiling_cauldron.status import army as army_data
from campaign.kinds.boiling_cauldron.status import army_text, declared
from campaign.views.colours import player_colour
from campaign.views.jsonable import number
from events.boiling_cauldron import AttackForfeited, BattleFought, ResultReported
from events.common import CampaignEvent, NoteRecorded

Section = dict[str, Any]


def army(value: Army) -> str:
    return army_text(army_data(value))


def unplayed_battles(events: Sequence[CampaignEvent]) -> dict[str, dict[str, Any]]:
    """The round's battles not played, by region: a walkover or a double loss the organiser
    recorded (BC-9.3), with his reason; a walkover the rules recorded for the attacker of a
    player who withdrew (BC-9.6: `withdrawn`)."""
    taken_back, found = retracted(events), {}
    for event in events:
        if event.originator_version in taken_back:
            continue
        if isinstance(event, NoteRecorded) and (m := UNPLAYED.fullmatch(event.text)):
            found[m.group(1)] = {"how": m.group(2), "reason": m.group(3), "withdrawn": False}
        elif isinstance(event, BattleFought) and event.actor == AUTOMATIC_ACTOR:
            # the one result the rules record: a withdrawn defender's (commands._withdrawn_defence)
            found[event.region] = {"how": "walkover", "reason": None, "withdrawn": True}
    return found


def _notes_of(events: Sequence[CampaignEvent]) -> list[str]:
    """The organiser's notes of the round; those that belong to a battle (a walkover's reason, an
    arbiter's ruling) are told with it."""
    return [
        e.text
        for e in events
        if isinstance(e, NoteRecorded)
        and not UNPLAYED.fullmatch(e.text)
        and not RULING.fullmatch(e.text)
    ]


def attested(events: Sequence[CampaignEvent], players: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Who stands behind each battle result of the round, by region (issues #30, #50): the player
    who reported the figures and the opponent who confirmed them (each with the number of his
    event in the log); or, where no opponent confirmed them, the reports made (`claims`: the
    first, and the other side's that disputed it), the arbiter's ruling, and who entered the
    result."""
    taken_back = retracted(events)
    claims: dict[str, dict[str, ResultReported]] = {}
    rulings: dict[str, tuple[NoteRecorded, str | None, str]] = {}
    found: dict[str, dict[str, Any]] = {}
    for event in events:
        if event.originator_version in taken_back:
            continue
        if isinstance(event, ResultReported):
            mine = claims.setdefault(event.region, {})
            mine.pop(event.by, None)  # his later report replaces his own (BC-6.2)
            mine[event.by] = event
        elif isinstance(event, NoteRecorded) and (m := RULING.fullmatch(event.text)):
            rulings[m["where"]] = (event, m["standing"], m["reason"])
        elif isinstance(event, BattleFought):
            made = claims.pop(event.region, {})
            ruling = rulings.pop(event.region, None)
            found[event.region] = _attested(event, list(made.values()), ruling, players)
    return found


def _attested(
    event: BattleFought,
    made: list[ResultReported],
    ruling: tuple[NoteRecorded, str | None, str] | None,
    players: Sequence[str],
) -> dict[str, Any]:
    figures = (event.attacker_casualties, event.defender_casualties)
    if (
        ruling is None
        and len(made) == 1
        and (made[0].attacker_casualties, made[0].defender_casualties) == figures
        and event.actor in players
        and event.actor != made[0].by
    ):
        return {
            "reported_by": made[0].by,
            "reported_at": made[0].originator_version,
            "confirmed_by": event.actor,
            "confirmed_at": event.originator_version,
        }
    told: dict[str, Any] = {"entered_by": event.actor, "entered_at": event.originator_version}
    if made:
        told["claims"] = [
            {
                "by": claim.by,
                "at": claim.originator_version,
                "attacker_casualties": number(claim.attacker_casualties),
                "defender_casualties": number(claim.defender_casualties),
                "winner": claim.winner,
            }
            for claim in made
        ]
    if ruling is not None:
        note, standing, reason = ruling
        told["ruling"] = {
            "by": note.actor,
            "at": note.originator_version,
            "standing": standing,
            "reason": reason,
        }
    return told


def _who(actor: str) -> str:
    """An actor as a report names him: the default --actor is the organiser."""
    return "the organiser" if actor == "organiser" else actor


def attestation(of: dict[str, Any] | None, b: Battle | None = None) -> str:
    """How a battle's result came into the log: ` [reported by Cid (event 12), confirmed by Bob
    (event 14)]`; ` [entered by the organiser alone (event 9)]`; or, for a battle whose reports
    were disputed, ` [reported by Bob (event 12): Eve 65%, Bob 30%; disputed by Eve (event 13):
    Eve 30%, Bob 65%; the arbiter Ulf ruled that Bob's figures stand (event 15, BC-6.2)]` (#50:
    it was "entered by Ulf alone")."""
    if not of:
        return ""
    if "confirmed_by" in of:
        return (
            f" [reported by {of['reported_by']} (event {of['reported_at']}), confirmed by "
            f"{of['confirmed_by']} (event {of['confirmed_at']})]"
        )
    made, ruling = of.get("claims") or [], of.get("ruling")
    if not made and ruling is None:
        return f" [entered by {_who(of['entered_by'])} alone (event {of['entered_at']})]"
    said = [
        f"{'reported' if i == 0 else 'disputed'} by {c['by']} (event {c['at']})"
        + (f": {_claimed(c, b)}" if b is not None and len(made) > 1 else "")
        for i, c in enumerate(made)
    ]
    if ruling is not None:
        judge = ruling["by"]
        arbiter = "the organiser" if judge == "organiser" else f"the arbiter {judge}"
        if ruling["standing"] is None:  # figures of his own, those of the result (#50)
            said.append(
                f"{arbiter} ruled figures other than either side's (event {ruling['at']}, BC-6.2)"
            )
        elif len(made) > 1:
            said.append(
                f"{arbiter} ruled that {ruling['standing']}'s figures stand "
                f"(event {ruling['at']}, BC-6.2)"
            )
        else:
            opponent = [p for p in (b.attacker, b.defender) if p != ruling["standing"]] if b else []
            instead = f" in {opponent[0]}'s place" if opponent else ""
            said.append(f"{arbiter} confirmed them{instead} (event {ruling['at']}, BC-6.2)")
    else:
        said.append(f"entered by {_who(of['entered_by'])} (event {of['entered_at']})")
    return f" [{'; '.join(said)}]"


def _claimed(claim: dict[str, Any], b: Battle) -> str:
    """One side's claim: `Eve 30%, Bob 65%` (the attacker first), and who won where both routed."""
    won = f", both routed, {claim['winner']} won" if claim.get("winner") else ""
    return (
        f"{b.attacker} {claim['attacker_casualties']}%, "
        f"{b.defender} {claim['defender_casualties']}%{won}"
    )


def awaiting(state: State, b: Battle, events: Sequence[CampaignEvent]) -> str:
    """A battle without a result as it stands (BC-6.2): reported and awaiting the opponent's
    confirmation, disputed and awaiting the arbiter's ruling, or still to be fought."""
    where = b.to_region
    at = {e.by: e.originator_version for e in standing_reports(events) if e.region == where}

    def event(by: str) -> str:
        return f" (event {at[by]})" if by in at else ""

    disputed = state.disputed.get(where)
    if disputed:
        claims = "; ".join(
            f"{by}{event(by)} reports {b.attacker} {pct(a)}, {b.defender} {pct(d)}"
            + (f", both routed, {won} won" if won else "")
            for a, d, by, won in disputed
        )
        return (
            f"disputed (BC-6.2): {claims}; awaiting the arbiter's ruling, or one side's "
            "confirmation of the other's figures"
        )
    reported = state.reported.get(where)
    if reported:
        a, d, by, won = reported
        other = b.defender if by == b.attacker else b.attacker
        both = f", both routed, {won} won" if won else ""
        return (
            f"reported by {by}{event(by)}: {b.attacker} {pct(a)}, {b.defender} {pct(d)}{both}; "
            f"awaiting {possessive(other)} confirmation (BC-6.2)"
        )
    return "to be fought"


def standing_reports(events: Sequence[CampaignEvent]) -> list[ResultReported]:
    taken_back = retracted(events)
    return [
        e
        for e in events
        if isinstance(e, ResultReported) and e.originator_version not in taken_back
    ]


def battle_line(
    index: int,
    b: Battle,
    unplayed: dict[str, dict[str, Any]] | None = None,
    attested_by: dict[str, dict[str, Any]] | None = None,
    pending: str | None = None,
) -> str:
    """`1. Bob (Late Anglo-Saxons + Welsh) attacks Hwicce (Cid: Welsh) from West Anglia → Bob wins
    (casualties: Bob 26%, Cid 62%; difference +36) and gains Hwicce`: the winner first, the
    casualties labelled, so that the line reads one way in a forum thread; a battle not played
    (`unplayed`) told as the walkover or double loss it was, not as casualties; a battle without
    a result as it stands (`pending`: reported, disputed or to be fought). What people wrote (a
    walkover's reason, a ruling's) is not in the line: `reasons` tells it, as written."""
    head = (
        f"{index}. {b.attacker} ({army(b.attacker_army)}) attacks {b.to_region} "
        f"({b.defender}: {army(b.defender_army)}) from {b.from_region}"
    )
    r = b.result
    if r is None:
        return f"{head} → {pending or 'to be fought'}"
    how = (unplayed or {}).get(b.to_region)
    if how is not None:
        return f"{head} → {_unplayed(b, how)}"
    by = attestation((attested_by or {}).get(b.to_region), b)
    if r.winner is None:
        return f"{head} → draw ({casualties(b)}), no region changes hands (BC-6.3){by}"
    difference = f"difference {b.margin:+f}"
    gains = f" and gains {', '.join(b.gained)}" if b.gained else " but gains no region"
    override = " [the winner recorded against the figures, BC-6.2]" if r.override else ""
    return f"{head} → {r.winner} wins ({casualties(b)}; {difference}){gains}{override}{by}"


def _unplayed(b: Battle, how: dict[str, Any]) -> str:
    """A battle not played, without casualty figures: the walkover counts as a rout (BC-9.3)
    but was not fought."""
    r = b.result
    gains = f"; {r.winner} gains {', '.join(b.gained)}" if b.gained else ""
    if how["withdrawn"]:
        return (
            f"walkover to {r.winner}: {r.loser} withdrew from the campaign (BC-9.6, BC-9.3){gains}"
        )
    if r.winner is None:
        return "double loss: neither side played (BC-9.3), no region changes hands"
    return f"walkover to {r.winner}, {r.loser} absent (BC-9.3){gains}"


def reasons(report: dict[str, Any], battles: Sequence[Battle]) -> Section | None:
    """What people wrote about the round's battles, each after the battle it is about: a
    walkover's or a double loss's reason (BC-9.3), an arbiter's ruling (BC-6.2), an override's
    reason. Shown as written: a name in it is text, not a player's coloured name."""
    items = []
    for b in battles:
        where = b.to_region
        how = report["unplayed"].get(where)
        if how is not None and how["reason"] is not None:
            items.append(f"The battle for {where}, {how['how']} (BC-9.3): {how['reason']}")
        ruling = (report.get("attested") or {}).get(where, {}).get("ruling")
        if ruling is not None:
            judge = _who(ruling["by"])
            items.append(
                f"The battle for {where}, {possessive(judge)} ruling (BC-6.2): " + ruling["reason"]
            )
        if b.result is not None and b.result.override:
            items.append(
                f"The battle for {where}, the winner recorded against the figures (BC-6.2): "
                + b.result.override
            )
    heading = "Reasons recorded with the battles"
    return {"heading": heading, "items": items, "plain": "after the name"} if items else None


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
        "notes": _notes_of(events),
        "unplayed": unplayed_battles(events),
        "attested": attested(events, list(state.players)),
    }
    report["sections"] = _opening_sections(
        report, battles, [awaiting(state, b, events) for b in battles]
    )
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


def _opening_sections(
    report: dict[str, Any], battles: Sequence[Battle], pending: Sequence[str]
) -> list[Section]:
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
                battle_line(i, b, report["unplayed"], report.get("attested"), waiting)
                for i, (b, waiting) in enumerate(zip(battles, pending), 1)
            ]
            or ["None declared yet."],
        },
        reasons(report, battles),
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
    notes = _notes_of(events)
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
    now = later or state
    by_final = report["final"] is not None and now.phase == Phase.FINISHED
    report["outcome"] = now.winner if by_final or state.phase == Phase.FINISHED else None
    report["outcome_rule"] = "BC-8.4" if by_final else "BC-8.1" if report["outcome"] else None
    report["final_standings"] = final_standings(now) if report["outcome"] else None
    if by_final:
        report["next"] = {"what": "winner", "winner": now.winner}
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
    return lines


def final_standings(state: State) -> list[dict[str, Any]]:
    """BC-8.5 as the campaign ended: each player's place, the regions he holds, and whether (and
    when, and to whom) he was out."""
    held = state.holdings()
    out = {e.player: {"round": e.round, "by": e.by} for e in state.eliminations}
    return [
        {"place": i, "player": p, "regions": len(held[p]), "out": out.get(p)}
        for i, p in enumerate(state.standings, 1)
    ]


def _outcome(report: dict[str, Any]) -> Section | None:
    winner = report.get("outcome")
    if not winner:
        return None
    said = (
        f"{winner} wins the Final Battle and the campaign (BC-8.4)"
        if report["outcome_rule"] == "BC-8.4"
        else f"{winner} holds every region and wins the campaign (BC-8.1)"
    )
    return {"heading": "Outcome", "items": [said]}


def _final_standings(report: dict[str, Any]) -> Section | None:
    """The opening's second section: who finished where, with how many regions, who is out."""
    rows = report.get("final_standings")
    if not rows:
        return None
    finalists = (report.get("final") or {}).get("finalists") or []
    items = []
    for row in rows:
        who = f"{row['place']}. {row['player']}"
        if row["out"]:
            out = row["out"]
            items.append(
                f"{who}: out in round {out['round']} (lost the last region to {out['by']})"
            )
            continue
        what = (
            "winner of the campaign"
            if row["player"] == report["outcome"]
            else "the other finalist"
            if row["player"] in finalists
            else None
        )
        held = plural(row["regions"], "region")
        items.append(f"{who}: {held}" + (f", {what}" if what else ""))
    return {"heading": "Final standings (BC-8.5)", "items": items}


def _next(state: State, round_number: int) -> dict[str, Any]:
    if state.phase == Phase.FINISHED:
        return {"what": "winner", "winner": state.winner}
    if state.phase == Phase.FINAL:
        return {"what": "final", "finalists": list(state.finalists)}
    return {"what": "round", "round": round_number + 1, "attack_order": list(state.attack_order)}


def _sections(report: dict[str, Any], battles: Sequence[Battle]) -> list[Section]:
    """The report's sections, in the order a forum post tells them; empty ones left out."""
    sections = [
        _outcome(report),
        _final_standings(report),
        {
            "heading": "Battles",
            "items": [
                battle_line(i, b, report["unplayed"], report["attested"])
                for i, b in enumerate(battles, 1)
            ]
            or ["No battle was fought."],
        },
        reasons(report, battles),
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
