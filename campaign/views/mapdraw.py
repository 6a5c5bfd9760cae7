"""Drawing a map of Britain as SVG (pure): the coastline, regions filled by who holds them,
labels that read on any fill, arrows, lines on borders, a legend. The kinds' pictures compose
these pieces with their map's territories (`regions.territories`) and their state.

Colours are the players' one palette (Okabe and Ito's, `campaign.views.colours`), told apart
with the common kinds of colour blindness; from the ninth player on the same colours come again
with stripes, then with dots. Everything people typed is escaped; nothing in the picture is
script.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape as html_escape

from campaign.input.text import printable
from campaign.views.colours import PALETTE

OKABE_ITO = PALETTE
"""The players' one palette, Okabe and Ito's colours (campaign.views.colours)."""
PATTERNS = (None, "stripes", "dots")
SEA, LAND, COAST = "#d7e8f3", "#efe9dc", "#5b6b73"

BAND = 40.0
"""The title band's height (`title`); the map's frame starts below it (`Canvas.top`)."""

Rings = list[list[list[float]]]
"""A polygon as rings of [lon, lat]; a region is a list of them."""


def escape(text: str) -> str:
    """Text for SVG: printable (nothing XML forbids) and escaped."""
    return html_escape(printable(text))


def fill(index: int) -> tuple[str, str | None]:
    """The n-th player's colour, and the pattern laid over it (None for the first eight)."""
    return OKABE_ITO[index % len(OKABE_ITO)], PATTERNS[min(index // len(OKABE_ITO), 2)]


def ink(hex_colour: str) -> str:
    """Black or white, whichever reads on the fill."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


def framed(extent: Sequence[float], margin: float = 0.25) -> tuple[float, float, float, float]:
    """An extent with a margin of sea (or of the land beyond the map) around it."""
    x0, y0, x1, y1 = extent
    return x0 - margin, y0 - margin / 2, x1 + margin, y1 + margin


@dataclass(frozen=True)
class Canvas:
    """Longitude and latitude to pixels over an extent, longitude shrunk by the cosine of the
    middle latitude (the map looks as Britain does)."""

    extent: tuple[float, float, float, float]
    width: float
    top: float = BAND + 4

    @property
    def scale(self) -> float:
        x0, _, x1, _ = self.extent
        return self.width / ((x1 - x0) * self.squeeze)

    @property
    def squeeze(self) -> float:
        _, y0, _, y1 = self.extent
        return math.cos(math.radians((y0 + y1) / 2))

    @property
    def height(self) -> float:
        _, y0, _, y1 = self.extent
        return (y1 - y0) * self.scale + self.top

    def xy(self, lon: float, lat: float) -> tuple[float, float]:
        x0, _, _, y1 = self.extent
        return (lon - x0) * self.squeeze * self.scale, (y1 - lat) * self.scale + self.top

    def path(self, polygons: Sequence[Rings]) -> str:
        rings = (ring for polygon in polygons for ring in polygon)
        return " ".join(
            "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in (self.xy(*p) for p in ring)) + "Z"
            for ring in rings
        )

    def line(self, points: Sequence[Sequence[float]]) -> str:
        return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in (self.xy(*p) for p in points))


def defs(colours: Sequence[str]) -> str:
    """Patterns (stripes, dots over each colour) and an arrowhead for each colour."""
    parts = []
    for n, colour in enumerate(dict.fromkeys(colours)):
        parts.append(
            f'<pattern id="stripes-{n}" width="6" height="6" patternUnits="userSpaceOnUse" '
            f'patternTransform="rotate(45)"><rect width="6" height="6" fill="{colour}"/>'
            '<rect width="2" height="6" fill="#fff" opacity="0.7"/></pattern>'
            f'<pattern id="dots-{n}" width="6" height="6" patternUnits="userSpaceOnUse">'
            f'<rect width="6" height="6" fill="{colour}"/><circle cx="3" cy="3" r="1.4" '
            'fill="#fff" opacity="0.8"/></pattern>'
            f'<marker id="head-{n}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
            f'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
            f'fill="{colour}" stroke="#111" stroke-width="0.8"/></marker>'
        )
    return "<defs>" + "".join(parts) + "</defs>"


def paint(colour: str, pattern: str | None, colours: Sequence[str]) -> str:
    """The fill attribute's value: a colour, or its pattern."""
    if pattern is None:
        return colour
    return f"url(#{pattern}-{list(dict.fromkeys(colours)).index(colour)})"


def head(colour: str, colours: Sequence[str]) -> str:
    return f"url(#head-{list(dict.fromkeys(colours)).index(colour)})"


def label(x: float, y: float, text: str, size: float = 11, bold: bool = False, **extra: str) -> str:
    """Text on a white halo (the same text drawn first, thick and white), so that it reads on
    any fill; every renderer draws it so, PNG converters too."""
    attributes = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in extra.items())
    weight = ' font-weight="bold"' if bold else ""
    place = f'x="{x:.1f}" y="{y:.1f}" font-size="{size}"{weight} text-anchor="middle"'
    return (
        f'<text {place} fill="none" stroke="#fff" stroke-width="3.2" stroke-linejoin="round" '
        f'opacity="0.9" aria-hidden="true">{escape(text)}</text>'
        f"<text {place}{attributes}>{escape(text)}</text>"
    )


def land(canvas: Canvas, coast: Sequence[Rings]) -> str:
    """The coastline, drawn within the map's frame alone: the land beyond it (Scotland above a
    map of the south) stops at the frame's edge, below the title band (#50: the band hid the top
    of Scotland)."""
    frame = f'x="0" y="{canvas.top:.1f}" width="{canvas.width:.1f}" '
    frame += f'height="{canvas.height - canvas.top:.1f}"'
    return (
        f'<clipPath id="frame"><rect class="frame" {frame}/></clipPath>'
        f'<path class="land" d="{canvas.path(coast)}" fill="{LAND}" stroke="{COAST}" '
        'stroke-width="0.8" fill-rule="evenodd" clip-path="url(#frame)"/>'
    )


def shorten(a: tuple[float, float], b: tuple[float, float], by: float) -> tuple[float, ...]:
    """The segment a→b with `by` pixels cut from each end (an arrow that stops short of labels)."""
    (x1, y1), (x2, y2) = a, b
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    dx, dy = (x2 - x1) / length * by, (y2 - y1) / length * by
    return x1 + dx, y1 + dy, x2 - dx, y2 - dy


def title(text: str, width: float) -> str:
    """The picture's title on a band across the top, above the map's frame (`Canvas.top`):
    nothing of the map lies under it."""
    return (
        f'<rect class="title-band" width="{width}" height="{BAND:.0f}" fill="#fff" opacity="0.85"/>'
        f'<text x="14" y="27" font-size="18" font-weight="bold" fill="#223">{escape(text)}</text>'
    )
