"""The hub under load (issue #31): a real server (uvicorn, 127.0.0.1) serving Spring 869 played
to its end, asked for its campaign page by 1 and 8 clients at once (each a keep-alive connection
of its own), on SQLite and, where one answers, on the project's PostgreSQL server; beside it, a
minimal Starlette page under the same server as the floor. Prints requests per second and the
median and 99th-percentile latency of each; then arbiters' notes sent from their pages by 1 and
8 arbiters at once (each a GET of his page for its one-time form, then the POST), the notes
recorded per second; and the peak memory of the server's processes.

    python benchmarks/hub_load.py [--seconds 5] [--clients 1 8] [--postgres URL] [--workers N]
        [--threads N] [--in-progress] [--no-pages] [--no-sqlite]

With --workers N, the hub (`campaign serve --workers N`) and the floor (`uvicorn --workers N`)
each serve by N processes.
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

FLOOR = """
from starlette.applications import Starlette
from starlette.responses import HTMLResponse
from starlette.routing import Route

async def page(request):
    return HTMLResponse("<!DOCTYPE html><title>floor</title><p>" + "x" * 2000)

app = Starlette(routes=[Route("/c/{name:path}", page)])
"""


def serve(command: list[str], port: int, env: dict[str, str]) -> subprocess.Popen:
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(200):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/")
            connection.getresponse().read()
            return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise SystemExit(f"the server on port {port} did not answer: {server.stderr.read()!r}")


Timed = tuple[float, float, float]
"""Requests per second over all clients, and the median and 99th-percentile latency (s)."""


def clients_at_once(step, port: int, count: int, seconds: float) -> Timed:
    """`count` clients at once for `seconds`, each with a keep-alive connection of its own to
    `port` and running `step(connection, n)` (it returns the seconds its timed request took)
    until time is up."""
    latencies: list[float] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(n: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        mine = []
        while time.monotonic() < stop:
            mine.append(step(connection, n))
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(count)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    spent = time.monotonic() - began
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return len(latencies) / spent, statistics.median(latencies), p99


def load(port: int, path: str, clients: int, seconds: float) -> Timed:
    """A page asked again and again by `clients` at once."""

    def get(connection: http.client.HTTPConnection, _: int) -> float:
        began = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        assert response.status == 200, response.status
        return time.perf_counter() - began

    return clients_at_once(get, port, clients, seconds)


def notes(port: int, tokens: list[str], seconds: float) -> Timed:
    """Arbiters' notes sent from their pages, one arbiter a client: the POST alone timed."""
    import re

    def note(connection: http.client.HTTPConnection, n: int) -> float:
        connection.request("GET", f"/a/{tokens[n]}")
        answer = connection.getresponse()
        page = answer.read().decode()
        form = re.search(r'name="csrf" value="([^"]+)"', page)
        if form is None:
            said = re.search(r"<p[^>]*>([^<]+)</p>", page)
            raise SystemExit(f"the page answered {answer.status}: {said and said.group(1)}")
        csrf = form.group(1)
        body = f"csrf={csrf}&choice=a+ruling"
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        began = time.perf_counter()
        connection.request("POST", f"/a/{tokens[n]}/note", body=body, headers=headers)
        answer = connection.getresponse()
        said = re.sub(r"<[^>]+>|\s+", " ", answer.read().decode(errors="replace"))
        assert answer.status == 303, f"{answer.status}: {said[-300:]}"
        return time.perf_counter() - began

    return clients_at_once(note, port, len(tokens), seconds)


def arbiters(db: str, count: int, folder: Path) -> list[str]:
    """`count` arbiters invited, their links' secrets."""
    import re

    env = {**os.environ, "CAMPAIGN_WITNESS": str(folder / "witness.json")}
    made = []
    for n in range(count):
        said = subprocess.run(
            [sys.executable, "-c", "import cli; cli.main()", "--db", db, "invite", f"Arbiter {n}"]
            + ["--role", "arbiter"],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        made.append(re.search(r"/a/(\S+)", said).group(1))
    return made


IN_PROGRESS = 13
"""The demo's first steps that leave Spring 869 in round 2, four attacks declared: a campaign
being played, whose round in progress every note joins (`--in-progress`)."""


def store(url: str | None, folder: Path, steps: int | None = None) -> str:
    """Spring 869 played to its end (or its first `steps`) in a store of its own (a SQLite
    file, or a schema)."""
    from campaign.service.demo import script

    db = url or str(folder / "hub.sqlite")
    env = {**os.environ, "CAMPAIGN_WITNESS": str(folder / "witness.json")}
    for _, words in script("boiling-cauldron")[:steps]:
        subprocess.run(
            [sys.executable, "-c", "import cli; cli.main()", "--db", db, *words],
            env=env,
            check=True,
            capture_output=True,
        )
    return db


def peak_memory(pid: int) -> str:
    """The peak resident set of the server and of each process it started (`--workers`), from
    the kernel's accounting (/proc/PID/status, VmHWM)."""

    def high(process: int) -> int:
        for line in Path(f"/proc/{process}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return 0

    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    peaks = [high(pid), *(high(int(child)) for child in children)]
    return " + ".join(f"{kib / 1024:.0f} MiB" for kib in peaks)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8])
    parser.add_argument("--postgres", default=os.environ.get("CAMPAIGN_TEST_POSTGRES"))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--threads", type=int, help="serve --threads N (its default if left out)")
    parser.add_argument("--no-sqlite", action="store_true", help="only PostgreSQL (and the floor)")
    parser.add_argument(
        "--in-progress",
        action="store_true",
        help="Spring 869 in round 2 (its first 13 steps), not played to its end",
    )
    parser.add_argument("--no-pages", action="store_true", help="only the notes")
    options = parser.parse_args()
    steps = IN_PROGRESS if options.in_progress else None
    folder = Path(tempfile.mkdtemp(prefix="hub-load-"))
    env = {**os.environ, "CAMPAIGN_WITNESS": str(folder / "witness.json")}
    (folder / "floor.py").write_text(FLOOR)
    runs = [("floor (minimal Starlette page)", None)]
    if not options.no_sqlite:
        runs.append(("hub, SQLite", store(None, folder, steps)))
    if options.postgres:
        schema = f"{options.postgres}?schema=hub_load_{os.getpid()}"
        try:
            runs.append(("hub, PostgreSQL", store(schema, folder, steps)))
        except subprocess.CalledProcessError as failure:
            print(f"PostgreSQL left out: {failure.stderr.decode()[:200]}")
    print(f"{'what':34} {'clients':>7} {'req/s':>8} {'median':>9} {'p99':>9}")
    for port, (what, db) in enumerate(runs, 8811):
        if db is None:
            command = [sys.executable, "-m", "uvicorn", "--app-dir", str(folder), "floor:app"]
        else:
            command = [sys.executable, "-c", "import cli; cli.main()", "--db", db, "serve"]
        several = ["--workers", str(options.workers)] if options.workers > 1 else []
        if db is not None and options.threads:
            several += ["--threads", str(options.threads)]
        server = serve([*command, "--port", str(port), *several], port, env)
        try:
            load(port, "/c/Spring 869".replace(" ", "%20"), 1, 1.0)  # warm
            for clients in [] if options.no_pages else options.clients:
                rate, median, p99 = load(port, "/c/Spring%20869", clients, options.seconds)
                print(
                    f"{what:34} {clients:>7} {rate:>8.1f} {median * 1000:>7.1f}ms "
                    f"{p99 * 1000:>7.1f}ms"
                )
            if db is not None:
                tokens = arbiters(db, max(options.clients), folder)
                for clients in options.clients:
                    rate, median, p99 = notes(port, tokens[:clients], options.seconds)
                    print(
                        f"{what + ': notes (POST)':34} {clients:>7} {rate:>8.1f} "
                        f"{median * 1000:>7.1f}ms {p99 * 1000:>7.1f}ms"
                    )
            if db is not None:
                print(f"{what + ': peak memory':34} {peak_memory(server.pid):>24}")
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
