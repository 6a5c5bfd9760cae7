"""Build the drawn territories of the maps the program ships, from Natural Earth's coastline.

Run once, by hand, when a map's anchors change (it builds every map file of regions/ that has
an `extent`; the program itself needs neither this script nor its libraries, only the JSON files
it writes):

    npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz     # Natural Earth, public domain
    pip install shapely
    python regions/tools/build_territories.py package/land-10m.json

What it does, for each map: Great Britain's land (Ireland, Man and Shetland left out) is laid
over a grid of GRID-degree cells; each land cell goes to the region whose label or anchor point
is nearest (a Voronoi partition, longitude scaled by cos 55°); cells that touch a region they
may not touch by the map's borders are given to a neighbouring region that may, until none is
left; the cells are joined into one shape per region, clipped to the coastline, and simplified
together (shapely's coverage_simplify keeps shared borders shared). The anchors live in the map
files, so that the drawn regions touch exactly where the map says they border by land;
tests/core/test_map_pictures.py checks that the result still does.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon, box
from shapely.ops import unary_union

HERE = Path(__file__).resolve().parent.parent
GRID = 0.025
COAST_TOLERANCE = 0.004
BORDER_TOLERANCE = 0.04
PRECISION = 0.001
"""Degrees (about 100 m): coordinates are stored on this grid, snapped without breaking a shape."""
WINDOW = box(-8.8, 49.8, 2.0, 61.0)
COS = float(np.cos(np.radians(55)))
PROVENANCE = (
    "Coastline: Natural Earth 1:10m land (public domain), from the npm package world-atlas "
    "2.0.2, Great Britain with its islands (Ireland, the Isle of Man, Shetland and islets under "
    "about 7 km² left out; France's coast too), simplified with shapely; regions built by "
    "regions/tools/build_territories.py from the map's labels and anchors."
)


def great_britain(topojson: Path) -> shapely.Geometry:
    data = json.loads(topojson.read_text())
    (sx, sy), (tx, ty) = data["transform"]["scale"], data["transform"]["translate"]
    arcs = []
    for arc in data["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)

    def ring(indices: list[int]) -> list[tuple[float, float]]:
        points: list[tuple[float, float]] = []
        for i in indices:
            part = arcs[i] if i >= 0 else list(reversed(arcs[~i]))
            points.extend(part if not points else part[1:])
        return points

    pieces = []
    for geometry in data["objects"]["land"]["geometries"]:
        shapes = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for shape in shapes:
            rings = [ring(r) for r in shape]
            polygon = Polygon(rings[0], rings[1:])
            if polygon.intersects(WINDOW):
                pieces.append(polygon.intersection(WINDOW))
    land = unary_union(pieces)
    kept = [p for p in getattr(land, "geoms", [land]) if _british(p)]
    simple = unary_union(kept).simplify(COAST_TOLERANCE, preserve_topology=True)
    return shapely.set_precision(simple, PRECISION)


def _british(part: shapely.Geometry) -> bool:
    point = part.representative_point()
    ireland = point.x < -5.4 and 51.3 < point.y < 55.4
    man = -4.9 < point.x < -4.2 and 54.0 < point.y < 54.45
    france = point.x > 1.0 and point.y < 51.05
    return not (ireland or man or france) and 49.95 < point.y < 59.45 and part.area > 0.001


def partition(
    land: shapely.Geometry,
    anchors: list[tuple[str, float, float]],
    borders: set[frozenset[str]],
    extent: tuple[float, float, float, float],
) -> dict[str, shapely.Geometry]:
    x0, y0, x1, y1 = extent
    xs, ys = np.arange(x0, x1, GRID) + GRID / 2, np.arange(y0, y1, GRID) + GRID / 2
    gx, gy = (a.ravel() for a in np.meshgrid(xs, ys))
    on_land = shapely.contains_xy(land, gx, gy)
    points = np.array([[a[1], a[2]] for a in anchors])
    lx, ly = gx[on_land], gy[on_land]
    nearest = (
        ((lx[:, None] - points[None, :, 0]) * COS) ** 2 + (ly[:, None] - points[None, :, 1]) ** 2
    ).argmin(axis=1)
    cells = {
        (int(round((x - x0 - GRID / 2) / GRID)), int(round((y - y0 - GRID / 2) / GRID))): anchors[
            k
        ][0]
        for x, y, k in zip(lx, ly, nearest)
    }
    cells = repair(cells, borders)
    inside = land.intersection(box(*extent))
    centres = [(x0 + (i + 0.5) * GRID, y0 + (j + 0.5) * GRID) for i, j in cells]
    tiles = shapely.voronoi_polygons(
        shapely.MultiPoint(centres), extend_to=box(*extent).buffer(1), ordered=True
    )
    by_region: dict[str, list] = {}
    for tile, region in zip(tiles.geoms, cells.values()):
        by_region.setdefault(region, []).append(tile)
    regions = sorted(by_region)
    shapes = [shapely.coverage_union_all(by_region[r]).intersection(inside) for r in regions]
    simplified = shapely.coverage_simplify(shapes, BORDER_TOLERANCE, simplify_boundary=False)
    return {r: shapely.set_precision(s, PRECISION) for r, s in zip(regions, simplified)}


def near(cell: tuple[int, int]) -> list[tuple[int, int]]:
    i, j = cell
    return [(i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)]


def touching(cells: dict, cell: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells whose drawn shapes share a border with this one's: the four beside it, and a
    diagonal one across water (both cells between them at sea), which the coastline's cut can
    join."""
    i, j = cell
    found = [n for n in near(cell) if n in cells]
    for di in (1, -1):
        for dj in (1, -1):
            corner = (i + di, j + dj)
            if corner in cells and (i + di, j) not in cells and (i, j + dj) not in cells:
                found.append(corner)
    return found


def repair(cells: dict, borders: set[frozenset[str]], passes: int = 60) -> dict:
    """Give each cell touching a region its region may not touch to a neighbouring region that
    may, until nothing changes."""

    def bad(cell, region):
        return sum(
            1
            for n in touching(cells, cell)
            if cells[n] != region and frozenset((region, cells[n])) not in borders
        )

    for _ in range(passes):
        changed = 0
        for cell in [c for c in cells if bad(c, cells[c])]:
            options = sorted({cells[n] for n in near(cell) if n in cells} | {cells[cell]})
            best = min(options, key=lambda r: (bad(cell, r), r != cells[cell]))
            if bad(cell, best) < bad(cell, cells[cell]):
                cells[cell] = best
                changed += 1
        if not changed:
            break
    return cells


def rounded(geometry: shapely.Geometry) -> list:
    """A (multi)polygon as lists of rings of [lon, lat], on the PRECISION grid."""
    polygons = geometry.geoms if isinstance(geometry, MultiPolygon) else [geometry]
    return [
        [
            [[round(x, 3), round(y, 3)] for x, y in ring.coords]
            for ring in (p.exterior, *p.interiors)
        ]
        for p in polygons
        if not p.is_empty and isinstance(p, Polygon)
    ]


def build(topojson: Path) -> None:
    land = great_britain(topojson)
    (HERE / "britain.json").write_text(
        json.dumps({"provenance": PROVENANCE, "land": rounded(land)}, separators=(",", ":"))
    )
    for path in sorted(HERE.glob("*.toml")):
        name, data = path.name, tomllib.loads(path.read_text())
        if "extent" not in data:
            continue
        read = _board if "areas" in data else _regions
        anchors, borders, extent = read(data)
        shapes = partition(land, anchors, borders, extent)
        out = {
            "provenance": PROVENANCE,
            "map": name,
            "extent": list(extent),
            "territories": {r: rounded(s) for r, s in shapes.items()},
            "walls": walls(data, shapes),
        }
        (HERE / name.replace(".toml", ".territories.json")).write_text(
            json.dumps(out, separators=(",", ":"))
        )
        print(name, len(shapes), "regions", file=sys.stderr)


def walls(data: dict, shapes: dict[str, shapely.Geometry]) -> dict[str, list]:
    """Each wall of the map as the lines of the border it stands on (a picture draws it there)."""
    lines = {}
    for wall, (a, b) in (data.get("walls") or {}).items():
        shared = shapely.line_merge(shapes[a].intersection(shapes[b]))
        parts = [g for g in getattr(shared, "geoms", [shared]) if g.geom_type == "LineString"]
        lines[wall] = [[[round(x, 3), round(y, 3)] for x, y in g.coords] for g in parts]
    return lines


def _regions(data: dict) -> tuple[list, set, tuple]:
    regions = data["regions"]
    anchors = [(r, *v["label"]) for r, v in regions.items()]
    anchors += [(r, *p) for r, v in regions.items() for p in v.get("anchors", [])]
    borders = {frozenset((r, b)) for r, v in regions.items() for b in v["borders"]}
    return anchors, borders, tuple(data["extent"])


def _board(data: dict) -> tuple[list, set, tuple]:
    land = [a for a, v in data["areas"].items() if v["kind"] == "land"]
    anchors = [(a, *data["labels"][a]) for a in land]
    anchors += [(a, *p) for a, points in data.get("anchors", {}).items() for p in points]
    borders = {frozenset(p) for p in data["adjacency"]["borders"] if all(a in land for a in p)}
    return anchors, borders, tuple(data["extent"])


if __name__ == "__main__":
    build(Path(sys.argv[1]))
