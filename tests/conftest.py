"""Shared fixtures. Rules tests: given a campaign → when a command → then events, or the rule
that refused it (`given`, `britain`, `eagle`). Command-line tests: a real SQLite file driven
through the console app (`shell`), the demo's scripts with their steps found by what they do
(`spring`, `under_the_eagle`), and the finished demo played once per session (`finished`)."""

from __future__ import annotations

import email
import email.policy
import functools
import json
import os
import re
import socket
import sqlite3
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from campaign.errors import CampaignError, RuleViolation
from campaign.kinds.boiling_cauldron import commands
from campaign.kinds.boiling_cauldron.starting import default_map_source
from campaign.service.demo import script
from campaign.service.unit_of_work import Campaigns
from campaign.views.log import entries
from cli import app

SMALL_MAP = (Path(__file__).parent / "maps" / "small.toml").read_text(encoding="utf-8")

os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="campaign-tests-")
"""What the program keeps in the user's data folder (the default store, the current campaign of a
server's store) goes to a folder of the test run's own, never the tester's."""
for _folder in ("XDG_STATE_HOME", "XDG_CONFIG_HOME"):  # the checkpoints seen; the signing key
    os.environ[_folder] = tempfile.mkdtemp(prefix="campaign-tests-")
os.environ.pop("CAMPAIGN_KEY", None)
os.environ.pop("COLUMNS", None)  # piped output is 100 columns wide unless a test says otherwise
os.environ.pop("CAMPAIGN_KEY_PASSPHRASE", None)


PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
"""Issue #48: how hard the property tests look — `ci` (the default: the examples each test
asks for) or `dev` (at most `DEV_EXAMPLES` each, for a loop of seconds while writing code)."""
DEV_EXAMPLES = 3


def examples(wanted: int) -> int:
    """The examples a property test asks for, under the profile in use (`PROFILE`)."""
    return wanted if PROFILE == "ci" else min(wanted, DEV_EXAMPLES)


CLOCK_MOVED = {"today": None, "a-year-on": "365d", "five-years-on": "1826d"}
"""Issue #58: how far the real time is moved (CAMPAIGN_CLOCK_OFFSET) for the tests marked
`dated`, each run once on each: a test that passes only on the day it was written fails here."""


def pytest_configure(config: pytest.Config) -> None:
    for marker, meaning in MARKERS.items():
        config.addinivalue_line("markers", f"{marker}: {meaning}")
    config.addinivalue_line(
        "markers",
        "clock(instant): the program's one clock pinned to `instant` (CAMPAIGN_NOW) for this "
        "test, before any of its fixtures records anything",
    )
    config.addinivalue_line(
        "markers",
        "dated: reads deadlines, reminders, holidays, quiet hours, calendars, notices or tick; "
        "run again with the real time moved a year and five years on (issue #58)",
    )


MARKERS = {
    "slow": "a property test over random campaigns, or a dated test on a moved clock",
    "browser": "drives or renders in Chromium (chromium and chromium-driver)",
    "postgres": "runs on the PostgreSQL server (CAMPAIGN_TEST_POSTGRES)",
}
"""Issue #48: the markers every test gets from what it is (`pytest_collection_modifyitems`), so
that `pytest -m "not slow and not browser and not postgres"` is a loop of a minute or so."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        said = getattr(getattr(item, "callspec", None), "id", "")
        ids = said.split("-")
        if "postgres" in ids:
            item.add_marker(pytest.mark.postgres)
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        hypothesis = getattr(getattr(item, "obj", None), "is_hypothesis_test", False)
        if hypothesis or any(moved in said for moved in CLOCK_MOVED if moved != "today"):
            item.add_marker(pytest.mark.slow)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A `dated` test runs on today's clock and on the clock moved on (`CLOCK_MOVED`); a test
    whose clock is pinned reads no real time, and runs once."""
    node = metafunc.definition
    if node.get_closest_marker("dated") and not node.get_closest_marker("clock"):
        moved = list(CLOCK_MOVED.values())
        metafunc.parametrize("the_clock", moved, ids=list(CLOCK_MOVED), indirect=True)


@pytest.fixture(autouse=True)
def the_clock(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The program's one clock (campaign.input.clock) as the test asks: pinned by its `clock`
    marker, or the real time moved by its `dated` parameter (or by CAMPAIGN_CLOCK_OFFSET for the
    whole run); set before the test's other fixtures, so that nothing is stamped on another
    clock."""
    monkeypatch.delenv("CAMPAIGN_NOW", raising=False)
    pinned = request.node.get_closest_marker("clock")
    if pinned is not None:
        monkeypatch.setenv("CAMPAIGN_NOW", pinned.args[0])
    moved = getattr(request, "param", None)
    if moved is not None:
        monkeypatch.setenv("CAMPAIGN_CLOCK_OFFSET", moved)


@pytest.fixture(autouse=True)
def own_witness(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test a reader of its own (campaign.proof.witness): what one test saw of a store never
    refuses another's."""
    path = tmp_path_factory.mktemp("witness") / "witness.json"
    monkeypatch.setenv("CAMPAIGN_WITNESS", str(path))
    return path


# Rules tests: a campaign in an in-memory store, driven through the same service as the CLI.


class Story:
    """One campaign in an in-memory store; `when` runs a command, `refused` one that must fail."""

    name = "Test"

    def __init__(self, started: dict[str, Any], then: Callable[[Any], list]) -> None:
        self.campaigns = Campaigns(":memory:")
        self.campaigns.start({"name": self.name, **started}, then, "organiser")

    @property
    def state(self) -> Any:
        return self.campaigns.load(self.name).state

    @property
    def log(self) -> list[dict]:
        return entries(self.campaigns.load(self.name).events)

    def when(self, command: Callable[..., list], *args: Any) -> list[tuple[str, dict]]:
        """Run a command; return the events it recorded as (type, data) pairs."""
        new = self.campaigns.act(self.name, lambda state: command(state, *args), "organiser")
        return [(e["type"], e["data"]) for e in entries(new)]

    def refused(self, command: Callable[..., list], *args: Any) -> str:
        """Run a command that must be refused; return the rule it cites (or its sentence),
        checking that nothing was recorded."""
        before = self.log
        with pytest.raises(CampaignError) as refusal:
            self.when(command, *args)
        assert self.log == before
        if isinstance(refusal.value, RuleViolation):
            return refusal.value.rule
        return str(refusal.value)


def boiling_cauldron(
    allocation: dict[str, str] | None = None,
    players: list[str] | None = None,
    map_source: str = SMALL_MAP,
    seed: str | None = None,
) -> Story:
    """A Boiling Cauldron campaign on the small test map (or `map_source`)."""
    players = players or list(dict.fromkeys((allocation or {}).values()))
    started = dict(
        rules="boiling-cauldron", players=players, map_source=map_source, seed_commitment=None
    )
    return Story(started, lambda s: [commands.allocate(s.world, players, allocation, seed)])


class Eagle(Story):
    """An ONUS! campaign: Marcus plays Rome, Boudica its enemies."""

    def __init__(self, reset_eliminated: bool = False) -> None:
        from campaign.kinds.onus import commands as onus

        started = dict(
            rules="onus-under-the-eagle",
            players=["Marcus", "Boudica"],
            map_source="",
            seed_commitment=None,
        )
        super().__init__(started, lambda s: onus.take_sides("Marcus", "Boudica", reset_eliminated))

    def play(
        self, facts: dict[str, str], upgrade: str | None = None, **casualties: list[str]
    ) -> None:
        """Record a scenario's result, then its winner's upgrade (or decline)."""
        from campaign.kinds.onus import commands as onus

        self.when(
            onus.scenario_result,
            facts,
            casualties.get("eliminated", []),
            casualties.get("lost", []),
            casualties.get("wounded", []),
            casualties.get("officers", []),
        )
        if self.state.upgrade_due:
            self.when(onus.upgrade, upgrade)

    def muster_cheapest(self) -> None:
        """Muster every free-choice army of the next scenario: its required units, then the
        cheapest unit up to the points and the unit cap (ON-3.2)."""
        from campaign.kinds.onus import commands as onus

        for side in ("rome", "enemies"):
            if self.state.army_units(side) is None:
                self.when(onus.muster, side, cheapest_army(self.state, side))

    def upgrade_and_field(self, unit: str) -> None:
        """The winner's upgrade (ON-2.1), then a muster that fields it where the army is free."""
        from campaign.kinds.onus import commands as onus

        side = self.state.upgrade_due
        self.when(onus.upgrade, unit)
        if unit not in {c.id for c in self.state.fielded(side)}:
            self.when(onus.muster, side, cheapest_army(self.state, side, unit))

    def play_to_the_end(self, winners: str) -> None:
        """The scenarios from the next to the eighth, won as `winners` says ("RRE…"); no upgrade."""
        for winner in winners:
            self.muster_cheapest()
            rome_wins, enemies_win = WINNING_FACTS[self.state.next_scenario.number]
            self.play(rome_wins if winner == "R" else enemies_win, None)


# scenario: (facts that make Rome the winner, facts that make the enemies the winner)
WINNING_FACTS = {
    1: ({"vitellius_survived": "yes"}, {"vitellius_survived": "no"}),
    2: ({"narcissus_killed": "no"}, {"narcissus_killed": "yes"}),
    3: (
        {"vespasian_survived": "yes", "roman_units_available": "5"},
        {"vespasian_survived": "no", "roman_units_available": "5"},
    ),
    4: ({"ended_by": "celtic_rout"}, {"ended_by": "legions_lost"}),
    5: ({"ended_by": "celtic_rout"}, {"ended_by": "romans_destroyed"}),
    6: ({"briton_units_captured": "4"}, {"briton_units_captured": "0"}),
    7: ({"ended_by": "escaped"}, {"ended_by": "roman_rout"}),
    8: ({"ended_by": "druids_eliminated"}, {"ended_by": "cato_defeated"}),
}
"""ON-3.1's table, read as a player would."""


def kept_back(of: Any, events: Any, state: Any) -> Any:
    """Issue #16: the state as the store keeps it beside the view (campaign.readmodel.snapshot),
    read back — equal to `state`, where the codec holds."""
    from campaign.readmodel import snapshot

    return snapshot.read(of, snapshot.kept(of, state), of.start(events[0]))


def cheapest_army(state: Any, side: str, must: str | None = None) -> dict[str, int]:
    """A lawful free-choice army: the required units (and enough of the type of `must`, a card
    upgraded to play in it, to field that card), then the cheapest unit up to the points and the
    unit cap."""
    army = state.next_scenario.armies[side]
    catalogue = state.book.catalogue(side, army.people)
    units = dict(army.required)
    if must:
        unit_type = state.book.type_of(must)
        units[unit_type] = max(units.get(unit_type, 0), fielding(state.roster[side], must))
    spare = army.points - sum(catalogue[u] * n for u, n in units.items())
    cheapest = min((u for u in catalogue if u not in state.book.scenario_only), key=catalogue.get)
    count = min(spare // catalogue[cheapest], (army.max_units or 99) - sum(units.values()))
    if count > 0:
        units[cheapest] = units.get(cheapest, 0) + count
    return units


def fielding(roster: Any, card_id: str) -> int:
    """How many cards of its type an army needs for `card_id` to take the field (best first)."""
    from campaign.kinds.onus.rules import STATUSES

    unit_type = next(c.type for c in roster if c.id == card_id)
    ranked = sorted(
        (c for c in roster if c.type == unit_type),
        key=lambda c: (-STATUSES.index(c.status), int(c.id.rsplit("-", 1)[1])),
    )
    return [c.id for c in ranked].index(card_id) + 1


@pytest.fixture(scope="session")
def cheapest() -> Callable[[Any, str], dict[str, int]]:
    """`cheapest(state, side)`: a lawful free-choice army for the next scenario."""
    return cheapest_army


@pytest.fixture(scope="session")
def given() -> Callable[..., Story]:
    """`given(allocation)`: a Boiling Cauldron campaign on the six-region test map."""
    return boiling_cauldron


@pytest.fixture(scope="session")
def split() -> dict[str, str]:
    """The test map shared by three players, two regions each: Ann holds Aber and Dun, Bob Bryn
    and Eske, Cid Caer and Fenn; Cid holds the last region drawn, so Cid, Bob, Ann attack in
    that order (BC-2.3)."""
    return {"Aber": "Ann", "Bryn": "Bob", "Caer": "Cid", "Dun": "Ann", "Eske": "Bob", "Fenn": "Cid"}


@pytest.fixture(scope="session")
def britain() -> Callable[..., Story]:
    """`britain(allocation=…, players=…, seed=…)`: a Boiling Cauldron campaign on BC-1's map."""
    return lambda allocation=None, players=None, seed=None: boiling_cauldron(
        allocation, players, default_map_source(), seed
    )


@pytest.fixture(scope="session")
def eagle() -> Callable[..., Story]:
    """`eagle()`: an ONUS! campaign at scenario 1."""
    return Eagle


# Command-line tests: a real SQLite file.


class Script:
    """An example campaign's commands, each found by how it starts: `spring.step("result Kent")`."""

    def __init__(self, rules: str) -> None:
        self.steps = [words for _, words in script(rules)]

    def index(self, start: str, occurrence: int = 1) -> int:
        found = [i for i, words in enumerate(self.steps) if " ".join(words).startswith(start)]
        assert len(found) >= occurrence, (
            f"no step {occurrence} of the example starts with {start!r}"
        )
        return found[occurrence - 1]

    def step(self, start: str, occurrence: int = 1) -> list[str]:
        return self.steps[self.index(start, occurrence)]

    def through(self, start: str, occurrence: int = 1) -> list[list[str]]:
        """The steps up to and including the first (or `occurrence`-th) that starts with `start`."""
        return self.steps[: self.index(start, occurrence) + 1]

    def between(self, after: str, through: str) -> list[list[str]]:
        """The steps after the one that starts with `after`, up to and including `through`'s."""
        return self.steps[self.index(after) + 1 : self.index(through) + 1]


class Shell:
    """The console app on a SQLite file, as a user drives it."""

    runner = CliRunner()

    def __init__(self, db: Path, reader: Path | None = None) -> None:
        """`reader`: where this user's reader keeps the checkpoints it saw (campaign.proof.witness),
        when he is another person than the test's organiser (a player with a store of his own)."""
        self.db, self.reader = db, reader

    def __call__(self, *args: str):
        env = None if self.reader is None else {"CAMPAIGN_WITNESS": str(self.reader)}
        return self.runner.invoke(app, ["--db", str(self.db), *args], env=env)

    def ok(self, *args: str):
        result = self(*args)
        assert result.exit_code == 0, result.output
        return result

    def json(self, *args: str):
        return json.loads(self.ok(*args, "--json").stdout)

    def play(self, steps: list[list[str]]) -> None:
        for words in steps:
            self.ok(*words)

    def refuses(self, *args: str) -> str:
        """A refused command: non-zero, one sentence on stderr, no traceback, the log unchanged."""
        before = self.json("log")
        result = self(*args)
        assert result.exit_code != 0, result.output
        assert self.json("log") == before
        message = result.stderr.strip()
        assert len(message.splitlines()) == 1 and "Traceback" not in result.output
        return message


@pytest.fixture(scope="session")
def spring() -> Script:
    """The Boiling Cauldron demo, Spring 869."""
    return Script("boiling-cauldron")


@pytest.fixture(scope="session")
def under_the_eagle() -> Script:
    """The ONUS! demo, all eight scenarios."""
    return Script("onus-under-the-eagle")


@pytest.fixture(scope="session")
def shell_at() -> Callable[[Path], Shell]:
    """`shell_at(path)`: the console app on any file."""
    return Shell


@pytest.fixture
def shell(store_url) -> Shell:
    """An empty store: a SQLite file, and a schema on the PostgreSQL server where there is one
    (every command-line test that starts from an empty store runs on both)."""
    return Shell(store_url)


@pytest.fixture(scope="session")
def finished_store(tmp_path_factory, spring) -> Path:
    """Spring 869 played to its end once for the whole session; tests get a copy (`finished`)."""
    shell = Shell(tmp_path_factory.mktemp("demo") / "finished.sqlite")
    shell.play(spring.steps)
    return shell.db


@pytest.fixture
def finished(finished_store, tmp_path) -> Shell:
    """A store of its own holding Spring 869, finished: won by Dag after two Final Battles."""
    return Shell(copied(finished_store, tmp_path / "campaigns.sqlite"))


def copied(store: Path, copy: Path) -> Path:
    """A copy of a store (with what its write-ahead log holds), for a test to change."""
    with sqlite3.connect(store) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    source.close()
    target.close()
    return copy


class Wall(Story):
    """A campaign of Britannia with Hadrian's Wall: Ann plays purple (the Romans), Bob blue (the
    Picts), Cid red (the Brigantes), Dee green (the Welsh). `at` moves the clock, `move` moves
    counters with the program's committed dice (or, with `--dice external`, the dice given)."""

    name = "demo"

    def __init__(self, secrets: dict[str, str] | None = None, **options: Any) -> None:
        """`secrets`: the dice secrets the store is to keep (by default, fresh ones)."""
        from campaign.domain.registry import kind

        self.campaigns = Campaigns(":memory:")
        players = {"purple": "Ann", "blue": "Bob", "red": "Cid", "green": "Dee"}
        started, then = kind("hadrians-wall").new(
            self.name,
            {**players, **options},
            seal=lambda labels: self.campaigns.secrets.seal(self.name, labels, given=secrets),
        )
        self.campaigns.start(started, then, "organiser")

    @property
    def secrets(self) -> dict[str, str]:
        return self.campaigns.secrets.unseal(self.name)

    def advance(self, to: str | None = None) -> list[tuple[str, dict]]:
        from campaign.kinds.hadrians_wall import commands as hw

        return self.when(hw.advance, to, self.secrets)

    def at(self, turn: int, nation: str, phase: str) -> None:
        """The clock moved forward to turn, nation and phase (through each turn's end)."""
        while self.state.turn < turn:
            if self.state.phase != "end-of-turn":
                self.advance("end-of-turn")
            else:
                self.advance(nation if self.state.turn + 1 == turn else None)
        if self.state.nation != nation:
            self.advance(nation)
        if self.state.phase != phase:
            self.advance(phase)

    def roll(self, dice: list[int] | None = None) -> Any:
        from campaign.kinds.hadrians_wall import commands as hw

        if self.state.dice == "committed":
            return hw.Committed(self.state, self.secrets)
        return hw.Entered(dice or [], ["https://dice.example/roll"] if dice else [])

    def move(
        self, *moves: str, dice: list[int] | None = None, through: bool = False
    ) -> list[tuple[str, dict]]:
        """`move("R1:york,bernicia", …)` as the command line takes it."""
        from campaign.kinds.hadrians_wall import commands as hw

        wanted = [(m.split(":")[0], m.split(":")[1].split(",")) for m in moves]
        return self.when(lambda state: hw.move(state, wanted, self.roll(dice), through))

    def refused_move(self, *moves: str, dice: list[int] | None = None) -> str:
        from campaign.kinds.hadrians_wall import commands as hw

        wanted = [(m.split(":")[0], m.split(":")[1].split(",")) for m in moves]
        return self.refused(lambda state: hw.move(state, wanted, self.roll(dice)))

    def place(self, nation: str, area: str, kind: str = "infantry", count: int = 1) -> list[str]:
        from campaign.kinds.hadrians_wall import commands as hw

        recorded = self.when(hw.place, nation, kind, area, count, "set-up for a test")
        return recorded[0][1]["counters"]

    def clear(self, *areas: str) -> None:
        """Every counter in `areas` back to its pool."""
        from campaign.kinds.hadrians_wall import commands as hw

        for area in areas:
            here = [c.id for c in self.state.here(area)]
            if here:
                self.when(hw.remove, here, "cleared for a test")

    def battle(
        self, area: str, lost: list[str] = (), retreats: dict[str, str] | None = None
    ) -> list[tuple[str, dict]]:
        from campaign.kinds.hadrians_wall import commands as hw

        return self.when(hw.battle, area, list(lost), retreats or {})


@pytest.fixture
def wall() -> Callable[..., Wall]:
    """`wall(**settings)`: a new Britannia with Hadrian's Wall campaign at turn 1, before the
    Romans' population phase is over."""
    return Wall


# Both stores: SQLite (always) and PostgreSQL (where CAMPAIGN_TEST_POSTGRES names a server).

POSTGRES = os.environ.get("CAMPAIGN_TEST_POSTGRES", "")
"""e.g. postgresql://postgres@127.0.0.1:5432/test (.ci/run sets it); each test gets a schema of
its own there, dropped afterwards."""


@functools.lru_cache(maxsize=1)
def postgres_unreachable() -> str | None:
    """Why the PostgreSQL tests cannot run here, or None."""
    if not POSTGRES:
        return "no PostgreSQL server named (set CAMPAIGN_TEST_POSTGRES=postgresql://…)"
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed (pip install -e '.[test]')"
    try:
        psycopg.connect(POSTGRES, connect_timeout=3).close()
    except psycopg.Error as failure:
        return f"the PostgreSQL server {POSTGRES} cannot be reached ({failure})"
    return None


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request, tmp_path):
    """A new, empty store: a SQLite file, or a schema of its own on the PostgreSQL server."""
    if request.param == "sqlite":
        yield str(tmp_path / "store.sqlite")
        return
    why = postgres_unreachable()
    if why:
        pytest.skip(why)
    import psycopg

    schema = f"test_{uuid.uuid4().hex[:12]}"
    yield f"{POSTGRES}?schema={schema}"
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


# What is kept beside the log, sealed as the program seals it (campaign.readmodel.seals, issue
# #24.8).


def kept_key(db: Path | str) -> bytes:
    """The key a SQLite store binds what it keeps beside the log with."""
    from campaign.readmodel import seals

    with sqlite3.connect(db) as connection:
        ((secret,),) = connection.execute(
            "SELECT secret FROM campaign_secrets WHERE stream = ? AND label = ?",
            (seals.KEY_STREAM, seals.KEY_LABEL),
        ).fetchall()
    connection.close()
    return bytes.fromhex(secret)


def unsealed(body: str) -> str:
    """A kept body without its seal (what the program reads once the seal holds)."""
    from campaign.readmodel import seals

    found = seals.sealed(body)
    assert found is not None, "the kept body carries no seal"
    return body[: found.start()] + found["end"]


def resealed(db: Path | str, row: str, head: str, body: str) -> str:
    """`body` sealed for `row` under `head` as the program's writer would seal it: an edit the
    program cannot tell from its own (the key is the store's), to show what a reader trusts."""
    from campaign.readmodel import seals

    return seals.bound(kept_key(db), row, head, body)


def resealed_view(db: Path | str, row: str, seen: dict[str, Any]) -> str:
    """A view's body as the writer seals it (the view and what `list` picks of it)."""
    from campaign.readmodel import seals

    key, head = kept_key(db), seen["head"]
    picked = [seen["program"], seen["summary"], seen["players"]]
    body = json.dumps({**seen, "brief_seal": seals.brief_seal(key, row, head, picked)})
    return seals.bound(key, row, head, body)


class Discord:
    """A webhook endpoint: records (path, content type, body), answers from `answers` (status,
    headers) or 200."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, bytes]] = []
        self.answers: list[tuple[int, dict[str, str]]] = []
        self.slow: list[float] = []
        """Seconds to wait, request by request, after recording and before answering."""
        self.trickle = False
        """Answer one byte of a header every 0.2 s, for ever (a server that trickles)."""
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                recorder.requests.append((self.path, self.headers["Content-Type"], body))
                if recorder.slow:
                    time.sleep(recorder.slow.pop(0))
                if recorder.trickle:
                    self.wfile.write(b"HTTP/1.1 200 OK\r\nX-Slow: ")
                    for _ in range(100):
                        self.wfile.write(b"x")
                        self.wfile.flush()
                        time.sleep(0.2)
                    return
                status, headers = recorder.answers.pop(0) if recorder.answers else (200, {})
                self.send_response(status)
                for key, value in headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(b'{"id": "1"}')

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/api/webhooks/1/secret-token"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def contents(self) -> list[str]:
        """The text of each message received, from JSON or from the multipart's payload_json."""
        said = []
        for _, kind, body in self.requests:
            if kind.startswith("multipart/"):
                body = body.split(b"\r\n\r\n", 1)[1].split(b"\r\n--", 1)[0]
            said.append(json.loads(body)["content"])
        return said


@pytest.fixture
def discord():
    """A Discord webhook stand-in on 127.0.0.1 (`Discord`), shut down after the test."""
    server = Discord()
    yield server
    server.server.shutdown()


def tick_at(monkeypatch: pytest.MonkeyPatch, shell: Shell, when: str):
    """`campaign tick` with the one clock pinned at `when` (a time ahead of the clock is not
    `tick --now`'s to reckon: issue #47); the clock stays there for what follows."""
    monkeypatch.setenv("CAMPAIGN_NOW", when)
    return shell.ok("tick")


def form_fields(page: str, action: str, **fields: str) -> dict[str, str]:
    """What a browser sends with the page's form for `action`: its hidden fields (the one-time
    token, `shown`: what the form showed, an organiser's `for`) and `fields`. Where the page
    has several forms for `action`, the one that offers `fields`' choice (and is for their
    `for`)."""
    import html

    forms = re.findall(rf'<form[^>]*action="/a/[^/"]+/{action}">(.*?)</form>', page, re.S)
    choice, whom = fields.get("choice"), fields.get("for")

    def offers(form: str) -> bool:
        typed = 'type="text" name="choice"' in form  # a choice typed, not picked
        picked = choice is None or typed or f'value="{html.escape(choice)}"' in form
        return picked and (whom is None or f'name="for" value="{html.escape(whom)}"' in form)

    matching = [form for form in forms if offers(form)]
    chosen = (matching or forms or [""])[0]
    hidden = {
        k: html.unescape(v)
        for k, v in re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', chosen)
    }
    token = re.search(r'name="csrf" value="([0-9a-f.]+)"', page)
    return {**({"csrf": token.group(1)} if token else {}), **hidden, **fields}


def sent_from(browser, button) -> None:
    """Click `button` and wait for the answer's page to be loaded: the page sent from is marked,
    and the wait ends when a loaded page without the mark is there (a check that fails while
    the browser swaps pages is tried again)."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    browser.execute_script("document.body.dataset.sentFrom = 'yes'")
    button.click()

    def answered(driver) -> bool:
        try:
            return driver.execute_script(
                "return document.readyState === 'complete' && document.body !== null"
                " && document.body.dataset.sentFrom === undefined"
            )
        except WebDriverException:
            return False

    WebDriverWait(browser, 10).until(answered)


@pytest.fixture
def spring_hub(store_url, spring):
    """Spring 869 drawn, in either store; Cid (on turn), Dag, an arbiter and a viewer invited."""
    from starlette.testclient import TestClient

    from campaign.web.hub import hub

    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    links = {
        who: re.search(r"/a/(\S+)", shell.ok("invite", who, *extra).stdout).group(1)
        for who, extra in (
            ("Cid", ()),
            ("Dag", ()),
            ("Ulf", ("--role", "arbiter")),
            ("Vic", ("--role", "viewer")),
        )
    }
    return shell, TestClient(hub(str(store_url))), links


# Turn notices: a real mail server, and a campaign whose players can be reached.

CID, BOB = "111111111111111111", "222222222222222222"


class Mailbox:
    """An SMTP server on 127.0.0.1 keeping every message it is handed."""

    def __init__(self, utf8: bool = False) -> None:
        self.messages: list[email.message.EmailMessage] = []
        self.raw: list[bytes] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self.refuse: set[str] = set()
        """Addresses refused at RCPT TO, as a server refuses an unknown mailbox."""
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        from aiosmtpd.controller import Controller

        self.controller = Controller(self, hostname="127.0.0.1", port=port, enable_SMTPUTF8=utf8)
        self.url = f"smtp://127.0.0.1:{port}"

    async def handle_RCPT(self, server, session, envelope, address, options):  # noqa: N802
        if address in self.refuse:
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        self.raw.append(envelope.content)
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        self.messages.append(
            email.message_from_bytes(envelope.content, policy=email.policy.default)
        )
        return "250 OK"


@pytest.fixture
def mailbox():
    """A real SMTP server on 127.0.0.1 (aiosmtpd, `Mailbox`), stopped after the test."""
    pytest.importorskip("aiosmtpd.controller", reason="aiosmtpd comes with the test extras")
    box = Mailbox()
    box.controller.start()
    yield box
    box.controller.stop()


def payloads(discord) -> list[dict]:
    return [json.loads(body) for _, _, body in discord.requests]


@pytest.fixture
def spring_store(store_url, spring):
    """Spring 869 drawn (Cid on turn), Cid reached on Discord, Bob by e-mail."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    shell.ok("contact", "cid", "--discord", CID)
    shell.ok("contact", "Bob", "--email", "bob@example.org")
    return shell


def export_rows(shell: Shell) -> list[dict]:
    """The campaign's log as `export` writes it, a row each."""
    return [json.loads(line) for line in shell.ok("export").stdout.splitlines()]


def rechain(rows: list[dict]) -> str:
    """What a forger who knows the format does: recompute every hash after editing."""
    from campaign.domain import chain

    previous = chain.GENESIS
    for row in rows[1:]:
        row["hash"] = previous = chain.link(
            previous,
            row["seq"],
            row["topic"],
            datetime.fromisoformat(row["time"]),
            row["actor"],
            row["rules_version"],
            row["data"],
        )
    rows[0]["chain_head"] = previous
    return "\n".join(json.dumps(r) for r in rows) + "\n"
