"""TB-25 Carthage's Manpower Holding Boxes (the rulebook's 7.32: "The Carthaginian manpower
supply is limited to the SP in these Holding Boxes"), as docs/thunderbolt-beyond-tb19.md restates
it: the boxes from the set-up file (TB-25.1); a new Army's, reinforcements' and a tribe's SP drawn
from the boxes named, never more than a box holds (TB-25.2); SP put back as a rule directs
(TB-25.3). Dice from the table; the figures from the set-up below and the rules."""

from __future__ import annotations

from helpers.thunderbolt.manpower import BOXES, at_b3b
from helpers.thunderbolt.start import EXAMPLE
from helpers.thunderbolt.tribes import to_operations

from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import audit


def boxes(shell) -> dict:
    return shell.json("status")["manpower"]


def test_tb_25_1_the_boxes_come_from_the_set_up_file(shell, tmp_path):
    at_b3b(shell, tmp_path)
    assert boxes(shell) == {"Libyan": 30, "Numidian": 10, "Iberian": 5, "Gallic": 15}
    assert "Carthaginian Manpower Holding Boxes (TB-25): Libyan 30" in shell.ok("status").stdout
    (tmp_path / "bad.toml").write_text(BOXES.replace("Numidian = 10", "Numidian = -1"))
    from helpers.thunderbolt.start import NEW

    result = shell(*NEW[:1], "Other", *NEW[2:], "--setup", str(tmp_path / "bad.toml"))
    assert result.exit_code != 0 and "Numidian is a whole number of SP" in result.output


def test_tb_25_1_a_scenario_without_boxes_draws_from_none(shell, tmp_path):
    at_b3b(shell, tmp_path, EXAMPLE)
    assert boxes(shell) is None
    refusal = shell.refuses("reinforce", "hispania", "--sp", "5", "--from", "Libyan=5")
    assert refusal.endswith("(TB-25.1).")
    shell.ok("reinforce", "hispania", "--sp", "5")  # as before


def test_tb_25_2_a_new_army_draws_its_sp_from_the_boxes_named(shell, tmp_path):
    at_b3b(shell, tmp_path)
    more = shell.refuses("raise-army", "libya", "--sp", "20", "--from", "Numidian=12",
                         "--leader", "Bomilcar")  # fmt: skip
    assert more.endswith("(TB-25.2).") and "holds 10 SP" in more
    over = shell.refuses("raise-army", "libya", "--sp", "20", "--from", "Libyan=25",
                         "--leader", "Bomilcar")  # fmt: skip
    assert over.endswith("(TB-25.2).")
    assert "did you mean" in shell.refuses(
        "raise-army", "libya", "--sp", "20", "--from", "Lybian=5", "--leader", "Bomilcar"
    )
    shell.ok("raise-army", "libya", "--sp", "20", "--from", "Libyan=15", "--from", "numidian=5",
             "--leader", "Bomilcar")  # fmt: skip
    assert boxes(shell) == {"Libyan": 15, "Numidian": 5, "Iberian": 5, "Gallic": 15}
    kinds = [e["type"] for e in shell.json("log")[-4:]]
    assert kinds == ["ArmyRaised", "ManpowerPlaced", "ManpowerPlaced", "CommanderAppointed"]


def test_tb_25_2_reinforcements_draw_from_the_boxes_the_rest_from_none(shell, tmp_path):
    at_b3b(shell, tmp_path)
    told = shell.ok("reinforce", "hispania", "--sp", "8", "--from", "Iberian=5").stdout
    assert "5 SP drawn from the Iberian Holding Box for reinforcements for Army hispania" in told
    assert boxes(shell)["Iberian"] == 0
    army = next(a for a in shell.json("status")["armies"] if a["id"] == "hispania")
    assert army["sp"] == 38  # 8 joined, 5 of them from the box (3 from none: a province's)


def test_tb_25_2_a_tribes_troops_come_out_of_its_contingents_box(shell, tmp_path):
    (tmp_path / "t.toml").write_text(BOXES)
    to_operations(shell, "--setup", str(tmp_path / "t.toml"))
    # Mago: 3 <= Campaign 4; then 4 x the Ilergetes' MR 3 = 12 SP, but the Iberian box holds 5.
    told = shell.ok("tribe-levy", "Ilergetes", "--by", "Mago", "--face", "3", "--face", "4").stdout
    assert "5 SP join Army hispania" in told and "5 SP drawn from the Iberian Holding Box" in told
    assert boxes(shell)["Iberian"] == 0
    army = next(a for a in shell.json("status")["armies"] if a["id"] == "hispania")
    assert army["sp"] == 35


def test_tb_25_3_sp_go_back_to_a_box_as_a_rule_directs_and_the_log_verifies(shell, tmp_path):
    at_b3b(shell, tmp_path)
    shell.ok("reinforce", "hispania", "--sp", "6", "--from", "Gallic=6")
    assert shell.refuses("manpower-return", "Gallic", "--sp", "3").startswith("Say which rule")
    shell.ok(
        "manpower-return", "Gallic", "--sp", "3", "--reason", "9.42: Gauls of a garrison go home"
    )
    assert boxes(shell)["Gallic"] == 15 - 6 + 3
    shell.ok("undo", "--reason", "entered twice")
    assert boxes(shell)["Gallic"] == 9
    loaded = Campaigns(str(shell.db)).load("Punic")
    assert audit(loaded.kind, loaded.events).events == len(loaded.events)
