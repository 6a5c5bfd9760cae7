"""Thunderbolt's arithmetic (rules page TB-n), first pieces: dice and draws (TB-16), the army
limit (TB-12), the Army Efficiency Rating (TB-14), the Italian Allies track (TB-15), with the
page's examples."""

from __future__ import annotations

import hashlib
import hmac

import pytest
from helpers.thunderbolt.rules import TB_16_5

from campaign.kinds.thunderbolt.board import rules
from campaign.kinds.thunderbolt.board.rules import CARTHAGE, ROME, Year

SECRET = "01" * 32


def hmac_number(secret: str, message: str) -> int:
    digest = hmac.new(bytes.fromhex(secret), message.encode(), hashlib.sha256).digest()
    return int.from_bytes(digest, "big")


def test_tb_16_1_a_die_is_one_d10_read_0_to_9_and_even_includes_0():
    faces = {rules.die(SECRET, f"TB|demo|GT1|#{k}|senate|417") for k in range(1, 200)}
    assert faces == set(range(10))
    assert rules.even(0) and rules.even(8) and not rules.even(7)


def test_tb_16_2_each_game_turns_secret_is_committed_to_before_play():
    published = hashlib.sha256(f"TB|demo|1|{SECRET}".encode()).hexdigest()
    assert rules.commitment("demo", 1, SECRET) == published


def test_tb_16_3_the_worked_check():
    message = rules.record("demo", 1, 1, "senate", "417")
    assert message == "TB|demo|GT1|#1|senate|417"
    assert rules.die(SECRET, message) == hmac_number(SECRET, message) % 10


def test_tb_16_3_a_draw_takes_index_h_mod_m_of_the_candidates_sorted_by_key():
    leaders = [436, 415, 422, 417]
    message = rules.record("demo", 1, 2, "draw-rome", "consul")
    expected = sorted(leaders)[hmac_number(SECRET, message) % 4]
    assert rules.draw(SECRET, message, leaders) == expected
    with pytest.raises(ValueError):
        rules.draw(SECRET, message, [])


@pytest.mark.parametrize(
    ("climate", "limit"), [("Cautious", 2), ("Interested", 3), ("Alert", 3), ("Aggressive", 4)]
)
def test_tb_12_2_the_army_limit_by_political_climate(climate, limit):
    assert rules.ARMY_LIMIT[climate] == limit


def test_tb_12_3_below_the_limit_a_new_army_at_it_reinforcements_above_it_neither():
    assert rules.may_raise("Interested", 2, False) == (True, True)
    assert rules.may_raise("Interested", 3, False) == (False, True)
    assert rules.may_raise("Interested", 4, False) == (False, False)
    assert rules.may_raise("Cautious", 2, True) == (False, False)  # disbanded in B2c this turn


@pytest.mark.parametrize(("added", "drop"), [(12, 0), (13, 1), (39, 1), (40, 2), (79, 2), (80, 3)])
def test_tb_14_3_additions_over_a_window_lower_the_stored_aer(added, drop):
    """The page's example: S = 40."""
    assert rules.addition_penalty(added, 40) == drop
    assert rules.after_additions(1, added, 40) == max(-3, 1 - drop)


def test_tb_14_3_the_percentage_loss_charts_30_percent_figure_when_typed():
    assert rules.addition_penalty(13, 40, thirty=13) == 0
    assert rules.addition_penalty(14, 40, thirty=13) == 1


def test_tb_14_4_caps_at_60_and_100_sp():
    """The page's example: 58 SP at +3 take 7 Carthaginian Citizens (no penalty): at 65 SP the
    AER falls to +2 at once."""
    assert rules.capped(3, 58) == 3 and rules.capped(3, 58 + 7) == 2
    assert rules.capped(3, 100) == 1 and rules.capped(-5, 10) == -3


def test_tb_14_2_a_new_commander_takes_2_off_not_below_minus_3():
    assert rules.new_commander(2) == 0 and rules.new_commander(-2) == -3


def test_tb_14_5_detachments_lower_the_effective_aer_not_the_stored():
    """The page's example: Hannibal's Army, stored +2, two Detachments: 0 for all three."""
    assert rules.effective(2, 2) == 0 and rules.effective(-2, 3) == -3


def test_tb_14_7_an_army_that_kept_its_commander_and_its_order_gains_1_in_g2():
    steady = Year(True, True, False, False, False)
    assert rules.training(1, 40, steady) == 2
    assert rules.training(2, 65, steady) == 2  # capped at 60+ SP (TB-14.4)
    for spoilt in (
        Year(False, True, False, False, False),
        Year(True, False, False, False, False),
        Year(True, True, True, False, False),
        Year(True, True, False, True, False),
        Year(True, True, False, False, True),
    ):
        assert rules.training(1, 40, spoilt) == 1


TRACK = ["apulia", "calabria", "campania", "etruria", "lucania", "picenum", "sabinus", "samnium",
         "umbria"]  # fmt: skip
ADJACENT = {
    "umbria": ["sabinus", "etruria", "picenum", "gallia-cispadana"],
    "etruria": ["umbria", "gallia-cispadana"],
    "gallia-cispadana": ["umbria", "etruria"],
    "apulia": ["lucania", "samnium"],
    "lucania": ["apulia", "campania"],
}


def test_tb_15_2_a_major_victory_in_umbria_moves_its_neighbours_2_and_the_rest_1():
    shifts = rules.victory_shifts("land-in-italy", "umbria", TRACK, ADJACENT)
    assert {p: n for p, n in shifts.items() if n == 2} == dict.fromkeys(
        ["umbria", "sabinus", "etruria", "picenum"], 2
    )
    assert {p for p, n in shifts.items() if n == 1} == set(TRACK) - {
        "umbria",
        "sabinus",
        "etruria",
        "picenum",
    }


def test_tb_15_2_in_gallia_cispadana_only_umbria_and_etruria_move():
    shifts = rules.victory_shifts("land-outside-italy", "gallia-cispadana", TRACK, ADJACENT)
    assert shifts == {"umbria": 2, "etruria": 2}


def test_tb_15_3_15_4_and_18_12_lucania_goes_over_to_carthage_one_zero_box():
    """The page's example: Lucania at Rome +2; a Carthaginian Major siege victory there: −1; Rome
    devastates Lucania: 4 toward Carthage, stopped at −4, and Lucania turns (six boxes in all)."""
    level = rules.moved(2, 3, CARTHAGE)
    assert level == -1
    after = rules.moved(level, 4, CARTHAGE)
    assert after == -4
    assert rules.allegiance(level, after, ROME) == CARTHAGE
    assert rules.allegiance(-4, -4, ROME) == ROME  # already in the box: it does not enter again
    assert rules.allegiance(3, 4, CARTHAGE) == ROME


def test_tb_19_7_roman_retribution_in_apulia():
    """Rome sacks a city in Carthage-allied Apulia at −3: −1; adjacent Lucania rolls 0 (even):
    1 toward Rome."""
    boxes, rolling = rules.retribution("apulia", ADJACENT, TRACK)
    assert rules.moved(-3, boxes, ROME) == -1
    assert rolling == ["lucania", "samnium"]  # every adjacent track province rolls (TB-15.7)
    lucania_face, lucania_level = 0, -2
    assert rules.even(lucania_face)
    assert rules.moved(lucania_level, 1, ROME) == -1


CHART = {"different": {"disband": [0, 3], "recall": [5, 9]}, "same": {"disband": [0, 1],
         "recall": [8, 9]}}  # fmt: skip
"""TB-19's fixture: the row "different" disbands on 0–3 and recalls on 5–9."""


def test_tb_12_4_the_disband_check_of_the_pages_example():
    """Cautious (limit 2), Magonids in power; two Barcid Armies in Hispania: die 5 keeps the
    first, die 3 disbands the second. A commander not of the Family in Power (or none) may be
    disbanded without a roll; one of the Family in Power reads the row "same"."""
    row = rules.disband_row("Barcid", "Magonid")
    assert row == "different"
    assert not rules.hits(CHART, row, "disband", 5)
    assert rules.hits(CHART, row, "disband", 3)
    assert rules.may_disband_without_roll("Barcid", "Magonid")
    assert rules.may_disband_without_roll(None, "Magonid")
    assert not rules.may_disband_without_roll("Magonid", "Magonid")
    assert rules.disband_row("Magonid", "Magonid") == "same"


def test_tb_13_3_and_13_5_hanno_recalled_and_his_crucifixion_roll():
    """Hanno 2P-10, Magonid, Mortality 9, Barcids in power, loses a Major battle: die 6 recalls
    him; crucifixion die 7 + 2 = 9, not above 9: to the pool; a die of 8: removed."""
    assert rules.hits(CHART, rules.disband_row("Magonid", "Barcid"), "recall", 6)
    assert not rules.crucified(7, "Magonid", "Barcid", 9)
    assert rules.crucified(8, "Magonid", "Barcid", 9)
    assert not rules.crucified(8, "Barcid", "Barcid", 9)  # of the Family in Power: no +2
    assert rules.crucified(8, None, "Barcid", 9)  # no family counts as not in power


def test_tb_16_5_every_random_event_of_the_demo_is_a_kind_of_the_table(tmp_path):
    """The demo's two Game Turns: every roll and draw is of a kind TB-16.5 lists (the kind TB-16.3's
    HMAC message carries), and the demo makes at least eight kinds of them."""
    from helpers.shell import Shell

    shell = Shell(tmp_path / "demo.sqlite")
    shell.ok("demo", "--rules", "thunderbolt", "--quiet", "--into", str(tmp_path / "demo.sqlite"))
    rolls = shell.json("status")["rolls"]
    kinds = {roll["kind"] for roll in rolls}
    assert kinds <= TB_16_5, kinds - TB_16_5
    assert len(kinds) >= 8
