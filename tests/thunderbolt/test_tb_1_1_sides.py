"""TB-1.1: two sides, one player each — each player enters his own side's decisions; the
organiser (and an arbiter) enters anyone's. The Carthage player entered Rome's prorogues and
elections, and finished Rome's steps, before (#28; Hadrian's Wall refuses the like, HW-2.3)."""

from __future__ import annotations

from helpers.thunderbolt.start import NEW, into_b2


def test_tb_1_1_a_player_enters_his_own_sides_decisions_only(shell):
    shell.ok(*NEW)
    refused = shell.refuses("--actor", "Hanno", "done", "A2", "--side", "rome")
    assert "(TB-1.1)" in refused and "Rome's decisions are entered by Fabius" in refused
    shell.ok("--actor", "Fabius", "done", "A2", "--side", "rome")
    shell.ok("--actor", "hanno", "done", "A2", "--side", "carthage")  # names as typed, any case
    refused = shell.refuses("--actor", "Hanno", "prorogue", "Gracchus", "--province", "Lucania")
    assert "Hanno plays Carthage" in refused and "(TB-1.1)" in refused
    refused = shell.refuses("--actor", "hANNO", "release", "Pulcher")
    assert "Hanno plays Carthage" in refused  # the player as the campaign names him
    refused = shell.refuses("--actor", "Fabius", "family")
    assert "Carthage's decisions are entered by Hanno" in refused
    shell.ok("--actor", "Hanno", "family")
    shell.ok(
        "--actor", "Fabius", "prorogue", "Gracchus", "--as", "Proconsul", "--province", "Lucania"
    )
    log = shell.json("log")
    assert [e["actor"] for e in log[-3:]] == ["hanno", "Hanno", "Fabius"]  # as typed


def test_tb_1_1_the_organiser_and_an_arbiter_enter_either_sides(shell):
    shell.ok(*NEW)
    into_b2(shell)  # the organiser, as the command line records by default
    shell.ok("--actor", "Umpire", "family")
    shell.ok(
        "--actor", "Umpire", "prorogue", "Gracchus", "--as", "Proconsul", "--province", "Lucania"
    )
    shell.ok("verify")
