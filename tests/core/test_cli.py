"""The command line on a real SQLite file: the contract's commands, JSON keys and refusals.

Every refused command exits non-zero with one sentence on stderr (naming the
rule, or suggesting the closest name) and leaves `log --json` unchanged.
The campaign is the demo's Spring 869, played step by step from its script.
"""

from __future__ import annotations

import re
import sqlite3

import pytest

from cli import app


def test_new_campaign_then_status_json_has_the_contract_keys(spring, shell):
    shell.play([["new", "Spring 869", "--rules", "boiling-cauldron", *spring.step("new")[4:]]])
    status = shell.json("status")
    for key in [
        "name",
        "rules",
        "round",
        "phase",
        "control",
        "players",
        "attack_order",
        "on_turn",
        "attacks",
        "forfeits",
        "eliminations",
        "finalists",
        "winner",
    ]:
        assert key in status
    assert (status["name"], status["rules"], status["round"], status["phase"]) == (
        "Spring 869",
        "boiling-cauldron",
        1,
        "declaration",
    )
    assert (
        status["attack_order"] == ["Cid", "Dag", "Eve", "Bob", "Ann"] and status["on_turn"] == "Cid"
    )
    assert {p["name"]: p["regions"] for p in status["players"]} == {
        "Ann": 3,
        "Bob": 3,
        "Cid": 4,
        "Dag": 4,
        "Eve": 3,
    }
    assert status["players"][0]["eliminated"] is None and status["finalists"] is None


def test_a_declared_attack_shows_both_armies_in_status_and_options(spring, shell):
    shell.play(spring.through("new"))
    options = shell.json("options")
    assert {
        "from": "Essex",
        "to": "Kent",
        "defender": "Dag",
        "attacker_army": {"main": "Vikings", "ally": "Welsh"},
        "defender_army": {"main": "Vikings", "ally": "Late Anglo-Saxons"},
    } in options
    shell.ok("attack", "essex", "KENT")
    attack = shell.json("status")["attacks"][0]
    assert {k: attack[k] for k in ("attacker", "defender", "from", "to", "result")} == {
        "attacker": "Cid",
        "defender": "Dag",
        "from": "Essex",
        "to": "Kent",
        "result": None,
    }
    assert attack["attacker_army"] == {"main": "Vikings", "ally": "Welsh"}


def test_a_result_shows_casualties_winner_regions_due_and_gains(spring, shell):
    shell.play(spring.through("result Kent 20 45"))
    status = shell.json("status")
    assert status["attacks"][0]["result"] | {"override": None} == {
        "attacker_casualties": 20,
        "defender_casualties": 45,
        "winner": "Cid",
        "regions_due": 1,
        "gained": ["Kent"],
        "awaiting_choice": False,
        "override": None,
    }
    assert status["forfeits"] == [{"player": "Ann", "reason": "no legal attack", "automatic": True}]
    assert status["control"]["Kent"] == "Cid"


def test_bc_6_2_an_override_reason_is_recorded_as_a_note_is(spring, shell):
    """NFC and trimmed, tabs kept; and verify, which replays the command with the reason the log
    holds, agrees."""
    shell.play(spring.through("attack Hwicce West Anglia"))
    reason = "  Cid conceded:\tthe game crashed at the Cafe\u0301 \n"
    shell.ok("result", "Kent", "20", "45", "--winner", "attacker", "--override", reason)
    fought = next(e for e in reversed(shell.json("log")) if e["type"] == "BattleFought")
    assert fought["data"]["override"] == "Cid conceded:\tthe game crashed at the Caf\u00e9"
    assert "every event is lawful" in shell.ok("verify").stdout


def test_log_json_lists_every_event_in_order(spring, shell):
    shell.play(spring.through("attack Essex Kent"))
    log = shell.json("log")
    assert [e["seq"] for e in log] == [1, 2, 3]
    assert [e["type"] for e in log] == ["CampaignStarted", "RegionsAllocated", "AttackDeclared"]
    assert {"seq", "time", "type", "actor", "data", "retracted"} <= set(log[2])
    assert log[2]["data"] == {
        "round": 1,
        "attacker": "Cid",
        "from_region": "Essex",
        "to_region": "Kent",
        "defender": "Dag",
    }
    assert log[2]["actor"] == "organiser" and log[2]["retracted"] is False


def test_the_whole_demo_campaign_finishes_with_the_standings_of_bc_8_5(finished):
    shell = finished
    status = shell.json("status")
    assert (status["phase"], status["winner"], status["finalists"]) == (
        "finished",
        "Dag",
        ["Dag", "Cid"],
    )
    assert status["eliminations"] == [
        {"player": "Eve", "round": 1, "by": "Bob"},
        {"player": "Ann", "round": 2, "by": "Bob"},
        {"player": "Bob", "round": 3, "by": "Cid"},
    ]
    assert status["standings"] == ["Dag", "Cid", "Bob", "Ann", "Eve"]
    assert shell.json("list") == [
        {
            "name": "Spring 869",
            "rules": "boiling-cauldron",
            "status": "won by Dag",
            "players": ["Ann", "Bob", "Cid", "Dag", "Eve"],
        }
    ]


REFUSALS = [  # (played through the step that starts so, command, what the sentence must say)
    ("new Spring 869", ["attack", "Esex", "Kent"], "did you mean Essex?"),
    ("new Spring 869", ["attack", "Essex", "Kent", "--player", "Cidd"], "did you mean Cid?"),
    ("new Spring 869", ["-c", "Sprng 869", "status"], "did you mean Spring 869?"),
    ("new Spring 869", ["attack", "Essex", "Kent", "--player", "Dag"], "BC-2.3"),
    ("new Spring 869", ["attack", "Kent", "Essex"], "BC-4.1"),
    ("new Spring 869", ["attack", "Essex", "Dyfed"], "BC-4.1"),
    ("new Spring 869", ["attack", "Middle Anglia", "Kent"], "BC-4.1"),
    ("new Spring 869", ["result", "Kent", "20", "45"], "BC-4"),
    ("attack Essex Kent", ["attack", "Wessex", "Essex"], "BC-4.1"),
    ("attack Essex Kent", ["attack", "Wessex", "Dyfed"], "BC-4.3"),
    ("attack Gwynedd Dumnonia", ["attack", "Hwicce", "South Anglia"], "BC-4.2"),
    ("attack Hwicce West Anglia", ["result", "Kent", "abc", "45"], "BC-6.2"),
    ("attack Hwicce West Anglia", ["result", "Kent", "20", "101"], "BC-6.2"),
    (
        "attack Hwicce West Anglia",
        ["result", "Essex", "20", "45"],
        "named by its defending region, Kent",
    ),
    ("attack Hwicce West Anglia", ["result", "West Anglia", "64", "61"], "BC-6.2"),
    ("attack Hwicce West Anglia", ["result", "Kent", "45", "20", "--winner", "attacker"], "BC-6.1"),
    ("attack Hwicce West Anglia", ["attack", "Lindsey", "Kent"], "BC-4"),
    ("result Kent", ["result", "Kent", "20", "45"], "already has its result"),
    ("result Wessex 35 71", ["gain", "Bernicia"], "BC-7.2"),
    ("result Wessex 35 71", ["gain", "Lindsey"], "BC-7.2"),
    ("result Wessex 35 71", ["gain", "Sussex", "South Anglia"], "BC-7.1"),
    ("result Wessex 35 71", ["result", "West Anglia", "30", "35"], "BC-7.2"),
    ("result Lindsey 30 32", ["final-armies", "Dag", "Vikings"], "BC-8.4"),
    ("result Lindsey 30 32", ["final-armies", "Cid", "Welsh", "Early Scots"], "BC-8.4"),
    (
        "result Lindsey 30 32",
        ["final-result", "--casualties", "Dag=35", "--casualties", "Cid=30"],
        "BC-8.4",
    ),
    ("final-result --casualties Dag=25", ["attack", "Essex", "Kent"], "BC-8"),
    (
        "final-result --casualties Dag=25",
        ["final-result", "--casualties", "Dag=25", "--casualties", "Cid=65"],
        "BC-8",
    ),
]


@pytest.mark.parametrize(
    "played, command, says", REFUSALS, ids=[" ".join(c) for _, c, _ in REFUSALS]
)
def test_refused_commands_say_why_and_append_nothing(shell, spring, played, command, says):
    shell.play(spring.through(played))
    said = shell.refuses(*command)
    assert says in said
    assert not re.search(r"\b(he|his|him)\b", said), said  # #29: no player's pronoun assumed


@pytest.mark.parametrize(
    "players, says",
    [
        (["Ann", "Bob"], "BC-2.1"),
        (["Ann", "Bob", "ann"], "BC-2.1"),
    ],
)
def test_a_campaign_needs_three_different_players(shell, players, says):
    args = [a for p in players for a in ("--player", p)]
    result = shell("new", "X", *args)
    assert result.exit_code != 0 and says in result.stderr
    assert shell.json("list") == []


def test_unknown_rules_are_refused_with_a_suggestion(shell):
    result = shell(
        "new", "X", "--rules", "boiling-cauldrn", "--player", "A", "--player", "B", "--player", "C"
    )
    assert result.exit_code != 0 and "did you mean boiling-cauldron?" in result.stderr


def test_a_campaign_name_cannot_be_used_twice(spring, shell):
    shell.play(spring.through("new"))
    assert "already exists" in shell.refuses(*spring.step("new"))


@pytest.mark.parametrize(
    "lines, says",
    [
        ('[allocation]\nKent = "Ann"\nkent = "Bob"\n', "BC-2.2"),
        ('[allocation]\nKent = "Ann"\n', "BC-2.2"),
        (
            "[allocation]\n"
            + "".join(
                f'"{r}" = "{p}"\n'
                for r, p in zip(
                    sorted(
                        [
                            "Bernicia",
                            "Deira",
                            "Dumnonia",
                            "Dyfed",
                            "East Anglia",
                            "Essex",
                            "Gwynedd",
                            "Hwicce",
                            "Kent",
                            "Lindsey",
                            "Middle Anglia",
                            "Powys",
                            "South Anglia",
                            "Strathclyde",
                            "Sussex",
                            "Wessex",
                            "West Anglia",
                        ]
                    ),
                    ["Ann"] * 7 + ["Bob"] * 5 + ["Cid"] * 5,
                )
            ),
            "BC-2.1",
        ),
        ("[allocation]\nWesex = 'Ann'\n", "did you mean Wessex?"),
        ("not toml at all [", "not valid TOML"),
    ],
)
def test_a_bad_allocation_file_is_refused(shell, tmp_path, lines, says):
    allocation = tmp_path / "allocation.toml"
    allocation.write_text(lines)
    result = shell(
        "new",
        "X",
        "--player",
        "Ann",
        "--player",
        "Bob",
        "--player",
        "Cid",
        "--allocation",
        str(allocation),
    )
    assert result.exit_code != 0 and says in result.stderr, result.output
    assert shell.json("list") == []


def test_a_bad_map_file_is_refused_listing_every_problem(shell, tmp_path):
    from campaign.kinds.boiling_cauldron.starting import default_map_source

    bad = tmp_path / "map.toml"
    bad.write_text(
        default_map_source().replace(
            'borders = ["Deira", "Strathclyde"]',
            'borders = ["Deira", "Strathclyde", "Mercia", "Bernicia"]',
        )
    )
    result = shell(
        "new", "X", "--player", "Ann", "--player", "Bob", "--player", "Cid", "--map", str(bad)
    )
    assert result.exit_code != 0
    assert "Bernicia borders Mercia" in result.stderr and "Bernicia borders itself" in result.stderr


def test_a_file_that_is_not_a_database_is_refused(shell_at, tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("my campaign notes\n")
    result = shell_at(text)("list")
    assert result.exit_code != 0 and "not a campaign store" in result.stderr
    assert text.read_text() == "my campaign notes\n"


def test_another_programs_database_is_refused_and_left_untouched(shell_at, tmp_path):
    foreign = tmp_path / "other.sqlite"
    with sqlite3.connect(foreign) as connection:
        connection.execute("CREATE TABLE invoices (id INTEGER)")
    connection.close()
    result = shell_at(foreign)("list")
    assert result.exit_code != 0 and "another program" in result.stderr
    with sqlite3.connect(foreign) as connection:
        assert [r[0] for r in connection.execute("SELECT name FROM sqlite_master")] == ["invoices"]
    connection.close()


def test_the_campaign_must_be_named_when_the_store_holds_several(spring, shell):
    shell.play(spring.through("new"))
    shell.ok(
        "new", "Autumn 870", "--player", "Ann", "--player", "Bob", "--player", "Cid", "--seed", "a"
    )
    result = shell("status")
    assert result.exit_code != 0 and "-c NAME" in result.stderr
    assert shell.json("-c", "autumn 870", "status")["name"] == "Autumn 870"
    assert shell.json("status", "-c", "Spring 869")["name"] == "Spring 869"


def test_the_dashboard_renders_the_round_at_100_columns(spring, shell):
    shell.play(spring.through("result Wessex 35 71"))
    shown = shell.ok("status").stdout
    assert max(len(line) for line in shown.splitlines()) <= 100
    for words in [
        "Spring 869",
        "Essex → Wessex",
        "Cid",
        "awaiting",
        "South Anglia",
        "1600 v 1600 FP",
        "out, round 1, by Bob",
    ]:
        assert words in shown


def test_demo_plays_the_bundled_campaign_to_its_end(shell):
    result = shell("demo", "--quiet")
    assert result.exit_code == 0, result.output
    assert "Dag has won the campaign" in result.stdout


def test_the_demo_tells_each_commands_comment_whole(shell):
    """#50: a comment of three lines above a command was shown by its last line alone ("# TB-14.2).
    B2e: under a Cautious or Interested Senate, …"). Read from the example file itself: every
    line of the comment block right above `done B2c` is printed, in order, before it."""
    from importlib import resources

    text = resources.files("examples").joinpath("thunderbolt.campaign").read_text()
    lines = text.splitlines()
    at = lines.index("done B2c")
    block = []
    while lines[at - 1 - len(block)].startswith("#"):
        block.insert(0, lines[at - 1 - len(block)])
    assert len(block) >= 2  # the example still has such a block
    shown = shell.ok("demo", "--rules", "thunderbolt").stdout.splitlines()
    where = shown.index("$ campaign done B2c")
    assert shown[where - len(block) : where] == block


def test_a_committed_seed_is_revealed_once_and_must_match_the_commitment(shell):
    """BC-2.4: the SHA-256 of the seed is published first; the draw happens when the seed is
    revealed."""
    import hashlib

    from campaign.kinds.boiling_cauldron import rules as bc
    from campaign.kinds.boiling_cauldron.starting import default_map_source
    from regions import parse_map

    commitment = hashlib.sha256(b"my secret").hexdigest()
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
        commitment,
    )
    assert shell.json("status")["phase"] == "allocation"
    assert "BC-2.4" in shell.refuses("attack", "Kent", "Essex")
    assert "BC-2.4" in shell.refuses("draw", "--seed", "my secre")
    shell.ok("draw", "--seed", "my secret")
    assert shell.json("status")["control"] == bc.draw(
        "my secret", ["A", "B", "C"], parse_map(default_map_source()).names
    )
    assert "BC-2.2" in shell.refuses("draw", "--seed", "my secret")


def test_piped_output_is_as_wide_as_columns_says(shell, spring):
    """#29: COLUMNS was ignored when the output went to a pipe or a file (always 100 wide)."""
    shell.play(spring.through("attack Hwicce West Anglia"))
    narrow = shell.runner.invoke(app, ["--db", str(shell.db), "status"], env={"COLUMNS": "60"})
    wide = shell.ok("status").stdout
    assert max(map(len, narrow.stdout.splitlines())) <= 60 < max(map(len, wide.splitlines()))
