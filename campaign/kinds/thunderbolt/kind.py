"""Thunderbolt as the shared core sees it (rules page TB-n, first slice)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from campaign.domain.drafts import Draft
from campaign.domain.grammar import listing
from campaign.domain.kind import Decide, PackageKind, Seal
from campaign.errors import CampaignError, RuleViolation
from campaign.input.files import read_text
from campaign.kinds.thunderbolt import RULES, decisions, fold, narrate, players
from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import checks, elections, prorogues, tribes
from campaign.kinds.thunderbolt.board import dice as secrets_of
from campaign.kinds.thunderbolt.board import raising as legions
from campaign.kinds.thunderbolt.board.result import last_turn
from campaign.kinds.thunderbolt.board.rules import SIDES
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
from events.thunderbolt.tribes import TribeParleyed
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
    TribeParleyed,
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
        "Tribes",
        "What happened",
        "Dice",
    )
    """A player's own report (`report --for`) keeps the Game Turn whole: no line of it names a
    player, only the sides, their leaders and Armies, so keeping the lines that name him kept
    none of his side's (#50: of "What happened", `--for Hanno` kept only the leader Hanno's
    lines, for his name, and dropped Hannibal's, Bomilcar's, the tribes')."""
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


DUTIES = {
    "B2a": "must roll for the Family in Power (family --drm NAME=VALUE …, TB-12.1)",
    "B2b": "must roll for the Political Climate (climate --drm NAME=VALUE …, TB-12.1)",
    "B3a": "may record the NS levels it built (naval --built N, TB-11.4), then enter done",
    ("B3b", "rome"): "may make a Legion Request (legion-request --at PROVINCE, TB-11.4), then "
    "enter done",
    ("B3b", "carthage"): "may raise a new Army or reinforce its Armies (raise-army, reinforce, "
    "TB-21, TB-14.3), then enter done",
    "D": "may report what the Operations Phase brings (land-battle, siege, march, diplomacy, "
    "tribe-levy, ask-senate, censure, triumph …), then enter done, or finished for both "
    "when the leader is Finished (TB-4.6)",
    "E": "may report what the Augury Phase brings (land-battle, siege …), then enter done",
    "F2": "may report a devastation (devastate PROVINCE --by SIDE, TB-15.2), then enter done",
    "G1": "may claim Watchful Presence (presence PROVINCE --side SIDE --force …, TB-15.8), then "
    "enter done",
}
"""TB-3.1: what a side does in a step, where there is more to it than entering done (TB-3.4):
said with a modal verb, so that it reads after one side as after both."""


def next_step(current: State) -> str:
    """TB-3.2: the Game Turn, the steps in hand and who they wait for: each step's side named
    with its player, and what it does, as a sentence ("Rome (Fabius) may make a Legion Request
    …")."""
    if current.position.over and current.victory is not None:
        return f"nothing: the game is over: {current.victory}."
    if current.position.over:
        return f"nothing: the game is over after Game Turn {current.setup.turns}."
    parts = []
    c = current.carthaginians
    if c.oc_due and carthage.commanders(c):
        parts.append(f"{_side(current, 'carthage')} names its Overall Commander (oc NAME, TB-13.7)")
    for army in sorted(current.recalls_due):  # TB-13.3: after a siege, at once
        parts.append(f"Army {army}'s commander rolls for recall (recall {army}, TB-13.3)")
    for step in current.position.open:
        parts.append(f"{step} ({STEPS[step][0]}): {_step_in_hand(current, step)}")
    return f"Game Turn {current.turn} ({current.year} BCE): " + "; ".join(parts) + "."


def _side(current: State, side: str) -> str:
    """A side as the rules page names it, with its player: `Rome (Fabius)`."""
    return f"{SIDES[side]} ({current.rome if side == 'rome' else current.carthage})"


def _step_in_hand(current: State, step: str) -> str:
    """What a step in hand waits for, as a sentence: each side still to act, with its player,
    and what it does (the sides that do the same named together); C2's draw, which no side
    owes (TB-4.4); the result, which the organiser or an arbiter enters (TB-20.4)."""
    waiting = current.position.waiting_for(step)
    if not waiting:
        return _nobody(current, step)
    if step == "G4" and last_turn(current):  # the result ends the game: no side's done
        return _result_due(current)
    duties: dict[str, list[str]] = {}
    for side in waiting:
        duties.setdefault(duty(current, step, side), []).append(side)
    said = []
    for what, sides in duties.items():
        whose = f" --side {sides[0]}" if len(waiting) > 1 and len(sides) == 1 else ""
        whose = " --side SIDE" if len(sides) > 1 else whose
        done = what.replace("{done}", f"done {step}{whose}")
        said.append(f"{listing([_side(current, side) for side in sides])} {done}")
    if step == "G4":
        said.append(_result_due(current))
    return "; ".join(said)


def _result_due(current: State) -> str:
    """TB-20.1, TB-20.2 and TB-20.4: the result is the organiser's or an arbiter's to enter."""
    if last_turn(current):
        return (
            "the organiser or an arbiter must enter the scenario's result "
            "(winner rome|carthage|draw --reason …, TB-20.2, TB-20.4)"
        )
    return (
        "the organiser or an arbiter may enter an automatic victory "
        "(winner SIDE --automatic --reason …, TB-20.1, TB-20.4)"
    )


def _nobody(current: State, step: str) -> str:
    """A step in hand no side finishes: C2, which waits for its draw (TB-4.4)."""
    if step == "C2" and current.dice == "external":
        return (
            "the initiative draw from the LAM cup, entered from the table by either side or the "
            "organiser (initiative --drawn LEADER … --evidence …, or initiative leader|siege|"
            "delivery|augury|empty, TB-4.4, TB-16.4)"
        )
    if step == "C2":
        return (
            "the initiative draw from the LAM cup, made by the program when either side or the "
            "organiser asks (initiative), or entered as the table drew it (initiative leader|"
            "siege|delivery|augury|empty, TB-4.4)"
        )
    return "the program marks it done (TB-3.1)"


def duty(current: State, step: str, side: str) -> str:
    """What `side` does in `step` now, after its name and with a modal verb (so that it reads
    after one side as after two): a step's duties first (TB-3.4), then what may be entered in
    it, then done (`{done}`: the command, filled in by the caller)."""
    due = None if (step, side) in ROMAN_DUTIES else step_duty(current, step)
    if due is not None:
        return due
    said = DUTIES.get((step, side)) or DUTIES.get(step)
    if said is None or (step in ENTERED and _entered(current, step)):
        return "must enter done ({done})"
    return said.replace("enter done", "enter done ({done})")


ROMAN_DUTIES = {("D", "carthage"), ("G2", "carthage")}
"""The steps both sides finish whose duties (`step_duty`) are Rome's alone: the Dictator in D
(TB-9.4, TB-9.5), the PU's training in G2 (TB-11.9)."""
ENTERED = ("B2a", "B2b", "B3a")
"""The steps whose roll or record, once entered, leaves only done (TB-12.1, TB-11.4)."""


def _entered(current: State, step: str) -> bool:
    """B2a and B2b once rolled (TB-12.1), B3a once the NS levels built are recorded (TB-11.4):
    what is left is done."""
    if step == "B2a":
        return current.turn in current.family
    if step == "B2b":
        return current.turn in current.climate
    return current.turn in current.ns_built


def step_duty(current: State, step: str) -> str | None:
    """A step's duties (TB-3.4) and what is entered in it, said after the side's name: who is
    still to be prorogued or released, to roll for Pluto, the election due, the Armies B2 asks
    for, the tribes' rolls (TB-23.3), the Augury, the result."""
    c, climate = current.carthaginians, current.current_climate()
    due_tribes = tribes.due(current.setup, current.tribes, step) if step in ("B4a", "B4b") else []
    if due_tribes:
        named = ", ".join(current.setup.tribes[t].name for t in due_tribes)
        return f"must roll for {named} (tribal: {named} roll, TB-23.3)"
    if step == "B2c" and carthage.due_b2c(c, climate):
        return (
            f"must check an Army for disbanding, one of {', '.join(carthage.eligible(c))} "
            "(disband ARMY, TB-12.4), then enter done ({done})"
        )
    if step == "B2d" and carthage.due_b2d(c):
        armies = ", ".join(carthage.due_b2d(c))
        return f"must appoint a commander for Army {armies} (appoint, TB-13.1)"
    due = carthage.postings_due(c, climate, current.alert_assigns)
    if step == "B2e" and due:
        return f"must assign an Army to {' and '.join(due)} (station, TB-12.6)"
    r = current.romans
    if step == "D" and current.dictator_due and not r.count("Dictator"):
        must = "must" if current.dictator_due == "Major" else "may"
        return (
            f"{must} elect a Dictator first: a {current.dictator_due} Emergency arose "
            "(elect dictator, TB-9.5)"
        )
    if step == "D" and elections.dictators_awaiting(r):
        return (
            "must choose where the Dictator goes (dictator --ca N: the field, or dictator --me "
            "NAME: Rome, TB-9.4)"
        )
    if step == "E" and not current.augured:
        return (
            "must enter the Augury first (augury --roll N --event …, TB-22.1), then report the "
            "Augury Phase (land-battle, siege …) and enter done ({done})"
        )
    if step == "G2" and legions.trainees(r) and not r.drilled:
        return f"must train Legion {', '.join(legions.trainees(r))} (train, TB-11.9)"
    if step == "B1a" and prorogues.unassigned(r):
        names = ", ".join(r.leaders[lid].name for lid in prorogues.unassigned(r))
        return f"must name the assignment of {names} (assign NAME --theater …, TB-7.4)"
    if step == "B1a" and prorogues.due_b1a(r):
        names = ", ".join(r.name(lid) for lid in prorogues.due_b1a(r))
        return f"must prorogue or release {names} (prorogue NAME or release NAME, TB-7.2, TB-7.5)"
    if step == "B1b" and prorogues.due_pluto(r):
        names = ", ".join(r.name(lid) for lid in prorogues.due_pluto(r))
        return f"must roll A Visit from Pluto for {names} (pluto, TB-7.7)"
    if step == "B1c":
        return _election(r, current.turn)
    return None


def _election(r: Any, turn: int) -> str | None:
    """TB-8: the election due in B1c, as a sentence."""
    post = elections.next_post(r, turn)
    if post is None:
        return None
    if post.office == "Dictator's army":
        return (
            "must choose where the Dictator goes (dictator --ca N: the field, or dictator --me "
            "NAME: Rome, TB-9.4)"
        )
    if post.office == "Dictator":
        return "must elect a Dictator: a Major Emergency obliges it (elect dictator, TB-9.4)"
    if post.office == "Imperium":
        name = r.leaders[post.leader].name
        return f"must give Consul {name} an army, elected without one (imperium {name}, TB-8.3)"
    return f"must elect {post} (elect {post.office.lower()}, or elect --all, TB-8)"


KIND = Thunderbolt()
