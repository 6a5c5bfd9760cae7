"""TB-20 Victory Determination (G4), the rulebook's Sequence of Play: "If this is the last Game
Turn of the scenario the players consult the Victory section to see who has won, otherwise the
players consult that same section to see if either player has achieved an automatic victory."
The tracker keeps the result as entered (the conditions are the scenario's): an automatic victory
in any Game Turn's G4, a side's (TB-20.1); the last Game Turn's result, a side's or a draw, which
its G4 cannot be finished without (TB-20.2); the game over with it (TB-20.3); entered by the
organiser or an arbiter, never by a side's player (TB-20.4)."""

from __future__ import annotations

from helpers.thunderbolt.start import NEW, into_b2
from helpers.thunderbolt.victory import ONE_TURN, to_g4

from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import audit


def test_tb_20_1_an_automatic_victory_ends_the_game_in_a_game_turn_before_the_last(shell):
    to_g4(shell)
    assert shell.json("status")["steps"] == ["G4"]
    assert shell.refuses("winner", "rome", "--reason", "Capua held").endswith("(TB-20.1).")
    draw = shell.refuses("winner", "draw", "--automatic", "--reason", "both exhausted")
    assert draw.endswith("(TB-20.1).")
    assert "--reason" in shell.refuses("winner", "rome", "--automatic")
    assert "did you mean" in shell.refuses("winner", "romans", "--automatic", "--reason", "x")
    shell.ok("winner", "rome", "--automatic", "--reason", "Hannibal's Army eliminated")
    status = shell.json("status")
    assert status["over"] is True and status["steps"] == []
    won = status["victory"]
    assert (won["winner"], won["automatic"], won["turn"], won["year"]) == ("rome", True, 1, 212)
    assert won["reason"] == "Hannibal's Army eliminated"
    assert "1" in status["revealed"]  # TB-16.2: the Game Turn's secret, in the same append
    assert shell.refuses("done", "G4", "--side", "rome").endswith("(TB-3.5).")
    assert "Rome won" in shell.ok("status").stdout and "TB-20" in shell.ok("status").stdout
    report = shell.json("report", "--round", "1")
    assert report["sections"][0]["heading"] == "Victory Determination (TB-20)"
    assert "Hannibal's Army eliminated" in report["sections"][0]["items"][0]
    loaded = Campaigns(str(shell.db)).load("Punic")
    assert audit(loaded.kind, loaded.events).events == len(loaded.events)


def test_tb_20_1_a_victory_is_determined_in_g4_alone(shell):
    shell.ok(*NEW)
    into_b2(shell)
    refusal = shell.refuses("winner", "carthage", "--automatic", "--reason", "Rome taken")
    assert refusal.endswith("(TB-3.2).") and "G4" in refusal


def test_tb_20_2_the_last_game_turn_ends_with_its_result_a_draw_where_the_scenario_has_one(
    shell, tmp_path
):
    (tmp_path / "one.toml").write_text(ONE_TURN)
    to_g4(shell, "--setup", str(tmp_path / "one.toml"))
    assert "winner rome|carthage|draw" in shell.json("status")["pending"]
    refusal = shell.refuses("done", "G4", "--side", "rome")
    assert refusal.endswith("(TB-20.2).") and "winner" in refusal
    shell.ok("winner", "draw", "--level", "Marginal", "--reason", "neither side's conditions met")
    won = shell.json("status")["victory"]
    assert (won["winner"], won["automatic"], won["level"]) == ("draw", False, "Marginal")
    assert shell.json("status")["over"] is True
    assert "a draw (Marginal" in shell.json("status")["pending"]
    assert shell.ok("verify").exit_code == 0


def test_tb_20_4_the_result_is_the_organisers_or_an_arbiters_to_enter(shell):
    to_g4(shell)
    refusal = shell.refuses(
        "--actor", "Fabius", "winner", "rome", "--automatic", "--reason", "I say so"
    )
    assert refusal.endswith("(TB-20.4).") and "Fabius plays Rome" in refusal
    shell.ok("--actor", "Cato", "winner", "rome", "--automatic", "--reason", "the arbiter rules")
    assert shell.json("log")[-2]["actor"] == "Cato"


def test_tb_20_3_under_committed_dice_the_result_stands_with_its_turns_secret(shell):
    to_g4(shell)
    shell.ok("winner", "carthage", "--automatic", "--reason", "Rome besieged and taken")
    assert "(TB-16.6)" in shell.refuses("undo", "--reason", "a slip")


def test_tb_20_3_an_undone_result_reopens_g4_and_a_fork_keeps_it(shell, tmp_path):
    to_g4(shell, "--dice", "external")
    shell.ok("winner", "carthage", "--automatic", "--reason", "Rome besieged and taken")
    shell.ok("undo", "--reason", "entered in the wrong campaign")
    status = shell.json("status")
    assert (status["over"], status["victory"], status["steps"]) == (False, None, ["G4"])
    shell.ok("redo", "--reason", "it was this one after all")
    assert shell.json("status")["victory"]["winner"] == "carthage"
    decided = next(e["seq"] for e in shell.json("log") if e["type"] == "VictoryDetermined")
    before = shell.json("status", "--as-of", str(decided - 1))
    assert before["victory"] is None and before["steps"] == ["G4"]
    shell.ok("fork", "Punic again", "--as-of", str(decided))  # the fork decides it all again
    assert shell.json("status", "-c", "Punic again")["victory"]["winner"] == "carthage"
    shell.ok("export", "-c", "Punic", "-o", str(tmp_path / "punic.jsonl"))
    other = type(shell)(tmp_path / "other.sqlite")
    other.ok("import", str(tmp_path / "punic.jsonl"))
    assert other.json("status", "-c", "Punic")["victory"]["reason"] == "Rome besieged and taken"
