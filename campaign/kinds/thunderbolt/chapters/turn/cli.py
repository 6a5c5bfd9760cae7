"""The commands of the Sequence of Play and the LAM cup (TB-3, TB-4)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.commandline.core import CampaignOption
from campaign.kinds.thunderbolt import RULES as TB
from campaign.kinds.thunderbolt.options import EvidenceOption, MarkerOption, command


@command()
def done(
    ctx: typer.Context,
    step: Annotated[str, typer.Argument(help="The step in hand, e.g. B1a.")],
    side: Annotated[Optional[str], typer.Option("--side", help="rome or carthage.")] = None,
    campaign: CampaignOption = None,
) -> None:
    """A side has finished a step (TB-3.4); the Game Turn's end reveals its dice secret."""
    from campaign.kinds.thunderbolt.chapters.turn import decide as turn

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)

    def decide(state):
        return turn.finish(state, step, side, secrets)

    ctx.obj.act(name, decide, TB)


@command("close-step")
def close_step(
    ctx: typer.Context,
    step: Annotated[str, typer.Argument(help="The step in hand.")],
    reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")] = "",
    campaign: CampaignOption = None,
) -> None:
    """An organiser closes a step in hand, with the reason (TB-3.4)."""
    from campaign.kinds.thunderbolt.chapters.turn import decide as turn

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)
    ctx.obj.act(name, lambda state: turn.close(state, step, reason, secrets), TB)


@command()
def initiative(
    ctx: typer.Context,
    drawn: Annotated[
        Optional[str],
        typer.Argument(help="As drawn at the table: leader, siege, delivery, augury or empty."),
    ] = None,
    marker: MarkerOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """C2: the program draws from the LAM cup (TB-4.4), or what the table drew is entered."""
    from campaign.kinds.thunderbolt.chapters.turn import decide as turn

    if drawn is not None:
        ctx.obj.act(campaign, lambda state: turn.initiative(state, drawn), TB)
        return
    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)
    ctx.obj.act(
        name, lambda state: turn.draw(state, turn.cup_draws(state, secrets, marker, evidence)), TB
    )


@command()
def finished(
    ctx: typer.Context,
    marker: MarkerOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D or E: the leader is Finished: both sides' "done" and the next draw from the cup, in one
    command (TB-4.6, TB-4.4)."""
    from campaign.kinds.thunderbolt.chapters.turn import decide as turn

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)

    def decide(state):
        return turn.finished(state, turn.cup_draws(state, secrets, marker, evidence), secrets)

    ctx.obj.act(name, decide, TB)


@command("pu-phase")
def pu_phase(ctx: typer.Context, campaign: CampaignOption = None) -> None:
    """D: a Consul's LAM was drawn: the PU takes that Operations Phase instead (TB-4.5)."""
    from campaign.kinds.thunderbolt.chapters.turn import decide as turn

    ctx.obj.act(campaign, turn.pu_phase, TB)
