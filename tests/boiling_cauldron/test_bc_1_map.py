"""BC-1 The map: regions, cultures, coasts and land borders, as data."""

from __future__ import annotations

import pytest

from campaign.kinds.boiling_cauldron.starting import default_map_source
from regions import MapError, parse_map

BRITAIN = parse_map(default_map_source())


def test_bc_1_the_map_has_seventeen_regions_with_the_cultures_of_the_source():
    """The source names 13 cultures: Vikings, Late Anglo-Saxons and Early Scots."""
    assert len(BRITAIN.names) == 17
    assert [r for r in BRITAIN.names if BRITAIN.culture(r) == "Vikings"] == [
        "Deira",
        "East Anglia",
        "Essex",
        "Kent",
        "Lindsey",
        "Middle Anglia",
    ]
    assert [r for r in BRITAIN.names if BRITAIN.culture(r) == "Late Anglo-Saxons"] == [
        "Bernicia",
        "Hwicce",
        "South Anglia",
        "Sussex",
        "Wessex",
        "West Anglia",
    ]
    assert BRITAIN.culture("Strathclyde") == "Early Scots"


def test_bc_1_all_regions_except_the_four_inland_ones_are_coastal():
    inland = [r for r in BRITAIN.names if not BRITAIN.is_coastal(r)]
    assert inland == ["Hwicce", "Middle Anglia", "South Anglia", "West Anglia"]


def test_bc_1_the_land_borders_of_the_rules_page_are_loaded_both_ways():
    assert ("Bernicia", "Strathclyde") in BRITAIN.land_borders()
    assert "Powys" in BRITAIN.land_neighbours("Dyfed") and "Dyfed" in BRITAIN.land_neighbours(
        "Powys"
    )
    assert (
        len(BRITAIN.land_borders()) == 28
    )  # the page says 27 but lists 28: every listed border is kept


def test_bc_1_1_regions_sharing_a_land_border_are_adjacent():
    assert BRITAIN.adjacent("Hwicce", "West Anglia")


def test_bc_1_1_all_coastal_regions_are_adjacent_to_each_other():
    assert BRITAIN.adjacent("Strathclyde", "Kent")


def test_bc_1_1_an_inland_region_is_adjacent_only_across_land_borders():
    assert BRITAIN.adjacent_regions("Middle Anglia") == {
        "Deira",
        "Lindsey",
        "East Anglia",
        "Essex",
        "South Anglia",
        "West Anglia",
    }
    assert not BRITAIN.adjacent("Middle Anglia", "Kent")


def test_bc_8_3_the_westernmost_region_is_the_one_whose_west_edge_lies_furthest_west():
    assert BRITAIN.westernmost({"Kent", "Dumnonia", "Strathclyde"}) == "Dumnonia"


def _problems(source: str) -> list[str]:
    with pytest.raises(MapError) as refusal:
        parse_map(source)
    return refusal.value.problems


def test_bc_1_a_border_to_an_unknown_region_is_refused():
    bad = default_map_source().replace(
        'borders = ["Deira", "Strathclyde"]', 'borders = ["Deira", "Strathclyde", "Mercia"]'
    )
    assert _problems(bad) == ["Bernicia borders Mercia, which is not a region of the map"]


def test_bc_1_a_border_listed_on_one_side_only_is_refused():
    bad = default_map_source().replace(
        'borders = ["Deira", "Strathclyde"]', 'borders = ["Deira", "Strathclyde", "Kent"]'
    )
    assert _problems(bad) == ["Bernicia borders Kent but Kent does not list Bernicia"]


def test_bc_1_a_region_bordering_itself_is_refused():
    bad = default_map_source().replace(
        'borders = ["Deira", "Strathclyde"]', 'borders = ["Bernicia", "Deira", "Strathclyde"]'
    )
    assert _problems(bad) == ["Bernicia borders itself"]


def test_bc_1_a_map_in_two_parts_is_refused():
    """Strathclyde's only land border is Bernicia: cut it and the map splits."""
    bad = default_map_source().replace('borders = ["Deira", "Strathclyde"]', 'borders = ["Deira"]')
    bad = bad.replace('borders = ["Bernicia"]', "borders = []")
    assert len(_problems(bad)) == 1 and "split" in _problems(bad)[0]


def test_bc_1_a_region_without_culture_and_a_duplicate_name_are_both_reported():
    bad = default_map_source().replace('culture = "Early Scots"\n', "")
    bad += (
        '\n[regions."KENT"]\nculture = "Vikings"\ncoastal = true\nwest_edge = 0.0\nborders = []\n'
    )
    problems = _problems(bad)
    assert "Strathclyde has no culture" in problems
    assert "KENT and Kent name the same region" in problems


def test_bc_1_a_map_with_the_wrong_number_of_regions_is_refused_unless_it_says_so():
    source = default_map_source()
    start = source.index('[regions."West Anglia"]')
    cut = source[:start]
    cut = (
        cut.replace('"West Anglia", ', "")
        .replace(', "West Anglia"', "")
        .replace('["West Anglia"]', "[]")
    )
    assert _problems(cut) == ["it has 16 regions where it says 17"]
    assert len(parse_map(cut.replace("regions_expected = 17", "regions_expected = 16")).names) == 16


def test_bc_1_2_every_region_is_controlled_by_exactly_one_player_at_all_times(finished):
    """Folded event by event through Spring 869, from the draw to the last Final Battle."""
    from campaign.service.unit_of_work import Campaigns

    loaded = Campaigns(str(finished.db)).load("Spring 869")
    state = loaded.kind.start(loaded.events[0])
    for event in loaded.events[1:]:
        state = loaded.kind.apply(state, event)
        assert sorted(state.control) == sorted(state.world.names)
        assert set(state.control.values()) <= set(state.players)
