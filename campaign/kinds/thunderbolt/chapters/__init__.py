"""Thunderbolt's rulebook chapters, one package each (`decide`, `fold`, `narrate`, `cli`): each
imports the board, and another chapter only where its decision truly uses that chapter's
(declared in pyproject.toml's contract). `CHAPTERS` is the one list the joins read: the fold,
the decisions, the narration and the command line."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

CHAPTERS = (
    "turn",
    "magistrates",
    "senate",
    "legions",
    "naval",
    "carthage",
    "allies",
    "tribes",
    "macedonia",
    "auguries",
    "reports",
    "victory",
)
"""The chapters in the rulebook's order: the order their commands are listed in."""


def parts(role: str) -> tuple[ModuleType, ...]:
    """Each chapter's module of `role` (`fold`, `decide`, `narrate` or `cli`), in the rulebook's
    order."""
    return tuple(import_module(f"{__name__}.{chapter}.{role}") for chapter in CHAPTERS)


def joined(role: str, table: str) -> dict:
    """The chapters' tables named `table` in their `role` modules, joined into one (`FOLD`,
    `REPLAY`, `TOLD`: by event class); a class two chapters claim is refused as a programming
    error, at import."""
    tables = [getattr(module, table) for module in parts(role)]
    joined: dict = {}
    for each in tables:
        twice = joined.keys() & each.keys()
        if twice:
            raise RuntimeError(f"{table}: {sorted(c.__name__ for c in twice)} in two chapters")
        joined |= each
    return joined
