"""Thunderbolt's set-up file (TB-2.3): the example in examples/ loads; a bad file is refused with
every problem listed (TB-2.5); the optional charts give outcomes (TB-2.4, TB-12.1's example); Game
Turns are years BCE counting down (TB-1.2)."""

from __future__ import annotations

from importlib import resources

import pytest

from campaign.kinds.thunderbolt.board import charts, setup
from campaign.kinds.thunderbolt.board.setup import SetUpError

EXAMPLE = resources.files("examples").joinpath("thunderbolt-setup.toml").read_text()


def test_tb_2_3_the_example_set_up_file_loads():
    loaded = setup.load(EXAMPLE)
    assert loaded.family_in_power == "Barcid"
    assert loaded.track == ["apulia", "calabria", "lucania", "campania", "samnium"]
    assert loaded.provinces["lucania"].alliance == 2
    assert loaded.provinces["lucania"].defection_sp == 4
    assert loaded.leaders["hanno"].mortality == 9 and loaded.leaders["hanno"].family == "Magonid"
    assert loaded.armies["hannibal"].aer == 2 and loaded.armies["hannibal"].province == "apulia"


def test_tb_1_2_game_turns_are_years_bce_counting_down():
    loaded = setup.load(EXAMPLE)
    assert [loaded.year(n) for n in (1, 2, 3)] == [212, 211, 210]
    assert loaded.turns == 3


def test_tb_2_5_a_bad_file_is_refused_with_every_problem_listed():
    broken = (
        EXAMPLE.replace('theater = "Africa"', 'theater = "Atlantis"')
        .replace('adjacent = ["apulia", "lucania"]', 'adjacent = ["apulia", "lucania", "samnium"]')
        .replace("alliance = 3", "alliance = 5")
        .replace(
            'battle = "C"       # invented for the example\ncampaign = 5',
            'battle = "F"\ncampaign = 5',
        )
        .replace('number = "2P-10"', 'number = "2P-1"')
        .replace("aer = -1", "aer = 4")
        .replace("mortality = 8      # invented for the example\n", "")
    )
    with pytest.raises(SetUpError) as refusal:
        setup.load(broken)
    problems = refusal.value.problems
    said = "\n".join(problems)
    assert "unknown Theater 'Atlantis'" in said
    assert "calabria lists samnium as adjacent, but not the other way" in said
    assert "campania's alliance 5 is beyond" in said
    assert "gracchus's Battle rating is A–E, not 'F'" in said
    assert "share number 2P-1" in said
    assert "AER 4 is outside −3…+3 (TB-14.1)" in said
    assert "hannibal has no mortality rating" in said
    assert str(refusal.value).startswith("The set-up file cannot be used (TB-2.5)")


def test_tb_2_5_a_track_province_outside_roman_italy_is_refused():
    moved = EXAMPLE.replace(
        'name = "Carthage"\ntheater = "Africa"\nadjacent = []',
        'name = "Carthage"\ntheater = "Africa"\nadjacent = []\nalliance = 1\nallied_to = "rome"',
    )
    with pytest.raises(SetUpError, match="on the Italian Allies track outside Roman Italy"):
        setup.load(moved)


def test_tb_2_4_and_12_1_a_chart_typed_by_the_organiser_gives_the_outcome():
    """TB-12.1's example: family die 4, +1 (Barcids in power last GT), +2 (2nd Punic War): 7,
    Barcids; climate die 7, −1, −1, +1: 6, Interested (with the example file's fixture charts)."""
    tables = setup.load(EXAMPLE).tables
    assert charts.outcome(tables["family_in_power"], 4 + 1 + 2) == "Barcid"
    assert charts.outcome(tables["political_climate"], 7 - 1 - 1 + 1) == "Interested"
    assert charts.outcome(tables["political_climate"], 99) is None  # the players enter it


def test_tb_2_5_it_is_not_toml():
    with pytest.raises(SetUpError, match="not valid TOML"):
        setup.load("[scenario")


def test_tb_2_1_the_theaters_of_the_text_and_no_other():
    assert setup.THEATERS == (
        "Roman Italy",
        "Sicily",
        "Sardinia and Corsica",
        "Liguria",
        "Gallia Cisalpina",
        "Gallia Transalpina",
        "Africa",
        "Mauretania",
        "Hispania",
        "Macedonia",
    )
    loaded = setup.load(EXAMPLE)
    assert {p.theater for p in loaded.provinces.values()} <= set(setup.THEATERS)


def test_tb_2_2_a_rating_the_text_does_not_print_has_no_default():
    """The counter sheet's ratings are the organiser's to type: a leader without his Guile is
    refused, never given one."""
    without = EXAMPLE.replace("guile = 4          # [9.22]\n", "", 1)
    assert without != EXAMPLE
    with pytest.raises(SetUpError) as refusal:
        setup.load(without)
    assert "hannibal has no guile rating" in "\n".join(refusal.value.problems)


def test_tb_2_4_and_2_5_charts_of_the_wrong_shape_are_refused_at_new_every_problem_listed():
    """#24.4: a chart is checked against the shape its roll reads when the file is loaded, not
    when the roll first reads it (a traceback in the middle of a Game Turn)."""
    broken = (
        EXAMPLE.replace('[-10, 5, "Magonid"]', '[-10, 5, "Ptolemaic"]')
        .replace('[7, 30, "casualty"]', '[30, 7, "casualty"]')
        .replace("same = { disband = [0, 1], recall = [8, 9] }", "same = { disband = [0] }")
        .replace('"11-40" = [[-10, 4, 0]', '"many" = [[-10, 4, 0]')
        .replace('[[-10, 2, "Cautious"]', '[["-10", 2, "Cautious"]')
    ) + 'leader_loss_typo = [[0, 9, "unharmed"]]\n'
    with pytest.raises(SetUpError) as refusal:
        setup.load(broken)
    assert refusal.value.problems == [
        "[tables] family_in_power row 1: the outcome is one of Barcid, Magonid, not 'Ptolemaic'",
        "[tables] leader_loss row 2: low and high are whole numbers, low first",
        "[tables] disband_recall row same has a disband and a recall range",
        "[tables] political_climate row 1: low and high are whole numbers, low first",
        "[tables] legion_request column 'many' is named by the Legions in play, like \"0-6\"",
    ]  # a table of another name (a chart set aside) is no chart a roll reads: left alone


def test_tb_2_5_a_file_nested_too_deeply_is_refused_in_one_sentence():
    with pytest.raises(SetUpError, match="nested too deeply"):
        setup.load("a = " + "[" * 5000)


def test_tb_1_2_a_scenario_spans_at_most_a_hundred_game_turns():
    with pytest.raises(SetUpError, match="spans 100001 years; a scenario is at most 100 Game"):
        setup.load(EXAMPLE.replace("first_year = 212", "first_year = 100210"))
