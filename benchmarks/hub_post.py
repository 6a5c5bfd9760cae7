"""A form sent to the hub at a long log (issue #25): a player's attack declared from his link,
then the organiser's console taking it back (`undo --reason …`), then an arbiter's note, each
through Starlette's test client in process, each answered with its redirect. Builds, for each
size, a store holding Spring 869's draw followed by notes up to N events (as `readmodel.py`
does), then times each POST (medians of --runs) and counts the Python calls it makes (cProfile,
one more run of each).

    python benchmarks/hub_post.py [--sizes 1000 100000] [--runs 7]

Run from a checkout's root to measure that checkout (the code is imported from the working
directory), e.g. from a `git worktree` of an older commit to measure before and after.
"""

from __future__ import annotations

import re
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))
sys.path.insert(1, str(Path(__file__).resolve().parent))

from readmodel import built_logs, sizes_and_runs  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from campaign.service.unit_of_work import Campaigns  # noqa: E402
from campaign.web.hub import hub  # noqa: E402

LINKS = {"Cid": "player", "Olga": "organiser", "Ada": "arbiter"}


def links(db: Path) -> dict[str, str]:
    """A personal link for Cid (on turn), an organiser and an arbiter."""
    store = Campaigns(str(db))
    made = {}
    for person, role in LINKS.items():
        token = f"bench-{person.lower()}-link-0000000000000000"
        store.links.grant("Bench", token, role, person if role == "player" else None)
        made[person] = token
    store.close()
    return made


def ready(client: TestClient, token: str, action: str, **fields: str):
    """A form of the link's page, filled in as a browser fills it (its one-time token, the
    action it is about): sending it is the POST measured."""
    page = client.get(f"/a/{token}").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    hidden = dict(re.findall(r'type="hidden" name="(latest)" value="([^"]+)"', page))
    choice = fields.pop("choice", None) or re.search(r'<option value="([^"]+)"', page).group(1)
    data = {"csrf": csrf, **hidden, "choice": choice, **fields}

    def send() -> None:
        answer = client.post(f"/a/{token}/{action}", data=data, follow_redirects=False)
        assert answer.status_code == 303, answer.text[-600:]

    return send


def posts(client: TestClient, made: dict[str, str]) -> dict[str, object]:
    """Each POST measured, as a function making its form ready."""
    return {
        "a player's attack": lambda: ready(client, made["Cid"], "attack"),
        "the organiser's undo": lambda: ready(
            client, made["Olga"], "command", choice="undo --reason bench"
        ),
        "an arbiter's note": lambda: ready(client, made["Ada"], "note", choice="a ruling"),
    }


def timed(post) -> float:
    start = time.perf_counter()
    post()
    return time.perf_counter() - start


def calls(db: Path, made: dict[str, str], name: str) -> int:
    """The Python calls the POST `name` makes, in every thread (the test client serves the app
    from a thread of its own, the hub runs a form's decision in a worker thread): counted by a
    profile hook set before a new client starts its threads, less those of the same client
    asked for nothing but the link's page."""
    page_only = _counted(lambda c: posts(c, made)[name](), db)
    return _counted(lambda c: posts(c, made)[name]()(), db) - page_only


def _counted(run, db: Path) -> int:
    counted = [0]

    def count(frame, event, arg):
        if event == "call":
            counted[0] += 1

    threading.setprofile(count)
    sys.setprofile(count)
    try:
        with TestClient(hub(str(db))) as client:
            run(client)
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
    return counted[0]


def main() -> None:
    options = sizes_and_runs()
    print("| events | POST | median | calls |")
    print("|---|---|---|---|")
    for size, db in built_logs(options.sizes):
        client = TestClient(hub(str(db)))
        made = links(db)
        sending = posts(client, made)
        for prepare in sending.values():
            prepare()()  # warm: imports, templates, the parsed map
        times: dict[str, list[float]] = {name: [] for name in sending}
        for _ in range(options.runs):
            for name, prepare in sending.items():
                times[name].append(timed(prepare()))
        counted = {name: calls(db, made, name) for name in sending}
        for name in sending:
            median = statistics.median(times[name])
            print(f"| {size:,} | {name} | {median:.3f} s | {counted[name]:,} |", flush=True)


if __name__ == "__main__":
    main()
