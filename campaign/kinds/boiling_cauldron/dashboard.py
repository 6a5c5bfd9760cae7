"""`campaign status`: the Boiling Cauldron dashboard, as rich renderables (pure)."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from campaign.domain.grammar import plural, possessive
from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.narrate import unplayed
from campaign.kinds.boiling_cauldron.status import army_text
from campaign.views.colours import player_style

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
    reports; a battle not played as what it was, without figures (BC-9.3, BC-9.6); a battle
    without a result as it stands: reported, disputed, or to be fought (BC-6.2, #50)."""
    r = attack["result"]
    if r is None:
        return _pending(attack)
    a, d = r["attacker_casualties"], r["defender_casualties"]
    if r.get("unplayed"):
        text = Text(_unplayed(attack))
    elif r["winner"] is None:
        return Text(f"draw {a}–{d}")
    else:
        won, lost = (d, a) if r["winner"] == attack["attacker"] else (a, d)
        text = Text(f"{r['winner']} wins {won}–{lost} ({won - lost:+g}), {r['regions_due']} due")
    if r["gained"]:
        text.append(f"\ngained {', '.join(r['gained'])}")
    if r["awaiting_choice"]:
        text.append("\nawaiting choice", style="magenta")
    return text


def _unplayed(attack: dict[str, Any]) -> str:
    """A walkover or a double loss in the report's words (its figures are BC-9.3's, not a
    battle's)."""
    r = attack["result"]
    loser = attack["defender"] if r["winner"] == attack["attacker"] else attack["attacker"]
    told = unplayed(r["unplayed"], r["winner"], loser)
    return f"{told}, {r['regions_due']} due" if r["winner"] else told


def _pending(attack: dict[str, Any]) -> Text:
    """BC-6.2: who reported the battle's figures and whose confirmation they await, or who
    disputed them; a battle nobody reported is still to be fought."""
    made = attack.get("claims") or []
    if not made:
        return Text("to be fought", style="dim")
    first = made[0]
    sides = (attack["attacker"], attack["defender"])
    if attack.get("disputed"):
        others = ", ".join(claim["by"] for claim in made[1:])
        return Text(
            f"reported by {first['by']}, disputed by {others}: awaiting the arbiter's ruling "
            "(BC-6.2)",
            style="yellow",
        )
    both = f", both routed, {first['winner']} won" if first["winner"] else ""
    figures = (
        f"{sides[0]} {first['attacker_casualties']}%, "
        f"{sides[1]} {first['defender_casualties']}%{both}"
    )
    other = sides[1] if first["by"] == sides[0] else sides[0]
    return Text(
        f"reported by {first['by']} ({figures}), awaiting {possessive(other)} confirmation "
        "(BC-6.2)",
        style="yellow",
    )


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
