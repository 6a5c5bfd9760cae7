"""The hub's campaign page right after a write on the command line (issue #16): drawn from the
state the writer kept beside the view, against the same page drawn from the whole log (the kept
state dropped before each of those runs). Builds, for each size, a store holding Spring 869's
draw followed by notes up to N events (as `readmodel.py` does); each run appends a note as
`campaign note` does (the write, then the reports it keeps) and times the first reader, a new
hub (nothing in its memory) asked for the campaign's page, in process. Prints medians and their
ratio, and what the write and the keeping after it (reports, the states their rounds ended in)
took.

    python benchmarks/hub_page.py [--sizes 1000 10000 100000] [--runs 7]
"""

from __future__ import annotations

import gc
import sqlite3
import statistics
import time
from pathlib import Path

from hub_log import timed
from readmodel import built_logs, sizes_and_runs
from starlette.testclient import TestClient

from campaign.domain.shared_commands import note
from campaign.service.unit_of_work import Campaigns
from campaign.views.reports import keep_after_append
from campaign.web.hub import hub

WRITES: list[float] = []
KEEPING: list[float] = []


def written(db: Path) -> None:
    """A note appended as the command line appends it (the write keeps the view and the state;
    then the reports read first and the states their rounds ended in are kept)."""
    store = Campaigns(str(db))
    start = time.perf_counter()
    store.act("Bench", lambda state: note("one more"), "o")
    wrote = time.perf_counter()
    keep_after_append(store, "Bench", store.after)
    WRITES.append(wrote - start)
    KEEPING.append(time.perf_counter() - wrote)
    store.close()
    # the writer is the command line, a process of its own: what it left for the garbage
    # collector (at 100,000 events, the report of a round of 100,000 notes it built) is not the
    # hub's to collect while it draws the page
    gc.collect()


def drop_state(db: Path) -> None:
    with sqlite3.connect(db) as connection:
        connection.execute("DELETE FROM campaign_views WHERE stream LIKE '%/state'")
    connection.close()


def first_reader(db: Path) -> float:
    """The campaign's page, asked of a new hub (nothing kept in its memory)."""
    return timed(TestClient(hub(str(db))), "/c/Bench", "hash chain intact")


def main() -> None:
    options = sizes_and_runs()
    print(
        "| events | page after a write, state kept | page after a write, log folded | ratio "
        "| the write | keeping after it |"
    )
    print("|---|---|---|---|---|---|")
    for size, db in built_logs(options.sizes):
        first_reader(db)  # warm: imports, templates, the parsed map
        kept, folded = [], []
        WRITES.clear()
        KEEPING.clear()
        for _ in range(options.runs):
            written(db)
            kept.append(first_reader(db))
            written(db)
            drop_state(db)
            folded.append(first_reader(db))
        k, f = statistics.median(kept), statistics.median(folded)
        w, after = statistics.median(WRITES), statistics.median(KEEPING)
        print(
            f"| {size:,} | {k:.3f} s | {f:.3f} s | {f / k:.1f}× | {w:.3f} s | {after:.3f} s |",
            flush=True,
        )


if __name__ == "__main__":
    main()
