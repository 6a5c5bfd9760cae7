"""Britannia with Hadrian's Wall's events told in one line each, and what a crossing did."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import singledispatch

from campaign.domain.grammar import listing, possessive
from campaign.kinds.hadrians_wall import interpretations as chosen
from campaign.kinds.hadrians_wall import rules
from campaign.kinds.hadrians_wall.state import Crossing, State
from events.common import CampaignEvent
from events.hadrians_wall import (
    AreaTriggered,
    BattleReported,
    BattleResolved,
    ClockAdvanced,
    CounterMoved,
    CountersPlaced,
    CountersRemoved,
    GameSetUp,
    RollCorrected,
    SecretRevealed,
    WallsRemoved,
)


def area_name(area: str) -> str:
    """`south-mercia` → `South Mercia`: the board's names are its ids in words."""
    return area.replace("-", " ").title()


def nation_name(nation: str) -> str:
    return nation.replace("-", " ").title().replace("Romano British", "Romano-British")


def path_text(path: list[str]) -> str:
    return " → ".join(map(area_name, path))


@singledispatch
def describe(event: CampaignEvent) -> str:
    return type(event).__name__


@describe.register
def _(event: GameSetUp) -> str:
    players = "; ".join(
        f"{colour} {name} ({', '.join(map(nation_name, chosen.SPLIT[colour]))})"
        for colour, name in event.players.items()
    )
    gap = "walled (W4)" if event.ffg_gap == "wall" else "open"
    board = (
        "the Avalon Hill board"
        if event.board == "ah"
        else f"the Fantasy Flight board, Cumbria|Lothian {gap}"
    )
    trigger = "any change" if event.wall_trigger == "any" else "Roman moves and battles only"
    dice = (
        "committed dice (commitments published for turns 1–5)"
        if event.dice == "committed"
        else "dice rolled outside, entered with evidence"
    )
    leaders = "leaders roll" if event.leaders_roll else "leaders cross beside an army, unrolled"
    return f"Players: {players}. On {board}; walls built by {trigger}; {leaders}; {dice}"


@describe.register
def _(event: ClockAdvanced) -> str:
    if event.phase == rules.GAME_OVER:
        return f"The game is over after turn {event.turn}"
    if event.phase == rules.END_OF_TURN:
        return f"Turn {event.turn} ends"
    phase = event.phase.replace("-", " ")
    return f"Turn {event.turn}: the {possessive(nation_name(event.nation))} {phase} phase"


@describe.register
def _(event: CounterMoved) -> str:
    dice = [
        f"{d}, {'eliminated at the wall' if rules.eliminated(d) else 'enters'}" for d in event.dice
    ]
    rolls = f" (wall crossing die: {'; '.join(dice)})" if dice else ""  # HW-6.2, #29
    return f"{event.counter} moves {path_text(event.path)}{rolls}"


@describe.register
def _(event: BattleReported) -> str:
    return f"{event.by} reports the {_battle_text(event)}, for the other side to confirm"


def _battle_text(event: BattleReported | BattleResolved) -> str:
    return f"battle in {area_name(event.area)}: {battle_result(event.lost, event.retreats)}"


def battle_result(lost: Sequence[str], retreats: Mapping[str, str]) -> str:
    """`lost BE4; R5 retreats to York`: what a battle did (HW-3.2), reported or resolved."""
    parts = [f"lost {', '.join(lost)}"] if lost else []
    parts += [f"{c} retreats to {area_name(to)}" for c, to in retreats.items()]
    return "; ".join(parts)


@describe.register
def _(event: BattleResolved) -> str:
    return f"Battle in {area_name(event.area)}: {battle_result(event.lost, event.retreats)}"


@describe.register
def _(event: CountersPlaced) -> str:
    why = f" ({event.reason})" if event.reason else ""
    kind = event.counter_kind
    kind = kind if len(event.counters) == 1 else f"{kind} counters"
    return (
        f"The {nation_name(event.nation)} place {len(event.counters)} {kind} in "
        f"{area_name(event.area)}: {', '.join(event.counters)}{why}"
    )


@describe.register
def _(event: CountersRemoved) -> str:
    return f"Back to their pools: {', '.join(event.counters)} ({event.reason})"


@describe.register
def _(event: AreaTriggered) -> str:
    alone = f"The Romans hold {area_name(event.area)} alone for the first time"
    if event.walls:
        return f"{alone}: {listing(event.walls)} built (HW-4.2)"
    return f"{alone}: its flag is set; its walls stand already (HW-4.4)"


@describe.register
def _(event: WallsRemoved) -> str:
    gone = f"the walls {listing(event.walls)} are removed" if event.walls else "no wall stood"
    return f"Turn {event.turn} begins: {gone} (HW-5.1)"


@describe.register
def _(event: SecretRevealed) -> str:
    """The secret in groups of 16 hex digits, so that a narrow table wraps it, never crops it."""
    grouped = " ".join(event.secret[i : i + 16] for i in range(0, len(event.secret), 16))
    return f"Turn {event.turn}'s dice secret is revealed: {grouped} (HW-7.2)"


@describe.register
def _(event: RollCorrected) -> str:
    return f"Ruling: crossing {event.number}'s die is {event.die} ({event.reason}) (HW-6.10)"


def crossing_line(crossing: Crossing, kind: str) -> str:
    """HW-8.1: `Turn 3, Picts: army P7 Lothian → Bernicia crosses W1 into Roman-occupied Bernicia
    — d6 = 5, eliminated (crossing 3)`."""
    what = "army" if kind in rules.ARMIES else kind
    result = "eliminated" if crossing.eliminated else "enters"
    ruled = f", ruled from {crossing.original}" if crossing.original else ""
    evidence = f" [{crossing.evidence}]" if crossing.evidence else ""
    return (
        f"Turn {crossing.turn}, {nation_name(crossing.nation)}: {what} {crossing.counter} "
        f"{area_name(crossing.origin)} → {area_name(crossing.to)} crosses {crossing.wall} into "
        f"Roman-occupied {area_name(crossing.to)} — d6 = {crossing.die}{ruled}, {result} "
        f"(crossing {crossing.number}){evidence}"
    )


def outcome(state: State, event: CampaignEvent) -> list[str]:
    """A move's crossings, one line each (HW-8.1)."""
    if isinstance(event, CounterMoved) and event.dice:
        kind = state.counters[event.counter].kind
        return [crossing_line(c, kind) for c in state.crossings[-len(event.dice) :]]
    if isinstance(event, RollCorrected):
        crossing = state.crossings[event.number - 1]
        return [crossing_line(crossing, state.counters[crossing.counter].kind)]
    return []
