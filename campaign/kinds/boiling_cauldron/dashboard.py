"""`campaign status`: the Boiling Cauldron dashboard, as rich renderables (pure)."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.status import army_text
from campaign.views.colours import player_style
from campaign.views.grammar import plural, possessive

PHASES = {
    "allocation": "waiting for the draw",
    "declaration": "declaring attacks",
    "battles": "fighting battles",
    "final": "the Final Battle",
    "finished": "finished",
}


def dashboard(data: dict[str, Any]) -> RenderableType:
    """Build the dashboard from `status --json` data, so both always agree."""
    players = [p["name"] for p in data["players"]]
    parts: list[RenderableType] = [_title(data), _map_and_players(data, players)]
    if data["phase"] in ("declaration", "battles"):
        parts.append(_round(data, players))
    if data["finalists"]:
        parts.append(_final(data, players))
    return Group(*parts)


def _who(name: str | None, players: list[str]) -> Text:
    return Text(name or "—", style=player_style(name, players) if name else "dim")


def _title(data: dict[str, Any]) -> Text:
    text = Text.assemble(
        (data["name"], "bold"),
        "  The Boiling Cauldron  ",
        (f"round {data['round']}", "bold"),
        f" · {PHASES[data['phase']]}",
    )
    if data["winner"]:
        text.append(f"  ·  {data['winner']} has won the campaign", style="bold green")
    return text


def _map_and_players(data: dict[str, Any], players: list[str]) -> RenderableType:
    regions = Table(
        title="Regions",
        title_justify="left",
        expand=False,
        pad_edge=False,
        caption="≈ coast · underlined: contested this round",
        caption_justify="left",
    )
    regions.add_column("Region")
    regions.add_column("Culture")
    regions.add_column("Coast", justify="center")
    regions.add_column("Held by")
    contested = {r for a in data["attacks"] for r in (a["from"], a["to"])}
    for region in data["regions"]:
        name = Text(region["name"], style="bold underline" if region["name"] in contested else "")
        regions.add_row(
            name,
            region["culture"],
            "≈" if region["coastal"] else "",
            _who(region["owner"], players),
        )
    side = Table(title="Players", title_justify="left", pad_edge=False)
    side.add_column("Player")
    side.add_column("Regions", justify="right")
    side.add_column("Status")
    for p in data["players"]:
        out = p["eliminated"]
        status = (
            Text(f"out, round {out['round']}, by {out['by']}", style="dim")
            if out
            else Text("withdrawn (BC-9.6)", style="dim")  # #29: he was listed "in"
            if p.get("withdrawn")
            else Text("in")
        )
        side.add_row(_who(p["name"], players), str(p["regions"]), status)
    return Columns([regions, Group(side, _standings(data, players))], padding=(0, 3))


def _standings(data: dict[str, Any], players: list[str]) -> RenderableType:
    if not data["standings"]:
        return Text("")
    held = {p["name"]: p["regions"] for p in data["players"]}
    table = Table(title="Standings (BC-8.5)", title_justify="left", pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column("Player")
    table.add_column("Regions", justify="right")
    for place, name in enumerate(data["standings"], 1):
        table.add_row(str(place), _who(name, players), str(held[name]))
    return table


def _round(data: dict[str, Any], players: list[str]) -> RenderableType:
    order = Text("Attack order: ")
    for i, name in enumerate(data["attack_order"]):
        order.append(("  " if i else "") + ("▶ " if name == data["on_turn"] else ""))
        order.append_text(_who(name, players))
    battles = Table(title=f"Round {data['round']} battles", title_justify="left", pad_edge=False)
    for column in ("#", "Attacker", "Attacks", "Defender", "Result"):
        battles.add_column(column)
    for i, a in enumerate(data["attacks"], 1):
        battles.add_row(
            str(i),
            Text.assemble(_who(a["attacker"], players), f"\n{army_text(a['attacker_army'])}"),
            f"{a['from']} → {a['to']}",
            Text.assemble(_who(a["defender"], players), f"\n{army_text(a['defender_army'])}"),
            _result(a),
        )
    lines: list[RenderableType] = [
        order,
        battles if data["attacks"] else Text("No attack declared yet.", style="dim"),
    ]
    lines += [
        Text(f"{f['player']} forfeits: {f['reason']}", style="yellow") for f in data["forfeits"]
    ]
    if data["awaiting_choice"]:
        w = data["awaiting_choice"]
        lines.append(
            Text(
                f"Awaiting {possessive(w['victor'])} choice of "
                f"{plural(w['regions'], 'region')} from: {', '.join(w['choose_from'])}",
                style="bold magenta",
            )
        )
    lines.append(Text(f"Every battle (BC-5.1): {bc.BATTLE_SETTINGS}", style="dim"))
    return Panel(Group(*lines), title=f"Round {data['round']}", title_align="left")


def _result(attack: dict[str, Any]) -> Text:
    """`Cid wins 71–35 (+36)`: casualties inflicted–suffered from the victor's side, as in the
    reports."""
    r = attack["result"]
    if r is None:
        return Text("to be fought", style="dim")
    a, d = r["attacker_casualties"], r["defender_casualties"]
    if r["winner"] is None:
        return Text(f"draw {a}–{d}")
    won, lost = (d, a) if r["winner"] == attack["attacker"] else (a, d)
    text = Text(f"{r['winner']} wins {won}–{lost} ({won - lost:+g}), {r['regions_due']} due")
    if r["gained"]:
        text.append(f"\ngained {', '.join(r['gained'])}")
    if r["awaiting_choice"]:
        text.append("\nawaiting choice", style="magenta")
    return text


def _final(data: dict[str, Any], players: list[str]) -> RenderableType:
    lines: list[RenderableType] = [
        Text.assemble(
            "Finalists: ",
            _who(data["finalists"][0], players),
            " v ",
            _who(data["finalists"][1], players),
        )
    ]
    for player, army in data["final_armies"].items():
        lines.append(Text(f"{player}: {army_text(army)}"))
    for battle in data["final_battles"]:
        figures = ", ".join(f"{p} {v}%" for p, v in battle["casualties"].items())
        lines.append(
            Text(
                f"Final Battle {battle['number']}: casualties {figures} → "
                + (
                    f"{battle['winner']} wins"
                    if battle["winner"]
                    else "draw: another Final Battle, armies may be chosen again"
                )
            )
        )
    lines.append(Text(f"Final Battle (BC-8.4): {bc.FINAL_SETTINGS}", style="dim"))
    return Panel(Group(*lines), title="The Final Battle", title_align="left")
