"""Peak memory of `status --json`, `list`, `log --json --limit 50` and `report --format json`
on long logs against the bare import of the core dependencies (issue #16: `status` at 100,000
events within 1.5x the bare imports). Each command runs as a user runs it, a new process; its
peak resident set is read from the kernel's accounting of that one child (`os.wait4`), R runs
each, alternating, medians printed. With the stored view, and with it dropped before each run (a
full replay) for comparison. The log is built in a separate process: a child's peak counts the
memory it had before `exec`, a copy of this process's, which must stay small.

    python benchmarks/memory.py [--sizes 1000 100000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
BASELINE = [
    sys.executable,
    "-c",
    "import eventsourcing.application, eventsourcing.sqlite, networkx, rich, typer",
]


def build(db: Path, size: int) -> None:
    """readmodel.py's log, built by another process."""
    code = (
        f"import sys; sys.path.insert(0, {str(HERE)!r}); import readmodel; "
        f"from pathlib import Path; readmodel.build(Path({str(db)!r}), {size})"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def drop_view(db: Path) -> None:
    with sqlite3.connect(db) as connection:
        connection.execute("DELETE FROM campaign_views")
    connection.close()


def peak_mib(command: list[str]) -> float:
    """The child's peak resident set in MiB (ru_maxrss is in KiB on Linux)."""
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed")
    return usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 100000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    campaign = shutil.which("campaign") or "campaign"
    print("| events | baseline | status --json | list | log --limit 50 | report | status, replay |")
    print("|---|---|---|---|---|---|---|")
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as folder:
            db = Path(folder) / "bench.db"
            build(db, size)
            on = [campaign, "--db", str(db)]
            commands = {
                "baseline": BASELINE,
                "status": [*on, "status", "--json"],
                "list": [*on, "list"],
                "log": [*on, "log", "--json", "--limit", "50"],
                "report": [*on, "report", "--round", "1", "--format", "json"],
            }
            seen: dict[str, list[float]] = {name: [] for name in [*commands, "replay"]}
            for _ in range(args.runs):
                for name, command in commands.items():
                    seen[name].append(peak_mib(command))
                drop_view(db)
                seen["replay"].append(peak_mib(commands["status"]))
            base = statistics.median(seen["baseline"])
            cells = [f"{base:.1f} MiB"]
            for name in ("status", "list", "log", "report", "replay"):
                value = statistics.median(seen[name])
                cells.append(f"{value:.1f} MiB ({value / base:.2f}x)")
            print(f"| {size:,} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
