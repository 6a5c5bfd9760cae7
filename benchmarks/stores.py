"""`list` and `status --json` on stores of many campaigns (issue #16). Builds, for each count, a
store of that many campaigns (each Spring 869 drawn, and a note), then runs side by side,
alternating, R times each: the bare import of the core dependencies, `list`, `list --json` and
`status --json` of the last campaign started. Prints the medians and each ratio to the baseline.
`--against PROGRAM` times another installed `campaign` (an earlier version) beside it.

    python benchmarks/stores.py [--counts 1 100 1000] [--runs 7] [--against PROGRAM]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from readmodel import BASELINE, begin, medians_row
from readmodel import timed_in as timed

from campaign.domain.shared_commands import note
from campaign.service.unit_of_work import Campaigns


def build(db: Path, count: int) -> None:
    store = Campaigns(str(db))
    for n in range(1, count + 1):
        begin(store, f"Bench {n}")
        store.act(f"Bench {n}", lambda state: note("a note"), "o")
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--counts", type=int, nargs="+", default=[1, 100, 1000])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--against", help="another installed campaign program, timed beside")
    args = parser.parse_args()
    campaign = [sys.executable, "-m", "cli"] if Path("cli.py").exists() else ["campaign"]
    keys = ("base", "list", "json", "status") + (("other",) if args.against else ())
    print(
        "| campaigns | baseline | list | list --json | status --json of one |"
        + (" list, the other program |" if args.against else "")
    )
    print("|---|---|---|---|---|" + ("---|" if args.against else ""))
    with tempfile.TemporaryDirectory() as folder:
        for count in args.counts:
            db = Path(folder) / f"{count}.sqlite"
            build(db, count)
            at = [*campaign, "--db", str(db)]
            commands_run = {
                "base": BASELINE,
                "list": [*at, "list"],
                "json": [*at, "list", "--json"],
                "status": [*at, "-c", f"Bench {count}", "status", "--json"],
            }
            if args.against:  # on a copy: each program keeps views of its own again
                other = Path(folder) / f"{count}-other.sqlite"
                other.write_bytes(db.read_bytes())
                commands_run["other"] = [args.against, "--db", str(other), "list"]
            runs: dict[str, list[float]] = {k: [] for k in keys}
            for _ in range(args.runs):
                for key, command in commands_run.items():
                    runs[key].append(timed(command))
            print(f"| {count:,} | {medians_row(runs, keys)} |", flush=True)


if __name__ == "__main__":
    main()
