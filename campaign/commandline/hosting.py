"""Commands for whoever hosts a store for a community (issue #54): the whole store backed up in
one file, and restored from one into an empty store of either kind."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from campaign.commandline.core import JsonOption, print_json, registrar, say
from campaign.domain.grammar import plural
from campaign.errors import CampaignError
from campaign.input.files import size

commands = typer.Typer()
command = registrar(commands, "Hosting")

BackupFile = Annotated[Path, typer.Argument(metavar="FILE", help="The backup's file.")]
TargetOption = Annotated[
    Optional[str],
    typer.Option(
        "--db",
        help="The empty store to restore into: a SQLite file, or "
        "postgresql://USER@HOST/DATABASE?schema=NAME.",
    ),
]
CheckOption = Annotated[
    bool, typer.Option("--check", help="Verify the backup without restoring it.")
]


@command()
def backup(ctx: typer.Context, file: BackupFile, as_json: JsonOption = False) -> None:
    """The whole store in one file: every campaign's log, and what is kept beside the logs that
    nothing can rebuild (personal links, contacts, webhooks, the mail server, turn notices, dice
    secrets, the store's key), with a manifest (each campaign's events and chain head, the
    file's SHA-256, the program's version). Taken while the hub serves and organisers write,
    holding none of them up; FILE is replaced once the backup is whole."""
    from campaign.service.backup import back_up

    manifest = back_up(ctx.obj.campaigns, file)
    if as_json:
        return print_json(_summary(manifest, file))
    say(
        f"Backed up {_counted(manifest)} to {file} ({size(file.stat().st_size)}, SHA-256 "
        f"{manifest['sha256']})."
    )
    say(
        f"campaign restore {file} --check verifies it; --db TARGET restores it into an empty store."
    )


@command()
def restore(
    ctx: typer.Context,
    file: BackupFile,
    db: TargetOption = None,
    check: CheckOption = False,
    as_json: JsonOption = False,
) -> None:
    """A store from a backup, into an empty SQLite file or PostgreSQL schema (--db), whichever
    kind it was taken from: every campaign's log is verified against the backup's manifest first
    (its chain and every event replayed through the rules) and nothing is written if one fails;
    the views and states are rebuilt from the logs (the reports by their first reader). With
    --check, verify the backup without restoring it."""
    from campaign.service.backup import check as checked
    from campaign.service.backup import restore as restored
    from campaign.service.backup import shown

    target = db or ctx.obj.db
    if not check and target is None:
        raise CampaignError(
            "Name the empty store to restore into: campaign restore FILE --db TARGET (a SQLite "
            "file, or postgresql://USER@HOST/DATABASE?schema=NAME)."
        )
    manifest = checked(file) if check else restored(file, target)
    if as_json:
        return print_json({**_summary(manifest, file), "restored_into": _into(check, target)})
    taken = f"taken {manifest['taken']} by {manifest['program']}"
    if check:
        return say(
            f"{file} holds {_counted(manifest)}, {taken}: its SHA-256 holds and every log "
            "verifies up to the chain head its manifest names."
        )
    say(
        f"Restored {_counted(manifest)} from {file} ({taken}) into {shown(target or '')}: every "
        "log verified against the backup's manifest; views and states rebuilt from the logs."
    )


def _into(check: bool, target: str | None) -> str | None:
    from campaign.service.backup import shown

    return None if check or target is None else shown(target)


def _counted(manifest: dict[str, Any]) -> str:
    """The campaigns, events and secrets of a backup, in words."""
    return (
        f"{plural(len(manifest['campaigns']), 'campaign')} "
        f"({plural(manifest['events'], 'event')}, {plural(manifest['secrets'], 'secret')})"
    )


def _summary(manifest: dict[str, Any], file: Path) -> dict[str, Any]:
    """The backup as `--json` prints it: its manifest, each campaign by name, size and head."""
    keys = ("name", "rules", "events", "chain_head")
    return {
        "file": str(file),
        "bytes": file.stat().st_size,
        **{key: manifest[key] for key in ("format", "program", "taken", "store", "sha256")},
        "events": manifest["events"],
        "secrets": manifest["secrets"],
        "campaigns": [{key: entry.get(key) for key in keys} for entry in manifest["campaigns"]],
    }
