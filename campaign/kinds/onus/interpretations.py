"""Every **Interpretation** of the ONUS! campaign rules page, and the choices the
program makes where the rulebook is silent, in one place."""

from __future__ import annotations

EQUAL_WINS_DRAW = True
"""ON-1.3: equal wins after the eighth scenario is a drawn campaign."""

STATUS_SURVIVES_ELIMINATION = True
"""ON-2.2: status belongs to the unit card and survives the unit's elimination, unless
the campaign was created with --reset-eliminated (an eliminated unit goes back to regular).
Not a switch: the campaign option is the switch, recorded in its SidesTaken event."""

BEST_CARDS_FIRST = True
"""ON-2.2 (ours): a scenario's army draws on the side's roster highest status first
(Elite, Veteran, regular), then by card number; missing cards are new regular units."""

UPGRADE_BEFORE_NEXT_RESULT = True
"""ON-2.1 (ours): the winner upgrades (or declines) before the next scenario's result is entered."""

UPGRADE_FOR_THE_NEXT_SCENARIO = True
"""ON-2.1 ("to play in the next scenario"): the upgraded unit is one of the winner's units in the
next scenario's army. For a fixed army, one of its cards (a card that first appears then is created
at that moment); for a free-choice army (suggested and recommended ones too), a roster card of the
right people or a new card of a catalogue type, which must then take the field. Not a switch: the
rules page states it; `commands.upgradable` and `checks.check_upgraded_unit_fields` apply it."""
