"""`campaign map` for Britannia with Hadrian's Wall (pure: state in, SVG text out; HW-8.2).

Areas stand at their rough geographic places (the board file's labels), land as rounded boxes
filled with the colour of the player whose counters hold them (a dashed outline where several
players' counters share an area), seas as pale ovals; borders are grey lines, straits dashed,
sea links pale blue. A wall built and standing is a thick bar across its border with its name.
Every area is an element of class `area` with `data-area`, every wall of class `wall` with
`data-wall`, so that the picture can be read by a program as well as by eye.
"""

from __future__ import annotations

from collections import Counter as Tally
from html import escape as html_escape

from campaign.input.text import printable
from campaign.kinds.hadrians_wall import interpretations as chosen
from campaign.kinds.hadrians_wall.narrate import nation_name
from campaign.kinds.hadrians_wall.report import COLOURS
from campaign.kinds.hadrians_wall.state import State

WEST, NORTH = -7.6, 59.7
PER_LON, PER_LAT = 64.0, 100.0
WIDTH, HEIGHT, LEGEND = 700, 1010, 250
BOX_W, BOX_H = 78, 30


def escape(text: str) -> str:
    return html_escape(printable(text))


def at(state: State, area: str) -> tuple[float, float]:
    east, north = state.board.area(area).label or (0.0, 0.0)
    return round((east - WEST) * PER_LON, 1), round((NORTH - north) * PER_LAT + 40, 1)


def picture(state: State, name: str, number: int | None = None, player: str | None = None) -> str:
    """The board now (or at the end of turn `number`); on `player`'s own page, the areas his
    nations' counters hold outlined in gold (#26), as the shared maps mark a reader's own."""
    when = f"end of turn {number}" if number else f"turn {state.turn}"
    from regions import territories

    drawn = territories("britannia-ah-1987.toml")
    if drawn is not None and "W4" not in state.board.walls and not state.ffg_gap:
        return drawn_map(state, name, when, drawn, held_by(state, player))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH + LEGEND}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH + LEGEND} {HEIGHT}" font-family="sans-serif">',
        f'<rect width="{WIDTH + LEGEND}" height="{HEIGHT}" fill="#f4f8fb"/>',
        f'<text x="12" y="24" font-size="17" font-weight="bold">{escape(name)} — {when}</text>',
        *_links(state),
        *_areas(state),
        *_walls(state),
        *_legend(state),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _links(state: State) -> list[str]:
    lines = []
    for pair, how in state.board.links.items():
        a, b = sorted(pair)
        (x1, y1), (x2, y2) = at(state, a), at(state, b)
        land = state.board.area(a).land and state.board.area(b).land
        style = (
            'stroke="#888" stroke-width="2"'
            if land and how == "border"
            else 'stroke="#888" stroke-width="2" stroke-dasharray="5 4"'
            if land
            else 'stroke="#9cc3e0" stroke-width="1"'
        )
        lines.append(
            f'<line class="link" data-between="{a}|{b}" x1="{x1}" y1="{y1}" x2="{x2}" '
            f'y2="{y2}" {style}/>'
        )
    return lines


def _holder_colours(state: State, area: str) -> list[str]:
    colours = []
    for counter in state.here(area):
        colour = state.colour_of(counter.nation)
        if colour not in colours:
            colours.append(colour)
    return colours


def _areas(state: State) -> list[str]:
    shapes = []
    for area in state.board.areas.values():
        x, y = at(state, area.id)
        here = state.here(area.id)
        tally = Tally(chosen.PREFIX[c.nation] for c in here)
        counted = " ".join(f"{p}×{n}" if n > 1 else p for p, n in tally.items())
        if not area.land:
            shapes.append(
                f'<g class="area" data-area="{area.id}"><ellipse cx="{x}" cy="{y}" rx="52" '
                f'ry="18" fill="#dcebf7" stroke="#9cc3e0"/><text x="{x}" y="{y - 2}" '
                f'font-size="10" font-style="italic" text-anchor="middle" fill="#36648b">'
                f'{escape(area.name)}</text><text x="{x}" y="{y + 10}" font-size="9" '
                f'text-anchor="middle">{escape(counted)}</text></g>'
            )
            continue
        colours = _holder_colours(state, area.id)
        fill = COLOURS[colours[0]] if colours else "#ffffff"
        outline = (
            'stroke="#111" stroke-width="2.5" stroke-dasharray="4 3"'
            if len(colours) > 1
            else 'stroke="#555" stroke-width="1"'
        )
        ink = "#fff" if colours else "#111"
        shapes.append(
            f'<g class="area" data-area="{area.id}" data-holders="{" ".join(colours)}">'
            f'<rect x="{x - BOX_W / 2}" y="{y - BOX_H / 2}" width="{BOX_W}" height="{BOX_H}" '
            f'rx="6" fill="{fill}" {outline}/>'
            f'<text x="{x}" y="{y - 2}" font-size="10" font-weight="bold" text-anchor="middle" '
            f'fill="{ink}">{escape(area.name)}</text>'
            f'<text x="{x}" y="{y + 10}" font-size="9" text-anchor="middle" fill="{ink}">'
            f"{escape(counted)}</text></g>"
        )
    return shapes


def _walls(state: State) -> list[str]:
    """A wall built and standing: a thick bar across the middle of its border (HW-8.2)."""
    bars = []
    for wall in state.walls:
        if not state.wall_standing(wall):
            continue
        a, b = state.board.walls[wall]
        (x1, y1), (x2, y2) = at(state, a), at(state, b)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dx, dy = x2 - x1, y2 - y1
        length = max((dx * dx + dy * dy) ** 0.5, 1.0)
        nx, ny = -dy / length * 16, dx / length * 16
        bars.append(
            f'<g class="wall" data-wall="{wall}" data-between="{a}|{b}">'
            f'<line x1="{mx - nx:.1f}" y1="{my - ny:.1f}" x2="{mx + nx:.1f}" y2="{my + ny:.1f}" '
            f'stroke="#5a1a00" stroke-width="7" stroke-linecap="round"/>'
            f'<text x="{mx + nx + 4:.1f}" y="{my + ny:.1f}" font-size="11" font-weight="bold" '
            f'fill="#5a1a00">{wall}</text></g>'
        )
    return bars


def _legend(state: State, top: float = 60, left: float | None = None) -> list[str]:
    x, y = (WIDTH if left is None else left) + 10, top
    lines = [f'<text x="{x}" y="{y}" font-size="13" font-weight="bold">Players</text>']
    for colour, nations in chosen.SPLIT.items():
        y += 22
        player = state.colours.get(colour, colour)
        lines.append(
            f'<rect x="{x}" y="{y - 12}" width="14" height="14" fill="{COLOURS[colour]}"/>'
            f'<text x="{x + 20}" y="{y}" font-size="12">{escape(player)} ({colour})</text>'
        )
        for nation in nations:
            y += 15
            lines.append(
                f'<text x="{x + 20}" y="{y}" font-size="10">{chosen.PREFIX[nation]} '
                f"{escape(nation_name(nation))}</text>"
            )
    y += 30
    standing = [w for w in state.walls if state.wall_standing(w)]
    said = (
        "Walls removed (turn 6)"
        if state.walls_removed
        else f"Walls built: {', '.join(standing)}"
        if standing
        else "No wall built"
    )
    lines.append(f'<text x="{x}" y="{y}" font-size="12" font-weight="bold">{said}</text>')
    return lines


# The board as Britain: land areas as territories of the island (issue #11).

MAP_PIXELS = 640


def held_by(state: State, player: str | None) -> frozenset[str]:
    """The areas where counters of `player`'s nations stand (HW-2.3: the nations of his
    colours)."""
    if player is None:
        return frozenset()
    from campaign.input.names import folded

    return frozenset(
        c.area
        for c in state.counters.values()
        if c.area and folded(state.player_of(c.nation)) == folded(player)
    )


def drawn_map(
    state: State, name: str, when: str, drawn: dict, mine: frozenset[str] = frozenset()
) -> str:
    """Land areas as territories filled by the colour of the player whose counters hold them (a
    dashed outline where several players' counters share one), seas named in the sea, every
    counter by its nation's letters, and each wall built and standing as a thick line along its
    border."""
    from campaign.views import mapdraw
    from regions import coastline

    canvas = mapdraw.Canvas(mapdraw.framed(drawn["extent"], 0.3), MAP_PIXELS)
    width, height = MAP_PIXELS + LEGEND, max(canvas.height, 560)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height:.0f}" '
        f'viewBox="0 0 {width} {height:.0f}" font-family="sans-serif">',
        f"<title>{escape(name)}: {when}</title>",
        f'<rect width="{width}" height="{height:.0f}" fill="{mapdraw.SEA}"/>',
        mapdraw.land(canvas, coastline()),
        *(
            _land_area(state, canvas, a, shapes, a in mine)
            for a, shapes in drawn["territories"].items()
        ),
        *_drawn_walls(state, canvas, drawn),
        *(_area_label(state, canvas, a) for a in state.board.areas),
        mapdraw.title(f"{name} — {when}", width),
        *_legend(state, top=70, left=MAP_PIXELS),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _land_area(state: State, canvas, area: str, shapes, mine: bool = False) -> str:
    colours = _holder_colours(state, area)
    fill = COLOURS[colours[0]] if colours else "#ffffff"
    outline = (
        'stroke="#111" stroke-width="2.4" stroke-dasharray="5 3"'
        if len(colours) > 1
        else 'stroke="#666" stroke-width="0.8"'
    )
    if mine:  # the reader's own, on his page
        outline = 'stroke="#d4a017" stroke-width="4"'
    return (
        f'<g class="area region" data-area="{area}" data-region="{area}" '
        f'data-holders="{" ".join(colours)}" data-mine="{"yes" if mine else "no"}">'
        f'<path d="{canvas.path(shapes)}" fill="{fill}" fill-opacity="0.85" {outline} '
        'fill-rule="evenodd"/></g>'
    )


def _area_label(state: State, canvas, area: str) -> str:
    from campaign.views import mapdraw

    spot = state.board.area(area)
    x, y = canvas.xy(*(spot.label or (0.0, 0.0)))
    tally = Tally(chosen.PREFIX[c.nation] for c in state.here(area))
    counted = " ".join(f"{p}×{n}" if n > 1 else p for p, n in tally.items())
    if spot.land:
        return mapdraw.label(x, y - 1, spot.name, 9.5, bold=True) + (
            mapdraw.label(x, y + 10, counted, 9) if counted else ""
        )
    return (
        f'<g class="area sea" data-area="{area}">'
        + mapdraw.label(x, y, spot.name, 10, fill="#36648b", font_style="italic")
        + (mapdraw.label(x, y + 12, counted, 9) if counted else "")
        + "</g>"
    )


def _drawn_walls(state: State, canvas, drawn: dict) -> list[str]:
    """Each wall built and standing, along the border it stands on (HW-8.2)."""
    from campaign.views import mapdraw

    out = []
    for wall in state.walls:
        lines = drawn["walls"].get(wall)
        if not state.wall_standing(wall) or not lines:
            continue
        a, b = state.board.walls[wall]
        paths = "".join(
            f'<path d="{canvas.line(line)}" fill="none" stroke="#5a1a00" stroke-width="6" '
            'stroke-linecap="round" stroke-linejoin="round"/>'
            for line in lines
        )
        x, y = canvas.xy(*lines[0][len(lines[0]) // 2])
        name = mapdraw.label(x + 14, y - 6, wall, 12, bold=True, fill="#5a1a00")
        out.append(f'<g class="wall" data-wall="{wall}" data-between="{a}|{b}">{paths}{name}</g>')
    return out
