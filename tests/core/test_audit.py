"""Audit, replay and disputes: verify, tamper evidence, time travel, undo, fork, export and import.

All through the command line on real SQLite files; the tampering is done the
way a dishonest organiser would, with the standard sqlite3 module.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3

import pytest
from helpers.shell import export_rows, rechain

from campaign.kinds.boiling_cauldron import rules as bc


@pytest.fixture
def shell(shell, finished):
    """Spring 869, finished (a copy of the session's one replay of the demo)."""
    return finished


def sql(shell, statement, *params):
    with sqlite3.connect(shell.db) as connection:
        rows = connection.execute(statement, params).fetchall()
    connection.close()
    return rows


def test_verify_replays_a_lawful_campaign_and_says_so(shell):
    said = shell.ok("verify").stdout
    assert "44 events and 3 rounds verified" in said and "every event is lawful" in said
    verified = shell.json("verify")
    assert (verified["events"], verified["rounds"], verified["status"]) == (44, 3, "won by Dag")
    assert verified["chain_head"] == shell.json("log")[-1]["hash"]


def test_an_event_edited_in_the_sqlite_file_is_named_by_verify(shell):
    """The organiser changes Dag's casualties at Kent (event 8) from 45 to 55, directly in the
    file."""
    (state,) = sql(shell, "SELECT state FROM stored_events WHERE originator_version = 8")[0]
    honest = b'"defender_casualties":{"_type_":"decimal_str","_data_":"45"}'
    assert honest in state
    sql(
        shell,
        "UPDATE stored_events SET state = ? WHERE originator_version = 8",
        state.replace(honest, honest.replace(b"45", b"55")),
    )
    result = shell("verify")
    assert result.exit_code != 0 and "Event 8: event 8 (battle fought) was altered" in result.stderr
    status = shell("status", "--json")
    assert status.exit_code == 0 and "tampered" in status.stderr
    assert json.loads(status.stdout)["chain_intact"] is False


def test_an_event_rewritten_as_text_by_sqls_replace_is_named_by_verify(shell):
    """SQLite's replace() turns the stored blob into text: still read, still named altered."""
    sql(
        shell,
        'UPDATE stored_events SET state = replace(state, \'"_data_":"45"\', '
        '\'"_data_":"55"\') WHERE originator_version = 8',
    )
    assert sql(shell, "SELECT typeof(state) FROM stored_events WHERE originator_version = 8") == [
        ("text",)
    ]
    result = shell("verify")
    assert result.exit_code != 0 and "Event 8: event 8 (battle fought) was altered" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


@pytest.mark.parametrize(
    "state",
    [
        b'{"timestamp": "not a stamp", "_type_": 1}',  # no actor, no chain, no fields
        b'{"timestamp": {"_type_": "datetime_iso", "_data_": "2026-11-30T02:00:00+00:00"}, '
        b'"actor": "o", "rules_version": "boiling-cauldron/1", "chain": "0"}',  # no fields
        b'"a string"',
    ],
)
def test_an_event_cut_short_by_hand_is_refused_in_one_sentence(shell, state):
    """Hostile input: a stored event a hand edit left without its fields is no event: every
    command that reads the log says which, in one sentence, never "something went wrong"."""
    sql(shell, "UPDATE stored_events SET state = ? WHERE originator_version = 44", state)
    for command in (["verify"], ["status"], ["log"]):
        result = shell(*command)
        assert result.exit_code != 0, command
        assert "Event 44 of the store cannot be read: it was edited by hand." in result.stderr
        assert "went wrong" not in result.stderr + result.stdout


def test_a_deleted_event_is_named_by_verify(shell):
    sql(shell, "DELETE FROM stored_events WHERE originator_version = 12")
    result = shell("verify")
    assert result.exit_code != 0 and "event 12 is missing" in result.stderr


def test_two_events_swapped_in_the_file_are_caught(shell):
    (five,), (six,) = sql(
        shell,
        "SELECT state FROM stored_events WHERE originator_version IN (5, 6) ORDER BY "
        "originator_version",
    )
    sql(shell, "UPDATE stored_events SET state = ? WHERE originator_version = 5", six)
    sql(shell, "UPDATE stored_events SET state = ? WHERE originator_version = 6", five)
    result = shell("verify")
    assert result.exit_code != 0 and "Event 5" in result.stderr


def test_an_event_edited_into_nonsense_is_refused_without_a_traceback(shell):
    sql(shell, "UPDATE stored_events SET state = ? WHERE originator_version = 9", b"{not json")
    result = shell("status")
    assert (
        result.exit_code != 0
        and "edited by hand" in result.stderr
        and "Traceback" not in result.output
    )


def test_a_stored_event_of_a_foreign_kind_never_imports_its_module(shell, tmp_path, monkeypatch):
    marker = tmp_path / "imported.txt"
    (tmp_path / "campaign_marker.py").write_text(
        f"open({str(marker)!r}, 'w').write('imported')\nclass Evil: pass\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    (originator,) = sql(
        shell, "SELECT originator_id FROM stored_events WHERE originator_version = 1"
    )[0]
    sql(
        shell,
        "INSERT INTO stored_events VALUES (?, 45, 'campaign_marker:Evil', ?)",
        originator,
        b"{}",
    )
    result = shell("status")
    assert result.exit_code != 0 and "does not know" in result.stderr
    assert not marker.exists()


def test_export_then_import_gives_the_same_campaign(shell_at, spring, shell, tmp_path):
    exported = shell.ok("export").stdout
    other = shell_at(tmp_path / "player.sqlite")
    path = tmp_path / "spring.jsonl"
    path.write_text(exported)
    other.ok("import", str(path))
    assert other.ok("export").stdout == exported
    assert other.json("status") == shell.json("status")
    assert other.json("verify")["events"] == 44


def test_an_edited_export_file_is_refused_naming_the_line(shell_at, spring, shell, tmp_path):
    path = tmp_path / "spring.jsonl"
    path.write_text(
        shell.ok("export").stdout.replace(
            '"defender_casualties": "45"', '"defender_casualties": "55"'
        )
    )
    other = shell_at(tmp_path / "player.sqlite")
    result = other("import", str(path))
    assert result.exit_code != 0 and "Line 9 (event 8) was altered" in result.stderr
    assert other.json("list") == []


def test_a_forged_result_with_a_recomputed_chain_is_refused_by_the_rules(shell_at, shell, tmp_path):
    """The forger makes Dag, not Cid, the winner at Kent and recomputes every hash: BC-6.1 still
    catches it."""
    rows = export_rows(shell)
    rows[8]["data"]["stated_winner"] = "defender"
    path = tmp_path / "forged.jsonl"
    path.write_text(rechain(rows))
    other = shell_at(tmp_path / "player.sqlite")
    result = other("import", str(path))
    assert result.exit_code != 0 and "Event 8" in result.stderr and "BC-6.1" in result.stderr
    assert other.json("list") == []


def test_an_import_naming_a_module_never_imports_it(shell_at, shell, tmp_path, monkeypatch):
    marker = tmp_path / "imported.txt"
    (tmp_path / "campaign_marker.py").write_text(
        f"open({str(marker)!r}, 'w').write('imported')\nclass Evil: pass\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    rows = export_rows(shell)
    rows[5].update(topic="campaign_marker:Evil", type="Evil")
    path = tmp_path / "evil.jsonl"
    path.write_text(rechain(rows))
    other = shell_at(tmp_path / "player.sqlite")
    result = other("import", str(path))
    assert result.exit_code != 0 and "does not know" in result.stderr
    assert not marker.exists() and other.json("list") == []


def test_a_revealed_seed_that_does_not_match_the_commitment_is_refused(shell_at, tmp_path):
    """BC-2.4: a forger swaps in another seed (and the draw it gives) after the commitment was
    published."""
    shell = shell_at(tmp_path / "a.sqlite")
    shell.ok(
        "new",
        "Sealed",
        "--player",
        "A",
        "--player",
        "B",
        "--player",
        "C",
        "--seed-commitment",
        hashlib.sha256(b"honest").hexdigest(),
    )
    shell.ok("draw", "--seed", "honest")
    assert "verified" in shell.ok("verify").stdout
    rows = export_rows(shell)
    rows[2]["data"] = {
        "seed": "lucky",
        "allocation": bc.draw("lucky", ["A", "B", "C"], sorted(rows[2]["data"]["allocation"])),
    }
    path = tmp_path / "forged.jsonl"
    path.write_text(rechain(rows))
    result = shell_at(tmp_path / "b.sqlite")("import", str(path))
    assert result.exit_code != 0 and "BC-2.4" in result.stderr


def test_status_as_of_shows_the_campaign_after_event_n(shell_at, spring, shell, tmp_path):
    replay = shell_at(tmp_path / "replay.sqlite")
    replay.play(spring.through("result Dumnonia"))
    events = len(replay.json("log"))
    assert shell.json("status", "--as-of", str(events)) | {"events": None} == replay.json(
        "status"
    ) | {"events": None}
    assert len(shell.json("log", "--as-of", str(events))) == events


def test_status_round_shows_the_map_at_the_end_of_that_round(shell):
    status = shell.json("status", "--round", "1")
    assert (status["round"], status["phase"]) == (2, "declaration")
    assert status["eliminations"] == [{"player": "Eve", "round": 1, "by": "Bob"}]


@pytest.mark.parametrize(
    "args, says",
    [
        (["status", "--as-of", "0"], "from 1 to 44"),
        (["status", "--as-of", "45"], "from 1 to 44"),
        (["status", "--round", "4"], "Round 4 has not finished; finished so far: 1, 2, 3"),
    ],
)
def test_time_travel_outside_the_log_is_refused(shell, args, says):
    result = shell(*args)
    assert result.exit_code != 0 and says in result.stderr


def test_undo_retracts_the_latest_action_and_the_log_keeps_it(shell_at, spring, tmp_path):
    """The organiser entered Kent's result the wrong way round: undo takes back the result and Cid's
    forced gain."""
    shell = shell_at(tmp_path / "c.sqlite")
    shell.play(spring.through("attack Hwicce West Anglia"))
    before = shell.json("status")
    shell.ok("result", "Kent", "45", "20")
    shell.ok("undo", "--reason", "figures entered the wrong way round")
    assert shell.json("status") | {"events": None} == before | {"events": None}
    log = shell.json("log")
    assert [(e["type"], e["retracted"]) for e in log[-3:]] == [
        ("BattleFought", True),
        ("RegionTransferred", True),
        ("ActionsRetracted", False),
    ]
    assert log[-1]["data"] == {"seqs": [8, 9], "reason": "figures entered the wrong way round"}
    shell.ok("result", "Kent", "20", "45")
    assert shell.json("status")["control"]["Kent"] == "Cid"
    assert "every event is lawful" in shell.ok("verify").stdout
    assert "retracted" in shell.ok("log").stdout


def test_undo_cannot_reach_past_the_campaigns_start(shell_at, spring, tmp_path):
    shell = shell_at(tmp_path / "d.sqlite")
    shell.ok(*spring.step("new"))
    assert "nothing to undo" in shell.refuses("undo", "--reason", "oops")
    shell.ok(*spring.step("attack Essex Kent"))
    assert "Only 1 action" in shell.refuses("undo", "--steps", "2", "--reason", "oops")


def test_a_note_is_recorded_in_the_log(shell):
    shell.ok("note", "Ruling: Cid's late declaration stands.")
    assert shell.json("log")[-1]["data"] == {"text": "Ruling: Cid's late declaration stands."}


def test_fork_starts_a_what_if_campaign_from_the_first_n_events(shell):
    shell.ok("fork", "What if", "--as-of", "20")
    fork = shell.json("-c", "what if", "status")
    assert fork | {"name": None} == shell.json("-c", "Spring 869", "status", "--as-of", "20") | {
        "name": None
    }
    shell.ok("-c", "What if", "result", "Wessex", "35", "71")
    assert shell.json("-c", "Spring 869", "status")["winner"] == "Dag"
    assert "already exists" in shell("fork", "What if", "--as-of", "10", "-c", "Spring 869").stderr


def test_verify_checks_a_chain_head_published_earlier(shell_at, shell, tmp_path):
    """The organiser published the export header after round 1; a rewrite of history before it
    shows."""
    published = shell.json("log", "--round", "1")[-1]["hash"]
    said = shell.ok("verify", "--head", published).stdout
    assert "The published chain head is event 15" in said and "recorded since" in said
    rows = export_rows(shell)
    assert rows[10]["data"]["region"] == "Sussex"
    rows[10]["data"]["defender_casualties"] = (
        "81"  # Dag still takes the two eligible regions: only the chain can tell
    )
    path = tmp_path / "rewritten.jsonl"
    path.write_text(rechain(rows))
    other = shell_at(tmp_path / "player.sqlite", tmp_path / "player-saw.json")
    other.ok("import", str(path))
    result = other("verify", "--head", published)
    assert (
        result.exit_code != 0
        and "no event of the log has the published chain head" in result.stderr
    )
