"""Maps as data: a TOML file of regions loaded into a networkx graph.

This package is the only place that knows what "adjacent" means: a land border, or
both regions on the coast.
It answers with plain region names, never graph objects.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property, lru_cache
from importlib import resources

import networkx as nx


class MapError(ValueError):
    """A map file that cannot be used; `problems` lists every fault found."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(f"{source} is not a usable map: " + "; ".join(problems) + ".")


@dataclass(frozen=True)
class Region:
    name: str
    culture: str
    coastal: bool
    west_edge: Decimal
    label: tuple[Decimal, Decimal]


class Map:
    """The regions of a campaign map and their land borders."""

    def __init__(self, name: str, regions: dict[str, Region], borders: nx.Graph) -> None:
        self.name = name
        self._regions = regions
        self._land = borders

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Map):
            return NotImplemented
        return (self.name, self._regions, self.land_borders()) == (
            other.name,
            other._regions,
            other.land_borders(),
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def names(self) -> tuple[str, ...]:
        """Region names in alphabetical order (the order of a seeded draw)."""
        return tuple(sorted(self._regions))

    def region(self, name: str) -> Region:
        return self._regions[name]

    def culture(self, name: str) -> str:
        return self._regions[name].culture

    @cached_property
    def cultures(self) -> tuple[str, ...]:
        return tuple(sorted({r.culture for r in self._regions.values()}))

    def is_coastal(self, name: str) -> bool:
        return self._regions[name].coastal

    def land_neighbours(self, name: str) -> frozenset[str]:
        return frozenset(self._land.neighbors(name))

    def land_borders(self) -> list[tuple[str, str]]:
        return sorted(tuple(sorted(edge)) for edge in self._land.edges)

    @cached_property
    def _adjacency(self) -> dict[str, frozenset[str]]:
        coastal = {n for n, r in self._regions.items() if r.coastal}
        return {
            name: self.land_neighbours(name)
            | (coastal - {name} if name in coastal else frozenset())
            for name in self._regions
        }

    def adjacent_regions(self, name: str) -> frozenset[str]:
        """Regions sharing a land border, and every other coastal region if this one is coastal."""
        return self._adjacency[name]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._adjacency[a]

    def westernmost(self, names: set[str] | frozenset[str] | list[str]) -> str:
        """The region among `names` whose western edge lies furthest west."""
        return min(names, key=lambda n: (self._regions[n].west_edge, n))


def map_source(file_name: str) -> str:
    """The text of a map file bundled in `regions/`."""
    return resources.files(__name__).joinpath(file_name).read_text(encoding="utf-8")


@lru_cache(maxsize=8)
def territories(file_name: str) -> dict | None:
    """The drawn shapes of a bundled map file's regions (`<name>.territories.json`, built by
    regions/tools/build_territories.py): `extent`, `territories` (region → polygons of rings of
    [lon, lat]) and `walls`; None for a map without them."""
    drawn = resources.files(__name__).joinpath(file_name.replace(".toml", ".territories.json"))
    return json.loads(drawn.read_text(encoding="utf-8")) if drawn.is_file() else None


@lru_cache(maxsize=1)
def coastline() -> list:
    """Great Britain's land as polygons of rings of [lon, lat] (Natural Earth, public domain)."""
    return json.loads(resources.files(__name__).joinpath("britain.json").read_text())["land"]


MAP_FILE_LIMIT = 1024 * 1024
"""Bytes read from a map file (`campaign.input.files.read_text` reads it): the maps the program
ships are 4 to 20 KB."""


@lru_cache(maxsize=16)
def parse_map(source: str, origin: str = "the map file") -> Map:
    """Parse and validate a map file, refusing it with every problem found. Cached by its text:
    every fold of a campaign reads the same map (a Map is never changed once made)."""
    try:
        data = tomllib.loads(source, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise MapError(origin, [f"it is not valid TOML ({exc})"]) from None
    except RecursionError:
        raise MapError(origin, ["it is nested too deeply to be a map"]) from None
    problems: list[str] = []
    regions = _read_regions(data.get("regions"), problems)
    graph = _read_borders(data.get("regions"), regions, problems)
    expected = data.get("regions_expected", 17)
    if regions and len(regions) != expected:
        problems.append(f"it has {len(regions)} regions where it says {expected}")
    if regions and not problems and not nx.is_connected(graph):
        parts = sorted(sorted(c) for c in nx.connected_components(graph))
        problems.append(
            "its land borders split it into parts: " + " | ".join(", ".join(p) for p in parts)
        )
    if problems:
        raise MapError(origin, problems)
    return Map(str(data.get("name", "campaign map")), regions, graph)


def _read_regions(table: object, problems: list[str]) -> dict[str, Region]:
    if not isinstance(table, dict) or not table:
        problems.append("it has no [regions] table")
        return {}
    regions: dict[str, Region] = {}
    seen: dict[str, str] = {}
    for name, spec in table.items():
        if name.casefold() in seen:
            problems.append(f"{name} and {seen[name.casefold()]} name the same region")
            continue
        seen[name.casefold()] = name
        region = _read_region(name, spec if isinstance(spec, dict) else {}, problems)
        if region:
            regions[name] = region
    return regions


def _read_region(name: str, spec: dict, problems: list[str]) -> Region | None:
    culture, coastal = spec.get("culture"), spec.get("coastal")
    west, label = spec.get("west_edge"), spec.get("label", [0, 0])
    faults = []
    if not isinstance(culture, str) or not culture.strip():
        faults.append(f"{name} has no culture")
    if not isinstance(coastal, bool):
        faults.append(f"{name} does not say whether it is coastal")
    if not isinstance(west, (int, Decimal)) or isinstance(west, bool):
        faults.append(f"{name} has no west_edge longitude")
    if not (isinstance(label, list) and len(label) == 2):
        faults.append(f"{name} has a label that is not [east, north]")
    problems.extend(faults)
    if faults:
        return None
    return Region(
        name, culture.strip(), coastal, Decimal(west), (Decimal(label[0]), Decimal(label[1]))
    )


def _read_borders(table: object, regions: dict[str, Region], problems: list[str]) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from(regions)
    listed = {
        name: list(spec.get("borders", []))
        for name, spec in (table or {}).items()
        if isinstance(spec, dict)
    }
    for name, neighbours in listed.items():
        for other in neighbours:
            if other == name:
                problems.append(f"{name} borders itself")
            elif other not in listed:
                problems.append(f"{name} borders {other}, which is not a region of the map")
            elif name not in listed[other]:
                problems.append(f"{name} borders {other} but {other} does not list {name}")
            elif name in regions and other in regions:
                graph.add_edge(name, other)
    return graph
