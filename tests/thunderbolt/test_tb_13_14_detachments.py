"""Thunderbolt's Detachments in Operations, on the command line: made and returned (TB-13.9), the
effective AER they leave (TB-14.5, with the page's example), and a Detachment becoming the Army
when the Army is eliminated (TB-14.6). The example's Armies: Hannibal's 40 SP at +2, Hanno's in
Africa 20 SP at -1."""

from __future__ import annotations

from helpers.thunderbolt.detachments import armies, in_operations


def test_tb_13_9_one_detachment_per_army_two_for_hannibals_at_most_half_its_sp(shell, tmp_path):
    in_operations(shell, tmp_path)
    assert shell.refuses("detach", "hannibal", "--sp", "21").endswith("(TB-13.9).")  # 40 / 2
    shell.ok("detach", "hannibal", "--sp", "20", "--leader", "Hasdrubal")
    shell.ok("detach", "hannibal", "--sp", "10")  # half of the 20 left
    assert shell.refuses("detach", "hannibal", "--sp", "1").endswith("(TB-13.9).")  # two
    shell.ok("detach", "africa", "--sp", "10")
    assert shell.refuses("detach", "africa", "--sp", "1").endswith("(TB-13.9).")  # one
    parts = [
        {k: p[k] for k in ("id", "sp", "leader", "province")}
        for p in armies(shell)["hannibal"]["parts"]
    ]
    assert parts == [
        {"id": "hannibal-1", "sp": 20, "leader": "hasdrubal", "province": "apulia"},
        {"id": "hannibal-2", "sp": 10, "leader": None, "province": "apulia"},
    ]
    assert armies(shell)["hannibal"]["sp"] == 10
    shell.ok("verify")


def test_tb_14_5_the_pages_example_hannibals_army_at_plus_2_with_two_detachments(shell, tmp_path):
    """Hannibal's Army, stored +2, two Detachments: 0 for the Army and both; the stored AER does
    not change."""
    in_operations(shell, tmp_path)
    shell.ok("detach", "hannibal", "--sp", "10")
    shell.ok("detach", "hannibal", "--sp", "10")
    hannibal = armies(shell)["hannibal"]
    assert (hannibal["aer"], hannibal["effective_aer"], hannibal["detachments"]) == (2, 0, 2)
    assert [part["aer"] for part in hannibal["parts"]] == [0, 0]  # "0 for the Army and both"
    shell.ok("rejoin", "hannibal-2")
    assert [part["aer"] for part in armies(shell)["hannibal"]["parts"]] == [1]
    hannibal = armies(shell)["hannibal"]
    assert (hannibal["sp"], hannibal["effective_aer"]) == (30, 1)


def test_tb_13_9_a_detachment_that_received_sp_brings_them_all_into_the_window(shell, tmp_path):
    """Hannibal's Army at 30 SP when its Detachment of 10 rejoins having received SP: 10 of 30 is
    over 30 %: the stored AER drops 1 (TB-14.3)."""
    in_operations(shell, tmp_path)
    shell.ok("detach", "hannibal", "--sp", "10")
    shell.ok("rejoin", "hannibal-1", "--received")
    rejoined = shell.json("log")[-1]["data"]
    assert (rejoined["received"], rejoined["drop"]) == (True, 1)
    assert (armies(shell)["hannibal"]["sp"], armies(shell)["hannibal"]["aer"]) == (40, 1)
    assert shell.refuses("rejoin", "hannibal").endswith("(TB-13.9).")  # an Army, not a Detachment


def test_tb_5_5_a_detachments_losses_and_tb_14_6_it_becomes_the_army(shell, tmp_path):
    """Hanno's Army (-1) detaches 10 SP and loses the other 10: eliminated, Hanno recalled and
    rolling; its Detachment becomes the Army at -2, leaderless until B2d."""
    in_operations(shell, tmp_path)
    shell.ok("detach", "africa", "--sp", "10")
    shell.ok("losses", "africa-1", "--sp", "4", "--cause", "attrition")
    assert armies(shell)["africa"]["parts"][0]["sp"] == 6
    refusal = shell.refuses("losses", "africa", "--sp", "10", "--cause", "a battle", "--promote")
    assert refusal.endswith("(TB-14.6).")  # the Detachment has no leader to promote
    shell.ok("losses", "africa", "--sp", "10", "--cause", "a battle", "--face", "0")
    africa = armies(shell)["africa"]
    assert (africa["sp"], africa["aer"], africa["commander"], africa["parts"]) == (6, -2, None, [])
    assert shell.json("status")["carthage"]["leaders"]["hanno"]["place"] == "pool"
    shell.ok("verify")


def test_tb_14_6_of_hannibals_two_the_player_picks_its_leader_promoted_costs_2_more(
    shell, tmp_path
):
    in_operations(shell, tmp_path)
    shell.ok("detach", "hannibal", "--sp", "20", "--leader", "Hasdrubal")
    shell.ok("detach", "hannibal", "--sp", "10")
    refusal = shell.refuses("losses", "hannibal", "--sp", "10", "--cause", "x", "--face", "0")
    assert refusal.endswith("(TB-14.6).")  # which Detachment?
    shell.ok(
        "losses", "hannibal", "--sp", "10", "--cause", "a battle", "--face", "0",
        "--successor", "hannibal-1", "--promote",
    )  # fmt: skip
    army = armies(shell)["hannibal"]
    assert (army["sp"], army["aer"], army["commander"]) == (20, -1, "hasdrubal")  # 2 - 1 - 2
    assert [p["id"] for p in army["parts"]] == ["hannibal-2"]
    shell.ok("verify")


def test_tb_14_5_the_dashboard_shows_each_detachment_and_the_effective_aer(shell, tmp_path):
    """Issue #28: the dashboard listed each Army's stored AER alone, and no Detachment; it shows
    the effective AER beside the stored (TB-14.5) and each Detachment (TB-13.9) with its leader,
    SP, AER and province, as `status --json` carries them."""
    in_operations(shell, tmp_path)
    shell.ok("detach", "hannibal", "--sp", "20", "--leader", "Hasdrubal")
    shell.ok("detach", "hannibal", "--sp", "10")
    board = shell.ok("status").stdout
    (army,) = [line for line in board.splitlines() if "hannibal (Hannibal's)" in line]
    assert "+0 (stored +2)" in army and " 10 " in army
    (first,) = [line for line in board.splitlines() if "hannibal-1 (Detachment)" in line]
    assert "Hasdrubal" in first and " 20 " in first and "+0" in first and "Apulia" in first
    (second,) = [line for line in board.splitlines() if "hannibal-2 (Detachment)" in line]
    assert "none" in second and " 10 " in second
