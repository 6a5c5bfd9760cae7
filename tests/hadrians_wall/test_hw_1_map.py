"""HW-1: the Britannia board as data, loaded and checked by the board model; the walls on their
borders; the later board's choice."""

from __future__ import annotations

import networkx as nx
import pytest

from campaign.errors import RuleViolation
from regions import MapError, map_source
from regions.board import parse_board

SOURCE = map_source("britannia-ah-1987.toml")


def test_hw_1_1_the_board_has_37_land_and_6_sea_areas_joined_by_borders_and_straits():
    board = parse_board(SOURCE)
    land = [a for a in board.areas.values() if a.land]
    assert (len(land), len(board.areas) - len(land)) == (37, 6)
    assert sum(how == "border" for how in board.links.values()) == 114
    assert sum(how == "strait" for how in board.links.values()) == 4
    assert board.adjacent("devon", "gwent") and board.link("devon", "gwent") == "strait"
    assert board.adjacent("york", "north-sea") and not board.adjacent("york", "kent")
    assert all(isinstance(a.difficult, bool) for a in land)
    assert nx.is_connected(board.graph())


def test_hw_1_1_a_bad_board_is_refused_with_every_problem_listed():
    broken = (
        SOURCE.replace('["york", "bernicia"]', '["york", "atlantis"]')
        .replace('W3 = ["galloway", "cumbria"]', 'W3 = ["galloway", "orkneys"]')
        .replace('galloway = ["W3"]', 'galloway = ["W9"]')
    )
    with pytest.raises(MapError) as refusal:
        parse_board(broken, "broken.toml")
    problems = refusal.value.problems
    assert any("atlantis" in p for p in problems)
    assert any("wall W3" in p for p in problems)
    assert any("galloway" in p and "wall" in p for p in problems)
    assert len(problems) >= 3


def test_hw_1_1_a_board_in_two_parts_is_refused():
    tiny = """
[areas]
a = { name = "A", kind = "land", difficult = false }
b = { name = "B", kind = "land", difficult = true }
c = { name = "C", kind = "sea" }
[adjacency]
borders = [["a", "b"]]
"""
    with pytest.raises(MapError, match="fall into parts: a, b | c"):
        parse_board(tiny)


def test_hw_1_2_three_walls_on_land_borders_with_their_trigger_areas():
    board = parse_board(SOURCE)
    assert board.walls == {
        "W1": ("bernicia", "lothian"),
        "W2": ("pennines", "lothian"),
        "W3": ("galloway", "cumbria"),
    }
    assert all(board.link(*ends) == "border" for ends in board.walls.values())
    assert board.triggers == {
        "bernicia": ("W1",),
        "lothian": ("W1", "W2"),
        "pennines": ("W2",),
        "galloway": ("W3",),
        "cumbria": ("W3",),
    }
    assert board.wall_on("lothian", "bernicia") == "W1"
    assert board.wall_on("york", "bernicia") is None


def test_hw_1_2_the_walled_borders_are_the_only_land_links_between_north_and_south():
    land = parse_board(SOURCE).graph(land_only=True)
    assert nx.has_path(land, "york", "lothian")
    for a, b in parse_board(SOURCE).walls.values():
        land.remove_edge(a, b)
    assert not nx.has_path(land, "york", "lothian")
    assert not nx.has_path(land, "cumbria", "galloway")
    assert nx.number_connected_components(land) == 2


def test_hw_1_3_the_fantasy_flight_board_needs_the_choice_for_cumbria_lothian(wall):
    with pytest.raises(RuleViolation) as refusal:
        wall(board="ffg")
    assert refusal.value.rule == "HW-1.3"


def test_hw_1_3_ffg_open_joins_cumbria_and_lothian_without_a_wall(wall):
    campaign = wall(board="ffg", ffg_gap="open")
    board = campaign.state.board
    assert board.adjacent("cumbria", "lothian") and board.adjacent("skye", "irish-sea")
    assert "W4" not in board.walls
    assert not parse_board(SOURCE).adjacent("cumbria", "lothian")


def test_hw_1_3_ffg_wall_builds_a_fourth_wall_when_cumbria_triggers(wall):
    campaign = wall(board="ffg", ffg_gap="wall")
    assert campaign.state.board.walls["W4"] == ("cumbria", "lothian")
    campaign.clear("cumbria", "york")
    legion = campaign.place("romans", "york")[0]
    campaign.at(2, "romans", "movement")
    recorded = campaign.move(f"{legion}:york,pennines,cumbria")
    built = [d["walls"] for k, d in recorded if k == "AreaTriggered"]
    assert built == [["W3", "W4"]]
