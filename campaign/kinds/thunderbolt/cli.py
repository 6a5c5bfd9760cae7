"""Thunderbolt's commands (`--rules thunderbolt`): the options of `new`, and each chapter's
commands, registered on `commands` as its module is imported, in the rulebook's order."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.kinds.thunderbolt.interpretations import SETTINGS
from campaign.kinds.thunderbolt.options import commands
from campaign.kinds.thunderbolt.turn import cli as turn
from campaign.kinds.thunderbolt.magistrates import cli as magistrates
from campaign.kinds.thunderbolt.senate import cli as senate
from campaign.kinds.thunderbolt.legions import cli as legions
from campaign.kinds.thunderbolt.naval import cli as naval
from campaign.kinds.thunderbolt.carthage import cli as carthage
from campaign.kinds.thunderbolt.allies import cli as allies
from campaign.kinds.thunderbolt.tribes import cli as tribes
from campaign.kinds.thunderbolt.auguries import cli as auguries
from campaign.kinds.thunderbolt.macedonia import cli as macedonia
from campaign.kinds.thunderbolt.reports import cli as reports
from campaign.kinds.thunderbolt.victory import cli as victory

CHAPTERS = (
    turn, magistrates, senate, legions, naval, carthage, allies, tribes, macedonia, auguries,
    reports, victory,
)  # fmt: skip
"""Each chapter's commands, registered on `commands` as its module is imported: in the
rulebook's order, the order of `campaign --help`."""
__all__ = ["CHAPTERS", "commands", "start_options"]


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
