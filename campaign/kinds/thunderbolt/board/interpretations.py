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


DICTATOR_BESIEGED_KEEPS_HIS_FIRST_CA = True
"""TB-7.4: a Dictator prorogued by the rules keeps only the CA besieged with him, which the
program takes to be his first (positions are kept at province level, TB-1.4)."""

RECALL_AT_THE_NEXT_CARTHAGINIAN_LAM = True
"""TB-13.6 and TB-18.14: a recall takes effect at the next draw of a Carthaginian LAM (his own
and a Reinforcement LAM count) or when C2 finds none left; a draw entered without saying whose
LAM (`initiative leader`) does not count; at the latest as the next Game Turn begins."""

NO_LEADER_LEAVES_THE_OFFICE_EMPTY = True
"""TB-8.2: with no leader available an office stays empty, recorded with why."""

A_BESIEGED_UNIT_MARCHES_ONCE_FREED = True
"""TB-5.4: a leader or Legion reported besieged moves only after a siege report frees it
(`besieged … --in free`); a commander left behind by his Legions stays where he stood (TB-1.4)."""

A_PROROGUED_CONSUL_LOSES_HIS_SLAVE_LEGIONS = True
"""TB-11.13: a Consul prorogued as Proconsul loses his Slave Legions: they leave his CAs and
stand leaderless (a CA of Slave Legions alone stays a CA); they are never reinforced."""

GOVERNORS_BEFORE_LOOSE_LEGIONS = True
"""TB-8.6 and TB-6.6: a governor due is elected before the Praetors of loose Legions, which go
leaderless when the six Praetors run out ([4.54]: "two of which will often fill the role of
governor. If the Roman player finds himself without enough Praetors for his single Legions,
the Legions go without a leader"); an elected governor named without a province is placed in
his island's first province of the set-up file."""

A_TRIUMPH_FROM_ROMAS_PROVINCE = True
"""TB-10.9: "his army stops next to Rome": the tracker keeps provinces, not hexes, so a magistrate
celebrates from Roma or from Roma's province (Latium on the map); one the players have not placed
is taken at their word (senate/decide.py)."""

THE_TABLES_WORD_ONCE_A_DRAW_IS_TYPED = True
"""TB-4.4: "no LAM left" is checked against the program's cup while the Game Turn's draws come
from it; before any draw from it, or once a draw was typed by its kind alone (`initiative
leader`), the cup no longer knows which markers the table took, and `initiative empty` is the
table's word (checks.check_cup_empty)."""

SETTINGS: dict[str, tuple[str, ...]] = {
    "alert-assigns-theaters": ("no", "yes"),
    "proconsuls-per-province": ("1", "2"),
    "pluto-wounded-return": ("end-of-B", "next-GT"),
    "rome-dictator-oc": ("dictator", "ME"),
    "watchful-presence": ("any", "own"),
    "manpower-op-leaders": ("one", "any"),
    "ns-drm-turn": ("this-GT", "last-GT"),
}
"""TB-18's settings the program applies, each with its choices, the default first:
2 `alert-assigns-theaters`: Theaters assigned under Alert — no (6.24), yes (3.0 B2e);
3 `proconsuls-per-province`: Proconsuls per Roman Italy province — 1 (4.31, 11.32), 2 (4.58);
4 `pluto-wounded-return`: a leader Pluto wounds returns at the end of Phase B (4.44) or in the
  next Game Turn (4.58's example);
5 `rome-dictator-oc`: the OC while the Dictator stays in Rome — the Dictator (4.56), the ME
  (4.81);
10 `watchful-presence`: the "Allied province" of 10.23 — any track province, or only one allied
  to the player claiming it;
9 `manpower-op-leaders`: who makes Roman Manpower Operations (5.12) — one leader a Game Turn,
  once per LAM, or any Dictator or Consul, once per LAM each;
7 `ns-drm-turn`: the NS levels whose −2 each the Legion Request takes — built this Game Turn
  (8.12 and its example) or last (7.21's example)."""


def settings(chosen: dict[str, str], complete: bool = True) -> dict[str, str]:
    """Every setting, the chosen ones checked against their choices, the rest at their default
    (`complete`); a recorded choice is kept as it was written (a setting added since keeps its
    default when read)."""
    from campaign.errors import RuleViolation

    for name, value in chosen.items():
        if name not in SETTINGS:
            known = ", ".join(SETTINGS)
            raise RuleViolation("TB-18", f"There is no setting {name!r}; the settings are {known}")
        if value not in SETTINGS[name]:
            choices = " or ".join(SETTINGS[name])
            raise RuleViolation("TB-18", f"The setting {name} is {choices}, not {value!r}")
    if not complete:
        return dict(chosen)
    return {name: chosen.get(name, choices[0]) for name, choices in SETTINGS.items()}
