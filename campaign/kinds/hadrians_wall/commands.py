"""Britannia with Hadrian's Wall's commands: each lists the checks it runs, then says what to
record.

Walls are built by the rules (`consequences`, HW-4): every decision that records more than one
event folds each into the state before deciding the next, and records the walls its events built
right after them, in the same append. Names (counters, areas, nations) arrive as typed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from campaign.domain.drafts import Draft, draft, event_of, forced
from campaign.errors import CampaignError, RuleViolation
from campaign.input import text
from campaign.input.names import folded, resolve
from campaign.kinds.hadrians_wall import checks, rules
from campaign.kinds.hadrians_wall import interpretations as chosen
from campaign.kinds.hadrians_wall.narrate import area_name
from campaign.kinds.hadrians_wall.rules import Counter
from campaign.kinds.hadrians_wall.state import Crossing, Roll, State, apply, walk
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

SECRET_LABELS = tuple(f"S{t}" for t in rules.WALLED_TURNS)
"""HW-7.2: one secret for each turn in which walls can exist."""


# Starting.


def set_up(
    campaign: str,
    players: Mapping[str, str],
    board: str = "ah",
    ffg_gap: str | None = None,
    wall_trigger: str = chosen.WALL_TRIGGER,
    leaders_roll: bool = chosen.LEADERS_ROLL,
    dice: str = chosen.DICE,
    commitments: Mapping[str, str] | None = None,
) -> list[Draft]:
    """HW-1.3, HW-2.3, HW-2.4, HW-7.1: the players by colour, the board and the settings."""
    checks.check_players(players)
    checks.check_board_choice(board, ffg_gap)
    return [
        draft(
            GameSetUp,
            players={c: text.person(players[c], "a player's name") for c in chosen.SPLIT},
            board=board,
            ffg_gap=ffg_gap or "",
            wall_trigger=wall_trigger,
            leaders_roll=leaders_roll,
            dice=dice,
            campaign=campaign,
            commitments=dict(commitments or {}),
        )
    ]


def commitments(campaign: str, secrets: Mapping[str, str]) -> dict[str, str]:
    """HW-7.2: C_t for each walled turn, published at creation."""
    return {str(t): rules.commitment(campaign, t, secrets[f"S{t}"]) for t in rules.WALLED_TURNS}


# The clock (HW-2).


def following(state: State) -> tuple[int, str, str]:
    """HW-2.1: the next step of the clock: the nation's next phase, else the next nation in order
    with something on the map (the others are skipped), else the turn's end; after the end, the
    next turn's first nation with something on the map."""
    if state.phase == rules.END_OF_TURN:
        if state.turn == rules.TURNS:
            return state.turn, "", rules.GAME_OVER
        turn = state.turn + 1
        acting = [n for n in chosen.ORDER if state.on_map(n)]
        return (turn, acting[0], "population") if acting else (turn, "", rules.END_OF_TURN)
    phases = rules.phases(state.turn, state.nation)
    at = phases.index(state.phase)
    if at + 1 < len(phases):
        return state.turn, state.nation, phases[at + 1]
    later = chosen.ORDER[chosen.ORDER.index(state.nation) + 1 :]
    acting = [n for n in later if state.on_map(n)]
    return (state.turn, acting[0], "population") if acting else (state.turn, "", rules.END_OF_TURN)


def target(state: State, to: str) -> tuple[int, str, str]:
    """Where `advance --to` goes: a later phase of the nation in hand, a nation later in the turn
    (its population phase; arrivals come this way), the turn's end, or after it any nation."""
    phases = rules.phases(state.turn, state.nation) if state.nation else ()
    choices = {*phases, *chosen.ORDER, rules.END_OF_TURN}
    chosen_to = resolve("phase or nation", to, choices)
    if chosen_to == rules.END_OF_TURN:
        return state.turn, "", rules.END_OF_TURN
    if chosen_to in chosen.ORDER:
        turn = state.turn + 1 if state.phase == rules.END_OF_TURN else state.turn
        return turn, chosen_to, "population"
    return state.turn, state.nation, chosen_to


def advance(
    state: State, to: str | None = None, secrets: Mapping[str, str] | None = None
) -> list[Draft]:
    """HW-2.1: one step of the clock (or to `to`); reaching the end of a walled turn reveals its
    dice secret in the same append (HW-7.2)."""
    checks.check_going(state)
    checks.check_revealed(state)
    turn, nation, phase = following(state) if to is None else target(state, to)
    steps = step(state, turn, nation, phase)
    if phase == rules.END_OF_TURN and state.dice == "committed" and turn in rules.WALLED_TURNS:
        secret = (secrets or {}).get(f"S{turn}")
        if secret is None:
            raise CampaignError(
                f"Turn {turn}'s dice secret is not in this store (the campaign was imported "
                "from another), so the turn cannot end here: end it in the store it was created "
                "in."
            )
        moved = apply(state, event_of(steps[0]))
        steps += reveal(moved, turn, secret)
    return steps


def step(state: State, turn: int, nation: str, phase: str) -> list[Draft]:
    """HW-2.1: the clock to turn, nation and phase, if that is forward."""
    checks.check_going(state)
    checks.check_revealed(state)
    checks.check_lawful_step(state, turn, nation, phase)
    return [draft(ClockAdvanced, turn=turn, nation=nation, phase=phase)]


def reveal(state: State, turn: int, secret: str) -> list[Draft]:
    """HW-7.2 and HW-7.3: the secret of the turn that ended, checked against its commitment and
    every roll of the turn."""
    checks.check_reveal(state, turn, secret)
    checks.check_rolls(state, turn, secret)
    return [draft(SecretRevealed, turn=turn, secret=secret)]


# Moves and crossings (HW-3.7, HW-6).


def typed_move(typed: str) -> tuple[str, list[str]]:
    """A move as typed, `COUNTER:FROM,TO,…`: the counter and its whole path (HW-3.7)."""
    counter, sep, path = typed.partition(":")
    areas = [a.strip() for a in path.split(",") if a.strip()]
    if not sep or not counter.strip() or len(areas) < 2:
        raise CampaignError(
            f"Write a move as COUNTER:FROM,TO,… (e.g. P7:lothian,bernicia), not {typed!r}."
        )
    return counter.strip(), areas


def roll_for(
    state: State,
    secrets: Mapping[str, str],
    dice: Sequence[int] = (),
    evidence: Sequence[str] = (),
) -> Roll:
    """HW-7: how a move's crossings are rolled: by the program from the turn's committed secret,
    or outside with each die's evidence (`--dice external`)."""
    if state.dice == "committed" and (dice or evidence):
        raise CampaignError(
            "This campaign's dice are committed: the program rolls them (HW-7.1); --die is "
            "for campaigns with --dice external."
        )
    return Committed(state, secrets) if state.dice == "committed" else Entered(dice, evidence)


class Committed:
    """HW-7.2, HW-7.3: the program's die for a crossing, from the store's secret of the turn."""

    def __init__(self, state: State, secrets: Mapping[str, str]) -> None:
        self.state, self.secrets = state, secrets

    def __call__(self, crossing: Crossing) -> tuple[int, str]:
        secret = self.secrets.get(f"S{crossing.turn}")
        if secret is None or rules.commitment(
            self.state.campaign, crossing.turn, secret
        ) != self.state.commitments.get(crossing.turn):
            raise CampaignError(
                f"Turn {crossing.turn}'s dice secret is not in this store (the campaign was "
                "imported from another), so the program cannot roll crossing "
                f"{crossing.number}: roll it in the store the campaign was created in."
            )
        line = rules.record(
            self.state.campaign,
            crossing.turn,
            crossing.nation,
            crossing.number,
            crossing.counter,
            crossing.origin,
            crossing.to,
        )
        return rules.die(secret, line), ""


class Entered:
    """HW-7.5: dice rolled outside, in the order the crossings come, each with its evidence."""

    def __init__(self, dice: Sequence[int], evidence: Sequence[str]) -> None:
        for die in dice:
            checks.check_die(die)
        if dice and not evidence:
            raise CampaignError(
                "Dice rolled outside need evidence: --evidence with the link or note of the roll "
                "(HW-7.5)."
            )
        if len(evidence) not in (0, 1, len(dice)):
            raise CampaignError("Give one --evidence for all the dice, or one for each --die.")
        self.dice = list(dice)
        self.evidence = [text.words(e, "the evidence") for e in evidence] * (
            len(dice) if len(evidence) == 1 else 1
        )

    def __call__(self, crossing: Crossing) -> tuple[int, str]:
        if not self.dice:
            raise CampaignError(
                f"Crossing {crossing.number} ({crossing.counter} {crossing.origin} → "
                f"{crossing.to} over {crossing.wall}) needs a die: roll it and give --die N "
                "--evidence LINK (HW-7.5)."
            )
        return self.dice.pop(0), self.evidence.pop(0)


class Recorded:
    """The dice a recorded move shows, to decide it again (verify, import)."""

    def __init__(self, dice: Sequence[int], evidence: Sequence[str]) -> None:
        self.rolled = list(zip(dice, evidence))

    def __call__(self, crossing: Crossing) -> tuple[int, str]:
        if not self.rolled:
            raise CampaignError(f"Crossing {crossing.number} has no die in the log.")
        die, evidence = self.rolled.pop(0)
        checks.check_die(die)
        return die, evidence


Move = tuple[str, Sequence[str]]
"""A counter and its path, as typed."""


def move(
    state: State,
    moves: Sequence[Move],
    roll: Roll,
    through: bool = chosen.THROUGH_CROSSINGS,
    actor: str | None = None,
) -> list[Draft]:
    """HW-3.7 and HW-6: each move in the mover's order, its crossings settled one at a time as the
    path meets them; by default the list stops after the first move with a crossing, so that its
    roll is seen before the next (HW-6.4)."""
    drafts: list[Draft] = []
    for typed, path in moves:
        counter, areas = _counter(state, typed), [_area(state, a) for a in path]
        checks.check_going(state)
        checks.check_players_own(state, counter.nation, actor)
        checks.check_movable(counter)
        checks.check_movement_phase(state, counter)
        checks.check_path(state.board, areas)
        checks.check_where(counter, areas[0], state.board)
        for a, b in zip(areas, areas[1:]):
            checks.check_escorted(state, counter, a, b)
        rolled: list[tuple[int, str]] = []

        def keeping(crossing: Crossing, rolled: list = rolled) -> tuple[int, str]:
            rolled.append(roll(crossing))
            return rolled[-1]

        walk(state, counter.id, areas, keeping)
        moved = draft(
            CounterMoved,
            counter=counter.id,
            path=areas,
            dice=[d for d, _ in rolled],
            evidence=[e for _, e in rolled],
        )
        state, recorded = settle(state, [moved])
        drafts += recorded
        if rolled and not through:
            break
    if isinstance(roll, Entered) and roll.dice:
        raise CampaignError(
            f"{len(roll.dice)} die (dice) given were not needed by the moves carried out; "
            "enter each die with the move it is rolled for (HW-6.4)."
        )
    return drafts


def _counter(state: State, typed: str) -> Counter:
    return state.counters[resolve("counter", typed, state.counters)]


def _area(state: State, typed: str) -> str:
    names = {a.name: a.id for a in state.board.areas.values()}
    chosen_area = resolve("area", typed, [*state.board.areas, *names])
    return names.get(chosen_area, chosen_area)


def settle(state: State, drafts: list[Draft]) -> tuple[State, list[Draft]]:
    """The drafts folded into the state one by one, each followed by the walls it built (HW-4.2:
    in the same append as their cause)."""
    recorded: list[Draft] = []
    for decided in drafts:
        state = apply(state, event_of(decided))
        recorded.append(decided)
        while forced_now := consequences(state):
            state = apply(state, event_of(forced_now[0]))
            recorded.append(forced_now[0])
    return state, recorded


# Results entered from the table (HW-3.2).


def battle(
    state: State,
    area: str,
    lost: Sequence[str] = (),
    retreats: Mapping[str, str] | None = None,
    actor: str | None = None,
) -> list[Draft]:
    """HW-3.2: a battle's result: the counters lost and the retreats with their destinations; a
    retreat over a wall rolls nothing (HW-6.5)."""
    checks.check_going(state)
    checks.check_battle_phase(state)
    checks.check_players_own(state, state.nation, actor)
    where = _area(state, area)
    losses = [_counter(state, c) for c in lost]
    for counter in losses:
        checks.check_in(counter, where, state.board)
    moving: dict[str, str] = {}
    for typed, to in (retreats or {}).items():
        counter, destination = _counter(state, typed), _area(state, to)
        checks.check_in(counter, where, state.board)
        checks.check_retreat(state.board, where, destination, counter.id)
        moving[counter.id] = destination
    if not losses and not moving:
        raise CampaignError("Enter what the battle did: --lost COUNTER or --retreat COUNTER=AREA.")
    resolved = draft(
        BattleResolved,
        area=where,
        lost=list(dict.fromkeys(c.id for c in losses)),
        retreats=moving,
    )
    return settle(state, [resolved])[1]


def confirmers(state: State, area: str, by: str) -> list[str]:
    """Who confirms a battle `by` reported (#26): the players of the other nations in the area,
    but him (a player whose own nations are on both sides confirms nothing)."""
    others = {state.player_of(c.nation) for c in state.here(area) if c.nation != state.nation}
    return sorted(p for p in others if folded(p) != folded(by))


def report_battle(
    state: State, area: str, lost: Sequence[str], retreats: Mapping[str, str], by: str
) -> list[Draft]:
    """HW-3.2 from a player's page (#26): the battle's result as the player of the nation whose
    turn it is reports it, checked as `battle` checks it, for the other side's player to confirm;
    where no other player is in it, it is the result at once."""
    decided = battle(state, area, lost, retreats, by)
    resolved = decided[0].fields
    if not confirmers(state, resolved["area"], by):
        return decided
    fields = {k: resolved[k] for k in ("area", "lost", "retreats")}
    return [draft(BattleReported, **fields, by=state.player_of(state.nation))]


def confirm_battle(state: State, area: str, who: str) -> list[Draft]:
    """The other side's player confirms the battle its reporter reported (#26): the reported
    result becomes the battle's, decided as `battle` decides it."""
    where = _area(state, area)
    reported = state.reported.get(where)
    if reported is None:
        raise CampaignError(f"Nobody has reported a battle in {area_name(where)} to confirm.")
    if folded(who) not in {folded(p) for p in confirmers(state, where, reported.by)}:
        raise RuleViolation(
            "HW-2.3",
            f"{reported.by} reported the battle in {area_name(where)}; the player of the other "
            "side there, or the organiser, confirms it",
        )
    return battle(state, where, list(reported.lost), dict(reported.retreats))


def _battle_replayed(event: BattleResolved) -> Callable[[State], list[Draft]]:
    """A battle's result as it was recorded: confirmed by the other side's player, or entered
    by the nation's player or the organiser."""

    def decide(state: State) -> list[Draft]:
        reported = state.reported.get(event.area)
        if reported is not None and folded(event.actor) in {
            folded(p) for p in confirmers(state, event.area, reported.by)
        }:
            return confirm_battle(state, event.area, event.actor)
        return battle(state, event.area, event.lost, event.retreats, event.actor)

    return decide


def place(
    state: State,
    nation: str,
    kind: str,
    area: str,
    count: int = 1,
    reason: str = "",
    actor: str | None = None,
) -> list[Draft]:
    """HW-3.2: counters put on the map: from the nation's pool first, then new ones."""
    checks.check_going(state)
    who = resolve("nation", nation, chosen.ORDER)
    checks.check_players_own(state, who, actor)
    checks.check_kind(kind)
    where = _area(state, area)
    checks.check_fort_on_land(kind, where, state.board)
    if count < 1:
        raise CampaignError("Place at least one counter.")
    placed = draft(
        CountersPlaced,
        nation=who,
        counter_kind=kind,
        area=where,
        counters=new_ids(state, who, kind, count),
        reason=text.words(reason, "the reason") if reason.strip() else "",
    )
    return settle(state, [placed])[1]


def new_ids(state: State, nation: str, kind: str, count: int) -> list[str]:
    """Counters of the nation's pool of that kind first (lowest number first), then new ids."""
    prefix = chosen.PREFIX[nation]
    own = [c for c in state.counters.values() if c.nation == nation]
    pool = sorted(
        (c for c in own if c.area is None and c.kind == kind),
        key=lambda c: int(c.id[len(prefix) :]),
    )
    taken = [c.id for c in pool[:count]]
    highest = max((int(c.id[len(prefix) :]) for c in own), default=0)
    return taken + [f"{prefix}{highest + i}" for i in range(1, count - len(taken) + 1)]


def remove(
    state: State, counters: Sequence[str], reason: str, actor: str | None = None
) -> list[Draft]:
    """HW-3.2: counters taken off the map to their pool, with the reason."""
    checks.check_going(state)
    chosen_counters = [_counter(state, c) for c in counters]
    if not chosen_counters:
        raise CampaignError("Name the counters to remove.")
    for counter in chosen_counters:
        checks.check_on_map(counter)
        checks.check_players_own(state, counter.nation, actor)
    if not reason.strip():
        raise CampaignError("Say why with --reason (overpopulation, raider withdrawal, …).")
    removed = draft(
        CountersRemoved,
        counters=list(dict.fromkeys(c.id for c in chosen_counters)),
        reason=text.words(reason, "the reason"),
    )
    return settle(state, [removed])[1]


def ruling(state: State, number: int, die: int, reason: str) -> list[Draft]:
    """HW-6.10: an organiser's ruling corrects a crossing's die, with a reason; the log keeps the
    original."""
    checks.check_crossing(state, number)
    checks.check_die(die)
    if not reason.strip():
        raise CampaignError("A ruling says why: --reason.")
    corrected = draft(
        RollCorrected, number=number, die=die, reason=text.words(reason, "the reason")
    )
    return settle(state, [corrected])[1]


# What the rules force.


def consequences(state: State) -> list[Draft]:
    """HW-5.1: the walls go at the start of turn 6; HW-4.2 and HW-4.4: a trigger area the Romans
    just held alone for the first time in turns 1–5 is flagged, and builds its walls not yet
    built."""
    if not state.set_up:
        return []
    if state.turn >= rules.REMOVAL_TURN and not state.walls_removed:
        return [forced(WallsRemoved, turn=state.turn, walls=sorted(state.walls))]
    if not state.walled:
        return []
    for area in state.moments:
        if area not in state.triggered:
            missing = [w for w in state.board.triggers[area] if w not in state.walls]
            return [forced(AreaTriggered, area=area, turn=state.turn, walls=missing)]
    return []


def replay(event: CampaignEvent) -> Callable[[State], list[Draft]]:
    """The command that records `event`, to decide it again from the state before it."""
    return _REPLAY.get(type(event), _rules_only)(event)


def _rules_only(event: CampaignEvent) -> Callable[[State], list[Draft]]:
    def refuse(state: State) -> list[Draft]:
        raise CampaignError("Only the rules record walls built and removed; no command does.")

    return refuse


_REPLAY: dict[type, Callable[[Any], Callable[[State], list[Draft]]]] = {
    GameSetUp: lambda e: (
        lambda s: set_up(
            e.campaign,
            e.players,
            e.board,
            e.ffg_gap or None,
            e.wall_trigger,
            e.leaders_roll,
            e.dice,
            e.commitments,
        )
    ),
    ClockAdvanced: lambda e: lambda s: step(s, e.turn, e.nation, e.phase),
    SecretRevealed: lambda e: lambda s: reveal(s, e.turn, e.secret),
    CounterMoved: lambda e: (
        lambda s: move(s, [(e.counter, e.path)], Recorded(e.dice, e.evidence), True, e.actor)
    ),
    BattleResolved: _battle_replayed,
    BattleReported: lambda e: lambda s: report_battle(s, e.area, e.lost, e.retreats, e.by),
    CountersPlaced: lambda e: (
        lambda s: place(s, e.nation, e.counter_kind, e.area, len(e.counters), e.reason, e.actor)
    ),
    CountersRemoved: lambda e: lambda s: remove(s, e.counters, e.reason, e.actor),
    RollCorrected: lambda e: lambda s: ruling(s, e.number, e.die, e.reason),
}
