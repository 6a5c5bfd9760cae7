"""Starting a Boiling Cauldron campaign (BC-2): players, the map, the allocation or its draw."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from campaign.domain.kind import Decide
from campaign.errors import CampaignError
from campaign.input import text
from campaign.input.files import KB, read_text
from campaign.kinds.boiling_cauldron import checks
from campaign.kinds.boiling_cauldron import commands as decide
from regions import MAP_FILE_LIMIT, map_source, parse_map

MAP_FILE = "boiling-cauldron.toml"
"""BC-1, as data in `regions/`."""


def default_map_source() -> str:
    return map_source(MAP_FILE)


def new(title: str, rules: str, options: Mapping[str, Any]) -> tuple[dict[str, Any], Decide]:
    """BC-2: the campaign's first event, then the allocation (a draw, a file, or a seed revealed
    later)."""
    players = text.persons(options.get("player") or [], "a player's name")
    checks.check_players(players)
    seed, allocation, commitment = (
        options.get(k) for k in ("seed", "allocation", "seed_commitment")
    )
    if sum(x is not None for x in (seed, allocation, commitment)) > 1:
        raise CampaignError("Give at most one of --seed, --allocation and --seed-commitment.")
    map_file = options.get("map_file")
    source = (
        read_text(map_file, "the map file", MAP_FILE_LIMIT) if map_file else default_map_source()
    )
    parse_map(source, str(map_file or "the map"))
    given = read_allocation(allocation) if allocation else None
    commitment = _commitment(commitment)
    started = dict(
        name=title, rules=rules, players=players, map_source=source, seed_commitment=commitment
    )

    def allocate(state: Any) -> list:
        return [] if commitment else [decide.allocate(state.world, players, given, seed)]

    return started, allocate


def _commitment(given: str | None) -> str | None:
    if given is None:
        return None
    value = given.strip().lower()
    if len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
        raise CampaignError("A seed commitment is the 64-character SHA-256 hex digest of the seed.")
    return value


ALLOCATION_LIMIT = 64 * KB


def read_allocation(path: Path) -> dict[str, str]:
    """BC-2.2: an allocation made elsewhere, as a TOML table of region = "player"."""
    source = read_text(path, "the allocation file", ALLOCATION_LIMIT)
    try:
        data = tomllib.loads(source)
    except RecursionError:
        raise CampaignError(
            f"The allocation file {path} is nested too deeply to be an allocation."
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise CampaignError(f"The allocation file {path} is not valid TOML ({exc}).") from None
    table = data.get("allocation")
    if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
        raise CampaignError(
            f'The allocation file {path} needs a table [allocation] of region = "player" lines.'
        )
    return table
