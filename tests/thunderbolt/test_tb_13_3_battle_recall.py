"""TB-13.3, a defect of #28: a land battle's report did not ask which Carthaginian Army fought,
so the recall roll a defeat makes due at once was never prompted (only a siege's was). Now the
report names the Army (`--army`, its SP at the battle's start as tracked, or `--army-sp`): lost
with 20+ SP, its commander's recall roll is due at once and what is next says so."""

from __future__ import annotations

from helpers.thunderbolt.senate import to_operations


def due(shell) -> str:
    return shell.json("status")["pending"]


def test_tb_13_3_a_land_battle_lost_with_20_sp_makes_the_recall_roll_due_at_once(shell):
    to_operations(shell, family="9")  # Hanno's Army, africa, 20 SP
    shell.ok("land-battle", "Apulia", "--winner", "rome", "--major", "--army", "africa")
    fought = shell.json("log")[-1]
    assert fought["type"] == "ArmyInBattle"
    assert (fought["data"]["sp"], fought["data"]["lost"], fought["data"]["recall_due"]) == (
        20,
        True,
        True,
    )
    assert "Army africa's commander rolls for recall (recall africa, TB-13.3)" in due(shell)
    shell.ok("recall", "africa", "--face", "6", "--face", "7")  # TB-19's fixture: recalled
    assert "rolls for recall" not in due(shell)
    shell.ok("verify")


def test_tb_13_3_no_recall_after_a_victory_or_with_fewer_than_20_sp(shell):
    to_operations(shell, family="9")
    shell.ok("land-battle", "Apulia", "--winner", "carthage", "--army", "hannibal")
    assert shell.json("log")[-1]["data"]["recall_due"] is False
    shell.ok("land-battle", "Lucania", "--winner", "rome", "--army", "africa", "--army-sp", "19")
    assert shell.json("log")[-1]["data"]["recall_due"] is False
    assert "rolls for recall" not in due(shell)
    assert "did you mean" in shell.refuses(
        "land-battle", "Apulia", "--winner", "rome", "--army", "afrika"
    )
