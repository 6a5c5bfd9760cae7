"""Commands about a campaign's people, every kind alike: rename the campaign, replace, rename or
withdraw a player, and the hub's personal links (invite, revoke)."""

from __future__ import annotations

from typing import Annotated

import typer

from campaign.commandline.core import (
    CampaignOption,
    registrar,
    say,
)
from campaign.domain.grammar import plural
from campaign.errors import CampaignError

commands = typer.Typer()
command = registrar(commands, "Every campaign")


@command()
def rename(
    ctx: typer.Context,
    new_name: Annotated[str, typer.Argument(metavar="NEW", help="The campaign's new name.")],
    campaign: CampaignOption = None,
) -> None:
    """Give the campaign a new name; its log, hashes and published chain heads stay as they are."""
    from campaign.domain.shared_commands import rename as renamed
    from campaign.input.text import name as name_text

    name, new = ctx.obj.name(campaign), name_text(new_name, "the campaign's name")
    ctx.obj.campaigns.listing.check_name_free(new)
    ctx.obj.campaigns.act(name, lambda state: renamed(new), ctx.obj.actor)
    say(f"{name} is called {new} now.")


ReasonOption = Annotated[str, typer.Option("--reason", help="Why, for the record.")]


@command("replace-player")
def replace_player(
    ctx: typer.Context,
    player: Annotated[str, typer.Argument(metavar="OLD", help="The player who leaves.")],
    newcomer: Annotated[str, typer.Argument(metavar="NEW", help="Who takes over the place.")],
    reason: ReasonOption = "",
    campaign: CampaignOption = None,
) -> None:
    """A newcomer takes over a player's holdings, roster, place in the order and everything still
    to come; what the player did stays the player's own in the log and the reports."""
    from campaign.domain.shared_commands import replace_player as replaced

    decide = lambda loaded: replaced(loaded.kind, loaded.state, player, newcomer, reason)  # noqa: E731
    _act_on_people(ctx, campaign, decide)


@command("rename-player")
def rename_player(
    ctx: typer.Context,
    player: Annotated[str, typer.Argument(metavar="OLD", help="The name as it was written.")],
    new_name: Annotated[str, typer.Argument(metavar="NEW", help="The name as it should be.")],
    reason: ReasonOption = "a typo put right",
    campaign: CampaignOption = None,
) -> None:
    """Put a player's name right: the same player, under his right name in every round."""
    from campaign.domain.shared_commands import rename_player as renamed

    decide = lambda loaded: renamed(loaded.kind, loaded.state, player, new_name, reason)  # noqa: E731
    _act_on_people(ctx, campaign, decide)


@command()
def withdraw(
    ctx: typer.Context,
    player: Annotated[str, typer.Argument(help="The player who leaves with no replacement.")],
    reason: ReasonOption = "",
    campaign: CampaignOption = None,
) -> None:
    """A player leaves with no replacement: his kind's rules page says what becomes of his place,
    and the command says what it recorded."""
    from campaign.domain.shared_commands import withdraw as withdrawn

    decide = lambda loaded: withdrawn(loaded.kind, loaded.state, player, reason)  # noqa: E731
    _act_on_people(ctx, campaign, decide)


def _act_on_people(ctx: typer.Context, campaign: str | None, decide) -> None:
    name = ctx.obj.name(campaign)
    ctx.obj.perform(name, decide)


@command()
def invite(
    ctx: typer.Context,
    who: Annotated[str, typer.Argument(metavar="NAME", help="A player, an arbiter or a viewer.")],
    role: Annotated[
        str,
        typer.Option(
            "--role",
            help="player (a player's own actions), arbiter (rulings), viewer, organiser (the "
            "console).",
        ),
    ] = "player",
    url: Annotated[
        str, typer.Option("--url", help="The hub's address, to print the whole link.")
    ] = "http://127.0.0.1:8000",
    campaign: CampaignOption = None,
) -> None:
    """A personal link to the hub (campaign serve): a player acts himself, an arbiter records
    rulings, a viewer looks; only the secret's hash is kept, never in the log."""
    import secrets

    from campaign.input.names import resolve
    from campaign.input.text import person
    from campaign.web.hub import ROLES

    name = ctx.obj.name(campaign)
    chosen = resolve("role", role, ROLES)
    loaded = ctx.obj.campaigns.load(name)
    person = (
        resolve("player", who, loaded.kind.players(loaded.state))
        if chosen == "player"
        else person(who, "the name")
    )
    token = secrets.token_urlsafe(24)
    ctx.obj.campaigns.links.grant(name, token, chosen, person)
    say(f"{person}'s link ({chosen}) to {name}: {url.rstrip('/')}/a/{token}")
    say(
        "Hand it to that person alone: whoever holds it acts under that name. campaign revoke "
        "NAME ends it."
    )


@command()
def revoke(
    ctx: typer.Context,
    who: Annotated[str, typer.Argument(metavar="NAME", help="Whose links stop working.")],
    campaign: CampaignOption = None,
) -> None:
    """Every personal link of NAME to this campaign stops working."""
    name, whom = ctx.obj.name(campaign), " ".join(who.split())
    count = ctx.obj.campaigns.links.revoke(name, whom)
    if not count:
        raise CampaignError(f"{whom} holds no link to {name}.")
    say(
        f"{plural(count, 'link')} of {whom} to {name} "
        f"{'no longer works' if count == 1 else 'no longer work'}."
    )


@command()
def away(
    ctx: typer.Context,
    player: Annotated[str, typer.Argument(help="The player going on holiday.")],
    days: Annotated[int, typer.Option("--days", help="How many days, from the player's bank.")],
    reason: ReasonOption = "holiday",
    campaign: CampaignOption = None,
) -> None:
    """A player's holiday from his bank of days (at most 14 a campaign): recorded for everyone,
    and the deadline of a step that waits for him moved on by as many days."""
    from campaign.domain import deadlines
    from campaign.input import clock

    name, moment = ctx.obj.name(campaign), clock.now()

    def decide(loaded):
        of, state = loaded.kind, loaded.state
        players, awaited, step = of.players(state), of.awaited(state), of.next_step(state)
        return deadlines.away(loaded.events, players, awaited, step, player, days, reason, moment)

    ctx.obj.perform(name, decide)
