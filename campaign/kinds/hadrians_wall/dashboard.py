"""Britannia with Hadrian's Wall on the terminal (pure: status data in, rich renderables out)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from campaign.domain.grammar import possessive
from campaign.kinds.hadrians_wall.narrate import area_name, nation_name

COLOUR_STYLE = {
    "purple": "bold magenta",
    "blue": "bold blue",
    "red": "bold red",
    "green": "bold green",
}


def dashboard(data: dict[str, Any]) -> RenderableType:
    where = (
        "end of turn"
        if not data["nation"]
        else f"the {possessive(nation_name(data['nation']))} {data['phase'].replace('-', ' ')} "
        "phase"
    )
    title = Text.assemble(
        (data["campaign"], "bold"), f"  Britannia with Hadrian's Wall  turn {data['turn']}, {where}"
    )
    players = Text("Players: ")
    for i, (colour, name) in enumerate(data["players"].items()):
        players.append(("; " if i else "") + name, style=COLOUR_STYLE.get(colour, ""))
        players.append(f" ({colour})")
    return Group(
        title, players, _walls(data), _triggered(data), _areas(data), *_crossings(data), _next(data)
    )


def _walls(data: dict[str, Any]) -> Table:
    table = Table(title="Walls (HW-4)", title_justify="left", pad_edge=False)
    for column in ("Wall", "Border", "Built", "Cause"):
        table.add_column(column)
    for wall, w in data["walls"].items():
        built = (
            "removed (turn 6)"
            if w["built"] and data["walls_removed"]
            else f"turn {w['turn']}"
            if w["built"]
            else "not built"
        )
        table.add_row(
            wall,
            " | ".join(map(area_name, w["between"])),
            built,
            area_name(w["cause"]) if w["cause"] else "",
        )
    return table


def _triggered(data: dict[str, Any]) -> Text:
    triggered = ", ".join(f"{area_name(a)} (turn {t})" for a, t in data["triggered"].items())
    return Text(f"Trigger areas the Romans have held alone: {triggered or 'none yet'}")


def _areas(data: dict[str, Any]) -> Table:
    table = Table(title="Counters on the map", title_justify="left", pad_edge=False)
    table.add_column("Area")
    table.add_column("Counters")
    for area, counters in data["areas"].items():
        if counters:
            table.add_row(area_name(area), _counters(data, counters))
    return table


def _counters(data: dict[str, Any], counters: list[dict[str, Any]]) -> Text:
    shown = Text()
    for i, c in enumerate(counters):
        style = COLOUR_STYLE.get(data["nations"][c["nation"]], "")
        suffix = "" if c["kind"] == "infantry" else f" ({c['kind']})"
        shown.append(("  " if i else "") + c["id"] + suffix, style=style)
    return shown


def _crossings(data: dict[str, Any]) -> list[Table]:
    if not data["crossings"]:
        return []
    table = Table(title="Wall crossings (HW-6)", title_justify="left", pad_edge=False)
    for column in ("#", "Turn", "Nation", "Counter", "Step", "Wall", "d6", "Result"):
        table.add_column(column)
    for c in data["crossings"]:
        table.add_row(
            str(c["number"]),
            str(c["turn"]),
            nation_name(c["nation"]),
            c["counter"],
            f"{area_name(c['from'])} → {area_name(c['to'])}",
            c["wall"],
            str(c["die"]) + (f" (was {c['ruled_from']})" if c["ruled_from"] else ""),
            "eliminated" if c["eliminated"] else "enters",
        )
    return [table]


def _next(data: dict[str, Any]) -> Text:
    return Text(f"Next: {data['pending']['step']}", style="bold")
