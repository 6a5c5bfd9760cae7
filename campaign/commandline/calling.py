"""Commands that call a campaign's players (issue #27): how each is reached (`contact`), and the
turn notices delivered (`notify`): in the campaign's Discord channel, pinging only the people
whose turn it is, and by e-mail."""

from __future__ import annotations

import json
from typing import Annotated, Optional

import typer

from campaign.commandline.core import (
    CampaignOption,
    KeepOption,
    NowOption,
    WebhookOption,
    registrar,
    say,
)
from campaign.domain.grammar import plural
from campaign.errors import CampaignError

commands = typer.Typer()
command = registrar(commands, "Calling the players")


@command()
def contact(
    ctx: typer.Context,
    who: Annotated[
        str,
        typer.Argument(
            metavar="NAME", help="A player, or an arbiter or organiser with a personal link."
        ),
    ],
    discord: Annotated[
        Optional[str],
        typer.Option("--discord", help="The player's Discord user id (Copy User ID), to ping."),
    ] = None,
    email: Annotated[
        Optional[str],
        typer.Option("--email", help="The player's e-mail address, for the turn notices."),
    ] = None,
    clear: Annotated[
        bool, typer.Option("--clear", help="Forget how the player is reached.")
    ] = False,
    campaign: CampaignOption = None,
) -> None:
    """How a player is told it is his turn: kept beside the log, never in it nor in an export."""
    from campaign.input.names import folded, resolve
    from campaign.notify import notices

    name = ctx.obj.name(campaign)
    loaded = ctx.obj.campaigns.load(name)
    kept = ctx.obj.campaigns.secrets.unseal(name)
    people = [*loaded.kind.players(loaded.state), *notices.linked(kept, ("arbiter", "organiser"))]
    player = resolve("player or arbiter", who, list(dict.fromkeys(people)))
    label = notices.CONTACT + folded(player)
    if clear:
        ctx.obj.campaigns.secrets.keep(name, label, "{}")
        return say(f"{player} is reached by no channel now.")
    given = notices.contact(discord, email)
    if not given:
        raise CampaignError("Give --discord USER_ID, --email ADDRESS, or --clear.")
    known = notices.contacts(kept).get(folded(player), {})
    ctx.obj.campaigns.secrets.keep(name, label, json.dumps({**known, **given}))
    ways = " and ".join(f"{way} {value}" for way, value in {**known, **given}.items())
    say(f"{player} is told when it is {player}'s turn in {name} by {ways}.")


@command("hub-url")
def hub_url(
    ctx: typer.Context,
    url: Annotated[
        Optional[str],
        typer.Argument(help="The hub's address as players open it, e.g. https://hub.example.org."),
    ] = None,
    clear: Annotated[bool, typer.Option("--clear", help="Forget the hub's address.")] = False,
    campaign: CampaignOption = None,
) -> None:
    """Where the campaign's hub (campaign serve) is reached: kept beside the log, so that each
    turn notice links to the campaign's page, and each e-mailed one to a fresh personal link
    that opens the player's own page (14 days; campaign revoke NAME ends them)."""
    from urllib.parse import urlsplit

    from campaign.notify import notices

    name = ctx.obj.name(campaign)
    if clear:
        ctx.obj.campaigns.secrets.keep(name, notices.HUB, "")
        return say(f"The notices of {name} carry no link now.")
    if url is None:
        known = ctx.obj.campaigns.secrets.unseal(name).get(notices.HUB)
        return say(f"{name}'s hub: {known}." if known else f"{name} has no hub address kept.")
    parts = urlsplit(url.strip())
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.username
        or parts.query
        or parts.fragment
        or not url.strip().isprintable()
        or " " in url.strip()
    ):
        raise CampaignError(f"Give the hub's address as https://HOST[:PORT][/PATH], not {url!r}.")
    kept = url.strip().rstrip("/")
    ctx.obj.campaigns.secrets.keep(name, notices.HUB, kept)
    say(f"The notices of {name} link to {kept}/c/… (and, by e-mail, to each player's own page).")


@command()
def notify(
    ctx: typer.Context,
    smtp: Annotated[
        Optional[str],
        typer.Option(
            "--smtp",
            envvar="CAMPAIGN_SMTP",
            help="The mail server: smtp://USER:PASSWORD@HOST:PORT (STARTTLS) or smtps://…",
        ),
    ] = None,
    sender: Annotated[
        Optional[str],
        typer.Option("--from", envvar="CAMPAIGN_SMTP_FROM", help="The address notices come from."),
    ] = None,
    webhook: WebhookOption = None,
    keep: KeepOption = False,
    at: NowOption = None,
    campaign: CampaignOption = None,
) -> None:
    """Tell each person of each task that became his, once, and that it is over when someone
    else's command took it away: in the campaign's Discord channel (its kept webhook: post
    --webhook URL --keep), pinging only him, and by e-mail where he left an address (contact),
    through the mail server given here or kept (--smtp URL --from ADDRESS --keep). The organiser
    and the arbiters who left a contact are told, once, when a step's deadline has passed and the
    house rule leaves what happens to the organiser. Each channel of each person goes on its
    own; what one refused stays due and is said. Run it after each round's commands, or beside
    tick in cron."""
    from campaign.domain.deadlines import instant
    from campaign.input.clock import now
    from campaign.notify import mail
    from campaign.notify.discord import checked_url

    server = mail.Smtp.parse(smtp, sender) if smtp else None
    given = None if webhook is None else checked_url(webhook)
    if keep and not (given or server):
        raise CampaignError("--keep keeps the channel given here: --webhook URL or --smtp URL.")
    if (given or keep) and not (
        campaign or ctx.obj.campaign or len(ctx.obj.campaigns.catalogue()) == 1
    ):
        raise CampaignError("A channel kept is one campaign's: say which with -c NAME.")
    names = (
        [ctx.obj.name(campaign)]
        if campaign or ctx.obj.campaign or given or keep
        else [e.name for e in ctx.obj.campaigns.catalogue(archived=False)]
    )
    moment = instant(at) if at else now()
    failed: list[str] = []
    for name in names:
        try:
            failed += _notify(ctx.obj.campaigns, name, given, keep, server, moment)
        except CampaignError as refusal:  # one campaign's failure leaves the others notified
            failed.append(f"{name}: {str(refusal).rstrip('.')}")
    if failed:
        more = f" (and {len(failed) - 1} more, said above)" if len(failed) > 1 else ""
        raise CampaignError(f"{failed[0]}{more}; it stays due for the next notify.")


def _notify(campaigns, name: str, given: str | None, keep: bool, server, moment) -> list[str]:
    """One campaign's due notices and reminders sent, and said; what failed, in lines."""
    from campaign.notify import delivery, notices
    from campaign.notify.discord import WEBHOOK

    if given and keep:
        campaigns.secrets.keep(name, WEBHOOK, given)
    if server is not None and keep:
        campaigns.secrets.keep(name, notices.SMTP_KEPT, server.kept())
    done = delivery.send_due(campaigns, name, server, moment, given)
    for line in done.told:
        say(f"{name}: {line}")
    failed = [f"{name}: {line}" for line in done.failed]
    for line in failed:
        say(line)
    if done.waiting:
        say(
            f"{name}: {', '.join(dict.fromkeys(done.waiting))} not told: no channel reaches them "
            "(post --webhook URL --keep for the campaign's Discord channel; contact NAME --email "
            "ADDRESS, and notify --smtp URL --from ADDRESS --keep)."
        )
    unsent = [
        n for n in notices.kept_notices(campaigns.secrets.unseal(name)) if n.state == "due" and n.by
    ]
    for notice in unsent:
        if not any(notice.player in line for line in failed):
            say(f"{name}: {notice.player} not yet told by e-mail: no mail server (notify --smtp).")
    if not done.told and not done.failed and not done.waiting and not unsent:
        say(f"{name}: no turn notice is due.")
    return failed


DISCORD_ACTIONS = ("bind", "unbind", "show", "register")


@command()
def discord(
    ctx: typer.Context,
    action: Annotated[
        str,
        typer.Argument(
            help="bind (play the campaign in a Discord channel: its players act there with "
            "/campaign), unbind, show, or register (the /campaign command, with the "
            "application's bot token in CAMPAIGN_DISCORD_TOKEN)."
        ),
    ] = "show",
    channel: Annotated[
        Optional[str], typer.Argument(help="The channel's id (with bind): 17 to 20 digits.")
    ] = None,
    application: Annotated[
        Optional[str], typer.Option("--application", help="The application's id (register).")
    ] = None,
    guild: Annotated[
        Optional[str],
        typer.Option("--guild", help="A server's id (register): there at once, not everywhere."),
    ] = None,
    api: Annotated[str, typer.Option("--api", hidden=True)] = "https://discord.com/api/v10",
    campaign: CampaignOption = None,
) -> None:
    """The Discord channel a campaign is played in (issue #49): there, each person whose contact
    holds his Discord id acts with /campaign (turn: his step's choices as buttons; status),
    through the hub's interactions endpoint (campaign serve, CAMPAIGN_DISCORD_PUBLIC_KEY)."""
    from campaign.input.names import resolve
    from campaign.notify.discord import BOUND

    chosen = resolve("action", action, DISCORD_ACTIONS)
    if chosen == "register":
        return _register(application, guild, api)
    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets
    if chosen == "show":
        kept = secrets.unseal(name).get(BOUND)
        return say(
            f"{name} is played in Discord channel {kept}."
            if kept
            else f"{name} is bound to no Discord channel."
        )
    if chosen == "unbind":
        secrets.keep(name, BOUND, "")
        return say(f"{name} is bound to no Discord channel now.")
    if channel is None or not (
        channel.isascii() and channel.isdigit() and 17 <= len(channel) <= 20
    ):
        raise CampaignError(
            f"Give the channel's id, 17 to 20 digits (Discord: Copy Channel ID), not {channel!r}."
        )
    secrets.keep(name, BOUND, channel)
    say(
        f"{name} is played in Discord channel {channel}: /campaign turn there shows each "
        "person his step."
    )


def _register(application: str | None, guild: str | None, api: str) -> None:
    """The /campaign command registered with Discord for the application."""
    import os

    from campaign.notify import discord as posting
    from campaign.web.interactions import COMMANDS

    token = os.environ.get(posting.TOKEN, "").strip()
    if not token:
        raise CampaignError(f"Give the application's bot token in {posting.TOKEN}.")
    if application is None:
        raise CampaignError("Give the application's id: --application ID.")
    held = posting.register(COMMANDS, application, token, guild, api)
    where = f"server {guild}" if guild else "every server (within the hour)"
    say(
        f"Registered /campaign for {where}: Discord holds {plural(held, 'command')} of this "
        "application."
    )
