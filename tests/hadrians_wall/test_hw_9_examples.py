"""HW-9: the rules page's acceptance examples, each as written (Avalon Hill map, default
settings), on a campaign driven through the same commands as the command line."""

from __future__ import annotations


def kinds(recorded):
    return [kind for kind, _ in recorded]


def triggered(recorded):
    return [(data["area"], data["walls"]) for kind, data in recorded if kind == "AreaTriggered"]


def roman_in(wall, area):
    """A Roman army placed in `area` during the Romans' first population phase."""
    return wall.place("romans", area)[0]


def w1_from_bernicia_in_turn_2(wall):
    """The Brigantes of York and Bernicia gone, a legion marches York → Bernicia in turn 2."""
    wall.clear("york", "bernicia")
    legion = roman_in(wall, "york")
    wall.at(2, "romans", "movement")
    return legion, wall.move(f"{legion}:york,bernicia")


def test_hw_9_1_a_roman_army_entering_empty_bernicia_builds_w1(wall):
    campaign = wall()
    _, recorded = w1_from_bernicia_in_turn_2(campaign)
    assert triggered(recorded) == [("bernicia", ["W1"])]
    assert campaign.state.walls["W1"].turn == 2
    assert campaign.state.walls["W1"].cause == "bernicia"


def test_hw_9_2_passing_through_bernicia_into_lothian_builds_w1_then_only_w2(wall):
    campaign = wall()
    campaign.clear("york", "bernicia", "lothian")
    legion = roman_in(campaign, "york")
    campaign.at(2, "romans", "movement")
    recorded = campaign.move(f"{legion}:york,bernicia,lothian")
    assert kinds(recorded) == ["CounterMoved", "AreaTriggered", "AreaTriggered"]
    assert triggered(recorded) == [("bernicia", ["W1"]), ("lothian", ["W2"])]


def fort_alone_in_bernicia(campaign):
    """W1 built in turn 2; in turn 3 a fort in Bernicia and the legion gone back to York."""
    legion, _ = w1_from_bernicia_in_turn_2(campaign)
    campaign.at(3, "romans", "population")
    fort = campaign.place("romans", "bernicia", "fort")[0]
    campaign.at(3, "romans", "movement")
    campaign.move(f"{legion}:bernicia,york")
    pict = campaign.place("picts", "lothian")[0]
    campaign.at(3, "picts", "movement")
    return fort, pict


def test_hw_9_3_a_pict_crossing_into_bernicia_held_by_a_fort_alone_rolls_and_dies_on_5(wall):
    campaign = wall(dice="external")
    fort, pict = fort_alone_in_bernicia(campaign)
    recorded = campaign.move(f"{pict}:lothian,bernicia", dice=[5])
    assert recorded[0][1]["dice"] == [5]
    state = campaign.state
    assert state.counters[pict].area is None
    assert state.counters[fort].area == "bernicia"
    (crossing,) = state.crossings
    assert (crossing.wall, crossing.origin, crossing.to, crossing.eliminated) == (
        "W1",
        "lothian",
        "bernicia",
        True,
    )


def test_hw_9_3_on_1_to_4_the_pict_enters(wall):
    campaign = wall(dice="external")
    fort, pict = fort_alone_in_bernicia(campaign)
    campaign.move(f"{pict}:lothian,bernicia", dice=[4])
    assert campaign.state.counters[pict].area == "bernicia"


def w3_from_galloway_in_turn_2(campaign):
    """Galloway emptied; a legion sails from the Irish Sea into it in turn 2: W3."""
    campaign.clear("galloway")
    legion = campaign.place("romans", "irish-sea")[0]
    campaign.at(2, "romans", "movement")
    recorded = campaign.move(f"{legion}:irish-sea,galloway")
    assert triggered(recorded) == [("galloway", ["W3"])]
    return legion


def test_hw_9_4_two_brigantes_armies_entering_roman_galloway_roll_each(wall):
    campaign = wall(dice="external")
    w3_from_galloway_in_turn_2(campaign)
    second = campaign.place("brigantes", "cumbria")[0]
    campaign.at(3, "brigantes", "movement")
    recorded = campaign.move(
        "BR6:cumbria,galloway", f"{second}:cumbria,galloway", dice=[2, 3], through=True
    )
    assert [data["dice"] for kind, data in recorded if kind == "CounterMoved"] == [[2], [3]]
    assert [c.counter for c in campaign.state.crossings] == ["BR6", second]


def test_hw_9_5_retreating_back_over_w1_after_a_lost_battle_rolls_nothing(wall):
    campaign = wall(dice="external")
    w1_from_bernicia_in_turn_2(campaign)
    campaign.at(3, "brigantes", "movement")
    campaign.move("BR7:lothian,bernicia", dice=[1])
    campaign.advance("battle")
    recorded = campaign.battle("bernicia", retreats={"BR7": "lothian"})
    assert kinds(recorded) == ["BattleResolved"]
    assert len(campaign.state.crossings) == 1
    assert campaign.state.counters["BR7"].area == "lothian"


def test_hw_9_6_from_turn_6_a_pict_walks_into_bernicia_without_a_roll(wall):
    campaign = wall()
    w1_from_bernicia_in_turn_2(campaign)
    campaign.at(6, "romans", "population")
    assert campaign.state.walls_removed
    removed = [e for e in campaign.log if e["type"] == "WallsRemoved"]
    assert [e["data"] for e in removed] == [{"turn": 6, "walls": ["W1"]}]
    pict = campaign.place("picts", "lothian")[0]
    campaign.at(6, "picts", "movement")
    recorded = campaign.move(f"{pict}:lothian,bernicia")
    assert recorded[0][1]["dice"] == []
    assert campaign.state.crossings == ()


def roman_retreats_into_empty_galloway(campaign):
    campaign.clear("galloway")
    legion = roman_in(campaign, "cumbria")
    campaign.at(3, "brigantes", "battle")
    return campaign.battle("cumbria", retreats={legion: "galloway"})


def test_hw_9_7_a_roman_retreat_into_empty_galloway_builds_w3(wall):
    recorded = roman_retreats_into_empty_galloway(wall())
    assert triggered(recorded) == [("galloway", ["W3"])]


def test_hw_9_7_but_not_with_wall_trigger_roman_action(wall):
    campaign = wall(wall_trigger="roman-action")
    recorded = roman_retreats_into_empty_galloway(campaign)
    assert triggered(recorded) == []
    assert campaign.state.walls == {}


def test_hw_9_8_romans_entering_cumbria_after_w3_set_its_flag_and_build_nothing(wall):
    campaign = wall()
    campaign.clear("cumbria")
    legion = w3_from_galloway_in_turn_2(campaign)
    campaign.at(4, "romans", "movement")
    recorded = campaign.move(f"{legion}:galloway,cumbria")
    assert triggered(recorded) == [("cumbria", [])]
    assert campaign.state.triggered == {"galloway": 2, "cumbria": 4}
    assert list(campaign.state.walls) == ["W3"]
    assert campaign.state.walls["W3"].cause == "galloway"
