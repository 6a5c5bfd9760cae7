"""Thunderbolt's Censure and Triumph in Operations, on the command line (TB-10.6, TB-10.7, TB-10.9)
with the page's example (Proconsul C. Pulcher #417, Campaign 6: Censure die 7, -1 entered: 6, not
above 6, he stays) and TB-19.5 (a Consul's Triumph in 211 BCE without a roll; in 210 BCE he may be
elected Consul from the Triumph Holding Box)."""

from __future__ import annotations

from helpers.thunderbolt.senate import to_operations
from helpers.thunderbolt.start import NEW, office, pool, rome

from campaign.kinds.thunderbolt.board import elections, prorogues, roman


def test_tb_10_6_the_pages_example_pulcher_stays(shell):
    to_operations(shell)
    shell.ok("censure", "Pulcher", "--drm", "chart=-1", "--face", "7")
    rolled = shell.json("log")[-1]["data"]
    assert (rolled["face"], rolled["censured"], rolled["replacement"]) == (7, False, None)
    assert office(shell, "pulcher")["office"] == "Proconsul"
    refusal = shell.refuses("censure", "Pulcher", "--face", "9")
    assert refusal.endswith("(TB-10.6).")  # once in an Operations Phase
    shell.ok("verify")


def test_tb_10_6_and_10_7_censured_and_replaced_from_the_pool(shell):
    """Die 9 with no DRM: 9 above 6, Pulcher is censured; the leader drawn takes his office, his
    CA and Campania; Pulcher is never drawn again."""
    to_operations(shell)
    before = office(shell, "pulcher")
    candidates = pool(shell)
    refusal = shell.refuses("censure", "Pulcher", "--face", "9")
    assert "--leader" in refusal  # the table draws the replacement (TB-16.4)
    drawn = rome(shell)["leaders"][candidates[0]]["name"]
    shell.ok("censure", "Pulcher", "--face", "9", "--leader", drawn)
    after = office(shell, candidates[0])
    assert rome(shell)["leaders"]["pulcher"]["place"] == roman.CENSURED
    assert office(shell, "pulcher") is None
    assert {k: v for k, v in after.items() if k != "leader"} == {
        k: v for k, v in before.items() if k != "leader"
    }
    assert "pulcher" not in pool(shell)
    shell.ok("verify")


def test_tb_10_6_only_a_consul_proconsul_or_praetor_rolls(shell):
    to_operations(shell)
    assert shell.refuses("censure", "Fabius", "--face", "9").endswith("(TB-10.6).")  # the PU
    assert shell.refuses("censure", "Torquatus", "--face", "9").endswith("(TB-10.6).")  # no office


def test_tb_10_7_committed_a_censure_and_its_draw_are_verified(shell):
    from helpers.thunderbolt.start import into_b2, through_b

    shell.ok(*NEW)
    into_b2(shell)
    through_b(shell)
    shell.ok("initiative", "leader")
    consul = next(m["leader"] for m in rome(shell)["magistrates"] if m["office"] == "Consul")
    shell.ok("censure", consul, "--drm", "chart=+9")  # any die: above his Campaign Rating
    rolled = shell.json("log")[-1]["data"]
    assert rolled["censured"] and rolled["replacement"] in rolled["candidates"]
    kinds = [r["kind"] for r in shell.json("status")["rolls"]][-2:]
    assert kinds == ["censure", "draw-rome"]
    shell.ok("verify")


def test_tb_10_9_a_triumph_needs_the_victory_then_rome(shell):
    to_operations(shell)
    assert shell.refuses("triumph", "Albinus").endswith("(TB-10.9).")  # no victory yet
    refusal = shell.refuses("victor", "Albinus", "--inflicted", "12")
    assert refusal.endswith("(TB-10.9).") and "enemy infantry" in refusal
    refusal = shell.refuses("victor", "Albinus", "--inflicted", "9", "--enemy-infantry")
    assert refusal.endswith("(TB-10.9).")  # 10+ SP
    assert shell.refuses("victor", "Torquatus", "--inflicted", "12", "--enemy-infantry").endswith(
        "(TB-10.9)."
    )  # no Imperium
    shell.ok("victor", "Albinus", "--how", "assault", "--inflicted", "10", "--enemy-infantry")
    assert rome(shell)["victories"]["albinus"] == {"turn": 1, "how": "assault"}


def test_tb_10_9_a_triumph_is_celebrated_from_next_to_rome(shell):
    """#28: a Triumph was accepted for a magistrate the tracker places far from Rome. Albinus's
    CA stands in Apulia: refused; marched to Latium, Roma's province, he enters."""
    to_operations(shell)
    shell.ok("victor", "Albinus", "--inflicted", "12", "--enemy-infantry")
    refusal = shell.refuses("triumph", "Albinus", "--lost", "10")
    assert "stands in Apulia" in refusal and "Latium" in refusal and refusal.endswith("(TB-10.9).")
    shell.ok("march", "Albinus", "--to", "Latium")
    shell.ok("triumph", "Albinus", "--lost", "10")
    assert rome(shell)["triumphs"]["albinus"] == {"turn": 1, "office": "Consul"}


def test_tb_10_9_losses_of_15_percent_need_the_senate_guile_its_only_drm(shell):
    """Albinus (Campaign 5, Guile 1 in the example) lost 20 %: the Senate's die 9: denied, the
    victory spent; after another victory, die 6 - 1 Guile = 5: granted."""
    to_operations(shell)
    shell.ok("victor", "Albinus", "--inflicted", "12", "--enemy-infantry")
    shell.ok("march", "Albinus", "--to", "Latium")  # next to Rome
    refusal = shell.refuses("triumph", "Albinus", "--lost", "20", "--guile", "2", "--face", "6")
    assert refusal.endswith("(TB-10.5).")  # at most his printed Guile
    shell.ok("triumph", "Albinus", "--lost", "20", "--face", "9")
    celebrated = shell.json("log")[-1]["data"]
    assert (celebrated["face"], celebrated["granted"]) == (9, False)
    assert "albinus" not in rome(shell)["victories"]  # the victory is spent
    assert "albinus" not in rome(shell)["triumphs"]
    assert shell.refuses("triumph", "Albinus", "--lost", "20", "--face", "0").endswith("(TB-10.9).")
    shell.ok("victor", "Albinus", "--inflicted", "15", "--enemy-infantry")
    shell.ok("triumph", "Albinus", "--lost", "20", "--guile", "1", "--face", "6")
    assert shell.json("log")[-1]["data"]["granted"] is True
    assert rome(shell)["triumphs"]["albinus"] == {"turn": 1, "office": "Consul"}
    shell.ok("verify")


def test_tb_19_5_a_triumph_without_a_roll_and_the_consulship_from_the_box(shell):
    """Consul Albinus wins a battle (enemy infantry present, 12 SP inflicted) and later enters
    Rome with 10 % losses: a Triumph without a roll, Finished for the Game Turn (his LAMs void,
    TB-4.3); released, he goes to the Triumph Holding Box, and next Game Turn may be elected
    Consul from it (TB-8.2)."""
    to_operations(shell)
    assert office(shell, "albinus")["office"] == "Consul"
    shell.ok("victor", "Albinus", "--inflicted", "12", "--enemy-infantry")
    shell.ok("march", "Albinus", "--to", "Latium")
    shell.ok("triumph", "Albinus", "--lost", "10")
    celebrated = shell.json("log")[-1]["data"]
    assert (celebrated["number"], celebrated["face"], celebrated["granted"]) == (0, -1, True)
    assert rome(shell)["triumphs"]["albinus"] == {"turn": 1, "office": "Consul"}
    assert rome(shell)["finished"] == ["albinus"]
    assert shell.refuses("triumph", "Albinus", "--lost", "10").endswith("(TB-10.9).")  # once
    from campaign.service.unit_of_work import Campaigns

    state = Campaigns(shell.db).load("Punic").state
    assert elections.triumph_candidates(state.romans, "Consul", 2) == []  # still in office
    released = prorogues.release(roman.new_turn(state.romans), "albinus")
    assert released.places["albinus"] == roman.TRIUMPH  # TB-7.5
    assert elections.triumph_candidates(released, "Consul", 2) == ["albinus"]  # TB-8.2
    assert elections.triumph_candidates(released, "Consul", 3) == []  # only the next Game Turn
    shell.ok("verify")


def test_tb_10_9_the_dashboard_names_who_waits_in_the_triumph_holding_box(shell):
    """Issue #28: the dashboard named the pool, not the Triumph Holding Box; the example's set-up
    starts Torquatus there (TB-19.4), and the dashboard says so."""
    shell.ok(*NEW)
    board = " ".join(shell.ok("status").stdout.split())
    assert "In the Triumph Holding Box (TB-10.9): Torquatus #" in board
