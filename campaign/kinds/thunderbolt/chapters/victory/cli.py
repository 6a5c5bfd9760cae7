"""The command of Victory Determination (TB-20)."""

from __future__ import annotations

from typing import Annotated

import typer

from campaign.commandline.core import CampaignOption
from campaign.kinds.thunderbolt import RULES as TB
from campaign.kinds.thunderbolt.options import command


@command()
def winner(
    ctx: typer.Context,
    side: Annotated[str, typer.Argument(help="rome, carthage, or draw (the last Game Turn).")],
    reason: Annotated[
        str, typer.Option("--reason", help="Why, as the scenario's Victory section gives it.")
    ] = "",
    automatic: Annotated[
        bool,
        typer.Option("--automatic", help="An automatic victory, in any Game Turn (TB-20.1)."),
    ] = False,
    level: Annotated[
        str, typer.Option("--level", help="The scenario's level of victory, if it has levels.")
    ] = "",
    campaign: CampaignOption = None,
) -> None:
    """G4: the Victory Determination: an automatic victory, or the last Game Turn's result; the
    game ends with it (TB-20)."""
    from campaign.kinds.thunderbolt.chapters.victory import decide as victory

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)
    ctx.obj.act(
        name, lambda state: victory.victory(state, side, automatic, level, reason, secrets), TB
    )
