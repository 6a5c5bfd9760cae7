"""`status --json`, `list` and `log --json --limit 50` on long logs, with the stored read model
and without it (issue #16). Builds, for each size, a store holding Spring 869's draw followed by
notes up to N events, then runs side by side, alternating, R times each: the bare import of the
core dependencies, `status --json`, `list` and `log --json --limit 50` reading the view, and
`status --json` and `list` with the view dropped before each run (a full replay; the read keeps
the view again, so it is dropped every time), and `report --round 1 --format json` read as kept
with the view by the first reader, and built from the log with the view dropped; and
`report --round 2` (a round of a handful of events in the same log) read as kept, and read right
after a `note` (whose writer keeps the reports read first). Prints the medians and each ratio to
the baseline.

    python benchmarks/readmodel.py [--sizes 1000 10000 100000] [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from installed import as_installed

from campaign.domain.log import Loaded
from campaign.domain.registry import kind
from campaign.domain.settle import settle
from campaign.domain.shared_commands import note
from campaign.input import clock
from campaign.kinds.boiling_cauldron import commands
from campaign.kinds.boiling_cauldron.starting import default_map_source
from campaign.service.unit_of_work import Campaigns

BASELINE = [
    sys.executable,
    "-c",
    "import eventsourcing.application, eventsourcing.sqlite, networkx, rich, typer",
]


PLAYERS = ["Ann", "Bob", "Cid", "Dag", "Eve"]


def begin(store: Campaigns, name: str) -> None:
    """A Boiling Cauldron campaign of five started on BC-1's map and drawn (Spring 869)."""
    of = kind("boiling-cauldron")
    started = dict(
        name=name,
        rules=of.rules,
        players=PLAYERS,
        map_source=default_map_source(),
        seed_commitment=None,
    )
    store.start(started, lambda s: [commands.allocate(s.world, PLAYERS, None, "Spring 869")], "o")


def build(db: Path, size: int) -> None:
    """Spring 869 drawn, then notes in batches of 1,000, appended as the store appends, then
    round 1 ended by every player forfeiting his attack: round 1 holds all the notes, round 2
    (in progress) a handful of events."""
    store, of, players = Campaigns(str(db)), kind("boiling-cauldron"), PLAYERS
    begin(store, "Bench")
    loaded = store.load("Bench")
    while len(loaded.events) < size - len(players):
        batch = min(1000, size - len(players) - len(loaded.events))
        new = settle(
            loaded, [d for _ in range(batch) for d in note("a note")], "o", [], clock.now()
        )
        store.record(new)
        loaded = Loaded(of, loaded.events + tuple(new), loaded.state)
    store.kept.remember(loaded)
    for _ in players:
        store.act("Bench", lambda state: commands.forfeit(state, "a benchmark"), "o")


def built_logs(sizes: list[int]) -> Iterator[tuple[int, Path]]:
    """For each size, a store holding a log of that many events (`build`), in a folder removed
    once all are measured."""
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            db = Path(folder) / f"bench-{size}.sqlite"
            build(db, size)
            yield size, db


def copy(db: Path, to: Path) -> None:
    """A copy of the store, what its write-ahead log holds too (a copy of the file alone would
    lose the rows not yet folded into it)."""
    with sqlite3.connect(db) as source, sqlite3.connect(to) as target:
        source.backup(target)
    source.close()
    target.close()


def drop_view(db: Path) -> None:
    with sqlite3.connect(db) as connection:
        connection.execute("DELETE FROM campaign_views")
    connection.close()


def timed_in(command: list[str], witness: str | None = None) -> float:
    """One command's wall time; `witness`: the reader's own checkpoints (a file per store: the
    stores compared hold the same campaign, and a reader that saw one store's log grow would
    rightly refuse the other's as cut short)."""
    env = {**os.environ, "CAMPAIGN_WITNESS": witness} if witness else None
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def medians_row(runs: dict[str, list[float]], keys: tuple[str, ...]) -> str:
    """A table row's cells: each command's median, and its ratio to the baseline's (`base`)."""
    medians = {k: statistics.median(v) for k, v in runs.items()}
    return " | ".join(
        f"{medians[k]:.3f} s" + ("" if k == "base" else f" ({medians[k] / medians['base']:.2f}×)")
        for k in keys
    )


def sizes_and_runs() -> argparse.Namespace:
    """The options of the benchmarks on long logs: --sizes of the logs built, --runs of each."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--runs", type=int, default=7)
    return parser.parse_args()


def main() -> None:
    args = sizes_and_runs()
    as_installed()
    campaign = [sys.executable, "-m", "cli"] if Path("cli.py").exists() else ["campaign"]
    keys = ("base", "sv", "sr", "lv", "lr", "tail", "rv", "rr", "r2", "ra")
    print(
        "| events | baseline | status --json, view | status --json, replay | list, view "
        "| list, replay | log --json --limit 50 | report 1, kept | report 1, built "
        "| report 2, kept | report 2 after an append |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for size in args.sizes:
            with_view, without = Path(folder) / f"v{size}.sqlite", Path(folder) / f"r{size}.sqlite"
            build(with_view, size)
            copy(with_view, without)
            runs: dict[str, list[float]] = {k: [] for k in keys}

            def timed(command: list[str]) -> float:
                return timed_in(command, f"{command[command.index('--db') + 1]}.witness")

            for _ in range(args.runs):
                runs["base"].append(timed_in(BASELINE))
                runs["sv"].append(timed([*campaign, "--db", str(with_view), "status", "--json"]))
                drop_view(without)
                runs["sr"].append(timed([*campaign, "--db", str(without), "status", "--json"]))
                runs["lv"].append(timed([*campaign, "--db", str(with_view), "list"]))
                drop_view(without)
                runs["lr"].append(timed([*campaign, "--db", str(without), "list"]))
                tail = [*campaign, "--db", str(with_view), "log", "--json", "--limit", "50"]
                runs["tail"].append(timed(tail))
                report = ["report", "--round", "1", "--format", "json"]
                timed([*campaign, "--db", str(with_view), *report])  # kept, if the note forgot it
                runs["rv"].append(timed([*campaign, "--db", str(with_view), *report]))
                drop_view(without)
                runs["rr"].append(timed([*campaign, "--db", str(without), *report]))
                second = ["report", "--round", "2", "--format", "json"]
                runs["r2"].append(timed([*campaign, "--db", str(with_view), *second]))
                timed([*campaign, "--db", str(with_view), "note", "a note"])  # the writer keeps
                runs["ra"].append(timed([*campaign, "--db", str(with_view), *second]))
            print(f"| {size:,} | {medians_row(runs, keys)} |", flush=True)


if __name__ == "__main__":
    main()
