"""The checks of the tribes' chapter (TB-23, TB-24): each raises the rule it applies; the
decisions list them, the fold never calls them."""

from __future__ import annotations

from campaign.errors import RuleViolation
from campaign.input.names import resolve
from campaign.input.text import sentence
from campaign.kinds.thunderbolt.board import positions, rules
from campaign.kinds.thunderbolt.board.naming import Envoy
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.board.tribes import PACIFICATION, due

VICTORIES = ("none", "minor", "major")
"""TB-23.4, TB-23.5: the Victory DRM a leader claims: none, a Victory (not Major), a Major."""
SWAYING_OFFICES = ("Consul", "Proconsul", "Dictator", "ME")
"""TB-23.5: the Roman magistrates who may use Diplomacy with a tribe (9.32)."""
GALLIC_THEATERS = ("Gallia Cisalpina", "Liguria")


def tribe_of(state: State, given: str) -> str:
    """A tribe by its key or name (TB-23.1)."""
    aliases = {t.name: t.id for t in state.setup.tribes.values()}
    aliases.update({tid: tid for tid in state.setup.tribes})
    if not aliases:
        raise RuleViolation("TB-23.1", "This scenario's set-up file has no tribes")
    return aliases[resolve("tribe", given, aliases)]


def check_where(state: State, e: Envoy, tribe: str, rule: str) -> None:
    """TB-23.4, TB-23.5: the leader stands in the province of the tribe's base hex."""
    t = state.setup.tribes[tribe]
    if e.province != t.province:
        raise RuleViolation(
            rule,
            f"{state.named(e.leader)} is in {state.setup.provinces[e.province].name}, the "
            f"{t.name} in {state.setup.provinces[t.province].name}",
        )


def check_guile(state: State, e: Envoy, spent: int) -> None:
    """TB-24.1: a leader with Guile Points available spends at most those he has."""
    left = state.guile(e.leader)
    if left < 1:
        raise RuleViolation("TB-24.1", f"{state.named(e.leader)} has no Guile Point available")
    if not 0 <= spent <= left:
        raise RuleViolation(
            "TB-24.1", f"{state.named(e.leader)} has {left} Guile Point{'s' * (left != 1)} to spend"
        )


def check_victory(state: State, e: Envoy, victory: str, near: bool) -> None:
    """TB-23.4, TB-23.5: a Victory DRM only for a land battle his side won this Game Turn in
    the province (or, raising troops, next to it), a Major one for a Major Victory."""
    if victory == "none":
        return
    around = {e.province, *state.setup.provinces[e.province].adjacent} if near else {e.province}
    won = [major for province, side, major in state.won if side == e.side and province in around]
    if not won or (victory == "major" and not any(won)):
        kind = "Major Victory" if victory == "major" else "Victory"
        raise RuleViolation(
            "TB-23.4" if near else "TB-23.5",
            f"No {kind} of {sentence(e.side)} in a land battle this Game Turn there is recorded "
            "(land-battle)",
        )


def check_levy(state: State, e: Envoy, tribe: str) -> None:
    """TB-23.4 (9.21, 9.22): Carthage raises from tribes in any Theater, Rome only in Hispania;
    from an Active, undepleted tribe allied to him, not In Revolt; by an unbesieged leader with
    a Guile Rating, at most that many times in an Operations Phase and once per tribe."""
    t, s = state.setup.tribes[tribe], state.tribes.standing[tribe]
    theater = state.setup.provinces[t.province].theater
    if e.side == rules.ROME and theater != "Hispania":
        raise RuleViolation("TB-23.4", "Rome raises troops from tribes only in Hispania")
    if s.allegiance != e.side or s.revolt:
        raise RuleViolation("TB-23.4", f"The {t.name} are not {_allies(e.side)}")
    if s.pacified or s.depleted:
        raise RuleViolation("TB-23.4", f"The {t.name} are {s.status}: no troops to raise")
    if e.side == rules.ROME and state.romans.besieged.get(e.leader):
        raise RuleViolation("TB-23.4", f"{state.named(e.leader)} is besieged")
    _check_ops(state, e, tribe, "levy", state.leader(e.leader).guile, "TB-23.4")


def check_diplomacy(state: State, e: Envoy, tribe: str) -> None:
    """TB-23.5 (9.32): a Consul, Proconsul, Dictator or ME with his Legions, or a Carthaginian
    Army Commander; never with a Pacified tribe; at most his Guile Points at the Operations
    Phase's start, once per tribe; not by the allied player of a tribe In Revolt (TB-23.7)."""
    t, s = state.setup.tribes[tribe], state.tribes.standing[tribe]
    if e.side == rules.ROME and (
        state.romans.office(e.leader) not in SWAYING_OFFICES
        or not positions.army_of(state.romans, e.leader)
    ):
        raise RuleViolation(
            "TB-23.5", "A Consul, Proconsul, Dictator or ME with his Legions uses Diplomacy"
        )
    if e.side == rules.CARTHAGE and e.detachment:
        raise RuleViolation("TB-23.5", "An Army Commander with his Army uses Diplomacy")
    if s.pacified:
        raise RuleViolation("TB-23.5", f"The {t.name} are Pacified: their allegiance stands")
    if s.allegiance == e.side and not s.revolt:
        raise RuleViolation("TB-23.5", f"The {t.name} are {_allies(e.side)} already")
    if s.revolt and s.allegiance == e.side:
        raise RuleViolation("TB-23.7", f"The {t.name} are In Revolt against {sentence(e.side)}")
    _check_ops(state, e, tribe, "diplomacy", state.guile(e.leader, True), "TB-23.5")


def _check_ops(state: State, e: Envoy, tribe: str, what: str, most: int, rule: str) -> None:
    ops = state.tribes.ops
    if any(p == state.operations and tid == tribe and w == what for p, _, tid, w in ops):
        raise RuleViolation(
            rule, f"The {state.setup.tribes[tribe].name} have been tried once this Operations Phase"
        )
    made = sum(p == state.operations and lid == e.leader and w == what for p, lid, _, w in ops)
    if made >= most:
        raise RuleViolation(
            rule, f"{state.named(e.leader)} may make {most} such operations a phase"
        )


def sway_drm(state: State, e: Envoy, tribe: str) -> int:
    """TB-23.5 (9.33): +1 for Rome in Hispania, for Carthage in Gallia Cisalpina or Liguria."""
    theater = state.setup.provinces[state.setup.tribes[tribe].province].theater
    favoured = (e.side == rules.ROME and theater == "Hispania") or (
        e.side == rules.CARTHAGE and theater in GALLIC_THEATERS
    )
    return 1 if favoured else 0


def check_muster(state: State, tribe: str, against: str) -> None:
    """TB-23.6 (9.12, 9.14, 9.18): a Pacified tribe neither intercepts nor is attacked; an
    Active one fights a side it is not allied to (its own, only In Revolt); one battle at a
    time."""
    t, s = state.setup.tribes[tribe], state.tribes.standing[tribe]
    if s.pacified:
        raise RuleViolation(
            "TB-23.6", f"The {t.name} are Pacified: they neither fight nor are fought"
        )
    if s.allegiance == against and not s.revolt:
        raise RuleViolation("TB-23.6", f"The {t.name} are {_allies(against)}")
    if tribe in state.tribes.mustered:
        raise RuleViolation("TB-23.6", f"The {t.name}'s mustered force awaits its battle's result")


def check_fought(state: State, tribe: str, winner: str, major: bool) -> None:
    """TB-23.6: a battle's result follows the tribe's muster: the tribe, the side it fought,
    or none (a Major Victory is a winner's)."""
    t = state.setup.tribes[tribe]
    if tribe not in state.tribes.mustered:
        raise RuleViolation("TB-23.6", f"The {t.name} have mustered no force: tribe-muster first")
    against = state.tribes.mustered[tribe][0]
    if winner not in ("tribe", against, "none"):
        raise RuleViolation("TB-23.6", f"The {t.name} fought {sentence(against)}")
    if major and winner == "none":
        raise RuleViolation("TB-23.6", "A battle without a winner has no Major Victory")


def check_revolt(state: State, tribe: str, ended: bool) -> None:
    """TB-23.7: In Revolt, as an Augury's event directs (entered in E after it): a tribe allied
    to a side, not In Revolt already; removed only from a tribe In Revolt."""
    t, s = state.setup.tribes[tribe], state.tribes.standing[tribe]
    if not state.augured:
        raise RuleViolation("TB-23.7", "A revolt follows the Augury entered: augury --event first")
    if ended and not s.revolt:
        raise RuleViolation("TB-23.7", f"The {t.name} are not In Revolt")
    if not ended and (s.revolt or s.allegiance == "neutral"):
        raise RuleViolation(
            "TB-23.7", f"The {t.name} are {'In Revolt' if s.revolt else 'Neutral'} already"
        )


def check_tribal_done(state: State, step: str) -> None:
    """TB-23.3: B4a and B4b end once every tribe due has rolled."""
    waiting = due(state.setup, state.tribes, step) if step in ("B4a", PACIFICATION) else []
    if waiting:
        names = ", ".join(state.setup.tribes[tid].name for tid in waiting)
        raise RuleViolation("TB-23.3", f"The tribes roll first: tribal ({names})")


def _allies(side: str) -> str:
    return f"allied to {sentence(side)}"
