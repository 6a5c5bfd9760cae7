"""Britannia with Hadrian's Wall on the command line, on a real SQLite file: the demo's turns 1 to
6 from `examples/hadrians-wall.campaign`, refusals in one sentence citing their HW id, the move
list stopping at a crossing (HW-6.4), dice entered from outside (HW-7.5), status --json, the
reports and the map, verify, undo, fork, export and import."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from campaign.service.demo import script

NEW = ["new", "Wall", "--rules", "hadrians-wall", "--purple", "Ann", "--blue", "Bob"]
PLAYERS = [*NEW, "--red", "Cid", "--green", "Dee"]


@pytest.fixture(scope="module")
def demo_store(tmp_path_factory):
    from helpers.shell import Shell

    shell = Shell(tmp_path_factory.mktemp("hw") / "demo.sqlite")
    shell.play([words for _, words in script("hadrians-wall")])
    return shell.db


@pytest.fixture
def demo(demo_store, tmp_path, shell_at):
    """A copy of the demo's store, for a test to change."""
    from helpers.shell import copied

    return shell_at(copied(demo_store, tmp_path / "demo.sqlite"))


def test_the_demo_plays_turns_1_to_6_builds_w1_and_w2_and_removes_them(demo):
    data = demo.json("status")
    assert (data["turn"], data["nation"], data["phase"]) == (6, "picts", "movement")
    walls = data["walls"]
    assert {w: (v["built"], v["turn"], v["cause"]) for w, v in walls.items()} == {
        "W1": (True, 2, "bernicia"),
        "W2": (True, 2, "pennines"),
        "W3": (False, None, None),
    }
    assert data["walls_removed"] and not walls["W1"]["standing"]
    assert data["triggered"] == {"bernicia": 2, "pennines": 2}
    assert [(c["counter"], c["wall"], c["turn"]) for c in data["crossings"]] == [
        ("BR4", "W2", 3),
        ("P1", "W1", 3),
    ]
    assert set(data["commitments"]) == set(data["revealed"]) == {"1", "2", "3", "4", "5"}
    assert {"id": "P3", "nation": "picts", "kind": "infantry"} in data["areas"]["bernicia"]
    assert data["pending"]["player"] == "Bob"
    verified = demo.json("verify")
    assert verified["events"] == len(demo.json("log"))


def refused(shell, *args):
    """A refused `new`: non-zero, one sentence, no campaign."""
    result = shell(*args)
    assert result.exit_code == 1 and len(result.stderr.strip().splitlines()) == 1
    assert "No campaigns yet" in shell("list").stdout
    return result.stderr.strip()


def test_new_names_four_players_and_refuses_in_one_sentence(shell):
    message = refused(shell, *NEW)
    assert message.endswith("(HW-2.3).") and "--red PLAYER --green PLAYER" in message
    message = refused(shell, *PLAYERS, "--board", "ffg")
    assert message.endswith("(HW-1.3).")
    assert "did you mean roman-action" in refused(shell, *PLAYERS, "--wall-trigger", "roman")
    assert "takes --purple" in refused(shell, *PLAYERS, "--seed", "x")


def test_a_refused_move_cites_its_rule_and_records_nothing(shell):
    shell.ok(*PLAYERS)
    assert shell.refuses("move", "R1:english-channel,kent").endswith("(HW-3.7).")
    shell.ok("advance", "--to", "movement")
    assert shell.refuses("move", "R1:english-channel,york").endswith("(HW-3.7).")
    assert "COUNTER:FROM,TO" in shell.refuses("move", "R1")
    assert "did you mean" in shell.refuses("move", "R99:english-channel,kent")
    assert "(HW-7.1)" in shell.refuses("move", "R1:english-channel,kent", "--die", "3")


def external_crossing(shell):
    """A campaign with dice rolled outside, a legion alone in Bernicia (W1 built in turn 2),
    the Brigantes' movement phase of turn 2, a second Brigantes army in Lothian."""
    shell.ok(*PLAYERS, "--dice", "external")
    shell.ok("remove", "BR3", "BR4", "--reason", "cleared")
    shell.ok("place", "romans", "york")
    shell.ok("advance", "--to", "end-of-turn")
    shell.ok("advance")
    shell.ok("advance", "--to", "movement")
    shell.ok("move", "R17:york,bernicia")
    shell.ok("place", "brigantes", "lothian")
    shell.ok("advance", "--to", "brigantes")
    shell.ok("advance", "--to", "movement")


def test_hw_6_4_the_list_stops_after_the_first_crossing_and_says_what_was_left(shell):
    external_crossing(shell)
    result = shell.ok(
        "move", "BR7:lothian,bernicia", "BR3:lothian,bernicia", "--die", "2", "--evidence", "#41"
    )
    assert "crosses W1 into Roman-occupied Bernicia — d6 = 2, enters (crossing 1) [#41]" in (
        result.stdout
    )
    assert "1 move not carried out (BR3:lothian,bernicia)" in result.stdout
    result = shell.ok("move", "BR3:lothian,bernicia", "--die", "6", "--evidence", "#42")
    assert "d6 = 6, eliminated (crossing 2)" in result.stdout
    crossings = shell.json("status")["crossings"]
    assert [(c["die"], c["eliminated"], c["evidence"]) for c in crossings] == [
        (2, False, "#41"),
        (6, True, "#42"),
    ]
    assert "(HW-6.10)" in shell.refuses("undo", "--reason", "oops")
    shell.ok("ruling", "2", "--die", "3", "--reason", "the roller showed 3")
    assert shell.json("status")["crossings"][1]["ruled_from"] == 6


def test_a_player_cannot_enter_another_players_nation(shell):
    external_crossing(shell)
    message = shell.refuses("--actor", "Bob", "move", "BR7:lothian,strathclyde")
    assert message.endswith("(HW-2.3).") and "Cid" in message
    shell.ok("--actor", "Cid", "move", "BR7:lothian,strathclyde")
    assert shell.json("log")[-1]["actor"] == "Cid"


def test_reports_in_every_format_and_the_map(demo, tmp_path):
    text = demo.ok("report", "--round", "3").stdout
    assert "crosses W2 into Roman-occupied Pennines" in text
    markdown = demo.ok("report", "--round", "6", "--format", "markdown").stdout
    assert "The walls are gone" in markdown
    bbcode = demo.ok("report", "--round", "2", "--format", "bbcode").stdout
    assert "W1 (Bernicia | Lothian): built in turn 2" in bbcode
    page = demo.ok("report", "--round", "2", "--format", "html").stdout
    assert 'data-wall="W1"' in page and 'data-wall="W2"' in page
    report = json.loads(demo.ok("report", "--round", "2", "--json").stdout)
    assert report["walls"]["W1"] == {"turn": 2, "cause": "bernicia", "standing": True}
    demo.ok("map", "-o", str(tmp_path / "turn2.svg"), "--round", "2")
    svg = ET.parse(tmp_path / "turn2.svg").getroot()
    walls = [g.get("data-wall") for g in svg.iter() if g.get("class") == "wall"]
    assert walls == ["W1", "W2"]


def test_undo_fork_export_and_import_work_as_for_every_kind(demo, tmp_path, shell_at):
    demo.ok("undo", "--reason", "the note was early")
    assert demo.json("log")[-1]["type"] == "ActionsRetracted"
    demo.ok("fork", "What if", "--as-of", "30")
    forked = demo.json("status", "-c", "What if")
    assert forked["turn"] == 3
    demo.ok("export", "-c", "Hadrian's Wall", "-o", str(tmp_path / "wall.jsonl"))
    other = shell_at(tmp_path / "other.sqlite")
    other.ok("import", str(tmp_path / "wall.jsonl"))
    assert (
        other.json("status")["crossings"]
        == demo.json("status", "-c", "Hadrian's Wall")["crossings"]
    )


def test_the_dashboard_the_log_and_the_text_report_fit_80_columns(demo):
    from helpers.shell import widest_line

    from campaign.service.unit_of_work import Campaigns
    from campaign.views.log import table
    from campaign.views.reports import render_report

    loaded = Campaigns(str(demo.db)).load("Hadrian's Wall")
    data = loaded.kind.status(loaded.state, "Hadrian's Wall")
    assert widest_line(loaded.kind.dashboard(loaded.state, data)) <= 80
    assert widest_line(table(loaded.events, loaded.kind)) <= 80
    assert widest_line(render_report("Hadrian's Wall", loaded, 3, "text")) <= 80


def test_hw_a_nations_possessive_is_english_the_belgaes_not_the_belgae(tmp_path, shell_at):
    """Issue #29: "the Belgae' population phase": a nation's name not ending in s takes 's."""
    shell = shell_at(tmp_path / "hw.sqlite")
    shell.ok("new", "HW", "--rules", "hadrians-wall", "--purple", "Ann", "--blue", "Bob",
             "--red", "Cid", "--green", "Dee")  # fmt: skip
    assert "Turn 1: the Belgae's population phase" in shell.ok("advance", "--to", "belgae").stdout


def test_hw_8_a_move_taken_back_is_not_told_in_the_report(shell):
    """#28 (and Hadrian's Wall alike): an undone action was still told in the report; a report
    tells what stands."""
    from helpers.shell import Script

    script = Script("hadrians-wall")
    shell.play(script.through("advance --to movement"))
    shell.ok("move", "R1:english-channel,kent")
    shell.ok("move", "R2:english-channel,sussex")
    shell.ok("undo", "--reason", "R2 was meant for Essex")
    told = " ".join(
        item
        for section in shell.json("report", "--round", "1")["sections"]
        for item in section.get("items", [])
    )
    assert "R1 moves English Channel → Kent" in told
    assert "R2 moves" not in told


def test_the_log_names_the_turn_of_every_event_not_an_empty_round_column(demo):
    """#29: the log's period column was headed "Rd" and empty for Hadrian's Wall, whose events
    name a turn, not a round; a move names none, and is recorded in the turn its phase began."""
    log = demo.json("log")
    moves = [e for e in log if e["type"] == "CounterMoved"]
    assert moves and all(e["period"] for e in moves)
    started = [e for e in log if "turn" in e["data"]]
    assert all(e["period"] == e["data"]["turn"] for e in started)
    assert [e["period"] for e in log[:2]] == [None, None]  # the set-up, before turn 1
    assert max(e["period"] for e in log if e["period"]) == 6
    lines = demo.ok("log", "--round", "2").stdout.splitlines()
    assert "Turn" in lines[2] and "Rd" not in lines[2]
    assert any("│    2 │" in line for line in lines)


def test_hw_8_1_the_reports_move_says_what_its_wall_crossing_did(shell):
    """#29: the report told "BR3 moves Lothian → Bernicia (wall crossing die: 6)" for a counter
    the die had eliminated at the wall (HW-6.2: 5-6 eliminates), as if it stood in Bernicia; a
    ruling's corrected die is the one told, with the first."""
    external_crossing(shell)
    shell.ok("move", "BR7:lothian,bernicia", "--die", "2", "--evidence", "#41")
    said = shell.ok("move", "BR3:lothian,bernicia", "--die", "6", "--evidence", "#42").stdout
    assert "BR3 moves Lothian → Bernicia (wall crossing die: 6, eliminated at the wall)" in said

    def moves() -> list[str]:
        sections = shell.json("report", "--round", "2")["sections"]
        return next(s for s in sections if s["heading"] == "Moves and results")["items"]

    assert "BR7 moves Lothian → Bernicia: crosses W1, d6 = 2, enters Bernicia" in moves()
    assert "BR3 moves Lothian → Bernicia: crosses W1, d6 = 6, eliminated at the wall" in moves()
    shell.ok("ruling", "2", "--die", "3", "--reason", "the roller showed 3")
    told = moves()
    assert (
        "BR3 moves Lothian → Bernicia: crosses W1, d6 = 3 (ruled from 6), enters Bernicia" in told
    )
    assert not any("eliminated" in line for line in told)
