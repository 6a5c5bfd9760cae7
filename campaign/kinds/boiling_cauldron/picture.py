"""`campaign map`: region control as an SVG picture (pure: state in, SVG text out).

Regions stand at their rough geographic positions (BC-1's label longitude and
latitude), filled with the owner's colour (the dashboard's), labelled with
name and culture. Land borders are solid lines; the sea lane, a dotted blue
ring through every coastal region, stands for BC-1.1's coastal adjacency.
Regions contested in the round wear a red dashed outline.
"""

from __future__ import annotations

import math
from decimal import Decimal
from html import escape as html_escape

from campaign.kinds.boiling_cauldron.state import State
from campaign.text import printable
from campaign.views.colours import player_colour

PER_LON, PER_LAT = 105, 100
WEST, NORTH = Decimal("-5.5"), Decimal("56.1")
MAP_WIDTH, HEIGHT, LEGEND = 790, 660, 270
RX, RY = 50, 23


def escape(text: str) -> str:
    """Text for SVG: printable (no character XML forbids) and escaped."""
    return html_escape(printable(text))


def position(state: State, region: str) -> tuple[float, float]:
    east, north = state.world.region(region).label
    return float((east - WEST) * PER_LON) + 20, float((NORTH - north) * PER_LAT) + 50


def ink(hex_colour: str) -> str:
    """Black or white text, whichever reads better on the fill."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


def svg_map(state: State, title: str, contested: set[str]) -> str:
    players = list(state.players)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{MAP_WIDTH + LEGEND}" height="{HEIGHT}" '
        f'viewBox="0 0 {MAP_WIDTH + LEGEND} {HEIGHT}" font-family="Georgia, serif">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{MAP_WIDTH + LEGEND}" height="{HEIGHT}" fill="#eaf2f8"/>',
        f'<text x="20" y="32" font-size="20" font-weight="bold" fill="#223">{escape(title)}</text>',
        _sea_lane(state),
        *_borders(state),
        *(_region(state, r, players, r in contested) for r in state.world.names),
        *_legend(state, players),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _sea_lane(state: State) -> str:
    coastal = [r for r in state.world.names if state.world.is_coastal(r)]
    points = [position(state, r) for r in coastal]
    cx, cy = sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
    ring = sorted(points, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
    path = " ".join(f"{x:.0f},{y:.0f}" for x, y in ring + ring[:1])
    return (
        f'<polyline class="sea-lane" points="{path}" fill="none" stroke="#3b8fd0" '
        'stroke-width="2" stroke-dasharray="2 6"/>'
    )


def _borders(state: State) -> list[str]:
    lines = []
    for a, b in state.world.land_borders():
        (x1, y1), (x2, y2) = position(state, a), position(state, b)
        lines.append(
            f'<line class="land-border" x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
            'stroke="#6b5a3e" stroke-width="3"/>'
        )
    return lines


def _region(state: State, region: str, players: list[str], contested: bool) -> str:
    x, y = position(state, region)
    owner = state.control.get(region)
    fill = player_colour(owner, players) if owner else "#cccccc"
    coast = (
        (
            f'<ellipse cx="{x:.0f}" cy="{y:.0f}" rx="{RX + 5}" ry="{RY + 5}" fill="none" '
            'stroke="#3b8fd0" '
            'stroke-width="2" stroke-dasharray="5 3"/>'
        )
        if state.world.is_coastal(region)
        else ""
    )
    mark = (
        (
            f'<ellipse cx="{x:.0f}" cy="{y:.0f}" rx="{RX + 9}" ry="{RY + 9}" fill="none" '
            'stroke="#c0392b" '
            'stroke-width="3" stroke-dasharray="8 4"/>'
        )
        if contested
        else ""
    )
    return (
        f'<g class="region" data-region="{escape(region)}" '
        f'data-owner="{escape(owner or "")}">{mark}{coast}'
        f'<ellipse cx="{x:.0f}" cy="{y:.0f}" rx="{RX}" ry="{RY}" fill="{fill}" stroke="#333" '
        'stroke-width="1.5"/>'
        f'<text x="{x:.0f}" y="{y - 2:.0f}" text-anchor="middle" font-size="12" '
        f'font-weight="bold" fill="{ink(fill)}">{escape(region)}</text>'
        f'<text x="{x:.0f}" y="{y + 12:.0f}" text-anchor="middle" font-size="9" '
        f'fill="{ink(fill)}">{escape(state.world.culture(region))}</text></g>'
    )


def _legend(state: State, players: list[str]) -> list[str]:
    x, y = MAP_WIDTH + 10, 70
    held = state.holdings()
    out = [
        f'<text x="{x}" y="{y - 22}" font-size="15" font-weight="bold" fill="#223">Players</text>'
    ]
    for i, player in enumerate(players):
        row = y + i * 24
        faded = "" if held[player] else ' opacity="0.45"'
        regions = f"{len(held[player])} region{'' if len(held[player]) == 1 else 's'}"
        out.append(
            f'<g class="legend"{faded}><rect x="{x}" y="{row - 12}" width="16" height="16" '
            f'fill="{player_colour(player, players)}" stroke="#333"/>'
            f'<text x="{x + 24}" y="{row + 1}" font-size="13" fill="#223">{escape(player)}: '
            f"{regions}{'' if held[player] else ' (out)'}</text></g>"
        )
    key = y + len(players) * 24 + 24
    out += [
        f'<line x1="{x}" y1="{key}" x2="{x + 30}" y2="{key}" stroke="#6b5a3e" stroke-width="3"/>',
        f'<text x="{x + 38}" y="{key + 4}" font-size="11" fill="#223">land border</text>',
        f'<line x1="{x}" y1="{key + 22}" x2="{x + 30}" y2="{key + 22}" stroke="#3b8fd0" '
        'stroke-width="2" stroke-dasharray="2 6"/>',
        f'<text x="{x + 38}" y="{key + 26}" font-size="11" fill="#223">sea lane: coastal '
        "regions</text>",
        f'<text x="{x + 38}" y="{key + 40}" font-size="11" fill="#223">(dashed ring) all '
        "adjacent, BC-1.1</text>",
        f'<ellipse cx="{x + 15}" cy="{key + 62}" rx="14" ry="8" fill="none" stroke="#c0392b" '
        'stroke-width="3" stroke-dasharray="8 4"/>',
        f'<text x="{x + 38}" y="{key + 66}" font-size="11" fill="#223">contested this round</text>',
    ]
    return out
