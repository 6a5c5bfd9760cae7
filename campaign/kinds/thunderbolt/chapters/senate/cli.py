"""The commands of the Dictator and the Senate (TB-9.4, TB-10)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.commandline.core import CampaignOption
from campaign.kinds.thunderbolt import RULES as TB
from campaign.kinds.thunderbolt.options import (
    DrmOption,
    EvidenceOption,
    FaceOption,
    LeaderArgument,
    command,
    drms,
    rolled,
)


@command()
def dictator(
    ctx: typer.Context,
    leader: Annotated[
        Optional[str], typer.Argument(help="The Dictator; the one just elected if left out.")
    ] = None,
    ca: Annotated[
        Optional[list[int]],
        typer.Option("--ca", help="In the field: a leaderless CA (two at most)."),
    ] = None,
    me: Annotated[
        Optional[str], typer.Option("--me", help="He stays in Rome: the ME picked from the pool.")
    ] = None,
    me_ca: Annotated[
        Optional[int], typer.Option("--me-ca", help="The leaderless CA the ME takes.")
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """B1c: the Dictator takes the field with his CAs, or stays in Rome with an ME (TB-9.4)."""
    from campaign.kinds.thunderbolt.chapters.senate import decide as senate

    ctx.obj.act(campaign, lambda state: senate.dictator(state, leader, ca or [], me, me_ca), TB)


@command("ask-senate")
def ask_senate(
    ctx: typer.Context,
    leader: LeaderArgument,
    purpose: Annotated[
        str, typer.Argument(help="leave, enter-rome, pu-out or over-8 (TB-10.2).")
    ] = "leave",
    drm: DrmOption = None,
    guile: Annotated[int, typer.Option("--guile", help="Guile Points spent, -1 each.")] = 0,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D: a Senate Permission request, granted at most the leader's Campaign Rating (TB-10.1)."""
    from campaign.kinds.thunderbolt.chapters.senate import decide as senate

    modifiers = drms(drm)
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: senate.ask_senate(state, leader, purpose, modifiers, guile, faces),
    )


@command()
def censure(
    ctx: typer.Context,
    leader: LeaderArgument,
    drm: DrmOption = None,
    face: FaceOption = None,
    drawn: Annotated[
        Optional[str],
        typer.Option("--leader", help="With --dice external: his replacement drawn (TB-10.7)."),
    ] = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D: a magistrate who went out by Hot Pursuit rolls for Censure when Finished (TB-10.6)."""
    from campaign.kinds.thunderbolt.board import dice, naming
    from campaign.kinds.thunderbolt.chapters.senate import decide as senate

    modifiers = drms(drm)
    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)

    def decide(state):
        faces = dice.faces_for(state, secrets, face or [], evidence)
        chosen = naming.leader(state, drawn) if drawn else None
        draws = dice.draws_for(state, secrets, chosen, evidence)
        return senate.censure(state, leader, modifiers, faces, draws)

    ctx.obj.act(name, decide, TB)


@command()
def victor(
    ctx: typer.Context,
    leader: LeaderArgument,
    how: Annotated[
        str, typer.Option("--how", help="battle, assault or attrition (a city taken).")
    ] = "battle",
    inflicted: Annotated[
        int, typer.Option("--inflicted", help="Enemy infantry/cavalry SP he inflicted in it.")
    ] = 0,
    enemy_infantry: Annotated[
        bool, typer.Option("--enemy-infantry", help="Enemy infantry was present.")
    ] = False,
    campaign: CampaignOption = None,
) -> None:
    """D or E: a magistrate's victory that earns him a Triumph (TB-10.9)."""
    from campaign.kinds.thunderbolt.chapters.senate import decide as senate

    ctx.obj.act(
        campaign, lambda state: senate.earned(state, leader, how, inflicted, enemy_infantry), TB
    )


@command()
def triumph(
    ctx: typer.Context,
    leader: LeaderArgument,
    lost: Annotated[
        int, typer.Option("--lost", help="% of his force lost in the victory's Game Turn.")
    ] = 0,
    guile: Annotated[int, typer.Option("--guile", help="Guile Points spent, -1 each.")] = 0,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D: he enters Rome alone and celebrates; 15 % losses or more need the Senate (TB-10.9)."""
    from campaign.kinds.thunderbolt.chapters.senate import decide as senate

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: senate.triumph(state, leader, lost, guile, faces),
    )
