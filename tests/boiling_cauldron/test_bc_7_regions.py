"""BC-7 Gaining and losing regions: how many (BC-7.1), which (BC-7.2), who is out (BC-7.3)."""

from __future__ import annotations

import shlex
from decimal import Decimal

import pytest

from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.commands import attack, forfeit, gain, result


def test_bc_7_1_thirty_six_percent_of_three_regions_gains_two():
    assert bc.regions_due(Decimal(36), 3) == 2


def test_bc_7_1_twenty_five_percent_of_four_regions_gains_exactly_one():
    assert bc.regions_due(Decimal(25), 4) == 1


def test_bc_7_1_exact_arithmetic_where_binary_floats_would_round_up_wrongly():
    """In binary floating point 0.7 × 30 / 100 is 0.21000000000000002 and 1.1 × 300 / 100 is
    3.3000000000000003: harmless here, but 5.1 × 100 / 100 = 5.1 while 0.57 × 100 =
    56.99999999999999.
    Exact arithmetic: 57 % of 100 regions is exactly 57, and 14.29 % of 7 is 1.0003 → 2."""
    assert bc.regions_due(Decimal("0.57") * 100, 100) == 57
    assert bc.regions_due(Decimal("14.29"), 7) == 2
    assert bc.regions_due(Decimal("33.33"), 3) == 1
    assert bc.regions_due(Decimal("33.34"), 3) == 2


def test_bc_7_1_never_fewer_than_none():
    assert bc.regions_due(Decimal(-3), 5) == 0


@pytest.fixture
def final_story(split, given):
    """Cid attacks Ann at Dun, Bob attacks Cid at Fenn, Ann attacks Bob at Bryn."""
    story = given(split)
    story.when(attack, "Caer", "Dun")
    story.when(attack, "Eske", "Fenn")
    story.when(attack, "Aber", "Bryn")
    return story


def test_bc_7_2_the_attacking_or_defending_region_comes_first_and_involved_regions_never(
    final_story,
):
    """Cid wins at Dun by 60: 60 % of Ann's 2 regions is 1.2, so 2 — but Aber is involved in Ann's
    own attack, so only Dun can be gained (never more than BC-7.2 allows)."""
    events = final_story.when(result, "Dun", Decimal("10"), Decimal("70"))
    assert events[1:] == [
        (
            "RegionTransferred",
            {
                "round": 1,
                "region": "Dun",
                "from_player": "Ann",
                "to_player": "Cid",
                "battle": "Dun",
                "forced": True,
            },
        )
    ]
    assert final_story.state.battle_at("Dun").result.regions_due == 1


def test_bc_7_3_a_player_who_controls_no_region_is_eliminated(final_story):
    """Bob holds Bryn against Ann and takes Aber, her last region."""
    final_story.when(result, "Dun", Decimal("10"), Decimal("70"))
    final_story.when(result, "Bryn", Decimal("70"), Decimal("10"))
    assert [(e.player, e.round, e.by) for e in final_story.state.eliminations] == [
        ("Ann", 1, "Bob")
    ]


def test_bc_7_2_tier_three_takes_any_adjacent_region_across_the_sea(split, given):
    """Cid attacks Ann at Dun from Caer and Ann's own attack is forfeited. Ann's Aber shares no land
    border with Caer or Dun but is coastal like Dun: tier 3. Cid is due 2 (60 % of 2 = 1.2) and
    takes both."""
    story = given(split)
    story.when(attack, "Caer", "Dun")
    story.when(attack, "Eske", "Fenn")
    story.when(forfeit, "away")
    events = story.when(result, "Dun", Decimal("10"), Decimal("70"))
    assert [
        (data["region"], data["forced"]) for kind, data in events if kind == "RegionTransferred"
    ] == [("Dun", True), ("Aber", True)]
    assert [e.player for e in story.state.eliminations] == ["Ann"]


THREE = {  # Ann 6, Dag 6, Bob 5 on the real map
    **dict.fromkeys(["Essex", "East Anglia", "Middle Anglia", "Lindsey", "Kent", "Deira"], "Ann"),
    **dict.fromkeys(["Wessex", "Sussex", "South Anglia", "Bernicia", "Hwicce", "Dumnonia"], "Dag"),
    **dict.fromkeys(["Dyfed", "Gwynedd", "Powys", "Strathclyde", "West Anglia"], "Bob"),
}


@pytest.fixture
def choice(britain):
    """Bob attacks Ann at Deira, Dag attacks Bob at Powys from Hwicce, Ann attacks Dag at Wessex
    from Essex and wins by 36: 36 % of Dag's 6 regions is 2.16, so 3. Wessex is forced; Sussex,
    South Anglia and Dumnonia share a land border with Wessex or Essex: Ann picks two."""
    story = britain(dict(sorted(THREE.items())), players=["Ann", "Bob", "Dag"])
    story.when(attack, "West Anglia", "Deira")
    story.when(attack, "Hwicce", "Powys")
    story.when(attack, "Essex", "Wessex")
    story.when(result, "Wessex", Decimal("35"), Decimal("71"))
    return story


def test_bc_7_2_where_the_tier_offers_more_than_is_due_the_victor_chooses(choice):
    awaiting = choice.state.awaiting_choice
    assert (awaiting.result.regions_due, awaiting.gained) == (3, ("Wessex",))
    assert choice.when(gain, ["sussex", "Dumnonia"]) == [
        (
            "RegionTransferred",
            {
                "round": 1,
                "region": r,
                "from_player": "Dag",
                "to_player": "Ann",
                "battle": "Wessex",
                "forced": False,
            },
        )
        for r in ["Sussex", "Dumnonia"]
    ]
    assert choice.state.awaiting_choice is None


def test_bc_7_2_a_lower_tier_only_once_the_higher_tiers_are_taken(choice):
    """Bernicia is coastal like Essex and Wessex: tier 3, not before Sussex, South Anglia,
    Dumnonia."""
    assert choice.refused(gain, ["Bernicia"]) == "BC-7.2"


def test_bc_7_2_regions_involved_in_an_attack_cannot_be_gained(choice):
    assert choice.refused(gain, ["Hwicce"]) == "BC-7.2"


def test_bc_7_2_only_the_losers_regions_can_be_gained(choice):
    assert choice.refused(gain, ["Kent"]) == "BC-7.2"


def test_bc_7_1_no_more_regions_than_are_due(choice):
    assert choice.refused(gain, ["Sussex", "South Anglia", "Dumnonia"]) == "BC-7.1"


def test_bc_7_2_interpretation_one_choice_at_a_time(choice):
    """While Ann chooses, no other result is entered."""
    assert choice.refused(result, "Deira", Decimal("10"), Decimal("70")) == "BC-7.2"


def test_bc_7_2_the_victor_may_choose_one_region_at_a_time(choice):
    choice.when(gain, ["South Anglia"])
    assert choice.state.awaiting_choice.gained == ("Wessex", "South Anglia")
    choice.when(gain, ["Sussex"])
    assert choice.state.awaiting_choice is None


def test_bc_7_2_the_round_is_over_once_after_its_last_forced_gain(shell, spring):
    """Issue #29: when a round's last result forces gains (BC-7.2), `result` said "Round 1 is
    over" after the result and again after each gain, and an elimination before the last region
    went: what a command says of each event is as it stood just after that event."""
    shell.play(spring.through("attack Hwicce West Anglia"))
    for typed in ("result Sussex 10 80", "result Dumnonia 65 30"):
        shell.ok(*shlex.split(typed))
    shell.ok("result", "West Anglia", "64", "61", "--winner", "attacker")
    said = shell.ok("result", "Kent", "20", "45").stdout.splitlines()
    assert sum("Round 1 is over" in line for line in said) == 1
    gain = next(i for i, line in enumerate(said) if "Cid must take Kent from Dag" in line)
    over = next(i for i, line in enumerate(said) if "Round 1 is over" in line)
    assert gain < over
