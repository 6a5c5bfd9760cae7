"""Thunderbolt's siege report (TB-5.2) and what it sets off, recorded with it: a Major Victory's
shifts (TB-15.2), Roman Retribution with its dice (TB-15.7, TB-19.7's Apulia), a Triumph earned
by a Roman magistrate present (TB-10.9), a recall due for a Carthaginian commander present when
Rome takes a Medium or Large city (TB-13.3). The example's Apulia is Carthage-allied at -3 and
adjacent to Lucania, Samnium and Calabria; Consul Albinus holds CA 2 there after Phase B at the
table; Hannibal's Army stands in Apulia."""

from __future__ import annotations

from helpers.thunderbolt.detachments import in_operations

TAKEN = [
    "siege", "Apulia", "--city", "Arpi", "--size", "medium", "--ended", "assault",
    "--taken-by", "rome",
]  # fmt: skip


def track(shell) -> dict:
    return {p: row["level"] for p, row in shell.json("status")["italian_allies"].items()}


def test_tb_5_2_a_city_taken_with_all_it_sets_off(shell, tmp_path):
    in_operations(shell, tmp_path)
    said = shell.ok(
        *TAKEN, "--major", "--enemy-infantry", "--inflicted", "12", "--leader", "Albinus",
        "--leader", "Hannibal", "--sacked", "--face", "0", "--face", "3", "--face", "4",
    ).stdout  # fmt: skip
    assert "Arpi (Apulia, medium) taken by Rome by Assault" in said
    kinds = [e["type"] for e in shell.json("log")][-4:]
    assert kinds == ["SiegeReported", "VictoryReported", "CitySacked", "TriumphEarned"]
    sacked = shell.json("log")[-2]["data"]
    assert sorted(sacked["faces"]) == ["calabria", "lucania", "samnium"]
    assert "recall hannibal" in shell.json("status")["pending"]  # TB-13.3, at once
    shell.ok("verify")


def test_tb_5_2_the_report_refuses_what_cannot_be(shell, tmp_path):
    in_operations(shell, tmp_path)
    lifted = ["siege", "Apulia", "--city", "Arpi", "--ended", "lifted"]
    assert shell.refuses(*lifted, "--taken-by", "rome").endswith("(TB-5.2).")
    assert shell.refuses(*lifted, "--major").endswith("(TB-5.2).")
    assert shell.refuses(*TAKEN[:-1], "carthage", "--sacked").endswith("(TB-5.2).")
    assert "did you mean medium?" in shell.refuses(*TAKEN[:4], "--size", "meduim", *TAKEN[6:])
    shell.refuses(*TAKEN[:2], "--city", "Arpi\x1b[2J", *TAKEN[4:])
    assert "Arpi" not in shell.ok("log").stdout
    shell.ok(*lifted)
    assert shell.json("log")[-1]["data"]["taken_by"] == "none"


def test_tb_13_3_a_small_city_or_no_commander_present_no_recall(shell, tmp_path):
    in_operations(shell, tmp_path)
    shell.ok(*TAKEN[:4], "--size", "small", *TAKEN[6:], "--leader", "Hannibal")
    assert "recall" not in shell.json("status")["pending"]
    shell.ok(*TAKEN)  # medium, nobody of Carthage's there
    assert shell.json("log")[-1]["data"]["recall_due"] == []


def test_tb_10_9_no_triumph_without_enemy_infantry_or_10_sp(shell, tmp_path):
    in_operations(shell, tmp_path)
    shell.ok(*TAKEN, "--inflicted", "12", "--leader", "Albinus")  # no enemy infantry
    shell.ok(*TAKEN, "--enemy-infantry", "--inflicted", "9", "--leader", "Albinus")
    assert "TriumphEarned" not in [e["type"] for e in shell.json("log")]
    shell.ok(*TAKEN, "--enemy-infantry", "--inflicted", "10", "--leader", "Albinus")
    assert [e["type"] for e in shell.json("log")][-1] == "TriumphEarned"
