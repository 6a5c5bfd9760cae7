"""Every kind end to end on both stores (a SQLite file; a PostgreSQL server where
CAMPAIGN_TEST_POSTGRES names one): the demos through the command line, verify, the read model,
undo, fork, export and import, delete; and eight organisers writing at once."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time

import pytest
from helpers.shell import Shell

from campaign.domain.registry import PACKAGES, kind
from campaign.service import use_cases
from campaign.service.demo import script


@pytest.mark.parametrize("rules", PACKAGES)
def test_each_kinds_demo_plays_and_verifies_in_the_store(store_url, rules):
    shell = Shell(store_url)
    shell.play([words for _, words in script(rules)])
    name = shell.json("list")[0]["name"]
    verified = shell.json("verify", "-c", name)
    assert verified["verified"] and verified["stored_view"] == "current"
    assert verified["events"] == len(shell.json("log", "-c", name))
    assert shell.json("status", "-c", name)["rules"] == rules
    assert shell.json("list")[0]["status"] == verified["status"]


def test_undo_fork_export_import_and_delete_in_the_store(store_url, tmp_path, spring):
    shell = Shell(store_url)
    shell.play(spring.through("result Kent"))
    shell.ok("undo", "--reason", "figures the wrong way round")
    shell.ok("fork", "What if", "--as-of", "7", "-c", "Spring 869")
    assert shell.json("verify", "-c", "What if")["events"] == 7
    shell.ok("export", "-c", "Spring 869", "-o", str(tmp_path / "spring.jsonl"))
    elsewhere = Shell(tmp_path / "elsewhere.sqlite")
    elsewhere.ok("import", str(tmp_path / "spring.jsonl"))
    assert (
        elsewhere.json("status")["control"] == shell.json("status", "-c", "Spring 869")["control"]
    )
    shell.ok("delete", "-c", "What if", "--yes")
    assert [c["name"] for c in shell.json("list")] == ["Spring 869"]


def test_a_store_that_cannot_be_reached_is_one_sentence():
    result = Shell("postgresql://nobody@127.0.0.1:1/none")("list")
    assert result.exit_code == 1 and "Cannot open the campaign store" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def organisers(store: str, commands: list[list[str]]) -> list[tuple[bytes, bytes, int]]:
    """Each command run by a process of its own, all at once."""
    run = [sys.executable, "-c", "import cli; cli.main()", "--db", store]
    processes = [
        subprocess.Popen([*run, *words], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for words in commands
    ]
    return [p.communicate(timeout=180) + (p.returncode,) for p in processes]


def test_eight_organisers_on_one_campaign_lose_nothing_and_double_nothing(store_url, spring):
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    results = organisers(store_url, [["note", f"ruling {n}"] for n in range(8)])
    failed = [err.decode() for _, err, code in results if code]
    assert all(len(e.strip().splitlines()) == 1 and "Traceback" not in e for e in failed)
    notes = [e["data"]["text"] for e in shell.json("log") if e["type"] == "NoteRecorded"]
    assert len(notes) == len(set(notes)) == 8 - len(failed)
    assert shell.json("verify")["verified"]


def test_eight_organisers_on_eight_campaigns_all_land(store_url):
    commands = [
        [
            "new",
            f"Campaign {n}",
            "--seed",
            "s",
            "--player",
            "Ann",
            "--player",
            "Bob",
            "--player",
            "Cid",
        ]
        for n in range(8)
    ]
    results = organisers(store_url, commands)
    assert [code for _, _, code in results] == [0] * 8, [e for _, e, _ in results]
    listed = json.loads(Shell(store_url).ok("list", "--json").stdout)
    assert sorted(c["name"] for c in listed) == [f"Campaign {n}" for n in range(8)]
    assert kind("boiling-cauldron").rules == listed[0]["rules"]


def test_31_one_writer_at_a_time_across_processes_waits_for_the_lock(store_url, spring):
    """Issue #31: writers in other processes raced (a lost race decided again after a back-off).
    While one holds a campaign's write lock, a command in another process waits for it, then
    records once."""
    from campaign.service.unit_of_work import Campaigns

    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    holder = Campaigns(store_url)
    stream = holder.listing.stream("Spring 869")
    before = len(shell.json("log"))
    with holder.database.writers.held(stream) as held:
        assert held
        run = [sys.executable, "-c", "import cli; cli.main()", "--db", store_url]
        waiting = subprocess.Popen([*run, "note", "after the lock"], stderr=subprocess.PIPE)
        time.sleep(1.5)
        assert waiting.poll() is None and len(shell.json("log")) == before  # it waits
    assert waiting.wait(timeout=60) == 0, waiting.stderr.read()
    notes = [e["data"]["text"] for e in shell.json("log") if e["type"] == "NoteRecorded"]
    assert notes == ["after the lock"]
    holder.close()


def made_on(store_url: str) -> None:
    """A Boiling Cauldron campaign of three, "Made", started in the store (and the store made)
    by a program that has let go of it."""
    from campaign.service.unit_of_work import Campaigns

    first = Campaigns(store_url)
    use_cases.start(
        first, *kind("boiling-cauldron").new("Made", {"player": ["Ann", "Bob", "Cid"]}), "o"
    )
    first.close()


def test_31_a_postgresql_store_opened_again_makes_nothing(store_url, monkeypatch):
    """Issue #31: every command opens its store; on a server, each opening made the schema, the
    event tables and the tables beside them again (`CREATE … IF NOT EXISTS`, under locks), in a
    connection of their own. A store made whole by an earlier opening is opened with no DDL and
    one connection to look, and what is recorded through it is read back."""
    if not store_url.startswith("postgresql"):
        pytest.skip("the SQLite store makes its tables as it first writes them")
    import psycopg

    from campaign.domain.shared_commands import note
    from campaign.service.unit_of_work import Campaigns

    made_on(store_url)
    ran: list[str] = []
    for kind_of in (psycopg.Cursor, psycopg.Connection):
        execute = kind_of.execute

        def traced(self, query, *args, execute=execute, **kwargs):
            ran.append(str(query))
            return execute(self, query, *args, **kwargs)

        monkeypatch.setattr(kind_of, "execute", traced)
    again = Campaigns(store_url)
    again.act("Made", lambda state: note("opened again"), "o")
    assert ran and not [statement for statement in ran if "CREATE" in statement.upper()]
    assert again.load("Made").events[-1].text == "opened again"
    again.close()


def test_31_a_write_on_a_server_opens_two_connections(store_url, monkeypatch):
    """Issue #31: a write on a PostgreSQL store opened five connections to the server (one to
    look whether the store was made, three of eventsourcing's pool, which opened a second while
    its first was on the way, and the writers' lock's own); a server starts a process for each.
    Now two: the writers' lock's, which also looks, and the pool's first."""
    if not store_url.startswith("postgresql"):
        pytest.skip("a SQLite store is a file, opened without a connection to a server")
    import psycopg

    from campaign.domain.shared_commands import note
    from campaign.service.unit_of_work import Campaigns

    made_on(store_url)
    opened: list[str] = []
    connect = psycopg.Connection.connect.__func__

    def counted(cls, *args, **kwargs):
        opened.append(threading.current_thread().name)
        return connect(cls, *args, **kwargs)

    monkeypatch.setattr(psycopg.Connection, "connect", classmethod(counted))
    monkeypatch.setattr(psycopg, "connect", psycopg.Connection.connect)
    writer = Campaigns(store_url)
    use_cases.record(writer, "Made", lambda loaded: note("two connections"), "o")
    assert writer.load("Made").events[-1].text == "two connections"
    writer.close()
    assert len(opened) == 2, opened
