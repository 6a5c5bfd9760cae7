"""Issue #50: Thunderbolt's players named as its leaders are. In the example campaign Fabius plays
Rome and Hanno Carthage (TB-1.1), and the example set-up has a Carthaginian leader Hanno and a
Roman leader Fabius. A Game Turn's report names the sides and their leaders, never a player, and
marks no name in its lines; the history drawn from it marked the leader Hanno as the player,
`history --for Hanno` kept only the lines naming the leader, and the deadline's line marked the
leader Fabius as well as Rome's player (here a player named as the leader Pulcher, whom the
first step due names from the set-up: the leader Fabius is named only once elected, by dice).
Expectations come from the set-up file, the commands typed and the rules page's sides, read as
a reader reads each format."""

from __future__ import annotations

import re

import pytest
from helpers.shell import Script, Shell
from helpers.thunderbolt.start import EXAMPLE

from campaign.kinds.thunderbolt.board import setup

LEADERS = setup.load(EXAMPLE).leaders
HANNO, FABIUS = LEADERS["hanno"], LEADERS["fabius"]
"""The set-up's leaders who bear the players' names."""
MARK = {
    "markdown": r"(.?)\*\*{}\*\*(.?)",
    "bbcode": r"(.?)(?:\[color=#\w+\]\S\[/color\] )?\[b\]{}\[/b\](.?)",
    "html": r'(.?)<span class="player">(?:<span class="swatch"[^>]*></span>)?{}</span>(.?)',
}
"""How each format marks a player's name (bold; a swatch of his colour before it), with the
characters either side."""


@pytest.fixture
def example() -> Script:
    return Script("thunderbolt")


@pytest.fixture
def shell(tmp_path, monkeypatch) -> Shell:
    monkeypatch.setenv("COLUMNS", "300")
    return Shell(tmp_path / "campaigns.sqlite")


def game_turn_one_with_hannos_march(shell: Shell, example: Script) -> None:
    """The example's Game Turn 1, Hanno's Army marching into Lucania before its G4, and the
    Game Turn ended (both sides' G4, then the next turn's A2: its dice revealed)."""
    players = example.step("new")
    assert players[players.index("--rome") + 1] == FABIUS.name  # named as the leaders are
    assert players[players.index("--carthage") + 1] == HANNO.name
    shell.play(example.through("done G3 --side carthage"))
    shell.ok("march", HANNO.name, "--to", "Lucania")
    ended = example.index("done A2 --side carthage", 2) + 1
    shell.play(example.steps[example.index("done G3 --side carthage") + 1 : ended])


def marks(text: str, output_format: str, name: str) -> list[tuple[str, str]]:
    """Each place `text` marks `name` as a player's: the characters either side of it."""
    return re.findall(MARK[output_format].replace("{}", re.escape(name)), text)


def test_50_a_history_tells_the_leader_hanno_as_its_report_does(shell, example):
    """Issue #50: the Game Turn's line of Hanno's march names the leader Hanno (his number from
    the set-up); in every format of the history that line is as the report tells it, and no
    line marks Hanno or Fabius, whom no line of a Game Turn names as a player."""
    game_turn_one_with_hannos_march(shell, example)
    report = shell.json("report", "--round", "1")
    (happened,) = [s for s in report["sections"] if s["heading"].startswith("What happened")]
    march = [line for line in happened["items"] if f"{HANNO.name} {HANNO.number}" in line]
    assert march, happened["items"]
    history = shell.json("history")
    (turn,) = [s for s in history["sections"] if s["heading"] == "Game Turn 1"]
    assert march[0] in turn["items"]
    for output_format in ("markdown", "bbcode", "html"):
        shown = shell.ok("history", "--format", output_format).stdout
        assert f"{HANNO.name} {HANNO.number}" in shown
        assert marks(shown, output_format, HANNO.name) == [], output_format
        assert marks(shown, output_format, FABIUS.name) == [], output_format


def test_50_a_players_own_history_keeps_what_his_report_keeps_whole(shell, example):
    """Issue #50: `history --for Hanno` kept of the Game Turn only the lines naming the leader
    Hanno. A player's own report keeps what happened whole (no line of it names a player, only
    the sides and their leaders), and so does his history: every line of the turn's report
    that the history tells is in each player's own history."""
    game_turn_one_with_hannos_march(shell, example)
    history = shell.json("history")
    (turn,) = [s for s in history["sections"] if s["heading"] == "Game Turn 1"]
    naming_hanno = [line for line in turn["items"] if re.search(rf"\b{HANNO.name}\b", line)]
    assert len(naming_hanno) < len(turn["items"])  # Hannibal's march, Rome's siege of Arpi …
    for player in (HANNO.name, FABIUS.name):
        own = shell.json("history", "--for", player)
        (mine,) = [s for s in own["sections"] if s["heading"] == "Game Turn 1"]
        assert mine["items"] == turn["items"], player


@pytest.mark.clock("2026-12-01T12:00Z")
def test_50_the_deadline_marks_a_player_where_he_is_named_as_his_sides(shell):
    """Issue #50: Rome's player is named as the leader Pulcher, one of the magistrates in office
    as the set-up opens. At B1a Rome must prorogue or release each of them (TB-7.2), so the
    deadline's line names Pulcher twice: as Rome's player, `Rome (Pulcher)`, marked in every
    format; as the magistrate, `Pulcher #417` (his number from the set-up), told as written."""
    pulcher = next(who for who in LEADERS.values() if who.name == "Pulcher")
    shell.ok("new", "Punic", "--rules", "thunderbolt", "--rome", "Pulcher", "--carthage", "Hanno")
    shell.ok("done", "A2", "--side", "rome")
    shell.ok("done", "A2", "--side", "carthage")
    shell.ok("deadline", "set", "2027-01-01T00:00Z")
    leader = f"{pulcher.name} #{pulcher.number}"
    for output_format in ("markdown", "bbcode", "html"):
        shown = shell.ok("report", "--round", "1", "--format", output_format).stdout
        (line,) = [x for x in shown.splitlines() if leader in x and "2027" in x]
        assert "B1a" in line and "Rome (" in line
        assert marks(line, output_format, pulcher.name) == [("(", ")")], output_format
