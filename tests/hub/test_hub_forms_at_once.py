"""Issue #31: arbiters' notes sent at once to one campaign of the hub (100 a second at eight
arbiters asked). What a personal page and a form ask of the store is asked once (each question a
statement that gives up the interpreter, and with eight forms at once another thread takes it);
each end of a campaign's turn wakes only whom may go now; the hub runs at most a few requests in
threads at once. Counted with SQLite's own trace of the statements it runs, on a real file."""

from __future__ import annotations

import re
import sqlite3
import threading
import time

import pytest
from helpers.shell import Shell

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
from starlette.testclient import TestClient  # noqa: E402

from campaign.web import base  # noqa: E402
from campaign.web.hub import hub  # noqa: E402


@pytest.fixture()
def traced(monkeypatch) -> list[str]:
    """Every statement SQLite runs on the connections opened from now on."""
    ran: list[str] = []
    connect = sqlite3.connect

    def tracing(*args, **kwargs):
        connection = connect(*args, **kwargs)
        connection.set_trace_callback(ran.append)
        return connection

    monkeypatch.setattr(sqlite3, "connect", tracing)
    return ran


def arbiter(tmp_path, spring) -> tuple[Shell, str]:
    shell = Shell(tmp_path / "hub.sqlite")
    for words in spring.steps[:13]:  # round 2 in progress
        shell.ok(*words)
    link = re.search(r"/a/(\S+)", shell.ok("invite", "Ada", "--role", "arbiter").stdout)
    return shell, link.group(1)


def note(client: TestClient, token: str, said: str) -> None:
    page = client.get(f"/a/{token}").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    sent = client.post(
        f"/a/{token}/note", data={"csrf": csrf, "choice": said}, follow_redirects=False
    )
    assert sent.status_code == 303


def count(ran: list[str], words: str) -> int:
    return sum(words in statement for statement in ran)


def test_31_a_personal_page_asks_which_view_is_current_and_what_its_link_opens_once(
    tmp_path, spring, traced
):
    shell, token = arbiter(tmp_path, spring)
    with TestClient(hub(str(shell.db))) as client:
        note(client, token, "warm")
        traced.clear()
        page = client.get(f"/a/{token}")
        assert page.status_code == 200 and 'id="since"' not in page.text  # his own note
    assert count(traced, "FROM campaign_views v") == 1  # 5 before
    assert count(traced, "WHERE label = 'access:") == 1  # 3 before


def test_31_a_note_reads_only_the_last_event_and_the_page_after_it_none(tmp_path, spring, traced):
    """The round in progress a note keeps, and the last events a personal page lists (what
    happened since, the latest action an undo would take back), come from the end of the log
    this process read or appended last: the note reads only the last event (against its view),
    the page none."""
    shell, token = arbiter(tmp_path, spring)
    events = "SELECT originator_version, topic, state FROM stored_events"
    with TestClient(hub(str(shell.db))) as client:
        note(client, token, "warm")
        page = client.get(f"/a/{token}").text
        csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
        traced.clear()
        client.post(
            f"/a/{token}/note", data={"csrf": csrf, "choice": "ruled"}, follow_redirects=False
        )
        assert count(traced, events) == 1  # its last, against its view: 4 before
        # what it keeps again unchanged (the last round's report under two names, and its
        # state) and the round in progress's report it extends: read in one statement, 4 before
        reports = [t for t in traced if t.startswith("SELECT") and "/report/" in t]
        assert len(reports) == 1 and "WHERE stream IN" in reports[0]
        traced.clear()
        page = client.get(f"/a/{token}").text
        assert 'id="since"' not in page  # his own ruling is not news to him
        assert count(traced, events) == 0  # 2 before: the last 30 and the last 200 events


def test_31_a_note_reads_the_catalogue_once_and_makes_no_index_again(tmp_path, spring, traced):
    shell, token = arbiter(tmp_path, spring)
    with TestClient(hub(str(shell.db))) as client:
        note(client, token, "warm")
        page = client.get(f"/a/{token}").text
        csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
        traced.clear()
        sent = client.post(f"/a/{token}/note", data={"csrf": csrf, "choice": "a ruling"})
        assert sent.status_code == 200 and "a ruling" in sent.text
    # the POST and the page it is sent on to
    assert count(traced, "FROM campaign_names") == 2  # one a request: 3 before
    assert count(traced, "CREATE INDEX") == 0  # made once by each open store: 2 before
    assert "a ruling" in shell.ok("log").stdout


def test_31_a_turns_end_wakes_only_whom_may_go(monkeypatch):
    """A form recorded while another form and six pages wait: its end wakes the form alone (the
    pages would find they must wait again); the last form's end wakes the pages."""
    woken: list[str] = []

    class Counted(threading.Condition):
        def wait(self, timeout=None):
            answer = super().wait(timeout)
            woken.append(threading.current_thread().name)
            return answer

    monkeypatch.setattr(base.threading, "Condition", Counted)
    turns, done = base.Turns(), []

    def form(name: str) -> None:
        with turns.writing():
            done.append(name)

    def page(name: str) -> None:
        with turns.reading():
            done.append(name)

    with turns.writing():
        waiting = threading.Thread(target=form, args=("form",), name="form")
        waiting.start()
        while not turns.waiting:  # the form waits first
            time.sleep(0.001)
        pages = [threading.Thread(target=page, args=(f"p{n}",), name="page") for n in range(6)]
        for thread in pages:
            thread.start()
        time.sleep(0.1)  # the pages wait too
    for thread in (waiting, *pages):
        thread.join(5)
    assert done[0] == "form" and sorted(done[1:]) == [f"p{n}" for n in range(6)]
    assert woken.count("form") == 1  # woken once, when it could go
    assert woken.count("page") == 6  # each page once, by the form's end


def test_31_the_hub_runs_at_most_its_threads_at_once(tmp_path, spring):
    import anyio.to_thread

    shell = Shell(tmp_path / "hub.sqlite")
    shell.ok(*spring.steps[0])
    with TestClient(hub(str(shell.db), threads=3)) as client:
        limit = client.portal.call(lambda: anyio.to_thread.current_default_thread_limiter())
        assert limit.total_tokens == 3
    with TestClient(hub(str(shell.db))) as client:
        limit = client.portal.call(lambda: anyio.to_thread.current_default_thread_limiter())
        assert limit.total_tokens == 4  # anyio's own is 40
    refused = shell("serve", "--threads", "0")
    assert refused.exit_code != 0 and "Traceback" not in refused.output


def test_31_each_of_serve_workers_processes_runs_the_threads_it_was_told(
    tmp_path, spring, monkeypatch
):
    """`serve --workers N --threads T`: each process builds its hub from the environment."""
    import anyio.to_thread

    from campaign.web.hub import HUB_DB, HUB_THREADS, from_environment

    shell = Shell(tmp_path / "hub.sqlite")
    shell.ok(*spring.steps[0])
    monkeypatch.setenv(HUB_DB, str(shell.db))
    monkeypatch.setenv(HUB_THREADS, "2")
    with TestClient(from_environment()) as client:
        limit = client.portal.call(lambda: anyio.to_thread.current_default_thread_limiter())
        assert limit.total_tokens == 2
