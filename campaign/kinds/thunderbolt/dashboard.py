"""Thunderbolt on the terminal (pure: status data in, rich renderables out)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text


def dashboard(data: dict[str, Any]) -> RenderableType:
    title = Text.assemble(
        (data["campaign"], "bold"),
        f"  Thunderbolt: {data['scenario']}  Game Turn {data['turn']} ({data['year']} BCE)",
    )
    players = Text(f"Rome: {data['players']['rome']}; Carthage: {data['players']['carthage']}")
    carthage = Text(
        f"Family in Power: {data['family_in_power']}; Political Climate: "
        f"{data['climate'] or 'not rolled yet'}"
        + (f" (army limit {data['army_limit']})" if data["army_limit"] else "")
    )
    emergency = data["emergency"]
    rome = Text(
        f"Emergency (TB-9.3): {emergency['level']}"
        + (f" ({'; '.join(emergency['reasons'])})" if emergency["reasons"] else "")
    )
    lams = data["cup"]
    cup = Text(
        f"The LAM cup at C1 (TB-4.1): {lams['lams']} LAMs (Rome "
        f"{sum(lams['rome'].values())}, Carthage {sum(lams['carthage'].values())}), "
        f"{lams['siege_attrition']} Siege Attrition markers"
        + (", the Augury marker" if lams["augury"] else "")
    )
    return Group(
        title,
        players,
        rome,
        carthage,
        cup,
        _magistrates(data),
        _allies(data),
        _armies(data),
        _next(data),
    )


def _magistrates(data: dict[str, Any]) -> Table:
    rome = data["rome"]
    leaders = rome["leaders"]
    table = Table(title="Roman magistrates (TB-6)", title_justify="left", pad_edge=False)
    for column in ("Office", "Leader", "Imperium", "Assignment"):
        table.add_column(column)
    for m in rome["magistrates"]:
        who = leaders[m["leader"]]
        imperium = (
            ", ".join(f"CA {n}" for n in m["cas"]) + f" ({', '.join(m['legions'])})"
            if m["cas"]
            else ", ".join(m["legions"]) or "none"
        )
        table.add_row(
            m["office"],
            f"{who['name']} #{who['number']}",
            imperium,
            m["assignment"] or "",
        )
    pool = [f"{v['name']} #{v['number']}" for v in leaders.values() if v["place"] == "pool"]
    oc = [f"{leaders[lid]['name']} #{leaders[lid]['number']}" for lid in rome["overall_commanders"]]
    table.caption = (
        f"Overall Commander (TB-6.7): {' and '.join(oc) or 'none'}. "
        f"In the pool: {', '.join(pool) or 'nobody'}"
    )
    table.caption_justify = "left"
    return table


def _allies(data: dict[str, Any]) -> Table:
    table = Table(title="Italian Allies (TB-15)", title_justify="left", pad_edge=False)
    for column in ("Province", "Level", "Allied to"):
        table.add_column(column)
    for row in data["italian_allies"].values():
        level = row["level"]
        side = "Rome" if level > 0 else "Carthage" if level < 0 else "neither"
        table.add_row(row["name"], f"{abs(level)} toward {side}", row["allied_to"].capitalize())
    return table


def _armies(data: dict[str, Any]) -> Table:
    table = Table(title="Carthaginian Armies (TB-14)", title_justify="left", pad_edge=False)
    for column in ("Army", "Commander", "SP", "AER", "Province"):
        table.add_column(column)
    for army in data["armies"]:
        table.add_row(
            army["id"] + (" (Hannibal's)" if army["hannibals"] else ""),
            army["commander_name"] or "none",
            str(army["sp"]),
            f"{army['aer']:+d}",
            army["province_name"],
        )
    postings = data["carthage"]["postings"]
    if postings:
        table.caption = "This Game Turn: " + ", ".join(f"{a} to {t}" for t, a in postings.items())
        table.caption_justify = "left"
    return table


def _next(data: dict[str, Any]) -> Text:
    return Text(f"Next: {data['pending']}", style="bold")
