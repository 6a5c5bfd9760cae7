"""Issue #24: a store a community can share. The hub and the command line on one SQLite file, in
processes of their own as a group runs them; the store file never read outside SQLite."""

from __future__ import annotations

import json
import re
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the hub's libraries come with the test extras")


def console(db: Path | str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """A command in a process of its own, as an organiser types it beside the hub."""
    return subprocess.run(
        [sys.executable, "-c", "import cli; cli.main()", "--db", str(db), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Served:
    """`campaign serve` in a process of its own on a free port (and its `options`)."""

    def __init__(self, db: Path | str, *options: str) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-c", "import cli; cli.main()", "--db", str(db), "serve"]
            + ["--port", str(self.port), *options],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.base = f"http://127.0.0.1:{self.port}"
        for _ in range(200):
            try:
                self.get("/")
                return
            except OSError:
                if self.process.poll() is not None:
                    raise AssertionError(self.process.stdout.read()) from None
                time.sleep(0.05)
        raise AssertionError("the hub did not start")

    def get(self, path: str) -> str:
        with urllib.request.urlopen(self.base + path, timeout=30) as answer:
            return answer.read().decode()

    def post(self, path: str, form: dict[str, str]) -> str:
        data = urllib.parse.urlencode(form).encode()
        with urllib.request.urlopen(self.base + path, data, timeout=30) as answer:
            return answer.read().decode()

    def deleted_store_files(self) -> list[str]:
        """The files this process holds that were deleted under it (`-wal`, `-shm`)."""
        fds = Path(f"/proc/{self.process.pid}/fd")
        held = []
        for fd in fds.iterdir():
            try:
                held.append(str(fd.readlink()))
            except OSError:
                pass
        return [f for f in held if ".sqlite" in f and f.endswith("(deleted)")]

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def note_from_the_hub(served: Served, token: str, text: str) -> str:
    page = served.get(f"/a/{token}")
    form = {name: value for name, value in re.findall(r'name="(\w+)" value="([^"]*)"', page)}
    return served.post(f"/a/{token}/note", {**form, "choice": text})


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux's /proc to see files")
def test_the_hub_and_the_command_line_take_turns_on_one_sqlite_file(tmp_path, spring):
    """#24.1: the store-file check ran for every request and opened the file with Python's own
    I/O, dropping the hub's SQLite locks: the command line's next close deleted the write-ahead
    log under the hub, whose writes were refused from then on."""
    db = tmp_path / "shared.sqlite"
    assert console(db, *spring.step("new")).returncode == 0
    invited = console(db, "invite", "Ulf", "--role", "arbiter")
    token = re.search(r"/a/(\S+)", invited.stdout).group(1)
    served = Served(db)
    try:
        for turn in range(10):
            page = note_from_the_hub(served, token, f"from the hub {turn}")
            assert f"Recorded: Note: from the hub {turn}." in page
            typed = console(db, "note", f"from the command line {turn}")
            assert typed.returncode == 0, typed.stderr
            assert served.deleted_store_files() == []
        assert "Recorded:" in note_from_the_hub(served, token, "the last word")
    finally:
        served.stop()
    notes = [e["data"]["text"] for e in _log(db) if e["type"] == "NoteRecorded"]
    expected = [f"from the {w} {t}" for t in range(10) for w in ("hub", "command line")]
    assert notes == [*expected, "the last word"]
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def _log(db: Path) -> list[dict]:
    shown = console(db, "log", "--json")
    assert shown.returncode == 0, shown.stderr
    return json.loads(shown.stdout)


def test_the_store_itself_is_never_read_as_a_file_people_hand_over(tmp_path, spring):
    """#24.1: `import` of the store (or its write-ahead log) would open it with Python's I/O in
    the process holding it; refused in one sentence, nothing appended."""
    db = tmp_path / "c.sqlite"
    assert console(db, *spring.step("new")).returncode == 0
    before = _log(db)
    for given in (db, Path(f"{db}-wal")):
        if not given.exists():
            continue
        refused = console(db, "import", str(given))
        assert refused.returncode == 1
        assert (
            refused.stderr.strip() == f"{given} is the campaign store itself, not the export file."
        )
    assert _log(db) == before


def test_a_file_that_is_not_a_store_is_refused_through_sqlite(tmp_path):
    """#24.1: the check of a store file is SQLite's own, the file never opened here."""
    text = tmp_path / "notes.sqlite"
    text.write_text("These are my notes, not a database.\n" * 40)
    refused = console(text, "list")
    assert refused.returncode == 1
    assert (
        refused.stderr.strip() == f"{text} is not a campaign store (it is not an SQLite database)."
    )


@pytest.mark.parametrize("schema", ['we"ird', 'x";DROP TABLE campaign_canary;--', "Upper", "1st"])
def test_a_schema_in_a_store_url_is_a_name_never_sql(tmp_path, schema):
    """#24.9: `?schema=` was written into SQL between double quotes as typed: a quote in it ended
    the name and the rest ran as SQL. A name eventsourcing cannot write the same quoted and
    unquoted is refused in one sentence; nothing runs."""
    from helpers.store import POSTGRES, postgres_unreachable

    why = postgres_unreachable()
    if why:
        pytest.skip(why)
    import psycopg

    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute("CREATE TABLE IF NOT EXISTS campaign_canary (x int)")
    try:
        refused = subprocess.run(
            [sys.executable, "-c", "import cli; cli.main()", "--db", f"{POSTGRES}?schema={schema}"]
            + ["list"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert refused.returncode == 1
        assert refused.stderr.strip().startswith(
            "A PostgreSQL store's schema is named in small letters, digits and _"
        )
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            found = connection.execute("SELECT to_regclass('campaign_canary')").fetchone()[0]
        assert found is not None
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute("DROP TABLE IF EXISTS campaign_canary")


def test_a_schema_name_is_quoted_where_the_program_writes_it():
    from campaign.store import dialects

    assert dialects.Postgres('a"b').table("t") == '"a""b".t'


def test_a_command_recorded_before_the_connection_dropped_says_so(tmp_path, spring, monkeypatch):
    """#24.5: the PostgreSQL connection drops right after the append, while the view, reports
    and state are kept: the command recorded, so it says what it recorded and that keeping the
    view failed — never a refusal — and the next reader folds the log."""
    from helpers.shell import Shell
    from helpers.store import POSTGRES, postgres_unreachable

    why = postgres_unreachable()
    if why:
        pytest.skip(why)
    import uuid

    import psycopg

    from campaign.store.kept import Kept

    schema = f"test_{uuid.uuid4().hex[:12]}"
    # this test's connections alone are dropped (libpq names them from PGAPPNAME): the other
    # tests running beside it (pytest -n, another session) keep theirs
    own = f"campaign-drop-{schema}"
    monkeypatch.setenv("PGAPPNAME", own)
    shell = Shell(f"{POSTGRES}?schema={schema}")
    try:
        shell.ok(*spring.step("new"))
        real = Kept.remember

        def dropped_then_remember(self, loaded):
            with psycopg.connect(POSTGRES, autocommit=True, application_name="dropper") as admin:
                admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
                    "current_database() AND application_name = %s",
                    (own,),
                )
            return real(self, loaded)

        monkeypatch.setattr(Kept, "remember", dropped_then_remember)
        said = shell("note", "recorded before the drop")
        monkeypatch.undo()
        assert said.exit_code == 0, said.output
        assert "Note: recorded before the drop" in said.stdout
        assert said.stderr.strip().startswith("Recorded, but what is kept beside the log")
        assert shell.json("log")[-1]["data"]["text"] == "recorded before the drop"
        assert shell.json("verify")["verified"]
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@pytest.mark.parametrize("seq", [3, 4])
def test_an_event_whose_column_type_changed_but_not_its_bytes_reads_alike_everywhere(
    tmp_path, spring, seq
):
    """#24.8: SQLite's CAST(state AS TEXT) keeps an event's bytes and changes its type; every
    reader (the view's check of the last event, a log read whole, a tail read alone, verify)
    reads the same event, where one reader called it edited by hand and another intact."""
    db = tmp_path / "c.sqlite"
    assert console(db, *spring.step("new")).returncode == 0
    for text in ("hello", "world"):
        assert console(db, "note", text).returncode == 0
    before = _log(db)
    with sqlite3.connect(db) as connection:
        connection.execute(
            "UPDATE stored_events SET state = CAST(state AS TEXT) WHERE originator_version = ?",
            (seq,),
        )
    connection.close()
    assert _log(db) == before
    tail = console(db, "log", "--json", "--limit", "2")
    assert tail.returncode == 0 and [e["seq"] for e in json.loads(tail.stdout)] == [3, 4]
    status = console(db, "status", "--json")
    assert status.returncode == 0 and json.loads(status.stdout)["chain_intact"] is True
    assert console(db, "verify").returncode == 0


def test_several_hub_processes_share_one_store_and_spend_each_form_once(store_url, spring):
    """#31: `serve --workers 2`, two processes on one store (a SQLite file, a PostgreSQL schema):
    forms handed out by either are recorded by either, each once — sent again to any process,
    a form records nothing — and every note lands once, in one lawful log. (Each request a new
    connection, which either process may accept: a form one process handed out and the other
    did not know was refused before.)"""
    assert console(store_url, *spring.step("new")).returncode == 0
    invited = console(store_url, "invite", "Ulf", "--role", "arbiter")
    token = re.search(r"/a/(\S+)", invited.stdout).group(1)
    served = Served(store_url, "--workers", "2")
    try:
        forms = []
        for _ in range(12):  # pages drawn by whichever process the connection reached
            page = served.get(f"/a/{token}")
            forms.append(dict(re.findall(r'name="(\w+)" value="([^"]*)"', page)))
        for turn, form in enumerate(forms):
            answer = served.post(f"/a/{token}/note", {**form, "choice": f"note {turn}"})
            assert f"Recorded: Note: note {turn}." in answer
        for turn, form in enumerate(forms):  # each sent again: refused, whichever process
            with pytest.raises(urllib.error.HTTPError) as refused:
                served.post(f"/a/{token}/note", {**form, "choice": f"again {turn}"})
            assert refused.value.code == 409
    finally:
        served.stop()
    log = json.loads(console(store_url, "log", "--json").stdout)
    notes = [e["data"]["text"] for e in log if e["type"] == "NoteRecorded"]
    assert notes == [f"note {turn}" for turn in range(12)]
    verified = console(store_url, "verify", "--json")
    assert verified.returncode == 0 and json.loads(verified.stdout)["verified"]
