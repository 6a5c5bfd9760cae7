"""Thunderbolt as the shared core sees it (rules page TB-n, first slice)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from campaign.domain.drafts import Draft
from campaign.domain.kind import Decide, PackageKind, Seal
from campaign.errors import CampaignError, RuleViolation
from campaign.input.files import read_text
from campaign.kinds.thunderbolt import RULES, decisions, fold, narrate, players
from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import checks, elections, prorogues, tribes
from campaign.kinds.thunderbolt.board import dice as secrets_of
from campaign.kinds.thunderbolt.board import raising as legions
from campaign.kinds.thunderbolt.board.result import last_turn
from campaign.kinds.thunderbolt.board.sequence import STEPS
from campaign.kinds.thunderbolt.board.setup import SetUpError, load
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.chapters.turn import decide as turn
from events.common import CampaignEvent, CampaignStarted
from events.thunderbolt.allies import CitySacked, DiplomacyAttempted
from events.thunderbolt.carthage import (
    CommanderAppointed,
    CommanderRecalled,
    DisbandChecked,
    PoliticsRolled,
    SubordinateDrawn,
)
from events.thunderbolt.legions import (
    LegionsReinforced,
    LegionsRequested,
    MarineRaised,
    TrainingRolled,
)
from events.thunderbolt.macedonia import MacedonianWarResolved
from events.thunderbolt.magistrates import MagistrateElected, PlutoVisited
from events.thunderbolt.reports import ArmyLost, LeaderFell
from events.thunderbolt.senate import MagistrateCensured, SenateAsked, TriumphCelebrated
from events.thunderbolt.turn import MarkerDrawn, SettingsChosen, SidesTaken, TurnRevealed

EXAMPLE_SETUP = "thunderbolt-setup.toml"
ROLLS = (
    PoliticsRolled,
    CitySacked,
    PlutoVisited,
    SenateAsked,
    DiplomacyAttempted,
    MagistrateCensured,
    LegionsRequested,
    LegionsReinforced,
    MarineRaised,
    TurnRevealed,
    MacedonianWarResolved,
    SubordinateDrawn,
)
"""TB-16.6: events that always hold a roll or a reveal."""
SETUP_LIMIT = 256 * 1024


class Thunderbolt(PackageKind):
    rules = RULES
    rules_version = f"{RULES}/1"
    title = "Thunderbolt"
    period = "game turn"
    period_field = "turn"
    period_heading = "GT"
    example = "thunderbolt.campaign"
    console_example = "done A2 --side rome"
    report_kept_whole = (
        "Victory Determination",
        "Rome's magistrates",
        "In office",
        "Carthage",
        "Italian Allies",
        "Dice",
    )
    history_sections = ("What happened",)
    state, commands, narrate, player_forms = fold, decisions, narrate, players
    setup_events = (SidesTaken, SettingsChosen)
    standing_reason = (
        "a roll stands once made and a revealed secret stays revealed (TB-16.6); an organiser's "
        "ruling, with a reason, is a note"
    )

    def check_actor(self, state: State, decided: Sequence[Draft], actor: str) -> None:
        checks.check_own_side(state, decided, actor)

    def new(
        self, title: str, options: Mapping[str, Any], seal: Seal | None = None
    ) -> tuple[dict[str, Any], Decide]:
        """TB-1.1: Rome and Carthage; TB-2.3: the set-up file (the example's by default); TB-16.2:
        committed dice (a secret per Game Turn, their commitments published) or external."""
        rome, carthage = options.get("rome") or "", options.get("carthage") or ""
        checks.check_players(rome, carthage)
        path = options.get("setup")
        source = (
            read_text(Path(path), "the set-up file", SETUP_LIMIT)
            if path
            else resources.files("examples").joinpath(EXAMPLE_SETUP).read_text(encoding="utf-8")
        )
        setup = load(source)
        dice = options.get("dice") or "committed"
        if dice not in ("committed", "external"):
            raise CampaignError(f"The dice are committed or external, not {dice!r} (TB-16.2).")
        promised = (
            secrets_of.commitments(title, seal(secrets_of.secret_labels(setup.turns)), setup.turns)
            if dice == "committed" and seal is not None
            else {}
        )
        chosen = dict(setting(item) for item in options.get("setting") or [])
        decided = turn.take_sides(rome, carthage, dice, title, promised)
        decided += turn.choose_settings(chosen)
        started = dict(
            name=title,
            rules=self.rules,
            players=[rome, carthage],
            map_source=source,
            seed_commitment=None,
        )
        return started, lambda current: decided

    def check_start(self, started: CampaignStarted) -> None:
        checks.check_two_players(started.players)
        try:
            load(started.map_source)
        except SetUpError as refusal:
            raise RuleViolation("TB-2.5", str(refusal)) from None

    def stands(self, event: CampaignEvent) -> bool:
        """TB-16.6: a recorded roll stands; a revealed secret stays revealed."""
        if isinstance(event, (MagistrateElected, CommanderAppointed)):
            return not event.chosen
        if isinstance(event, (DisbandChecked, CommanderRecalled, TriumphCelebrated, ArmyLost)):
            return event.face >= 0
        if isinstance(event, (MarkerDrawn, LeaderFell)):
            return event.number > 0
        if isinstance(event, TrainingRolled):
            return bool(event.faces)
        return isinstance(event, ROLLS)

    def players(self, current: State) -> list[str]:
        return [current.rome, current.carthage]

    def next_step(self, current: State) -> str:
        return next_step(current)

    def status(self, current: State, name: str) -> dict[str, Any]:
        from campaign.kinds.thunderbolt.status import status

        return status(current, name)

    def dashboard(self, current: State | None, data: dict[str, Any]) -> Any:
        from campaign.kinds.thunderbolt.dashboard import dashboard

        return dashboard(data)

    def outcome(self, current: State, event: CampaignEvent) -> list[str]:
        """What the event moved on the Italian Allies track, and who turned, said as it is
        recorded (TB-15.2 to TB-15.5), as the Game Turn's report says them."""
        from campaign.kinds.thunderbolt.report import allies_moved

        return allies_moved(current, event.originator_version)

    def report(
        self, name: str, at_end: State, number: int, events: Sequence[CampaignEvent], now: State
    ) -> dict[str, Any]:
        from campaign.kinds.thunderbolt.report import turn_report

        return turn_report(name, at_end, number, events, now)


def setting(item: str) -> tuple[str, str]:
    """`--setting NAME=VALUE`, as typed."""
    name, sep, value = item.partition("=")
    if not sep or not name.strip():
        raise CampaignError(f"Write a setting as NAME=VALUE (TB-18), not {item!r}.")
    return name.strip(), value.strip()


HINTS = {
    "B2a": "family --drm NAME=VALUE …",
    "B2b": "climate --drm NAME=VALUE …",
    "C2": "initiative: the program draws from the cup (TB-4.4)",
    "D": "land-battle, siege, march, diplomacy, tribe-levy, ask-senate, censure, triumph … then "
    "finished",
    "E": "land-battle, siege … then finished",
    "B3a": "Rome may record the NS levels built (naval --built N, TB-11.4); then done",
    "F2": "devastate … then done",
    "B3b": "Rome may make a legion-request --at PROVINCE (TB-11.4); then done",
    "G1": "presence PROVINCE --side … --force … (TB-15.8), then done",
}


def next_step(current: State) -> str:
    """TB-3.2: the Game Turn, the steps in hand and who they wait for."""
    if current.position.over and current.victory is not None:
        return f"nothing: the game is over: {current.victory}."
    if current.position.over:
        return f"nothing: the game is over after Game Turn {current.setup.turns}."
    parts = []
    c = current.carthaginians
    if c.oc_due and carthage.commanders(c):
        parts.append("Carthage names its Overall Commander (oc NAME, TB-13.7)")
    for army in sorted(current.recalls_due):  # TB-13.3: after a siege, at once
        parts.append(f"Army {army}'s commander rolls for recall (recall {army}, TB-13.3)")
    for step in current.position.open:
        waiting = current.position.waiting_for(step)
        who = " and ".join(current.rome if s == "rome" else current.carthage for s in waiting)
        hint = step_hint(current, step) or HINTS.get(step, f"done {step}")
        parts.append(f"{step} ({STEPS[step][0]}): {who or 'the table'} ({hint})")
    return f"Game Turn {current.turn} ({current.year} BCE): " + "; ".join(parts) + "."


def step_hint(current: State, step: str) -> str | None:
    """A step's duties (TB-3.4) and what is entered in it: who is still to be prorogued or
    released, to roll for Pluto, the election due, the Armies B2 asks for, the tribes' rolls
    (TB-23.3), the Augury, the result."""
    c, climate = current.carthaginians, current.current_climate()
    due_tribes = tribes.due(current.setup, current.tribes, step) if step in ("B4a", "B4b") else []
    if due_tribes:
        named = ", ".join(current.setup.tribes[t].name for t in due_tribes)
        return f"tribal: {named} roll (TB-23.3)"
    if step == "B2c" and carthage.due_b2c(c, climate):
        return f"disband one of {', '.join(carthage.eligible(c))}; then done"
    if step == "B2d" and carthage.due_b2d(c):
        return f"appoint (Army {', '.join(carthage.due_b2d(c))})"
    due = carthage.postings_due(c, climate, current.alert_assigns)
    if step == "B2e" and due:
        return f"station (an Army to {' and '.join(due)})"
    if step == "B3a" and current.turn in current.ns_built:
        return "done B3a"
    r = current.romans
    if step == "D" and current.dictator_due and not r.count("Dictator"):
        must = "must" if current.dictator_due == "Major" else "may"
        return f"a {current.dictator_due} Emergency: Rome {must} elect dictator first (TB-9.5)"
    if step == "D" and elections.dictators_awaiting(r):
        return "dictator --ca N (the field) or dictator --me NAME (Rome), TB-9.4"
    if step == "E" and not current.augured:
        return (
            "the Augury first: augury --roll N --event … (TB-22.1); then land-battle, siege … done"
        )
    if step == "G4" and last_turn(current):
        return "the scenario's result: winner rome|carthage|draw --reason … (TB-20.2)"
    if step == "G4":
        return "done, or an automatic victory: winner SIDE --automatic --reason … (TB-20.1)"
    if step == "G2" and legions.trainees(r) and not r.drilled:
        return f"train (Legion {', '.join(legions.trainees(r))}, TB-11.9)"
    if step == "B1a" and prorogues.unassigned(r):
        names = ", ".join(r.leaders[lid].name for lid in prorogues.unassigned(r))
        return f"assign {names} --theater …"
    if step == "B1a" and prorogues.due_b1a(r):
        names = ", ".join(r.name(lid) for lid in prorogues.due_b1a(r))
        return f"prorogue or release {names}"
    if step == "B1b" and prorogues.due_pluto(r):
        return f"pluto: {', '.join(r.name(lid) for lid in prorogues.due_pluto(r))}"
    if step == "B1c":
        post = elections.next_post(r, current.turn)
        if post is None:
            return None
        if post.office == "Dictator's army":
            return "dictator --ca N (the field) or dictator --me NAME (Rome), TB-9.4"
        if post.office == "Dictator":
            return "elect dictator: a Major Emergency obliges it (TB-9.4)"
        if post.office == "Imperium":
            return f"imperium {r.leaders[post.leader].name}: {post}"
        return f"elect {post.office}: {post}; or elect --all"
    return None


KIND = Thunderbolt()
