"""Maps that read as Britain (issue #11): the shipped maps' territories never contradict the map
data (checked with shapely), and the pictures tell the round's story in elements anyone can
read: regions, attacks, changes of hands, walls on their borders, the players in a legend that
fits 17 of them."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from importlib import resources

import pytest

shapely = pytest.importorskip("shapely", reason="shapely comes with the test extras")
from shapely.geometry import MultiPolygon, Point, Polygon, box  # noqa: E402
from shapely.ops import unary_union  # noqa: E402

from regions import coastline, map_source, parse_map, territories  # noqa: E402
from regions.board import parse_board  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def shape(polygons) -> MultiPolygon:
    return MultiPolygon([Polygon(rings[0], rings[1:]) for rings in polygons])


def cauldron():
    world = parse_map(map_source("boiling-cauldron.toml"))
    borders = {frozenset(pair) for pair in world.land_borders()}
    labels = {r: tuple(map(float, world.region(r).label)) for r in world.names}
    return territories("boiling-cauldron.toml"), borders, labels


def britannia():
    board = parse_board(map_source("britannia-ah-1987.toml"))
    land = {a for a, spot in board.areas.items() if spot.land}
    borders = {pair for pair, how in board.links.items() if how == "border" and pair <= land}
    return territories("britannia-ah-1987.toml"), borders, {a: board.area(a).label for a in land}


MAPS = {"boiling-cauldron": cauldron, "britannia": britannia}


@pytest.mark.parametrize("which", MAPS)
def test_drawn_regions_share_a_border_exactly_where_the_map_says_they_border_by_land(which):
    drawn, borders, _ = MAPS[which]()
    shapes = {r: shape(p) for r, p in drawn["territories"].items()}
    names = sorted(shapes)
    touching = {
        frozenset((a, b))
        for i, a in enumerate(names)
        for b in names[i + 1 :]
        if shapes[a].intersection(shapes[b]).length > 1e-9
    }
    assert touching == borders


@pytest.mark.parametrize("which", MAPS)
def test_the_regions_tile_the_land_with_no_overlap_and_no_gap(which):
    drawn, _, labels = MAPS[which]()
    shapes = {r: shape(p) for r, p in drawn["territories"].items()}
    assert set(shapes) == set(labels)
    assert all(s.is_valid for s in shapes.values())
    names = sorted(shapes)
    overlap = sum(
        shapes[a].intersection(shapes[b]).area for i, a in enumerate(names) for b in names[i + 1 :]
    )
    land = shape(coastline()).intersection(box(*drawn["extent"]))
    gap = land.difference(unary_union(list(shapes.values()))).area
    assert overlap < 1e-6 and gap < 1e-4 * land.area


@pytest.mark.parametrize("which", MAPS)
def test_every_label_lies_inside_its_own_region(which):
    drawn, _, labels = MAPS[which]()
    outside = [
        r
        for r, (x, y) in labels.items()
        if not shape(drawn["territories"][r]).contains(Point(x, y))
    ]
    assert outside == []


def test_the_coastline_is_great_britain_and_says_where_it_comes_from():
    data = json.loads(resources.files("regions").joinpath("britain.json").read_text())
    assert "Natural Earth" in data["provenance"] and "public domain" in data["provenance"]
    land = shape(data["land"])
    assert land.contains(Point(-0.13, 51.51))  # London
    assert land.contains(Point(-3.19, 55.95))  # Edinburgh
    assert land.contains(Point(-3.0, 59.0))  # the Orkneys
    assert not land.contains(Point(-6.26, 53.35))  # Dublin: Ireland is left out
    assert not land.contains(Point(1.85, 50.95))  # Calais: so is France


def test_hw_8_2_each_wall_is_drawn_along_the_border_it_stands_on():
    drawn, _, _ = britannia()
    board = parse_board(map_source("britannia-ah-1987.toml"))
    for wall, (a, b) in board.walls.items():
        border = shape(drawn["territories"][a]).intersection(shape(drawn["territories"][b]))
        for line in drawn["walls"][wall]:
            assert all(border.distance(Point(p)) < 1e-6 for p in line), wall


def groups(svg: str, kind: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [g for g in root.iter(f"{SVG}g") if kind in (g.get("class") or "").split()]


def test_a_rounds_map_tells_its_story(finished, tmp_path):
    """Round 2 of Spring 869: every attack an arrow from the attacking region to the attacked,
    with its result; the regions that changed hands marked; who is out in the legend."""
    from campaign.domain.log import round_end
    from campaign.service.unit_of_work import Campaigns

    played = finished
    path = tmp_path / "round2.svg"
    played.ok("map", "--round", "2", "-o", str(path))
    svg = path.read_text()
    at_end = round_end(Campaigns(str(played.db)).load("Spring 869"), 2).state
    attacks = {
        (g.get("data-from"), g.get("data-to")): g.get("data-result") for g in groups(svg, "attack")
    }
    assert attacks == {
        (b.from_region, b.to_region): (
            "draw" if b.result.winner is None else f"won by {b.result.winner}"
        )
        for b in at_end.round_battles(2)
    }
    regions = {g.get("data-region"): g for g in groups(svg, "region")}
    assert {r: g.get("data-owner") for r, g in regions.items()} == at_end.control
    changed = {r for r, g in regions.items() if g.get("data-changed") == "yes"}
    assert changed == {r for b in at_end.round_battles(2) for r in b.gained}
    legend = {g.get("data-player"): "".join(g.itertext()) for g in groups(svg, "legend")}
    assert legend["Ann"] == "Ann: out in round 2" and legend["Eve"] == "Eve: out in round 1"


def test_seventeen_players_each_have_a_colour_or_pattern_and_the_legend_does_not_overlap(
    shell, tmp_path
):
    names = [f"Player{n:02d}" for n in range(1, 18)]
    shell.ok(
        "new", "Crowded", "--rules", "boiling-cauldron", "--seed", "x",
        *(w for n in names for w in ("--player", n)),
    )  # fmt: skip
    path = tmp_path / "crowded.svg"
    shell.ok("map", "-o", str(path))
    svg = path.read_text()
    root = ET.fromstring(svg)
    rows = groups(svg, "legend")
    fills = [g.find(f"{SVG}rect").get("fill") for g in rows]
    assert len(rows) == 17 and len(set(fills)) == 17
    assert sum(f.startswith("url(#stripes") for f in fills) == 8
    assert sum(f.startswith("url(#dots") for f in fills) == 1
    ys = sorted(float(g.find(f"{SVG}text").get("y")) for g in rows)
    assert min(b - a for a, b in zip(ys, ys[1:])) >= 20
    assert ys[-1] < float(root.get("height"))


def test_names_in_the_picture_are_text_never_markup(shell, tmp_path):
    shell.ok(
        "new", "<script>alert(1)</script>", "--rules", "boiling-cauldron", "--seed", "x",
        "--player", "<b>Ann</b>", "--player", "Bob & Co", "--player", "Cid",
    )  # fmt: skip
    path = tmp_path / "names.svg"
    shell.ok("map", "-o", str(path))
    svg = path.read_text()
    ET.fromstring(svg)  # well-formed: everything typed was escaped
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "Bob &amp; Co" in svg


def test_bc_a_rounds_map_in_progress_is_titled_so(shell, spring):
    """Issue #29: the map of a round in progress (its report's, the hub's report page) was
    titled "end of round 1"."""
    from campaign.service.unit_of_work import Campaigns

    shell.play(spring.through("result Kent 20 45"))
    store = Campaigns(str(shell.db))
    try:
        loaded = store.load("Spring 869")
        drawn = loaded.kind.picture(loaded.state, "Spring 869", 1)
    finally:
        store.close()
    assert "round 1 in progress" in drawn and "end of round 1" not in drawn


def test_a_player_has_one_colour_in_the_report_and_on_the_map(finished):
    """Issue #29: one HTML report coloured a player in two palettes (its text in one, the map in
    Okabe and Ito's); every format and map now take each player's colour from one palette."""
    import re

    from campaign.service.unit_of_work import Campaigns

    colours = finished.json("report", "--round", "1")["players"]
    store = Campaigns(str(finished.db))
    try:
        loaded = store.load("Spring 869")
        drawn = loaded.kind.picture(loaded.state, "Spring 869", None)
    finally:
        store.close()
    fills = dict(
        re.findall(r'data-owner="([^"]+)"[^>]*><path d="[^"]*" fill="(#[0-9a-f]{6})"', drawn)
    )
    assert fills and all(colours[owner] == fill for owner, fill in fills.items())
