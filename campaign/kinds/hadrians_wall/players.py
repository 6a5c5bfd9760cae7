"""What a Hadrian's Wall player does himself from his link in the hub, in the turn of a nation
he plays (HW-2.3): its moves in a movement phase (HW-3.7, crossings rolled as the command line
rolls them, HW-6, HW-7), its battles' results in a battle phase (HW-3.2), and the clock's next
step when his nation's phase is done (HW-2.1). The rest of the turn — placing, removing, a
ruling on a die — is the organiser's: the page says so.

What the state knows is offered as choices (#50): his counters and the areas adjacent to them
for a move a step long, the counters in a battle to tick as lost, rows of retreats; the hub
writes them as the command line's words (`COUNTER:FROM,TO`, `COUNTER=AREA`), which `decide`
reads as it reads them typed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign.domain.drafts import Draft
from campaign.domain.grammar import possessive
from campaign.errors import CampaignError
from campaign.input.names import folded
from campaign.kinds.hadrians_wall import commands, rules
from campaign.kinds.hadrians_wall.narrate import area_name, battle_result, nation_name
from campaign.kinds.hadrians_wall.rules import Counter
from campaign.kinds.hadrians_wall.state import State

MOVE_ROWS = 4
"""How many single steps the move form offers to choose at once (more are typed)."""
RETREAT_ROWS = 3
"""How many retreats the battle form offers to choose at once (more are typed)."""


def playing(state: State, player: str) -> bool:
    """Whether the clock stands in the turn of a nation `player` plays (HW-2.3)."""
    if not state.set_up or state.phase in (rules.GAME_OVER, rules.END_OF_TURN):
        return False
    return folded(state.player_of(state.nation)) == folded(player)


def lines(state: State, player: str) -> list[str]:
    """HW-2.3: the colour he plays and its nations, and whether it is his turn."""
    from campaign.kinds.hadrians_wall.interpretations import SPLIT

    colours = [c for c, p in state.colours.items() if folded(p) == folded(player)]
    told = [
        f"You play {colour}: " + ", ".join(f"the {nation_name(n)}" for n in SPLIT[colour]) + "."
        for colour in colours
    ]
    if playing(state, player):
        told.append(f"It is the {possessive(nation_name(state.nation))} turn: yours.")
        if state.phase in rules.BATTLE and not _contested(state):
            told.append(
                f"No battle is due: no area holds the {nation_name(state.nation)} and another "
                "nation (HW-3.2); advance when the phase is done."
            )
        if state.phase not in (*rules.MOVEMENT, *rules.BATTLE):
            told.append(
                f"In the {state.phase.replace('-', ' ')} phase the organiser places and removes "
                "your counters (place, remove); advance when it is done."
            )
    return told


def actions(state: State, player: str) -> list[dict[str, Any]]:
    """His nation's moves or battles, as the phase allows, and the clock's next step; and the
    battles another player reported that he, on their other side, confirms (#26). A battle is
    offered only where one is due: an area holding his nation and another (HW-3.2)."""
    confirming = _confirms(state, player)
    if not playing(state, player):
        return confirming
    nation = nation_name(state.nation)
    offered = confirming
    if state.phase in rules.MOVEMENT:
        offered.append(_moves(state, nation))
    if state.phase in rules.BATTLE and _contested(state):
        offered.append(_battle(state, nation))
    offered.append(
        {
            "action": "advance",
            "label": f"The {possessive(nation)} {state.phase.replace('-', ' ')} phase is done: "
            "the clock's next step (HW-2.1)",
            "choices": {},
            "button": "Advance",
        }
    )
    return offered


def _moves(state: State, nation: str) -> dict[str, Any]:
    """HW-3.7: the moves typed as the command line takes them, or chosen a step each: one of
    his counters that may move (HW-3.1: not a fort) where it stands, and an area adjacent to
    one of theirs (HW-1.1); a path of several steps is typed."""
    yours = _movable(state)
    form = {
        "action": "move",
        "label": f"The {possessive(nation)} moves, in order, as COUNTER:FROM,TO,… separated by "
        "spaces "
        f"(yours: {', '.join(_where(c) for c in yours) or 'none on the map'}); the list stops "
        "after the first move that crosses a wall, so that its roll is seen (HW-6.4)",
        "choices": None,
        "fields": _dice(state),
        "button": "Move",
    }
    if yours:
        form["compose"] = _steps(state, yours)
    return form


def _movable(state: State) -> list[Counter]:
    """HW-3.1 and HW-3.7: the counters of the nation in hand on the map that may move (a fort
    stands where it was built), by number."""
    return sorted(
        (
            c
            for c in state.counters.values()
            if c.nation == state.nation and c.area is not None and c.kind != "fort"
        ),
        key=_order,
    )


def _steps(state: State, yours: list[Counter]) -> dict[str, Any]:
    """The rows of single steps, each written `COUNTER:FROM,TO` as the command line takes it;
    the areas offered are those adjacent to where his counters stand (HW-1.1, HW-3.7)."""
    return {
        "label": "Or choose the moves, a step each (carried out before those typed)",
        "rows": MOVE_ROWS,
        "format": "{0},{1}",
        "parts": [
            {"label": "Counter", "choices": {f"{c.id}:{c.area}": _where(c) for c in yours}},
            {"label": "To", "choices": _named(_beside(state, {c.area for c in yours}))},
        ],
    }


def _contested(state: State) -> list[str]:
    """HW-3.2: the areas where a battle of the nation in hand is due: it and another nation
    both have counters there."""
    return sorted(
        area
        for area in {c.area for c in state.counters.values() if c.area}
        if len({c.nation for c in state.here(area)}) > 1
        and any(c.nation == state.nation for c in state.here(area))
    )


def _battle(state: State, nation: str) -> dict[str, Any]:
    """HW-3.2: a battle's result from the page: where, the counters lost (a box each of those
    in the battles) and the retreats (a counter of the battles, an area adjacent to them)."""
    areas = _contested(state)
    fought = [c for a in areas for c in sorted(state.here(a), key=_order)]
    several = len(areas) > 1
    return {
        "action": "battle",
        "label": f"A battle of the {nation}: where it was fought (HW-3.2)",
        "choices": _named(areas),
        "fields": [
            {
                "name": "lost",
                "label": "Counters lost, either side",
                "many": True,
                "choices": {c.id: _side(c, several) for c in fought},
                "free": "Others lost, separated by spaces",
            },
            {
                "name": "retreats",
                "label": "Retreats",
                "rows": RETREAT_ROWS,
                "format": "{0}={1}",
                "parts": [
                    {
                        "label": "Counter",
                        "choices": {c.id: _side(c, several) for c in fought if c.kind != "fort"},
                    },
                    {"label": "To", "choices": _named(_beside(state, set(areas)))},
                ],
                "free": "Other retreats, as COUNTER=AREA separated by spaces",
            },
        ],
        "button": "Record the battle",
    }


def _order(counter: Counter) -> tuple[str, int, str]:
    """By nation, then number (R2 before R10)."""
    digits = "".join(ch for ch in counter.id if ch.isdigit())
    return (counter.nation, int(digits or 0), counter.id)


def _where(counter: Counter) -> str:
    return f"{counter.id} ({area_name(counter.area or '')})"


def _side(counter: Counter, several: bool) -> str:
    """A counter in a battle as its form names it: its nation, and its area where the form
    offers more than one battle."""
    where = f", {area_name(counter.area or '')}" if several else ""
    return f"{counter.id} ({nation_name(counter.nation)}{where})"


def _beside(state: State, areas: set[str | None]) -> list[str]:
    """HW-1.1: the areas adjacent to any of `areas` (a border or a strait joins them)."""
    return [a for a in state.board.areas if any(b and state.board.adjacent(a, b) for b in areas)]


def _named(areas: list[str]) -> dict[str, str]:
    """Areas as a form offers them: by id, in words, in the order of their names."""
    return {a: area_name(a) for a in sorted(areas, key=area_name)}


def _confirms(state: State, player: str) -> list[dict[str, Any]]:
    """HW-3.2 (#26): a battle reported by the player whose nation's turn it is, for the player
    of the other side to confirm: it is then the battle's result."""
    return [
        {
            "action": "confirm",
            "label": f"{reported.by} reports the battle in {area_name(area)}: "
            f"{battle_result(reported.lost, reported.retreats)}. Confirm it (HW-3.2), or ask the "
            "organiser to rule",
            "choices": {area: f"{area_name(area)}: confirm"},
            "button": "Confirm the battle",
        }
        for area, reported in sorted(state.reported.items())
        if folded(player) in {folded(p) for p in commands.confirmers(state, area, reported.by)}
    ]


def _dice(state: State) -> list[dict[str, Any]]:
    """With dice rolled outside (HW-7.5): each crossing's die and where it was rolled."""
    if state.dice == "committed":
        return []
    return [
        {"name": "die", "label": "The crossings' dice, in order, separated by spaces"},
        {"name": "evidence", "label": "Where they were rolled: a link or a note"},
    ]


def awaited(state: State) -> tuple[str, ...]:
    """HW-2.3: the player of the nation whose turn it is, and the players who confirm a battle
    reported to them (#26); the turn's end is the organiser's."""
    return tuple(
        p for p in dict.fromkeys(state.players) if playing(state, p) or _confirms(state, p)
    )


def decide(
    state: State,
    player: str,
    action: str,
    values: Mapping[str, str],
    secrets: Mapping[str, str] | None = None,
) -> list[Draft]:
    """The form `action` of `player`'s page, decided as `move`, `battle` and `advance` decide
    it, with him as the one who enters it (HW-2.3); a battle he reports waits for the other
    side's player to confirm it (#26), which is his `confirm`."""
    if action == "confirm":
        return commands.confirm_battle(state, values.get("choice", ""), player)
    if not playing(state, player):
        nation = nation_name(state.nation)
        raise CampaignError(
            f"It is the {possessive(nation)} turn, not one of {possessive(player)} nations "
            "(HW-2.3)."
        )
    if action == "move":
        moves = [commands.typed_move(typed) for typed in values.get("choice", "").split()]
        if not moves:
            raise CampaignError("Write a move as COUNTER:FROM,TO,… (e.g. P7:lothian,bernicia).")
        dice = [_die(d) for d in values.get("die", "").split()]
        evidence = [values["evidence"]] * len(dice) if values.get("evidence") else []
        roll = commands.roll_for(state, secrets or {}, dice, evidence)
        return commands.move(state, moves, roll, actor=player)
    if action == "battle":
        retreats = dict(_retreat(typed) for typed in values.get("retreats", "").split())
        lost = values.get("lost", "").replace(",", " ").split()
        return commands.report_battle(state, values.get("choice", ""), lost, retreats, player)
    if action == "advance":
        return commands.advance(state, None, secrets)
    raise CampaignError(f"There is no action called {action!r} for a player of Hadrian's Wall.")


def _die(typed: str) -> int:
    if not (typed.isascii() and typed.isdigit()) or len(typed) > 1:
        raise CampaignError(f"A die is a number from 1 to 6, not {typed!r} (HW-7.5).")
    return int(typed)


def _retreat(typed: str) -> tuple[str, str]:
    counter, sep, area = typed.partition("=")
    if not sep or not counter or not area:
        raise CampaignError(f"Write a retreat as COUNTER=AREA, not {typed!r} (HW-3.2).")
    return counter, area
