"""The hub's log page on long logs (issue #16): one page of 200 events read alone while the
stored view vouches for the log, against the same page cut from the whole log read, checked and
folded (the view dropped before each of those runs). Builds, for each size, a store holding
Spring 869's draw followed by notes up to N events (as `readmodel.py` does), then times, in
process and alternating, R runs of each through Starlette's test client. Prints medians and their
ratio.

    python benchmarks/hub_log.py [--sizes 1000 10000 100000] [--runs 7]
"""

from __future__ import annotations

import statistics
import time

from readmodel import built_logs, drop_view, sizes_and_runs
from starlette.testclient import TestClient

from campaign.web.hub import hub


def timed(client: TestClient, path: str = "/log/Bench", says: str = "Events") -> float:
    """How long the hub took to serve the page at `path` (which must say `says`)."""
    start = time.perf_counter()
    page = client.get(path)
    assert page.status_code == 200 and says in page.text
    return time.perf_counter() - start


def main() -> None:
    options = sizes_and_runs()
    print("| events | page, view vouches | page, whole log read | ratio |")
    print("|---|---|---|---|")
    for size, db in built_logs(options.sizes):
        client = TestClient(hub(str(db)))
        timed(client)  # warm: imports, templates
        kept, whole = [], []
        for _ in range(options.runs):
            kept.append(timed(client))
            drop_view(db)
            whole.append(timed(client))  # the read keeps the view again
        k, w = statistics.median(kept), statistics.median(whole)
        print(f"| {size:,} | {k:.3f} s | {w:.3f} s | {w / k:.0f}× |")


if __name__ == "__main__":
    main()
