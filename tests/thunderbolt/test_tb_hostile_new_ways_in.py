"""The ways in this session's Thunderbolt chapters opened — an Augury's event (TB-22), a game's
result and level (TB-20), a new Army's name (TB-21) — refuse escape codes and invisible
characters in one sentence and record nothing; markup stays text in the log and the hub."""

from __future__ import annotations

import pytest
from helpers.thunderbolt.new_army import to_b3b
from helpers.thunderbolt.senate import to_operations
from helpers.thunderbolt.victory import to_g4

HOSTILE = ("\x1b]0;pwned\x07a comet", "\u202eevil omen")


def refused_plainly(shell, *words: str) -> None:
    refusal = shell.refuses(*words)  # one sentence, the log unchanged (Shell.refuses)
    assert "control" in refusal or "invisible" in refusal or "character" in refusal, refusal
    assert "\x1b" not in refusal and "\u202e" not in refusal


def test_an_augurys_event_is_text(shell):
    to_operations(shell, draw=("initiative", "augury"))
    for hostile in HOSTILE:
        refused_plainly(shell, "augury", "--event", hostile)
    shell.ok("augury", "--event", "<b>[bold red]Mars[/]</b> frowns")
    assert shell.json("log")[-1]["data"]["event"] == "<b>[bold red]Mars[/]</b> frowns"
    told = shell.ok("log").stdout  # a table: the cell may wrap at the space
    assert "red]Mars[/]</b>" in told and "\x1b" not in told  # rich's markup not applied
    pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
    from starlette.testclient import TestClient

    from campaign.web.hub import hub

    page = TestClient(hub(str(shell.db))).get("/log/Punic").text
    assert "&lt;b&gt;[bold red]Mars[/]&lt;/b&gt; frowns" in page and "<b>[bold" not in page


def test_a_games_result_and_its_level_are_text(shell):
    to_g4(shell)
    for hostile in HOSTILE:
        refused_plainly(shell, "winner", "rome", "--automatic", "--reason", hostile)
        refused_plainly(shell, "winner", "rome", "--automatic", "--reason", "x", "--level", hostile)


def test_a_new_armys_name_is_text(shell):
    to_b3b(shell)
    for hostile in HOSTILE:
        refused_plainly(shell, "raise-army", hostile, "--sp", "20", "--leader", "Bomilcar")


def test_a_tribes_name_from_the_set_up_and_a_returns_reason_are_text(shell, tmp_path):
    """TB-23.1, TB-25.3: the set-up file is a file from someone else; a tribe named with an escape
    code is refused with the file's problems, one named in markup is shown as text; a reason for
    SP put back refuses escape codes in one sentence."""
    from helpers.thunderbolt.manpower import BOXES, at_b3b
    from helpers.thunderbolt.start import EXAMPLE, NEW

    (tmp_path / "esc.toml").write_text(
        EXAMPLE.replace('name = "Ilergetes"', 'name = "Iler\\u001b[31mgetes"')
    )
    result = shell(*NEW, "--setup", str(tmp_path / "esc.toml"))
    assert result.exit_code != 0 and "\x1b" not in result.output and "(TB-2.5)" in result.output
    leader = EXAMPLE.replace('name = "Hannibal"', 'name = "Hanni\u202ebal"')  # a leader's too
    assert leader != EXAMPLE
    (tmp_path / "bidi.toml").write_text(leader)
    result = shell(*NEW, "--setup", str(tmp_path / "bidi.toml"))
    assert result.exit_code != 0 and "leader hannibal's name" in result.output.lower()
    for was, named, said in (
        ('"Mare Ionium" = 1', '"Mare\\u001b]0;x\\u0007 Ionium" = 1', "Naval Zone's name"),
        ("Libyan = 30", '"Li\\u202ebyan" = 30', "Holding Box's contingent"),
    ):
        assert was in BOXES
        (tmp_path / "named.toml").write_text(BOXES.replace(was, named))
        result = shell(*NEW, "--setup", str(tmp_path / "named.toml"))
        assert result.exit_code != 0 and "(TB-2.5)" in result.output
        assert said.lower() in result.output.lower()  # the name's fault, not a TOML error
        assert "\x1b" not in result.output and "\u202e" not in result.output
    marked = BOXES.replace('name = "Ilergetes"', 'name = "<b>[bold red]Ilergetes[/]</b>"')
    at_b3b(shell, tmp_path, marked)
    assert "[bold red]Ilergetes[/]" in shell.ok("status").stdout
    for hostile in HOSTILE:
        refused_plainly(shell, "manpower-return", "Gallic", "--sp", "1", "--reason", hostile)
        for words in (("ns", "--to", hostile), ("reinforce", "hispania", "--sp", "1", "--from",
                      f"{hostile}=1"), ("tribal", "--devastated", hostile)):  # fmt: skip
            refusal = shell.refuses(*words)  # an unknown name, told without its escape codes
            assert "\x1b" not in refusal and "\u202e" not in refusal


def test_the_macedonian_wars_result_and_its_drms_are_text(shell, tmp_path):
    """TB-27.4: the First Macedonian War Table's result as typed, a DRM's name and the set-up
    chart's results are text; refused in one sentence with escape codes, markup kept as text."""
    from helpers.thunderbolt.macedonia import to_augury

    to_augury(shell, tmp_path)
    for hostile in HOSTILE:
        refused_plainly(shell, "macedonian-war", "resolve", "--face", "4", "--result", hostile)
        resolve = ("macedonian-war", "resolve", "--face", "4", "--result", "x")
        refused_plainly(shell, *resolve, "--drm", f"{hostile}=1")
    shell.ok("macedonian-war", "resolve", "--face", "4", "--result", "[bold]Philip[/] <i>waits</i>")
    assert shell.json("log")[-1]["data"]["result"] == "[bold]Philip[/] <i>waits</i>"
    assert "[bold]Philip[/]" in shell.ok("status").stdout  # rich's markup not applied


def test_a_macedonian_war_chart_with_an_escape_code_is_among_the_files_problems(shell, tmp_path):
    from helpers.thunderbolt.macedonia import UNDERWAY
    from helpers.thunderbolt.start import NEW

    chart = '[tables]\nmacedonian_war = [[-10, 20, "Rome \\u001b[31mholds"]]\n'
    (tmp_path / "esc.toml").write_text(UNDERWAY.replace("[tables]\n", chart))
    result = shell(*NEW, "--setup", str(tmp_path / "esc.toml"))
    assert result.exit_code != 0 and "(TB-2.5)" in result.output
    assert "\x1b" not in result.output


def refused_unechoed(shell, *words: str) -> None:
    """A name that matches nothing is refused in one sentence, nothing recorded, its escape code
    or bidi control never printed as it came (shown escaped, or not at all)."""
    refusal = shell.refuses(*words)  # one sentence, the log unchanged (Shell.refuses)
    assert "\x1b" not in refusal and "\u202e" not in refusal and "\x07" not in refusal


def test_the_names_typed_for_macedonia_and_manpower_operations_are_never_echoed_raw(
    shell, tmp_path
):
    """TB-27, TB-28's new ways in: a province, an Army, a Legion, a leader typed with an escape
    code or a bidi control; and a set-up file's Macedonia Legion so named (TB-2.5)."""
    from helpers.thunderbolt.macedonia import start
    from helpers.thunderbolt.start import EXAMPLE, NEW

    start(shell, tmp_path)  # B3b, the war underway
    shell.ok("legion-request", "--at", "Campania", "--face", "7")
    for hostile in HOSTILE:
        refused_unechoed(shell, "macedonia-commit", hostile)
        refused_unechoed(shell, "subordinate", hostile)
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    shell.ok("initiative", "leader")
    for hostile in HOSTILE:
        refused_unechoed(shell, "provincial-manpower", hostile)
        refused_unechoed(shell, "provincial-manpower", "hannibal", "--province", hostile)
        refused_unechoed(shell, "ambassador", hostile, "--by", "Albinus")
        refused_unechoed(shell, "ambassador", "Flaccus", "--by", hostile)
    (tmp_path / "esc.toml").write_text(
        EXAMPLE + '\n[macedonia]\nlegions = ["\\u001b]0;pwned\\u0007XL"]\n'
    )
    result = shell("new", "Esc", *NEW[2:], "--setup", str(tmp_path / "esc.toml"))
    assert result.exit_code != 0 and "(TB-2.5)" in result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
