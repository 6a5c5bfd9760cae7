"""Leaders wounded, killed or captured in a battle or siege report, on the command line (TB-5.1,
TB-6.8), and their replacements: a Roman drawn blind takes the office, Imperium and assignment
(TB-10.8, following TB-10.7); a Carthaginian Army Commander may be replaced, the Army's AER 2
lower (TB-13.8, TB-14.2), a Subordinate never; the wounded come back in the next Game Turn's A2."""

from __future__ import annotations

from helpers.thunderbolt.senate import to_operations
from helpers.thunderbolt.start import office, pool, rome


def to_next_game_turn(shell) -> None:
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "empty")
    for step in ("F2", "G1", "G2", "G3", "G4"):
        for side in ("rome", "carthage"):
            shell.ok("done", step, "--side", side)


def test_tb_10_8_a_consul_killed_and_replaced_from_the_pool(shell):
    to_operations(shell)
    before = office(shell, "albinus")
    assert "--leader" in shell.refuses("casualty", "Albinus", "--outcome", "killed", "--replace")
    drawn = pool(shell)[0]
    name = rome(shell)["leaders"][drawn]["name"]
    shell.ok("casualty", "Albinus", "--outcome", "killed", "--replace", "--leader", name)
    assert rome(shell)["leaders"]["albinus"]["place"] == "killed"
    after = office(shell, drawn)
    assert {k: v for k, v in after.items() if k != "leader"} == {
        k: v for k, v in before.items() if k != "leader"
    }
    shell.ok("verify")


def test_tb_6_8_a_wounded_roman_leaves_office_and_returns_to_the_pool_next_game_turn(shell):
    to_operations(shell)
    ca = office(shell, "tuditanus")["cas"][0]
    shell.ok("casualty", "Tuditanus", "--outcome", "wounded")
    assert office(shell, "tuditanus") is None
    assert rome(shell)["leaders"]["tuditanus"]["place"] == "set aside"
    assert str(ca) in rome(shell)["cas"]  # the CA lasts, leaderless (TB-6.3)
    assert "tuditanus" not in pool(shell)
    to_next_game_turn(shell)
    assert rome(shell)["leaders"]["tuditanus"]["place"] == "pool"
    shell.ok("verify")


def test_tb_13_8_an_army_commander_killed_and_replaced_the_aer_2_lower(shell):
    to_operations(shell)
    shell.ok("casualty", "Hannibal", "--outcome", "killed", "--replace", "--leader", "Hasdrubal")
    armies = {a["id"]: a for a in shell.json("status")["armies"]}
    assert (armies["hannibal"]["commander"], armies["hannibal"]["aer"]) == ("hasdrubal", 0)
    assert shell.json("status")["carthage"]["leaders"]["hannibal"]["place"] == "removed"
    shell.ok("verify")


def test_tb_13_8_a_wounded_commander_not_replaced_returns_to_his_army_in_a2(shell):
    to_operations(shell)
    shell.ok("casualty", "Hanno", "--outcome", "wounded")
    armies = {a["id"]: a for a in shell.json("status")["armies"]}
    assert armies["africa"]["commander"] == "hanno"  # his Army waits for him, its AER unchanged
    assert shell.json("status")["carthage"]["leaders"]["hanno"]["place"] == "set aside"
    to_next_game_turn(shell)
    assert shell.json("status")["carthage"]["leaders"]["hanno"]["place"] == "map"


def test_tb_13_8_a_subordinate_is_never_replaced(shell):
    to_operations(shell)
    refusal = shell.refuses(
        "casualty", "Hasdrubal", "--outcome", "killed", "--replace", "--leader", "Mago"
    )
    assert refusal.endswith("(TB-13.8).")


def test_tb_5_1_a_leaders_fate_belongs_to_battle_and_siege_reports(shell):
    from helpers.thunderbolt.start import NEW, into_b2

    shell.ok(*NEW, "--dice", "external")
    into_b2(shell)
    assert shell.refuses("casualty", "Hanno", "--outcome", "killed").endswith("(TB-3.2).")


def test_tb_13_7_the_oc_killed_carthage_names_another_of_the_family_in_power(shell):
    """Hannibal, the OC, killed and not replaced; the Magonids are in power: Hanno (Magonid,
    commanding in Africa) may be named, Mago (Barcid) may not while a Magonid commands, nor
    Hasdrubal, who commands nothing; Carthage finishes no step before naming him."""
    to_operations(shell)
    assert shell.json("status")["carthage"]["oc"] == "hannibal"
    shell.ok("casualty", "Hannibal", "--outcome", "killed")
    carthage = shell.json("status")["carthage"]
    assert (carthage["oc"], carthage["oc_due"]) == (None, True)
    assert "oc NAME" in shell.json("status")["pending"]
    assert shell.refuses("done", "D", "--side", "carthage").endswith("(TB-13.7).")
    assert shell.refuses("oc", "Mago").endswith("(TB-13.7).")
    assert shell.refuses("oc", "Hasdrubal").endswith("(TB-13.7).")
    shell.ok("oc", "Hanno")
    assert shell.json("status")["carthage"]["oc"] == "hanno"
    assert shell.refuses("oc", "Mago").endswith("(TB-13.7).")  # the post is filled
    shell.ok("done", "D", "--side", "carthage")
    shell.ok("verify")


def test_tb_13_7_a_set_up_oc_commands_an_army():
    import pytest
    from helpers.thunderbolt.start import EXAMPLE

    from campaign.kinds.thunderbolt.board.setup import SetUpError, load

    with pytest.raises(SetUpError) as refusal:
        load(EXAMPLE.replace('oc = "hannibal"', 'oc = "hasdrubal"'))
    assert "[start] oc 'hasdrubal' commands no Carthaginian Army (TB-13.7)" in str(refusal.value)
