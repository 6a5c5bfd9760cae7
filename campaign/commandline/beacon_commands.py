"""`campaign beacon` (issue #52): a round of the public randomness beacon (drand quicknet)
entered by hand, its signature checked offline against the network's public key before anything
is recorded. What was entered proves itself; what was made up is refused, and `verify` checks
it again."""

from __future__ import annotations

from typing import Annotated

import typer

from campaign.commandline.core import CampaignOption, registrar, say, unkept

commands = typer.Typer()
command = registrar(commands, "Every campaign")


@command()
def beacon(
    ctx: typer.Context,
    number: Annotated[
        int, typer.Argument(metavar="ROUND", help="The round's number, as the beacon gives it.")
    ],
    signature: Annotated[
        str,
        typer.Argument(
            help="The round's signature: 96 hexadecimal characters, as the beacon gives it."
        ),
    ],
    campaign: CampaignOption = None,
) -> None:
    """Enter a round of the drand quicknet randomness beacon: its signature is checked against
    the network's public key, here and offline, and only then recorded in the campaign's log
    with the randomness it gives (the SHA-256 of the signature). A signature that is not the
    beacon's is refused, and nothing is recorded."""
    from campaign.domain.drafts import draft
    from campaign.proof.beacon import verified
    from campaign.service import use_cases
    from events.common import BeaconRoundEntered

    entered = verified(number, signature)  # refused before the store is opened
    act = use_cases.Act(
        ctx.obj.name(campaign),
        lambda loaded: [draft(BeaconRoundEntered, **entered.fields())],
        ctx.obj.actor,
    )
    outcome = use_cases.perform(ctx.obj.campaigns, act)
    signed = entered.time.strftime("%Y-%m-%d %H:%M:%S UTC")
    say(
        f"Round {entered.number} of {entered.network.name} (signed {signed}) verified against "
        f"the network's public key and recorded: its randomness is {entered.randomness}."
    )
    say(f"Next: {outcome.next_step}", style="bold")
    if outcome.unkept:
        say(unkept(outcome.unkept), err=True)
