"""Thunderbolt's rules read as a player would: the table of TB-16.5."""

from __future__ import annotations

TB_16_5 = {
    "pluto",
    "senate",
    "triumph",
    "censure",
    "legion-request",
    "marine",
    "training",
    "family",
    "climate",
    "disband",
    "recall",
    "crucifixion",
    "diplomacy",
    "retribution",
    "draw-rome",
    "draw-carthage",
    "draw-cup",
    "tribe-recovery",
    "tribe-pacification",
    "tribe-levy",
    "tribe-levy-sp",
    "tribe-diplomacy",
    "tribe-muster",
    "macedonian-war",
    "parley",
}
"""TB-16.5's table of random events, as the rules page names their kinds, the tribes' of TB-23,
Rome's roll on the First Macedonian War Table of TB-27.4 and a Parley's die of TB-24.2
(docs/thunderbolt-beyond-tb19.md)."""
