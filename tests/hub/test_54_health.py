"""Issue #54: a served hub says whether it is alive (`/healthz`) and whether it can serve
(`/readyz`: the store answers a read within a second, else 503 and why in one sentence)."""

from __future__ import annotations

import pytest
from helpers.shell import Shell

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")

from starlette.testclient import TestClient  # noqa: E402

from campaign.web.hub import hub  # noqa: E402


def test_54_alive_and_ready_then_not_ready_with_the_store_gone_and_ready_once_it_is_back(
    tmp_path, spring
):
    store = tmp_path / "club.sqlite"
    Shell(store).ok(*spring.step("new"))
    client = TestClient(hub(str(store)))
    alive, ready = client.get("/healthz"), client.get("/readyz")
    assert (alive.status_code, alive.text) == (200, "alive\n")
    assert (ready.status_code, ready.text) == (200, "ready\n")
    assert ready.headers["cache-control"] == "no-store"
    store.rename(tmp_path / "moved.sqlite")  # the store gone from under the hub
    gone = client.get("/readyz")
    assert gone.status_code == 503 and gone.text == "Not ready: the store does not answer.\n"
    assert client.get("/healthz").status_code == 200  # the process still answers
    (tmp_path / "moved.sqlite").rename(store)
    assert client.get("/readyz").status_code == 200


def test_54_readiness_reads_no_campaign_and_writes_nothing(store_url, spring):
    """On either store: the probe's read leaves the log as it was, and a campaign's page is not
    asked for (no link, no catalogue)."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    before = shell.ok("export").stdout
    client = TestClient(hub(str(store_url)))
    assert [client.get("/readyz").status_code for _ in range(3)] == [200, 200, 200]
    assert shell.ok("export").stdout == before
