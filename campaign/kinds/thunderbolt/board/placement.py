"""Where Carthage's troops may be placed (rules page TB-30, the rulebook's 7.12: "The
Carthaginian player has several restrictions on how he may use certain types and the contingents
within each type"): checked where SP from a named Holding Box join an Army (a new Army,
reinforcements, the OC's Manpower Operation) and where a Provincial Manpower Operation raises
Provincial Allies. The tracker keeps an Army's SP, not its contingents, so what 7.12 says of
using them afterwards stays the table's. Pure checks; the decisions list them."""

from __future__ import annotations

from campaign.errors import RuleViolation
from campaign.input.names import folded
from campaign.kinds.thunderbolt.board import citizens
from campaign.kinds.thunderbolt.board.armies import AFRICA, HISPANIA
from campaign.kinds.thunderbolt.board.offices import ROMAN_ITALY
from campaign.kinds.thunderbolt.board.setup import Province
from campaign.kinds.thunderbolt.board.state import State

CITIZENS_THEATERS = (AFRICA, HISPANIA, "Sicily", "Sardinia and Corsica")
"""7.12: "Carthaginian Citizen Infantry and Cavalry units can only be used in Africa, Hispania,
Sicily, and Sardinia & Corsica"."""
NUMIDIAN, MAURETANIAN = "Numidian", "Mauretanian"
"""The Holding Boxes (TB-25.1 names them by contingent) whose Allies 7.12 keeps from home."""


def _named(province: Province, land: str) -> bool:
    """Interpretation (TB-30.1): a province is Numidia, or one of the Mauretanian provinces, when
    its name is that land's, alone or followed by more (Mauretania Tingitana)."""
    name = folded(province.name)
    return name == folded(land) or name.startswith(folded(land) + " ")


def barred(box: str, province: Province) -> str | None:
    """Why 7.12 keeps SP of `box` out of `province`, or None where they may be placed there."""
    if citizens.of_box(box) and province.theater not in CITIZENS_THEATERS:
        return f"Carthaginian Citizens serve only in {', '.join(CITIZENS_THEATERS)}"
    if folded(box) == folded(NUMIDIAN) and _named(province, "Numidia"):
        return "Numidians may not be placed in Numidia"
    if folded(box) == folded(MAURETANIAN) and (
        province.theater == "Mauretania" or _named(province, "Mauretania")
    ):
        return "Mauretanians may not be placed in the Mauretanian provinces"
    return None


def check_placed(state: State, box: str, army: str) -> None:
    """TB-30.1 (7.12): SP drawn from `box` join `army` only where its province lets them."""
    province = state.setup.provinces[state.carthaginians.armies[army].province]
    why = barred(box, province)
    if why:
        raise RuleViolation(
            "TB-30.1", f"{why} (7.12): Army {army} stands in {province.name} ({province.theater})"
        )


def check_provincial_allies(state: State, province: str) -> None:
    """TB-30.2 (7.11, 7.12): a Provincial Manpower Operation's SP are Provincial Allies, who join
    a force only in Roman Italy."""
    where = state.setup.provinces[province]
    if where.theater != ROMAN_ITALY:
        raise RuleViolation(
            "TB-30.2",
            f"Provincial Allies cannot be used outside Roman Italy (7.12): the force stands in "
            f"{where.name} ({where.theater})",
        )
