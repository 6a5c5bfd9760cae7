"""A full replay against a raw read of the same rows (issue #16). Builds, for each size, a store
holding Spring 869's draw followed by notes up to N events (as `readmodel.py` does), then times in
one process, alternating run by run:

- raw: one SQL select of the campaign's stored events and `json.loads` of each row;
- replay: what `verify` and a write do: read the log, decode every event, check the whole hash
  chain and fold the state (`Campaigns.load` and `Loaded.chain_break`);

- the replay as it was before `campaign.store.rows` (session 6): eventsourcing's select and mapper
  for every row, then `chain.first_break` encoding every event's canonical JSON, then the fold;

and, to say where the replay's time goes, its parts alone: reading the rows with their links
(`Logs._rows` and `stored.read_log`) and the fold. Prints the medians and the ratios to the
raw read (the issue asks at most 2× at 100,000 events).

    python benchmarks/replay.py [--sizes 1000 10000 100000] [--runs 7]
"""

from __future__ import annotations

import gc
import json
import sqlite3
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from eventsourcing.persistence import StoredEvent
from readmodel import built_logs, sizes_and_runs

from campaign.domain import chain
from campaign.domain.log import fold
from campaign.domain.registry import kind
from campaign.service.unit_of_work import Campaigns
from campaign.store.rows import read_log


def raw(db: Path) -> Callable[[], object]:
    def read() -> object:
        with sqlite3.connect(db) as connection:
            rows = connection.execute(
                "SELECT originator_version, topic, state FROM stored_events "
                "WHERE originator_id = (SELECT originator_id FROM stored_events "
                "WHERE originator_version = 1 LIMIT 1) ORDER BY originator_version"
            ).fetchall()
        connection.close()
        return [json.loads(state) for _, _, state in rows]

    return read


def replay(db: Path) -> Callable[[], object]:
    def read() -> object:
        store = Campaigns(str(db))
        loaded = store.load("Bench")
        broken = loaded.chain_break
        store.close()
        assert broken is None
        return loaded

    return read


def before(db: Path) -> Callable[[], object]:
    def read() -> object:
        store = Campaigns(str(db))
        stream = store.listing.stream("Bench")
        events = [
            store.logs._decode(s)
            for s in store.database.store.events.recorder.select_events(stream)
        ]
        broken = chain.first_break(events)
        state = fold(kind(events[0].rules), events)
        store.close()
        assert broken is None
        return state

    return read


def timed(action: Callable[[], object]) -> float:
    gc.collect()
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def measure(db: Path, runs: int) -> dict[str, float]:
    """Each part's median over `runs` alternating runs, after one warm run of each (imports, the
    map's parse, the page cache)."""
    store = Campaigns(str(db))
    loaded, stream = store.load("Bench"), store.listing.stream("Bench")
    parts = {
        "raw": raw(db),
        "replay": replay(db),
        "before": before(db),
        "rows": lambda: read_log(
            stream,
            store.logs._rows(stream),
            lambda row: store.logs._decode(StoredEvent(stream, *row)),
        ),
        "fold": lambda: fold(loaded.kind, loaded.events),
    }
    times: dict[str, list[float]] = {key: [] for key in parts}
    for action in parts.values():
        action()
    for _ in range(runs):
        for key, action in parts.items():
            times[key].append(timed(action))
    store.close()
    return {key: statistics.median(values) for key, values in times.items()}


def main() -> None:
    args = sizes_and_runs()
    print("| events | raw read | replay | ratio | before | ratio | rows and links | fold |")
    print("|---|---|---|---|---|---|---|---|")
    for size, db in built_logs(args.sizes):
        m = measure(db, args.runs)
        print(
            f"| {size:,} | {m['raw']:.3f} s | {m['replay']:.3f} s "
            f"| {m['replay'] / m['raw']:.2f}× | {m['before']:.3f} s "
            f"| {m['before'] / m['raw']:.2f}× | {m['rows']:.3f} s | {m['fold']:.3f} s |",
            flush=True,
        )


if __name__ == "__main__":
    main()
