"""Issue #50, Thunderbolt, second pass: what the players read, read as they read it on the command
line (the echo of a command, `campaign log`, `campaign report` and `report --for`, the dashboard)
on a real SQLite file. Each expectation comes from the inputs (the players named at `new`, the
example set-up file, the commands typed) and the rules page's terms (TB-1.1 the sides, TB-3.1
the steps, TB-4.4 the draw, TB-15.2 a devastation), never from the program's output."""

from __future__ import annotations

import re

import pytest
from helpers.shell import Script, Shell
from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2, through_b

from campaign.kinds.thunderbolt.board import setup

ROME, CARTHAGE = NEW[NEW.index("--rome") + 1], NEW[NEW.index("--carthage") + 1]
SIDES = {"rome": "Rome", "carthage": "Carthage"}
"""TB-1.1: the two sides, as the rules page names them."""


@pytest.fixture
def shell(tmp_path, monkeypatch) -> Shell:
    """A real SQLite file; the terminal wide enough that no line the program says is wrapped."""
    monkeypatch.setenv("COLUMNS", "300")
    return Shell(tmp_path / "campaigns.sqlite")


@pytest.fixture
def example() -> Script:
    return Script("thunderbolt")


def first_game_turn(shell: Shell, example: Script) -> None:
    """The example campaign (examples/thunderbolt.campaign) through Game Turn 1: its B2 with
    Hispania's commander drawn, Hannibal's march, siege and Diplomacy, Rome's siege of Arpi, a
    tribe's dealings, a devastation, Watchful Presence."""
    shell.play(example.through("done G4 --side carthage"))


def items(report: dict, *, but: tuple[str, ...] = ("Audit", "Checkpoint")) -> list[str]:
    """Every line of a report's sections (`report --json`), the audit's left out."""
    return [i for s in report["sections"] if s["heading"] not in but for i in s.get("items", [])]


# report --for: a player's own report keeps his side's lines --------------------------------------


def test_50_tb_1_1_a_players_own_report_keeps_every_line_about_his_sides_leaders(shell, example):
    """TB-1.1: Fabius plays Rome, Hanno Carthage. The Game Turn's report names the sides, their
    leaders and Armies, never a player; `report --for` kept only the lines naming the player, so
    `--for Hanno` kept of what happened the lines of the leader who shares his name, and dropped
    those of Hannibal, Hispania's commander and the tribes Carthage deals with. Every line that
    names a leader of a player's side (the set-up's leaders, by side) is in his own report."""
    first_game_turn(shell, example)
    leaders = setup.load(EXAMPLE).leaders.values()
    whole = items(shell.json("report", "--round", "1"))
    for player, side in ((CARTHAGE, "carthage"), (ROME, "rome")):
        names = [who.name for who in leaders if who.side == side]
        naming = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
        his = [line for line in whole if naming.search(line)]
        assert his, side  # the turn told something of each side's leaders
        own = items(shell.json("report", "--round", "1", "--for", player))
        missing = [line for line in his if line not in own]
        assert not missing, (player, missing)


# TB-15.2: sides and provinces as the rules page and the set-up name them -------------------------


KEYS = re.compile(r"(?<![-\w])(campania|carthage|rome)(?![-\w])")
"""A side or a province written as its key, in lower case (a setting's name, such as
`rome-dictator-oc`, is a key of its own)."""


def narrated(text: str) -> list[str]:
    """What a command or a report says, without the commands it suggests (a `Next:` line, the
    hints in parentheses name keys as they are typed: `--by SIDE`, `done F2 --side rome`)."""
    return [
        re.sub(r"\([^()]*--[^()]*\)", "", line)
        for line in text.splitlines()
        if not line.startswith(("Next:", "$"))
    ]


def test_50_tb_15_2_a_devastation_typed_in_keys_is_told_in_names_everywhere(shell, example):
    """`devastate campania --by carthage`, typed in the set-up's keys: the echo, the log, the
    Game Turn's report (its Italian Allies' line of the devastation) and the history say
    Carthage and Campania as the rules page and the set-up write them, and no line of the report
    begins in lower case (#50: "devastated by Carthage: Campania …")."""
    province = setup.load(EXAMPLE).provinces["campania"].name
    typed = example.step("devastate campania --by carthage")
    shell.play(example.steps[: example.index("devastate campania --by carthage")])
    echo = "\n".join(narrated(shell.ok(*typed).stdout))
    assert f"{SIDES['carthage']} devastates {province}" in echo
    assert not KEYS.search(echo), echo
    shell.play(example.between("devastate campania --by carthage", "done G4 --side carthage"))
    report = shell.json("report", "--round", "1")
    (allies,) = [s["items"] for s in report["sections"] if s["heading"].startswith("Italian")]
    devastated = [line for line in allies if "devastated" in line]
    assert devastated and all(
        f"by {SIDES['carthage']}" in line and province in line for line in devastated
    )
    lines = items(report)
    assert not [line for line in lines if line[:1].islower()], lines
    for text in (
        shell.ok("report", "--round", "1").stdout,
        shell.ok("history").stdout,
        shell.ok("log").stdout,
    ):
        said = "\n".join(narrated(text))
        assert not KEYS.search(said), [line for line in said.splitlines() if KEYS.search(line)]


def test_50_tb_1_4_a_province_not_found_is_answered_with_the_names_the_set_up_writes(shell):
    """A province mistyped: the refusal suggests it as the set-up names it (Campania), not by its
    key (campania)."""
    province = setup.load(EXAMPLE).provinces["campania"].name
    shell.ok(*NEW)
    refused = shell.refuses("march", "Hannibal", "--to", "campanai")
    assert f"did you mean {province}?" in refused


# TB-3.1: B2a once the Family in Power is rolled --------------------------------------------------


def test_50_tb_3_4_the_echo_of_family_asks_b2a_only_for_done(shell, example):
    """Already so since 0cedb4c, held here where the organiser reads it first, the echo of
    `family` itself: the roll is entered, so B2a (the Family in Power, TB-3.1) waits for
    Carthage's done alone — no `family --drm` any more — with the side and its player named."""
    shell.play(example.through("done A2 --side carthage"))
    said = shell.ok(*example.step("family")).stdout
    (following,) = [line for line in said.splitlines() if line.startswith("Next:")]
    (b2a,) = [part for part in following.split("; ") if "B2a (Family in Power)" in part]
    assert "family" not in b2a.split("B2a (Family in Power)", 1)[1]
    assert f"{SIDES['carthage']} ({CARTHAGE}) must enter done (done B2a)" in b2a


# TB-4.4: each draw says how many markers it was drawn from ---------------------------------------


def test_50_tb_4_4_every_draw_counts_its_markers_in_words(shell):
    """Committed dice: the program draws from the cup until no LAM is left (TB-4.4, TB-4.6). Each
    draw's line in the log says how many markers it was drawn from — the draw's candidates as
    the log records them — "1 marker", "N markers" (#50: "drawn from 1 markers")."""
    shell.ok(*NEW)
    into_b2(shell)
    through_b(shell)
    shell.ok("initiative")
    while "D" in shell.json("status")["steps"]:
        shell.ok("finished")
    drawn = {
        e["seq"]: len(e["data"]["candidates"])
        for e in shell.json("log")
        if e["type"] == "MarkerDrawn" and e["data"]["marker"]
    }
    assert drawn
    rows = {
        int(cells[1]): cells[5].strip()
        for cells in (line.split("│") for line in shell.ok("log").stdout.splitlines())
        if len(cells) > 5 and cells[1].strip().isdigit()
    }
    for seq, count in drawn.items():
        words = f"{count} marker" + ("" if count == 1 else "s")
        assert f"drawn from {words}, " in rows[seq], rows[seq]
