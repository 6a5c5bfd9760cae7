"""Writes on long logs (issue #31): `campaign note`, `attack` and `undo` as a user runs them (a new
process each), at each size, beside the bare import of the core dependencies, alternating run by
run; in a SQLite file and, with --postgres, in a schema of its own on a PostgreSQL server.

Each store holds Spring 869's draw, notes up to N events and round 1 ended by every player
forfeiting (`readmodel.build`), then Cid's first attack of round 2, so that the notes written
next are round 2's. Each run records a note, then an attack and its undo (the attack's own undo:
the next run attacks again). With --trailing, the round 2 attack is left out: every note then
belongs to round 1, written just after it ended, and its report (which lists them) grows with
each; only notes are recorded then.

    python benchmarks/writes.py [--sizes 1000 10000 100000] [--runs 7] [--postgres URL]
        [--trailing]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(1, str(Path(__file__).resolve().parent))

from installed import as_installed  # noqa: E402
from readmodel import BASELINE, build  # noqa: E402

from campaign.kinds.boiling_cauldron import checks, commands  # noqa: E402
from campaign.service.unit_of_work import Campaigns  # noqa: E402


def attack_of(store: str) -> tuple[str, str]:
    """The first legal attack of the player on turn."""
    state = Campaigns(store).load("Bench").state
    return checks.legal_attacks(state, state.on_turn)[0]


def timed(command: list[str], witness: str | None = None) -> float:
    """One command's wall time; `witness`: the reader's own checkpoints (a file per store, as each
    store holds its own campaign called Bench)."""
    env = {**os.environ, "CAMPAIGN_WITNESS": witness} if witness else None
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def measure(store: str, runs: int, trailing: bool, witness: str) -> dict[str, float]:
    program = [sys.executable, "-m", "cli"] if Path("cli.py").exists() else ["campaign"]
    campaign = [*program, "--db", store]
    if not trailing:
        Campaigns(store).act("Bench", lambda s: commands.attack(s, *attack_of(store)), "o")
    source, target = attack_of(store)
    timed([*campaign, "status", "-c", "Bench"], witness)  # the view kept by this program
    times: dict[str, list[float]] = {"base": [], "note": [], "attack": [], "undo": []}
    for _ in range(runs):
        times["base"].append(timed(BASELINE))
        times["note"].append(timed([*campaign, "note", "-c", "Bench", "a ruling"], witness))
        if trailing:  # an attack would begin round 2, and the notes after it be its own
            continue
        attack = [*campaign, "attack", "-c", "Bench", source, target]
        times["attack"].append(timed(attack, witness))
        undo = [*campaign, "undo", "-c", "Bench", "--reason", "bench"]
        times["undo"].append(timed(undo, witness))
    return {key: statistics.median(values) if values else 0.0 for key, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--postgres", default=None)
    parser.add_argument("--trailing", action="store_true")
    args = parser.parse_args()
    as_installed()
    print("| store | events | baseline | note | attack | undo |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for size in args.sizes:
            stores = [("SQLite", str(Path(folder) / f"w{size}.sqlite"))]
            if args.postgres:
                schema = f"{args.postgres}?schema=writes_{uuid.uuid4().hex[:10]}"
                stores.append(("PostgreSQL", schema))
            for label, store in stores:
                build(store, size)  # type: ignore[arg-type]
                witness = str(Path(folder) / f"witness-{label}-{size}.json")
                got = measure(store, args.runs, args.trailing, witness)
                base = got["base"]
                cells = " | ".join(
                    f"{got[k]:.3f} s ({got[k] / base:.2f}×)" for k in ("note", "attack", "undo")
                )
                print(f"| {label} | {size:,} | {base:.3f} s | {cells} |", flush=True)


if __name__ == "__main__":
    main()
