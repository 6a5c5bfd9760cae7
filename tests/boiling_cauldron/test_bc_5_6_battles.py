"""BC-5 The battle and its armies; BC-6 Battle outcomes."""

from __future__ import annotations

from decimal import Decimal

import pytest

from campaign.input.values import percentage
from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.commands import attack, result
from campaign.kinds.boiling_cauldron.starting import default_map_source
from regions import parse_map

BRITAIN = parse_map(default_map_source())


def test_bc_5_3_the_culture_with_most_adjacent_regions_gives_the_allies():
    """Ann attacks from Wessex holding Kent and Essex (Vikings) and Dumnonia (Welsh): Vikings 2,
    Welsh 1."""
    control = dict.fromkeys(BRITAIN.names, "Bob") | dict.fromkeys(
        ["Wessex", "Kent", "Essex", "Dumnonia", "Sussex"], "Ann"
    )
    assert bc.allies("Wessex", "Ann", control, BRITAIN) == "Vikings"


def test_bc_5_3_a_tie_for_most_regions_means_no_allies():
    """Kent (Vikings) and Dumnonia (Welsh) adjacent to Wessex: one each, so no allies."""
    control = dict.fromkeys(BRITAIN.names, "Bob") | dict.fromkeys(
        ["Wessex", "Kent", "Dumnonia"], "Ann"
    )
    assert bc.allies("Wessex", "Ann", control, BRITAIN) is None


def test_bc_5_3_regions_of_the_main_army_culture_do_not_count():
    """Sussex and South Anglia are Late Anglo-Saxon like Wessex: only Dumnonia counts, Welsh
    allies."""
    control = dict.fromkeys(BRITAIN.names, "Bob") | dict.fromkeys(
        ["Wessex", "Sussex", "South Anglia", "Dumnonia"], "Ann"
    )
    assert bc.allies("Wessex", "Ann", control, BRITAIN) == "Welsh"


def test_bc_5_2_main_armies_are_the_cultures_of_the_attacking_and_defending_regions(split, given):
    story = given(split)
    story.when(attack, "Caer", "Bryn")
    battle = story.state.round_battles()[0]
    assert (battle.attacker_army.main, battle.defender_army.main) == ("Saxons", "Welsh")
    assert (battle.attacker_army.ally, battle.defender_army.ally) == ("Vikings", None)


@pytest.mark.parametrize(
    "attacker, defender, winner",
    [
        (20, 60, 0),  # 60 % inflicted routs
        (20, 45, 0),  # 40 %+ with a difference of 25 routs
        (20, 44, None),  # 44 % with a difference of 24 does not
        (59, 10, 1),
        (39, 39, None),
    ],
)
def test_bc_6_1_a_battle_is_won_by_routing_the_enemy(attacker, defender, winner):
    decided = bc.outcome((Decimal(attacker), Decimal(defender)))
    assert decided == bc.Outcome(winner, decided_by_figures=True)


def test_bc_6_2_when_both_sides_reach_a_rout_the_figures_do_not_decide():
    assert bc.outcome((Decimal(62), Decimal(61))) == bc.Outcome(None, decided_by_figures=False)


@pytest.fixture
def battles(split, given):
    story = given(split)
    story.when(attack, "Caer", "Bryn")
    story.when(attack, "Eske", "Dun")
    return story


def test_bc_6_2_both_past_the_threshold_needs_to_know_who_routed_first(battles):
    assert battles.refused(result, "Bryn", Decimal("62"), Decimal("61")) == "BC-6.2"
    assert battles.when(result, "Bryn", Decimal("62"), Decimal("61"), "defender")[0] == (
        "BattleFought",
        {
            "round": 1,
            "region": "Bryn",
            "attacker_casualties": 62,
            "defender_casualties": 61,
            "stated_winner": "defender",
            "override": None,
        },
    )
    assert battles.state.battle_at("Bryn").result.winner == "Bob"


def test_bc_6_2_a_stated_winner_that_contradicts_the_figures_is_refused(battles):
    assert battles.refused(result, "Bryn", Decimal("20"), Decimal("70"), "defender") == "BC-6.1"


def test_bc_6_2_the_organiser_may_override_the_figures_with_a_recorded_reason(battles):
    events = battles.when(
        result,
        "Bryn",
        Decimal("20"),
        Decimal("70"),
        "defender",
        "Cid conceded: the game crashed on turn 20",
    )
    assert events[0][1]["override"] == "Cid conceded: the game crashed on turn 20"
    assert battles.state.battle_at("Bryn").result.winner == "Bob"


@pytest.mark.parametrize("figure", ["-1", "100.5", "NaN", "Infinity"])
def test_bc_6_2_casualties_are_percentages_from_0_to_100(battles, figure):
    assert battles.refused(result, "Bryn", Decimal(figure), Decimal("30")) == "BC-6.2"


@pytest.mark.parametrize(
    "typed", ["abc", "NaN", "inf", "6E1", "1_5", "+45", "50%%", "٣٥", "３５", "1e-999999", "20.505"]
)
def test_bc_6_2_casualties_are_typed_as_plain_decimal_numbers(typed):
    """Parsed once at the edge: digits 0-9, at most two decimals, an optional % sign."""
    assert percentage(typed) is None


@pytest.mark.parametrize(
    "typed, value", [("35", "35"), ("35.5", "35.5"), (" 20.25% ", "20.25"), ("100", "100")]
)
def test_bc_6_2_a_typed_percentage_keeps_its_exact_value(typed, value):
    assert percentage(typed) == Decimal(value) and str(percentage(typed)) == value


def test_bc_6_2_decimals_are_allowed(battles):
    battles.when(result, "Bryn", Decimal("20.5"), Decimal("60"))
    assert battles.state.battle_at("Bryn").result.attacker_casualties == Decimal("20.5")


def test_bc_6_3_a_draw_changes_no_region(battles):
    before = dict(battles.state.control)
    assert [kind for kind, _ in battles.when(result, "Bryn", Decimal("30"), Decimal("35"))] == [
        "BattleFought"
    ]
    assert battles.state.control == before


def test_a_result_for_a_battle_not_declared_or_already_resulted_is_refused(battles):
    assert "No attack on Aber" in battles.refused(result, "Aber", Decimal("10"), Decimal("10"))
    battles.when(result, "Bryn", Decimal("30"), Decimal("35"))
    assert "already has its result" in battles.refused(result, "Bryn", Decimal("30"), Decimal("35"))


def test_bc_5_1_every_battle_shows_its_module_and_settings(finished):
    """Round 1 of Spring 869 in status, the dashboard and the report: module, battle type, points,
    map size, terrain and turn limit."""
    settings = [
        "The Boiling Cauldron",
        "Open Battle",
        "1600 v 1600 FP",
        "40x32",
        "North European Plain",
        "24 turns",
    ]
    declared = str(next(e["seq"] for e in finished.json("log") if e["type"] == "BattleFought") - 1)
    attacks = finished.json("status", "--as-of", declared)["attacks"]
    assert attacks and all(all(s in a["settings"] for s in settings) for a in attacks)
    dashboard = finished.ok("status", "--as-of", declared).stdout
    report = finished.ok("report", "--round", "1", "--format", "markdown").stdout
    for text in (" ".join(dashboard.split()), report):
        assert all(s in text for s in settings)
