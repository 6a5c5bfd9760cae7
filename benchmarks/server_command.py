"""A command on PostgreSQL against the same command on SQLite (issue #31): `status --json` and
`note` of one freshly drawn Boiling Cauldron campaign, each a new process as a user runs it,
beside the bare imports, alternating run by run; with --trees, the same commands from each of
several checkouts (e.g. a `git worktree` of an older commit), alternating too, each compiled as
`pip install .` compiles it (`installed.py`). Medians.

    python benchmarks/server_command.py --postgres URL [--runs 15] [--trees DIR ...]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from installed import as_installed

BASELINE = "import eventsourcing.application, eventsourcing.sqlite, networkx, rich, typer"
NEW = ["new", "Bench", "--rules", "boiling-cauldron", "--player", "Ann", "--player", "Bob"]


def run(tree: Path, db: str, *words: str) -> float:
    """One command's wall time, run from `tree` (its code imported from there)."""
    start = time.perf_counter()
    command = [sys.executable, "-c", "import cli; cli.main()", "--db", db, *words]
    subprocess.run(command, check=True, capture_output=True, cwd=tree)
    return time.perf_counter() - start


def bare(tree: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", BASELINE], check=True, capture_output=True, cwd=tree)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres", required=True)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--trees", nargs="+", default=[str(Path.cwd())])
    options = parser.parse_args()
    trees = [Path(tree).resolve() for tree in options.trees]
    times: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        stores = {}
        for tree in trees:
            as_installed(tree)
            schema = f"{options.postgres}?schema=cmd_{uuid.uuid4().hex[:10]}"
            sqlite = str(Path(folder) / f"{tree.name}.sqlite")
            stores[tree] = {"SQLite": sqlite, "PostgreSQL": schema}
            for db in stores[tree].values():
                run(tree, db, *NEW, "--player", "Cid", "--player", "Dag")
        for _ in range(options.runs):
            for tree in trees:
                times.setdefault((tree.name, "bare imports"), []).append(bare(tree))
                for label, db in stores[tree].items():
                    for what, words in (("status --json", ["status", "--json"]),
                                        ("note", ["note", "a ruling"])):  # fmt: skip
                        key = (tree.name, f"{what}, {label}")
                        times.setdefault(key, []).append(run(tree, db, *words))
    print("| checkout | command | median | against the bare imports |")
    print("|---|---|---|---|")
    for (tree, what), values in times.items():
        base = statistics.median(times[(tree, "bare imports")])
        median = statistics.median(values)
        print(f"| {tree} | {what} | {median * 1000:.1f} ms | {median / base:.2f}× |")


if __name__ == "__main__":
    main()
