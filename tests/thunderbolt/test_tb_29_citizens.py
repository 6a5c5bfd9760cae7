"""TB-29 Carthage's Citizens in play (the rulebook's 7.31: "There may never be more than 50 SP of
Carthaginian (the contingent) infantry and/or cavalry (not Elephants) in play at any one time"),
as docs/thunderbolt-beyond-tb19.md restates it: the count at the start from the set-up file
(TB-29.1); SP drawn from the Carthaginian Holding Box never bring it over 50 (TB-29.2); the
Citizens among an Army's losses, entered, and those put back in the box leave play (TB-29.3)."""

from __future__ import annotations

from helpers.thunderbolt.manpower import at_b3b
from helpers.thunderbolt.start import EXAMPLE

from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import audit

COUNTED = (
    EXAMPLE.replace("\n[start]\n", "\n[start]\ncitizens = 40\n")
    + "\n[start.manpower]\nCarthaginian = 20\nLibyan = 30\n"
)
"""The example with 40 SP of Citizens in play at the start and two Holding Boxes (invented)."""


def in_play(shell) -> int | None:
    return shell.json("status")["citizens_in_play"]


def test_tb_29_1_the_citizens_in_play_come_from_the_set_up_file(shell, tmp_path):
    at_b3b(shell, tmp_path, COUNTED)
    assert in_play(shell) == 40
    assert "Carthaginian Citizens in play (TB-29): 40 of 50 SP" in shell.ok("status").stdout
    from helpers.thunderbolt.start import NEW

    (tmp_path / "over.toml").write_text(COUNTED.replace("citizens = 40", "citizens = 51"))
    result = shell(*NEW[:1], "Other", *NEW[2:], "--setup", str(tmp_path / "over.toml"))
    assert result.exit_code != 0 and "[start] citizens is the SP of Citizens" in result.output


def test_tb_29_1_a_scenario_that_does_not_count_them_draws_as_before(shell, tmp_path):
    at_b3b(shell, tmp_path, COUNTED.replace("citizens = 40\n", ""))
    assert in_play(shell) is None
    shell.ok("reinforce", "hispania", "--sp", "20", "--from", "Carthaginian=20")
    refusal = shell.refuses("losses", "hispania", "--sp", "4", "--citizens", "2", "--cause", "x")
    assert refusal.endswith("(TB-29.3).") and "does not count" in refusal


def test_tb_29_2_no_draw_brings_the_citizens_in_play_over_50(shell, tmp_path):
    at_b3b(shell, tmp_path, COUNTED)
    before = len(shell.json("log"))
    refusal = shell.refuses("reinforce", "hispania", "--sp", "12", "--from", "Carthaginian=12")
    assert refusal.endswith("(TB-29.2).") and "40 are, so 10 more at most, not 12" in refusal
    assert len(shell.json("log")) == before
    shell.ok("reinforce", "hispania", "--sp", "12", "--from", "Carthaginian=10", "--from",
             "Libyan=2")  # fmt: skip
    assert in_play(shell) == 50
    assert shell.json("status")["manpower"] == {"Carthaginian": 10, "Libyan": 28}


def test_tb_29_3_citizens_lost_or_sent_home_leave_play_and_the_log_verifies(shell, tmp_path):
    at_b3b(shell, tmp_path, COUNTED)
    shell.ok("reinforce", "hispania", "--sp", "10", "--from", "Carthaginian=10")
    too_many = shell.refuses("losses", "hispania", "--sp", "3", "--citizens", "4", "--cause", "x")
    assert too_many.endswith("(TB-29.3).") and "1 to 3 SP" in too_many
    told = shell.ok("losses", "hispania", "--sp", "6", "--citizens", "4", "--cause", "a battle")
    assert "4 SP of them Carthaginian Citizens (TB-29.3)" in told.stdout
    assert [e["type"] for e in shell.json("log")[-2:]] == ["ArmyLost", "CitizensLost"]
    assert in_play(shell) == 46
    shell.ok("manpower-return", "Carthaginian", "--sp", "3", "--reason", "6.33: a disbanded Army")
    assert in_play(shell) == 43
    shell.ok("reinforce", "hispania", "--sp", "7", "--from", "Carthaginian=7")
    assert in_play(shell) == 50
    shell.ok("undo", "--reason", "entered twice")
    assert in_play(shell) == 43
    loaded = Campaigns(str(shell.db)).load("Punic")
    assert audit(loaded.kind, loaded.events).events == len(loaded.events)


def test_tb_29_a_bad_count_is_refused_in_one_sentence_and_never_echoed_raw(shell, tmp_path):
    at_b3b(shell, tmp_path, COUNTED)
    refusal = shell.refuses("losses", "hispania", "--sp", "4", "--citizens=-2", "--cause", "x")
    assert refusal.endswith("(TB-29.3).") and "not -2" in refusal
    from helpers.thunderbolt.start import NEW

    hostile = COUNTED.replace("citizens = 40", 'citizens = "\\u001b]0;pwned\\u0007"')
    (tmp_path / "hostile.toml").write_text(hostile)
    result = shell(*NEW[:1], "Other", *NEW[2:], "--setup", str(tmp_path / "hostile.toml"))
    assert result.exit_code != 0 and "[start] citizens" in result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
