"""`campaign map`: region control as an SVG picture (pure: state in, SVG text out).

Regions stand at their rough geographic positions (BC-1's label longitude and
latitude), filled with the owner's colour (the dashboard's), labelled with
name and culture. Land borders are solid lines; the sea lane, a dotted blue
ring through every coastal region, stands for BC-1.1's coastal adjacency.
Regions contested in the round wear a red dashed outline.
"""

from __future__ import annotations

import math
from decimal import Decimal
from html import escape as html_escape

from campaign.input.text import printable
from campaign.kinds.boiling_cauldron.state import Phase, State, round_over
from campaign.views.colours import player_colour

PER_LON, PER_LAT = 105, 100
WEST, NORTH = Decimal("-5.5"), Decimal("56.1")
MAP_WIDTH, HEIGHT, LEGEND = 790, 660, 270
RX, RY = 50, 23


def escape(text: str) -> str:
    """Text for SVG: printable (no character XML forbids) and escaped."""
    return html_escape(printable(text))


def position(state: State, region: str) -> tuple[float, float]:
    east, north = state.world.region(region).label
    return float((east - WEST) * PER_LON) + 20, float((NORTH - north) * PER_LAT) + 50


def ink(hex_colour: str) -> str:
    """Black or white text, whichever reads better on the fill."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


def svg_map(state: State, title: str, contested: set[str]) -> str:
    players = list(state.players)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{MAP_WIDTH + LEGEND}" height="{HEIGHT}" '
        f'viewBox="0 0 {MAP_WIDTH + LEGEND} {HEIGHT}" font-family="Georgia, serif">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{MAP_WIDTH + LEGEND}" height="{HEIGHT}" fill="#eaf2f8"/>',
        f'<text x="20" y="32" font-size="20" font-weight="bold" fill="#223">{escape(title)}</text>',
        _sea_lane(state),
        *_borders(state),
        *(_region(state, r, players, r in contested) for r in state.world.names),
        *_legend(state, players),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _sea_lane(state: State) -> str:
    coastal = [r for r in state.world.names if state.world.is_coastal(r)]
    points = [position(state, r) for r in coastal]
    cx, cy = sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
    ring = sorted(points, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
    path = " ".join(f"{x:.0f},{y:.0f}" for x, y in ring + ring[:1])
    return (
        f'<polyline class="sea-lane" points="{path}" fill="none" stroke="#3b8fd0" '
        'stroke-width="2" stroke-dasharray="2 6"/>'
    )


def _borders(state: State) -> list[str]:
    lines = []
    for a, b in state.world.land_borders():
        (x1, y1), (x2, y2) = position(state, a), position(state, b)
        lines.append(
            f'<line class="land-border" x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
            'stroke="#6b5a3e" stroke-width="3"/>'
        )
    return lines


def _region(state: State, region: str, players: list[str], contested: bool) -> str:
    x, y = position(state, region)
    owner = state.control.get(region)
    fill = player_colour(owner, players) if owner else "#cccccc"
    coast = (
        (
            f'<ellipse cx="{x:.0f}" cy="{y:.0f}" rx="{RX + 5}" ry="{RY + 5}" fill="none" '
            'stroke="#3b8fd0" '
            'stroke-width="2" stroke-dasharray="5 3"/>'
        )
        if state.world.is_coastal(region)
        else ""
    )
    mark = (
        (
            f'<ellipse cx="{x:.0f}" cy="{y:.0f}" rx="{RX + 9}" ry="{RY + 9}" fill="none" '
            'stroke="#c0392b" '
            'stroke-width="3" stroke-dasharray="8 4"/>'
        )
        if contested
        else ""
    )
    return (
        f'<g class="region" data-region="{escape(region)}" '
        f'data-owner="{escape(owner or "")}">{mark}{coast}'
        f'<ellipse cx="{x:.0f}" cy="{y:.0f}" rx="{RX}" ry="{RY}" fill="{fill}" stroke="#333" '
        'stroke-width="1.5"/>'
        f'<text x="{x:.0f}" y="{y - 2:.0f}" text-anchor="middle" font-size="12" '
        f'font-weight="bold" fill="{ink(fill)}">{escape(region)}</text>'
        f'<text x="{x:.0f}" y="{y + 12:.0f}" text-anchor="middle" font-size="9" '
        f'fill="{ink(fill)}">{escape(state.world.culture(region))}</text></g>'
    )


def _legend(state: State, players: list[str]) -> list[str]:
    x, y = MAP_WIDTH + 10, 70
    held = state.holdings()
    out = [
        f'<text x="{x}" y="{y - 22}" font-size="15" font-weight="bold" fill="#223">Players</text>'
    ]
    for i, player in enumerate(players):
        row = y + i * 24
        faded = "" if held[player] else ' opacity="0.45"'
        regions = f"{len(held[player])} region{'' if len(held[player]) == 1 else 's'}"
        out.append(
            f'<g class="legend"{faded}><rect x="{x}" y="{row - 12}" width="16" height="16" '
            f'fill="{player_colour(player, players)}" stroke="#333"/>'
            f'<text x="{x + 24}" y="{row + 1}" font-size="13" fill="#223">{escape(player)}: '
            f"{regions}{'' if held[player] else ' (out)'}</text></g>"
        )
    key = y + len(players) * 24 + 24
    out += [
        f'<line x1="{x}" y1="{key}" x2="{x + 30}" y2="{key}" stroke="#6b5a3e" stroke-width="3"/>',
        f'<text x="{x + 38}" y="{key + 4}" font-size="11" fill="#223">land border</text>',
        f'<line x1="{x}" y1="{key + 22}" x2="{x + 30}" y2="{key + 22}" stroke="#3b8fd0" '
        'stroke-width="2" stroke-dasharray="2 6"/>',
        f'<text x="{x + 38}" y="{key + 26}" font-size="11" fill="#223">sea lane: coastal '
        "regions</text>",
        f'<text x="{x + 38}" y="{key + 40}" font-size="11" fill="#223">(dashed ring) all '
        "adjacent, BC-1.1</text>",
        f'<ellipse cx="{x + 15}" cy="{key + 62}" rx="14" ry="8" fill="none" stroke="#c0392b" '
        'stroke-width="3" stroke-dasharray="8 4"/>',
        f'<text x="{x + 38}" y="{key + 66}" font-size="11" fill="#223">contested this round</text>',
    ]
    return out


# The map as Britain: the bundled map's regions as territories of the island (issue #11).

MAP_PIXELS, KEY = 620, 270


def drawn_map(
    state: State,
    name: str,
    number: int | None,
    drawn: dict,
    mine: set[str] | frozenset = frozenset(),
) -> str:
    """The regions as territories of Britain filled by their owners; the round's attacks as
    arrows (the winner's colour; a walkover dashed; a draw grey with '='); regions that changed
    hands in the round outlined in black, and on a player's own page his own (`mine`) in gold;
    the players, and who is out, in the legend."""
    from campaign.views import mapdraw
    from regions import coastline

    canvas = mapdraw.Canvas(mapdraw.framed(drawn["extent"]), MAP_PIXELS)
    players = list(state.players)
    colours = [mapdraw.fill(i)[0] for i in range(len(players))]
    round_number = number or state.round
    battles = state.round_battles(round_number)
    changed = {r for b in battles for r in b.gained}
    when = _then(state, number) if number else _now(state)
    height = max(canvas.height, 90 + 26 * len(players) + 190)
    width = MAP_PIXELS + KEY
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height:.0f}" '
        f'viewBox="0 0 {width} {height:.0f}" font-family="Georgia, serif">',
        f"<title>{escape(name)}: {when}</title>",
        mapdraw.defs([*colours, UNSETTLED]),
        f'<rect width="{width}" height="{height:.0f}" fill="{mapdraw.SEA}"/>',
        mapdraw.land(canvas, coastline()),
        *(
            _territory(
                state, canvas, region, shapes, players, colours, region in changed, region in mine
            )
            for region, shapes in drawn["territories"].items()
        ),
        *(_attack(state, canvas, b, players, colours) for b in battles),
        *(_region_label(state, canvas, region) for region in drawn["territories"]),
        mapdraw.title(f"{name} — {when}", width),
        *_key(state, players, colours, round_number),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


UNSETTLED = "#555555"
"""The colour of an attack to be fought, or drawn: no winner's colour to show (#29: its arrow had
no head)."""
NOT_YET_FOUGHT = ' stroke-dasharray="2 4"'
"""The dots of an attack not yet fought or awaiting its result, on the map and in its key."""


def _then(state: State, number: int) -> str:
    """A round's map: as it ended, or while it is in progress (#29: a round in progress was
    titled "end of round 1")."""
    return f"end of round {number}" if round_over(state, number) else f"round {number} in progress"


def _now(state: State) -> str:
    """The map as the campaign stands now: a round in progress says so (#50: it was titled
    "round 2", as if over), as the map of that round does (`_then`)."""
    if state.winner:
        return f"won by {state.winner}"
    if state.phase == Phase.FINAL:
        return f"after round {state.round}: the Final Battle"
    return f"round {state.round} in progress" if state.round else "before the draw"


def _territory(state, canvas, region, shapes, players, colours, changed, mine=False) -> str:
    from campaign.views import mapdraw

    owner = state.control.get(region)
    if owner is None:
        paint = "#dddddd"
    else:
        colour, pattern = mapdraw.fill(players.index(owner))
        paint = mapdraw.paint(colour, pattern, colours)
    outline = 'stroke="#111" stroke-width="2.6"' if changed else 'stroke="#fff" stroke-width="1.2"'
    if mine:  # the reader's own regions, on his page
        outline = 'stroke="#d4a017" stroke-width="4"'
    return (
        f'<g class="region" data-region="{escape(region)}" data-owner="{escape(owner or "")}" '
        f'data-changed="{"yes" if changed else "no"}" data-mine="{"yes" if mine else "no"}">'
        f'<path d="{canvas.path(shapes)}" fill="{paint}" {outline} fill-rule="evenodd"/></g>'
    )


def _region_label(state: State, canvas, region: str) -> str:
    from campaign.views import mapdraw

    x, y = canvas.xy(*map(float, state.world.region(region).label))
    owner = state.control.get(region, "")
    return mapdraw.label(x, y - 2, region, 11, bold=True) + mapdraw.label(
        x, y + 10, owner, 9.5, fill="#222"
    )


def _attack(state: State, canvas, battle, players, colours) -> str:
    """An attack as an arrow from the attacking region to the attacked one."""
    from campaign.views import mapdraw

    a = canvas.xy(*map(float, state.world.region(battle.from_region).label))
    b = canvas.xy(*map(float, state.world.region(battle.to_region).label))
    x1, y1, x2, y2 = mapdraw.shorten(a, b, 16)
    result = battle.result
    if result is None:  # fought but awaiting its result is not "to be fought" (#50)
        how = (
            "disputed, awaiting the arbiter (BC-6.2)"
            if battle.to_region in state.disputed
            else "reported, awaiting confirmation (BC-6.2)"
            if battle.to_region in state.reported
            else "to be fought"
        )
        colour, dash = UNSETTLED, NOT_YET_FOUGHT
    elif result.winner is None:
        how, colour, dash = "draw", UNSETTLED, ""
    else:
        walkover = {result.attacker_casualties, result.defender_casualties} == {0, 100}
        how = f"{'walkover' if walkover else 'won'} by {result.winner}"
        colour = colours[players.index(result.winner)]
        dash = ' stroke-dasharray="7 5"' if walkover else ""
    marker = f' marker-end="{mapdraw.head(colour, [*colours, UNSETTLED])}"'  # every arrow's head
    mid = ""
    if result is not None and result.winner is None:
        mid = mapdraw.label((x1 + x2) / 2, (y1 + y2) / 2 + 4, "=", 14, bold=True)
    title = f"{battle.attacker} attacks {battle.to_region} from {battle.from_region}: {how}"
    return (
        f'<g class="attack" data-from="{escape(battle.from_region)}" '
        f'data-to="{escape(battle.to_region)}" data-result="{escape(how)}">'
        f"<title>{escape(title)}</title>"
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#111" '
        f'stroke-width="6.5" stroke-linecap="round"{dash}/>'
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
        f'stroke-width="4" stroke-linecap="round"{dash}{marker}/>{mid}</g>'
    )


def _key(state: State, players: list[str], colours: list[str], round_number: int) -> list[str]:
    from campaign.views import mapdraw

    x, y = MAP_PIXELS + 12, 64
    held = state.holdings()
    out = [f'<text x="{x}" y="{y - 20}" font-size="15" font-weight="bold">Players</text>']
    out_in = {e.player: e.round for e in state.eliminations}
    for i, player in enumerate(players):
        row = y + i * 26
        colour, pattern = mapdraw.fill(i)
        regions = len(held[player])
        said = (
            f"{player}: out in round {out_in[player]}"
            if player in out_in
            else f"{player}: {regions} region{'' if regions == 1 else 's'}"
        )
        faded = ' opacity="0.6"' if player in out_in else ""
        out.append(
            f'<g class="legend" data-player="{escape(player)}">'
            f'<rect x="{x}" y="{row - 13}" width="18" height="18" '
            f'fill="{mapdraw.paint(colour, pattern, colours)}" stroke="#333"/>'
            f'<text x="{x + 26}" y="{row + 1}" font-size="13"{faded}>{escape(said)}</text></g>'
        )
    key = y + len(players) * 26 + 22
    return out + [
        f'<text x="{x}" y="{key}" font-size="13" font-weight="bold">Round {round_number}</text>',
        f'<line x1="{x}" y1="{key + 18}" x2="{x + 34}" y2="{key + 18}" stroke="#111" '
        'stroke-width="4"/>',
        f'<text x="{x + 42}" y="{key + 22}" font-size="11">attack, in the winner\'s colour</text>',
        f'<line x1="{x}" y1="{key + 38}" x2="{x + 34}" y2="{key + 38}" stroke="#111" '
        'stroke-width="4" stroke-dasharray="7 5"/>',
        f'<text x="{x + 42}" y="{key + 42}" font-size="11">walkover (BC-9.3)</text>',
        f'<line x1="{x}" y1="{key + 58}" x2="{x + 34}" y2="{key + 58}" stroke="{UNSETTLED}" '
        'stroke-width="4"/>',
        f'<text x="{x + 42}" y="{key + 62}" font-size="11">draw (=)</text>',
        # dotted as the map draws an attack still to be fought (#50: the key drew it solid)
        f'<line class="not-yet-fought" x1="{x}" y1="{key + 78}" x2="{x + 34}" y2="{key + 78}" '
        f'stroke="{UNSETTLED}" stroke-width="4" stroke-linecap="round"{NOT_YET_FOUGHT}/>',
        f'<text x="{x + 42}" y="{key + 82}" font-size="11">not yet fought (dotted)</text>',
        f'<rect x="{x + 4}" y="{key + 92}" width="26" height="14" fill="none" stroke="#111" '
        'stroke-width="2.6"/>',
        f'<text x="{x + 42}" y="{key + 103}" font-size="11">changed hands this round</text>',
    ]
