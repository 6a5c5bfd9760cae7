"""Issue #31: the hub's kept public pages (a campaign's page, a round's report, its history) are
sent again from the event loop, with one query that the log still ends where they were drawn:
no thread, no catalogue read, nothing rendered — and never once the log has moved on, on either
store; what a page says of the moment it is sent (a deadline's distance) is said as of then."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import pytest
from helpers.shell import Shell

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
from starlette.testclient import TestClient  # noqa: E402

from campaign.web import base  # noqa: E402
from campaign.web.hub import hub  # noqa: E402

PAGES = ("/c/Spring%20869", "/report/1/Spring%20869", "/history/Spring%20869")


def refuse(what: str):
    def refused(*args, **kwargs):
        raise AssertionError(f"{what} for a kept page")

    return refused


def test_31_a_kept_page_is_sent_again_without_a_thread_the_catalogue_or_a_template(
    store_url, spring, monkeypatch
):
    from jinja2 import Environment

    from campaign.store.listing import Listing

    shell = Shell(store_url)
    shell.play(spring.through("result Kent"))
    client = TestClient(hub(store_url))
    first = {path: client.get(path) for path in PAGES}
    assert all(page.status_code == 200 for page in first.values())
    monkeypatch.setattr(Listing, "stream", refuse("the catalogue read"))
    monkeypatch.setattr(Environment, "get_template", refuse("a template rendered"))
    if not store_url.startswith("postgresql"):  # a server's one query is made in a thread
        monkeypatch.setattr(base, "run_in_threadpool", refuse("a thread taken"))
    for path, page in first.items():
        again = client.get(path)
        assert again.status_code == 200 and again.content == page.content, path


def test_31_a_kept_page_is_not_sent_once_the_log_has_moved_on(store_url, spring):
    shell = Shell(store_url)
    shell.play(spring.through("result Kent"))
    client = TestClient(hub(store_url))
    events = len(shell.json("log"))
    assert f"events 1 to {events} as recorded" in client.get(PAGES[0]).text
    history = client.get(PAGES[2]).text
    shell.ok("note", "a ruling the page must show")
    assert f"events 1 to {events + 1} as recorded" in client.get(PAGES[0]).text
    assert client.get(PAGES[2]).text != history  # its checkpoint is the new event's


def test_31_a_kept_page_edited_under_it_by_hand_is_drawn_again_and_says_so(tmp_path, spring):
    shell = Shell(tmp_path / "hub.sqlite")
    shell.play(spring.through("result Kent"))
    client = TestClient(hub(str(shell.db)))
    assert "hash chain intact" in client.get(PAGES[0]).text
    with sqlite3.connect(shell.db) as connection:
        connection.execute(
            "UPDATE stored_events SET state = replace(state, 'Kent', 'Kant') "
            "WHERE originator_version = 3"
        )
    connection.close()
    page = client.get(PAGES[0]).text
    assert "the log has been tampered with" in page and "hash chain intact" not in page


@pytest.mark.dated
def test_31_a_kept_page_tells_the_deadline_as_far_off_as_it_is_when_sent(
    tmp_path, spring, monkeypatch
):
    from campaign.input import clock

    shell = Shell(tmp_path / "hub.sqlite")
    shell.ok(*spring.step("new"))
    due = clock.now().replace(microsecond=0) + timedelta(days=5)
    shell.ok("deadline", "set", due.isoformat().replace("+00:00", "Z"))
    client = TestClient(hub(str(shell.db)))
    assert "(in 5 days)" in client.get(PAGES[0]).text
    monkeypatch.setenv("CAMPAIGN_NOW", (clock.now() + timedelta(days=2)).isoformat())
    assert "(in 3 days)" in client.get(PAGES[0]).text


def test_31_a_view_changed_by_hand_after_it_was_read_is_not_trusted_by_that_reader(
    tmp_path, spring
):
    """The open store remembers the views whose seal held (the hub asks on every kept page);
    a view's body changed by hand since is checked again, and refused."""
    from campaign.readmodel.status import VIEWS
    from campaign.service.unit_of_work import Campaigns

    shell = Shell(tmp_path / "hub.sqlite")
    shell.ok(*spring.step("new"))
    campaigns = Campaigns(str(shell.db), existing=True)
    assert campaigns.kept.view("Spring 869")["players"]
    with sqlite3.connect(shell.db) as connection:
        connection.execute(f"UPDATE {VIEWS} SET body = replace(body, 'Cid', 'Cod')")
    connection.close()
    assert campaigns.kept.view("Spring 869") is None
    campaigns.close()
