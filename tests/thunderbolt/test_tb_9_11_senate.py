"""Thunderbolt's Emergencies (TB-9), Senate, Censure and Triumph (TB-10) and Legions'
discipline (TB-11), with the rules page's examples and TB-19.5 and TB-19.6."""

from __future__ import annotations

import pytest

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import politics as senate
from campaign.kinds.thunderbolt.board.politics import MAJOR, MINOR, NONE, Defeat, Facts, Legion


def test_tb_9_2_two_major_defeats_make_a_major_emergency_only_in_one_game_turn():
    """The page's example: Major defeats with CAs in 212 and in 211 BCE: no Major Emergency from
    battles; two in 212: a Major one at 211's elections."""
    spread = [Defeat(1, True, 0.2), Defeat(2, True, 0.2)]
    assert senate.emergency(2, spread, Facts())[0] != MAJOR
    together = [Defeat(1, True, 0.2), Defeat(1, True, 0.1)]
    level, reasons = senate.emergency(2, together, Facts())
    assert level == MAJOR and "two Major defeats with a CA engaged in Game Turn 1" in reasons


def test_tb_9_1_a_ca_losing_30_percent_in_a_major_defeat_is_a_minor_emergency():
    assert senate.emergency(1, [Defeat(1, True, 0.30)], Facts())[0] == MINOR
    assert senate.emergency(1, [Defeat(1, True, 0.29)], Facts())[0] == NONE
    assert senate.emergency(1, [Defeat(1, False, 0.50)], Facts())[0] == NONE


def test_tb_9_2_a_battle_counts_in_its_turn_and_the_next_unless_a_dictator_came_after_it():
    assert senate.emergency(2, [Defeat(1, True, 0.4)], Facts())[0] == MINOR
    assert senate.emergency(3, [Defeat(1, True, 0.4)], Facts())[0] == NONE
    assert senate.emergency(2, [Defeat(1, True, 0.4, dictator_after=True)], Facts())[0] == NONE


def test_tb_9_1_occupied_cities_and_a_besieged_roma():
    assert senate.emergency(1, [], Facts(occupied_cities=2))[0] == MINOR
    assert senate.emergency(1, [], Facts(city_near_roma=True))[0] == MAJOR
    assert senate.emergency(1, [], Facts(roma_besieged=True))[0] == MAJOR


def test_tb_10_1_and_10_5_the_senate_and_the_dictator_in_rome():
    """Proconsul C. Pulcher #417 (Campaign 6) asks leave; entered DRMs +3, die 6: 9, denied; with a
    Dictator of Initiative 3 in Rome the roll would have been 6: granted."""
    assert senate.senate(6, [3], 6, 0, 1) == (False, 9)
    assert senate.senate(6, [3], 6, 0, 1, dictator_initiative=3) == (True, 6)
    assert senate.senate(6, [3], 6, 1, 1) == (False, 8)  # a Guile Point spent: −1
    with pytest.raises(RuleViolation) as refusal:
        senate.senate(6, [3], 6, 2, 1)
    assert refusal.value.rule == "TB-10.5"


def test_tb_10_6_censure_above_the_campaign_rating():
    """He goes by Hot Pursuit and rolls Censure when Finished: die 7, −1 entered: 6, not above 6:
    he stays."""
    assert senate.censured(7, [-1], 6) == (False, 6)
    assert senate.censured(7, [0], 6) == (True, 7)


def test_tb_19_5_a_triumph_without_a_roll():
    """Consul X wins a battle (enemy infantry present, 12 SP inflicted) and enters Rome with 10 %
    losses: a Triumph without a Senate roll."""
    assert senate.triumph_earned(True, True, 12)
    assert not senate.triumph_needs_senate(0.10)
    assert senate.triumph_needs_senate(0.15)
    assert not senate.triumph_earned(True, False, 12) and not senate.triumph_earned(True, True, 9)


def test_tb_11_2_and_11_9_a_new_legion_and_its_training():
    legion = senate.new_legion("XX")
    assert (legion.discipline, legion.citizen_infantry, legion.citizen_cavalry) == ("Recruit", 9, 1)
    assert (legion.ala_infantry, legion.ala_cavalry) == (9, 3)
    assert senate.trained(7) and not senate.trained(6)


def test_tb_19_6_a_major_defeat_demotes_the_weak_veterans_or_one_of_the_players_choice():
    at_4_and_7 = [
        Legion("V", "Veteran", citizen_infantry=4),
        Legion("VI", "Veteran", citizen_infantry=7),
    ]
    assert senate.after_battle(at_4_and_7, False, True, {}) == {"demoted": ["V"]}
    at_7_and_8 = [
        Legion("V", "Veteran", citizen_infantry=7),
        Legion("VI", "Veteran", citizen_infantry=8),
    ]
    assert senate.after_battle(at_7_and_8, False, True, {}) == {"choose_one": ["V", "VI"]}


def test_tb_11_10_promotions_after_a_victory_and_demotion_after_a_defeat():
    legions = [Legion("V"), Legion("VI", "Veteran"), Legion("M", kind="Marine")]
    assert senate.after_battle(legions, True, True, {}) == {"may_promote": ["V"], "how_many": ["2"]}
    assert senate.after_battle(legions, None, False, {}) == {}
    two = [Legion("V", "Veteran"), Legion("VI", "Veteran")]
    assert senate.after_battle(two, False, False, {"V": 3, "VI": 5}) == {"demoted": ["VI"]}
    assert senate.after_battle(two, False, False, {"V": 5, "VI": 5}) == {"choose_one": ["V", "VI"]}
