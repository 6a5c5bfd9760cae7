"""Thunderbolt's commands (`--rules thunderbolt`): the options of `new`, and each chapter's
commands, registered on `commands` as its module is imported, in the rulebook's order."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.kinds.thunderbolt.board.interpretations import SETTINGS
from campaign.kinds.thunderbolt.chapters import parts
from campaign.kinds.thunderbolt.options import commands

CLI = parts("cli")
"""Each chapter's commands, registered on `commands` as its module is imported: in the
rulebook's order, the order of `campaign --help`."""
__all__ = ["CLI", "commands", "start_options"]


SETTING_CHOICES = ", ".join(f"{name}={'|'.join(choices)}" for name, choices in SETTINGS.items())
"""Every TB-18 setting `new --setting` takes, with its choices (#29: the help named 5 of 7)."""


def start_options(
    rome: Annotated[
        Optional[str], typer.Option("--rome", help="The player of Rome (TB-1.1).")
    ] = None,
    carthage: Annotated[
        Optional[str], typer.Option("--carthage", help="The player of Carthage (TB-1.1).")
    ] = None,
    setup: Annotated[
        Optional[str],
        typer.Option("--setup", help="The set-up file (TB-2.3); the example's by default."),
    ] = None,
    dice: Annotated[
        Optional[str], typer.Option("--dice", help="committed (default) or external (TB-16.2).")
    ] = None,
    setting: Annotated[
        Optional[list[str]],
        typer.Option(
            "--setting",
            help="NAME=VALUE, a TB-18 setting (the default first): " + SETTING_CHOICES + ".",
        ),
    ] = None,
) -> None:
    """The options of `campaign new` for Thunderbolt."""
