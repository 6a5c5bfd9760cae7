"""One stable colour per player, in every format and on every map: the n-th player named always
gets the n-th colour."""

from __future__ import annotations

PALETTE = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7", "#999999")
"""Okabe and Ito's eight colours, told apart under the common colour-vision deficiencies (black,
the eighth, as grey so that labels read on it): the one palette of every format and map; past
eight players a map lays a pattern over the colour (`mapdraw.fill`)."""


def player_colour(name: str, players: list[str]) -> str:
    return PALETTE[players.index(name) % len(PALETTE)]


def player_style(name: str, players: list[str]) -> str:
    return f"bold {player_colour(name, players)}"
