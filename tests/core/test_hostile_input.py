"""Hostile input and hostile logs (issue: fuzzing and tampering). Names, notes and files come
from people we do not know: a refused command exits non-zero with one sentence and appends
nothing; what is stored is plain text; what is printed is never markup, escape codes or code."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from xml.etree import ElementTree

import pytest
from helpers.hostile import rechain
from helpers.properties import examples
from helpers.store import resealed_view, unsealed
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.domain import chain
from campaign.errors import CampaignError
from campaign.input import text
from cli import run

BBCODE_NAME = "[url]https://evil.example[/url]"
SCRIPT_NAME = "@everyone <script>alert(1)</script>"
MARKDOWN_NAME = "**Bold** [t](https://evil.example)"
HOSTILE_NOTE = "@here # not a heading\n**x** [click](https://evil.example) <@123456789012345678>"


def campaign(*args: str, db: Path | None = None) -> tuple[int, str, str]:
    """The console script in this process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = run([*(["--db", str(db)] if db else []), *args])
    return status, out.getvalue(), err.getvalue()


def refused(db: Path, *args: str) -> str:
    """A refusal: non-zero, one sentence on stderr, nothing appended."""
    before = campaign("log", "--json", db=db)[1] if db.exists() else None
    status, _, err = campaign(*args, db=db)
    assert status not in (0, 70), err
    assert len(err.strip().splitlines()) == 1, err
    if before is not None:
        assert campaign("log", "--json", db=db)[1] == before
    return err.strip()


def play_round_one(db: Path) -> None:
    """Every player declares the first attack open to him, then every battle is fought 20–45."""
    while True:
        options = json.loads(campaign("options", "--json", db=db)[1])
        if not options:
            break
        assert campaign("attack", options[0]["from"], options[0]["to"], db=db)[0] == 0
    for attack in json.loads(campaign("status", "--json", db=db)[1])["attacks"]:
        assert campaign("result", attack["to"], "20", "45", db=db)[0] == 0
        status = json.loads(campaign("status", "--json", db=db)[1])
        while status["awaiting_choice"]:
            campaign("gain", status["awaiting_choice"]["choose_from"][0], db=db)
            status = json.loads(campaign("status", "--json", db=db)[1])


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    """A campaign whose players are named to inject BBCode, HTML and Markdown, with a hostile note,
    after one round."""
    db = tmp_path_factory.mktemp("hostile") / "campaigns.sqlite"
    players = [BBCODE_NAME, SCRIPT_NAME, MARKDOWN_NAME]
    args = [a for p in players for a in ("--player", p)]
    assert campaign("new", "Hostile", *args, "--seed", "x", db=db)[0] == 0
    play_round_one(db)
    assert campaign("note", HOSTILE_NOTE, db=db)[0] == 0
    return db


# 1. Reserved actor names.


@pytest.mark.parametrize("actor", ["the rules", "The Rules", " the  rules ", "deadline"])
def test_1_the_programs_own_actor_names_cannot_be_typed(hostile, actor):
    assert "how the program signs its own events" in refused(hostile, "--actor", actor, "note", "x")


SIGNATURES = [
    "\uff34\uff48\uff45 \uff52\uff55\uff4c\uff45\uff53",
    "the\u00a0rules",
    "DEADLINE",
    "ᴅeadline",
]
"""Spellings of the program's own signatures: full-width letters, a no-break space, capitals; and
one that folds to none (a small capital D is no D under NFKC), taken as a name (#24.3)."""


@pytest.mark.parametrize("spelled", SIGNATURES[:3])
def test_1_no_spelling_of_the_programs_signatures_becomes_an_actor_anywhere(hostile, spelled):
    """#24.3: every way a name becomes an actor: --actor, a link of every role, replace-player,
    rename-player, and the players of a new campaign of every kind."""
    signs = "how the program signs its own events"
    assert signs in refused(hostile, "--actor", spelled, "note", "x")
    for role in ("arbiter", "viewer", "organiser"):
        assert signs in refused(hostile, "invite", spelled, "--role", role)
    player = json.loads(campaign("status", "--json", db=hostile)[1])["players"][0]["name"]
    assert signs in refused(hostile, "replace-player", player, spelled, "--reason", "r")
    assert signs in refused(hostile, "rename-player", player, spelled)
    fresh = hostile.parent / "fresh.sqlite"
    for start in (
        ["--rules", "boiling-cauldron", "--player", "Ann", "--player", "Bob", "--player", spelled],
        ["--rules", "onus-under-the-eagle", "--rome", spelled, "--enemies", "Boudica"],
        ["--rules", "hadrians-wall", "--purple", "A", "--blue", spelled, "--red", "C"]
        + ["--green", "D"],
        ["--rules", "thunderbolt", "--rome", "Fabius", "--carthage", spelled],
    ):
        assert signs in refused(fresh, "new", "Fresh", *start)


def test_1_a_name_that_only_looks_like_a_signature_is_a_name(tmp_path):
    db = tmp_path / "c.sqlite"
    players = ["--player", "Ann", "--player", "Bob", "--player", SIGNATURES[3]]
    assert campaign("new", "X", "--rules", "boiling-cauldron", *players, db=db)[0] == 0


def test_1_an_undo_after_a_refused_actor_takes_back_only_the_latest_action(tmp_path, spring):
    db = tmp_path / "c.sqlite"
    for words in spring.through("attack Wessex Sussex"):
        assert campaign(*words, db=db)[0] == 0
    refused(db, "--actor", "the rules", "attack", "Gwynedd", "Dumnonia")
    assert campaign("undo", "--reason", "test", db=db)[0] == 0
    log = json.loads(campaign("log", "--json", db=db)[1])
    assert [e["seq"] for e in log if e["retracted"]] == [4]
    assert campaign("verify", db=db)[0] == 0


# 2, 4, 12. Reports and maps in every format, with hostile names and notes.


def report(db: Path, output_format: str) -> str:
    status, out, err = campaign("report", "--round", "1", "--format", output_format, db=db)
    assert status == 0, err
    return out


def test_2_bbcode_names_are_text_not_tags(hostile):
    bbcode = report(hostile, "bbcode")
    assert "[url]" not in bbcode and "(url)https://evil.example(/url)" in bbcode
    assert bbcode.count("[b]") == bbcode.count("[/b]")
    assert bbcode.count("[color=") == bbcode.count("[/color]")


def test_4_markdown_for_discord_pings_nobody_and_links_nothing(hostile):
    """Outside code blocks (where Discord renders nothing) every Markdown character is escaped."""
    everything = report(hostile, "markdown")
    assert "@everyone" not in everything and "@here" not in everything and "<@1" not in everything
    assert "@\u200beveryone" in everything and "@\u200bhere" in everything
    markdown = re.sub(r"```.*?```", "", everything, flags=re.S)
    assert not re.search(r"(?<!\\)\]\(", markdown) and r"\[t\](https://evil.example)" in markdown
    assert not [
        line
        for line in markdown.splitlines()
        if line.startswith("#") and not line.startswith("## Hostile")
    ]
    assert "**Bold**" not in markdown and r"\*\*Bold\*\*" in markdown


def test_12_the_map_is_well_formed_xml_naming_every_player_as_text(hostile, tmp_path):
    out = tmp_path / "map.svg"
    assert campaign("map", "-o", str(out), db=hostile)[0] == 0
    svg = ElementTree.parse(out).getroot()
    texts = " ".join(t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text"))
    assert SCRIPT_NAME in texts and not list(svg.iter("script"))


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed here (.ci/run installs it)")
@pytest.mark.browser
def test_the_html_report_shows_names_and_notes_as_text_in_chromium(hostile, tmp_path):
    page = tmp_path / "report.html"
    assert (
        campaign("report", "--round", "1", "--format", "html", "-o", str(page), db=hostile)[0] == 0
    )
    with __import__("tempfile").TemporaryDirectory() as profile:
        dom = subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                "--dump-dom",
                page.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        ).stdout
    assert "<script" not in dom.lower() and "&lt;script&gt;alert(1)&lt;/script&gt;" in dom


# 3. Terminal escapes and rich markup.


@pytest.mark.parametrize(
    "name", ["\x1b]0;pwned\x07Ann", "Ann\x1b[31m", "An\u200bn", "\u200b", "Ann\u202e"]
)
def test_3_15_names_with_control_or_invisible_characters_are_refused(tmp_path, name):
    db = tmp_path / "c.sqlite"
    said = refused(db, "new", "X", "--player", name, "--player", "Bob", "--player", "Cid")
    assert "control, invisible or separator characters" in said and "\x1b" not in said


def test_3_notes_and_reasons_with_escape_codes_are_refused(hostile):
    assert "control or invisible characters" in refused(
        hostile, "note", "hi \x1b]8;;https://evil\x07x"
    )
    assert "control or invisible" in refused(hostile, "undo", "--reason", "\x1b[2J")


def test_3_rich_markup_in_an_actor_is_printed_as_text(tmp_path, spring):
    db = tmp_path / "c.sqlite"
    campaign(*spring.step("new"), db=db)
    assert campaign("--actor", "[blink]Ann[/blink]", "note", "ruling", db=db)[0] == 0
    out = campaign("log", db=db)[1]
    assert "[blink]Ann[/blink]" in "".join(out.split())


def test_3_a_hand_edited_note_with_escape_codes_is_printed_harmless(tmp_path, spring):
    """The chain shows the edit; `log`, `status` and `report` still print no escape code."""
    db = tmp_path / "c.sqlite"
    for words in spring.through("note Round 1"):
        campaign(*words, db=db)
    seq = next(
        e["seq"]
        for e in json.loads(campaign("log", "--json", db=db)[1])
        if e["type"] == "NoteRecorded"
    )
    with sqlite3.connect(db) as connection:
        (state,) = connection.execute(
            "SELECT state FROM stored_events WHERE originator_version = ?", (seq,)
        ).fetchone()
        assert b"Round 1 checked" in state
        connection.execute(
            "UPDATE stored_events SET state = ? WHERE originator_version = ?",
            (state.replace(b"Round 1 checked", b"\\u001b]0;pwned\\u0007 \\u009b31m"), seq),
        )
    connection.close()
    for args in (["log"], ["log", "--json"], ["status"], ["report", "--round", "1"], ["list"]):
        status, out, err = campaign(*args, db=db)
        assert status == 0 and "\x1b" not in out + err and "\x9b" not in out + err, args
    assert campaign("verify", db=db)[0] != 0


# 5. Paths read without limits.


def test_5_devices_pipes_and_huge_files_are_refused_before_reading(tmp_path):
    db = tmp_path / "c.sqlite"
    players = ["--player", "A", "--player", "B", "--player", "C"]
    assert "not a regular file" in refused(db, "new", "X", *players, "--allocation", "/dev/zero")
    assert "not a regular file" in refused(db, "new", "X", *players, "--map", "/dev/zero")
    assert "not a regular file" in refused(db, "import", "/dev/zero")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert "not a regular file" in refused(db, "import", str(fifo))
    huge = tmp_path / "huge.jsonl"
    with huge.open("wb") as file:
        file.truncate(200 * 1024 * 1024)
    assert "at most 64 MiB is read" in refused(db, "import", str(huge))


def test_5_a_note_has_a_stated_size(hostile):
    assert "at most 2000 characters" in refused(hostile, "note", "x" * 2001)


# 6. report -o FILE in the default text format.


def test_6_the_text_report_writes_to_a_file(hostile, tmp_path):
    out = tmp_path / "round1.txt"
    assert campaign("report", "--round", "1", "-o", str(out), db=hostile)[0] == 0
    written = out.read_text()
    assert "Hostile" in written and "\x1b" not in written and "Battle settings" in written


# 7. The chain's tail: reports carry the head; verify says what it vouches for.


def test_7_a_cut_tail_shows_against_the_head_a_report_carried(tmp_path, finished):
    posted = json.loads(finished.ok("report", "--json").stdout)
    head, events = posted["chain_head"], posted["events"]
    assert head in finished.ok("report", "--format", "markdown").stdout
    said = finished.ok("verify").stdout
    assert "vouches for events 1 to 44" in said and "--head" in said
    with sqlite3.connect(finished.db) as connection:
        connection.execute("DELETE FROM stored_events WHERE originator_version >= ?", (events,))
    connection.close()
    result = finished("verify", "--head", head)  # the reader that gave the report: a witness
    assert result.exit_code != 0 and "events were cut from its end" in result.stderr
    assert f"holds {events - 1} events" in result.stderr and head in result.stderr
    stranger = type(finished)(finished.db, tmp_path / "stranger-saw.json")  # saw nothing of it
    result = stranger("verify", "--head", head)
    assert (
        result.exit_code != 0
        and "no event of the log has the published chain head" in result.stderr
    )


# 8. undo must undo what its caller saw.


def test_8_an_undo_racing_another_organisers_result_retracts_nothing(tmp_path, spring):
    from campaign.domain.shared_commands import undo
    from campaign.kinds.boiling_cauldron import commands
    from campaign.service.unit_of_work import Campaigns

    db = tmp_path / "c.sqlite"
    for words in spring.through("attack Hwicce West Anglia"):
        campaign(*words, db=db)
    mine, theirs = Campaigns(str(db)), Campaigns(str(db))

    def decide(loaded):
        decided = undo(loaded.ledger, 1, "typo")
        theirs.act(
            "Spring 869", lambda s: commands.result(s, "Kent", Decimal(20), Decimal(45)), "Bob"
        )  # meanwhile
        return decided

    with pytest.raises(CampaignError) as refusal:
        mine.act_on_log("Spring 869", decide, "organiser", again=False)
    assert "nothing was done" in str(refusal.value)
    log = json.loads(campaign("log", "--json", db=db)[1])
    assert not any(e["retracted"] for e in log) and log[-1]["type"] in (
        "BattleFought",
        "RegionTransferred",
    )


def test_8_an_undo_names_the_action_it_means_and_takes_back_nothing_else(tmp_path, spring):
    """#24.9: the organiser saw the declaration at Kent as the latest action; a result recorded
    since is the latest now, and `undo --expect` refuses rather than take it back."""
    db = tmp_path / "c.sqlite"
    for words in spring.through("attack Hwicce West Anglia"):
        campaign(*words, db=db)
    log = json.loads(campaign("log", "--json", db=db)[1])
    seen = log[-1]["seq"] if log[-1]["actor"] != "the rules" else log[-2]["seq"]
    assert campaign("result", "Kent", "20", "45", db=db)[0] == 0
    latest = json.loads(campaign("log", "--json", db=db)[1])
    battle = next(e["seq"] for e in latest if e["type"] == "BattleFought")
    assert refused(db, "undo", "--reason", "r", "--expect", str(seen)) == (
        f"The latest action is event {battle}, not {seen}: nothing was undone (look at the log, "
        "then undo again)."
    )
    assert campaign("undo", "--reason", "r", "--expect", str(battle), db=db)[0] == 0
    assert [e["seq"] for e in json.loads(campaign("log", "--json", db=db)[1]) if e["retracted"]]


# 9, 13. Names the command line could not parse back; empty names.


@pytest.mark.parametrize(
    "name, says",
    [
        ("D=ag", "separator"),
        ("", "cannot be empty"),
        ("   ", "cannot be empty"),
        ("x" * 61, "at most 60"),
    ],
)
def test_9_13_names_the_command_line_cannot_take_back_are_refused(tmp_path, name, says):
    assert says in refused(
        tmp_path / "c.sqlite", "new", "X", "--player", name, "--player", "B", "--player", "C"
    )


def test_15_names_that_normalise_alike_are_the_same_name(tmp_path):
    """é typed precomposed and as e + combining acute are one player (NFC), so BC-2.1 refuses."""
    said = refused(
        tmp_path / "c.sqlite",
        "new",
        "X",
        "--player",
        "Andr\u00e9",
        "--player",
        "Andre\u0301",
        "--player",
        "Cid",
    )
    assert "BC-2.1" in said


def test_15_a_campaign_name_with_an_invisible_character_is_refused(tmp_path):
    assert "invisible" in refused(
        tmp_path / "c.sqlite",
        "new",
        "Fuzz\u200b",
        "--player",
        "A",
        "--player",
        "B",
        "--player",
        "C",
    )


# 10, 14. Crafted import files.


@pytest.fixture(scope="module")
def exported(tmp_path_factory, finished_store, shell_at) -> list[dict]:
    text = shell_at(finished_store).ok("export").stdout
    return [json.loads(line) for line in text.splitlines()]


def crafted(exported: list[dict], change) -> list[dict]:
    rows = json.loads(json.dumps(exported))
    change(rows)
    return rows


def first(rows: list[dict], event_type: str) -> dict:
    return next(row for row in rows[1:] if row["type"] == event_type)


CRAFTS = {
    "no events": (lambda rows: rows.__delitem__(slice(1, None)), "holds no event"),
    "kind chess": (lambda rows: rows[0].update(kind="chess"), "names no kind"),
    "kind a module path": (lambda rows: rows[0].update(kind="os.path"), "names no kind"),
    "no kind": (lambda rows: rows[0].pop("kind"), "names no kind"),
    "rules version 99": (
        lambda rows: [r.update(rules_version="boiling-cauldron/99") for r in rows],
        "rules",
    ),
    "first event not the start": (
        lambda rows: [rows.pop(1), *(r.update(seq=n) for n, r in enumerate(rows[1:], 1))],
        "starts with its start",
    ),
    "no actor": (lambda rows: rows[3].pop("actor"), "Line 4 has no actor"),
    "no rules version": (lambda rows: rows[3].pop("rules_version"), "Line 4 has no rules version"),
    "seq true": (lambda rows: rows[3].update(seq=True), "Line 4 has no event number"),
    "seq 3.0": (lambda rows: rows[3].update(seq=3.0), "Line 4 has no event number"),
    "an empty note": (
        lambda rows: first(rows, "NoteRecorded")["data"].update(text=""),
        "note needs some text",
    ),
    "a tiny percentage": (
        lambda rows: first(rows, "BattleFought")["data"].update(attacker_casualties="1e-999999"),
        "wrong type",
    ),
    "a nested map": (
        lambda rows: rows[1]["data"].update(map_source="a = " + "[" * 5000),
        "not a usable map",
    ),
}


@pytest.mark.parametrize("craft", CRAFTS)
def test_10_14_crafted_exports_are_refused_in_one_sentence_naming_what_is_wrong(
    tmp_path, exported, craft
):
    change, says = CRAFTS[craft]
    path = tmp_path / "crafted.jsonl"
    path.write_text("\n".join(rechain(crafted(exported, change))) + "\n")
    assert says in refused(tmp_path / "c.sqlite", "import", str(path))
    assert json.loads(campaign("list", "--json", db=tmp_path / "c.sqlite")[1]) == []


@pytest.mark.parametrize("line", ["[" * 100_000, '{"a": ' + "9" * 5000 + "}"])
def test_10_deep_or_huge_json_is_refused_naming_the_line(tmp_path, exported, line):
    path = tmp_path / "crafted.jsonl"
    path.write_text(json.dumps(exported[0]) + "\n" + line + "\n")
    assert "Line 2 is not JSON" in refused(tmp_path / "c.sqlite", "import", str(path))


def test_14_a_file_starting_with_a_byte_order_mark_imports(tmp_path, exported):
    path = tmp_path / "bom.jsonl"
    path.write_text(
        "\ufeff" + "\n".join(json.dumps(r, ensure_ascii=False) for r in exported) + "\n"
    )
    assert campaign("import", str(path), db=tmp_path / "c.sqlite")[0] == 0


# 11. demo --into an existing store.


def test_11_demo_into_an_existing_store_is_refused_before_writing(tmp_path, finished):
    before = finished.db.read_bytes()
    assert "already exists" in refused(finished.db, "demo", "--into", str(finished.db))
    assert finished.db.read_bytes() == before


# 16, 17, 19. Numbers, bytes and usage.


@pytest.mark.parametrize(
    "figure", ["٣٥", "３５", "1_5", "6E1", "+45", "50%%", "1e-999999", "0e999999999"]
)
def test_16_percentages_are_plain_decimal_numbers(tmp_path, spring, figure):
    db = tmp_path / "c.sqlite"
    for words in spring.through("attack Hwicce West Anglia"):
        campaign(*words, db=db)
    assert "BC-6.2" in refused(db, "result", "Kent", figure, "45")


def test_17_19_undecodable_arguments_and_usage_errors_are_one_sentence(tmp_path):
    script = [sys.executable, "-c", "import cli; cli.main()", "--db", str(tmp_path / "c.sqlite")]
    for args, says in (
        ([b"\xff\xfe"], "not valid UTF-8"),
        (["status", "--frob"], "No such option"),
        (["bogus"], "No such command"),
        (["new"], "Missing argument"),
    ):
        done = subprocess.run([*script, *args], capture_output=True, timeout=60)
        err = done.stderr.decode()
        assert done.returncode == 2 and says in err and len(err.strip().splitlines()) == 1, err


# 20. Contention.


def test_20_sixteen_organisers_recording_at_once_all_land(tmp_path, spring):
    db = tmp_path / "c.sqlite"
    campaign(*spring.step("new"), db=db)
    script = [sys.executable, "-c", "import cli; cli.main()", "--db", str(db), "note"]
    processes = [
        subprocess.Popen([*script, f"note {n}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for n in range(16)
    ]
    results = [p.communicate(timeout=120) + (p.returncode,) for p in processes]
    assert all(code == 0 for _, _, code in results), [err for _, err, _ in results]
    notes = [
        e for e in json.loads(campaign("log", "--json", db=db)[1]) if e["type"] == "NoteRecorded"
    ]
    assert sorted(e["data"]["text"] for e in notes) == sorted(f"note {n}" for n in range(16))


# 21. A stream copied under another identity.


def test_21_a_stream_copied_under_another_identity_is_caught(finished):
    """Every row of Spring 869 copied under a fresh stream id: the copy is not the campaign of the
    name it carries, so `list` shows the campaign once and the copied chain is refused."""
    import uuid

    from campaign.service.unit_of_work import Campaigns

    copy = uuid.uuid4().hex
    with sqlite3.connect(finished.db) as connection:
        rows = connection.execute("SELECT * FROM stored_events").fetchall()
        connection.executemany(
            "INSERT INTO stored_events VALUES (?, ?, ?, ?)", [(copy, *r[1:]) for r in rows]
        )
    connection.close()
    assert [c["name"] for c in finished.json("list")] == ["Spring 869"]
    store = Campaigns(str(finished.db))
    stored = store.database.store.events.recorder.select_events(uuid.UUID(copy))
    copied = [store.database.store.mapper.to_domain_event(s) for s in stored]
    assert len(copied) == 44 and chain.first_break(copied)[0] == 1
    assert finished.ok("verify")


# The fuzz: random command lines never crash, and a refusal changes nothing.

WORDS = st.sampled_from(
    [
        "attack",
        "result",
        "gain",
        "forfeit",
        "note",
        "undo",
        "final-armies",
        "final-result",
        "deadline",
        "tick",
        "overdue",
        "rename",
        "redo",
        "use",
        "walkover",
        "double-loss",
        "status",
        "log",
        "report",
        "options",
        "verify",
        "new",
        "map",
    ]
)
ARGS = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "Essex",
                "Kent",
                "--reason",
                "--winner",
                "--casualties",
                "Dag=25",
                "-0",
                "--round",
                "9",
                "set",
                "--in",
                "14d",
                "--now",
                "--for",
                "attacker",
                "--format",
                "bbcode",
            ]
        ),
        st.text(max_size=12),
    ),
    max_size=5,
)


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(command=WORDS, args=ARGS)
def test_fuzzed_command_lines_never_crash_and_refusals_append_nothing(fuzz_store, command, args):
    before = campaign("log", "--json", db=fuzz_store)[1]
    status, out, err = campaign(command, *args, db=fuzz_store)
    assert status != 70, err
    if status != 0:
        assert len(err.strip().splitlines()) <= 1, err
        assert campaign("log", "--json", db=fuzz_store)[1] == before


@pytest.fixture(scope="module")
def fuzz_store(tmp_path_factory, spring) -> Path:
    db = tmp_path_factory.mktemp("fuzz") / "c.sqlite"
    for words in spring.through("attack Hwicce West Anglia"):
        campaign(*words, db=db)
    return db


# 18. Read-only media and full disks.


@pytest.fixture
def small_disk(tmp_path):
    """A tmpfs of 2 MB mounted for the test (on this project's machines CI runs as root);
    skipped where mounting is not allowed."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip("mounting a small tmpfs needs root: read-only and full-disk cases not tried")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def console_script(db: Path, *args: str) -> subprocess.CompletedProcess:
    """The command in a process of its own, so that no store stays open in this one."""
    return subprocess.run(
        [sys.executable, "-c", "import cli; cli.main()", "--db", str(db), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_18_a_store_on_read_only_media_reads_and_refuses_writes_in_one_sentence(small_disk, spring):
    db = small_disk / "c.sqlite"
    played = console_script(db, "demo", "--quiet", "--into", str(db))
    assert played.returncode == 0, played.stderr
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    status, out, err = campaign("status", "--json", db=db)
    assert status == 0 and json.loads(out)["winner"] == "Dag", (err, out[-400:])
    assert campaign("verify", db=db)[0] == 0
    said = refused(db, "note", "from the read-only copy")
    assert "can be read but not written" in said and "read-only" in said


def test_18_verify_on_read_only_media_with_a_view_out_of_date_says_so_and_passes(small_disk):
    """A store written by another version of the program (its views out of date) on a read-only
    copy: verify checks the log, says the view is out of date, and keeps nothing."""
    db = small_disk / "c.sqlite"
    played = console_script(db, "demo", "--quiet", "--into", str(db))
    assert played.returncode == 0, played.stderr
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE campaign_views SET head = 'another version'")
    connection.close()
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    status, out, err = campaign("verify", db=db)
    assert status == 0, err
    assert "every event is lawful" in out and "missing or out of date" in out


def test_18_a_full_disk_still_reads_and_says_it_is_full(small_disk, spring):
    db = small_disk / "c.sqlite"
    for words in spring.through("attack Hwicce West Anglia"):
        console_script(db, *words)
    (small_disk / "fill").write_bytes(b"")
    with contextlib.suppress(OSError), (small_disk / "fill").open("wb") as fill:
        fill.write(b"\0" * 4 * 1024 * 1024)
    assert campaign("status", "--json", db=db)[0] == 0
    status, _, err = campaign(
        "new",
        "Another",
        "--player",
        "A",
        "--player",
        "B",
        "--player",
        "C",
        db=small_disk / "d.sqlite",
    )
    assert status == 1 and "disk is full" in err and len(err.strip().splitlines()) == 1


# New ways in since the first list: every one takes names and notes as text.


@pytest.mark.parametrize(
    "command",
    [
        ["rename", "Spring\x1b[2J 870"],
        ["deadline", "set", "--in", "14d", "--reason", "late\x1b]0;pwned\x07"],
        ["walkover", "Kent", "attacker", "--reason", "gone\u202e"],
        ["double-loss", "Kent", "--reason", "\x9b31m"],
        ["redo", "--reason", "\x1b[5m"],
        ["report", "--for", "Ann\x1b[31m"],
        ["use", "Spring\x00869"],
    ],
)
def test_new_commands_refuse_escape_codes_in_what_people_type(tmp_path, spring, command):
    db = tmp_path / "c.sqlite"
    for words in spring.through("attack Hwicce West Anglia"):
        campaign(*words, db=db)
    said = refused(db, *command)
    assert "\x1b" not in said and "\x9b" not in said and "\x00" not in said


@given(st.text())
def test_printable_turns_every_unseen_character_and_only_those(typed):
    """What any output shows of stored text: a line break or tab a space, a control or invisible
    character U+FFFD, every other character itself (a printable text is returned as it is)."""
    from campaign.input import text

    shown = text.printable(typed)
    assert len(shown) == len(typed)
    for was, now in zip(typed, shown, strict=True):
        assert now == (" " if was in "\n\t" else "\ufffd" if text.unseen(was) else was)


def test_json_output_escapes_every_character_that_is_not_text_and_only_those(capsys):
    """Stored text in `--json` output: a bidi override, a C1 control, a line separator are
    written as \\u escapes; accents, a no-break space and plain text as they are, with or without
    something to escape beside them (the output takes a shortcut when there is nothing)."""
    from campaign.commandline.core import print_json

    for data, kept in (
        ({"name": "Andre\u0301 et\u00a0Zoe"}, "Andre\u0301 et\u00a0Zoe"),
        ({"name": "Ann\u202e", "note": "a\u009bb\u2028c"}, "Ann\\u202e"),
    ):
        print_json(data)
        out = capsys.readouterr().out
        assert kept in out and json.loads(out) == data
        assert all(not text.unseen(c) for c in out if c != "\n")


def test_a_view_edited_to_carry_escape_codes_is_listed_as_text(finished):
    """`list` picks each campaign's summary and players out of its stored view in SQL: a view
    edited to carry escape codes, a bidi override and a C1 control there — and sealed with the
    store's key, so that it is read (#24.8) — is still shown as text: printable lines, JSON with
    \\u escapes."""
    with sqlite3.connect(finished.db) as connection:
        ((row, body),) = connection.execute(
            "SELECT stream, body FROM campaign_views WHERE stream NOT LIKE '%/%'"
        ).fetchall()
        seen = json.loads(unsealed(body))
        del seen["brief_seal"]
        seen["summary"] = "\x1b[2Jwon by \u202eDag"
        seen["players"] = ["\x9b31mAnn", *seen["players"][1:]]
        connection.execute(
            "UPDATE campaign_views SET body = ? WHERE stream = ?",
            (resealed_view(finished.db, row, seen), row),
        )
    connection.close()
    listed = finished.ok("list").stdout
    assert "won by" in listed  # read from the edited view
    assert not any(c in listed for c in "\x1b\x9b\u202e")
    shown = finished.ok("list", "--json").stdout
    assert "\\u001b" in shown and "\\u202e" in shown and "\\u009b" in shown
    assert not any(c in shown for c in "\x1b\x9b\u202e")


def test_a_name_typed_short_suggests_the_name_it_begins():
    """Issue #29: "did you mean Dunstan?" for "Cynan" when "Cynan ap Rhodri" exists."""
    from campaign.errors import UnknownName
    from campaign.input.names import resolve

    with pytest.raises(UnknownName, match=r"did you mean Cynan ap Rhodri\?"):
        resolve("player", "Cynan", ["Dunstan", "Cynan ap Rhodri"])
    with pytest.raises(UnknownName, match=r"did you mean Ann\?"):
        resolve("player", "Anne", ["Ann", "Bob"])


# 22. An option of one value given twice.


def test_22_an_option_of_one_value_given_twice_is_refused_naming_both(hostile):
    """#28: `--theater Sicily --theater Africa` kept Africa in silence; every command's option of
    one value given twice is refused, naming both, and nothing is recorded. A value that looks
    like an option is still a value."""
    said = refused(hostile, "note", "twice", "-c", "Hostile", "--campaign=Hostile")
    assert said == "--campaign was given 2 times ('Hostile', then 'Hostile'): give it once."
    odd = refused(hostile, "report", "--format", "-c", "-c", "Hostile")  # the format is "-c"
    assert "no report format called '-c'" in odd


# 23. A pasted checkpoint is text from anywhere.


def test_23_a_hostile_checkpoint_file_is_one_plain_sentence(hostile, tmp_path):
    """#30: `verify --checkpoint` reads text a player pasted from a channel: escape codes, a
    forged origin line and markup in it never reach the terminal."""
    pasted = tmp_path / "pasted.txt"
    pasted.write_text(
        "\x1b[2J[b]hi[/b]\ncampaign/" + "0" * 32 + "\x1b[31m\n45\n" + "f" * 64 + "\nnow\n"
    )
    said = refused(hostile, "verify", "--checkpoint", str(pasted))
    assert "\x1b" not in said and "holds no checkpoint" in said
    pasted.write_text("campaign/" + "0" * 32 + "\n45\n<script>\n2026-12-01T10:00:00+00:00\n")
    said = refused(hostile, "verify", "--checkpoint", str(pasted))
    assert "is damaged" in said and "<script>" not in said
