"""The commands of the Italian Allies (TB-15)."""

from __future__ import annotations

from typing import Annotated

import typer

from campaign.commandline.core import CampaignOption
from campaign.kinds.thunderbolt import RULES as TB
from campaign.kinds.thunderbolt.options import EvidenceOption, FaceOption, command, rolled


@command()
def victory(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="Where the Major Victory was won.")],
    by: Annotated[str, typer.Option("--by", help="rome or carthage.")],
    kind: Annotated[
        str, typer.Option("--kind", help="land-in-italy, land-outside-italy or siege.")
    ] = "land-in-italy",
    campaign: CampaignOption = None,
) -> None:
    """A Major Victory reported from the table; the Italian Allies move (TB-15.2)."""
    from campaign.kinds.thunderbolt.chapters.allies import decide as allies

    ctx.obj.act(campaign, lambda state: allies.victory(state, kind, province, by), TB)


@command()
def devastate(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="The track province devastated.")],
    by: Annotated[str, typer.Option("--by", help="rome or carthage.")],
    campaign: CampaignOption = None,
) -> None:
    """A devastation (F2): 4 boxes toward the devastator's opponent (TB-15.2)."""
    from campaign.kinds.thunderbolt.chapters.allies import decide as allies

    ctx.obj.act(campaign, lambda state: allies.devastate(state, province, by), TB)


@command()
def sack(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="The Carthage-allied track province.")],
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """Rome sacked a city: Roman Retribution, the neighbours rolling (TB-15.7)."""
    from campaign.kinds.thunderbolt.chapters.allies import decide as allies

    rolled(ctx, campaign, face, evidence, lambda state, faces: allies.sack(state, province, faces))


@command()
def presence(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="The track province.")],
    side: Annotated[str, typer.Option("--side", help="rome or carthage: who claims it.")],
    force: Annotated[
        str, typer.Option("--force", help="The force of 20+ SP that stayed there all Game Turn.")
    ] = "",
    campaign: CampaignOption = None,
) -> None:
    """G1: Watchful Presence, 1 box toward the player (TB-15.8)."""
    from campaign.kinds.thunderbolt.chapters.allies import decide as allies

    ctx.obj.act(campaign, lambda state: allies.presence(state, province, side, force), TB)


@command()
def diplomacy(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="The Roman-allied track province.")],
    result: Annotated[
        str, typer.Option("--result", help="The Ambassador Table's result: 2, -1 … or D.")
    ],
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D: Hannibal's Diplomacy, 1 Guile spent, the die and the Ambassador Table (TB-15.6)."""
    from campaign.kinds.thunderbolt.chapters.allies import decide as allies

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: allies.diplomacy(state, province, result, faces),
    )
