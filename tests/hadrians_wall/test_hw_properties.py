"""Random lawful Hadrian's Wall campaigns, turns 1 to 6 (hypothesis): the invariants of HW-4 to
HW-7 hold after every command, replaying the log gives the state the commands built step by
step, and `verify` recomputes every committed roll."""

from __future__ import annotations

from itertools import pairwise

from helpers.hadrians_wall import Wall
from helpers.properties import examples
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from campaign.kinds.hadrians_wall import commands as hw
from campaign.kinds.hadrians_wall import rules
from campaign.service.verify import audit

NORTH = ["york", "bernicia", "lothian", "pennines", "cumbria", "galloway", "strathclyde"]
"""Where the walls are: the generator sends the Romans there, so that walls get built and
crossed."""


def rolls_due(before, counter, path, dice):
    """HW-6.1, restated independently of the program: how many dice a move rolls, given the
    state before it and the dice it shows (a 5 or 6 ends it, HW-6.2)."""
    where = {c.id: c.area for c in before.counters.values()}
    mover = before.counters[counter]
    rolled = 0
    for a, b in pairwise(path):
        walls = [w for w, ends in before.board.walls.items() if set(ends) == {a, b}]
        standing = bool(walls) and walls[0] in before.walls and not before.walls_removed
        roman_there = any(
            c.nation == "romans" and where[c.id] == b for c in before.counters.values()
        )
        if (
            before.turn <= 5
            and before.phase in ("movement", "movement-2")
            and mover.nation != "romans"
            and standing
            and roman_there
            and (mover.kind != "leader" or before.leaders_roll)
        ):
            rolled += 1
            if dice[rolled - 1] >= 5:
                return rolled
        where[counter] = b
    return rolled


def random_path(data, board, start):
    path = [start]
    for _ in range(data.draw(st.integers(1, 3))):
        neighbours = sorted(
            b for pair in board.links for b in pair if path[-1] in pair and b != path[-1]
        )
        over = [b for b in neighbours if board.wall_on(path[-1], b)]
        if over and data.draw(st.integers(0, 3)) > 0:
            neighbours = over
        path.append(data.draw(st.sampled_from(neighbours)))
    return path


def moves(campaign, data, nation):
    """Up to three moves of the nation's counters, from the north first, often over a wall."""
    for _ in range(data.draw(st.integers(1, 3))):
        state = campaign.state
        mine = sorted(
            c.id
            for c in state.counters.values()
            if c.nation == nation and c.area and c.kind != "fort"
        )
        north = [c for c in mine if state.counters[c].area in NORTH]
        pick = north if north and data.draw(st.integers(0, 3)) > 0 else mine
        if not pick:
            return
        counter = data.draw(st.sampled_from(pick))
        path = random_path(data, state.board, state.counters[counter].area)
        move = f"{counter}:{','.join(path)}"
        if state.dice == "external":
            dice = [data.draw(st.integers(1, 6)) for _ in range(3)]
            recorded = campaign.move(move, dice=dice[: rolls_due(state, counter, path, dice)])
        else:
            recorded = campaign.move(move)
        check_step(campaign, recorded)
        shown = recorded[0][1]["dice"]
        assert len(shown) == rolls_due(state, counter, path, shown)  # HW-6.1, exactly


def battles(campaign, data, nation):
    """Battles wherever the nation shares an area: the others lose one or more counters."""
    state = campaign.state
    shared = sorted(
        {
            c.area
            for c in state.counters.values()
            if c.nation == nation and c.area and any(o.nation != nation for o in state.here(c.area))
        }
    )
    for area in shared:
        if data.draw(st.integers(0, 3)) > 0:
            others = sorted(c.id for c in campaign.state.here(area) if c.nation != nation)
            lost = data.draw(st.lists(st.sampled_from(others), min_size=1, unique=True))
            check_step(campaign, campaign.battle(area, lost))


def one_turn(campaign, data):
    """A turn: the Romans reinforce the north, move and fight; the Brigantes and Picts move
    (often over a wall) and fight; sometimes a nation's turn is skipped; the turn ends."""
    turn = campaign.state.turn
    if data.draw(st.integers(0, 3)) > 0:
        for _ in range(data.draw(st.integers(1, 3))):
            area = data.draw(st.sampled_from(NORTH))
            check_step(campaign, campaign.when(hw.place, "romans", "infantry", area, 1, "arrival"))
    for nation in ("romans", "brigantes", "picts"):
        if not campaign.state.on_map(nation) or data.draw(st.integers(0, 4)) == 0:
            continue
        for phase, acting in (("movement", moves), ("battle", battles)):
            check_step(campaign, advance_to(campaign, turn, nation, phase))
            acting(campaign, data, nation)
    check_step(campaign, campaign.advance("end-of-turn"))
    check_step(campaign, campaign.advance())


def advance_to(campaign, turn, nation, phase):
    recorded = []
    if campaign.state.nation != nation:
        recorded += campaign.advance(nation)
    return recorded + campaign.advance(phase)


BUILT: list[str] = []


def check_step(campaign, recorded):
    """After every command: walls only in turns 1–5 and one per border; none from turn 6; the
    state the commands built step by step is the state a replay of the log gives."""
    for kind, fields in recorded:
        if kind == "AreaTriggered":
            assert fields["turn"] in rules.WALLED_TURNS  # HW-4.2
            assert not set(fields["walls"]) & set(BUILT)  # HW-4.4
            BUILT.extend(fields["walls"])
    state = campaign.state
    assert sorted(state.walls) == sorted(BUILT)
    if state.turn >= rules.REMOVAL_TURN:
        assert state.walls_removed  # HW-5.1
    assert campaign.campaigns.after.state == state  # replay equals step by step
    assert campaign.campaigns.kept.state(campaign.name)[2] == state  # kept beside the view


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    data=st.data(),
    dice=st.sampled_from(["committed", "external"]),
    trigger=st.sampled_from(["any", "roman-action"]),
)
def test_random_lawful_turns_1_to_6_keep_the_invariants(data, dice, trigger):
    BUILT.clear()
    drawn = st.binary(min_size=32, max_size=32).map(bytes.hex)
    secrets = {f"S{t}": data.draw(drawn) for t in rules.WALLED_TURNS}
    campaign = Wall(secrets, dice=dice, wall_trigger=trigger)
    while campaign.state.turn <= 6:
        one_turn(campaign, data)
    loaded = campaign.campaigns.load(campaign.name)
    event(f"crossings: {min(len(loaded.state.crossings), 3)}+, walls: {len(loaded.state.walls)}")
    verified = audit(loaded.kind, loaded.events)  # HW-7.3: every revealed roll recomputed
    assert verified.state == loaded.state
    if dice == "committed":
        assert set(loaded.state.revealed) == {1, 2, 3, 4, 5}
