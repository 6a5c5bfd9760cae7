"""The commands of Rome's magistrates (TB-6 to TB-8): B1a, B1b, B1c."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.commandline.core import CampaignOption
from campaign.errors import CampaignError
from campaign.kinds.thunderbolt import RULES as TB
from campaign.kinds.thunderbolt.options import (
    DrawnOption,
    DrmOption,
    EvidenceOption,
    FaceOption,
    LeaderArgument,
    ProvinceOption,
    TheaterOption,
    command,
    drms,
    rolled,
)


@command()
def prorogue(
    ctx: typer.Context,
    leader: LeaderArgument,
    as_office: Annotated[
        str, typer.Option("--as", help="Proconsul or Praetor (TB-7.2).")
    ] = "Proconsul",
    theater: TheaterOption = None,
    province: ProvinceOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B1a: keep a magistrate in office for another year, assigned anew (TB-7.2, TB-6.4)."""
    from campaign.kinds.thunderbolt.chapters.magistrates import decide as magistrates

    ctx.obj.act(
        campaign,
        lambda state: magistrates.prorogue(state, leader, as_office, theater, province),
        TB,
    )


@command()
def release(
    ctx: typer.Context,
    leader: Annotated[Optional[str], typer.Argument(help="A Roman magistrate.")] = None,
    every: Annotated[
        bool, typer.Option("--all", help="Every magistrate not yet prorogued or released.")
    ] = False,
    campaign: CampaignOption = None,
) -> None:
    """B1a: release a magistrate, to the Triumph Holding Box or the pool (TB-7.5)."""
    from campaign.kinds.thunderbolt.chapters.magistrates import decide as magistrates

    def decide(state):
        if every == (leader is not None):
            raise CampaignError("Name the magistrate to release, or say --all.")
        return magistrates.release_all(state) if every else magistrates.release(state, leader)

    ctx.obj.act(campaign, decide, TB)


@command()
def pluto(
    ctx: typer.Context,
    leader: Annotated[
        Optional[str], typer.Argument(help="The leader; every leader due when left out.")
    ] = None,
    drm: DrmOption = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    outcome: Annotated[
        Optional[str],
        typer.Option(
            "--outcome", help="unharmed, wounded or killed, where the set-up has no chart."
        ),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """B1b: A Visit from Pluto: a Leader Loss roll for each Roman leader not in the pool
    (TB-7.7)."""
    from campaign.kinds.thunderbolt.chapters.magistrates import decide as magistrates

    modifiers = drms(drm)
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: magistrates.pluto(state, leader, modifiers, faces, outcome),
    )


@command()
def elect(
    ctx: typer.Context,
    office: Annotated[
        Optional[str],
        typer.Argument(
            help="Consul, Proconsul, Praetor, Governor (with --province) or PU; the office due "
            "when left out."
        ),
    ] = None,
    every: Annotated[
        bool, typer.Option("--all", help="Every office due, in order, as TB-8 gives them.")
    ] = False,
    leader: DrawnOption = None,
    from_triumph: Annotated[
        Optional[str],
        typer.Option("--from-triumph", help="Chosen from the Triumph Holding Box (TB-8.2)."),
    ] = None,
    ca: Annotated[Optional[int], typer.Option("--ca", help="A Proconsul's CA (TB-8.4).")] = None,
    legions: Annotated[
        Optional[list[str]],
        typer.Option("--legion", help="A Praetor's Legion; two for a Proconsul's new CA."),
    ] = None,
    theater: TheaterOption = None,
    province: ProvinceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """B1c: elect the next magistrate, drawn from the pool or chosen from the Triumph Holding Box
    (TB-8); --all fills every office due."""
    from campaign.kinds.thunderbolt.board import dice, naming
    from campaign.kinds.thunderbolt.chapters.magistrates import decide as magistrates

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)

    def decide(state):
        draws = dice.draws_for(
            state, secrets, naming.leader(state, leader) if leader else None, evidence
        )
        if every:
            return magistrates.elect_all(state, draws)
        return magistrates.elect(
            state, office, draws, from_triumph, ca, tuple(legions or ()), theater, province
        )

    ctx.obj.act(name, decide, TB)


@command()
def imperium(
    ctx: typer.Context,
    leader: Annotated[
        Optional[str], typer.Argument(help="The Consul; the first awaiting his army if left out.")
    ] = None,
    ca: Annotated[Optional[int], typer.Option("--ca", help="A leaderless CA.")] = None,
    legions: Annotated[
        Optional[list[str]], typer.Option("--legion", help="Loose Legions made a new CA.")
    ] = None,
    none: Annotated[bool, typer.Option("--none", help="No army is left for him.")] = False,
    theater: TheaterOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B1c: an elected Consul's army and Theater (TB-8.3, TB-6.4)."""
    from campaign.kinds.thunderbolt.chapters.magistrates import decide as magistrates

    ctx.obj.act(
        campaign,
        lambda state: magistrates.imperium(state, leader, ca, tuple(legions or ()), theater, none),
        TB,
    )


@command()
def assign(
    ctx: typer.Context,
    leader: LeaderArgument,
    theater: TheaterOption = None,
    province: ProvinceOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B1a: the assignment of a magistrate the rules prorogued (TB-7.4, TB-6.4)."""
    from campaign.kinds.thunderbolt.chapters.magistrates import decide as magistrates

    ctx.obj.act(campaign, lambda state: magistrates.assign(state, leader, theater, province), TB)


@command()
def governor(
    ctx: typer.Context,
    praetor: Annotated[str, typer.Argument(help="An unbesieged Praetor on the map.")],
    province: ProvinceOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B1c: a Praetor designated governor of Sicily or Sardinia instead of one elected (TB-8.6);
    the island's province he governs (his Legion's, when it is on the island)."""
    from campaign.kinds.thunderbolt.chapters.magistrates import decide as magistrates

    ctx.obj.act(campaign, lambda state: magistrates.designate(state, praetor, province), TB)
