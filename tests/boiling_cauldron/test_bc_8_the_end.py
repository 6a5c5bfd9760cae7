"""BC-8 The end: the Final Battle and the final standings.

On the small map Cid takes Dun from Ann, Bob takes Aber, Ann's last region,
and Bob and Cid draw at Fenn: two players remain, Bob (Aber, Bryn, Eske:
Welsh and Vikings) and Cid (Caer, Dun, Fenn: Saxons and Vikings).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.commands import (
    attack,
    final_armies,
    final_result,
    result,
)
from campaign.kinds.boiling_cauldron.starting import default_map_source
from regions import parse_map

BRITAIN = parse_map(default_map_source())


@pytest.fixture
def final(split, given):
    story = given(split)
    for source, target in [("Caer", "Dun"), ("Eske", "Fenn"), ("Aber", "Bryn")]:
        story.when(attack, source, target)
    for region, attacker, defender in [
        ("Dun", "10", "70"),
        ("Bryn", "70", "10"),
        ("Fenn", "30", "35"),
    ]:
        story.when(result, region, Decimal(attacker), Decimal(defender))
    return story


def test_bc_8_2_two_players_remaining_fight_the_final_battle(final):
    assert (final.state.phase, final.state.finalists) == ("final", ("Bob", "Cid"))


def test_bc_8_3_after_round_six_the_two_with_most_regions_ties_to_the_westernmost():
    """Ann 7; Bob and Cid 5 each. Bob holds Dumnonia (west edge -5.7), Cid nothing west of Kent
    (0.0)."""
    held = {
        "Ann": {
            "Bernicia",
            "Deira",
            "Lindsey",
            "Middle Anglia",
            "East Anglia",
            "Essex",
            "South Anglia",
        },
        "Cid": {"Kent", "Sussex", "Wessex", "Hwicce", "West Anglia"},
        "Bob": {"Dumnonia", "Dyfed", "Gwynedd", "Powys", "Strathclyde"},
    }
    assert bc.finalists(held, BRITAIN) == ["Ann", "Bob"]
    held["Cid"] = {"Kent", "Sussex", "Wessex", "Hwicce", "West Anglia", "Strathclyde"}
    held["Bob"] = {"Dumnonia", "Dyfed", "Gwynedd", "Powys"}
    assert bc.finalists(held, BRITAIN) == ["Ann", "Cid"]


def test_bc_8_4_the_ally_is_compulsory_for_a_finalist_with_more_than_one_culture(final):
    assert final.refused(final_armies, "Bob", "Welsh", None) == "BC-8.4"


def test_bc_8_4_armies_come_from_the_cultures_the_finalist_controls(final):
    assert final.refused(final_armies, "Bob", "Saxons", "Welsh") == "BC-8.4"
    assert final.refused(final_armies, "Bob", "Welsh", "Welsh") == "BC-8.4"


def test_bc_8_2_only_finalists_choose_final_armies_and_the_refusal_cites_why(final):
    """Ann is no finalist because she was eliminated: the refusal cites BC-7.3, not BC-8.2."""
    assert final.refused(final_armies, "Ann", "Welsh", None) == "BC-7.3"


def test_bc_8_4_no_final_result_before_both_have_chosen(final):
    final.when(final_armies, "Bob", "welsh", "vikings")
    assert final.refused(final_result, {"Bob": Decimal("10"), "Cid": Decimal("70")}) == "BC-8.4"


def test_bc_8_4_a_drawn_final_battle_is_fought_again_until_a_victor_emerges(final):
    final.when(final_armies, "Bob", "Welsh", "Vikings")
    final.when(final_armies, "Cid", "Saxons", "Vikings")
    final.when(final_result, {"Bob": Decimal("30"), "Cid": Decimal("30")})
    assert (final.state.phase, final.state.winner, len(final.state.finals)) == ("final", None, 1)
    final.when(final_result, {"bob": Decimal("65"), "cid": Decimal("20")})
    assert (final.state.phase, final.state.winner) == ("finished", "Cid")


def test_bc_8_5_standings_winner_other_finalist_then_the_eliminated_in_reverse_order(final):
    final.when(final_armies, "Bob", "Welsh", "Vikings")
    final.when(final_armies, "Cid", "Saxons", "Vikings")
    final.when(final_result, {"Bob": Decimal("65"), "Cid": Decimal("20")})
    assert final.state.standings == ["Cid", "Bob", "Ann"]


def test_bc_8_nothing_is_recorded_after_the_campaign_is_won(final):
    final.when(final_armies, "Bob", "Welsh", "Vikings")
    final.when(final_armies, "Cid", "Saxons", "Vikings")
    final.when(final_result, {"Bob": Decimal("65"), "Cid": Decimal("20")})
    assert final.refused(attack, "Caer", "Bryn") == "BC-8"
    assert final.refused(final_result, {"Bob": Decimal("65"), "Cid": Decimal("20")}) == "BC-8"


FOUR = """
name = "Two fronts"
regions_expected = 4
[regions.Aran]
culture = "Welsh"
coastal = false
west_edge = -4
borders = ["Bute"]
[regions.Bute]
culture = "Welsh"
coastal = false
west_edge = -3
borders = ["Aran", "Cove"]
[regions.Cove]
culture = "Saxons"
coastal = false
west_edge = -2
borders = ["Bute", "Dale"]
[regions.Dale]
culture = "Saxons"
coastal = false
west_edge = -1
borders = ["Cove"]
"""


def test_bc_8_1_one_player_holding_every_region_wins_without_a_final_battle(given):
    """Ann holds Aran and Dale, Bob Bute, Cid Cove. Ann attacks Bute, Cid attacks Dale, Bob has no
    attack left; Ann wins both battles and takes Bute and Cove: she holds all four regions."""
    story = given({"Aran": "Ann", "Bute": "Bob", "Cove": "Cid", "Dale": "Ann"}, map_source=FOUR)
    assert story.state.attack_order == ("Ann", "Cid", "Bob")
    story.when(attack, "Aran", "Bute")
    story.when(attack, "Cove", "Dale")
    story.when(result, "Bute", Decimal(0), Decimal(100))
    story.when(result, "Dale", Decimal(100), Decimal(0))
    assert (story.state.phase, story.state.winner, story.state.finalists) == (
        "finished",
        "Ann",
        None,
    )
    assert set(story.state.control.values()) == {"Ann"}
