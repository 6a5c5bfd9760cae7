"""Every Interpretation and setting of the Thunderbolt rules page (TB-18) applied so far."""

from __future__ import annotations

ONE_ZERO_BOX = True
"""TB-18.12: the Italian Allies track has a single 0 box between the sides (10.13: +2 to
Carthage 4 is six boxes)."""

MAJOR_VICTORY_OVER_A_TRIBE_COUNTS = True
"""TB-15.2: a Major Victory over a tribe shifts the track like any other."""

EVERY_ADJACENT_PROVINCE_ROLLS = True
"""TB-15.7: after Roman Retribution every adjacent track province rolls, whatever its allegiance."""

START_OF_WINDOW = True
"""TB-14.3: S, the Army's strength the 30 % test compares with, is taken at the window's start."""

ALERT_ASSIGNS_THEATERS = False
"""TB-18.2 (`alert-assigns-theaters`): no Theater assignments under Alert (6.24)."""

PLUTO_WOUNDED_RETURN = "end of B"
"""TB-18.4 (`pluto-wounded-return`): a leader Pluto wounds returns to the pool at the end of
Phase B (4.44); "next GT" follows the 4.58 example."""

NO_LEADER_LEAVES_THE_OFFICE_EMPTY = True
"""TB-8.2: with no leader available an office stays empty, recorded with why."""
