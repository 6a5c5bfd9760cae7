"""BC-3 Rounds and attack order; BC-4 Declaring attacks.

The small test map: Aber ~ Bryn - Caer - Dun ~ Eske, with Fenn bordering
Caer and Eske; Aber, Dun and Eske are coastal. Ann holds Aber and Dun, Bob
Bryn and Eske, Cid Caer and Fenn, so Cid attacks first, then Bob, then Ann.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from campaign.kinds.boiling_cauldron import interpretations
from campaign.kinds.boiling_cauldron.commands import attack, forfeit, result
from tests.conftest import given

ROUND_ONE = {
    "Aber": "Ann",
    "Bryn": "Bob",
    "Caer": "Cid",
    "Dun": "Ann",
    "Eske": "Bob",
    "Fenn": "Cid",
}


@pytest.fixture
def story():
    return given(ROUND_ONE)


def test_bc_4_1_the_player_on_turn_declares_an_attack(story):
    assert story.when(attack, "Caer", "Bryn") == [
        (
            "AttackDeclared",
            {
                "round": 1,
                "attacker": "Cid",
                "from_region": "Caer",
                "to_region": "Bryn",
                "defender": "Bob",
            },
        )
    ]
    assert story.state.on_turn == "Bob"


def test_bc_2_3_a_player_not_on_turn_cannot_attack(story):
    assert story.refused(attack, "Aber", "Bryn", "Ann") == "BC-2.3"


def test_bc_4_1_an_attack_from_a_region_he_does_not_control_is_refused(story):
    assert story.refused(attack, "Aber", "Bryn") == "BC-4.1"


def test_bc_4_1_an_attack_on_his_own_region_is_refused(story):
    assert story.refused(attack, "Caer", "Fenn") == "BC-4.1"


def test_bc_4_1_an_attack_on_a_region_that_is_not_adjacent_is_refused(story):
    """Fenn is inland and borders only Caer and Eske."""
    assert story.refused(attack, "Fenn", "Aber") == "BC-4.1"


def test_bc_4_1_a_region_already_involved_in_an_attack_cannot_attack_or_be_attacked(story):
    story.when(attack, "Caer", "Bryn")
    assert story.refused(attack, "Bryn", "Aber") == "BC-4.1"
    assert story.refused(attack, "Eske", "Caer") == "BC-4.1"


def test_bc_4_2_a_player_can_be_attacked_only_once_a_round():
    """Four players: Bob attacks Ann at Eske and Ann's attack is forfeited; Dag may not attack Ann
    at Aber too."""
    story = given(
        {"Aber": "Ann", "Bryn": "Bob", "Caer": "Cid", "Dun": "Dag", "Eske": "Ann", "Fenn": "Bob"}
    )
    assert story.state.attack_order == ("Bob", "Ann", "Dag", "Cid")
    story.when(attack, "Fenn", "Eske")
    story.when(forfeit, "away this week")
    assert story.refused(attack, "Dun", "Aber") == "BC-4.2"
    assert story.state.on_turn == "Dag"


def test_bc_4_3_a_player_cannot_attack_the_player_who_attacked_him(story):
    story.when(attack, "Caer", "Bryn")
    assert story.refused(attack, "Eske", "Fenn") == "BC-4.3"


def test_bc_4_2_and_4_4_a_player_with_no_legal_attack_forfeits_at_once(story):
    """Cid attacks Bob at Bryn; Bob attacks Ann at Dun. Ann's only free region, Aber,
    touches Bryn and Eske (both involved) and her own Dun: she has no legal attack."""
    story.when(attack, "Caer", "Bryn")
    assert story.refused(attack, "Aber", "Eske") == "BC-4.1"
    assert story.when(attack, "Eske", "Dun") == [
        (
            "AttackDeclared",
            {
                "round": 1,
                "attacker": "Bob",
                "from_region": "Eske",
                "to_region": "Dun",
                "defender": "Ann",
            },
        ),
        (
            "AttackForfeited",
            {"round": 1, "player": "Ann", "reason": "no legal attack", "automatic": True},
        ),
    ]
    assert story.state.phase == "battles"


def test_bc_4_4_the_organiser_may_forfeit_the_attack_of_the_player_on_turn(story):
    assert story.when(forfeit, "did not answer for a week") == [
        (
            "AttackForfeited",
            {
                "round": 1,
                "player": "Cid",
                "reason": "did not answer for a week",
                "automatic": False,
            },
        )
    ]
    assert story.state.on_turn == "Bob"


def test_bc_4_all_declare_before_any_result_is_entered(story):
    story.when(attack, "Caer", "Bryn")
    assert story.refused(result, "Bryn", Decimal("10"), Decimal("50")) == "BC-4"


def test_bc_3_2_next_round_attack_order_is_by_best_casualty_difference(story):
    """Two draws: at Bryn Cid suffers 20 and Bob 30 (Cid +10, Bob -10); at Dun Bob 10 and
    Ann 30 (Bob +20, Ann -20). Draws count, so round 2 goes Bob, Cid, Ann."""
    story.when(attack, "Caer", "Bryn")
    story.when(attack, "Eske", "Dun")
    story.when(result, "Bryn", Decimal("20"), Decimal("30"))
    story.when(result, "Dun", Decimal("10"), Decimal("30"))
    assert (story.state.round, story.state.attack_order) == (2, ("Bob", "Cid", "Ann"))


def test_bc_3_2_interpretation_a_player_without_a_battle_comes_after_all_who_fought():
    order = interpretations.order_by_best_difference(
        ["Ann", "Bob", "Cid"], {"Bob": Decimal(-30), "Cid": Decimal(5)}
    )
    assert order == ["Cid", "Bob", "Ann"]


def test_bc_3_2_interpretation_ties_keep_the_previous_round_order():
    order = interpretations.order_by_best_difference(
        ["Eve", "Ann", "Bob"], {"Ann": Decimal(10), "Bob": Decimal(10), "Eve": Decimal(10)}
    )
    assert order == ["Eve", "Ann", "Bob"]
