"""Thunderbolt's Army strength in play, on the command line: SP joining an Army and the stored
AER's drop over a window of additions (TB-14.3, with the page's example), the caps at 60 and 100
SP applied at once (TB-14.4, with the page's example), and SP lost with a cause, an Army at 0 SP
eliminated and its commander recalled and rolling for crucifixion (TB-5.5, TB-13.4, TB-13.5).
The example's Hannibal's Army: 40 SP at +2."""

from __future__ import annotations

from helpers.thunderbolt.legions import to_b3b, without_legion_chart
from helpers.thunderbolt.start import EXAMPLE


def armies(shell) -> dict:
    return {a["id"]: a for a in shell.json("status")["armies"]}


def test_tb_14_3_the_pages_example_a_window_of_additions_against_s_40(shell, tmp_path):
    """S = 40: 12 non-Elite SP cost nothing, a 13th costs 1; 10 Numidian cavalry besides cost
    nothing; in the next window S is the Army's strength then."""
    to_b3b(shell, tmp_path)
    shell.ok("reinforce", "hannibal", "--sp", "12")
    assert (armies(shell)["hannibal"]["sp"], armies(shell)["hannibal"]["aer"]) == (52, 2)
    shell.ok("reinforce", "hannibal", "--sp", "1")
    assert armies(shell)["hannibal"]["aer"] == 1  # 13 > 30 % of 40
    shell.ok("reinforce", "hannibal", "--sp", "10", "--elite", "10")
    assert (armies(shell)["hannibal"]["sp"], armies(shell)["hannibal"]["aer"]) == (63, 1)
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    shell.ok("initiative", "--drawn", "Hannibal")
    shell.ok("reinforce", "hannibal", "--sp", "18")  # S = 63 now: 18 is within 30 %
    assert armies(shell)["hannibal"]["aer"] == 1
    shell.ok("reinforce", "hannibal", "--sp", "45")  # 63 in the window: at least S, 2 in all
    assert armies(shell)["hannibal"]["aer"] == -1
    drops = [e["data"]["drop"] for e in shell.json("log") if e["type"] == "ArmyReinforced"]
    assert drops == [0, 1, 0, 0, 2]
    shell.ok("verify")


def test_tb_14_4_the_pages_example_58_sp_at_plus_3_take_7_citizens(shell, tmp_path):
    """An Army of 58 SP at +3 takes in 7 Carthaginian Citizen SP: no penalty (TB-14.3), but at
    65 SP it falls to +2 at once."""
    at_58 = EXAMPLE.replace("sp = 40\naer = 2            # [6.71]", "sp = 58\naer = 3")
    assert at_58 != EXAMPLE
    to_b3b(shell, tmp_path, without_legion_chart(at_58))
    shell.ok("reinforce", "hannibal", "--sp", "7", "--elite", "7")
    assert (armies(shell)["hannibal"]["sp"], armies(shell)["hannibal"]["aer"]) == (65, 2)
    assert shell.json("log")[-1]["data"]["drop"] == 0


def test_tb_14_3_reinforcements_belong_to_b3b_and_operations(shell, tmp_path):
    to_b3b(shell, tmp_path)
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    assert shell.refuses("reinforce", "hannibal", "--sp", "5").endswith("(TB-3.2).")  # at C2
    shell.ok("initiative", "--drawn", "Hannibal")
    assert shell.refuses("reinforce", "hannibal", "--sp", "0").endswith("(TB-14.3).")
    assert shell.refuses("reinforce", "hannibal", "--sp", "3", "--elite", "4").endswith(
        "(TB-14.3)."
    )


def test_tb_5_5_losses_with_a_cause_and_tb_13_4_an_army_at_0_sp_recalls_its_commander(
    shell, tmp_path
):
    """Hispania (30 SP, Mago appointed in B2d) loses 10 to attrition, then its last 20: it is
    eliminated; Mago is recalled without a roll and rolls for crucifixion: die 0, +2 (his family
    is not in power, the Magonids are): 2, not above his Mortality: to the pool."""
    to_b3b(shell, tmp_path)
    assert "--cause" in shell.refuses("losses", "hispania", "--sp", "10")
    shell.ok("losses", "hispania", "--sp", "10", "--cause", "attrition")
    assert armies(shell)["hispania"]["sp"] == 20
    assert shell.json("log")[-1]["data"]["face"] == -1  # no roll
    assert shell.refuses("losses", "hispania", "--sp", "21", "--cause", "x").endswith("(TB-5.5).")
    shell.ok("losses", "hispania", "--sp", "20", "--cause", "a battle in Ausetani", "--face", "0")
    assert "hispania" not in armies(shell)
    lost = shell.json("log")[-1]["data"]
    assert (lost["leader"], lost["face"], lost["crucified"]) == ("mago", 0, False)
    assert shell.json("status")["carthage"]["leaders"]["mago"]["place"] == "pool"
    shell.ok("verify")


def test_tb_13_5_an_eliminated_armys_commander_crucified_above_his_mortality(shell, tmp_path):
    to_b3b(shell, tmp_path)
    shell.ok("losses", "hispania", "--sp", "30", "--cause", "a battle", "--face", "9")
    lost = shell.json("log")[-1]["data"]
    assert lost["crucified"] is True  # 9 + 2 is above any Mortality of 0-9
    assert shell.json("status")["carthage"]["leaders"]["mago"]["place"] == "removed"


def test_tb_14_3_no_carthaginian_reinforcements_in_a_roman_leaders_operations(shell, tmp_path):
    """#28: SP were accepted joining Hannibal's Army while a Roman leader's LAM was in play."""
    to_b3b(shell, tmp_path)
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    shell.ok("initiative", "--drawn", "Albinus")
    refusal = shell.refuses("reinforce", "hannibal", "--sp", "5")
    assert refusal.endswith("(TB-14.3).") and "Albinus #415" in refusal
