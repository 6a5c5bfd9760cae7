"""`campaign backup` and `campaign restore` on a store of many campaigns (issue #54). Builds a
SQLite store of C campaigns (Spring 869 drawn, then notes, E events each; a personal link and a
contact each among the secrets), then times, as a user runs them (the program as installed),
R times each: `backup FILE`, `restore FILE --check`, and `restore FILE --db` into a new SQLite
file; with `--postgres URL`, the same store restored into a schema of its own there, then backed
up from it and restored from that backup (the schemas dropped after). Prints the medians, the
store's and the backup's sizes.

    python benchmarks/backup.py [--campaigns 100] [--events 1000] [--runs 3]
        [--postgres postgresql://postgres@127.0.0.1/test]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from installed import as_installed
from readmodel import PLAYERS, begin

from campaign.domain.log import Loaded
from campaign.domain.registry import kind
from campaign.domain.settle import settle
from campaign.domain.shared_commands import note
from campaign.input import clock
from campaign.input.files import size
from campaign.service.unit_of_work import Campaigns

PROGRAM = [sys.executable, "-m", "cli"] if Path("cli.py").exists() else ["campaign"]
WITNESS = str(Path(tempfile.gettempdir()) / f"backup-bench-witness-{os.getpid()}.json")
"""The reader's checkpoints for the commands timed: a file of the run's own."""


def build(db: str, campaigns: int, events: int) -> None:
    """`campaigns` campaigns of `events` events each: started and drawn, then notes appended in
    one write each (as an import appends), a personal link and a contact kept for each."""
    store, of = Campaigns(db), kind("boiling-cauldron")
    for n in range(1, campaigns + 1):
        name = f"Bench {n}"
        begin(store, name)
        loaded = store.load(name)
        wanted = events - len(loaded.events)
        drafts = [d for _ in range(wanted) for d in note("a note")]
        new = settle(loaded, drafts, "o", [], clock.now())
        store.record(new)
        store.kept.remember(Loaded(of, loaded.events + tuple(new), loaded.state))
        store.links.grant(name, uuid.uuid4().hex, "player", PLAYERS[0])
        store.secrets.keep(name, f"contact:{PLAYERS[1].lower()}", json.dumps({"email": "b@x.org"}))
    store.close()


def timed(command: list[str], before: Callable[[], None] = lambda: None) -> float:
    """One command's wall time (after `before`, untimed), its output dropped."""
    before()
    env = {**os.environ, "CAMPAIGN_WITNESS": WITNESS}
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def median(command: list[str], runs: int, before: Callable[[], None] = lambda: None) -> str:
    return f"{statistics.median(timed(command, before) for _ in range(runs)):.2f} s"


def emptied(path: Path) -> Callable[[], None]:
    """Before each restore into a file: the file and its companions gone."""

    def empty() -> None:
        for suffix in ("", "-wal", "-shm", "-writer.lock"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)

    return empty


def dropped(url: str) -> Callable[[], None]:
    """Before each restore into a schema: the schema gone."""

    def drop() -> None:
        import psycopg

        base, schema = url.split("?schema=")
        with psycopg.connect(base, autocommit=True) as connection:
            connection.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')

    return drop


def on_postgres(server: str, backup: Path, folder: Path, runs: int) -> None:
    """The backup restored into a schema, backed up from there, and that backup restored into
    another; both schemas dropped after."""
    url, again = (f"{server}?schema=bench_{uuid.uuid4().hex[:8]}" for _ in range(2))
    into = median([*PROGRAM, "restore", str(backup), "--db", url], runs, dropped(url))
    taken = folder / "from-postgres.backup"
    out = median([*PROGRAM, "--db", url, "backup", str(taken)], runs)
    back = median([*PROGRAM, "restore", str(taken), "--db", again], runs, dropped(again))
    print(f"| restore into PostgreSQL | {into} |")
    print(f"| backup from PostgreSQL | {out} ({size(taken.stat().st_size)}) |")
    print(f"| restore that backup into PostgreSQL | {back} |")
    dropped(url)()
    dropped(again)()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--campaigns", type=int, default=100)
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--postgres", help="a PostgreSQL server to restore into and back up from")
    args = parser.parse_args()
    as_installed()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        db, backup, restored = folder / "store.sqlite", folder / "store.backup", folder / "r.sqlite"
        began = time.perf_counter()
        build(str(db), args.campaigns, args.events)
        built = time.perf_counter() - began
        total = args.campaigns * args.events
        print(
            f"{args.campaigns} campaigns of {args.events:,} events ({total:,} events), built in "
            f"{built:.1f} s; the store {size(db.stat().st_size)}"
        )
        taking = [*PROGRAM, "--db", str(db), "backup", str(backup)]
        checking = [*PROGRAM, "restore", str(backup), "--check"]
        restoring = [*PROGRAM, "restore", str(backup), "--db", str(restored)]
        print("| command | median |\n|---|---|")
        print(f"| backup | {median(taking, args.runs)} ({size(backup.stat().st_size)}) |")
        print(f"| restore --check | {median(checking, args.runs)} |")
        print(f"| restore into SQLite | {median(restoring, args.runs, emptied(restored))} |")
        if args.postgres:
            on_postgres(args.postgres, backup, folder, args.runs)


if __name__ == "__main__":
    main()
