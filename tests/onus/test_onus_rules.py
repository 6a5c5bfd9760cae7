"""ONUS! Under the Eagle, campaign mode: rules ON-1 to ON-3, named by their ids."""

from __future__ import annotations

import pytest

from campaign.errors import CampaignError, RuleViolation
from campaign.kinds.onus import checks
from campaign.kinds.onus import rules as onus
from campaign.kinds.onus.book import book, check_book
from campaign.kinds.onus.commands import muster, scenario_result, take_sides, upgrade

RHINE_WON = {"vitellius_survived": "yes"}


def test_on_1_1_rome_and_its_enemies_are_two_different_players():
    with pytest.raises(RuleViolation) as refusal:
        take_sides("Marcus", "marcus", False)
    assert refusal.value.rule == "ON-1.1"


@pytest.mark.parametrize("players", [["Marcus"], ["Marcus", "Arminius", "Boudica"]])
def test_on_1_1_a_start_of_other_than_two_players_is_refused(players):
    """ON-1.1 as `verify` and `import` check a log's first event, not only as `new` does."""
    with pytest.raises(RuleViolation) as refusal:
        checks.check_players(players)
    assert refusal.value.rule == "ON-1.1"


def test_on_1_2_the_eight_scenarios_come_in_book_order(eagle):
    story = eagle()
    assert story.state.next_scenario.title == "Blood on the banks of the Rhine"
    story.play(RHINE_WON, "legionaries-1")
    assert story.state.next_scenario.title == "Narcissus – March through Gaul"


def test_on_3_the_data_file_is_consistent_every_fixed_army_adds_up_to_its_points():
    """Scenario 1's Germanic Peoples: 2 Berserkir, 2 Hunters, 4 Spearmen, 2 Clubmen = 930 points."""
    assert check_book(book()) == []
    rhine = book().scenario(1).armies["enemies"]
    assert (
        sum(book().catalogue("enemies", rhine.people)[u] * n for u, n in rhine.units.items()) == 930
    )


@pytest.mark.parametrize(
    "number, facts, winner",
    [
        (1, {"vitellius_survived": "yes"}, "rome"),
        (1, {"vitellius_survived": "no"}, "enemies"),
        (2, {"narcissus_killed": "yes"}, "enemies"),
        (2, {"narcissus_killed": "no"}, "rome"),
        (3, {"vespasian_survived": "yes", "roman_units_available": "4"}, "rome"),
        (3, {"vespasian_survived": "yes", "roman_units_available": "3"}, "enemies"),
        (3, {"vespasian_survived": "no", "roman_units_available": "8"}, "enemies"),
        (4, {"ended_by": "celtic_rout"}, "rome"),
        (4, {"ended_by": "legions_lost"}, "enemies"),
        (5, {"ended_by": "romans_destroyed"}, "enemies"),
        (6, {"briton_units_captured": "4"}, "rome"),
        (6, {"briton_units_captured": "3"}, "enemies"),
        (7, {"ended_by": "deck_exhausted"}, "rome"),
        (7, {"ended_by": "roman_rout"}, "enemies"),
        (8, {"ended_by": "celtic_rout"}, "rome"),
        (8, {"ended_by": "cato_defeated"}, "enemies"),
    ],
)
def test_on_3_1_the_winner_follows_from_the_scenarios_facts(number, facts, winner):
    assert onus.winner(book().scenario(number), facts) == winner


@pytest.mark.parametrize(
    "facts, says",
    [
        ({}, "missing vitellius_survived"),
        ({"vitellius_survived": "yes", "narcissus_killed": "no"}, "unknown narcissus_killed"),
        ({"vitellius_survived": "perhaps"}, "out of range"),
    ],
)
def test_on_3_1_a_missing_unknown_or_out_of_range_fact_is_refused_listing_what_the_scenario_takes(
    eagle, facts, says
):
    story = eagle()
    with pytest.raises(RuleViolation) as refusal:
        story.when(scenario_result, facts)
    assert refusal.value.rule == "ON-3.1" and says in refusal.value.message
    assert "vitellius_survived=yes|no" in refusal.value.message


def test_on_3_1_a_stated_winner_that_contradicts_the_facts_is_refused(eagle):
    assert eagle().refused(scenario_result, RHINE_WON, [], [], [], [], "enemies") == "ON-3.1"


def test_on_2_1_the_winner_upgrades_one_unit_regular_to_veteran(eagle):
    story = eagle()
    story.when(scenario_result, RHINE_WON)
    assert story.when(upgrade, "legionaries-4") == [
        (
            "UnitUpgraded",
            {"scenario": 1, "side": "rome", "unit": "legionaries-4", "status": "veteran"},
        )
    ]


def test_on_2_1_only_the_winner_and_only_once_per_scenario_won(eagle):
    story = eagle()
    story.when(scenario_result, RHINE_WON)
    assert story.refused(upgrade, "berserkir-1") == "ON-2.1"
    story.when(upgrade, "legionaries-1")
    assert story.refused(upgrade, "legionaries-2") == "ON-2.1"


def test_on_2_1_elite_is_the_top(eagle):
    story = eagle()
    story.play(RHINE_WON, "legionaries-1")
    story.play({"narcissus_killed": "no"}, "legionaries-1")
    assert story.state.card("legionaries-1")[1].status == "elite"
    story.when(scenario_result, {"vespasian_survived": "yes", "roman_units_available": "6"})
    assert story.refused(upgrade, "legionaries-1") == "ON-2.1"


def test_on_2_1_the_upgrade_may_be_declined_but_comes_before_the_next_result(eagle):
    story = eagle()
    story.when(scenario_result, RHINE_WON)
    assert story.refused(scenario_result, {"narcissus_killed": "no"}) == "ON-2.1"
    assert story.when(upgrade, None) == [("UpgradeDeclined", {"scenario": 1, "side": "rome"})]


def test_on_2_2_a_unit_keeps_its_status_in_later_scenarios_even_after_its_elimination(eagle):
    story = eagle()
    story.play(RHINE_WON, "legionaries-2", eliminated=["legionaries-2"])
    assert story.state.card("legionaries-2")[1].status == "veteran"
    assert "legionaries-2" in [c.id for c in story.state.fielded("rome")]


def test_on_2_2_option_eliminated_units_go_back_to_regular(eagle):
    story = eagle(reset_eliminated=True)
    story.play(RHINE_WON, "legionaries-2")
    story.play({"narcissus_killed": "no"}, "legionaries-3", eliminated=["legionaries-2"])
    assert story.state.card("legionaries-2")[1].status == "regular"


def test_on_2_2_an_army_draws_on_the_roster_best_cards_first_and_adds_new_regular_cards(eagle):
    """Interpretation BEST_CARDS_FIRST: the Medway needs 9 Legionaries, so cards 7 to 9 are new
    regular cards, and Rome upgrades the new legionaries-8 to play there (ON-2.1); Camulodunum
    needs 6 of the 9: the Veteran first, then by number."""
    story = eagle()
    story.play_to_the_end("RR")
    story.play({"vespasian_survived": "yes", "roman_units_available": "5"}, "legionaries-8")
    medway = [c.id for c in story.state.fielded("rome")]
    assert medway == [f"legionaries-{n}" for n in range(1, 10)]
    story.muster_cheapest()
    story.play({"ended_by": "celtic_rout"}, None)
    fielded = [c.id for c in story.state.fielded("rome") if c.type == "Legionaries"]
    assert fielded == [
        "legionaries-1",
        "legionaries-2",
        "legionaries-3",
        "legionaries-4",
        "legionaries-5",
        "legionaries-8",
    ]


def test_on_2_1_the_upgrade_is_for_a_unit_of_the_next_scenarios_army(eagle):
    """Rome's army in Gaul is four Legionaries and the Chariots: legionaries-5, on the roster since
    the Rhine, does not play there. Boudica's next army is Celtic: a new Celtic card is hers to
    upgrade, a Germanic one is not, and the upgraded card must take the field."""
    story = eagle()
    story.when(scenario_result, RHINE_WON)
    said = story.refused(upgrade, "legionaries-5")
    assert said == "ON-2.1"
    story.when(upgrade, "legionaries-4")
    story.when(scenario_result, {"narcissus_killed": "yes"})
    assert story.refused(upgrade, "berserkir-1") == "ON-2.1"
    story.when(upgrade, "briton-riders-1")
    assert (
        story.refused(scenario_result, {"vespasian_survived": "yes", "roman_units_available": "5"})
        == "ON-2.1"
    )
    story.when(muster, "enemies", {"Briton Riders": 1, "Celtic Spearmen": 10})
    story.when(scenario_result, {"vespasian_survived": "yes", "roman_units_available": "5"})


def test_on_2_5_a_character_lost_with_his_unit_misses_the_next_scenario_and_returns_after(eagle):
    story = eagle()
    story.play(RHINE_WON, None, eliminated=["legionaries-6"], lost=["Macro"])
    assert "Macro" in story.state.absent
    story.play({"narcissus_killed": "no"}, None)
    assert "Macro" not in story.state.absent


def test_on_2_5_the_sine_nomine_general_stands_in_for_an_absent_general(eagle):
    """Macro is to command in scenario 2; lost with his unit in scenario 1, he gives way."""
    from campaign.kinds.onus.status import briefing

    story = eagle()
    story.play(RHINE_WON, None, eliminated=["legionaries-6"], lost=["Macro"])
    assert briefing(story.state)["armies"]["rome"]["general"] == {
        "name": "Sine Nomine",
        "stands_in_for": "Macro",
        "rule": "ON-2.5",
    }


def test_on_2_5_a_character_who_was_not_in_the_scenario_cannot_fall_or_be_wounded(eagle):
    story = eagle()
    assert story.refused(scenario_result, RHINE_WON, [], ["Narcissus"]) == "ON-2.5"
    assert story.refused(scenario_result, RHINE_WON, [], [], ["Vespasian"]) == "ON-2.4"


def test_on_2_2_only_units_that_took_part_can_be_eliminated(eagle):
    story = eagle()
    story.play(RHINE_WON, None)
    assert story.refused(scenario_result, {"narcissus_killed": "no"}, ["legionaries-6"]) == "ON-2.2"


def test_on_2_6_macro_and_cato_in_one_unit_give_plus_one_each_not_plus_two_morale():
    bonus = onus.combined_attributes(["Macro", "Cato"], book())
    assert (bonus["attack"], bonus["defence"], bonus["morale"], bonus["unknown"]) == (1, 1, 1, [])


def test_on_2_6_attributes_the_rulebook_does_not_give_are_shown_unknown():
    assert onus.combined_attributes(["Cato", "Narcissus"], book())["unknown"] == ["Narcissus"]


def test_on_2_7_three_characters_totalling_30_percent_on_1000_points_make_1300():
    assert onus.army_value(1000, [10, 10, 10]) == 1300


def advance_to(story, number):
    facts = [
        RHINE_WON,
        {"narcissus_killed": "no"},
        {"vespasian_survived": "yes", "roman_units_available": "5"},
    ]
    for scenario in range(1, number):
        story.play(facts[scenario - 1], None)


def test_on_3_2_a_free_choice_army_must_be_mustered_before_the_result(eagle):
    story = eagle()
    advance_to(story, 4)
    assert story.refused(scenario_result, {"ended_by": "celtic_rout"}) == "ON-3.2"


@pytest.mark.parametrize(
    "units, says",
    [
        ({"Celtic Chariots": 8}, "1360 points"),
        ({"Legionaries": 2}, "Rome's units"),
        ({"Syrian Horsemen": 2}, "the enemies' units"),
    ],
)
def test_on_3_2_a_muster_over_points_or_of_the_wrong_sides_units_is_refused(eagle, units, says):
    story = eagle()
    advance_to(story, 4)
    with pytest.raises(RuleViolation) as refusal:
        story.when(muster, "enemies", units)
    assert refusal.value.rule == "ON-3.2" and says in refusal.value.message


def test_on_3_2_scenario_7_caps_the_celts_at_12_units_with_2_chariots(eagle):
    story = eagle()
    advance_to(story, 4)
    for facts in (
        {"ended_by": "celtic_rout"},
        {"ended_by": "celtic_rout"},
        {"briton_units_captured": "2"},
    ):
        if story.state.army_units("enemies") is None:  # scenarios 4 and 5 are free choice
            story.when(muster, "enemies", {"Armed Peasants": 3})
        story.play(facts, None)
    assert story.state.next_number == 7
    assert story.refused(muster, "enemies", {"Armed Peasants": 13}) == "ON-3.2"
    assert story.refused(muster, "enemies", {"Celtic Chariots": 1, "Armed Peasants": 4}) == "ON-3.2"
    assert story.when(muster, "enemies", {"celtic chariots": 2, "Armed Peasants": 10})[0][1][
        "units"
    ] == {"Armed Peasants": 10, "Celtic Chariots": 2}


def test_on_1_3_the_player_who_wins_the_most_scenarios_wins_the_campaign(eagle):
    story = eagle()
    story.play_to_the_end("REERRERR")
    assert (story.state.wins(), story.state.winner) == ({"rome": 5, "enemies": 3}, "rome")
    assert story.state.phase == "finished"


def test_on_1_3_equal_wins_after_the_eighth_scenario_is_a_drawn_campaign(eagle):
    """Interpretation EQUAL_WINS_DRAW: four wins each."""
    story = eagle()
    story.play_to_the_end("RRRREEEE")
    assert (story.state.wins(), story.state.winner) == ({"rome": 4, "enemies": 4}, "draw")


def test_on_2_3_officer_casualties_are_recovered_in_the_next_scenario(eagle):
    from campaign.kinds.onus.status import briefing

    story = eagle()
    story.play(RHINE_WON, None, officers=["legionaries-2"])
    brief = briefing(story.state)
    assert brief["recovered"]["officer_casualties"] == ["legionaries-2"]
    fielded = {u["id"]: u["status"] for u in brief["armies"]["rome"]["units"]}
    assert fielded["legionaries-2"] == "regular"  # the unit takes the field whole, status unchanged
    story.play({"narcissus_killed": "no"}, None)
    assert briefing(story.state)["recovered"]["officer_casualties"] == []


def test_on_2_3_only_a_unit_that_fought_can_suffer_officer_casualties(eagle):
    story = eagle()
    story.play(RHINE_WON, None)
    assert (
        story.refused(scenario_result, {"narcissus_killed": "no"}, [], [], [], ["legionaries-6"])
        == "ON-2.3"
    )


def test_on_2_4_wounded_characters_recover_for_the_next_scenario(eagle):
    """Cato is wounded in Gaul; at Togodumnus he is there again, his unit's wounds removed."""
    from campaign.kinds.onus.status import briefing, status

    story = eagle()
    story.play(RHINE_WON, None)
    story.play({"narcissus_killed": "no"}, None, wounded=["Cato"])
    brief = briefing(story.state)
    assert brief["recovered"]["wounded"] == ["Cato"]
    assert "Cato" in brief["armies"]["rome"]["characters"]
    assert status(story.state, "Eagle")["characters"]["Cato"] == "available"


def test_on_3_3_the_briefing_shows_everything_needed_to_set_up_the_table(eagle):
    """Scenario 2 after Rome won the Rhine, upgraded the I Centuria and lost Macro with his unit."""
    from campaign.kinds.onus.rules import STATUSES
    from campaign.kinds.onus.status import briefing

    story = eagle()
    story.play(RHINE_WON, "legionaries-1", eliminated=["legionaries-6"], lost=["Macro"])
    brief, scenario = briefing(story.state), book().scenario(2)
    assert (brief["first_turn"], brief["duration"], brief["scale"], brief["battlefield"]) == (
        scenario.first_turn,
        scenario.duration,
        scenario.scale,
        scenario.battlefield,
    )
    assert brief["special_rules"] == list(scenario.special_rules) and brief["special_rules"]
    rome = brief["armies"]["rome"]
    assert all(u["status"] in STATUSES for u in rome["units"])
    assert {u["id"]: u["status"] for u in rome["units"]}["legionaries-1"] == "veteran"
    assert rome["general"]["stands_in_for"] == "Macro" and "Macro" not in rome["characters"]
    assert [f["key"] for f in brief["facts"]] == ["narcissus_killed"]


def test_on_1_3_after_the_eighth_scenario_the_campaign_is_over_at_once(eagle):
    """ON-2.1's Interpretation: there is no next scenario to upgrade for, so none is asked."""
    story = eagle()
    story.play_to_the_end("RRRRRRR")
    story.muster_cheapest()
    story.when(scenario_result, {"ended_by": "druids_eliminated"})
    state = story.state
    assert (state.phase, state.upgrade_due, state.winner) == ("finished", None, "rome")
    assert story.refused(upgrade, "legionaries-1") == "ON-1.2"


def test_on_2_1_a_scenarios_report_does_not_wait_for_the_upgrade(eagle):
    from campaign.views.reports import report_data

    story = eagle()
    story.when(scenario_result, RHINE_WON)
    data, _ = report_data("Eagle", story.campaigns.load(story.name), 1)
    assert data["upgrade"]["pending"] and ["pending (Marcus to choose)"] in [
        s.get("items") for s in data["sections"]
    ]
    story.when(upgrade, "legionaries-1")
    data, _ = report_data("Eagle", story.campaigns.load(story.name), 1)
    assert (data["upgrade"]["unit"], data["upgrade"]["status"]) == ("legionaries-1", "veteran")


def test_on_2_5_a_character_is_lost_only_with_a_unit_of_his_side_that_fell(eagle):
    story = eagle()
    assert story.refused(scenario_result, RHINE_WON, [], ["Macro"]) == "ON-2.5"
    assert story.refused(scenario_result, RHINE_WON, ["berserkir-1"], ["Macro"]) == "ON-2.5"
    story.when(scenario_result, RHINE_WON, ["legionaries-6"], ["Macro"])


def test_on_3_2_muster_lists_what_the_army_may_muster(eagle):
    from campaign.kinds.onus.commands import muster_choices

    story = eagle()
    advance_to(story, 4)
    choices = muster_choices(story.state, "enemies")
    assert (choices["people"], choices["points"], choices["units"]["Celtic Spearmen"]) == (
        "Celts",
        1200,
        70,
    )
    assert "Legionaries" not in choices["units"]
    with pytest.raises(CampaignError) as refusal:
        story.when(muster, "enemies", {"Celtic Spermen": 2})
    assert "did you mean Celtic Spearmen?" in str(refusal.value) and "Armed Peasants (30)" in str(
        refusal.value
    )


def test_on_1_1_the_sides_taken_are_the_campaigns_set_up_and_cannot_be_undone(eagle):
    from campaign.domain.shared_commands import undo

    story = eagle()
    loaded = story.campaigns.load(story.name)
    with pytest.raises(CampaignError, match="nothing to undo"):
        undo(loaded.ledger, 1, "x")


def test_on_2_5_a_sine_nomine_general_can_be_wounded_or_lost_and_nobody_is_absent_for_it(eagle):
    """At Togodumnus the Celts' General is Togodumnus (Sine Nomine): recorded, not a Character."""
    story = eagle()
    story.play_to_the_end("RR")
    story.when(
        scenario_result,
        {"vespasian_survived": "no", "roman_units_available": "5"},
        ["celtic-spearmen-1"],
        ["Togodumnus"],
    )
    assert story.state.results[-1].lost_with_unit == ("Togodumnus",)
    assert story.state.absent == frozenset()
    story.when(upgrade, None)
    assert (
        story.refused(scenario_result, {"ended_by": "celtic_rout"}, [], [], ["Sine Nomine"])
        != "ON-2.4"
    )


def test_on_3_3_the_briefing_says_which_card_carries_which_character(eagle):
    """The Rhine: Vitellius in the I Centuria, Macro and Cato in the VI (as the scenario says);
    a Character the scenario places is lost only with that very card (ON-2.5)."""
    from campaign.kinds.onus.status import briefing

    story = eagle()
    placed = briefing(story.state)["armies"]["rome"]["placed"]
    assert placed == {
        "Vitellius": "legionaries-1",
        "Macro": "legionaries-6",
        "Cato": "legionaries-6",
    }
    assert story.refused(scenario_result, RHINE_WON, ["legionaries-2"], ["Macro"]) == "ON-2.5"
    story.when(scenario_result, RHINE_WON, ["legionaries-6"], ["Macro", "Cato"])


def test_on_4_3_a_scenario_not_played_by_its_deadline_is_a_walkover_for_the_side_that_came(eagle):
    story = eagle()
    assert (
        story.refused(scenario_result, {"walkover": "rome", "vitellius_survived": "yes"})
        == "ON-4.3"
    )
    assert story.refused(scenario_result, {"walkover": "nobody"}) == "ON-4.3"
    story.when(scenario_result, {"walkover": "enemies"})
    assert (story.state.results[-1].winner, story.state.wins()) == (
        "enemies",
        {"rome": 0, "enemies": 1},
    )
    assert story.state.upgrade_due == "enemies"
