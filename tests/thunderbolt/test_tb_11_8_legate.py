"""Thunderbolt's reinforcements for Legions beyond the near Theaters (TB-11.8, TB-4.1, TB-4.4):
given in B3b to a Legion outside Roman Italy, Gallia Cisalpina and Liguria (or in a besieged port
there), the SP wait in its Theater's Holding Box and the Legate LAM joins the cup at C1; drawn, it
opens an Operations Phase for the delivery: the SP arriving (what the Naval Transport roll at the
table left) join that Theater's unbesieged Legions, or those in a besieged port, within TB-11.2's
ceilings, and every box is emptied. The example: VII (Veteran, 9/1/9/3) and VIII in East Sicilia,
X in Samnium."""

from __future__ import annotations

from helpers.thunderbolt.legions import legion_rows, to_b3b

GIVE = ["reinforcements", "--face", "5", "--sp", "12"]


def test_tb_11_8_sp_for_sicily_wait_for_the_legate_and_his_lam_joins_the_cup(shell, tmp_path):
    to_b3b(shell, tmp_path)
    shell.ok(
        *GIVE, "--give", "VII:citizen-infantry=1", "--give", "VIII:ala-infantry=2",
        "--give", "X:ala-infantry=3",
    )  # fmt: skip
    rows = legion_rows(shell)
    assert rows["X"]["sp"] == [9, 1, 12, 3]  # at once, in Roman Italy
    assert rows["VII"]["sp"] == [9, 1, 9, 3]  # not yet
    rome = shell.json("status")["rome"]
    assert rome["holding"] == {"Sicily": {"citizen-infantry": 1, "ala-infantry": 2}}
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    status = shell.json("status")
    assert status["cup"]["legate"] == 1 and "rome/legate/-/1" in status["cup"]["left"]
    shell.ok("initiative", "--drawn", "Albinus")
    assert shell.refuses("deliver", "--give", "VII:citizen-infantry=1").endswith("(TB-4.4).")
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "--drawn", "legate")
    refusal = shell.refuses("deliver", "--give", "VIII:ala-infantry=3")
    assert refusal.endswith("(TB-11.8).") and "2 ala infantry SP waited" in refusal
    assert shell.refuses("deliver", "--give", "X:citizen-infantry=1").endswith("(TB-11.8).")
    said = shell.ok("deliver", "--give", "VII:citizen-infantry=1").stdout  # 2 lost at sea
    assert "the Legate delivers from the Sicily Holding Box(es)" in said
    rows = legion_rows(shell)
    assert rows["VII"]["sp"] == [10, 1, 9, 3] and rows["VIII"]["sp"] == [9, 1, 9, 3]
    assert shell.json("status")["rome"]["holding"] == {}
    shell.ok("verify")


def test_tb_11_8_a_besieged_port_in_roman_italy_waits_too(shell, tmp_path):
    to_b3b(shell, tmp_path)
    shell.ok("besieged", "X", "--in", "port")
    shell.ok(*GIVE, "--give", "X:ala-infantry=3")
    assert shell.json("status")["rome"]["holding"] == {"Roman Italy": {"ala-infantry": 3}}
    assert legion_rows(shell)["X"]["sp"] == [9, 1, 9, 3]
