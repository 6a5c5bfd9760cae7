"""Every Interpretation of the Hadrian's Wall rules page, with its setting where one is named.

The variant and the base game's public facts are silent on these; each is chosen here once and
cited where it is applied.
"""

from __future__ import annotations

ORDER = (
    "romans",
    "romano-british",
    "belgae",
    "welsh",
    "brigantes",
    "picts",
    "caledonians",
    "irish",
    "scots",
    "norsemen",
    "dubliners",
    "danes",
    "norwegians",
    "jutes",
    "saxons",
    "angles",
    "normans",
)
"""HW-2.1: the nations' order within a turn (the Avalon Hill era)."""

SPLIT = {
    "purple": ("romans", "romano-british", "scots", "dubliners", "norwegians"),
    "blue": ("belgae", "picts", "angles", "normans"),
    "red": ("brigantes", "irish", "norsemen", "saxons"),
    "green": ("welsh", "caledonians", "jutes", "danes"),
}
"""HW-2.3: the usual four-player split of the nations by the players' colours."""

PREFIX = {
    "romans": "R",
    "romano-british": "RB",
    "belgae": "BE",
    "welsh": "WE",
    "brigantes": "BR",
    "picts": "P",
    "caledonians": "CA",
    "irish": "IR",
    "scots": "SC",
    "norsemen": "NM",
    "dubliners": "DU",
    "danes": "DA",
    "norwegians": "NW",
    "jutes": "JU",
    "saxons": "SA",
    "angles": "AN",
    "normans": "NO",
}
"""How counter ids begin: the nation's letters and a number (P7 is the seventh Pictish counter).
Not the rules' concern; chosen so that no id reads as a wall (W1 … W4)."""

BOARDS = ("ah", "ffg")
"""HW-1.3: the Avalon Hill board (default) or the Fantasy Flight board, which adds two pairs."""
FFG_GAPS = ("open", "wall")
"""HW-1.3: on the Fantasy Flight board, Cumbria|Lothian stays open (the variant's literal text)
or gets a fourth wall W4; there is no default."""
FFG_WALL = ("W4", "cumbria", "lothian")

WALL_TRIGGERS = ("any", "roman-action")
WALL_TRIGGER = "any"
"""HW-4.6: an area becomes solely Roman by any change (a Roman move step into it, a battle, the
last others leaving, a Roman retreat into it; also counters placed or removed, the rules page's
"change of state"); `roman-action` counts only Roman move steps and battles the Romans are left
alone after."""

LEADERS_ROLL = True
"""HW-6.8: leaders roll like armies; with `--leaders-roll no` a leader crosses only beside an army
of its nation that crossed at the same step this turn, and rolls nothing."""

DICE_MODES = ("committed", "external")
DICE = "committed"
"""HW-7.1 and HW-7.4: the program's committed dice by default; `external` for an organiser who
also plays."""

THROUGH_CROSSINGS = False
"""HW-6.4: a list of moves stops after the first move with a crossing, so that the mover sees
each roll before the next; `--through-crossings` carries out the whole list."""

OVERRUN_SOLE = False
"""HW-4.7: Romans passing through an area that still holds other counters are not its sole
occupant while those remain."""
