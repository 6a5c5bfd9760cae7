"""Boards of land and sea areas as data: a TOML file of areas, the borders and straits that join
them, walls on borders and the areas that trigger them, and a first set-up.

Like `regions.Map`, a `Board` is read once, checked with every problem listed, and answers with
plain area ids; "adjacent" means joined by a border or a strait, and nothing else.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

import networkx as nx

from regions import MapError


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    land: bool
    difficult: bool = False
    label: tuple[float, float] | None = None
    """Where a picture draws it: [degrees east, degrees north]."""


@dataclass(frozen=True)
class Board:
    name: str
    areas: dict[str, Area]
    links: dict[frozenset[str], str]
    """Each pair of adjacent areas, and how they are joined: `border` or `strait`."""
    walls: dict[str, tuple[str, str]] = field(default_factory=dict)
    triggers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    start: dict[str, str] = field(default_factory=dict)
    """The first set-up: a nation for each area that starts with one of its armies."""
    start_counts: dict[str, dict[str, int]] = field(default_factory=dict)
    """Further armies at the start: nation → area → how many."""

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self.areas)

    def area(self, area: str) -> Area:
        return self.areas[area]

    def adjacent(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.links and a != b

    def link(self, a: str, b: str) -> str | None:
        """`border`, `strait`, or None when the areas do not touch."""
        return self.links.get(frozenset((a, b))) if a != b else None

    def wall_on(self, a: str, b: str) -> str | None:
        """The wall standing (once built) on the border between `a` and `b`, if any."""
        pair = {a, b}
        return next((w for w, ends in self.walls.items() if set(ends) == pair), None)

    def graph(self, land_only: bool = False) -> nx.Graph:
        graph = nx.Graph()
        keep = [a for a, area in self.areas.items() if area.land or not land_only]
        graph.add_nodes_from(keep)
        for pair, how in self.links.items():
            if set(pair) <= set(keep):
                graph.add_edge(*sorted(pair), link=how)
        return graph

    def with_wall(self, wall: str, a: str, b: str) -> Board:
        """This board with one more wall on the border a|b, triggered by both areas."""
        triggers = {**self.triggers}
        for end in (a, b):
            triggers[end] = (*triggers.get(end, ()), wall)
        return Board(
            self.name,
            self.areas,
            self.links,
            {**self.walls, wall: (a, b)},
            triggers,
            self.start,
            self.start_counts,
        )


@lru_cache(maxsize=8)
def parse_board(source: str, origin: str = "the board file", extra: bool = False) -> Board:
    """Parse and check a board file, refusing it with every problem found. With `extra`, the
    pairs the file marks `ffg_only` (a later edition's board) are borders too."""
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        raise MapError(origin, [f"it is not valid TOML ({exc})"]) from None
    problems: list[str] = []
    areas = _areas(data.get("areas"), data.get("labels") or {}, problems)
    adjacency = data.get("adjacency") or {}
    links: dict[frozenset[str], str] = {}
    groups = [("border", adjacency.get("borders")), ("strait", adjacency.get("straits"))]
    if extra:
        groups.append(("border", adjacency.get("ffg_only")))
    for how, pairs in groups:
        for pair in _pairs(pairs, how, areas, problems):
            if pair in links:
                problems.append(f"{' and '.join(sorted(pair))} are joined twice")
            links[pair] = how
    board = Board(str((data.get("meta") or {}).get("name", "board")), areas, links)
    walls = _walls(data.get("walls"), board, problems)
    triggers = _triggers(data.get("wall_triggers"), areas, walls, problems)
    start, counts = _start(data.get("start"), areas, problems)
    if areas and not problems and not nx.is_connected(board.graph()):
        parts = sorted(sorted(c) for c in nx.connected_components(board.graph()))
        problems.append("its areas fall into parts: " + " | ".join(", ".join(p) for p in parts))
    if problems:
        raise MapError(origin, problems)
    return Board(board.name, areas, links, walls, triggers, start, counts)


def _areas(table: object, labels: dict, problems: list[str]) -> dict[str, Area]:
    if not isinstance(table, dict) or not table:
        problems.append("it has no [areas] table")
        return {}
    areas = {}
    for id_, spec in table.items():
        spec = spec if isinstance(spec, dict) else {}
        name, kind = spec.get("name"), spec.get("kind")
        faults = []
        if not isinstance(name, str) or not name.strip():
            faults.append(f"area {id_} has no name")
        if kind not in ("land", "sea"):
            faults.append(f"area {id_} is neither land nor sea")
        elif kind == "land" and not isinstance(spec.get("difficult"), bool):
            faults.append(f"land area {id_} does not say whether it is difficult")
        label = labels.get(id_)
        if label is not None and not (
            isinstance(label, list)
            and len(label) == 2
            and all(isinstance(v, (int, float)) for v in label)
        ):
            faults.append(f"area {id_} has a label that is not [east, north]")
        problems.extend(faults)
        if not faults:
            where = None if label is None else (float(label[0]), float(label[1]))
            areas[id_] = Area(id_, name.strip(), kind == "land", bool(spec.get("difficult")), where)
    return areas


def _pairs(
    pairs: object, how: str, areas: dict[str, Area], problems: list[str]
) -> Iterable[frozenset[str]]:
    for pair in pairs or []:
        if not (
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(a, str) for a in pair)
        ):
            problems.append(f"a {how} {pair!r} is not a pair of area ids")
            continue
        unknown = [a for a in pair if a not in areas]
        if unknown:
            problems.append(f"the {how} {pair[0]}|{pair[1]} names {', '.join(unknown)}, no area")
        elif pair[0] == pair[1]:
            problems.append(f"{pair[0]} is joined to itself")
        else:
            yield frozenset(pair)


def _walls(table: object, board: Board, problems: list[str]) -> dict[str, tuple[str, str]]:
    walls = {}
    for wall, ends in (table or {}).items():
        if not (isinstance(ends, list) and len(ends) == 2 and all(e in board.areas for e in ends)):
            problems.append(f"wall {wall} does not stand between two areas of the board")
        elif board.link(*ends) != "border" or not all(board.areas[e].land for e in ends):
            problems.append(f"wall {wall} is not on a land border ({ends[0]}|{ends[1]})")
        else:
            walls[wall] = (ends[0], ends[1])
    return walls


def _triggers(
    table: object, areas: dict[str, Area], walls: dict, problems: list[str]
) -> dict[str, tuple[str, ...]]:
    triggers = {}
    for area, named in (table or {}).items():
        if area not in areas:
            problems.append(f"trigger area {area} is no area of the board")
        elif not isinstance(named, list) or any(w not in walls for w in named):
            problems.append(f"trigger area {area} names a wall the board does not have")
        elif any(area not in walls[w] for w in named):
            problems.append(f"trigger area {area} names a wall not on one of its borders")
        else:
            triggers[area] = tuple(named)
    return triggers


def _start(
    table: object, areas: dict[str, Area], problems: list[str]
) -> tuple[dict[str, str], dict[str, dict[str, int]]]:
    table = table if isinstance(table, dict) else {}
    start = table.get("nation") or {}
    unknown = sorted(a for a in start if a not in areas)
    if unknown:
        problems.append(f"the set-up places armies in {', '.join(unknown)}, no area of the board")
    counts = {
        nation: dict(where) for nation, where in table.items() if nation != "nation" and where
    }
    for nation, where in counts.items():
        bad = [a for a, n in where.items() if a not in areas or not isinstance(n, int) or n < 1]
        if bad:
            problems.append(f"the set-up of the {nation} names {', '.join(bad)} wrongly")
    return dict(start), counts
