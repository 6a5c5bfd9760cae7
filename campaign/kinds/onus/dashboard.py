"""ONUS! Under the Eagle on the terminal: the dashboard and the briefing (pure rich renderables)."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from campaign.domain.grammar import possessive
from campaign.kinds.onus.book import SIDE_COLOURS, SIDE_NAMES
from campaign.kinds.onus.words import (
    army_heading,
    army_lines,
    fact_text,
    first_turn_text,
    unit_name,
)

STATUS_STYLE = {"regular": "", "veteran": "bold cyan", "elite": "bold magenta"}
SIDE_STYLE = {side: f"bold {colour}" for side, colour in SIDE_COLOURS.items()}
"""The sides' colours of the reports (not a red–green pair: issue #50)."""


def dashboard(data: dict[str, Any], brief: dict[str, Any] | None) -> RenderableType:
    wins = data["wins"]
    title = Text.assemble(
        (data["name"], "bold"),
        "  ONUS! Under the Eagle  ",
        ("Rome", SIDE_STYLE["rome"]),
        f" ({data['players']['rome']}) {wins['rome']} – {wins['enemies']} ",
        ("Enemies", SIDE_STYLE["enemies"]),
        f" ({data['players']['enemies']})",
    )
    if data["winner"]:
        title.append(
            "  ·  "
            + (
                "a drawn campaign"
                if data["winner"] == "draw"
                else f"{SIDE_NAMES[data['winner']]} won the campaign"
            ),
            style="bold",
        )
    parts: list[RenderableType] = [title, _results(data)]
    parts += [
        Columns([_roster(data, "rome"), _characters(data)], padding=(0, 3)),
        _roster(data, "enemies"),
    ]
    if data["upgrade_due"]:
        parts.append(
            Text(
                f"Awaiting {possessive(data['players'][data['upgrade_due']])} upgrade for "
                f"scenario {len(data['results'])} "
                "(campaign upgrade UNIT_ID, or --decline; ON-2.1)",
                style="bold magenta",
            )
        )
    if brief:
        parts.append(briefing_panel(brief))
    return Group(*parts)


def _results(data: dict[str, Any]) -> Table:
    table = Table(title="Scenarios played", title_justify="left", pad_edge=False)
    for column in ("#", "Scenario", "Winner", "Facts", "Upgrade"):
        table.add_column(column)
    for r in data["results"]:
        facts = "; ".join(fact_text(k, v) for k, v in r["facts"].items())
        table.add_row(
            str(r["number"]),
            r["title"],
            Text(r["winner"].capitalize(), style=SIDE_STYLE[r["winner"]]),
            facts,
            f"{unit_name(r['upgrade']['type'], r['upgrade']['unit'])} → {r['upgrade']['status']}"
            if r["upgrade"]
            else "—",
        )
    if not data["results"]:
        table.add_row("", "none yet", "", "", "")
    return table


def _roster(data: dict[str, Any], side: str) -> Table:
    """Cards grouped by type: `Legionaries  1 Elite, 2, 3 Veteran` (the card ids are legionaries-1
    …)."""
    table = Table(
        title=f"{side.capitalize()} roster",
        title_justify="left",
        pad_edge=False,
        title_style=SIDE_STYLE[side],
    )
    table.add_column("Unit type", no_wrap=True)
    table.add_column("Cards (id number, status)")
    by_type: dict[str, list[dict[str, str]]] = {}
    for card in data["roster"][side]:
        by_type.setdefault(card["type"], []).append(card)
    for unit_type, cards in by_type.items():
        line = Text()
        for i, card in enumerate(cards):
            line.append(", " if i else "")
            line.append(card["id"].rsplit("-", 1)[1])
            if card["status"] != "regular":
                line.append(f" {card['status'].capitalize()}", style=STATUS_STYLE[card["status"]])
        table.add_row(unit_type, line)
    if not by_type:
        table.add_row("(none yet)", "")
    return table


def _characters(data: dict[str, Any]) -> Table:
    title = "Characters (next scenario)" if data["scenario"] else "Characters"
    table = Table(title=title, title_justify="left", pad_edge=False)
    table.add_column("Character")
    table.add_column("")
    for side, heading in (("rome", "Rome"), ("enemies", "Enemy Generals")):
        table.add_row(Text(heading, style=SIDE_STYLE[side]), "")
        for name, availability in data["characters"].items():
            if data["character_sides"][name] == side:
                style = "dim red" if availability == "absent" else "green"
                table.add_row(f"  {name}", Text(availability, style=style))
    return table


def briefing_panel(brief: dict[str, Any]) -> Panel:
    lines: list[RenderableType] = [
        Text(f"{brief['book']} · {first_turn_text(brief)}"),
        Text(
            f"Duration {brief['duration']} · scale {brief['scale']} · battlefield "
            f"{brief['battlefield']}"
        ),
        Text("Special rules: " + "; ".join(brief["special_rules"])),
    ]
    for side, army in brief["armies"].items():
        lines.append(_army_text(side, army))
    if brief["absent"]:
        lines.append(
            Text(
                f"Absent (lost with their unit, ON-2.5): {', '.join(brief['absent'])}", style="red"
            )
        )
    recovered = brief["recovered"]["officer_casualties"] + brief["recovered"]["wounded"]
    if recovered:
        lines.append(Text(f"Recovered (ON-2.3, ON-2.4): {', '.join(recovered)}", style="green"))
    lines.append(
        Text(
            "Result facts: "
            + "  ".join(f"--fact {f['key']}={f['values']}" for f in brief["facts"]),
            style="bold",
        )
    )
    return Panel(
        Group(*lines), title=f"Scenario {brief['scenario']}: {brief['title']}", title_align="left"
    )


def _army_text(side: str, army: dict[str, Any]) -> Text:
    text = Text(f"\n{army_heading(side, army)}", style=SIDE_STYLE[side])
    lines = army_lines(army)
    for n, line in enumerate(lines):
        style = ""
        if n == 0 and army["units"] is None:
            style = "yellow"  # a muster still to make
        elif n == len(lines) - 1 and army["notes"]:
            style = "dim"  # the scenario's own notes
        text.append(f"\n  {line}", style=style)
    return text
