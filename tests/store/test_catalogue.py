"""The catalogue kept beside the log (issue #16): every campaign's name, rules and archiving in
one row, read instead of every campaign's start while it counts the events it was folded from;
forgotten when one of them is changed by hand; compared with the events and rebuilt by
`verify`."""

from __future__ import annotations

import sqlite3

import pytest
from helpers.shell import Shell
from helpers.store import resealed, starting, unsealed

from campaign.domain.chain import campaign_id
from campaign.domain.shared_commands import archive, note, rename
from campaign.readmodel import catalogue
from campaign.readmodel.status import VIEWS
from campaign.service.unit_of_work import Campaigns
from campaign.store.dialects import NAMES
from campaign.store.listing import Listing


def raw(db: str, statement: str, *params) -> list[tuple]:
    """A statement run behind the program's back ({events}, {names}, {views}: the tables)."""
    if db.startswith("postgresql://"):
        import psycopg

        url, _, schema = db.partition("?schema=")
        tables = {
            "events": f'"{schema}".campaigns_events',
            "names": f'"{schema}".{NAMES}',
            "views": f'"{schema}".{VIEWS}',
        }
        with psycopg.connect(url, autocommit=True) as connection:
            cursor = connection.execute(statement.format(**tables).replace("?", "%s"), params)
            return cursor.fetchall() if cursor.description else []
    with sqlite3.connect(db) as connection:
        tables = {"events": "stored_events", "names": NAMES, "views": VIEWS}
        rows = connection.execute(statement.format(**tables), params).fetchall()
    connection.close()
    return rows


def names(db: str) -> list[tuple[str, bool]]:
    """The catalogue as a new command reads it."""
    store = Campaigns(db)
    try:
        return [(entry.name, entry.archived) for entry in store.catalogue()]
    finally:
        store.close()


def kept(db: str) -> list[tuple[str, bool]] | None:
    """The catalogue as kept, read as it is (None where nothing is kept)."""
    rows = raw(db, "SELECT body FROM {names}")
    entries = catalogue.decoded(unsealed(rows[0][0])) if rows else None
    return None if entries is None else [(e.name, e.archived) for e in entries]


def reseal_catalogue(db, body: str) -> str:
    """A catalogue's body sealed as the program's writer seals it, under the row's own counts."""
    ((events, last),) = raw(str(db), "SELECT events, last_id FROM {names}")
    return resealed(db, "catalogue", f"{events}/{last}", body)


def refuse_to_fold(monkeypatch) -> None:
    def folded(self, read):
        raise AssertionError("the catalogue was folded from the events")

    monkeypatch.setattr(Listing, "folded", folded)


def test_the_writer_keeps_the_catalogue_so_finding_a_campaign_reads_no_start(
    store_url, monkeypatch
):
    store = Campaigns(store_url)
    for name in ("Alpha", "Beta"):
        store.start(*starting(name, seed=name), "organiser")
    store.act("Alpha", lambda state: rename("Gamma"), "organiser")
    store.act("Beta", lambda state: archive(True), "organiser")
    store.close()
    assert kept(store_url) == [("Gamma", False), ("Beta", True)]
    refuse_to_fold(monkeypatch)
    again = Campaigns(store_url)
    assert again.choose("gamma") == "Gamma"
    assert again.listing.rules("Beta") == "boiling-cauldron"
    assert again.load("Gamma").started.name == "Alpha"  # the stream it started under
    again.close()


def test_catalogue_events_appended_by_a_program_that_keeps_none_are_found(store_url, monkeypatch):
    """An older program (or one whose keeping failed) appends a start, a rename, an archiving
    without keeping the catalogue: the next reader counts more events than it was folded from,
    folds it again and keeps it."""
    Campaigns(store_url).start(*starting("Alpha", seed="Alpha"), "organiser")
    with monkeypatch.context() as unkept:
        unkept.setattr(Listing, "keep", lambda *args: None)
        older = Campaigns(store_url)
        older.start(*starting("Beta", seed="Beta"), "organiser")
        older.act("Alpha", lambda state: rename("Gamma"), "organiser")
        older.act("Beta", lambda state: archive(True), "organiser")
        older.close()
    assert kept(store_url) == [("Alpha", False)]
    assert names(store_url) == [("Gamma", False), ("Beta", True)]
    assert kept(store_url) == [("Gamma", False), ("Beta", True)]


def test_an_append_of_anything_else_leaves_the_kept_catalogue_current(store_url, monkeypatch):
    Campaigns(store_url).start(*starting("Alpha", seed="Alpha"), "organiser")
    store = Campaigns(store_url)
    store.act("Alpha", lambda state: note("a note"), "organiser")
    store.close()
    refuse_to_fold(monkeypatch)
    assert names(store_url) == [("Alpha", False)]


def test_a_catalogue_event_changed_by_hand_forgets_the_kept_catalogue(store_url):
    """A start edited in place changes neither how many catalogue events there are nor the last
    one's number: the triggers forget the kept catalogue, so the edit is read, not hidden."""
    Campaigns(store_url).start(*starting("Alpha", seed="Alpha"), "organiser")
    assert kept(store_url) == [("Alpha", False)]
    raw(store_url, "UPDATE {events} SET state = state WHERE originator_version = 1")
    assert kept(store_url) is None
    assert names(store_url) == [("Alpha", False)]


def test_a_deleted_campaign_leaves_the_kept_catalogue(tmp_path, spring):
    shell = Shell(tmp_path / "campaigns.sqlite")
    shell.ok(*spring.step("new"))
    shell.ok(*[("Autumn 870" if word == "Spring 869" else word) for word in spring.step("new")])
    shell.ok("-c", "Autumn 870", "delete", "--yes")
    assert kept(str(shell.db)) == [("Spring 869", False)]
    assert [row["name"] for row in shell.json("list")] == ["Spring 869"]


@pytest.mark.parametrize(
    "body",
    [
        "not JSON",
        "{}",
        "[[1, 2, 3, 4]]",
        '[["{stream}", "Spring 869", "boiling-cauldron", "no"]]',
        '[["{stream}", "\\u001b[2JSpring 869", "boiling-cauldron", false]]',
        '[["{upper}", "Spring 869", "boiling-cauldron", false]]',
        '[["{stream}", "Spring 869", "boiling-cauldron", false], '
        '["{stream}", "Spring 870", "boiling-cauldron", false]]',
    ],
)
def test_a_kept_catalogue_that_is_not_one_is_folded_again(finished, body):
    """Hostile input: a kept row edited into anything but a catalogue (an escape code in a name,
    a stream twice, a value of another type) is never shown: the catalogue is folded again."""
    stream = campaign_id("Spring 869").hex
    shown = body.replace("{stream}", stream).replace("{upper}", stream.upper())
    for sealed in (False, True):  # by hand alone (#24.8), or as the program's writer seals
        text = reseal_catalogue(finished.db, shown) if sealed and shown[0] in "[{" else shown
        raw(str(finished.db), "UPDATE {names} SET body = ?", text)
        assert [row["name"] for row in finished.json("list")] == ["Spring 869"]
        assert kept(str(finished.db)) == [("Spring 869", False)]


def test_verify_finds_an_altered_catalogue_and_rebuilds_it(finished):
    """A kept catalogue altered by hand (its counts intact) is read as it is — as the stored
    view is — until `verify` compares it with the events, says so, and keeps it again."""
    raw(str(finished.db), "UPDATE {names} SET body = replace(body, 'Spring 869', 'Spring 999')")
    assert [row["name"] for row in finished.json("list")] == ["Spring 869"]  # #24.8: by hand
    ((body,),) = raw(str(finished.db), "SELECT body FROM {names}")
    edited = reseal_catalogue(finished.db, unsealed(body).replace("Spring 869", "Spring 999"))
    raw(str(finished.db), "UPDATE {names} SET body = ?", edited)
    assert [row["name"] for row in finished.json("list")] == ["Spring 999"]
    checked = finished("verify")
    assert checked.exit_code == 1
    said = checked.stdout
    assert "The stored list of the store's campaigns was altered" in said
    assert said.count("Spring 999") == 0  # verify names the campaign as its events do
    assert [row["name"] for row in finished.json("list")] == ["Spring 869"]
    assert finished.json("verify")["stored_catalogue"] == "current"
    raw(str(finished.db), "DELETE FROM {names}")
    assert finished.json("verify")["stored_catalogue"] == "missing or out of date"


def test_a_store_that_cannot_be_written_folds_the_catalogue_each_time(finished):
    raw(str(finished.db), "DELETE FROM {names}")
    store = Campaigns(str(finished.db))
    store.database.unwritable = "read-only media"
    assert [entry.name for entry in store.catalogue()] == ["Spring 869"]
    store.close()
    assert kept(str(finished.db)) is None


def test_list_reads_what_it_shows_of_every_view_picked_or_whole(store_url):
    """`list` and the hub's index read each view's summary and players (SQLite picks them out of
    the stored JSON; PostgreSQL's body is read whole): a body that is not JSON is passed over,
    never fails the others."""
    store = Campaigns(store_url)
    for name in ("Alpha", "Beta"):
        store.start(*starting(name, seed=name), "organiser")
    raw(store_url, "UPDATE {views} SET body = 'not JSON' WHERE stream = ?", campaign_id("Beta").hex)
    briefs = store.kept.briefs()
    assert list(briefs) == [store.listing.stream("Alpha")]
    assert briefs[store.listing.stream("Alpha")] == {
        "summary": store.kept.view("Alpha")["summary"],
        "players": ["Ann", "Bob", "Cid", "Dag", "Eve"],
    }
    store.close()
