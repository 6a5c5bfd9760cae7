"""The stored read model (issue #16): `list` and `status` read a campaign's view kept beside its
log, used only while it matches the log's last event; a hand edit of the log forgets it;
`verify` checks it against a full replay and rebuilds it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from helpers.shell import Shell
from helpers.store import PLAYERS, resealed, resealed_view, starting, unsealed

from campaign.domain.settle import settle
from campaign.input import clock
from campaign.readmodel.status import VIEWS, program, status_data, view
from campaign.service.unit_of_work import Campaigns
from campaign.store.logs import Logs


def sql(shell, statement, *params):
    with sqlite3.connect(shell.db) as connection:
        rows = connection.execute(statement, params).fetchall()
    connection.close()
    return rows


def stored(shell) -> dict:
    ((body,),) = sql(shell, f"SELECT body FROM {VIEWS} WHERE stream NOT LIKE '%/%'")
    seen = json.loads(unsealed(body))
    del seen["brief_seal"]
    return seen


def write_view(shell, seen: dict) -> None:
    """A view written into the store as the program's writer would seal it."""
    ((row,),) = sql(shell, f"SELECT stream FROM {VIEWS} WHERE stream NOT LIKE '%/%'")
    body = resealed_view(shell.db, row, seen)
    sql(shell, f"UPDATE {VIEWS} SET body = ? WHERE stream = ?", body, row)


def kept(shell) -> set[str]:
    """The reports kept beside the view (under its head: others are never read), by key."""
    rows = sql(shell, f"SELECT stream, head FROM {VIEWS} WHERE stream LIKE '%/report/%'")
    return {stream.rsplit("/", 1)[1] for stream, head in rows if head == stored(shell)["head"]}


def kept_report(shell, key: str) -> dict:
    ((body,),) = sql(shell, f"SELECT body FROM {VIEWS} WHERE stream LIKE ?", f"%/report/{key}")
    return json.loads(unsealed(body))


def keep_report(shell, key: str, body: dict, sealed: bool = True) -> None:
    """A kept report written into the store, sealed as the program's writer would (or not)."""
    ((row, head),) = sql(
        shell, f"SELECT stream, head FROM {VIEWS} WHERE stream LIKE ?", f"%/report/{key}"
    )
    text = json.dumps(body)
    text = resealed(shell.db, row, head, text) if sealed else text
    sql(shell, f"UPDATE {VIEWS} SET body = ? WHERE stream = ?", text, row)


def test_every_write_keeps_a_view_equal_to_a_full_replay(finished):
    store = Campaigns(str(finished.db))
    assert stored(finished) == view(store.load("Spring 869"))
    finished.ok("note", "one more")
    assert stored(finished) == view(store.load("Spring 869"))
    assert stored(finished)["events"] == len(finished.json("log"))


def test_status_and_list_say_what_a_replay_says_with_or_without_the_view(finished):
    with_view = (finished.json("status"), finished.json("list"))
    sql(finished, f"DELETE FROM {VIEWS}")
    without = (finished.json("status"), finished.json("list"))
    assert with_view == without


def test_status_is_read_from_the_view_when_it_matches_the_log(finished):
    """A view that matches the log's last event is what status shows: proven by a view that
    differs from the log in one harmless place."""
    seen = stored(finished)
    seen["summary"] = "read from the view"
    write_view(finished, seen)
    assert finished.json("list")[0]["status"] == "read from the view"


def test_a_view_edited_by_hand_alone_is_never_read(finished):
    """#24.8: the same edit, without the seal the program's writer puts on what it keeps: list
    and status fold the log; verify says the view was altered and fails."""
    seen = stored(finished)
    seen["summary"] = "won by Eve"
    sealed = resealed_view(finished.db, "x", seen)  # a seal, but another row's
    for body in (json.dumps(seen), sealed):
        sql(finished, f"UPDATE {VIEWS} SET body = ? WHERE stream NOT LIKE '%/%'", body)
        assert finished.json("list")[0]["status"] == "won by Dag"
        assert finished.json("status")["events"] == len(finished.json("log"))
    sql(finished, f"UPDATE {VIEWS} SET body = ? WHERE stream NOT LIKE '%/%'", sealed)
    checked = finished("verify")
    assert checked.exit_code == 1
    assert "The stored view that list and status show was altered" in checked.stdout
    assert checked.stderr.startswith("Something kept beside the log had been altered")
    assert finished.json("verify")["stored_view"] == "current"


def test_a_view_behind_the_log_is_not_used(finished):
    seen = stored(finished)
    seen["summary"] = "stale"
    sql(finished, f"UPDATE {VIEWS} SET body = ?, version = version - 1", json.dumps(seen))
    assert finished.json("list")[0]["status"] == "won by Dag"


def test_an_event_edited_by_hand_forgets_the_view_so_status_warns(finished):
    (state,) = sql(finished, "SELECT state FROM stored_events WHERE originator_version = 8")[0]
    sql(
        finished,
        "UPDATE stored_events SET state = ? WHERE originator_version = 8",
        state.replace(b'"45"', b'"55"'),
    )
    assert sql(finished, f"SELECT count(*) FROM {VIEWS} WHERE stream NOT LIKE '%/%'") == [(0,)]
    status = finished("status", "--json")
    assert "tampered" in status.stderr and json.loads(status.stdout)["chain_intact"] is False
    # the report the last writer kept went with the view it was kept under: built from the log
    # again, whose events before the edit finish no round
    report = finished("report", "--format", "markdown")
    assert report.exit_code != 0 and "No round has finished yet" in report.stderr


def test_verify_finds_an_altered_view_and_rebuilds_it(finished):
    """Even sealed as the program seals it (by someone who holds the store's key)."""
    seen = stored(finished)
    seen["summary"] = "won by Eve"
    write_view(finished, seen)
    checked = finished("verify")
    assert checked.exit_code == 1
    assert "The stored view that list and status show was altered" in checked.stdout
    assert finished.json("verify")["stored_view"] == "current"
    assert finished.json("list")[0]["status"] == "won by Dag"


def test_a_view_another_program_built_is_not_read(finished):
    """After an upgrade the status a kind shows may have changed shape: a view built by another
    version of the program is folded anew, never shown (nor crashed on)."""
    seen = stored(finished)
    seen["summary"] = "an older program's view"
    seen["program"] = "0123456789abcdef"
    write_view(finished, seen)
    assert finished.json("list")[0]["status"] == "won by Dag"
    assert stored(finished)["program"] == program()  # kept again by the read, for the next
    assert stored(finished)["summary"] == "won by Dag"
    del seen["program"]  # a view from before views said who built them (nor sealed them)
    sql(finished, f"UPDATE {VIEWS} SET body = ? WHERE stream NOT LIKE '%/%'", json.dumps(seen))
    assert finished.json("status")["events"] == len(finished.json("log"))
    assert stored(finished) == view(Campaigns(str(finished.db)).load("Spring 869"))


def test_an_unreadable_view_is_ignored(finished):
    sql(finished, f"UPDATE {VIEWS} SET body = ? WHERE stream NOT LIKE '%/%'", "[" * 100_000)
    assert finished.json("list")[0]["status"] == "won by Dag"


def test_a_views_deadline_is_overdue_by_the_clock_it_is_read_at():
    from datetime import UTC, datetime

    seen = {
        "status": {"rules": "x"},
        "events": 3,
        "step": "round 1, Cid declares an attack.",
        "deadline": "2030-01-15T18:00:00+00:00",
        "people": [],
    }
    before = status_data(seen, True, datetime(2030, 1, 15, 17, 0, tzinfo=UTC))
    after = status_data(seen, True, datetime(2030, 1, 15, 19, 0, tzinfo=UTC))
    assert (before["deadline"]["overdue"], after["deadline"]["overdue"]) == (False, True)
    assert before["deadline"]["step"] == "round 1, Cid declares an attack."


def test_log_limit_is_the_tail_of_the_log_read_alone_or_not(tmp_path, spring):
    """`log --limit N` reads only the last N events while the view vouches for the log; its
    entries, retractions included, are the last N of the whole log either way."""
    shell = Shell(tmp_path / "s.sqlite")
    shell.play(spring.steps[:6])
    shell.ok("note", "a note")
    shell.ok("undo", "--reason", "the wrong result")  # takes back the last action, not the note
    whole = shell.json("log")
    tail = shell.json("log", "--limit", "4")
    assert tail == whole[-4:]
    assert [e["retracted"] for e in tail] == [True, True, False, False]
    assert shell.json("log", "--limit", "100000") == whole
    sql(shell, f"DELETE FROM {VIEWS}")  # no view: the whole log is read
    assert shell.json("log", "--limit", "3") == whole[-3:]
    assert "--limit" in shell("log", "--limit", "0").output  # at least one


REPORT_FORMATS = ("json", "markdown", "bbcode", "html", "text")


def test_a_report_read_again_comes_from_the_view_alike_in_every_format(finished):
    """The first reader builds a report from the log and keeps it with the view; the next reads
    it there: the same text in every format, for a round asked by number, for one player."""
    asked = [["--format", f] for f in REPORT_FORMATS]
    asked += [["--round", "2", "--format", "markdown"], ["--for", "Ann", "--format", "json"]]
    built = [finished.ok("report", *words).stdout for words in asked]
    assert kept(finished) == {"2", "3"}  # 3 by the last writer; HTML is drawn anew
    assert [finished.ok("report", *words).stdout for words in asked] == built


def test_the_writer_keeps_the_report_read_first_after_an_append(finished, monkeypatch):
    """`report` right after a command that recorded something is read beside the view, not
    built from the log: the writer kept the last finished round's (and the one in progress, had
    one been), and it is the report the log gives."""
    from campaign.service.unit_of_work import Campaigns

    finished.ok("note", "the final was played at the club")
    # the last finished round's under its number alone, the one `report` shows unasked (#31: it
    # was kept twice, as `last` too, and every write kept both again); none is in progress
    assert kept(finished) == {"3"}
    load = Campaigns.load

    def no_full_read(*args, **kwargs):
        raise AssertionError("the whole log was read")

    monkeypatch.setattr(Campaigns, "load", no_full_read)
    read = finished.ok("report", "--format", "markdown").stdout
    assert finished.ok("report", "--round", "3", "--format", "markdown").stdout == read
    monkeypatch.setattr(Campaigns, "load", load)
    sql(finished, f"DELETE FROM {VIEWS} WHERE stream LIKE '%/report/%'")
    assert finished.ok("report", "--format", "markdown").stdout == read  # built from the log


def test_a_kept_report_is_read_while_the_view_vouches_and_forgotten_by_an_append(finished):
    """Proven by a kept report that differs from the log in one harmless place."""
    finished.ok("report", "--format", "json")
    body = kept_report(finished, "3")
    body["data"]["title"] = "read from the view"
    keep_report(finished, "3", body)
    assert finished.json("report")["title"] == "read from the view"
    keep_report(finished, "3", body, sealed=False)  # #24.8: an edit by hand alone
    assert finished.json("report")["title"] != "read from the view"
    keep_report(finished, "3", body)
    finished.ok("note", "one more")  # a new view: the report kept under the old one is not read
    assert finished.json("report")["title"] != "read from the view"


def test_verify_finds_a_kept_report_altered_and_rebuilds_the_view(finished):
    finished.ok("report", "--format", "markdown")
    body = kept_report(finished, "3")
    body["data"]["sections"][0]["items"][0] = "all regions lost at sea"
    keep_report(finished, "3", body)
    assert "all regions lost at sea" in finished.ok("report", "--format", "markdown").stdout
    checked = finished("verify")
    assert checked.exit_code == 1
    assert "The stored view that list and status show was altered" in checked.stdout
    assert "all regions lost at sea" not in finished.ok("report", "--format", "markdown").stdout
    assert finished.json("verify")["stored_view"] == "current"  # with the report kept again


def test_finding_the_campaigns_reads_their_starts_alone_by_an_index(tmp_path, spring):
    """Issue #16: the catalogue (every campaign's name, read by every command) selects events by
    topic; an index on the topic lets SQLite read those alone instead of every event of every
    campaign, so finding a campaign costs the same at any length of log."""
    shell = Shell(tmp_path / "campaigns.sqlite")
    shell.ok(*spring.step("new"))
    plan = sql(
        shell,
        "EXPLAIN QUERY PLAN SELECT rowid, * FROM stored_events WHERE rowid>=? "
        "AND topic IN (?, ?) ORDER BY rowid LIMIT ?",
        1,
        "campaign.CampaignStarted",
        "campaign.CampaignRenamed",
        10,
    )
    assert any("USING INDEX campaign_catalogue" in str(row) for row in plan)


def test_every_current_view_is_read_in_one_query_as_each_alone(store_url):
    """Issue #16: `list` and the hub's index read every campaign's view in one query; a view
    that no longer vouches for its log (an append whose view was not written) is left out, as
    `recall` leaves it out, and so are the reports kept beside the views."""
    from campaign.domain.shared_commands import note

    store = Campaigns(store_url)
    for name in ("Alpha", "Beta", "Gamma"):
        store.start(*starting(name, seed=name), "o")
    beta = store.load("Beta")
    store.record(
        settle(beta, note("the view was not written"), "o", [], clock.now())
    )  # left behind
    gamma = store.load("Gamma")
    store.kept.keep_report("Gamma", "last", {"title": "a kept report"}, gamma)
    alone = {n: store.kept.view(n) for n in ("Alpha", "Beta", "Gamma")}
    assert alone["Beta"] is None and alone["Alpha"] and alone["Gamma"]
    shown = {n: {"summary": alone[n]["summary"], "players": PLAYERS} for n in ("Alpha", "Gamma")}
    assert store.kept.briefs() == {
        store.listing.stream("Alpha"): shown["Alpha"],
        store.listing.stream("Gamma"): shown["Gamma"],
    }
    store.close()


def test_the_campaign_as_it_stood_reads_the_log_once(finished, monkeypatch, tmp_path):
    """Issue #16: `--as-of` and `--round` show a prefix of the log and warn of a break anywhere
    in it, from one read of the log (two before)."""
    reads = []
    rows = Logs._rows

    def counted(self, stream):
        reads.append(stream)
        return rows(self, stream)

    monkeypatch.setattr(Logs, "_rows", counted)
    for asked in (
        ["status", "--round", "2", "--json"],
        ["status", "--as-of", "20", "--json"],
        ["log", "--as-of", "20", "--json"],
        ["map", "--round", "1", "-o", str(tmp_path / "round-1.svg")],
    ):
        reads.clear()
        finished.ok(*asked)
        assert len(reads) == 1, asked
    assert finished.json("status", "--as-of", "20")["events"] == 20


def test_every_current_view_is_found_from_the_views_not_by_scanning_every_event(tmp_path, spring):
    """Issue #16: `list` asks for every campaign's current view in one query; SQLite, which
    keeps no statistics, must read the views and find each one's last event by its key — not
    scan every event of the store (21 ms for one campaign of 100,000 events before, 0.1 ms
    after)."""
    from campaign.store import dialects

    shell = Shell(tmp_path / "campaigns.sqlite")
    shell.ok(*spring.step("new"))
    every = dialects.current_views(dialects.SQLite(), VIEWS)
    plan = " ".join(str(row) for row in sql(shell, "EXPLAIN QUERY PLAN " + every))
    assert "SCAN e" not in plan and "SEARCH e USING" in plan


def test_47_a_kept_state_beyond_its_log_is_a_broken_row(tmp_path, spring):
    """Issue #47: a state kept beside the log and re-sealed by someone holding the store's seal
    key, in round 100,000,000, made the campaign's page run past 90 s at 2.5 GB. A round no
    log of that length reaches is a broken row: it is never served, the log is folded. The forged
    round is the first beyond the log's length (the boundary: a round per event at most), so that
    sealing it here does not itself walk a hundred million rounds."""
    import dataclasses

    from campaign.domain.log import Loaded

    shell = Shell(tmp_path / "s.sqlite")
    shell.play(spring.through("attack Essex Kent"))
    campaigns = Campaigns(str(shell.db))
    try:
        loaded = campaigns.load("Spring 869")
        forged = dataclasses.replace(loaded.state, round=len(loaded.events) + 1)
        campaigns.kept.remember(Loaded(loaded.kind, loaded.events, forged))  # sealed as kept
        assert campaigns.kept.state("Spring 869") is None
        assert campaigns.as_it_stands("Spring 869").state.round == 1
    finally:
        campaigns.close()
    assert shell.json("status")["round"] == 1


def test_47_a_view_a_reader_found_altered_is_reported_by_verify_after_it_was_rebuilt(finished):
    """Issue #47: an edited view was reported by `verify` only if no reader had rebuilt it
    first. A reader that finds a broken seal keeps that it did, beside the log: `verify` says
    the view was altered, once, even after it was rebuilt."""
    seen = stored(finished)
    seen["summary"] = "won by Eve"
    sql(finished, f"UPDATE {VIEWS} SET body = ? WHERE stream NOT LIKE '%/%'",
        resealed_view(finished.db, "x", seen))  # fmt: skip
    assert finished.json("status")["events"] == len(finished.json("log"))  # read, rebuilt
    checked = finished("verify")
    assert checked.exit_code == 1 and "altered" in checked.stderr
    assert finished.json("verify")["stored_view"] == "current"  # said once, then current


def test_a_view_names_the_program_that_built_it_from_its_code():
    """The folders moved (#48) and `program` went on hashing `campaign/campaign`, which is not
    there: every version was the same program, and a view or a report kept by an older one was
    read as this one's. It hashes the code files again: the folders exist and hold this module,
    and the digest moves with any code file's size or time."""
    from campaign.readmodel import status

    assert all(root.is_dir() for root in status.CODE)
    assert Path(status.__file__).resolve() in {
        path.resolve() for root in status.CODE for path in root.rglob("*.py")
    }
    assert status.program() != status.code_digest(())  # the digest of no file at all


def test_the_programs_digest_moves_with_a_code_file(tmp_path):
    import os

    from campaign.readmodel.status import code_digest

    code = tmp_path / "campaign"
    code.mkdir()
    (code / "rules.py").write_text("LIMIT = 3\n")
    before = code_digest((code,))
    (code / "rules.py").write_text("LIMIT = 30\n")
    resized = code_digest((code,))
    os.utime(code / "rules.py", ns=(0, 1))
    touched = code_digest((code,))
    assert len({before, resized, touched}) == 3
