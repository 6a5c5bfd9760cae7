"""Issue #47: the hub keeps its PostgreSQL stores open request after request, so the server
may drop their connections between two requests (a restart, a failover, an administrator's
pg_terminate_backend). The first request after that was answered 503 and the form sent with it
refused, because a pooled connection was found dead only when a statement failed on it. Now the
hub's pages and forms are served as before: a pooled connection is checked before it is handed
out, and the writers' lock opens its connection again when the server dropped it.

Only the connections of this test's own hub are dropped (they carry an application name of
their own, PGAPPNAME): other tests may be using the same server at the same time."""

from __future__ import annotations

import html
import re
import time
import uuid

import pytest
from helpers.hub import form_fields
from helpers.store import POSTGRES

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")

pytestmark = pytest.mark.parametrize("store_url", ["postgres"], indirect=True)


@pytest.fixture
def own_connections(monkeypatch) -> str:
    """The application name every connection this test opens carries (libpq reads PGAPPNAME),
    so that `dropped` ends these alone."""
    name = f"campaign-reconnect-{uuid.uuid4().hex[:12]}"
    monkeypatch.setenv("PGAPPNAME", name)
    return name


def message(response) -> str:
    """What a page of the hub says (its message line), for a failure's report."""
    said = re.search(r'id="message">([^<]*)<', response.text)
    return f"{response.status_code}: {html.unescape(said.group(1)) if said else '(no message)'}"


def dropped(name: str) -> int:
    """The server ends every connection named `name` (as a restart or an administrator would),
    and has ended them when this returns; how many there were."""
    import psycopg

    with psycopg.connect(POSTGRES, autocommit=True, application_name="reconnect-test") as admin:
        pids = [
            pid
            for (pid,) in admin.execute(
                "SELECT pid FROM pg_stat_activity WHERE application_name = %s "
                "AND pid <> pg_backend_pid()",
                (name,),
            )
        ]
        for pid in pids:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            (left,) = admin.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)", (pids,)
            ).fetchone()
            if not left:
                break
            time.sleep(0.05)
    return len(pids)


def test_47_a_page_then_a_form_after_the_server_dropped_the_hubs_connections(
    spring_hub, own_connections
):
    shell, client, links = spring_hub
    arbiter = f"/a/{links['Ulf']}"
    assert client.get(arbiter).status_code == 200  # the hub's store open, its connections kept
    assert client.get("/c/Spring%20869").status_code == 200
    assert dropped(own_connections) >= 2  # the pool's and the writers' lock's

    page = client.get(arbiter)
    assert page.status_code == 200, message(page)
    public = client.get("/c/Spring%20869")
    assert public.status_code == 200, message(public)
    answer = client.post(
        f"{arbiter}/note", data=form_fields(page.text, "note", choice="Kent counts as coastal")
    )
    assert answer.status_code == 200, message(answer)
    assert "Recorded: Note: Kent counts as coastal." in answer.text
    last = shell.json("log")[-1]
    assert last["actor"] == "Ulf" and "Kent counts as coastal" in str(last["data"])


def test_47_a_form_is_the_first_request_after_the_server_dropped_the_hubs_connections(
    spring_hub, own_connections
):
    shell, client, links = spring_hub
    arbiter = f"/a/{links['Ulf']}"
    page = client.get(arbiter)
    assert page.status_code == 200
    assert dropped(own_connections) >= 2

    answer = client.post(
        f"{arbiter}/note", data=form_fields(page.text, "note", choice="a ruling after the drop")
    )
    assert answer.status_code == 200, message(answer)
    assert "Recorded: Note: a ruling after the drop." in answer.text
    assert "a ruling after the drop" in str(shell.json("log")[-1]["data"])
    assert dropped(own_connections) >= 1  # and again, the page first this time
    assert "a ruling after the drop" in client.get("/log/Spring%20869").text


def test_47_the_writers_lock_is_held_again_after_the_server_dropped_its_connection(
    store_url, own_connections
):
    """The hub's writers take turns across processes on an advisory lock held on a connection
    of the lock's own, kept open with the store: dropped, it is opened again, and the lock
    held, rather than the writer going on without it."""
    from campaign.store.database import Database

    database = Database(store_url)
    try:
        stream = uuid.uuid4()
        with database.writers.held(stream) as held:
            assert held
        assert dropped(own_connections) >= 1
        with database.writers.held(stream) as held:
            assert held
    finally:
        database.close()


def test_47_only_the_hubs_kept_stores_check_a_connection_before_its_use(store_url):
    """The check is a round trip to the server each time a connection is handed out: a command
    opens its connections fresh and does not pay it (benchmarks/README.md); the stores the hub
    keeps open (`Stores`) do."""
    from campaign.store.database import Database
    from campaign.web.base import Stores

    command = Database(store_url)
    kept = Database(store_url, long_lived=True)
    try:
        assert command.store.recorder.datastore.pre_ping is False
        assert kept.store.recorder.datastore.pre_ping is True
    finally:
        command.close()
        kept.close()
    stores = Stores(store_url)
    campaigns = stores.take()
    try:
        assert campaigns.database.store.recorder.datastore.pre_ping is True
    finally:
        stores.give(campaigns)
        stores.close()
