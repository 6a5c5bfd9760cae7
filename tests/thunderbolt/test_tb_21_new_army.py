"""TB-21 A new Carthaginian Army (the rulebook's 7.21 and 7.13), on the command line: in B3b,
below the Political Climate's army limit, Carthage raises one new Army instead of reinforcements,
its SP as the Manpower Table gave them, in Carthage province, its stored AER -3, its commander
appointed with it as in B2d (TB-21.1); never both a new Army and reinforcements in one B3b
(TB-21.2). The example set-up: Hannibal's Army (not counted) and two others."""

from __future__ import annotations

from helpers.thunderbolt.new_army import to_b3b


def armies(shell) -> dict:
    return {a["id"]: a for a in shell.json("status")["armies"]}


RAISE = ["raise-army", "iberia", "--sp", "25", "--leader", "Hasdrubal", "--evidence", "photo"]


def test_tb_21_1_below_the_limit_a_new_army_in_carthage_province_at_aer_minus_3(shell):
    to_b3b(shell)
    assert "0 SP" not in shell.refuses("raise-army", "iberia", "--sp", "0", "--leader", "Bomilcar")
    assert shell.refuses("raise-army", "hispania", "--sp", "25").endswith("(TB-21.1).")
    shell.ok(*RAISE)
    new = armies(shell)["iberia"]
    assert (new["sp"], new["aer"], new["province"], new["commander"]) == (
        25,
        -3,
        "carthage",
        "hasdrubal",
    )
    raised, appointed = shell.json("log")[-2:]
    assert (raised["type"], appointed["type"]) == ("ArmyRaised", "CommanderAppointed")
    status = shell.json("status")
    assert status["carthage"]["leaders"]["hasdrubal"]["place"] == "map"
    assert shell.refuses("raise-army", "numidia", "--sp", "10").endswith("(TB-21.1).")  # at 3 now
    shell.ok("verify")


def test_tb_21_1_at_the_limit_no_new_army(shell):
    to_b3b(shell, climate="0")  # Cautious: limit 2, Africa's and Hispania's in play
    refusal = shell.refuses(*RAISE)
    assert refusal.endswith("(TB-21.1).") and "Cautious limit of 2" in refusal


def test_tb_21_2_either_a_new_army_or_reinforcements_in_one_b3b(shell, shell_at, tmp_path):
    to_b3b(shell)
    shell.ok(*RAISE)
    assert shell.refuses("reinforce", "africa", "--sp", "5").endswith("(TB-21.2).")
    other = shell_at(tmp_path / "other.sqlite")
    to_b3b(other)
    other.ok("reinforce", "africa", "--sp", "5")
    assert other.refuses(*RAISE).endswith("(TB-21.2).")


def test_tb_21_1_carthages_decision_its_players_and_its_draw_stands(shell):
    to_b3b(shell)
    refusal = shell.refuses("--actor", "Fabius", *RAISE)
    assert refusal.endswith("(TB-1.1).")
    shell.ok("--actor", "Hanno", *RAISE)
    assert [e["actor"] for e in shell.json("log")[-2:]] == ["Hanno", "Hanno"]
    assert "(TB-16.6)" in shell.refuses("undo", "--reason", "the wrong holding box")
