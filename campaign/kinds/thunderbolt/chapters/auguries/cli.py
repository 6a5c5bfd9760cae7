"""The command of the Augury Phase (TB-22)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.commandline.core import CampaignOption
from campaign.kinds.thunderbolt import RULES as TB
from campaign.kinds.thunderbolt.options import command


@command()
def augury(
    ctx: typer.Context,
    event: Annotated[
        str, typer.Option("--event", help="What the scenario's Augury Table gave, as it reads.")
    ] = "",
    roll: Annotated[
        Optional[int], typer.Option("--roll", help="The roll made at the table (0 to 18).")
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """E: the Augury Phase's roll and its event, from the table (TB-22); what the event brings
    about is entered with its own commands."""
    from campaign.kinds.thunderbolt.chapters.auguries import decide as auguries

    ctx.obj.act(campaign, lambda state: auguries.augury(state, event, roll), TB)
