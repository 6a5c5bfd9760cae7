"""The sets a Thunderbolt form's fields are chosen from, built from the state (issue #50: offices,
theaters, provinces and DRMs were typed in the command line's syntax): the hub draws each as a
select, a list to tick or rows of selects, and makes of them the same line `players.decide`
reads (`campaign/web/fields.py`); what a set cannot say is still typed beside it."""

from __future__ import annotations

from typing import Any

from campaign.errors import CampaignError
from campaign.kinds.thunderbolt.board import offices
from campaign.kinds.thunderbolt.board.prorogues import PROROGUES
from campaign.kinds.thunderbolt.board.roman import OUTCOMES
from campaign.kinds.thunderbolt.board.setup import THEATERS
from campaign.kinds.thunderbolt.board.state import State

DRM_NAMES = {
    "family": {
        "barcids-last-turn": "Barcids in power last Game Turn",
        "second-punic-war": "the Second Punic War",
    },
    "climate": {
        "hannibal-in-italy": "Hannibal in Italy",
        "roman-defeats": "Roman defeats",
        "hannibal-victorious": "Hannibal victorious",
    },
    "pluto": {"pluto": "Pluto"},
    "legion-request": {},
}
"""The DRMs of each chart a side rolls on from its page, by the names the rules page's examples
give them (TB-12.1 [6.21]: +1 for the Barcids in power last Game Turn, +2 for the 2nd Punic War;
TB-7.7 [4.58]: +1 for Pluto) and the example campaign writes them (examples/thunderbolt.campaign:
the Political Climate's); the charts themselves are not in the text (TB-2.4), so any other is
typed as NAME=VALUE, or chosen as "chart"."""
ANY_DRM = {"chart": "another of the chart's DRMs"}
DRM_VALUES = [f"+{n}" for n in range(1, 6)] + [f"-{n}" for n in range(1, 6)]
"""TB-16.1: a DRM added to the die, as entered (+2, -1); a larger one is typed."""
DRM_ROWS = 3


def drm_field(chart: str) -> dict[str, Any]:
    """The chart's DRMs (TB-16.5: entered), in rows of a name and a value written NAME=VALUE, as
    `players._drms` reads them, and any other typed beside them."""
    return {
        "name": "drm",
        "label": "The chart's DRMs",
        "rows": DRM_ROWS,
        "format": "{0}={1}",
        "parts": [
            {"label": "DRM", "choices": {**DRM_NAMES.get(chart, {}), **ANY_DRM}},
            {"label": "value", "choices": {value: value for value in DRM_VALUES}},
        ],
        "free": "Other DRMs, as NAME=VALUE separated by spaces",
    }


def theaters(state: State, roman_italy: bool = True) -> dict[str, str]:
    """TB-2.1: the Theaters the set-up's provinces lie in, in the rulebook's order (Roman Italy
    left out where the rules give it by province: a Proconsul's, TB-6.4)."""
    used = set(state.romans.theater_of.values())
    return {t: t for t in THEATERS if t in used and (roman_italy or t != offices.ROMAN_ITALY)}


def provinces(state: State, theater: str = offices.ROMAN_ITALY) -> dict[str, str]:
    """The set-up's provinces of a Theater (a Proconsul's of Roman Italy, TB-6.4), by key, named
    as the set-up names them."""
    return {p.id: p.name for p in state.setup.provinces.values() if p.theater == theater}


def placements(state: State) -> dict[str, str]:
    """TB-11.6: the provinces of Roman Italy new Legions may be placed in (its ally's say)."""
    from campaign.kinds.thunderbolt.chapters.legions.decide import check_new_place

    placed = {}
    for pid, name in provinces(state).items():
        try:
            check_new_place(state, pid)
        except CampaignError:
            continue
        placed[pid] = name
    return placed


def island(state: State, isle: str) -> dict[str, str]:
    """TB-8.6: the provinces of an island whose governor is elected."""
    return {
        pid: state.setup.provinces[pid].name
        for pid, of in state.romans.island_of.items()
        if of == isle
    }


def prorogued_as(state: State, due: list[str]) -> dict[str, str]:
    """TB-7.2: the offices the magistrates due may be prorogued as (Proconsul, Praetor)."""
    held = {state.romans.magistrates[lid].office for lid in due}
    lawful = {to for of, to in PROROGUES if of in held}
    return {o: o for o in offices.OFFICES if o in lawful}


def outcomes() -> dict[str, str]:
    """TB-7.7: what A Visit from Pluto leaves of a leader."""
    return {o: o for o in OUTCOMES}


BOX_ROWS = 3


def boxes_field(state: State) -> list[dict[str, Any]]:
    """TB-25.2: the SP drawn from each Carthaginian Manpower Holding Box that holds some, in rows
    of a box and its SP written CONTINGENT=SP, as `players._boxes` reads them; none where the
    scenario keeps no boxes."""
    held = {name: sp for name, sp in state.pools.items() if sp > 0}
    if not held:
        return []
    figures = {str(n): str(n) for n in range(1, max(held.values()) + 1)}
    return [
        {
            "name": "from",
            "label": "Drawn from the Holding Boxes (TB-25.2)",
            "rows": min(len(held), BOX_ROWS),
            "format": "{0}={1}",
            "parts": [
                {"label": "Box", "choices": {n: f"{n} ({sp} SP)" for n, sp in held.items()}},
                {"label": "SP", "choices": figures},
            ],
            "free": "Or typed, as CONTINGENT=SP, …, of "
            + ", ".join(f"{name} {sp}" for name, sp in state.pools.items()),
        }
    ]


def pool(state: State, side: str) -> dict[str, str]:
    """TB-16.4: the leaders a draw at the table may have given, the side's pool (by number, as
    the counter sheet prints it)."""
    of = state.romans if side == "rome" else state.carthaginians
    return {of.leaders[lid].number: of.name(lid) for lid in of.pool()}
