"""Thunderbolt's Sequence of Play as a state machine (TB-3, TB-4.4, TB-1.1): steps in order, B1
and B2 side by side, "done" by each acting side, the Initiative draw's branches, a new Game Turn
after G4, the end of the game."""

from __future__ import annotations

import pytest

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import sequence
from campaign.kinds.thunderbolt.board.sequence import CARTHAGE, ROME, Game

GAME = Game(turns=2)


def both(position, step, game=GAME):
    for side in position.waiting_for(step):
        position = sequence.done(position, step, side, game)
    return position


def refused(call, *args) -> str:
    with pytest.raises(RuleViolation) as refusal:
        call(*args)
    return refusal.value.rule


def through_b(position, game=GAME):
    for step in sequence.B1 + sequence.B2:
        if step in position.open:
            position = both(position, step, game)
    while set(position.open) & set(sequence.B1 + sequence.B2):
        for step in position.open:
            position = both(position, step, game)
    return position


def test_tb_3_1_a1_is_passed_and_a2_waits_for_both_sides():
    position = sequence.start(GAME)
    assert position.open == ("A2",) and position.waiting_for("A2") == (ROME, CARTHAGE)


def test_tb_3_3_b1_and_b2_run_side_by_side_each_in_its_order():
    position = both(sequence.start(GAME), "A2")
    assert position.open == ("B1a", "B2a")
    position = sequence.done(position, "B2a", CARTHAGE, GAME)  # before Rome's first prorogue
    assert position.open == ("B1a", "B2b")
    assert refused(sequence.check_done, position, "B1b", ROME) == "TB-3.2"


def test_tb_19_1_a_legion_request_waits_until_b1c_and_b2e_are_done():
    position = both(sequence.start(GAME), "A2")
    for step in sequence.B1:
        position = both(position, step)
    assert "B3b" not in position.open
    assert refused(sequence.check_done, position, "B3b", ROME) == "TB-3.2"
    for step in sequence.B2:
        position = both(position, step)
    assert position.open == ("B3a",)


def test_tb_3_4_a_step_ends_when_each_acting_side_has_finished_it():
    position = both(sequence.start(GAME), "A2")
    assert refused(sequence.check_done, position, "B1a", CARTHAGE) == "TB-3.4"
    position = through_b(position)
    position = both(position, "B3a")
    position = sequence.done(position, "B3b", ROME, GAME)
    assert position.open == ("B3b",) and position.waiting_for("B3b") == (CARTHAGE,)
    assert refused(sequence.check_done, position, "B3b", ROME) == "TB-3.4"
    position = sequence.done(position, "B3b", CARTHAGE, GAME)
    assert position.open == ("C2",)  # B4a–c and C1 pass: the program marks them done


def test_tb_4_4_the_initiative_draw_opens_operations_or_the_augury_then_back_to_c2():
    position = both(both(through_b(both(sequence.start(GAME), "A2")), "B3a"), "B3b")
    position = sequence.initiative(position, "leader", GAME)
    assert position.open == ("D",)
    position = both(position, "D")
    assert position.open == ("C2",)
    position = both(sequence.initiative(position, "augury", GAME), "E")
    assert position.open == ("C2",)
    position = sequence.initiative(position, "empty", GAME)
    assert position.open == ("F2",)  # F1 passes


def test_tb_3_5_after_g4_the_next_game_turn_then_the_end():
    position = sequence.start(GAME)
    for turn in (1, 2):
        assert position.turn == turn
        position = both(both(through_b(both(position, "A2")), "B3a"), "B3b")
        position = sequence.initiative(position, "empty", GAME)
        for step in ("F2", "G1", "G2", "G3", "G4"):
            position = both(position, step)
    assert position.over
    assert refused(sequence.check_done, position, "A2", ROME) == "TB-3.5"


def test_tb_1_1_without_romans_b1_is_skipped():
    game = Game(turns=1, romans=False)
    position = both(sequence.start(game), "A2", game)
    assert position.open == ("B2a",)


def test_tb_3_4_an_organiser_closes_a_step():
    position = sequence.close(sequence.start(GAME), "A2", GAME)
    assert position.open == ("B1a", "B2a")
    assert refused(sequence.check_open, position, "G4") == "TB-3.2"
    assert refused(sequence.check_open, position, "Z9") == "TB-3.1"
