"""Guile as a ledger (docs/thunderbolt-beyond-tb19.md, TB-24): every Guile Point a leader spends
is an event of the log — a Senate roll, a Triumph's, raising troops from a tribe, Diplomacy with
one, Hannibal's Diplomacy, an ambassador, a Parley, Treachery, a roll the table makes — and what
he has left this Game Turn follows from them (`State.guile`, folded). Pure checks, each raising
the rule it applies, and the ledger read back from a Game Turn's events for its report."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from campaign.domain.grammar import listing, plural
from campaign.errors import RuleViolation
from campaign.input.names import folded
from campaign.input.text import sentence
from campaign.kinds.thunderbolt.board import rules
from campaign.kinds.thunderbolt.board.armies import HANNIBAL, MAP
from campaign.kinds.thunderbolt.board.state import Betrayed, State
from events.thunderbolt.allies import DiplomacyAttempted
from events.thunderbolt.macedonia import AmbassadorSent
from events.thunderbolt.reports import TreacheryUsed
from events.thunderbolt.senate import SenateAsked, TriumphCelebrated
from events.thunderbolt.tribes import GuileSpent, TribeLevied, TribeParleyed, TribeSwayed

USES = {
    "roman-gauls": ("9.43", "Roman Gallic Desertion", (rules.ROME, rules.CARTHAGE)),
    "carthaginian-gauls": ("9.44", "Carthaginian Gallic Desertion", (rules.CARTHAGE,)),
    "avoidance": ("13.52", "a Fleet's Avoidance", (rules.ROME, rules.CARTHAGE)),
}
"""TB-24.4: the rolls the table makes, and the tracker keeps no record of, that a leader may
spend Guile on: the rulebook's section, what it is, the sides whose leaders may."""


def side_of(state: State, leader: str) -> str:
    """The side a leader plays for (TB-1.1)."""
    return rules.ROME if leader in state.romans.leaders else rules.CARTHAGE


def check_spend(state: State, leader: str, points: int, rule: str) -> None:
    """TB-24.1: a spending (`rule`: the use that spends) is 1 Point or more, at most the Points
    the leader has left this Game Turn."""
    if points < 1:
        raise RuleViolation(rule, f"Guile Points spent are 1 or more, not {points}")
    left = state.guile(leader)
    if points > left:
        raise RuleViolation(
            "TB-24.1",
            f"{state.named(leader)} has {plural(left, 'Guile Point')} left this Game Turn, "
            f"not {points}",
        )


def check_untyped(modifiers: Mapping[str, int]) -> None:
    """TB-24.5: Guile is spent where a rule lets it be, with its own option, so that the ledger
    holds it: a chart's DRM typed under a Guile name would spend Points nothing records."""
    named = next((name for name in modifiers if "guile" in folded(name)), None)
    if named is not None:
        raise RuleViolation(
            "TB-24.5",
            f"Guile is not a chart's DRM ({named}): spend it with --guile where the rule allows "
            "it, so that the Points spent are recorded",
        )


def check_on_the_map(state: State, leader: str, rule: str) -> None:
    """A leader who spends Guile at the table is on the map, in the battle or the siege."""
    places = state.romans.places if leader in state.romans.leaders else state.carthaginians.places
    if places.get(leader) != MAP:
        raise RuleViolation(rule, f"{state.named(leader)} is not on the map")


def check_table_use(state: State, leader: str, use: str) -> None:
    """TB-24.4: a leader on the map, of a side whose leaders may spend Guile on that roll (9.44:
    "The Roman player may not use Guile Points here")."""
    check_on_the_map(state, leader, "TB-24.4")
    section, what, sides = USES[use]
    if side_of(state, leader) not in sides:
        raise RuleViolation(
            "TB-24.4",
            f"{state.named(leader)} is {rules.SIDES[side_of(state, leader)]}'s: only "
            f"Carthage's leaders spend Guile on {what} ({section})",
        )


def check_treachery(state: State, leader: str) -> Betrayed:
    """TB-24.3 (4.24): Treachery is used by a leader present at the siege that it ended, of the
    side that took the city, on the map — a Roman in office (a Proconsul too, 4.24's exception
    to AW 9.62) — with a Guile Point to spend."""
    b = state.betrayed
    if b is None:
        raise RuleViolation(
            "TB-24.3", "Treachery is entered with its siege: siege … --ended treachery --by LEADER"
        )
    if leader not in b.leaders:
        raise RuleViolation("TB-24.3", f"{state.named(leader)} was not at the siege of {b.city}")
    if side_of(state, leader) != b.side:
        raise RuleViolation(
            "TB-24.3", f"{state.named(leader)} is not {rules.SIDES[b.side]}'s, who took {b.city}"
        )
    check_on_the_map(state, leader, "TB-24.3")
    if b.side == rules.ROME and leader not in state.romans.magistrates:
        raise RuleViolation("TB-24.3", f"{state.named(leader)} holds no office to use Treachery")
    if state.guile(leader) < 1:
        raise RuleViolation(
            "TB-24.3", f"{state.named(leader)} has no Guile Point to spend on Treachery (4.24)"
        )
    return b


def check_parley(state: State, tribe: str, side: str) -> None:
    """TB-24.2 (9.12, 9.14, 9.15): only an Active tribe intercepts, and only a force of the side
    it is not allied to (its own too while In Revolt, TB-23.7); the parley comes before the
    battle, so before the tribe's muster."""
    t, s = state.setup.tribes[tribe], state.tribes.standing[tribe]
    if s.pacified:
        raise RuleViolation("TB-24.2", f"The {t.name} are Pacified: they intercept nobody (9.12)")
    if s.allegiance == "neutral":
        raise RuleViolation(
            "TB-24.2", f"The {t.name} are Neutral: a tribe intercepts its ally's opponent (9.14)"
        )
    if s.allegiance == side and not s.revolt:
        raise RuleViolation(
            "TB-24.2", f"The {t.name} are allied to {rules.SIDES[side]}: they intercept it not"
        )
    if tribe in state.tribes.mustered:
        raise RuleViolation(
            "TB-24.2", f"The {t.name} have mustered for battle: the parley comes before the muster"
        )


def hannibal(state: State) -> str:
    """TB-1.3: Hannibal by his key (2P-1 on the counter sheet), who spends on his Diplomacy."""
    c = state.carthaginians
    return next((lid for lid, who in c.leaders.items() if who.number == HANNIBAL), "")


def _tribe(state: State, tribe: str) -> str:
    return state.setup.tribes[tribe].name if tribe in state.setup.tribes else sentence(tribe)


def told_use(use: str) -> str:
    """A use of Guile at the table in words, with its section: `Roman Gallic Desertion (9.43,
    TB-24.4)`."""
    section, what, _ = USES.get(use, ("", use, ()))
    return f"{what} ({section}, TB-24.4)"


SPENT: dict[type, Callable[[Any, State], tuple[str, int, str]]] = {
    SenateAsked: lambda e, s: (e.leader, e.guile, "the Senate (TB-10.5)"),
    TriumphCelebrated: lambda e, s: (e.leader, e.guile, "a Triumph's Senate roll (TB-10.9)"),
    TribeLevied: lambda e, s: (
        e.leader, e.guile, f"raising troops from the {_tribe(s, e.tribe)} (TB-23.4)"
    ),
    TribeSwayed: lambda e, s: (
        e.leader, e.guile, f"Diplomacy with the {_tribe(s, e.tribe)} (TB-23.5)"
    ),
    DiplomacyAttempted: lambda e, s: (hannibal(s), 1, "Hannibal's Diplomacy (TB-15.6)"),
    AmbassadorSent: lambda e, s: (e.by, 1, "an ambassador to Macedonia (TB-27.3)"),
    TribeParleyed: lambda e, s: (
        e.leader, e.guile, f"a Parley with the {_tribe(s, e.tribe)} (TB-24.2)"
    ),
    TreacheryUsed: lambda e, s: (e.leader, 1, f"Treachery at {e.city} (TB-24.3)"),
    GuileSpent: lambda e, s: (e.leader, e.points, told_use(e.use)),
}  # fmt: skip
"""TB-24.1: each event that spends Guile, read as (leader, Points, on what): the ledger."""


def spendings(state: State, events: Sequence[Any]) -> list[tuple[str, int, str]]:
    """TB-24.1: the Guile spent in `events`, in the log's order (none where none was)."""
    read = [SPENT[type(e)](e, state) for e in events if type(e) in SPENT]
    return [(lid, n, what) for lid, n, what in read if n and lid]


def ledger(state: State, events: Sequence[Any]) -> str | None:
    """TB-24.1: a Game Turn's Guile, leader by leader: what he spent it on, and what that left of
    his printed rating (the Points come back with the next Game Turn); None if none was spent."""
    by_leader: dict[str, list[tuple[int, str]]] = {}
    for lid, n, what in spendings(state, events):
        by_leader.setdefault(lid, []).append((n, what))
    if not by_leader:
        return None
    said = "; ".join(_spent(state, lid, spent) for lid, spent in by_leader.items())
    return f"Guile spent (TB-24.1): {said}"


def _spent(state: State, lid: str, spent: list[tuple[int, str]]) -> str:
    rating = state.leader(lid).guile
    left = max(0, rating - sum(n for n, _ in spent))
    uses = listing([f"{n} on {what}" for n, what in spent])
    return f"{state.named(lid)} spent {uses}, {left} of {rating} left"
