"""Britannia with Hadrian's Wall's checks: one small function per rule, raising a `RuleViolation`
that cites it. A command lists the checks it runs (`commands.py`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from campaign.domain.grammar import possessive
from campaign.errors import RuleViolation
from campaign.input.names import folded
from campaign.kinds.hadrians_wall import interpretations as chosen
from campaign.kinds.hadrians_wall import rules
from campaign.kinds.hadrians_wall.rules import Counter
from campaign.kinds.hadrians_wall.state import State
from regions.board import Board


def check_players(players: Mapping[str, str]) -> None:
    """HW-2.3: four players, one for each colour, four different people."""
    missing = [c for c in chosen.SPLIT if not (players.get(c) or "").strip()]
    if missing:
        flags = " ".join(f"--{c} PLAYER" for c in missing)
        raise RuleViolation("HW-2.3", f"Britannia is played by four players: name {flags}")
    names = [folded(players[c]) for c in chosen.SPLIT]
    if len(set(names)) < len(names):
        raise RuleViolation("HW-2.3", "The four colours are played by four different players")


def check_four_players(players: Sequence[str]) -> None:
    """HW-2.3: a start names four players, one for each colour in the order of `chosen.SPLIT`."""
    if len(players) != len(chosen.SPLIT):
        raise RuleViolation(
            "HW-2.3",
            f"Britannia is played by four players, one for each colour, not {len(players)}",
        )
    check_players(dict(zip(chosen.SPLIT, players)))


def check_board_choice(board: str, ffg_gap: str | None) -> None:
    """HW-1.3: the Fantasy Flight board needs the choice for Cumbria|Lothian; no default."""
    if board == "ffg" and ffg_gap not in chosen.FFG_GAPS:
        raise RuleViolation(
            "HW-1.3",
            "On the Fantasy Flight board, say whether Cumbria|Lothian stays open or gets a fourth "
            "wall: --ffg-gap open or --ffg-gap wall",
        )
    if board != "ffg" and ffg_gap:
        raise RuleViolation("HW-1.3", "--ffg-gap is a choice of the Fantasy Flight board only")


def check_going(state: State) -> None:
    """HW-2.1: 16 turns, then the game is over."""
    if state.phase == rules.GAME_OVER:
        raise RuleViolation("HW-2.1", f"The game is over: it has {rules.TURNS} turns")


def check_players_own(state: State, nation: str, actor: str | None) -> None:
    """HW-2.3: a nation's commands come from its player or the organiser."""
    if actor is None:
        return
    players = {folded(p): p for p in state.colours.values()}
    if folded(actor) in players and folded(actor) != folded(state.player_of(nation)):
        raise RuleViolation(
            "HW-2.3",
            f"{players[folded(actor)]} cannot enter the {possessive(nation)} commands: they are "
            f"{state.player_of(nation)}'s ({state.colour_of(nation)})",
        )


def check_movement_phase(state: State, counter: Counter) -> None:
    """HW-3.7: moves are entered in their nation's turn, in a movement phase."""
    if state.nation != counter.nation or state.phase not in rules.MOVEMENT:
        now = (
            "the turn's end"
            if state.phase == rules.END_OF_TURN
            else f"the {possessive(state.nation)} {state.phase} phase"
        )
        raise RuleViolation(
            "HW-3.7",
            f"{counter.id} of the {counter.nation} moves only in the "
            f"{possessive(counter.nation)} movement phase; it is {now} of turn {state.turn}",
        )


def check_movable(counter: Counter) -> None:
    """HW-3.1: a fort stands where it was built."""
    if counter.kind == "fort":
        raise RuleViolation("HW-3.1", f"{counter.id} is a fort: forts do not move")


def check_where(counter: Counter, area: str, board: Board) -> None:
    """HW-3.7: the counter is where the command says."""
    if counter.area != area:
        where = "in its pool" if counter.area is None else f"in {board.area(counter.area).name}"
        raise RuleViolation("HW-3.7", f"{counter.id} is {where}, not in {board.area(area).name}")


def check_path(board: Board, path: Sequence[str]) -> None:
    """HW-3.7 and HW-1.1: every step joins two adjacent areas (a border or a strait)."""
    if len(path) < 2:
        raise RuleViolation("HW-3.7", "A move's path names where it starts and every area entered")
    for a, b in zip(path, path[1:]):
        if not board.adjacent(a, b):
            raise RuleViolation(
                "HW-3.7",
                f"{board.area(a).name} and {board.area(b).name} are not adjacent, so no step "
                "joins them",
            )


def check_escorted(state: State, counter: Counter, a: str, b: str) -> None:
    """HW-6.8 (setting --leaders-roll no): a leader crosses a wall into a Roman-occupied area only
    beside an army of its nation that crossed there at the same step this turn."""
    if counter.kind != "leader" or state.leaders_roll:
        return
    wall = state.board.wall_on(a, b)
    if not rules.crossing_rolls(
        state.turn, state.phase, counter, state.wall_standing(wall), state.here(b)
    ):
        return
    escorts = [
        c
        for c in state.crossings
        if (c.turn, c.nation, c.origin, c.to) == (state.turn, counter.nation, a, b)
        and not c.eliminated
    ]
    if not escorts:
        raise RuleViolation(
            "HW-6.8",
            f"Leader {counter.id} crosses {wall} only beside an army of the {counter.nation} "
            "that crossed there at the same step; move the army first",
        )


def check_die(die: int) -> None:
    """HW-7.5: a die entered from outside is a six-sided die's value."""
    if not 1 <= die <= 6:
        raise RuleViolation("HW-7.5", f"A die shows 1 to 6, not {die}")


def check_battle_phase(state: State) -> None:
    """HW-2.2: battles and their retreats are entered in a battle phase."""
    if state.phase not in rules.BATTLE:
        raise RuleViolation(
            "HW-2.2",
            f"Battles are entered in a battle phase; it is the {possessive(state.nation)} "
            f"{state.phase} phase of turn {state.turn}",
        )


def check_in(counter: Counter, area: str, board: Board, rule: str = "HW-3.2") -> None:
    """HW-3.2: the counters a battle loses or retreats fought in its area."""
    if counter.area != area:
        where = "in its pool" if counter.area is None else f"in {board.area(counter.area).name}"
        raise RuleViolation(rule, f"{counter.id} is {where}, not in the battle in {area}")


def check_retreat(board: Board, area: str, to: str, counter: str) -> None:
    """HW-3.2: a retreat goes to an adjacent area."""
    if not board.adjacent(area, to):
        raise RuleViolation(
            "HW-3.2",
            f"{counter} cannot retreat from {board.area(area).name} to {board.area(to).name}: "
            "they are not adjacent",
        )


def check_kind(kind: str) -> None:
    """HW-3.1: infantry, cavalry, leader or fort."""
    if kind not in rules.KINDS:
        raise RuleViolation(
            "HW-3.1", f"A counter is infantry, cavalry, a leader or a fort; not {kind}"
        )


def check_fort_on_land(kind: str, area: str, board: Board) -> None:
    """HW-3.1: forts stand on land."""
    if kind == "fort" and not board.area(area).land:
        raise RuleViolation("HW-3.1", f"A fort stands on land; {board.area(area).name} is a sea")


def check_on_map(counter: Counter) -> None:
    """HW-3.2: only counters on the map can be removed from it."""
    if counter.area is None:
        raise RuleViolation("HW-3.2", f"{counter.id} is already in its pool")


def check_lawful_step(state: State, turn: int, nation: str, phase: str) -> None:
    """HW-2.1: the clock goes forward, within the turn or from its end to the next turn."""
    if state.phase == rules.END_OF_TURN:
        lawful = (turn == state.turn + 1 and nation in chosen.ORDER and phase == "population") or (
            state.turn == rules.TURNS and phase == rules.GAME_OVER and turn == state.turn
        )
    else:
        lawful = turn == state.turn and (
            (nation, phase) == ("", rules.END_OF_TURN) or _later(state, nation, phase)
        )
    if not lawful:
        raise RuleViolation(
            "HW-2.1",
            f"The clock goes forward: from turn {state.turn}, {state.nation or 'its end'} "
            f"({state.phase}), not to turn {turn}, {nation or 'its end'} ({phase})",
        )


def _later(state: State, nation: str, phase: str) -> bool:
    if nation not in chosen.ORDER or phase not in rules.phases(state.turn, nation):
        return False
    here = (
        chosen.ORDER.index(state.nation),
        rules.phases(state.turn, state.nation).index(state.phase),
    )
    there = (chosen.ORDER.index(nation), rules.phases(state.turn, nation).index(phase))
    return there > here


def check_revealed(state: State) -> None:
    """HW-7.2: a walled turn's secret is revealed when it ends, before the next turn starts."""
    if (
        state.dice == "committed"
        and state.phase == rules.END_OF_TURN
        and state.turn in rules.WALLED_TURNS
        and state.turn not in state.revealed
    ):
        raise RuleViolation("HW-7.2", f"Turn {state.turn}'s dice secret must be revealed first")


def check_reveal(state: State, turn: int, secret: str) -> None:
    """HW-7.2: the secret of the turn that just ended, matching its commitment."""
    if state.dice != "committed" or turn not in state.commitments:
        raise RuleViolation("HW-7.2", f"Turn {turn} has no committed dice secret to reveal")
    if (state.turn, state.phase) != (turn, rules.END_OF_TURN) or turn in state.revealed:
        raise RuleViolation(
            "HW-7.2", f"Turn {turn}'s secret is revealed once, when turn {turn} ends"
        )
    if rules.commitment(state.campaign, turn, secret) != state.commitments[turn]:
        raise RuleViolation(
            "HW-7.2", f"The secret does not match turn {turn}'s commitment published at creation"
        )


def check_rolls(state: State, turn: int, secret: str) -> None:
    """HW-7.3: every roll of the turn is what its record and the revealed secret give."""
    for crossing in state.crossings:
        if crossing.turn != turn:
            continue
        line = rules.record(
            state.campaign,
            turn,
            crossing.nation,
            crossing.number,
            crossing.counter,
            crossing.origin,
            crossing.to,
        )
        rolled = crossing.original or crossing.die
        if rules.die(secret, line) != rolled:
            raise RuleViolation(
                "HW-7.3",
                f"Crossing {crossing.number} shows {rolled}, but its record and turn {turn}'s "
                f"secret give {rules.die(secret, line)}",
            )


def check_crossing(state: State, number: int) -> None:
    """HW-6.10: a ruling corrects a crossing that was rolled."""
    if not 1 <= number <= len(state.crossings):
        raise RuleViolation(
            "HW-6.10",
            f"There is no crossing {number}; crossings so far: {len(state.crossings)}",
        )
