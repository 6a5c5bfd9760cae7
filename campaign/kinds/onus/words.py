"""ONUS! things in a player's words: unit names, not card ids; facts in plain language."""

from __future__ import annotations

from typing import Any

from campaign.domain.grammar import sentence


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


def placed_text(army: dict[str, Any]) -> str:
    """Which card carries which Character, where the scenario says; the players place the rest."""
    said = [f"{c} in {unit_name(_type(army, card), card)}" for c, card in army["placed"].items()]
    free = [c for c in army["characters"] if c not in army["placed"]]
    if free:
        said.append(f"{', '.join(free)} placed by the player")
    return "Placed: " + ("; ".join(said) if said else "by the player")


def _type(army: dict[str, Any], card_id: str) -> str:
    return next((u["type"] for u in army["units"] or [] if u["id"] == card_id), card_id)


def army_heading(side: str, army: dict[str, Any]) -> str:
    people = f", {army['people']}" if side != "rome" else ""
    return f"{side.capitalize()} — {army['player']}{people}"


def army_lines(army: dict[str, Any]) -> list[str]:
    """One army of a briefing (ON-3.3) as lines: its units and points, General, Characters and
    where they stand, the scenario's notes; the dashboard and the posted briefing alike."""
    if army["units"] is None:
        lines = [f"free choice up to {army['points_allowed']} points: muster it (ON-3.2)"]
    else:
        units = ", ".join(
            f"{u['id']} ({u['status']})" if u["status"] != "regular" else u["id"]
            for u in army["units"]
        )
        how = "mustered" if army["mustered"] else army["mode"]
        lines = [f"{army['points']} of {army['points_allowed']} points ({how}): {units}"]
    general = army["general"]
    standing = general["stands_in_for"]
    lines.append(
        f"General: {general['name']}"
        + (f", standing in for {standing} (ON-2.5)" if standing else "")
    )
    if army["characters"]:
        lines.append(f"Characters: {', '.join(army['characters'])}")
    if army["characters"] or army["placed"]:
        lines.append(placed_text(army))
    for stand in (s for s in army["stands"] if len(s["characters"]) > 1):
        bonus = ", ".join(f"+{stand[a]} {a}" for a in ("attack", "defence", "morale") if stand[a])
        unknown = (
            f"; attributes not given for {', '.join(stand['unknown'])}" if stand["unknown"] else ""
        )
        lines.append(
            f"In one unit: {' and '.join(stand['characters'])}"
            + (f": {bonus} (ON-2.6)" if bonus else "")
            + unknown
        )
    if army["notes"]:
        lines.append(army["notes"])
    return lines


def side_people(side: str, army: dict[str, Any]) -> str:
    """A side as the scenario names it: `Rome`, `the Celts`, `the Germanic Peoples`."""
    return "Rome" if side == "rome" else f"the {army['people']}"


def side_wins(side: str, army: dict[str, Any]) -> str:
    """`Rome wins`, `the Celts win`: the verb agreeing with the side's name."""
    return f"{side_people(side, army)} {'wins' if side == 'rome' else 'win'}"


def first_turn_text(brief: dict[str, Any]) -> str:
    """Who plays first, as the side is called in this scenario and by its player's name, with the
    scenario's note: `first turn: the Mercenaries (Boudica; with no activation cards …)`."""
    side = brief["first_turn"]
    army = brief["armies"][side]
    note = f"; {brief['first_turn_note']}" if brief["first_turn_note"] else ""
    return f"first turn: {side_people(side, army)} ({army['player']}{note})"


def victory_text(brief: dict[str, Any]) -> str:
    """A scenario's victory conditions as the rules page words them (ON-3): `Rome wins if
    Vitellius survived (even wounded); otherwise the Germanic Peoples win`."""
    victory, armies = brief["victory"], brief["armies"]
    side = victory["side"]
    other = next(s for s in armies if s != side)
    said = f"{side_wins(side, armies[side])} if {victory['if']}"
    if victory["otherwise"]:
        return f"{sentence(said)}; {side_wins(other, armies[other])} if {victory['otherwise']}"
    return f"{sentence(said)}; otherwise {side_wins(other, armies[other])}"
