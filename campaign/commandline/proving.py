"""Commands that let a player hold the organiser to the log (issue #30): the organiser's signing
key (`key`), and what this reader saw of the store's campaigns (`witness`). `verify
--checkpoint` (campaign.commandline.keeping) checks a pasted checkpoint."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from campaign.commandline.core import CampaignOption, JsonOption, print_json, registrar, say
from campaign.errors import CampaignError

commands = typer.Typer()
command = registrar(commands, "Every campaign")

KEY_ACTIONS = ("new", "show", "announce")


@command()
def key(
    ctx: typer.Context,
    action: Annotated[
        str,
        typer.Argument(
            help="new (make your signing key), show (print its public half) or announce (record "
            "it in the campaign's log: its reports' checkpoints are signed from then on)."
        ),
    ],
    name: Annotated[
        str, typer.Option("--name", help="The key's name in signatures (with new).")
    ] = "organiser",
    no_passphrase: Annotated[
        bool,
        typer.Option(
            "--no-passphrase", help="Keep the new key unencrypted (readable by you alone)."
        ),
    ] = False,
    campaign: CampaignOption = None,
    as_json: JsonOption = False,
) -> None:
    """The organiser's signing key: kept in a file of your own (CAMPAIGN_KEY, else
    ~/.config/campaign/signing-key), never in a store; its passphrase from
    CAMPAIGN_KEY_PASSPHRASE or asked. Players check what it signs with verify --checkpoint."""
    from campaign.input.names import resolve
    from campaign.proof import signing

    chosen = resolve("key action", action, KEY_ACTIONS)
    path = signing.key_file()
    if chosen == "new":
        made = signing.new(name, None if no_passphrase else _new_passphrase(), path)
        shown = made.verifier.text()
        if as_json:
            return print_json({"key": shown, "file": str(path)})
        say(f"Your signing key is in {path}: keep that file, and its passphrase, to yourself.")
        say(f"Its public half, for players to keep: {shown}")
        return say("Record it in a campaign's log with: campaign key announce -c NAME")
    public = signing.public(path)
    if public is None:
        raise CampaignError(f"There is no signing key in {path}: make one with campaign key new.")
    if chosen == "show":
        if as_json:
            return print_json({"key": public, "file": str(path)})
        return say(public)
    from campaign.domain.shared_commands import announce_key

    name = ctx.obj.name(campaign)
    ctx.obj.perform(name, lambda loaded: announce_key(public, loaded.events))


def _new_passphrase() -> str:
    """A new key's passphrase: CAMPAIGN_KEY_PASSPHRASE, else asked twice at the terminal."""
    from campaign.proof.signing import PASSPHRASE

    given = os.environ.get(PASSPHRASE)
    if given:
        return given
    if not sys.stdin.isatty():
        raise CampaignError(
            f"A signing key needs a passphrase: set {PASSPHRASE}, or run this at a terminal; "
            "--no-passphrase keeps the key unencrypted."
        )
    chosen = typer.prompt("Passphrase", hide_input=True, confirmation_prompt=True, err=True)
    if not chosen:
        raise CampaignError("An empty passphrase protects nothing: use --no-passphrase instead.")
    return chosen


@command()
def witness(
    ctx: typer.Context,
    forget: Annotated[
        bool,
        typer.Option(
            "--forget",
            help="Forget what this reader saw of the campaign (-c): its log was restored from a "
            "backup, knowingly.",
        ),
    ] = False,
    yes: Annotated[
        bool, typer.Option("--yes", help="Confirm --forget: the proof it held is given up.")
    ] = False,
    every_store: Annotated[
        bool, typer.Option("--all", help="What this reader saw in every store, not this one.")
    ] = False,
    campaign: CampaignOption = None,
    as_json: JsonOption = False,
) -> None:
    """The last checkpoint this reader saw of each campaign (a log it wrote or verified, a
    report it gave, a checkpoint it checked): a log that does not extend it is refused."""
    from dataclasses import asdict

    from campaign.proof.witness import Witness, reader_file, store_of

    seer = Witness(reader_file(), ctx.obj.db or _default())
    if forget:
        if campaign is None and ctx.obj.campaign is None:
            raise CampaignError("Say which campaign to forget: witness --forget -c NAME.")
        named = campaign or ctx.obj.campaign
        if not yes:
            raise CampaignError(
                f"Forgetting what this reader saw of {named} gives up the proof that its log was "
                "not cut or rewritten since: add --yes to confirm."
            )
        gone = seer.forget(named)
        if not gone:
            raise CampaignError(f"This reader saw nothing of {named} in this store.")
        return say(
            f"Forgotten: {named} at {gone[0].size} events (chain head {gone[0].head}); its log "
            "is held to nothing until it is read again."
        )
    seen = seer.entries() if every_store else seer.of_store()
    if campaign is not None:
        seen = [s for s in seen if s.name.casefold() == campaign.casefold()]
    if as_json:
        return print_json({"file": str(reader_file()), "seen": [asdict(s) for s in seen]})
    if not seen:
        return say(f"This reader has seen no campaign of {store_of(ctx.obj.db or _default())}.")
    for s in seen:
        where = f" in {s.store}" if every_store else ""
        say(
            f"{s.name}{where}: {s.size} events, chain head {s.head}, the last at {s.time} "
            f"(seen {s.seen}; {s.origin})"
        )


def _default() -> str:
    from campaign.commandline.core import default_db

    return default_db()


def read_checkpoints(source: Path) -> str:
    """The text a player pasted checkpoints into: a file, or `-` for standard input."""
    from campaign.input.files import MB, read_text

    if str(source) == "-":
        return sys.stdin.read(4 * MB)
    return read_text(source, "the checkpoint file", 4 * MB)
