"""Commands per second with 1, 2, 4 and 8 organisers writing at once (issue #13): each writer is
a process recording notes on one campaign (all on the same campaign, then each on a campaign of
its own), in a SQLite file and on a PostgreSQL server. Every note must land exactly once.

    python benchmarks/writers.py [--notes 20] [--postgres postgresql://postgres@127.0.0.1/test]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from campaign.service.unit_of_work import Campaigns

RUN = [sys.executable, "-c", "import cli; cli.main()"]
REFUSED: list[int] = []


def new(store: str, name: str) -> None:
    subprocess.run(
        [*RUN, "--db", store, "new", name, "--seed", "s", "--player", "Ann", "--player", "Bob",
         "--player", "Cid"],
        check=True,
        capture_output=True,
    )  # fmt: skip


def writer(store: str, campaign: str, notes: int, tag: str) -> subprocess.Popen:
    """A process recording `notes` notes one command after another; it prints how many of its
    commands were refused (each refusal one sentence on stderr)."""
    script = (
        "import cli, contextlib, io\n"
        "refused = 0\n"
        f"for n in range({notes}):\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        f"        refused += cli.run(['--db', {store!r}, '-c', {campaign!r}, 'note', "
        f"'{tag} ' + str(n)]) != 0\n"
        "print(refused)\n"
    )
    return subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)


def measure(store: str, writers: int, notes: int, shared: bool) -> float:
    names = ["Shared"] if shared else [f"Own {n}" for n in range(writers)]
    for name in names:
        new(store, name)
    start = time.perf_counter()
    running = [
        writer(store, names[0] if shared else names[n], notes, f"w{n}") for n in range(writers)
    ]
    refused = sum(int(process.communicate()[0].strip() or 0) for process in running)
    elapsed = time.perf_counter() - start
    store_ = Campaigns(store)
    landed = sum(
        sum(type(e).__name__ == "NoteRecorded" for e in store_.load(name).events) for name in names
    )
    store_.close()
    assert landed == writers * notes - refused, (landed, writers * notes, refused)
    REFUSED.append(refused)
    return landed / elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--notes", type=int, default=20)
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    print("| store | campaigns | 1 writer | 2 writers | 4 writers | 8 writers |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for kind in ("SQLite", "PostgreSQL"):
            for shared in (True, False):
                cells = []
                for writers in (1, 2, 4, 8):
                    if kind == "SQLite":
                        store = str(Path(folder) / f"{uuid.uuid4().hex}.sqlite")
                    else:
                        store = f"{args.postgres}?schema=bench_{uuid.uuid4().hex[:10]}"
                    cells.append(f"{measure(store, writers, args.notes, shared):.1f}/s")
                where = "one, shared" if shared else "one each"
                print(f"| {kind} | {where} | " + " | ".join(cells) + " |", flush=True)
    print(f"\nCommands refused (lost a race, one sentence each): {sum(REFUSED)}")


if __name__ == "__main__":
    main()
