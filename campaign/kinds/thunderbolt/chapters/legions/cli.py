"""The commands of Rome's Legions (TB-11)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.commandline.core import CampaignOption
from campaign.kinds.thunderbolt import RULES as TB
from campaign.kinds.thunderbolt.options import (
    ByOption,
    DrmOption,
    EvidenceOption,
    FaceOption,
    command,
    drms,
    given_sp,
    rolled,
)


@command("legion-request")
def legion_request(
    ctx: typer.Context,
    at: Annotated[
        Optional[str],
        typer.Option("--at", help="Where the new Legions go: a province of Roman Italy."),
    ] = None,
    ns: Annotated[
        Optional[int],
        typer.Option("--ns", help="NS levels Rome built (recorded with `naval`, or entered)."),
    ] = None,
    drm: DrmOption = None,
    legions: Annotated[
        Optional[int],
        typer.Option("--legions", help="The Legions raised, where the set-up has no chart."),
    ] = None,
    ca: Annotated[
        Optional[list[int]],
        typer.Option("--ca", help="A one-Legion CA to fill, when they outnumber the new Legions."),
    ] = None,
    train: Annotated[
        int, typer.Option("--train", help="One or two new Legions to Rome for the PU to train.")
    ] = 0,
    auxiliary: Annotated[
        str, typer.Option("--auxiliary", help="At an adjusted DR of 9+: Italian, Gallic, …")
    ] = "",
    auxiliary_to: Annotated[
        str, typer.Option("--auxiliary-to", help="The CA (CA 3) or Legion that takes it.")
    ] = "",
    by: ByOption = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """B3b: Rome's Legion Request; the new Legions placed and led in order (TB-11.4 to 11.7); in
    D, with --by, a Manpower Operation's (TB-11.3)."""
    from campaign.kinds.thunderbolt.chapters.legions import decide as legions_rules

    modifiers = drms(drm)
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: legions_rules.legion_request(
            state, modifiers, ns, faces, legions, at, ca or [], train, auxiliary, auxiliary_to, by
        ),
    )


@command()
def train(
    ctx: typer.Context,
    left: Annotated[
        Optional[list[str]], typer.Option("--left", help="A Legion that left Rome: no roll.")
    ] = None,
    pu_left: Annotated[
        bool, typer.Option("--pu-left", help="The PU left Rome since: no training.")
    ] = False,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """G2: a die for each Legion the PU trains in Rome; 7 or more: Veteran (TB-11.9)."""
    from campaign.kinds.thunderbolt.chapters.legions import decide as legions

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: legions.train(state, left or [], pu_left, faces),
    )


@command("disband-legions")
def disband_legions(
    ctx: typer.Context,
    legions: Annotated[Optional[list[str]], typer.Argument(help="Legions, e.g. IX X.")] = None,
    ca: Annotated[Optional[list[int]], typer.Option("--ca", help="A CA: both its Legions.")] = None,
    campaign: CampaignOption = None,
) -> None:
    """B1a, after the prorogues: leaderless Legions disbanded by choice (TB-11.11)."""
    from campaign.kinds.thunderbolt.chapters.legions import decide as legions_rules

    ctx.obj.act(
        campaign, lambda state: legions_rules.disband_legions(state, legions or [], ca or []), TB
    )


@command()
def reinforcements(
    ctx: typer.Context,
    give: Annotated[
        Optional[list[str]],
        typer.Option(
            "--give", help="LEGION:CLASS=N, e.g. X:citizen-infantry=4 or XIV:ala-cavalry=1."
        ),
    ] = None,
    sp: Annotated[
        Optional[int], typer.Option("--sp", help="The SP raised, where the set-up has no chart.")
    ] = None,
    ns: Annotated[
        Optional[int],
        typer.Option("--ns", help="NS levels Rome built (recorded with `naval`, or entered)."),
    ] = None,
    drm: DrmOption = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    by: ByOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B3b: reinforcements instead of Legions, given to Legions by class (TB-11.8)."""
    from campaign.kinds.thunderbolt.chapters.legions import decide as legions

    modifiers = drms(drm)
    given = given_sp(give or [])
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: legions.reinforcements(state, modifiers, ns, faces, given, sp, by),
    )


@command()
def marine(
    ctx: typer.Context,
    at: Annotated[str, typer.Option("--at", help="Ostia's province (or Roma's).")],
    take: Annotated[
        Optional[int], typer.Option("--take", help="SP taken, up to the die (all by default).")
    ] = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    by: ByOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B3b, in a Major Emergency: the Marine Legion instead of a Legion Request (TB-11.12)."""
    from campaign.kinds.thunderbolt.chapters.legions import decide as legions

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: legions.marine(state, take, at, faces, by),
    )


@command("slave-legions")
def slave_legions(
    ctx: typer.Context,
    at: Annotated[
        list[str],
        typer.Option(
            "--at", help="A Roman-controlled province of Roman Italy: once for both, or each."
        ),
    ],
    by: ByOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B3b, in a Major Emergency: both Slave Legions instead of a Legion Request, with the Marine
    Legion if wished (TB-11.13)."""
    from campaign.kinds.thunderbolt.chapters.legions import decide as legions

    ctx.obj.act(campaign, lambda state: legions.slave_legions(state, at, by), TB)


@command()
def deliver(
    ctx: typer.Context,
    give: Annotated[
        Optional[list[str]],
        typer.Option("--give", help="SP arriving: LEGION:CLASS=N, e.g. VII:citizen-infantry=3."),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """D, the Legate LAM drawn: the reinforcement SP arriving join their Theater's Legions; the
    Holding Boxes are emptied (TB-11.8)."""
    from campaign.kinds.thunderbolt.chapters.legions import decide as legions

    given = given_sp(give or [])
    ctx.obj.act(campaign, lambda state: legions.deliver(state, given), TB)


@command()
def naval(
    ctx: typer.Context,
    built: Annotated[int, typer.Option("--built", help="NS levels Rome built this Game Turn.")],
    campaign: CampaignOption = None,
) -> None:
    """B3a: the NS levels Rome built, whose DRM the Legion Request takes (TB-11.4, TB-18.7)."""
    from campaign.kinds.thunderbolt.chapters.legions import decide as legions

    ctx.obj.act(campaign, lambda state: legions.naval(state, built), TB)
