"""Issue #31: writers of one process on one SQLite file (the hub's threads, each with an open
store of its own) take turns on a lock instead of refusing each other and pausing, and only
the log's appends wait for the disk; a page asked for by many at once is drawn once."""

from __future__ import annotations

import contextlib
import threading
import time

import pytest
from helpers.shell import Shell

from campaign.domain.shared_commands import note
from campaign.service import use_cases
from campaign.service.unit_of_work import Campaigns
from campaign.store import database
from campaign.store.database import Database
from campaign.store.locks import rebuildable


def test_31_writers_of_one_process_never_pause_for_each_other(tmp_path, spring, monkeypatch):
    """Eight threads, each with its own open store, each noting on a campaign of its own in one
    file: none is refused by another's write and paused (`Database.guard`'s retries)."""
    shell = Shell(tmp_path / "hub.sqlite")
    names = [f"Spring {n}" for n in range(8)]
    for name in names:
        players = [word for who in ("Ann", "Bob", "Cid") for word in ("--player", who)]
        shell.ok("new", name, "--rules", "boiling-cauldron", *players)
    paused = []

    class Clock:
        def __getattr__(self, name):
            return getattr(time, name)

        def sleep(self, seconds):
            paused.append(seconds)
            time.sleep(seconds)

    monkeypatch.setattr(database, "time", Clock())
    failures = []

    def writer(name: str) -> None:
        campaigns = Campaigns(str(shell.db), existing=True)
        try:
            for n in range(15):
                act = use_cases.Act(name, lambda log, n=n: note(f"note {n}"), "organiser")
                use_cases.perform(campaigns, act)
        except Exception as failure:  # noqa: BLE001 - said by the assertion below
            failures.append(failure)
        finally:
            campaigns.close()

    threads = [threading.Thread(target=writer, args=(name,)) for name in names]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == [] and paused == []
    campaigns = Campaigns(str(shell.db), existing=True)
    assert all(len(campaigns.load(name).events) >= 16 for name in names)
    campaigns.close()


def synchronous(db: Database, lasting: bool) -> int:
    """SQLite's `synchronous` level inside a write transaction: 2 (FULL) waits for the disk at
    its commit, 1 (NORMAL) does not."""
    with rebuildable() if not lasting else contextlib.nullcontext():
        with db.store.recorder.datastore.transaction(commit=True) as cursor:
            cursor.execute("PRAGMA synchronous")
            return cursor.fetchall()[0][0]


def test_31_only_what_is_kept_beside_the_log_is_written_without_waiting_for_the_disk(tmp_path):
    db = Database(str(tmp_path / "store.sqlite"))
    try:
        assert synchronous(db, lasting=True) == 2
        assert synchronous(db, lasting=False) == 1
        assert synchronous(db, lasting=True) == 2  # the next write that must last waits again
    finally:
        db.close()


def test_31_a_page_many_ask_for_at_once_is_drawn_once(tmp_path, spring):
    from campaign.web.pages import Drawn

    shell = Shell(tmp_path / "hub.sqlite")
    shell.ok(*spring.step("new"))
    drawn, draws = Drawn(), []
    campaigns = Campaigns(str(shell.db), existing=True)
    seen = campaigns.kept.view("Spring 869")
    campaigns.close()

    def draw():
        draws.append(1)
        time.sleep(0.05)
        return {"drawn": len(draws)}, (seen["events"], seen["head"])

    def reader(pages: list) -> None:
        campaigns = Campaigns(str(shell.db), existing=True)
        pages.append(drawn.get(campaigns, "Spring 869", "campaign", draw))
        campaigns.close()

    pages: list = []
    threads = [threading.Thread(target=reader, args=(pages,)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(draws) == 1 and len({id(page) for page in pages}) == 1


@pytest.mark.parametrize("changed", [False, True])
def test_31_an_event_read_again_is_decoded_again_only_where_its_row_changed(finished, changed):
    """Events read alone are remembered decoded by their row's bytes: the same bytes are the
    same event; a row changed by hand is decoded anew."""
    from campaign.store.rows import decode

    campaigns = Campaigns(str(finished.db))
    stream = campaigns.listing.stream("Spring 869")
    version, topic, state = campaigns.logs._rows(stream)[10]
    first = decode(stream, (version, topic, state), lambda row: None)
    altered = state.replace(b"Sussex", b"Sussox") if changed else bytes(state)
    again = decode(stream, (version, topic, altered), lambda row: None)
    assert (again is first) is not changed
    assert ("Sussox" in repr(vars(again))) is changed
    campaigns.close()


def test_31_the_hub_opens_at_most_its_limit_of_stores_and_then_says_it_is_busy(
    store_url, spring, monkeypatch
):
    """Thirty-two requests at once opened a store each: on PostgreSQL, enough connections for
    the server to refuse them ("too many clients"). A request beyond the limit waits for a store
    given back, or is told the hub is busy, in one sentence."""
    from campaign.errors import StoreError
    from campaign.web import base

    Shell(store_url).ok(*spring.step("new"))
    monkeypatch.setattr(base, "WAIT", 0.2)
    stores = base.Stores(store_url, limit=3)
    taken = [stores.take() for _ in range(3)]
    assert stores.take(wait=False) is None
    with pytest.raises(StoreError, match="as many requests as its store allows"):
        stores.take()
    threading.Timer(0.05, stores.give, args=(taken.pop(),)).start()
    again = stores.take()  # waits for the store given back, and reuses it
    assert again.kept.view("Spring 869") is not None and stores.opened == 3
    for campaigns in [*taken, again]:
        stores.give(campaigns)
    stores.close()
    assert stores.opened == 0
