"""The fixtures every test folder shares, and the markers every test gets
(`pytest_collection_modifyitems`); what the tests share that is not a fixture is in `helpers/`.
Rules tests: given a campaign → when a command → then events, or the rule that refused it
(`given`, `britain`, `eagle`). Command-line tests: a real SQLite file driven through the console
app (`shell`), the demo's scripts with their steps found by what they do (`spring`,
`under_the_eagle`), and the finished demo played once per session (`finished`)."""

from __future__ import annotations

import os
import re
import tempfile
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers.boiling_cauldron import boiling_cauldron
from helpers.browser import chromium
from helpers.hadrians_wall import Wall
from helpers.notices import CID, Discord, Mailbox
from helpers.onus import Eagle, cheapest_army
from helpers.shell import Script, Shell, copied
from helpers.store import POSTGRES, postgres_unreachable
from helpers.story import Story

from campaign.kinds.boiling_cauldron.starting import default_map_source

os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="campaign-tests-")
"""What the program keeps in the user's data folder (the default store, the current campaign of a
server's store) goes to a folder of the test run's own, never the tester's."""
for _folder in ("XDG_STATE_HOME", "XDG_CONFIG_HOME"):  # the checkpoints seen; the signing key
    os.environ[_folder] = tempfile.mkdtemp(prefix="campaign-tests-")
os.environ.pop("CAMPAIGN_KEY", None)
os.environ.pop("COLUMNS", None)  # piped output is 100 columns wide unless a test says otherwise
os.environ.pop("CAMPAIGN_KEY_PASSPHRASE", None)


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
    # the property tests first (a minute or more each): spread over the workers (`-n auto`)
    # while the short ones fill in, rather than one of them last, alone, after all the rest
    items.sort(key=lambda item: not getattr(getattr(item, "obj", None), "is_hypothesis_test", 0))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test runs on each store it is checked on (`stores`); a `dated` test on today's clock and
    on the clock moved on (`CLOCK_MOVED`); a test whose clock is pinned reads no real time, and
    runs once."""
    stores(metafunc)
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


@pytest.fixture
def wall() -> Callable[..., Wall]:
    """`wall(**settings)`: a new Britannia with Hadrian's Wall campaign at turn 1, before the
    Romans' population phase is over."""
    return Wall


# Both stores: SQLite (always) and PostgreSQL (where CAMPAIGN_TEST_POSTGRES names a server).


STORES_OF_RULES = {"boiling_cauldron", "onus", "hadrians_wall", "thunderbolt"}
"""Issue #48: the test folders of the kinds' rules, which run on a SQLite file alone. A rule is
decided the same whatever store keeps the log: what a store must do — append, read back every
event as it was written, keep what is kept beside the log, refuse a race — is tested on both
stores by `tests/store`, `tests/core` and `tests/hub`, and every kind's demo is played and
verified on each (`tests/store/test_both_stores.py`). Run on PostgreSQL as well, the 294 rules
tests took about half the suite's time and told nothing the store tests do not."""


def stores(metafunc: pytest.Metafunc) -> None:
    """Every test that asks for a store (`store_url`, or `shell` on it) runs on each store it is
    checked on: a SQLite file and the PostgreSQL server, or a SQLite file alone in the folders of
    the kinds' rules (`STORES_OF_RULES`); a test that names its stores itself, on those."""
    if "store_url" not in metafunc.fixturenames:
        return
    named = metafunc.definition.iter_markers("parametrize")
    if any("store_url" in str(mark.args[0]).replace(" ", "").split(",") for mark in named):
        return
    folder = Path(str(metafunc.definition.path)).parent.name
    stores = ["sqlite"] if folder in STORES_OF_RULES else ["sqlite", "postgres"]
    metafunc.parametrize("store_url", stores, indirect=True)


@pytest.fixture
def store_url(request, tmp_path):
    """A new, empty store: a SQLite file, or a schema of its own on the PostgreSQL server (the
    stores each test runs on: `pytest_generate_tests`)."""
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


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium for a test module (`helpers.browser.chromium`): skipped, saying why,
    where Chromium or its driver is missing. A module that wants it at a phone's width overrides
    this fixture with one that asks for it and sets the window's size."""
    yield from chromium()


@pytest.fixture
def discord():
    """A Discord webhook stand-in on 127.0.0.1 (`Discord`), shut down after the test."""
    server = Discord()
    yield server
    server.server.shutdown()


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


@pytest.fixture
def mailbox():
    """A real SMTP server on 127.0.0.1 (aiosmtpd, `Mailbox`), stopped after the test."""
    pytest.importorskip("aiosmtpd.controller", reason="aiosmtpd comes with the test extras")
    box = Mailbox()
    box.controller.start()
    yield box
    box.controller.stop()


@pytest.fixture
def spring_store(store_url, spring):
    """Spring 869 drawn (Cid on turn), Cid reached on Discord, Bob by e-mail."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    shell.ok("contact", "cid", "--discord", CID)
    shell.ok("contact", "Bob", "--email", "bob@example.org")
    return shell
