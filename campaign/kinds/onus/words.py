"""ONUS! things in a player's words: unit names, not card ids; facts in plain language."""

from __future__ import annotations

from typing import Any


def unit_name(unit_type: str, card_id: str) -> str:
    """`Legionaries 1` for the card `legionaries-1`."""
    return f"{unit_type} {card_id.rsplit('-', 1)[1]}"


def fact_text(key: str, value: Any) -> str:
    """A fact in plain words: `Vitellius survived: yes`, `Ended by: Celtic rout`."""
    return (
        f"{_words(key)}: "
        f"{_words(str(value)).lower() if str(value).isalpha() else _words(str(value))}"
    )


PROPER = {
    "vitellius",
    "narcissus",
    "vespasian",
    "cato",
    "macro",
    "roman",
    "romans",
    "celtic",
    "briton",
    "druids",
}


def _words(text: str) -> str:
    said = " ".join(w.capitalize() if w in PROPER else w for w in text.split("_"))
    return said[:1].upper() + said[1:]
