"""Thunderbolt's arithmetic, as pure functions: dice and draws (TB-16), the army limit
(TB-12.2), the Army Efficiency Rating (TB-14), the Italian Allies track (TB-15)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from campaign.domain import dice
from campaign.kinds.thunderbolt.board import interpretations as chosen

# TB-16 Dice and draws.


def commitment(campaign: str, turn: int, secret: str) -> str:
    """TB-16.2: C_n = SHA-256 of `TB|{campaign}|{n}|{S_n as hex}`."""
    return dice.commitment(f"TB|{campaign}|{turn}|", secret)


def record(campaign: str, turn: int, number: int, kind: str, subject: str) -> str:
    """TB-16.3: what the campaign's `number`-th random event rolls or draws for."""
    return f"TB|{campaign}|GT{turn}|#{number}|{kind}|{subject}"


def die(secret: str, line: str) -> int:
    """TB-16.1 and TB-16.3: one d10 read 0–9 (the 0 face is zero): H mod 10."""
    return dice.number(secret, line) % 10


T = TypeVar("T")


def draw(secret: str, line: str, candidates: Sequence[T], key=None) -> T:
    """TB-16.3: index H mod m of the m candidates sorted by key."""
    ordered = sorted(candidates, key=key)
    if not ordered:
        raise ValueError("a draw needs at least one candidate")
    return ordered[dice.number(secret, line) % len(ordered)]


def draw_index(secret: str, line: str, candidates: int) -> int:
    """TB-16.3: the index a committed draw takes among `candidates` sorted ones: H mod m."""
    return dice.number(secret, line) % candidates


def even(face: int) -> bool:
    """TB-16.1: "even" includes 0."""
    return face % 2 == 0


# TB-12.2 The army limit.

CLIMATES = ("Cautious", "Interested", "Alert", "Aggressive")
ARMY_LIMIT = {"Cautious": 2, "Interested": 3, "Alert": 3, "Aggressive": 4}
"""TB-12.2: Armies Carthage may have in play, Hannibal's not counted."""


def may_raise(climate: str, armies: int, disbanded_this_turn: bool) -> tuple[bool, bool]:
    """TB-12.3: (a new Army, reinforcements) allowed in B3b: below the limit either, at it
    reinforcements only, above it neither; no reinforcements after a B2c disband that turn."""
    limit = ARMY_LIMIT[climate]
    new_army = armies < limit
    reinforce = armies <= limit and not disbanded_this_turn
    return new_army, reinforce


# TB-14 Army Efficiency Rating.

AER_LOWEST, AER_HIGHEST = -3, 3


def capped(aer: int, strength: int) -> int:
    """TB-14.4: an Army of 60+ SP has at most +2, one of 100+ at most +1; never below −3."""
    ceiling = 1 if strength >= 100 else 2 if strength >= 60 else AER_HIGHEST
    return max(AER_LOWEST, min(aer, ceiling))


def addition_penalty(added: int, start: int, thirty: int | None = None) -> int:
    """TB-14.3: how far the stored AER drops for SP joining in one window: 0 up to 30 % of S
    (the chart's figure when the organiser typed one, else exact), 1 above, 2 from S, 3 from
    2S."""
    if added >= 2 * start:
        return 3
    if added >= start:
        return 2
    within = added <= thirty if thirty is not None else added * 10 <= start * 3
    return 0 if within else 1


def after_additions(aer: int, added: int, start: int, thirty: int | None = None) -> int:
    return max(AER_LOWEST, aer - addition_penalty(added, start, thirty))


def new_commander(aer: int) -> int:
    """TB-14.2: a new commander, whoever he is, takes 2 off the stored AER, not below −3."""
    return max(AER_LOWEST, aer - 2)


def effective(stored: int, detachments: int) -> int:
    """TB-14.5: the Army's and each Detachment's AER: stored minus the Detachments in play."""
    return max(AER_LOWEST, stored - detachments)


@dataclass(frozen=True)
class Year:
    """What TB-14.7 asks of an Army's Game Turn."""

    same_commander: bool
    never_useless: bool
    disorganized: bool
    lowered: bool
    appointed_in_b2d: bool


def training(aer: int, strength: int, year: Year) -> int:
    """TB-14.7: +1 (capped) for an Army that kept its commander all turn, was never Useless, is
    not Disorganized and was not lowered; nothing for one whose commander came in B2d."""
    earned = (
        year.same_commander
        and year.never_useless
        and not year.disorganized
        and not year.lowered
        and not year.appointed_in_b2d
    )
    return capped(aer + 1, strength) if earned else aer


# TB-15 The Italian Allies.

ROME, CARTHAGE = "rome", "carthage"
SIDES = {ROME: "Rome", CARTHAGE: "Carthage"}
"""Each side as a sentence names it."""
VICTORY_BY = {
    "land-in-italy": "a land battle in Roman Italy",
    "land-outside-italy": "a land battle outside Roman Italy",
    "siege": "a siege",
}
"""TB-15.2: how a Major Victory was won, in words."""
FALLEN = ("wounded", "killed", "captured")
"""TB-5.1: what a battle or siege report says of a leader of either side."""
TOP = 4


def moved(level: int, boxes: int, toward: str) -> int:
    """TB-15.3: `boxes` toward a side, never past box 4 (one 0 box between the sides,
    TB-18.12)."""
    step = 1 if toward == ROME else -1
    return max(-TOP, min(TOP, level + step * boxes))


def allegiance(before: int, after: int, allied_to: str) -> str:
    """TB-15.4: a marker entering box 4 on the side its province is not allied to turns it; one
    already in that box does not enter it again."""
    if after == TOP and before != TOP:
        return ROME
    if after == -TOP and before != -TOP:
        return CARTHAGE
    return allied_to


def legion_request(table: Mapping[str, Sequence], in_play: int, adjusted: int) -> int | None:
    """TB-2.4 and TB-11.4: the set-up's `legion_request` chart, its columns named by the Legions
    in play ("0-6", "7-10", …), each row `[low, high, legions]` of adjusted DRs (the "0-6"
    column's rows may add the bracketed SP); None where no column or row holds them."""
    for column, rows in table.items():
        low, _, high = column.partition("-")
        if int(low) <= in_play <= int(high or low):
            for row in rows:
                if row[0] <= adjusted <= row[1]:
                    return int(row[2])
    return None


def reinforcement_sp(table: Mapping[str, Sequence], adjusted: int) -> int | None:
    """TB-11.8: the bracketed SP of the `legion_request` chart's "0-6" column for an adjusted DR
    (rows `[low, high, legions, sp]`), None where the chart does not give it."""
    for row in table.get("0-6", ()):
        if row[0] <= adjusted <= row[1] and len(row) > 3:
            return int(row[3])
    return None


AMBASSADOR_D = -2
"""TB-15.6: a "D" on the Ambassador Table counts as -2."""


def ambassador_boxes(result: str) -> int:
    """TB-15.6: the boxes an Ambassador Table result moves toward Carthage (negative: toward
    Rome): a whole number as it reads, "D" as -2."""
    return AMBASSADOR_D if result.strip().upper() == "D" else int(result)


SHIFTS = {
    "land-in-italy": (2, 2, 1),
    "land-outside-italy": (0, 2, 0),
    "siege": (3, 1, 0),
}
"""TB-15.2: boxes toward the victor for a Major Victory — its province, the adjacent track
provinces, every other track province."""


def victory_shifts(
    cause: str, province: str, track: Sequence[str], adjacent: Mapping[str, Sequence[str]]
) -> dict[str, int]:
    """TB-15.2: how many boxes each track province moves toward the victor of a Major Victory in
    `province` (a land battle in Roman Italy or outside it, or a siege; one over a tribe alike,
    Interpretation MAJOR_VICTORY_OVER_A_TRIBE_COUNTS)."""
    own, near, rest = SHIFTS[cause]
    neighbours = set(adjacent.get(province, ()))
    shifts = {}
    for other in track:
        boxes = own if other == province else near if other in neighbours else rest
        if boxes:
            shifts[other] = boxes
    return shifts


def retribution(
    province: str, adjacent: Mapping[str, Sequence[str]], track: Sequence[str]
) -> tuple[int, list[str]]:
    """TB-15.7: Rome sacked a city in a Carthage-allied track province: 2 toward Rome there, and
    the adjacent track provinces that each roll a die (1 toward Rome on an even face)."""
    rolling = [p for p in adjacent.get(province, ()) if p in track]
    return 2, rolling if chosen.EVERY_ADJACENT_PROVINCE_ROLLS else []


# TB-12.4 and TB-13.3–13.5: disbanding, recalls, crucifixion.


def disband_row(commander_family: str | None, in_power: str) -> str:
    """TB-12.4: the row of the Disband/Recall chart a commander reads: `same` as the Family in
    Power, else `different` (no family counts as different)."""
    return "same" if commander_family == in_power else "different"


def may_disband_without_roll(commander_family: str | None, in_power: str) -> bool:
    """TB-12.4: an Army whose commander is not of the Family in Power (or that has none) may be
    disbanded without a roll."""
    return commander_family != in_power


def hits(
    chart: Mapping[str, Mapping[str, Sequence[int]]], row: str, column: str, face: int
) -> bool:
    """TB-12.4, TB-13.3: whether a DR, without DRMs, falls in the chart's `disband` or `recall`
    range of the row (`[low, high]`, as the organiser typed it)."""
    low, high = chart[row][column]
    return low <= face <= high


def crucified(face: int, family: str | None, in_power: str, mortality: int) -> bool:
    """TB-13.5: a recalled commander rolls, +2 when his family is not the Family in Power (no
    family counts as not); above his Mortality he is removed from the game."""
    return face + (0 if family == in_power else 2) > mortality


PRESENCE_SP = 20
"""TB-15.8: the SP of a force that keeps a Watchful Presence."""
