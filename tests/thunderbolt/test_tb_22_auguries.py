"""TB-22 The Augury Phase (the rulebook's E and 12.0): "If the player has drawn the Augury
marker, he rolls on the Augury Table and the players follow the instructions contained therein."
The roll is made at the table (TB-16.6): its total and the event the scenario's table gave are
entered, once an Augury Phase, before either side's "done" (TB-22.1); a roll of 0 to 18
(TB-22.2); what the event brings about is entered with the commands of what it is."""

from __future__ import annotations

from helpers.thunderbolt.senate import to_operations


def test_tb_22_1_the_augury_is_entered_once_before_the_phase_is_done(shell):
    to_operations(shell, draw=("initiative", "augury"))
    assert shell.json("status")["steps"] == ["E"]
    assert shell.refuses("done", "E", "--side", "rome").endswith("(TB-22.1).")
    assert "--event" in shell.refuses("augury", "--roll", "7")
    assert shell.refuses("augury", "--roll", "19", "--event", "x").endswith("(TB-22.2).")
    shell.ok("augury", "--roll", "7", "--event", "Celtic tribes revolt: the Boii In Revolt")
    assert shell.refuses("augury", "--roll", "3", "--event", "again").endswith("(TB-22.1).")
    assert shell.json("status")["auguries"] == [
        {"turn": 1, "roll": 7, "event": "Celtic tribes revolt: the Boii In Revolt"}
    ]
    for side in ("rome", "carthage"):
        shell.ok("done", "E", "--side", side)
    report = shell.json("report", "--round", "1")
    told = next(s for s in report["sections"] if s["heading"] == "What happened")["items"]
    assert any("Augury, rolled 7 at the table: Celtic tribes revolt" in line for line in told)
    shell.ok("initiative", "augury")  # a second Augury Phase rolls anew
    shell.ok("augury", "--event", "an omen without effect")  # its total left out
    assert shell.json("status")["auguries"][-1]["roll"] is None
    shell.ok("verify")


def test_tb_22_1_an_augury_belongs_to_the_augury_phase(shell):
    to_operations(shell)  # a leader's LAM: Operations, not an Augury Phase
    assert shell.refuses("augury", "--event", "a comet").endswith("(TB-3.2).")


def test_tb_22_1_either_side_enters_it_and_an_undo_takes_it_back(shell):
    to_operations(shell, draw=("initiative", "augury"))
    shell.ok("--actor", "Hanno", "augury", "--roll", "4", "--event", "Macedon stirs")
    assert shell.json("log")[-1]["actor"] == "Hanno"
    shell.ok("undo", "--reason", "the roll was for the next phase")
    assert shell.json("status")["auguries"] == []
    shell.ok("--actor", "Fabius", "augury", "--roll", "11", "--event", "Rome rejoices")
    assert shell.json("status")["auguries"][0]["roll"] == 11
