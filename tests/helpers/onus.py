"""ONUS! Under the Eagle: a campaign at scenario 1 (`Eagle`), the facts that win each scenario, and
a lawful free-choice army (`cheapest_army`)."""

from __future__ import annotations

from typing import Any

from helpers.story import Story


class Eagle(Story):
    """An ONUS! campaign: Marcus plays Rome, Boudica its enemies."""

    def __init__(self, reset_eliminated: bool = False) -> None:
        from campaign.kinds.onus import commands as onus

        started = dict(
            rules="onus-under-the-eagle",
            players=["Marcus", "Boudica"],
            map_source="",
            seed_commitment=None,
        )
        super().__init__(started, lambda s: onus.take_sides("Marcus", "Boudica", reset_eliminated))

    def play(
        self, facts: dict[str, str], upgrade: str | None = None, **casualties: list[str]
    ) -> None:
        """Record a scenario's result, then its winner's upgrade (or decline)."""
        from campaign.kinds.onus import commands as onus

        self.when(
            onus.scenario_result,
            facts,
            casualties.get("eliminated", []),
            casualties.get("lost", []),
            casualties.get("wounded", []),
            casualties.get("officers", []),
        )
        if self.state.upgrade_due:
            self.when(onus.upgrade, upgrade)

    def muster_cheapest(self) -> None:
        """Muster every free-choice army of the next scenario: its required units, then the
        cheapest unit up to the points and the unit cap (ON-3.2)."""
        from campaign.kinds.onus import commands as onus

        for side in ("rome", "enemies"):
            if self.state.army_units(side) is None:
                self.when(onus.muster, side, cheapest_army(self.state, side))

    def upgrade_and_field(self, unit: str) -> None:
        """The winner's upgrade (ON-2.1), then a muster that fields it where the army is free."""
        from campaign.kinds.onus import commands as onus

        side = self.state.upgrade_due
        self.when(onus.upgrade, unit)
        if unit not in {c.id for c in self.state.fielded(side)}:
            self.when(onus.muster, side, cheapest_army(self.state, side, unit))

    def play_to_the_end(self, winners: str) -> None:
        """The scenarios from the next to the eighth, won as `winners` says ("RRE…"); no upgrade."""
        for winner in winners:
            self.muster_cheapest()
            rome_wins, enemies_win = WINNING_FACTS[self.state.next_scenario.number]
            self.play(rome_wins if winner == "R" else enemies_win, None)


# scenario: (facts that make Rome the winner, facts that make the enemies the winner)
WINNING_FACTS = {
    1: ({"vitellius_survived": "yes"}, {"vitellius_survived": "no"}),
    2: ({"narcissus_killed": "no"}, {"narcissus_killed": "yes"}),
    3: (
        {"vespasian_survived": "yes", "roman_units_available": "5"},
        {"vespasian_survived": "no", "roman_units_available": "5"},
    ),
    4: ({"ended_by": "celtic_rout"}, {"ended_by": "legions_lost"}),
    5: ({"ended_by": "celtic_rout"}, {"ended_by": "romans_destroyed"}),
    6: ({"briton_units_captured": "4"}, {"briton_units_captured": "0"}),
    7: ({"ended_by": "escaped"}, {"ended_by": "roman_rout"}),
    8: ({"ended_by": "druids_eliminated"}, {"ended_by": "cato_defeated"}),
}
"""ON-3.1's table, read as a player would."""


def cheapest_army(state: Any, side: str, must: str | None = None) -> dict[str, int]:
    """A lawful free-choice army: the required units (and enough of the type of `must`, a card
    upgraded to play in it, to field that card), then the cheapest unit up to the points and the
    unit cap."""
    army = state.next_scenario.armies[side]
    catalogue = state.book.catalogue(side, army.people)
    units = dict(army.required)
    if must:
        unit_type = state.book.type_of(must)
        units[unit_type] = max(units.get(unit_type, 0), fielding(state.roster[side], must))
    spare = army.points - sum(catalogue[u] * n for u, n in units.items())
    cheapest = min((u for u in catalogue if u not in state.book.scenario_only), key=catalogue.get)
    count = min(spare // catalogue[cheapest], (army.max_units or 99) - sum(units.values()))
    if count > 0:
        units[cheapest] = units.get(cheapest, 0) + count
    return units


def fielding(roster: Any, card_id: str) -> int:
    """How many cards of its type an army needs for `card_id` to take the field (best first)."""
    from campaign.kinds.onus.rules import STATUSES

    unit_type = next(c.type for c in roster if c.id == card_id)
    ranked = sorted(
        (c for c in roster if c.type == unit_type),
        key=lambda c: (-STATUSES.index(c.status), int(c.id.rsplit("-", 1)[1])),
    )
    return [c.id for c in ranked].index(card_id) + 1
