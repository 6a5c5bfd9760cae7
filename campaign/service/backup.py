"""`campaign backup` and `campaign restore` (issue #54): a whole store in one portable file, and
back into an empty store of either kind, every log verified before anything is written.

The file is JSON Lines: first the secrets kept beside the logs, `["secret", stream, label,
value]`; then each log's rows as stored, a campaign after another in the order they began, each
in its order, `["event", stream, number, topic, state]` (the state's UTF-8 text; `"event64"`
and its base64 where it is not UTF-8); last, one line, the manifest: the format, the program's
version, when it was taken and from which kind of store, each campaign's name, stream, rules,
event count and chain head, how many secrets and events, and `sha256`, the SHA-256 of every
byte before the manifest's line followed by the manifest itself without `sha256`, written
canonically (keys sorted, no spaces, ASCII). JSON Lines rather than a SQLite file: every byte is
either content, hashed, or the manifest, whose line must be its own canonical form and whose
fields are hashed too, so one byte changed anywhere is refused (a SQLite file has page headers
and free space that no checksum of its rows covers); either kind of store restores it through
the same code, without the other's driver; it is written and read in one pass each, its
manifest last so that it is written as the rows are read, and a file cut short has none; and a
tool that is not this program reads it line by line.

What it carries, and what it does not:
- every log's rows, byte for byte (topic, number, state);
- the secrets table, which nothing can rebuild: the dice's seeds, the key that seals what is
  kept beside the logs (a hash of it is the store's identity to its readers' witnesses: a
  restored store is the same store to them), the hub's form key and spent form tokens, the
  personal links (the hashes of their secrets), contacts, webhooks, the mail server, the Discord
  channel, turn notices and reminders and who was told what, how far a post got;
- but not a reader's sighting of an altered kept row (`altered:`, of rows it does not carry) nor
  a notice claimed by a run that is sending it (`sending:`: released by that run in the store it
  runs on, it would hold the notice back for ever in the copy);
- nor what is rebuilt from the logs on restore (the catalogue, each campaign's view and state)
  or by the first reader after it (the reports kept for readers). Readers' witness files and
  the organiser's signing key are files of their own, in no store (the key's public half is in
  the log).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import IO, Any
from urllib.parse import parse_qs, urlsplit

import orjson
from eventsourcing.persistence import StoredEvent

from campaign.domain.grammar import possessive
from campaign.domain.registry import kind
from campaign.errors import CampaignError, StoreError
from campaign.input import clock
from campaign.notify.notices import SENDING
from campaign.readmodel.catalogue import TOPICS, Entry, catalogued
from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import audit
from campaign.store import dialects
from campaign.store.database import STORE_FAILURES, Snapshot, first_line
from campaign.store.kept import ALTERED
from campaign.store.logs import Logs
from events.common import CampaignEvent, CampaignStarted

FORMAT = "campaign-backup/1"
UNCARRIED = (ALTERED, SENDING)
"""The labels of secrets a backup leaves behind (see the module's docstring)."""
BATCH = 1000
"""Events written to the restored store in one transaction."""

Row = tuple[int, str, bytes]
"""A stored event: its number in its log, its topic, its state."""
SHAPES: dict[str, tuple[type, ...]] = {
    "secret": (str, str, str),
    "event": (str, int, str, str),
    "event64": (str, int, str, str),
}
"""Each kind of content line, and the types of what follows its kind."""


class BadBackup(CampaignError):
    """A backup that cannot be restored, and why, in one sentence."""


@dataclass(frozen=True)
class Backup:
    """A backup file whose checksum holds: its manifest, and how many lines come before it."""

    file: Path
    manifest: dict[str, Any]
    lines: int


# Taking a backup


def back_up(campaigns: Campaigns, file: Path) -> dict[str, Any]:
    """The store of `campaigns` written to `file` as it stood at one instant (its manifest
    returned): into a file beside it first, which replaces `file` once whole."""
    _check_destination(file, campaigns.database.db)
    partial = file.with_name(f".{file.name}.partial")
    database = campaigns.database
    try:
        with partial.open("wb") as out, database.snapshot(file.parent) as snapshot:
            manifest = _written(out, snapshot, campaigns.logs, _kind_of_store(database.db))
        os.replace(partial, file)
    except StoreError:
        raise
    except OSError as failure:
        raise CampaignError(f"Cannot write {file} ({failure.strerror or failure}).") from None
    except STORE_FAILURES as failure:
        raise StoreError(f"The campaign store cannot be read: {first_line(failure)}.") from None
    finally:
        partial.unlink(missing_ok=True)
    return manifest


def _check_destination(file: Path, db: str) -> None:
    """A backup goes to a file in a folder that exists, never over the store itself."""
    if file.is_dir():
        raise CampaignError(f"{file} is a folder: name the file to write the backup to.")
    if not file.parent.is_dir():
        raise CampaignError(f"Cannot write {file}: the folder {file.parent} does not exist.")
    if file.exists() and not dialects.is_server(db) and _is_store(file, db):
        raise CampaignError(f"{file} is the campaign store itself: name another file.")


def _is_store(file: Path, db: str) -> bool:
    """Whether `file` is the SQLite store `db`, its write-ahead log or its shared memory."""
    for each in (db, f"{db}-wal", f"{db}-shm"):
        try:
            if os.path.samefile(file, each):
                return True
        except OSError:
            continue
    return False


def shown(db: str) -> str:
    """A store's name as it may be printed: a server's without its password, with its schema."""
    if not dialects.is_server(db):
        return db
    schema = parse_qs(urlsplit(db).query).get("schema", [""])[0]
    return dialects.shown(db) + (f"?schema={schema}" if schema else "")


def _kind_of_store(db: str) -> str:
    return "postgresql" if dialects.is_server(db) else "sqlite"


class Lines:
    """The backup's content as it is written, every byte hashed as it goes."""

    def __init__(self, out: IO[bytes]) -> None:
        self.out, self.digest = out, hashlib.sha256()

    def write(self, row: list[Any]) -> None:
        line = orjson.dumps(row) + b"\n"
        self.digest.update(line)
        self.out.write(line)


def _written(out: IO[bytes], snapshot: Snapshot, logs: Logs, store: str) -> dict[str, Any]:
    """The snapshot's secrets and logs, then the manifest, written to `out`."""
    lines = Lines(out)
    secrets = [row for row in snapshot.secrets() if _carried(row)]
    for stream, label, value in secrets:
        lines.write(["secret", stream, label, value])
    listed = []
    for stream in snapshot.streams():
        rows = snapshot.rows(stream)
        for row in rows:
            lines.write(event_line(stream, row))
        listed.append(_listed(logs, stream, rows))
    manifest = {
        "format": FORMAT,
        "program": program(),
        "taken": clock.now().isoformat(),
        "store": store,
        "campaigns": listed,
        "secrets": len(secrets),
        "events": sum(entry["events"] for entry in listed),
    }
    lines.digest.update(canonical(manifest))
    manifest["sha256"] = lines.digest.hexdigest()
    out.write(canonical(manifest) + b"\n")
    return manifest


def _carried(row: tuple[Any, ...]) -> bool:
    """A secret a backup carries: three texts (as this program keeps them), not left behind."""
    return all(isinstance(value, str) for value in row) and not row[1].startswith(UNCARRIED)


def event_line(stream: uuid.UUID, row: Row) -> list[Any]:
    """A stored event as a line of the backup: its state as text, or base64 where it is not
    UTF-8 (a hand edit's bytes are carried as they are; restore's verification judges them)."""
    version, topic, state = row
    try:
        return ["event", stream.hex, version, topic, state.decode("utf-8")]
    except UnicodeDecodeError:
        return ["event64", stream.hex, version, topic, base64.b64encode(state).decode("ascii")]


def _listed(logs: Logs, stream: uuid.UUID, rows: list[Row]) -> dict[str, Any]:
    """A campaign as the manifest lists it: its name now (as the catalogue folds it from its
    start, renames and archiving), its rules, its length and its chain head."""
    entries: dict[uuid.UUID, Entry] = {}
    for row in rows:
        if row[1] in TOPICS:
            catalogued(entries, logs.read_alone(StoredEvent(stream, *row)))
    last = logs.read_alone(StoredEvent(stream, *rows[-1]))
    entry = entries.get(stream)
    return {
        "name": entry.name if entry else None,
        "rules": entry.rules if entry else None,
        "archived": entry.archived if entry else None,
        "stream": stream.hex,
        "events": len(rows),
        "chain_head": last.chain,
    }


def program() -> str:
    """This program and its version, as installed."""
    try:
        return f"campaign {metadata.version('campaign')}"
    except metadata.PackageNotFoundError:
        return "campaign (version unknown)"


def canonical(manifest: dict[str, Any]) -> bytes:
    """The manifest as it is written and hashed: keys sorted, no spaces, ASCII."""
    return json.dumps(manifest, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


# Reading one back


def check(file: Path) -> dict[str, Any]:
    """`restore --check`: the backup's checksum, then every log in it verified (decoded, its
    chain and every event replayed through the rules) against its manifest; its manifest."""
    backup = read(file)
    _verified(backup)
    return backup.manifest


def read(file: Path) -> Backup:
    """The backup's manifest (its last line), refused unless the SHA-256 it names is that of
    every byte before it and of itself."""
    digest, last, count = hashlib.sha256(), None, 0
    for line in _file_lines(file):
        if last is not None:
            digest.update(last)
            count += 1
        last = line
    manifest = _manifest(file, last or b"")
    digest.update(canonical({k: v for k, v in manifest.items() if k != "sha256"}))
    if digest.hexdigest() != manifest["sha256"]:
        raise BadBackup(
            f"{file} was changed or damaged after it was taken: its content does not match the "
            "SHA-256 its manifest names, so nothing in it is restored."
        )
    return Backup(file, manifest, count)


def _file_lines(file: Path) -> Iterator[bytes]:
    """The file's lines, as bytes, each with its line break (the last may have none)."""
    if not file.is_file():
        raise CampaignError(f"{file} is not a file: name a backup written by campaign backup.")
    try:
        with file.open("rb") as handle:
            yield from handle
    except OSError as failure:
        raise CampaignError(f"Cannot read {file} ({failure.strerror or failure}).") from None


def _manifest(file: Path, line: bytes) -> dict[str, Any]:
    """The manifest that `line` (the file's last) holds, written as this program writes it."""
    if not line.endswith(b"\n"):
        raise BadBackup(
            f"{file} is not a whole campaign backup: it is empty, cut short, or no backup at all."
        )
    try:
        manifest = json.loads(line)
    except (ValueError, RecursionError):
        manifest = None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise BadBackup(f"{file} is not a campaign backup: its last line is not its manifest.")
    if canonical(manifest) + b"\n" != line or not _well_formed(manifest):
        raise BadBackup(f"{file}'s manifest was changed after the backup was taken.")
    return manifest


def _well_formed(manifest: dict[str, Any]) -> bool:
    """The manifest's fields are of the types this program writes."""
    listed = manifest.get("campaigns")
    counts = (manifest.get("secrets"), manifest.get("events"))
    return (
        isinstance(manifest.get("sha256"), str)
        and all(type(count) is int for count in counts)
        and isinstance(listed, list)
        and all(_listed_well(entry) for entry in listed)
    )


def _listed_well(entry: Any) -> bool:
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("stream"), str)
        and type(entry.get("events")) is int
        and isinstance(entry.get("chain_head"), str)
        and isinstance(entry.get("name"), (str, type(None)))
    )


def _content(backup: Backup) -> Iterator[list[Any]]:
    """The backup's lines before its manifest, each read as the kind of line it says it is."""
    for number, line in enumerate(_file_lines(backup.file), 1):
        if number > backup.lines:
            return
        yield _parsed(line, number)


def _parsed(line: bytes, number: int) -> list[Any]:
    try:
        row: Any = orjson.loads(line)
    except orjson.JSONDecodeError:
        row = None
    if not isinstance(row, list) or not _shaped(row):
        raise BadBackup(f"Line {number} of the backup is not a line of a campaign backup.")
    return row


def _shaped(row: list[Any]) -> bool:
    """The line is one of the `SHAPES`, its values of their types (a number never a boolean)."""
    shape = SHAPES.get(row[0]) if row and type(row[0]) is str else None
    return (
        shape is not None
        and len(row) == len(shape) + 1
        and all(type(value) is wanted for value, wanted in zip(row[1:], shape))
    )


def _logs(
    backup: Backup, secrets: list[tuple[str, str, str]]
) -> Iterator[tuple[uuid.UUID, list[Row]]]:
    """Each log of the backup, its rows in order, one after another; its secrets gathered into
    `secrets` as they come."""
    stream: uuid.UUID | None = None
    rows: list[Row] = []
    for number, row in enumerate(_content(backup), 1):
        if row[0] == "secret":
            secrets.append((row[1], row[2], row[3]))
            continue
        here = _stream(row[1], number)
        if here != stream and stream is not None:
            yield stream, rows
            rows = []
        stream = here
        rows.append((row[2], row[3], _state(row, number)))
    if stream is not None:
        yield stream, rows


def _stream(hexed: str, number: int) -> uuid.UUID:
    try:
        return uuid.UUID(hex=hexed)
    except ValueError:
        raise BadBackup(f"Line {number} of the backup names no campaign's log.") from None


def _state(row: list[Any], number: int) -> bytes:
    """An event's state as it was stored (its text's UTF-8, or its base64 decoded)."""
    try:
        if row[0] == "event":
            return str(row[4]).encode("utf-8")
        return base64.b64decode(row[4], validate=True)
    except (binascii.Error, ValueError):
        raise BadBackup(
            f"Line {number} of the backup is not a line of a campaign backup."
        ) from None


def _verified(backup: Backup) -> tuple[list[str], list[tuple[str, str, str]]]:
    """Every log of the backup verified against its manifest, through a store of no file of
    its own; each log's digest (what a restore writes is checked to be what was verified) and
    the secrets."""
    scratch = Campaigns(":memory:")
    try:
        return _each_verified(backup, scratch.logs)
    finally:
        scratch.close()


def _each_verified(backup: Backup, logs: Logs) -> tuple[list[str], list[tuple[str, str, str]]]:
    listed: list[dict[str, Any]] = backup.manifest["campaigns"]
    digests: list[str] = []
    secrets: list[tuple[str, str, str]] = []
    for index, (stream, rows) in enumerate(_logs(backup, secrets)):
        if index >= len(listed) or listed[index]["stream"] != stream.hex:
            raise BadBackup(f"{backup.file} holds a log its manifest does not list in its place.")
        verify_log(logs, listed[index], stream, rows)
        digests.append(digest_of(rows))
    counted = (len(digests), len(secrets))
    if counted != (len(listed), backup.manifest["secrets"]):
        raise BadBackup(
            f"{backup.file} holds {len(digests)} logs and {len(secrets)} secrets, its manifest "
            f"{len(listed)} and {backup.manifest['secrets']}."
        )
    return digests, secrets


def verify_log(logs: Logs, listed: dict[str, Any], stream: uuid.UUID, rows: list[Row]) -> None:
    """A log of the backup decoded, its chain checked and every event replayed through the rules
    (`campaign.service.verify.audit`), ending at the head its manifest names, under its name."""
    name = listed["name"] or "A campaign"
    events = _decoded(logs, name, stream, rows)
    try:
        audit(kind(getattr(events[0], "rules", "")), events)
    except CampaignError as failure:
        said = str(failure).rstrip(".")
        raise BadBackup(f"{possessive(name)} log in the backup does not verify ({said}).") from None
    head = events[-1].chain
    if (len(events), head) != (listed["events"], listed["chain_head"]):
        raise BadBackup(
            f"{possessive(name)} log in the backup ends at event {len(events)} with chain head "
            f"{head[:16]}, not where its manifest says (event {listed['events']}, "
            f"{str(listed['chain_head'])[:16]})."
        )
    if _name_now(stream, events) != listed["name"]:
        raise BadBackup(
            f"{possessive(name)} log in the backup is not the campaign its manifest names."
        )


def _decoded(
    logs: Logs, name: str, stream: uuid.UUID, rows: list[Row]
) -> tuple[CampaignEvent, ...]:
    """The log's events, each numbered in turn from its start."""
    try:
        events = logs.decoded(stream, rows)
    except StoreError as failure:
        said = str(failure).rstrip(".")
        raise BadBackup(f"{possessive(name)} log in the backup cannot be read ({said}).") from None
    numbers = [event.originator_version for event in events]
    if not isinstance(events[0], CampaignStarted) or numbers != list(range(1, len(rows) + 1)):
        raise BadBackup(
            f"{possessive(name)} log in the backup does not run from its start, event by event."
        )
    return events


def _name_now(stream: uuid.UUID, events: tuple[CampaignEvent, ...]) -> str | None:
    """The campaign's name now, as the catalogue folds it from the log."""
    entries: dict[uuid.UUID, Entry] = {}
    for event in events:
        if event.TOPIC in TOPICS:
            catalogued(entries, event)
    entry = entries.get(stream)
    return entry.name if entry else None


def digest_of(rows: list[Row]) -> str:
    """A log's rows, hashed: what a restore writes is what it verified."""
    digest = hashlib.sha256()
    for version, topic, state in rows:
        digest.update(orjson.dumps([version, topic, state.hex()]))
    return digest.hexdigest()


# Restoring


def restore(file: Path, target: str) -> dict[str, Any]:
    """The backup `file` verified, then written into the empty store `target` (either kind,
    whatever kind it was taken from), what is kept for readers rebuilt from the logs; its
    manifest. Refused before anything is written where a log does not verify, or the target
    holds an event or a secret."""
    backup = read(file)
    digests, secrets = _verified(backup)
    campaigns = Campaigns(target)
    try:
        _check_empty(campaigns, target)
        with _partly(target):
            _write_secrets(campaigns, secrets)
            _write_logs(campaigns, backup, digests, target)
        rebuild(campaigns)
    finally:
        campaigns.close()
    return backup.manifest


@contextmanager
def _partly(target: str) -> Iterator[None]:
    """A store that failed while the backup was written into it (a full disk, a dropped
    connection) is said to hold part of it."""
    try:
        yield
    except BadBackup:
        raise
    except CampaignError as failure:
        said = str(failure).rstrip(".")
        raise CampaignError(
            f"{said}; the store {shown(target)} holds part of the backup (empty it, then restore "
            "again)."
        ) from None


def _check_empty(campaigns: Campaigns, target: str) -> None:
    campaigns.database.check_writable()
    if campaigns.database.holds_anything():
        raise CampaignError(
            f"The campaign store {shown(target)} is not empty: a backup is restored "
            "only into an empty SQLite file or PostgreSQL schema, so nothing was written."
        )


def _write_secrets(campaigns: Campaigns, secrets: list[tuple[str, str, str]]) -> None:
    """The secrets, a stream's in one transaction; the backup's store keys in place of any the
    empty store made (`campaign init-db`): the store is the backup's, to its readers too."""
    by_stream: dict[str, dict[str, str]] = {}
    for stream, label, value in secrets:
        by_stream.setdefault(stream, {})[label] = value
    for stream, kept in by_stream.items():
        campaigns.secrets.keep_rows(stream, kept, replace=True)


def _write_logs(campaigns: Campaigns, backup: Backup, digests: list[str], target: str) -> None:
    """Each log as verified, `BATCH` events a transaction (the file read again: each log is
    checked to be the one verified before it is written)."""
    for index, (stream, rows) in enumerate(_logs(backup, [])):
        if index >= len(digests) or digest_of(rows) != digests[index]:
            raise BadBackup(
                f"{backup.file} changed while it was restored: the store "
                f"{shown(target)} holds part of it (empty it, then restore again)."
            )
        for start in range(0, len(rows), BATCH):
            campaigns.logs.write_rows(stream, rows[start : start + BATCH])


def rebuild(campaigns: Campaigns) -> None:
    """What is kept beside the logs for their readers, built from the logs: the catalogue, and
    each campaign's view and state as a writer keeps them (the reports are built and kept by
    their first reader, as after any write whose reports were not kept)."""
    campaigns.listing.forget()
    for entry in campaigns.catalogue():
        campaigns.kept.remember(campaigns.load(entry.name))
