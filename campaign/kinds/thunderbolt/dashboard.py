"""Thunderbolt on the terminal (pure: status data in, rich renderables out)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from campaign.domain.grammar import plural
from campaign.kinds.thunderbolt.board import cup
from campaign.kinds.thunderbolt.board.citizens import LIMIT
from campaign.kinds.thunderbolt.board.roman import TRIUMPH
from campaign.kinds.thunderbolt.board.rules import SIDES


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
        f"The LAM cup at C1 (TB-4.1): {plural(lams['lams'], 'LAM')} (Rome "
        f"{sum(lams['rome'].values())}, Carthage {sum(lams['carthage'].values())}), "
        f"{plural(lams['siege_attrition'], 'Siege Attrition marker')}"
        + (", the Augury marker" if lams["augury"] else "")
    )
    won = data["victory"]
    result = [Text(f"The game is over: {won['told']} (TB-20)", style="bold")] if won else []
    return Group(
        title,
        *result,
        players,
        rome,
        carthage,
        cup,
        *_in_the_cup(data),
        _magistrates(data),
        _legions(data),
        _allies(data),
        _armies(data),
        *_tribes(data),
        *_guile(data),
        *_manpower(data),
        *_naval(data),
        *_macedonia(data),
        _next(data),
    )


def _in_the_cup(data: dict[str, Any]) -> list[Text]:
    """TB-4.3: what is still to draw this Game Turn, by leader, and the void LAMs set aside."""
    lams = data["cup"]
    if lams["left"] is None:
        return []
    names = {**data["rome"]["leaders"], **data["carthage"]["leaders"]}
    lines = []
    for heading, markers in (("Still in the cup", lams["left"]), ("Set aside void", lams["void"])):
        counted = Counter(_marker(marker, names) for marker in markers)
        if counted or heading == "Still in the cup":
            listed = ", ".join(f"{who} {n}" for who, n in counted.items()) or "nothing"
            lines.append(Text(f"{heading} (TB-4.3): {listed}"))
    return lines


def _marker(marker: str, names: dict[str, dict[str, Any]]) -> str:
    """A marker of the cup as the dashboard counts it: its leader's name, or what it opens."""
    leader = cup.leader_of(marker)
    if leader is not None:
        return names[leader]["name"] if leader in names else leader
    return {"siege": "Siege Attrition", "delivery": "Legate", "augury": "Augury"}[
        cup.kind_of(marker)
    ]


def _magistrates(data: dict[str, Any]) -> Table:
    rome = data["rome"]
    leaders = rome["leaders"]
    table = Table(title="Roman magistrates (TB-6)", title_justify="left", pad_edge=False)
    for column in ("Office", "Leader", "Imperium", "Assignment", "Stands (TB-1.4)"):
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
            (m["assignment"] or "") + (" (governor)" if m["governor"] else ""),
            _stands(m["stands"], m["besieged"]),
        )
    pool = [f"{v['name']} #{v['number']}" for v in leaders.values() if v["place"] == "pool"]
    held = [f"{v['name']} #{v['number']}" for v in leaders.values() if v["place"] == TRIUMPH]
    oc = [f"{leaders[lid]['name']} #{leaders[lid]['number']}" for lid in rome["overall_commanders"]]
    table.caption = (
        f"Overall Commander (TB-6.7): {' and '.join(oc) or 'none'}. "
        f"In the pool: {', '.join(pool) or 'nobody'}. "
        f"In the Triumph Holding Box (TB-10.9): {', '.join(held) or 'nobody'}"
    )
    table.caption_justify = "left"
    return table


def _stands(stands: dict[str, Any] | None, besieged: str | None) -> str:
    """TB-1.4: a province and the kind of place in it; besieged as reported (TB-5.4)."""
    if stands is None:
        return "not placed"
    place = "" if stands["place"] in ("field", stands["province_name"]) else stands["place"]
    said = ", ".join(part for part in (stands["province_name"], place) if part)  # a box once
    return said + (f" (besieged in {besieged})" if besieged else "")


def _legions(data: dict[str, Any]) -> Table:
    table = Table(title="Roman Legions (TB-11)", title_justify="left", pad_edge=False)
    for column in ("Legion", "Kind", "SP (TB-11.1)", "Stands", "Imperium"):
        table.add_column(column)
    leaders = data["rome"]["leaders"]
    for legion in data["rome"]["legions"]:
        place = {"province_name": legion["province_name"], "place": legion["place"]}
        leader = legion["leader"]
        under = (
            f"{leaders[leader]['name']} #{leaders[leader]['number']}" if leader else "leaderless"
        )
        table.add_row(
            legion["id"],
            f"{legion['kind']}, {legion['discipline']}",
            "/".join(str(sp) for sp in legion["sp"]),
            _stands(place, legion["besieged"]),
            (f"CA {legion['ca']}, " if legion["ca"] else "") + under,
        )
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
    for column in ("Army", "Commander", "SP", "AER (TB-14)", "Stands"):
        table.add_column(column)
    for army in data["armies"]:
        aer = f"{army['aer']:+d}"
        if army["detachments"]:  # TB-14.5: the stored AER less the Detachments in play
            aer = f"{army['effective_aer']:+d} (stored {army['aer']:+d})"
        table.add_row(
            army["id"] + (" (Hannibal's)" if army["hannibals"] else ""),
            army["commander_name"] or "none",
            str(army["sp"]),
            aer,
            _stands({"province_name": army["province_name"], "place": army["place"]}, None),
        )
        for part in army["parts"]:  # TB-13.9
            table.add_row(
                f"  {part['id']} (Detachment)",
                part["leader_name"] or "none",
                str(part["sp"]),
                f"{part['aer']:+d}",
                part["province_name"],
            )
    postings = data["carthage"]["postings"]
    if postings:
        table.caption = "This Game Turn: " + ", ".join(f"{a} to {t}" for t, a in postings.items())
        table.caption_justify = "left"
    return table


def _tribes(data: dict[str, Any]) -> list[Table]:
    """TB-23.2: the tribes, their allegiance and status (none shown in a scenario without)."""
    if not data["tribes"]:
        return []
    table = Table(title="Tribes (TB-23)", title_justify="left", pad_edge=False)
    for column in ("Tribe", "Province", "AR", "MR", "Allied to", "Status"):
        table.add_column(column)
    for t in data["tribes"].values():
        aggression = str(t["aggression"])
        if t["effective_aggression"] != t["aggression"]:
            aggression += f" ({t['effective_aggression']} Depleted)"
        status = t["status"]
        if t["mustered"]:
            status += f"; {t['mustered']['sp']} SP mustered"
        allied = t["allegiance"].capitalize()
        table.add_row(t["name"], t["province_name"], aggression, str(t["manpower"]), allied, status)
    return [table]


def _guile(data: dict[str, Any]) -> list[Text]:
    """TB-24.1: the Guile Points left, side by side, for the leaders who have spent some this
    Game Turn (the balance the log's spendings leave)."""
    romans = data["rome"]["leaders"]
    by_side: dict[str, list[str]] = {}
    for lid, g in data["guile"].items():
        if g["left"] < g["rating"]:
            side = "rome" if lid in romans else "carthage"
            by_side.setdefault(side, []).append(f"{g['name']} {g['left']} of {g['rating']}")
    if not by_side:
        return []
    said = "; ".join(
        f"{SIDES[side]}: {', '.join(by_side[side])}" for side in SIDES if side in by_side
    )
    return [Text(f"Guile left this Game Turn (TB-24.1): {said}")]


def _manpower(data: dict[str, Any]) -> list[Text]:
    """TB-25.1: what each Carthaginian Manpower Holding Box holds, where the scenario keeps them;
    TB-29: the Citizens in play, where it counts them."""
    lines = []
    if data["manpower"]:
        said = ", ".join(f"{name} {sp}" for name, sp in data["manpower"].items())
        lines.append(Text(f"Carthaginian Manpower Holding Boxes (TB-25): {said} SP"))
    if data.get("citizens_in_play") is not None:
        held = data["citizens_in_play"]
        lines.append(Text(f"Carthaginian Citizens in play (TB-29): {held} of {LIMIT} SP"))
    return lines


def _naval(data: dict[str, Any]) -> list[Text]:
    """TB-26.1: each Naval Zone's NS Level and whose it is."""
    if not data["naval"]:
        return []
    said = ", ".join(
        f"{zone} " + (f"Rome {level}" if level > 0 else f"Carthage {-level}" if level else "0")
        for zone, level in data["naval"].items()
    )
    return [Text(f"Naval Superiority (TB-26): {said}")]


def _macedonia(data: dict[str, Any]) -> list[Text]:
    """TB-27: the Macedonian War, its ambassadors and the Legions in the box."""
    war = data["macedonia"]
    if not war:
        return []
    parts = [f"the war {war['war']}"]
    if war["resolutions"]:  # TB-27.4: what the table gave last
        last = war["resolutions"][-1]
        parts.append(f"Game Turn {last['turn']}'s table {last['adjusted']}: {last['result']}")
    for side, envoy in war["ambassadors"].items():
        used = " (used)" if envoy["used"] else ""
        parts.append(f"{SIDES[side]}'s ambassador {envoy['name']}{used}")
    if war["legions"]:
        parts.append(f"Legion {', '.join(war['legions'])} in the box")
    return [Text(f"Macedonia (TB-27): {'; '.join(parts)}")]


def _next(data: dict[str, Any]) -> Text:
    return Text(f"Next: {data['pending']}", style="bold")
