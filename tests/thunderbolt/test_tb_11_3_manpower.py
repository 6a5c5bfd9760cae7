"""Thunderbolt's Roman Manpower Operations (TB-11.3, TB-11.8, TB-18.9): in D, a Dictator or Consul
in his own Operations Phase, in Roman Italy and not besieged, while 20+ enemy SP are in Roman
Italy (TB-5.3), raises Legions, reinforcements or the extraordinary Legions as an Operation — at
most once per LAM, by one leader a Game Turn unless the setting says any; reinforcements so
raised go only to Legions in Roman Italy, never into a besieged Roma. The example's Phase B at the
table leaves Consuls Albinus (CA 2: III, IV in Apulia) and Tuditanus (CA 3: V, VI in Lucania) in
Roman Italy and Praetor Philo with Legion IX; Legions VII and VIII stand in East Sicilia."""

from __future__ import annotations

from helpers.thunderbolt.legions import legion_rows, to_b3b

REQUEST = ["legion-request", "--face", "5", "--legions", "1", "--at", "Campania"]


def in_a_consuls_phase(shell, tmp_path, consul: str = "Albinus", options=()) -> None:
    to_b3b(shell, tmp_path, options=options)
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    shell.ok("initiative", "--drawn", consul)


def next_phase(shell, consul: str) -> None:
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "--drawn", consul)


def test_tb_11_3_a_consul_raises_legions_in_his_phase_while_the_enemy_is_in_italy(shell, tmp_path):
    in_a_consuls_phase(shell, tmp_path)
    assert shell.refuses(*REQUEST).endswith("(TB-3.2).")  # B3b's request is over
    refusal = shell.refuses(*REQUEST, "--by", "Albinus")
    assert refusal.endswith("(TB-11.3).") and "--enemy-in-italy" in refusal
    shell.ok("facts", "--enemy-in-italy")
    assert shell.refuses(*REQUEST, "--by", "Tuditanus").endswith("(TB-11.3).")  # not his phase
    assert shell.refuses(*REQUEST, "--by", "Philo").endswith("(TB-11.3).")  # a Praetor
    said = shell.ok(*REQUEST, "--by", "Albinus").stdout
    assert "Albinus makes a Manpower Operation (TB-11.3)" in said
    assert "XI" in legion_rows(shell)
    kinds = [e["type"] for e in shell.json("log")][-2:]
    assert kinds == ["ManpowerOperation", "LegionsRequested"]
    assert shell.refuses(*REQUEST, "--by", "Albinus").endswith("(TB-11.3).")  # once per LAM
    shell.ok("verify")


def test_tb_18_9_one_leader_a_game_turn_unless_the_setting_says_any(shell, tmp_path):
    in_a_consuls_phase(shell, tmp_path)
    shell.ok("facts", "--enemy-in-italy")
    shell.ok(*REQUEST, "--by", "Albinus")
    next_phase(shell, "Tuditanus")
    assert shell.refuses(*REQUEST, "--by", "Tuditanus").endswith("(TB-18.9).")
    next_phase(shell, "Albinus")
    shell.ok(*REQUEST, "--by", "Albinus")  # his next LAM
    shell.ok("verify")


def test_tb_18_9_with_any_each_dictator_or_consul_once_per_lam(shell, tmp_path):
    in_a_consuls_phase(shell, tmp_path, options=("--setting", "manpower-op-leaders=any"))
    shell.ok("facts", "--enemy-in-italy")
    shell.ok(*REQUEST, "--by", "Albinus")
    next_phase(shell, "Tuditanus")
    shell.ok(*REQUEST, "--by", "Tuditanus")
    shell.ok("verify")


def test_tb_11_3_only_in_roman_italy_and_unbesieged(shell, tmp_path):
    in_a_consuls_phase(shell, tmp_path)
    shell.ok("facts", "--enemy-in-italy")
    shell.ok("besieged", "Albinus", "--in", "port")
    assert shell.refuses(*REQUEST, "--by", "Albinus").endswith("(TB-11.3).")
    shell.ok("besieged", "Albinus", "--in", "free")
    shell.ok("march", "Albinus", "--to", "East Sicilia")
    assert shell.refuses(*REQUEST, "--by", "Albinus").endswith("(TB-11.3).")
    shell.ok("march", "Albinus", "--to", "Apulia")
    shell.ok(*REQUEST, "--by", "Albinus")


def test_tb_11_8_a_manpower_operations_reinforcements_only_in_roman_italy(shell, tmp_path):
    """N = 8 entered: none to VII in Sicily, none to a Legion besieged in Roma; to X in
    Samnium."""
    in_a_consuls_phase(shell, tmp_path)
    shell.ok("facts", "--enemy-in-italy")
    reinforce = ["reinforcements", "--face", "3", "--sp", "8", "--by", "Albinus"]
    assert shell.refuses(*reinforce, "--give", "VII:citizen-infantry=1").endswith("(TB-11.8).")
    shell.ok("march", "V", "--to", "Latium", "--in", "roma")
    shell.ok("besieged", "V", "--in", "roma")
    assert shell.refuses(*reinforce, "--give", "V:citizen-infantry=1").endswith("(TB-11.8).")
    shell.ok(*reinforce, "--give", "X:ala-infantry=3")
    assert legion_rows(shell)["X"]["sp"] == [9, 1, 12, 3]
    shell.ok("verify")


def test_tb_11_12_and_11_13_the_extraordinary_legions_by_a_manpower_operation(shell, tmp_path):
    in_a_consuls_phase(shell, tmp_path)
    shell.ok("facts", "--enemy-in-italy", "--roma-besieged")  # a Major Emergency
    shell.ok("slave-legions", "--at", "Latium", "--by", "Albinus")
    assert "Slave-1" in legion_rows(shell)
    shell.ok("verify")
