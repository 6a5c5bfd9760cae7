"""The commands of Macedonia (TB-27): the war's Augury events, its ambassadors, and Rome's
Legions sent to the Macedonia Holding Box and back."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.commandline.core import CampaignOption
from campaign.kinds.thunderbolt import RULES as TB
from campaign.kinds.thunderbolt.options import (
    DrmOption,
    EvidenceOption,
    FaceOption,
    command,
    drms,
    rolled,
)

LegionsArgument = Annotated[list[str], typer.Argument(help="The Legions, by numeral (XI).")]


@command("macedonian-war")
def macedonian_war(
    ctx: typer.Context,
    what: Annotated[
        str,
        typer.Argument(
            help="begin (its first Augury), resolve (a later one, on its table) or end."
        ),
    ],
    ambassador: Annotated[
        Optional[list[str]],
        typer.Option(
            "--ambassador", help="SIDE=DRM: an ambassador's result on the Ambassador Table."
        ),
    ] = None,
    drm: DrmOption = None,
    result: Annotated[
        Optional[str],
        typer.Option("--result", help="What the First Macedonian War Table gives, as it reads."),
    ] = None,
    ends: Annotated[bool, typer.Option("--ends", help="The result ends the war.")] = False,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """E: the Macedonian War event of this Augury: it begins the war, ends it, or (resolve) Rome
    rolls on the First Macedonian War Table (TB-27.2, TB-27.4)."""
    from campaign.kinds.thunderbolt.chapters.macedonia import decide as macedonia

    if what.strip().lower() != "resolve":
        ctx.obj.act(campaign, lambda state: macedonia.changed(state, what), TB)
        return
    rolls, modifiers = drms(ambassador), drms(drm)
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: macedonia.resolved(state, rolls, modifiers, result, ends, faces),
    )


@command()
def ambassador(
    ctx: typer.Context,
    leader: Annotated[
        str,
        typer.Argument(help="The ambassador: a leader of the pool, or a Carthaginian Subordinate."),
    ],  # fmt: skip
    by: Annotated[str, typer.Option("--by", help="Hannibal, or Rome's OC, who sends him.")],
    campaign: CampaignOption = None,
) -> None:
    """D: a Diplomacy Operation sending an ambassador to Macedonia, 1 Guile Point (TB-27.3)."""
    from campaign.kinds.thunderbolt.chapters.macedonia import decide as macedonia

    ctx.obj.act(campaign, lambda state: macedonia.send(state, by, leader), TB)


@command("macedonia-commit")
def macedonia_commit(
    ctx: typer.Context, legions: LegionsArgument, campaign: CampaignOption = None
) -> None:
    """B3b: one or two Legions raised now placed in the Macedonia Holding Box (TB-27.5)."""
    from campaign.kinds.thunderbolt.chapters.macedonia import decide as macedonia

    ctx.obj.act(campaign, lambda state: macedonia.commit(state, legions), TB)


@command("macedonia-return")
def macedonia_return(
    ctx: typer.Context,
    legions: LegionsArgument,
    at: Annotated[str, typer.Option("--at", help="The province of Roman Italy they go to.")],
    campaign: CampaignOption = None,
) -> None:
    """B3b after the war: Legions back from the Macedonia Holding Box (TB-27.6)."""
    from campaign.kinds.thunderbolt.chapters.macedonia import decide as macedonia

    ctx.obj.act(campaign, lambda state: macedonia.bring_back(state, legions, at), TB)
