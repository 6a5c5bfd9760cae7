"""One stable colour per player: the n-th player named always gets the n-th colour."""

from __future__ import annotations

PALETTE = (
    "#e6194b",
    "#3cb44b",
    "#4363d8",
    "#f58231",
    "#911eb4",
    "#42d4f4",
    "#f032e6",
    "#bfef45",
    "#fabed4",
    "#469990",
    "#dcbeff",
    "#9a6324",
    "#fffac8",
    "#800000",
    "#aaffc3",
    "#808000",
    "#ffd8b1",
)


def player_colour(name: str, players: list[str]) -> str:
    return PALETTE[players.index(name) % len(PALETTE)]


def player_style(name: str, players: list[str]) -> str:
    return f"bold {player_colour(name, players)}"
