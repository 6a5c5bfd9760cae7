"""One stable colour per player, in every format and on every map: the n-th player named always
gets the n-th colour."""

from __future__ import annotations

PALETTE = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7", "#774422")
"""Okabe and Ito's first seven colours and a brown for their black: every pair at least 10 apart
(CIEDE2000) for normal vision and under protanopia, deuteranopia and tritanopia (#50: the
grey that stood for black was 6.2 from the reddish purple to a deuteranope), and from the grey
of a region nobody holds. The one palette of every format and map: a map's fills, a report's
swatch beside each name (the names themselves in dark text); past eight players a map lays a
pattern over the colour (`mapdraw.fill`)."""


def player_colour(name: str, players: list[str]) -> str:
    return PALETTE[players.index(name) % len(PALETTE)]


def player_style(name: str, players: list[str]) -> str:
    return f"bold {player_colour(name, players)}"
