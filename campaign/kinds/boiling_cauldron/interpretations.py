"""Every **Interpretation** of the Boiling Cauldron rules page, in one place.

Where the source is silent or ambiguous the program must still decide.
Each choice is a named constant or function here, quoted from the rules
page or stated as ours, so that an organiser who reads the rules
differently finds it at once. (The map itself, BC-1, is data: see
`regions/boiling-cauldron.toml` and `--map`.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

DECLARATIONS_BEFORE_RESULTS = True
"""BC-4: all players declare (or forfeit) in attack order before any result of
that round is entered; this keeps ownership fixed while attacks are chosen.
Built into the phases of a round, not a switch: the projection's `_advance` opens
the battle phase only when nobody is left on turn, and `result` asks for it."""

ARMIES_FIXED_AT_DECLARATION = True
"""BC-5.3: armies are fixed when the attack is declared, i.e. from the control
of the map at the start of the round (all declarations precede all results)."""

ONE_CHOICE_AT_A_TIME = True
"""BC-7.2 (ours): while a victor's choice of regions is awaited, no other result
is entered, so that "gained by anyone this round" is settled battle by battle
in the order the results come in."""

FINAL_ARMIES_CARRY_OVER = True
"""BC-8.4 (ours): a finalist's choice of armies stands for the next Final Battle
until he chooses again ("choices may differ", they need not)."""

FINAL_ALLY_DIFFERS_FROM_MAIN = True
"""BC-8.4 (ours): the compulsory ally is a culture other than the main army's."""


def order_by_best_difference(previous: Sequence[str], best: Mapping[str, Decimal]) -> list[str]:
    """BC-3.2: highest best casualty difference first. Interpretation: a player
    who fought no battle in the previous round (absent from `best`) comes after
    all who did; ties keep the previous round's order."""
    fought = sorted((p for p in previous if p in best), key=lambda p: -best[p])
    return fought + [p for p in previous if p not in best]


def lower_tier_exclusions(involved: set[str], gained_this_round: set[str]) -> set[str]:
    """BC-7.2 tiers 2 and 3: regions involved in any attack this round or already
    gained by anyone this round cannot be gained. The page states this for tier 2;
    Interpretation: tier 3 takes the same exclusion."""
    return involved | gained_this_round


def finalist_key(regions_held: int, westernmost_edge: Decimal) -> tuple[int, Decimal]:
    """BC-8.3: most regions first; a tie goes to the player whose westernmost
    region lies further west. (Ours: BC-8.5 ranks the other survivors the same way.)"""
    return (-regions_held, westernmost_edge)
