"""Thunderbolt's Legions after a land battle, reported with it (TB-5.1, TB-5.5, TB-11.10, and
TB-19.6's example in play): the SP each Legion engaged lost by class; Rome won — the player may
promote one Recruit that fought, two after a Major Victory; Rome lost — the Veteran that lost most
SP is demoted (ties: the player's choice); a Major defeat demotes every Veteran left with 5 or
fewer Citizen infantry, or one of the player's choice; a draw changes nothing; a Legion at 0 SP is
eliminated. The example opens with Veterans I (10/1/12/3) and III (9/1/9/3), Recruits II and IV."""

from __future__ import annotations

from helpers.thunderbolt.detachments import in_operations
from helpers.thunderbolt.legions import legion_rows


def disciplines(shell) -> dict:
    return {lg: row["discipline"] for lg, row in legion_rows(shell).items()}


def test_tb_11_10_a_defeat_demotes_the_veteran_that_lost_most(shell, tmp_path):
    in_operations(shell, tmp_path)
    said = shell.ok(
        "land-battle", "Apulia", "--winner", "carthage", "--legion", "II",
        "--legion-loss", "I:citizen-infantry=2", "--legion-loss", "III:ala-infantry=3",
    ).stdout  # fmt: skip
    assert "demoted to Recruit: III (TB-11.10)" in said
    rows = legion_rows(shell)
    assert rows["III"]["discipline"] == "Recruit" and rows["III"]["sp"] == [9, 1, 6, 3]
    assert rows["I"]["discipline"] == "Veteran" and rows["I"]["sp"] == [8, 1, 12, 3]
    shell.ok("verify")


def test_tb_11_10_a_tie_is_the_players_choice(shell, tmp_path):
    in_operations(shell, tmp_path)
    losses = ["--legion-loss", "I:citizen-infantry=2", "--legion-loss", "III:ala-infantry=2"]
    refusal = shell.refuses("land-battle", "Apulia", "--winner", "carthage", *losses)
    assert refusal.endswith("(TB-11.10).") and "I, III" in refusal
    assert shell.refuses(
        "land-battle", "Apulia", "--winner", "carthage", *losses, "--demote", "II"
    ).endswith("(TB-11.10).")  # II is no Veteran that lost most
    shell.ok("land-battle", "Apulia", "--winner", "carthage", *losses, "--demote", "I")
    assert disciplines(shell)["I"] == "Recruit" and disciplines(shell)["III"] == "Veteran"


def test_tb_19_6_a_major_defeat_in_play_veterans_at_4_and_7(shell, tmp_path):
    """Veterans I at 4 and III at 7 Citizen infantry after a Major defeat: I is demoted, III
    not (the most-SP rule does not apply)."""
    in_operations(shell, tmp_path)
    shell.ok(
        "land-battle", "Apulia", "--winner", "carthage", "--major", "--ca", "--lost", "40",
        "--legion-loss", "I:citizen-infantry=6", "--legion-loss", "III:citizen-infantry=2",
        "--legion-loss", "III:ala-infantry=8",
    )  # fmt: skip
    assert disciplines(shell)["I"] == "Recruit" and disciplines(shell)["III"] == "Veteran"
    shell.ok("verify")


def test_tb_19_6_a_major_defeat_in_play_veterans_at_7_and_8_one_of_the_players_choice(
    shell, tmp_path
):
    in_operations(shell, tmp_path)
    battle = ["land-battle", "Apulia", "--winner", "carthage", "--major"]
    losses = ["--legion-loss", "I:citizen-infantry=3", "--legion-loss", "III:citizen-infantry=1"]
    assert shell.refuses(*battle, *losses).endswith("(TB-11.10).")
    shell.ok(*battle, *losses, "--demote", "III")
    assert disciplines(shell)["III"] == "Recruit" and disciplines(shell)["I"] == "Veteran"


def test_tb_11_10_a_victory_may_promote_one_two_after_a_major_one(shell, tmp_path):
    in_operations(shell, tmp_path)
    fought = ["--legion", "I", "--legion", "II", "--legion", "IV", "--legion", "V"]
    won = ["land-battle", "Apulia", "--winner", "rome", *fought]
    assert shell.refuses(*won, "--promote", "II", "--promote", "IV").endswith("(TB-11.10).")
    assert shell.refuses(*won, "--promote", "I").endswith("(TB-11.10).")  # a Veteran already
    assert shell.refuses(*won, "--promote", "VI").endswith("(TB-11.10).")  # did not fight
    shell.ok(*won, "--major", "--promote", "II", "--promote", "IV")
    assert disciplines(shell)["II"] == disciplines(shell)["IV"] == "Veteran"
    assert disciplines(shell)["V"] == "Recruit"  # "may": not promoted
    shell.ok("verify")


def test_tb_11_10_a_draw_changes_nothing_and_tb_5_5_a_legion_at_0_sp_is_eliminated(shell, tmp_path):
    in_operations(shell, tmp_path)
    draw = ["land-battle", "Apulia", "--winner", "none", "--legion", "III"]
    assert shell.refuses(*draw, "--promote", "III").endswith("(TB-11.10).")
    assert shell.refuses(*draw, "--legion-loss", "IV:citizen-cavalry=2").endswith("(TB-5.1).")
    said = shell.ok(
        *draw, *[f"--legion-loss=IV:{c}={n}" for c, n in (
            ("citizen-infantry", 9), ("citizen-cavalry", 1), ("ala-infantry", 9),
            ("ala-cavalry", 3),
        )],
    ).stdout  # fmt: skip
    assert "eliminated at 0 SP: IV (TB-5.5)" in said
    assert "IV" not in legion_rows(shell)
    cas = shell.json("status")["rome"]["cas"]
    assert all("IV" not in members for members in cas.values())
    assert disciplines(shell)["III"] == "Veteran"
    shell.ok("verify")
