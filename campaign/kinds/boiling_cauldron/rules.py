"""The Boiling Cauldron's arithmetic and derivations, rule by rule (BC-2 … BC-8).

Pure functions of plain data (names, numbers, the map): no state, no I/O.
They are used to refuse commands, to derive forced consequences, and by the
projections, so that each rule is written once.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import IntEnum
from fractions import Fraction
from typing import Literal

from campaign.kinds.boiling_cauldron import interpretations
from regions import Map

MAX_ROUNDS = 6
"""BC-3.1"""
MIN_PLAYERS = 3
"""BC-2.1"""
ROUT_ALONE = Decimal(60)
ROUT_WITH_DIFFERENCE = Decimal(40)
DIFFERENCE_FOR_ROUT = Decimal(25)
"""BC-6.1"""

BATTLE_SETTINGS = (
    "The Boiling Cauldron module, Open Battle, 1600 v 1600 FP (Large), 40x32 "
    "(Wide), North European Plain, at most 24 turns"
)
"""BC-5.1"""
FINAL_SETTINGS = (
    "Dark Ages Britain v1.7 module, Open Battle, 1600 v 1600 FP (Large), 40x32 "
    "(Wide), North European Plain, at most 24 turns"
)
"""BC-8.4"""


def fair_shares(players: int, regions: int) -> Counter[int]:
    """BC-2.1: shares differ by at most one (3 players, 17 regions: 6, 6, 5)."""
    low, extra = divmod(regions, players)
    return Counter([low + 1] * extra + [low] * (players - extra))


def draw_index(seed: str, i: int, candidates: int) -> int:
    """BC-2.4: the candidate number for the i-th region (from 0) in alphabetical order."""
    return int(hashlib.sha256(f"{seed}:{i}".encode()).hexdigest(), 16) % candidates


def draw(seed: str, players: Sequence[str], regions: Sequence[str]) -> dict[str, str]:
    """BC-2.4: each region in alphabetical order goes to one of the players holding
    the fewest regions so far, candidates in the order the players were named."""
    held = dict.fromkeys(players, 0)
    allocation: dict[str, str] = {}
    for i, region in enumerate(sorted(regions)):
        fewest = min(held.values())
        candidates = [p for p in players if held[p] == fewest]
        owner = candidates[draw_index(seed, i, len(candidates))]
        allocation[region] = owner
        held[owner] += 1
    return allocation


def seed_commitment(seed: str) -> str:
    """BC-2.4: the SHA-256 hex of the seed, published before the draw."""
    return hashlib.sha256(seed.encode()).hexdigest()


def round_one_order(allocation: Mapping[str, str], players: Sequence[str]) -> list[str]:
    """BC-2.3: the player allocated the last region attacks first, then the player
    whose last region came before that, and so on."""
    last = {owner: i for i, (_, owner) in enumerate(sorted(allocation.items()))}
    return sorted((p for p in players if p in last), key=lambda p: -last[p])


def casualty_difference(own: Decimal, enemy: Decimal) -> Decimal:
    """BC-3.2: the enemy's casualty % minus one's own."""
    return enemy - own


def later_round_order(
    previous: Sequence[str], differences: Iterable[tuple[str, Decimal]], active: set[str]
) -> list[str]:
    """BC-3.2 and BC-3.3: by best casualty difference in the previous round; the eliminated take no
    part."""
    best: dict[str, Decimal] = {}
    for player, difference in differences:
        best[player] = max(difference, best.get(player, difference))
    return interpretations.order_by_best_difference([p for p in previous if p in active], best)


def allies(main_region: str, owner: str, control: Mapping[str, str], world: Map) -> str | None:
    """BC-5.3: the one culture, other than the main army's, that most of the owner's
    regions adjacent to `main_region` share; None on a tie or when there is none."""
    main = world.culture(main_region)
    counts = Counter(
        world.culture(r)
        for r in world.adjacent_regions(main_region)
        if control[r] == owner and world.culture(r) != main
    )
    ranked = counts.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def routs(inflicted: Decimal, suffered: Decimal) -> bool:
    """BC-6.1: 60 % or more casualties inflicted, or 40 % or more with a difference of 25 or
    more."""
    return inflicted >= ROUT_ALONE or (
        inflicted >= ROUT_WITH_DIFFERENCE and inflicted - suffered >= DIFFERENCE_FOR_ROUT
    )


class Side(IntEnum):
    """The two sides of a battle in the order their casualties are given (BC-6.2): the attacker
    first. In a Final Battle, the finalists in the order BC-8.3 ranks them."""

    ATTACKER = 0
    DEFENDER = 1

    @property
    def word(self) -> str:
        return self.name.lower()


DRAW = "draw"
Stated = Side | Literal["draw"] | None
"""A winner the organiser states (BC-6.2): a side, a draw, or none."""


@dataclass(frozen=True)
class Outcome:
    """Which side won a battle (index 0 or 1, None for a draw) and whether the figures alone decide
    it."""

    winner: Side | None
    decided_by_figures: bool


def outcome(casualties: tuple[Decimal, Decimal]) -> Outcome:
    """BC-6.2: the winner where only one side meets BC-6.1; a draw where neither does;
    undecided (who routed first?) where both do."""
    first, second = routs(casualties[1], casualties[0]), routs(casualties[0], casualties[1])
    if first and second:
        return Outcome(None, decided_by_figures=False)
    if first or second:
        return Outcome(Side.ATTACKER if first else Side.DEFENDER, decided_by_figures=True)
    return Outcome(None, decided_by_figures=True)


def regions_due(difference: Decimal, loser_regions_at_start: int) -> int:
    """BC-7.1: ceil(d × n / 100) in exact arithmetic, never fewer than 0.
    36 % of 3 regions = 1.08 → 2; 25 % of 4 = 1.00 → 1."""
    return max(0, math.ceil(Fraction(difference) * loser_regions_at_start / 100))


def gain_tiers(
    world: Map,
    control: Mapping[str, str],
    battle_regions: tuple[str, str],
    loser: str,
    involved: set[str],
    gained_this_round: set[str],
) -> tuple[list[str], list[str], list[str]]:
    """BC-7.2: the loser's regions the victor may gain, tier by tier."""
    held = {r for r, owner in control.items() if owner == loser}
    excluded = interpretations.lower_tier_exclusions(involved, gained_this_round) | set(
        battle_regions
    )
    land = set().union(*(world.land_neighbours(r) for r in battle_regions))
    near = set().union(*(world.adjacent_regions(r) for r in battle_regions))
    first = sorted(r for r in battle_regions if r in held)
    second = sorted((held & land) - excluded)
    third = sorted((held & near) - excluded - set(second))
    return first, second, third


def open_tier(tiers: Sequence[Sequence[str]], still_due: int) -> tuple[list[str], bool]:
    """BC-7.2: the regions to gain next and whether the choice is forced
    (a tier with no more eligible regions than are still due is taken whole)."""
    for tier in tiers:
        if still_due <= 0:
            break
        if tier:
            return list(tier), len(tier) <= still_due
    return [], True


def finalists(held: Mapping[str, set[str]], world: Map) -> list[str]:
    """BC-8.2/BC-8.3: the two players holding the most regions, ties to the westernmost."""
    return ranked_by_holdings([p for p, regions in held.items() if regions], held, world)[:2]


def ranked_by_holdings(
    players: Iterable[str], held: Mapping[str, set[str]], world: Map
) -> list[str]:
    def key(player: str) -> tuple[int, Decimal]:
        edge = (
            world.region(world.westernmost(held[player])).west_edge
            if held[player]
            else Decimal("Infinity")
        )
        return interpretations.finalist_key(len(held[player]), edge)

    return sorted(players, key=key)


def standings(
    leaders: Sequence[str], held: Mapping[str, set[str]], eliminated: Sequence[str], world: Map
) -> list[str]:
    """BC-8.5: the winner and the other finalist (`leaders`, when there are any), then the others
    still holding regions ranked as BC-8.3 ranks finalists, then the eliminated, the last out
    first."""
    top = list(dict.fromkeys(leaders))
    survivors = ranked_by_holdings([p for p in held if held[p] and p not in top], held, world)
    return top + survivors + list(reversed(eliminated))


def final_cultures(held_regions: Iterable[str], world: Map) -> set[str]:
    """BC-8.4: a finalist picks his armies from the cultures of the regions he controls."""
    return {world.culture(r) for r in held_regions}
