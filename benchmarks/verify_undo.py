"""How `verify` grows with an undo-heavy log (issue: linear, not quadratic). Builds logs of N
events where every other action is undone (notes and undos, so any kind will do), then times
the audit alone, in-process, median of R runs.

    python benchmarks/verify_undo.py [--sizes 1000 2000 4000] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from readmodel import begin

from campaign.domain.registry import kind
from campaign.domain.settle import settle
from campaign.input import clock
from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import audit


def undo_heavy_log(size: int) -> list:
    """Spring 869's draw, then the first player's attack declared and undone again and again:
    `size` events of real decisions, stamped and chained as the store does (in memory)."""
    from campaign.domain.log import Loaded
    from campaign.domain.shared_commands import undo
    from campaign.kinds.boiling_cauldron import commands

    store, of = Campaigns(":memory:"), kind("boiling-cauldron")
    begin(store, "Bench")
    loaded = store.load("Bench")
    base = loaded.state
    source, target = commands.checks.legal_attacks(base, base.on_turn)[0]
    while len(loaded.events) < size:
        attacked = settle(loaded, commands.attack(base, source, target), "o", [], clock.now())
        loaded = Loaded(of, loaded.events + tuple(attacked), loaded.state)
        undone = settle(loaded, undo(loaded.events, 1, "bench"), "o", [], clock.now())
        loaded = Loaded(of, loaded.events + tuple(undone), base)
    return list(loaded.events)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 4000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    of = kind("boiling-cauldron")
    for size in args.sizes:
        events = undo_heavy_log(size)
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            audit(of, events)
            times.append(time.perf_counter() - start)
        print(f"{size:>7} events: audit median {statistics.median(times) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
