"""Measure `campaign status --json` on a finished five-player campaign against the bare
import of the core dependencies (issue: at most 1.3x). Alternating runs, medians.

    python benchmarks/status_json.py [--runs 21]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from installed import as_installed

BASELINE = [
    sys.executable,
    "-c",
    "import eventsourcing.application, eventsourcing.sqlite, networkx, rich, typer",
]


def wall(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    runs = parser.parse_args().runs
    as_installed()
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "finished.sqlite")
        env = dict(os.environ, CAMPAIGN_DB=db)
        campaign = [sys.executable, "-c", "import cli; cli.main()"]
        subprocess.run(
            [*campaign, "demo", "--quiet", "--into", db],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        status = [*campaign, "status", "--json"]
        wall(status, env), wall(BASELINE, env)  # warm the file cache
        baseline, measured = [], []
        for _ in range(runs):
            baseline.append(wall(BASELINE, env))
            measured.append(wall(status, env))
    b, m = statistics.median(baseline), statistics.median(measured)
    print(f"runs: {runs} alternating; python {sys.version.split()[0]}")
    print(f"import core dependencies: median {b * 1000:.1f} ms")
    print(f"campaign status --json:   median {m * 1000:.1f} ms")
    print(f"ratio: {m / b:.2f}x (target <= 1.30x)")


if __name__ == "__main__":
    main()
