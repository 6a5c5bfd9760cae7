"""Thunderbolt's checks: one small function per rule, raising a RuleViolation that cites it."""

from __future__ import annotations

from collections.abc import Sequence

from campaign.domain.drafts import Draft
from campaign.errors import RuleViolation
from campaign.input.names import folded
from campaign.input.text import sentence
from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import (
    cup,
    elections,
    offices,
    positions,
    prorogues,
    rules,
    sequence,
)
from campaign.kinds.thunderbolt.board import raising as legions
from campaign.kinds.thunderbolt.board import tribe_checks as tribal_checks
from campaign.kinds.thunderbolt.board.charts import FAMILIES
from campaign.kinds.thunderbolt.board.result import result_due
from campaign.kinds.thunderbolt.board.state import State
from events.thunderbolt.allies import DiplomacyAttempted
from events.thunderbolt.carthage import (
    ArmyDetached,
    ArmyPosted,
    ArmyRaised,
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
    MacedonianWarResolved,
)
from events.thunderbolt.magistrates import (
    AssignmentNamed,
    GovernorDesignated,
    ImperiumGiven,
    MagistrateElected,
    MagistrateProrogued,
    MagistrateReleased,
    PlutoVisited,
)
from events.thunderbolt.naval import NavalAllotted
from events.thunderbolt.senate import (
    DictatorTakesTheField,
    MasterOfHorseNamed,
    SenateAsked,
    TriumphCelebrated,
    TriumphEarned,
)
from events.thunderbolt.tribes import GuileSpent, TribeLevied, TribeParleyed, TribeSwayed
from events.thunderbolt.turn import PhaseGivenToPU, StepFinished
from events.thunderbolt.victory import VictoryDetermined


def check_two_players(players: Sequence[str]) -> None:
    """TB-1.1: a start names two players, Rome's and Carthage's, in that order."""
    if len(players) != 2:
        raise RuleViolation(
            "TB-1.1", f"Thunderbolt is played by two players, Rome and Carthage, not {len(players)}"
        )
    check_players(*players)


def check_players(rome: str, punic: str) -> None:
    """TB-1.1: two sides, Rome and Carthage, one player each."""
    if not rome.strip() or not punic.strip():
        raise RuleViolation("TB-1.1", "Name both players: --rome PLAYER --carthage PLAYER")
    if folded(rome) == folded(punic):
        raise RuleViolation("TB-1.1", "Rome and Carthage are played by two different players")


def check_step(state: State, steps: Sequence[str], doing: str) -> None:
    """TB-3.2: a command belongs to its steps; refused elsewhere, naming where it belongs."""
    if state.position.over:
        raise RuleViolation("TB-3.5", "The game is over")
    if not set(steps) & set(state.position.open):
        now = " and ".join(state.position.open)
        raise RuleViolation(
            "TB-3.2",
            f"{sentence(doing)} belongs to {' or '.join(steps)}; Game Turn {state.turn} is at "
            f"{now}",
        )


def check_duties(state: State, step: str) -> None:
    """TB-3.4: "done" is refused while a duty of the step is open (B2a and B2b: no result)."""
    if step == "B2a" and state.turn not in state.family:
        raise RuleViolation("TB-3.4", "The Family in Power has not been rolled for yet (family)")
    if step == "B2b" and state.turn not in state.climate:
        raise RuleViolation("TB-3.4", "The Political Climate has not been rolled for yet (climate)")
    c = state.carthaginians
    climate = state.current_climate()
    if step == "B2c" and carthage.due_b2c(c, climate):
        armies = ", ".join(carthage.eligible(c))
        raise RuleViolation(
            "TB-3.4", f"Carthage is over its limit: check an Army for disbanding ({armies})"
        )
    if step == "B2d" and carthage.due_b2d(c):
        raise RuleViolation(
            "TB-3.4", f"Army {', '.join(carthage.due_b2d(c))} needs a commander: appoint"
        )
    if step == "B2e" and carthage.postings_due(c, climate, state.alert_assigns):
        due = " and ".join(carthage.postings_due(c, climate, state.alert_assigns))
        raise RuleViolation("TB-3.4", f"An Army is still to be assigned to {due}: station")
    if step in ("B4a", "B4b"):
        tribal_checks.check_tribal_done(state, step)
    if step == "E" and not state.augured:
        raise RuleViolation(
            "TB-22.1", "The Augury Phase's Augury is to be entered first: augury --event TEXT"
        )
    if step == "G4" and result_due(state):
        raise RuleViolation(
            "TB-20.2",
            "The last Game Turn ends with its result: winner rome|carthage|draw --reason …",
        )
    r = state.romans
    if step == "B1a" and prorogues.due_b1a(r):
        names = ", ".join(r.name(lid) for lid in prorogues.due_b1a(r))
        raise RuleViolation("TB-3.4", f"Prorogue or release every magistrate first: {names}")
    if step == "B1a" and prorogues.unassigned(r):
        names = ", ".join(r.name(lid) for lid in prorogues.unassigned(r))
        raise RuleViolation("TB-7.4", f"Name the assignment of {names} first: assign")
    if step == "B1b" and prorogues.due_pluto(r):
        names = ", ".join(r.name(lid) for lid in prorogues.due_pluto(r))
        raise RuleViolation("TB-3.4", f"A Leader Loss roll is still due for {names}: pluto")
    if step == "B1c":
        elections.check_b1c_over(r, state.turn)
    if step == "D" and state.dictator_due == "Major" and not r.count("Dictator"):
        raise RuleViolation(
            "TB-9.5", "A Major Emergency arose: the Dictator is elected first (elect dictator)"
        )
    if step == "G2" and legions.trainees(r) and not r.drilled:
        raise RuleViolation("TB-3.4", "The Legions the PU trains in Rome roll first: train")


def check_oc(state: State) -> None:
    """TB-13.7: Carthage names its new OC before it finishes a step."""
    c = state.carthaginians
    if c.oc_due and carthage.commanders(c):
        names = " or ".join(
            c.leaders[lid].name for lid in carthage.oc_candidates(c, state.family_in_power())
        )
        raise RuleViolation("TB-13.7", f"Carthage names its Overall Commander first: oc {names}")


def check_once(state: State, what: str) -> None:
    """TB-12.1: one Family in Power and one Political Climate a Game Turn."""
    if state.turn in {"family": state.family, "climate": state.climate}[what]:
        raise RuleViolation("TB-12.1", f"The {what} of Game Turn {state.turn} is rolled already")


def check_outcome(what: str, outcome: str) -> None:
    """TB-12.1: Barcid or Magonid; Cautious, Interested, Alert or Aggressive."""
    allowed = FAMILIES if what == "family" else rules.CLIMATES
    if outcome not in allowed:
        raise RuleViolation("TB-12.1", f"The {what} is {' or '.join(allowed)}, not {outcome!r}")


def check_face(face: int) -> None:
    """TB-16.4: a face entered is 0 to 9."""
    if not 0 <= face <= 9:
        raise RuleViolation("TB-16.4", f"A d10 shows 0 to 9, not {face}")


def check_track(state: State, province: str, rule: str = "TB-15.1") -> None:
    """TB-15.1: only the provinces the set-up puts on the track move on it."""
    if province not in state.track:
        on = ", ".join(state.track)
        raise RuleViolation(rule, f"{province} is not on the Italian Allies track ({on})")


def check_carthage_allied(state: State, province: str) -> None:
    """TB-15.7: Roman Retribution follows a sack in a Carthage-allied track province."""
    check_track(state, province, "TB-15.7")
    if state.track[province][1] != rules.CARTHAGE:
        raise RuleViolation(
            "TB-15.7", f"{province} is allied to Rome: a sack there brings no Retribution"
        )


def check_ambassador(result: str) -> None:
    """TB-15.6: an Ambassador Table result is a whole number of boxes or "D"."""
    try:
        boxes = rules.ambassador_boxes(result)
    except ValueError:
        raise RuleViolation(
            "TB-15.6", f"An Ambassador Table result is a number of boxes or D, not {result!r}"
        ) from None
    if abs(boxes) > 2 * rules.TOP:
        raise RuleViolation("TB-15.6", f"No Ambassador Table result moves {boxes} boxes")


def check_request(state: State) -> None:
    """TB-11.3: one Legion Request a Game Turn (Legions, reinforcements or the Marine Legion)."""
    if state.romans.requested:
        raise RuleViolation("TB-11.3", f"Rome's Legion Request of Game Turn {state.turn} is made")


def check_side(side: str) -> None:
    if side not in sequence.BOTH:
        raise RuleViolation("TB-1.1", f"The sides are rome and carthage, not {side!r}")


def check_revealed(state: State) -> None:
    """TB-16.2: the last Game Turn's secret is revealed before anything of the next."""
    last = state.turn - 1
    if state.dice == "committed" and last >= 1 and last not in state.revealed:
        raise RuleViolation("TB-16.2", f"Game Turn {last}'s dice secret must be revealed first")


def check_reveal(state: State, turn: int, secret: str) -> None:
    """TB-16.2 and TB-16.3: the secret of the Game Turn that ended, matching its commitment and
    every roll of the turn."""
    ended = turn == state.turn - 1 or (state.position.over and turn == state.turn)
    if state.dice != "committed" or turn in state.revealed or not ended:
        raise RuleViolation("TB-16.2", f"Game Turn {turn}'s secret is revealed once, as it ends")
    if rules.commitment(state.campaign, turn, secret) != state.commitments.get(turn):
        raise RuleViolation(
            "TB-16.2", f"The secret does not match Game Turn {turn}'s published commitment"
        )
    for roll in state.rolls:
        if roll.turn != turn:
            continue
        line = rules.record(state.campaign, turn, roll.number, roll.kind, roll.subject)
        if roll.candidates:
            drawn = roll.candidates[rules.draw_index(secret, line, len(roll.candidates))]
            if drawn != roll.drawn:
                raise RuleViolation(
                    "TB-16.3",
                    f"Random event {roll.number} drew {roll.drawn}, but its record and Game Turn "
                    f"{turn}'s secret draw {drawn}",
                )
            continue
        if rules.die(secret, line) != roll.face:
            raise RuleViolation(
                "TB-16.3",
                f"Random event {roll.number} shows {roll.face}, but its record and Game Turn "
                f"{turn}'s secret give {rules.die(secret, line)}",
            )


def check_senate(state: State, leader: str, purpose: str) -> None:
    """TB-10.2 to TB-10.4: who may ask the Senate for what, once per purpose in an Operations
    Phase."""
    r = state.romans
    held = r.magistrates.get(leader)
    if held is None:
        raise RuleViolation("TB-10.1", f"{r.name(leader)} holds no office to ask the Senate from")
    if purpose == "leave":
        if held.office in ("Dictator", "ME"):
            raise RuleViolation("TB-10.4", f"A {held.office} needs no leave to go out")
        if not held.legions:
            raise RuleViolation("TB-10.4", f"{r.name(leader)} has no Imperium: he needs no leave")
    if purpose == "enter-rome" and not state.facts.enemy_near_rome:
        raise RuleViolation(
            "TB-10.2", "Entering Rome is asked only with 20+ enemy SP within 10 hexes of Rome"
        )
    if purpose == "pu-out":
        if held.office != "PU":
            raise RuleViolation("TB-10.2", "Only the PU asks to go out of Rome")
        if state.emergency()[0] == "none":
            raise RuleViolation("TB-10.2", "The PU asks to go out of Rome only in an Emergency")
    if purpose == "over-8" and held.office != "Dictator":
        raise RuleViolation("TB-10.2", "Only the Dictator asks to move over 8 Legions")
    if (state.operations, leader, purpose) in state.asked:
        raise RuleViolation(
            "TB-10.3", f"{r.name(leader)} has asked for {purpose} in this Operations Phase already"
        )


def check_manpower(state: State, leader: str) -> None:
    """TB-11.3: a Manpower Operation is made by a Dictator or Consul, in his own Operations Phase
    (at most once per LAM), standing in Roman Italy and not besieged, only while 20+ enemy SP
    are in Roman Italy; TB-18.9: by one leader a Game Turn (setting `manpower-op-leaders`)."""
    r = state.romans
    office = r.office(leader)
    if office not in ("Dictator", "Consul"):
        raise RuleViolation("TB-11.3", "Only a Dictator or Consul makes Manpower Operations")
    if state.phase_leader != leader:
        raise RuleViolation(
            "TB-11.3", f"{r.name(leader)} makes a Manpower Operation only in his Operations Phase"
        )
    if positions.theater_of(r, leader) != offices.ROMAN_ITALY or r.besieged.get(leader):
        raise RuleViolation(
            "TB-11.3", f"{r.name(leader)} makes Manpower Operations in Roman Italy, unbesieged"
        )
    if not state.situation.get("enemy-in-italy"):
        raise RuleViolation(
            "TB-11.3",
            "Manpower Operations only while 20+ enemy SP are in Roman Italy (facts "
            "--enemy-in-italy)",
        )
    if (state.operations, leader) in state.manpower_ops:
        raise RuleViolation(
            "TB-11.3", f"{r.name(leader)} has made his Manpower Operation of this LAM"
        )
    others = {lid for _, lid in state.manpower_ops if lid != leader}
    if others and state.settings.get("manpower-op-leaders", "one") == "one":
        raise RuleViolation(
            "TB-18.9",
            f"{r.name(sorted(others)[0])} makes this Game Turn's Manpower Operations (setting "
            "manpower-op-leaders = one)",
        )


def check_own_phase(state: State, leader: str, doing: str, rule: str) -> None:
    """TB-4.4: an operation of the leader's own Operations Phase (a draw entered without the cup
    names no leader, and any may act): a tribe's dealings (TB-23.4, TB-23.5), an ambassador
    (TB-27.3), a Carthaginian Manpower Operation (TB-28.2, TB-28.3)."""
    if state.phase_leader is not None and state.phase_leader != leader:
        raise RuleViolation(
            rule, f"{sentence(doing)} is made in {state.named(leader)}'s own Operations Phase"
        )


def check_cup_empty(state: State) -> None:
    """TB-4.4: C2 finds no LAM left only when none is: while the Game Turn's draws come from the
    cup the program keeps, the LAMs still in it say so (#28: `initiative empty` was accepted with
    LAMs left); where the table draws (nothing drawn from the program's cup yet, or a draw typed
    by its kind alone), its word is taken."""
    if state.cup_by != "cup":
        return
    void = cup.void_leaders(state.romans, state.carthaginians)
    lams = [m for m in cup.live(state.cup, void) if cup.is_lam(m)]
    if lams:
        raise RuleViolation(
            "TB-4.4",
            f"{len(lams)} LAM{'s' * (len(lams) != 1)} still in the cup: draw the next marker "
            "(initiative), or enter what the table drew (initiative leader|siege|augury)",
        )


def check_carthaginian_phase(state: State, doing: str) -> None:
    """TB-14.3: in Operations, SP join a Carthaginian Army in its Commander's Operations Phase
    or a Reinforcement LAM's delivery — never in a Roman leader's (#28: it was accepted)."""
    leader = state.phase_leader
    if leader is not None and leader in state.romans.leaders:
        raise RuleViolation(
            "TB-14.3",
            f"{sentence(doing)} join an Army in its Commander's Operations Phase or a "
            f"Reinforcement LAM's delivery, not in {state.romans.name(leader)}'s",
        )


ROME_DECIDES = frozenset(
    {
        MagistrateProrogued, MagistrateReleased, AssignmentNamed, PlutoVisited,
        MagistrateElected, ImperiumGiven, GovernorDesignated, DictatorTakesTheField,
        MasterOfHorseNamed, SenateAsked, TriumphEarned, TriumphCelebrated, LegionsRequested,
        LegionsReinforced, MarineRaised, SlavesRaised, LegateDelivered, NavalBuilt,
        TrainingRolled, LegionsDisbanded, PhaseGivenToPU, ManpowerOperation, LegionsCommitted,
        LegionsReturned, MacedonianWarResolved,
    }
)  # fmt: skip
"""TB-1.1: what Rome's player decides (Phase B1, B3, the Senate, his Legions and leaders)."""
CARTHAGE_DECIDES = frozenset(
    {
        PoliticsRolled, DisbandChecked, CommanderAppointed, ArmyPosted, ArmyReinforced,
        ArmyDetached, DetachmentRejoined, CommanderRecalled, OverallCommanderNamed,
        DiplomacyAttempted, ArmyRaised, ProvincesLevied, OCManpowerRaised, SubordinateDrawn,
    }
)  # fmt: skip
"""TB-1.1: what Carthage's player decides (Phase B2, his Armies, Hannibal's Diplomacy, his
Manpower Operations). The reports from the table (battles, sieges, moves, facts, the Allies'
shifts) either side enters."""
BY_SIDE = frozenset(
    {
        StepFinished, TribeLevied, TribeSwayed, NavalAllotted, AmbassadorSent, TribeParleyed,
        GuileSpent,
    }
)  # fmt: skip
"""TB-1.1: what the side named in it decided (a step finished; a leader's dealings with a tribe,
TB-23.4, TB-23.5; an ambassador, TB-27.3; a Parley, TB-24.2; Guile spent at the table, TB-24.4)."""


def check_own_side(state: State, decided: Sequence[Draft], actor: str) -> None:
    """TB-1.1: each side's player enters his own side's decisions (a step finished included);
    the organiser and the arbiters enter anyone's."""
    players = {"rome": state.rome, "carthage": state.carthage}
    own = next((side for side, who in players.items() if folded(who) == folded(actor)), None)
    if own is None:
        return
    for d in decided:
        if d.kind is VictoryDetermined:
            raise RuleViolation(
                "TB-20.4",
                f"{players[own]} plays {sentence(own)}: the game's result is entered by the "
                "organiser or an arbiter",
            )
        side = d.fields.get("side") if d.kind in BY_SIDE else None
        side = side or ("rome" if d.kind in ROME_DECIDES else None)
        side = side or ("carthage" if d.kind in CARTHAGE_DECIDES else None)
        if side is not None and side != own and not d.automatic:
            raise RuleViolation(
                "TB-1.1",
                f"{players[own]} plays {sentence(own)}: {sentence(side)}'s decisions are entered "
                f"by {players[side]} or the organiser",
            )


def check_not_reallotted(state: State, side: str) -> None:
    """TB-26.4 (8.11): "construction completed before Re-allotment": a side that has re-allotted
    NS levels this Game Turn builds none after (Rome's `naval --built`, Carthage's `ns --built`)."""
    if f"{state.turn}/{side}" in state.naval_moved:
        raise RuleViolation(
            "TB-26.4",
            f"Construction is completed before re-allotment (8.11): {rules.SIDES[side]} has "
            "re-allotted NS levels this Game Turn, so builds none after",
        )
