"""HW-2 to HW-6: the clock and who acts, counters and the two tests, walls built and removed,
crossings — each test named after the rule it checks."""

from __future__ import annotations

import pytest

from campaign.errors import CampaignError, RuleViolation
from campaign.kinds.hadrians_wall import commands as hw
from campaign.kinds.hadrians_wall import interpretations, rules
from campaign.kinds.hadrians_wall.rules import Counter
from campaign.kinds.hadrians_wall.state import first_counters


def built(recorded):
    return [(d["area"], d["walls"]) for kind, d in recorded if kind == "AreaTriggered"]


def moved_dice(recorded):
    return [d["dice"] for kind, d in recorded if kind == "CounterMoved"]


# HW-2: time, order and who acts.


def test_hw_2_1_and_2_2_a_nations_phases_then_the_next_nation_with_counters_on_the_map(wall):
    campaign = wall()
    seen = [(campaign.state.nation, campaign.state.phase)]
    while campaign.state.nation == "romans":
        campaign.advance()
        seen.append((campaign.state.nation, campaign.state.phase))
    assert [phase for _, phase in seen[:-1]] == list(rules.MAJOR_INVASION)
    assert seen[-1] == ("belgae", "population")  # the Romano-British have nothing: skipped


def test_hw_2_2_only_the_romans_turn_1_is_a_major_invasion(wall):
    campaign = wall()
    campaign.at(2, "romans", "movement")
    with pytest.raises(CampaignError, match="no phase or nation called 'movement-2'"):
        campaign.advance("movement-2")
    assert rules.phases(1, "romans") != rules.phases(2, "romans") == rules.PHASES


def test_hw_2_1_the_clock_goes_forward_only(wall):
    campaign = wall()
    campaign.at(1, "romans", "movement")
    assert campaign.refused(hw.advance, "population", campaign.secrets) == "HW-2.1"
    campaign.advance("welsh")
    assert campaign.refused(hw.advance, "belgae", campaign.secrets) == "HW-2.1"


def test_hw_2_1_a_nation_named_after_the_turns_end_starts_the_next_turn_arrivals_included(wall):
    campaign = wall()
    campaign.advance("end-of-turn")
    campaign.advance("saxons")
    assert (campaign.state.turn, campaign.state.nation) == (2, "saxons")
    (saxon,) = campaign.place("saxons", "north-sea")
    campaign.advance("movement")
    campaign.move(f"{saxon}:north-sea,york")
    assert campaign.state.counters[saxon].area == "york"


def test_hw_2_1_sixteen_turns_then_the_game_is_over(wall):
    campaign = wall(dice="external")
    for _ in range(16):
        campaign.advance("end-of-turn")
        campaign.advance()
    assert campaign.state.phase == rules.GAME_OVER
    assert campaign.refused(hw.advance, None, {}) == "HW-2.1"


def test_hw_2_3_four_players_by_colour_each_a_different_person(wall):
    with pytest.raises(RuleViolation) as missing:
        wall(green="")
    assert missing.value.rule == "HW-2.3" and "--green" in str(missing.value)
    with pytest.raises(RuleViolation) as twice:
        wall(green="ann")
    assert twice.value.rule == "HW-2.3"


def test_hw_2_3_a_player_enters_only_his_own_nations_commands_and_each_event_names_him(wall):
    campaign = wall()
    campaign.at(1, "brigantes", "movement")

    def brigantes_move(player):
        return campaign.campaigns.act(
            campaign.name,
            lambda s: hw.move(s, [("BR4", ["bernicia", "lothian"])], campaign.roll(), actor=player),
            player,
        )

    with pytest.raises(RuleViolation) as refusal:
        brigantes_move("Bob")
    assert refusal.value.rule == "HW-2.3" and "Cid" in str(refusal.value)
    (event,) = brigantes_move("Cid")
    assert event.actor == "Cid"
    assert campaign.state.player_of("brigantes") == "Cid"
    assert interpretations.SPLIT["red"] == ("brigantes", "irish", "norsemen", "saxons")


def test_hw_2_4_one_army_of_the_listed_nation_in_each_land_area_and_16_romans_at_sea(wall):
    state = wall().state
    on_land = {c.area: c.nation for c in state.counters.values() if c.area != "english-channel"}
    assert on_land == state.board.start
    assert len(on_land) == 37
    romans = [c for c in state.counters.values() if c.area == "english-channel"]
    assert len(romans) == 16 and {c.nation for c in romans} == {"romans"}
    assert first_counters(state.board) == state.counters


# HW-3: counters, and the two tests.


def test_hw_3_1_a_fort_does_not_move_and_counters_have_four_kinds(wall):
    campaign = wall()
    (fort,) = campaign.place("romans", "kent", "fort")
    campaign.at(1, "romans", "movement")
    assert campaign.refused_move(f"{fort}:kent,essex") == "HW-3.1"
    assert campaign.refused(hw.place, "romans", "chariot", "kent", 1, "") == "HW-3.1"
    assert campaign.refused(hw.place, "romans", "fort", "north-sea", 1, "") == "HW-3.1"


def test_hw_3_2_a_battle_is_entered_as_its_losses_and_retreats(wall):
    campaign = wall()
    campaign.at(1, "romans", "movement")
    campaign.move("R1:english-channel,kent", "R2:english-channel,kent")
    campaign.advance("battle")
    assert campaign.refused(hw.battle, "kent", ["BE5"], {}) == "HW-3.2"
    assert campaign.refused(hw.battle, "kent", [], {"R1": "york"}) == "HW-3.2"
    campaign.battle("kent", ["BE4"], {"R2": "english-channel"})
    assert campaign.state.counters["BE4"].area is None
    assert campaign.state.counters["R2"].area == "english-channel"


@pytest.mark.parametrize(
    ("here", "occupied", "sole"),
    [
        ([("romans", "infantry")], True, True),
        ([("romans", "fort")], True, False),  # HW-3.5: a fort alone does not make it
        ([("romans", "fort"), ("romans", "cavalry")], True, True),  # nor spoil it
        ([("romans", "infantry"), ("picts", "infantry")], True, False),
        ([("romano-british", "infantry")], False, False),  # HW-3.3
        ([("picts", "leader"), ("romans", "fort")], True, False),
        ([], False, False),
    ],
)
def test_hw_3_3_to_3_5_roman_occupied_and_sole_occupant(here, occupied, sole):
    counters = [Counter(f"C{i}", nation, kind, "x") for i, (nation, kind) in enumerate(here)]
    assert rules.roman_occupied(counters) is occupied
    assert rules.sole_roman(counters) is sole


def test_hw_3_7_a_move_from_where_the_counter_is_not_is_refused(wall):
    campaign = wall()
    campaign.at(1, "romans", "movement")
    assert campaign.refused_move("R1:kent,essex") == "HW-3.7"


def test_hw_3_7_a_step_between_areas_that_do_not_touch_is_refused(wall):
    campaign = wall()
    campaign.at(1, "romans", "movement")
    assert campaign.refused_move("R1:english-channel,york") == "HW-3.7"


def test_hw_3_7_a_move_out_of_its_nations_movement_phase_is_refused(wall):
    campaign = wall()
    assert campaign.refused_move("R1:english-channel,kent") == "HW-3.7"  # population phase
    campaign.at(1, "romans", "movement")
    assert campaign.refused_move("BR4:bernicia,lothian") == "HW-3.7"  # the Romans' turn


def test_hw_3_7_a_move_names_areas_by_id_or_name_and_suggests_the_closest(wall):
    campaign = wall()
    campaign.at(1, "romans", "movement")
    campaign.move("R1:English Channel,Kent")
    assert campaign.state.counters["R1"].area == "kent"
    with pytest.raises(CampaignError, match="did you mean Bernicia"):
        campaign.move("R2:english-channel,north-sea,bernica")


# HW-4: building walls.


def test_hw_4_1_and_4_5_a_flag_is_never_reset_and_retaking_an_area_builds_nothing(wall):
    campaign = wall(dice="external")
    campaign.clear("york", "bernicia")
    (legion,) = campaign.place("romans", "york")
    campaign.at(2, "romans", "movement")
    assert built(campaign.move(f"{legion}:york,bernicia")) == [("bernicia", ["W1"])]
    campaign.at(2, "brigantes", "movement")
    campaign.move("BR7:lothian,bernicia", dice=[1])
    campaign.advance("battle")
    campaign.battle("bernicia", [legion])
    campaign.at(3, "romans", "population")
    (again,) = campaign.place("romans", "york")
    campaign.advance("movement")
    campaign.move(f"{again}:york,bernicia")
    campaign.advance("battle")
    assert built(campaign.battle("bernicia", ["BR7"])) == []
    assert campaign.state.triggered == {"bernicia": 2}
    assert "W1" in campaign.state.walls  # HW-4.5: it stands although the Romans lost Bernicia


def test_hw_4_2_no_wall_is_built_from_turn_6(wall):
    campaign = wall()
    campaign.clear("york", "bernicia")
    (legion,) = campaign.place("romans", "york")
    campaign.at(6, "romans", "movement")
    assert built(campaign.move(f"{legion}:york,bernicia")) == []
    assert campaign.state.walls == {} and campaign.state.triggered == {}


def test_hw_4_6_the_last_others_leaving_makes_the_romans_sole_occupant(wall):
    campaign = wall()
    (legion,) = campaign.place("romans", "bernicia")
    assert campaign.state.triggered == {}  # HW-4.7: the Brigantes are still there
    campaign.at(1, "brigantes", "movement")
    assert built(campaign.move("BR4:bernicia,york")) == [("bernicia", ["W1"])]


def test_hw_4_6_roman_action_counts_roman_moves_and_battles_but_not_the_others_leaving(wall):
    campaign = wall(wall_trigger="roman-action")
    campaign.place("romans", "bernicia")
    campaign.at(1, "brigantes", "movement")
    assert built(campaign.move("BR4:bernicia,york")) == []
    campaign.at(1, "brigantes", "battle")
    campaign.clear("pennines")
    campaign.at(2, "romans", "movement")
    campaign.move("R1:english-channel,frisian-sea,north-sea,york")
    campaign.advance("battle")
    assert built(campaign.battle("york", ["BR3", "BR4"])) == []  # York is no trigger area


def test_hw_4_7_romans_passing_an_area_that_still_holds_others_are_not_its_sole_occupant(wall):
    campaign = wall()
    campaign.clear("york")
    (legion,) = campaign.place("romans", "york")
    campaign.at(2, "romans", "movement")
    recorded = campaign.move(f"{legion}:york,bernicia,lothian")  # BR4, BR7 stay
    assert built(recorded) == []


def test_hw_4_8_a_fort_builds_no_wall(wall):
    campaign = wall()
    campaign.clear("bernicia")
    assert built(campaign.when(hw.place, "romans", "fort", "bernicia", 1, "fort built")) == []


# HW-5: removing walls.


def test_hw_5_1_every_wall_goes_in_one_event_at_the_start_of_turn_6_before_anyone_acts(wall):
    campaign = wall()
    campaign.clear("york", "bernicia", "lothian")
    (legion,) = campaign.place("romans", "york")
    campaign.at(2, "romans", "movement")
    campaign.move(f"{legion}:york,bernicia,lothian")
    campaign.at(5, "romans", "population")
    campaign.advance("end-of-turn")
    recorded = campaign.advance()
    assert [kind for kind, _ in recorded] == ["ClockAdvanced", "WallsRemoved"]
    assert recorded[1][1] == {"turn": 6, "walls": ["W1", "W2"]}


def test_hw_5_2_a_new_campaign_starts_with_no_walls_and_no_flags(wall):
    state = wall().state
    assert (state.walls, state.triggered, state.walls_removed) == ({}, {}, False)


# HW-6: crossing a wall.


def w1_and_a_legion_in_bernicia(campaign, turn=2):
    campaign.clear("york", "bernicia")
    (legion,) = campaign.place("romans", "york")
    campaign.at(turn, "romans", "movement")
    campaign.move(f"{legion}:york,bernicia")
    return legion


def test_hw_6_1_and_6_5_no_roll_into_an_area_that_is_not_roman_occupied(wall):
    campaign = wall()
    w1_and_a_legion_in_bernicia(campaign)
    campaign.at(3, "romans", "movement")
    campaign.move("R17:bernicia,york")
    campaign.at(3, "brigantes", "movement")
    assert moved_dice(campaign.move("BR7:lothian,bernicia")) == [[]]


def test_hw_6_4_a_list_of_moves_stops_after_the_first_crossing_unless_through(wall):
    campaign = wall(dice="external")
    w1_and_a_legion_in_bernicia(campaign)
    (second,) = campaign.place("brigantes", "lothian")
    campaign.at(3, "brigantes", "movement")
    first = campaign.move("BR7:lothian,bernicia", f"{second}:lothian,bernicia", dice=[1])
    assert moved_dice(first) == [[1]]
    assert campaign.state.counters[second].area == "lothian"
    then = campaign.move(f"{second}:lothian,bernicia", dice=[6])
    assert moved_dice(then) == [[6]]
    assert [c.number for c in campaign.state.crossings] == [1, 2]


def test_hw_6_5_roman_counters_and_moves_by_sea_roll_nothing(wall):
    campaign = wall()
    legion = w1_and_a_legion_in_bernicia(campaign)
    campaign.at(3, "romans", "movement")
    assert moved_dice(campaign.move(f"{legion}:bernicia,lothian")) == [[]]
    assert campaign.state.crossings == ()


def test_hw_6_6_a_northward_crossing_rolls_too(wall):
    campaign = wall(dice="external")
    campaign.clear("york", "bernicia", "lothian")
    (legion,) = campaign.place("romans", "york")
    campaign.at(2, "romans", "movement")
    campaign.move(f"{legion}:york,bernicia,lothian")
    (brigante,) = campaign.place("brigantes", "bernicia")
    campaign.at(2, "brigantes", "movement")
    assert moved_dice(campaign.move(f"{brigante}:bernicia,lothian", dice=[3])) == [[3]]
    assert campaign.state.crossings[0].to == "lothian"


def test_hw_6_7_the_roman_players_scots_are_not_romans_and_roll(wall):
    campaign = wall(dice="external")
    w1_and_a_legion_in_bernicia(campaign)
    (scot,) = campaign.place("scots", "lothian")
    campaign.at(2, "scots", "movement")
    assert moved_dice(campaign.move(f"{scot}:lothian,bernicia", dice=[2])) == [[2]]
    assert campaign.state.player_of("scots") == campaign.state.player_of("romans")


def test_hw_6_8_leaders_roll_like_armies_by_default(wall):
    campaign = wall(dice="external")
    w1_and_a_legion_in_bernicia(campaign)
    (leader,) = campaign.place("picts", "lothian", "leader")
    campaign.at(2, "picts", "movement")
    assert moved_dice(campaign.move(f"{leader}:lothian,bernicia", dice=[4])) == [[4]]


def test_hw_6_8_with_leaders_roll_no_a_leader_crosses_only_beside_an_army_and_rolls_nothing(
    wall,
):
    campaign = wall(dice="external", leaders_roll="no")
    w1_and_a_legion_in_bernicia(campaign)
    (leader,) = campaign.place("picts", "lothian", "leader")
    (army,) = campaign.place("picts", "lothian")
    campaign.at(2, "picts", "movement")
    assert campaign.refused_move(f"{leader}:lothian,bernicia") == "HW-6.8"
    campaign.move(f"{army}:lothian,bernicia", dice=[2])
    assert moved_dice(campaign.move(f"{leader}:lothian,bernicia")) == [[]]
    assert campaign.state.counters[leader].area == "bernicia"


def a_brigante_south_of_two_roman_walls(campaign):
    """W1 and W2 built in turn 2, legions in Lothian and the Pennines, a Brigantes army in
    Bernicia in the Brigantes' movement phase."""
    campaign.clear("york", "bernicia", "lothian", "pennines")
    first, second = campaign.place("romans", "york", count=2)
    campaign.at(2, "romans", "movement")
    campaign.move(f"{first}:york,bernicia,lothian", f"{second}:york,pennines")
    (brigante,) = campaign.place("brigantes", "bernicia")
    campaign.at(2, "brigantes", "movement")
    return brigante


def test_hw_6_9_a_path_over_two_walls_rolls_twice_in_path_order(wall):
    campaign = wall(dice="external")
    brigante = a_brigante_south_of_two_roman_walls(campaign)
    recorded = campaign.move(f"{brigante}:bernicia,lothian,pennines", dice=[1, 2])
    assert moved_dice(recorded) == [[1, 2]]
    assert [(c.wall, c.origin, c.to) for c in campaign.state.crossings] == [
        ("W1", "bernicia", "lothian"),
        ("W2", "lothian", "pennines"),
    ]


def test_hw_6_9_the_second_crossing_is_never_rolled_when_the_first_eliminates(wall):
    campaign = wall(dice="external")
    brigante = a_brigante_south_of_two_roman_walls(campaign)
    recorded = campaign.move(f"{brigante}:bernicia,lothian,pennines", dice=[5])
    assert moved_dice(recorded) == [[5]]
    assert campaign.state.counters[brigante].area is None


def test_hw_6_10_a_roll_stands_no_undo_reaches_it_and_a_ruling_corrects_it(wall):
    from campaign.domain.shared_commands import undo

    campaign = wall(dice="external")
    w1_and_a_legion_in_bernicia(campaign)
    campaign.at(3, "brigantes", "movement")
    campaign.move("BR7:lothian,bernicia", dice=[6])
    loaded = campaign.campaigns.load(campaign.name)
    with pytest.raises(CampaignError, match=r"\(HW-6.10\)"):
        undo(loaded.ledger, 1, "misclick")
    assert campaign.refused(hw.ruling, 1, 2, "") == "A ruling says why: --reason."
    assert campaign.refused(hw.ruling, 2, 2, "no such") == "HW-6.10"
    campaign.when(hw.ruling, 1, 2, "the dice roller showed 2")
    (crossing,) = campaign.state.crossings
    assert (crossing.die, crossing.original, crossing.eliminated) == (2, 6, False)
    assert campaign.state.counters["BR7"].area == "bernicia"
    assert [e["data"]["dice"] for e in campaign.log if e["type"] == "CounterMoved"][-1] == [6]


def test_hw_3_6_and_4_3_a_roman_army_passing_through_an_empty_trigger_area_builds_its_wall(wall):
    campaign = wall()
    campaign.clear("york", "bernicia")
    (legion,) = campaign.place("romans", "york")
    campaign.at(2, "romans", "movement")
    recorded = campaign.move(f"{legion}:york,bernicia,lothian")  # Lothian still holds BR7
    assert built(recorded) == [("bernicia", ["W1"])]
    assert campaign.state.counters[legion].area == "lothian"
    assert "lothian" not in campaign.state.triggered


def test_hw_4_4_lothian_builds_only_the_wall_still_missing(wall):
    campaign = wall()
    campaign.clear("york", "pennines", "lothian")
    (legion,) = campaign.place("romans", "york")
    campaign.at(2, "romans", "movement")
    recorded = campaign.move(f"{legion}:york,pennines,lothian")
    assert built(recorded) == [("pennines", ["W2"]), ("lothian", ["W1"])]
    assert {w: b.cause for w, b in campaign.state.walls.items()} == {
        "W2": "pennines",
        "W1": "lothian",
    }


@pytest.mark.parametrize(("die", "ends"), [(1, "york"), (4, "york"), (5, None), (6, None)])
def test_hw_6_2_on_1_to_4_the_move_goes_on_on_5_or_6_the_counter_dies_on_the_border(
    wall, die, ends
):
    campaign = wall(dice="external")
    w1_and_a_legion_in_bernicia(campaign)
    campaign.clear("york")
    campaign.at(2, "brigantes", "movement")
    campaign.move("BR7:lothian,bernicia,york", dice=[die])
    assert campaign.state.counters["BR7"].area == ends
    assert campaign.state.crossings[0].eliminated is (ends is None)


def test_hw_6_3_counters_moving_together_each_roll_for_themselves(wall):
    campaign = wall()
    w1_and_a_legion_in_bernicia(campaign)
    second, third = campaign.place("picts", "lothian", count=2)
    campaign.at(2, "picts", "movement")
    campaign.move(f"{second}:lothian,bernicia", f"{third}:lothian,bernicia", through=True)
    crossings = campaign.state.crossings
    assert [(c.number, c.counter) for c in crossings] == [(1, second), (2, third)]
