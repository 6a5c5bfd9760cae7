"""The command of Naval Superiority (TB-26)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.commandline.core import CampaignOption, pairs
from campaign.kinds.thunderbolt import RULES as TB
from campaign.kinds.thunderbolt.options import command


@command("ns")
def ns(
    ctx: typer.Context,
    side: Annotated[str, typer.Option("--side", help="rome or carthage.")] = "rome",
    built: Annotated[
        int, typer.Option("--built", help="Carthage's NS levels built (Rome's: naval --built).")
    ] = 0,
    into: Annotated[
        Optional[list[str]], typer.Option("--to", help="A Naval Zone taking one level built.")
    ] = None,
    move: Annotated[
        Optional[list[str]], typer.Option("--move", help="FROM=TO: one level re-allotted.")
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """B3a: NS levels built put into Naval Zones, then re-allotted, as the table did (TB-26)."""
    from campaign.kinds.thunderbolt.chapters.naval import decide as naval

    moves = [pair(m) for m in move or []]
    ctx.obj.act(campaign, lambda state: naval.allot(state, side, built, into or [], moves), TB)


def pair(written: str) -> tuple[str, str]:
    """A re-allotment as typed, FROM=TO (the same move may be typed twice)."""
    ((origin, target),) = pairs([written], "FROM=TO").items()
    return origin, target
