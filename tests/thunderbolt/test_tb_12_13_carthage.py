"""Thunderbolt's Phase B2 after the politics, on the command line: Disband Armies (TB-12.4 with
the page's example, TB-12.5), Appoint Army Commanders (TB-13.1, TB-13.2, TB-14.2) and Assign
Theaters (TB-12.6), with external dice so that each face is the example's."""

from __future__ import annotations

from helpers.thunderbolt.carthage import TWO_IN_HISPANIA, at_b2c
from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2

from campaign.kinds.thunderbolt.board import rules


def armies(shell) -> dict:
    return {a["id"]: a for a in shell.json("status")["armies"]}


def test_tb_12_4_the_pages_example(shell, tmp_path):
    """Cautious (limit 2), Magonids in power; a Magonid Army in Africa, two Barcid Armies in
    Hispania. Picking the Africa Army is refused. Die 5: the first stays; die 3: the second is
    disbanded; at the limit, no more rolls, and no reinforcements this Game Turn (TB-12.3)."""
    at_b2c(shell, tmp_path, "0", "0")
    status = shell.json("status")
    assert (status["family_in_power"], status["climate"], status["army_limit"]) == (
        "Magonid",
        "Cautious",
        2,
    )
    assert shell.refuses("done", "B2c").endswith("(TB-3.4).")
    assert shell.refuses("disband", "africa", "--face", "5").endswith("(TB-12.4).")
    assert shell.refuses("disband", "hannibal", "--face", "5").endswith("(TB-12.4).")
    shell.ok("disband", "hispania", "--face", "5")
    assert "hispania" in armies(shell)
    assert shell.refuses("disband", "hispania", "--face", "3").endswith("(TB-12.4).")  # once
    refusal = shell.refuses("disband", "iberia", "--face", "3")
    assert "--sp-to" in refusal  # disbanded: where did its SP go? (TB-12.5)
    shell.ok("disband", "iberia", "--face", "3", "--sp-to", "Hispania's manpower pool")
    assert "iberia" not in armies(shell)
    carthage = shell.json("status")["carthage"]
    assert carthage["leaders"]["mago"]["place"] == "pool"  # TB-12.5: his commander
    assert carthage["disbanded_this_turn"] is True
    assert rules.may_raise("Cautious", 2, True) == (False, False)  # TB-12.3
    assert shell.refuses("disband", "africa", "--face", "0").endswith("(TB-12.4).")  # at the limit
    shell.ok("done", "B2c")
    checked = [e["data"] for e in shell.json("log") if e["type"] == "DisbandChecked"]
    assert [(c["face"], c["low"], c["high"], c["disbanded"]) for c in checked] == [
        (5, 0, 3, False),
        (3, 0, 3, True),
    ]


def test_tb_12_4_without_a_roll_only_when_the_commander_is_not_of_the_family_in_power(
    shell, tmp_path
):
    at_b2c(shell, tmp_path, "0", "0")  # Magonids in power, Cautious
    shell.ok("disband", "hispania", "--without-roll", "--sp-to", "lost")  # a Barcid commander
    (checked,) = [e["data"] for e in shell.json("log") if e["type"] == "DisbandChecked"]
    assert (checked["face"], checked["disbanded"]) == (-1, True)
    shell.ok("done", "B2c")  # at the limit


def test_tb_12_4_a_commander_of_the_family_in_power_reads_the_row_same(shell, tmp_path):
    at_b2c(shell, tmp_path, "9", "0")  # Barcids in power, Cautious
    assert shell.refuses("disband", "hispania", "--without-roll").endswith("(TB-12.4).")
    shell.ok("disband", "hispania", "--face", "2")  # row "same" disbands on 0-1 only
    shell.ok("disband", "iberia", "--face", "1", "--sp-to", "lost")
    assert set(armies(shell)) == {"hannibal", "africa", "hispania"}


def test_tb_12_4_b2c_runs_only_while_over_the_limit(shell, tmp_path):
    at_b2c(shell, tmp_path, "0", "3")  # Interested: limit 3, three Armies counted
    assert shell.refuses("disband", "iberia", "--face", "3").endswith("(TB-12.4).")
    shell.ok("done", "B2c")


def test_tb_13_2_a_commander_drawn_blind_from_the_pool_and_tb_14_2_the_aer_drops_2(shell, tmp_path):
    at_b2c(shell, tmp_path, "0", "0", source=EXAMPLE)  # Hispania's Army has no commander
    shell.ok("done", "B2c")  # two Armies besides Hannibal's: within the limit
    assert shell.refuses("done", "B2d").endswith("(TB-3.4).")
    assert shell.refuses("appoint", "--from-map", "Himilco").endswith("(TB-13.2).")  # in the pool
    assert shell.refuses("appoint", "--leader", "Hannibal").endswith("(TB-16.4).")  # commands
    assert "--leader NAME" in shell.refuses("appoint")
    assert armies(shell)["hispania"]["aer"] == 0
    shell.ok("appoint", "hispania", "--leader", "2P-11")
    assert armies(shell)["hispania"]["commander"] == "himilco"
    assert armies(shell)["hispania"]["aer"] == -2  # TB-14.2
    assert shell.refuses("appoint", "hispania", "--leader", "Mago").endswith("(TB-13.1).")
    shell.ok("done", "B2d")
    shell.ok("verify")


def test_tb_12_6_an_army_to_africa_and_one_to_hispania_under_a_cautious_senate(shell, tmp_path):
    at_b2c(shell, tmp_path, "0", "3", source=EXAMPLE)  # Interested
    shell.ok("done", "B2c")
    shell.ok("appoint", "--leader", "Mago")
    shell.ok("done", "B2d")
    assert shell.refuses("done", "B2e").endswith("(TB-3.4).")
    assert shell.refuses("station", "hannibal", "Africa").endswith("(TB-12.6).")
    shell.ok("station", "hispania", "Africa")
    assert shell.refuses("station", "hispania", "Hispania").endswith("(TB-12.6).")  # assigned
    shell.ok("station", "africa", "Hispania")
    assert shell.json("status")["carthage"]["postings"] == {
        "Africa": "hispania",
        "Hispania": "africa",
    }
    shell.ok("done", "B2e")


def test_tb_12_6_no_theater_is_assigned_under_alert_by_default(shell, tmp_path):
    """TB-18.2: `alert-assigns-theaters` off by default (6.24)."""
    at_b2c(shell, tmp_path, "0", "7", source=TWO_IN_HISPANIA)  # Alert: limit 3
    shell.ok("done", "B2c")
    shell.ok("done", "B2d")
    assert shell.refuses("station", "africa", "Africa").endswith("(TB-12.6).")
    shell.ok("done", "B2e")


def test_tb_14_7_armies_that_kept_their_commander_gain_1_as_g2_opens(shell):
    """Hannibal's Army (+2, 40 SP) and Hanno's (−1) kept their commanders all Game Turn: +3 and
    0; Hispania's commander came in B2d (TB-14.2 took 2 off): it gains nothing."""
    from helpers.thunderbolt.start import through_b

    shell.ok(*NEW)
    into_b2(shell)
    through_b(shell)
    assert armies(shell)["hispania"]["aer"] == -2
    shell.ok("initiative", "empty")
    for step in ("F2", "G1"):
        shell.ok("done", step, "--side", "rome")
        shell.ok("done", step, "--side", "carthage")  # G2 opens: the rules act
    trained = shell.json("log")[-1]
    assert trained["type"] == "ArmiesTrained" and trained["actor"] == "the rules"
    assert {a: v["aer"] for a, v in armies(shell).items()} == {
        "hannibal": 3,
        "africa": 0,
        "hispania": -2,
    }
    for side in ("rome", "carthage"):
        shell.ok("done", "G2", "--side", side)
    assert armies(shell)["hannibal"]["aer"] == 3  # once a Game Turn
    shell.ok("verify")


def test_tb_13_3_and_13_5_the_pages_example_hanno_recalled_then_to_the_pool(shell):
    """Hanno 2P-10, Magonid, Mortality 9, Barcids in power, loses a Major battle; die 6 recalls
    him (TB-19's fixture row "different": recall on 5-9); crucifixion die 7 + 2 = 9, not above
    9: to the pool; his Army is leaderless until B2d, its LAMs out of the cup."""
    from helpers.thunderbolt.senate import to_operations

    to_operations(shell, family="9")
    shell.ok("land-battle", "Apulia", "--winner", "rome", "--major")
    shell.ok("recall", "africa", "--face", "6", "--face", "7")
    recalled = shell.json("log")[-1]["data"]
    assert (recalled["recalled"], recalled["crucifixion"], recalled["crucified"]) == (
        True,
        7,
        False,
    )
    assert armies(shell)["africa"]["commander"] == "hanno"  # until the next Carthaginian LAM
    assert shell.json("status")["carthage"]["recalls_pending"] == {"africa": "hanno"}
    assert shell.refuses("recall", "africa", "--face", "6").endswith("(TB-13.6).")
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "--drawn", "Albinus")  # a Roman LAM: nothing yet (TB-13.6)
    assert armies(shell)["africa"]["commander"] == "hanno"
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "--drawn", "Hannibal")  # a Carthaginian LAM: the recall takes effect
    assert armies(shell)["africa"]["commander"] is None
    status = shell.json("status")
    assert status["carthage"]["leaders"]["hanno"]["place"] == "pool"
    assert shell.refuses("recall", "africa", "--face", "6").endswith("(TB-13.3).")
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "--drawn", "Tuditanus")
    drawn = shell.json("log")[-1]["data"]
    assert not any(m.startswith("carthage/lam/hanno/") for m in drawn["candidates"])  # void
    shell.ok("verify")


def test_tb_13_5_a_crucifixion_die_of_8_removes_him_from_the_game(shell):
    from helpers.thunderbolt.senate import to_operations

    to_operations(shell, family="9")
    shell.ok("recall", "africa", "--face", "6", "--face", "8")  # 8 + 2 = 10 > 9
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "empty")  # C2 finds no LAM left: the recall takes effect (TB-13.6)
    assert shell.json("status")["carthage"]["leaders"]["hanno"]["place"] == "removed"


def test_tb_13_3_a_die_outside_the_recall_range_keeps_him(shell):
    from helpers.thunderbolt.senate import to_operations

    to_operations(shell, family="9")
    shell.ok("recall", "africa", "--face", "4")  # recall on 5-9 only
    assert armies(shell)["africa"]["commander"] == "hanno"


def test_tb_13_4_a_recall_by_choice_rolls_nothing(shell):
    from helpers.thunderbolt.senate import to_operations

    to_operations(shell)
    shell.ok("recall", "hannibal", "--by-choice")
    recalled = shell.json("log")[-1]["data"]
    assert (recalled["face"], recalled["crucified"]) == (-1, False)
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "--drawn", "Hannibal")  # his own LAM counts (TB-13.6)
    assert shell.json("status")["carthage"]["leaders"]["hannibal"]["place"] == "pool"
    assert shell.json("status")["carthage"]["hannibals_army"] is None  # TB-1.3: none now
