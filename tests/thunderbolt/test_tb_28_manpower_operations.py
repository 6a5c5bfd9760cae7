"""TB-28 Carthage's Manpower Operations and the Subordinate of 20 SP (the rulebook's 7.21, 7.22,
7.26, 7.27), as docs/thunderbolt-beyond-tb19.md restates them: each province's PIC manpower from
the set-up file (TB-28.1); a Provincial Manpower Operation by an Army Commander or a Subordinate
(TB-28.2, 7.27's example: Hannibal in Lucania, Carthage controlling Lucania and Apulia, 2 + 1 =
3 SP); the OC's in Carthago (TB-28.3); a Subordinate drawn with 20 SP raised (TB-28.4). Dice and
draws from the table; the figures from the rule's text and the example set-up."""

from __future__ import annotations

from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2, through_b_at_the_table
from helpers.thunderbolt.tribes import TABLE, army, to_operations

LUCANIA_CARTHAGINIAN = EXAMPLE.replace(
    'alliance = 2\nallied_to = "rome"\ndefection_sp = 4',
    'alliance = -2\nallied_to = "carthage"\ndefection_sp = 4',
).replace('name = "Campania"\n', 'name = "Campania"\nmanpower = 2\n')
"""7.27's example: Carthage controls Lucania (2 SP on the fixture's PIC) and Apulia (1 SP);
Roman-allied Campania shows 2 SP, Samnium none."""


def in_lucania(shell, tmp_path, setup: str = LUCANIA_CARTHAGINIAN) -> None:
    to_operations(shell, setup=setup, tmp_path=tmp_path)
    shell.ok("march", "hannibal", "--to", "Lucania")


def ops(shell) -> list[dict]:
    return shell.json("log")


# TB-28.1 ---------------------------------------------------------------------------------------


def test_tb_28_1_each_provinces_manpower_comes_from_the_set_up(shell, tmp_path):
    shell.ok(*NEW)
    provinces = shell.json("status")["provinces"]
    assert provinces["lucania"]["manpower"] == 2 and provinces["apulia"]["manpower"] == 1
    assert provinces["samnium"]["manpower"] == 0  # none shown on its PIC
    (tmp_path / "bad.toml").write_text(EXAMPLE.replace("manpower = 2", 'manpower = "two"', 1))
    result = shell("new", "Bad", *NEW[2:], "--setup", str(tmp_path / "bad.toml"))
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "province lucania's manpower is a whole number from 0" in result.output
    assert "(TB-2.5)" in result.output


def test_tb_28_1_a_track_provinces_defection_figure_is_its_manpower_when_none_is_given(
    shell, tmp_path
):
    (tmp_path / "old.toml").write_text(EXAMPLE.replace("manpower = 2", "", 1))
    shell.ok(*NEW, "--setup", str(tmp_path / "old.toml"))
    assert shell.json("status")["provinces"]["lucania"]["manpower"] == 4  # its defection_sp


# TB-28.2 ---------------------------------------------------------------------------------------


def test_tb_28_2_hannibal_in_lucania_raises_the_examples_three_sp(shell, tmp_path):
    in_lucania(shell, tmp_path)
    before = army(shell, "hannibal")["sp"]
    said = shell.ok("provincial-manpower", "Hannibal").stdout
    assert "raises 3 SP (Lucania 2, Apulia 1), which join Army hannibal (TB-28.2)" in said
    assert army(shell, "hannibal")["sp"] == before + 3
    assert shell.refuses("provincial-manpower", "hannibal").endswith("(TB-28.2).")  # once a GT
    shell.ok("verify")


def test_tb_28_2_only_provinces_carthage_controls_in_reach(shell, tmp_path):
    in_lucania(shell, tmp_path)
    refused = shell.refuses("provincial-manpower", "hannibal", "--province", "Campania")
    assert "Campania is allied to Rome" in refused and refused.endswith("(TB-28.2).")
    refused = shell.refuses("provincial-manpower", "hannibal", "--province", "Latium")
    assert "out of reach" in refused  # Latium is not next to Lucania
    refused = shell.refuses("provincial-manpower", "hannibal", "--province", "Samnium")
    assert "Samnium shows no manpower on the PIC" in refused
    shell.ok("provincial-manpower", "hannibal", "--province", "Apulia")  # he need not take all
    assert ops(shell)[-1]["data"]["provinces"] == {"apulia": 1}


def test_tb_28_2_a_subordinate_raises_only_where_he_stands(shell, tmp_path):
    in_lucania(shell, tmp_path)
    shell.ok("detach", "hannibal", "--sp", "10", "--leader", "Himilco")
    refused = shell.refuses("provincial-manpower", "hannibal-1", "--province", "Apulia")
    assert "only where he stands" in refused and refused.endswith("(TB-28.2).")
    shell.ok("provincial-manpower", "hannibal-1")
    data = ops(shell)[-1]["data"]
    assert (data["provinces"], data["detachment"], data["sp"]) == ({"lucania": 2}, "hannibal-1", 2)
    detachment = next(d for d in army(shell, "hannibal")["parts"] if d["id"] == "hannibal-1")
    assert detachment["sp"] == 12
    shell.ok("provincial-manpower", "hannibal")  # another leader: his own operation
    shell.ok("verify")


IN_LATIUM = EXAMPLE.replace('name = "Latium"\n', 'name = "Latium"\nmanpower = 3\n', 1).replace(
    'aer = -1\nprovince = "carthage"', 'aer = -1\nprovince = "latium"', 1
)
"""Latium, off the Italian Allies track, shows 3 SP on the PIC; the Africa Army stands in it."""


def test_tb_28_2_off_the_track_control_is_the_players_word(shell, tmp_path):
    to_operations(shell, setup=IN_LATIUM, tmp_path=tmp_path)
    refused = shell.refuses("provincial-manpower", "africa")
    assert "name one off the Italian Allies track" in refused  # never assumed
    said = shell.ok("provincial-manpower", "africa", "--province", "Latium").stdout
    assert "Latium off the track, controlled by the player's word (TB-28.2)" in said
    assert ops(shell)[-1]["data"]["stated"] == ["latium"]


def test_tb_28_2_rome_makes_no_carthaginian_manpower_operation(shell, tmp_path):
    in_lucania(shell, tmp_path)
    refused = shell.refuses("provincial-manpower", "Albinus")
    assert "A Carthaginian Army Commander or Subordinate" in refused
    assert refused.endswith("(TB-28.2).")


# TB-28.3 ---------------------------------------------------------------------------------------

AGGRESSIVE_CARTHAGE = EXAMPLE.replace('oc = "hannibal"', 'oc = "hanno"')
"""Hanno (a Magonid) the OC, his Africa Army in Carthage province."""


def to_oc_operations(
    shell, tmp_path, setup: str = AGGRESSIVE_CARTHAGE, climate: str = "9", into: str = "carthago"
):
    """The Magonids in power (family face 0), the climate by its face (9: Aggressive on the
    fixture's chart), to the first Operations Phase, the Africa Army moved `into` Carthago."""
    (tmp_path / "oc.toml").write_text(setup)
    shell.ok(*TABLE, "--setup", str(tmp_path / "oc.toml"))
    into_b2(shell)
    through_b_at_the_table(shell, climate=climate)
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    shell.ok("initiative", "leader")
    shell.ok("march", "africa", "--to", "Carthage", "--in", into)


def test_tb_28_3_the_oc_raises_in_carthago_once_a_game_turn(shell, tmp_path):
    to_oc_operations(shell, tmp_path)
    before = army(shell, "africa")["sp"]
    said = shell.ok("oc-manpower", "--sp", "8").stdout
    assert "the OC Hanno's Manpower Operation in Carthago raises 8 SP for Army africa" in said
    assert army(shell, "africa")["sp"] == before + 8
    assert "(TB-14.3, TB-14.4)" in said  # as reinforcements: the AER's window
    assert shell.refuses("oc-manpower", "--sp", "0").endswith("(TB-28.3).")
    shell.ok("verify")


def test_tb_28_3_a_failed_attempt_is_the_game_turns_attempt(shell, tmp_path):
    to_oc_operations(shell, tmp_path)
    shell.ok("oc-manpower", "--sp", "0")
    assert ops(shell)[-1]["type"] == "OCManpowerRaised"
    assert shell.refuses("oc-manpower", "--sp", "5").endswith("(TB-28.3).")


def test_tb_28_3_not_unless_the_climate_is_aggressive(shell, tmp_path):
    to_oc_operations(shell, tmp_path, climate="3")  # Interested
    refused = shell.refuses("oc-manpower", "--sp", "5")
    assert "not Aggressive" in refused and refused.endswith("(TB-28.3).")


def test_tb_28_3_not_out_of_carthago(shell, tmp_path):
    to_oc_operations(shell, tmp_path, into="field")
    refused = shell.refuses("oc-manpower", "--sp", "5")
    assert "not in Carthago" in refused and refused.endswith("(TB-28.3).")


def test_tb_28_3_not_an_oc_out_of_the_family_in_power(shell, tmp_path):
    barcid = AGGRESSIVE_CARTHAGE.replace('oc = "hanno"', 'oc = "hannibal"')
    to_oc_operations(shell, tmp_path, setup=barcid)
    shell.ok("march", "hannibal", "--to", "Carthage", "--in", "carthago")
    refused = shell.refuses("oc-manpower", "--sp", "5")  # Hannibal is a Barcid
    assert "not of the Family in Power" in refused and refused.endswith("(TB-28.3).")


# TB-28.4 ---------------------------------------------------------------------------------------


def to_b3b(shell) -> None:
    shell.ok(*TABLE)
    into_b2(shell)
    through_b_at_the_table(shell, climate="9")  # Aggressive: room for a new Army


def test_tb_28_4_a_new_army_of_20_sp_brings_a_subordinate(shell):
    to_b3b(shell)
    shell.ok("raise-army", "libya", "--sp", "20", "--leader", "Bomilcar")
    pool = [lid for lid, who in shell.json("status")["carthage"]["leaders"].items()
            if who["place"] == "pool"]  # fmt: skip
    assert pool
    drawn = pool[0]
    said = shell.ok("subordinate", "libya", "--leader", drawn, "--evidence", "#7").stdout
    assert "is drawn as a Subordinate and joins Army libya (TB-28.4)" in said
    assert shell.json("status")["carthage"]["leaders"][drawn]["place"] == "map"
    assert shell.refuses("subordinate", "libya", "--leader", pool[-1]).endswith("(TB-28.4).")
    shell.ok("verify")


def test_tb_28_4_fewer_than_20_sp_bring_none(shell):
    to_b3b(shell)
    shell.ok("raise-army", "libya", "--sp", "19", "--leader", "Bomilcar")
    refused = shell.refuses("subordinate", "libya", "--leader", "Himilco")
    assert "19 SP were raised" in refused and refused.endswith("(TB-28.4).")
    assert shell.refuses("subordinate", "africa", "--leader", "Himilco").endswith("(TB-28.4).")


def test_tb_28_4_twenty_sp_of_reinforcements_bring_one_with_an_army_they_joined(shell):
    to_b3b(shell)
    shell.ok("reinforce", "africa", "--sp", "12")
    shell.ok("reinforce", "hispania", "--sp", "8")
    refused = shell.refuses("subordinate", "hannibal", "--leader", "Himilco")
    assert "neither raised nor reinforced" in refused  # placed with one they joined
    shell.ok("subordinate", "hispania", "--leader", "Himilco")
    assert shell.json("log")[-1]["data"]["army"] == "hispania"
