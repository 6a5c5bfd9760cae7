"""Thunderbolt's LAM cup at C1 (TB-4.1, TB-4.2), with the page's example."""

from __future__ import annotations

from dataclasses import replace

from helpers.thunderbolt.start import EXAMPLE, NEW

from campaign.kinds.thunderbolt.board import armies, cup, detachments, roman, setup
from campaign.kinds.thunderbolt.board.offices import Magistrate


def test_tb_4_2_the_pages_example():
    """Consul (Initiative 3), Proconsul (2), Praetor Philo #436 (2), PU, a Dictator staying in
    Rome (1) and his ME (4): 3 + 2 + 1 + 0 + 1 + 3 = 10."""
    loaded = setup.load(EXAMPLE)
    r = roman.opening(loaded)
    ratings = {"pulcher": 3, "gracchus": 2, "philo": 2, "cethegus": 1, "fabius": 1, "minucius": 4}
    leaders = {lid: replace(r.leaders[lid], initiative=ratings.get(lid, 2)) for lid in r.leaders}
    offices = {
        "pulcher": Magistrate("pulcher", "Consul", ("I", "II"), "Roman Italy"),
        "gracchus": Magistrate("gracchus", "Proconsul", ("V", "VI"), province="lucania"),
        "philo": Magistrate("philo", "Praetor", ("X",)),
        "cethegus": Magistrate("cethegus", "PU"),
        "fabius": Magistrate("fabius", "Dictator"),
        "minucius": Magistrate("minucius", "ME"),
    }
    r = replace(r, leaders=leaders, magistrates=offices)
    assert cup.roman_lams(r) == {
        "pulcher": 3,
        "gracchus": 2,
        "philo": 1,
        "cethegus": 0,
        "fabius": 1,
        "minucius": 3,
    }
    assert sum(cup.roman_lams(r).values()) == 10


def test_tb_4_1_the_cup_holds_every_leaders_lams_and_three_siege_markers(shell):
    """The example's opening: six magistrates (Consuls and Proconsuls of Initiative 2, a
    Praetor, the PU) and Carthage's two commanders (Hannibal 4, Hanno 2); Hispania's Army has
    none."""
    shell.ok(*NEW)
    held = shell.json("status")["cup"]
    assert held["rome"] == {
        "pulcher": 2,
        "flaccus": 2,
        "gracchus": 2,
        "marcellus": 2,
        "nero": 1,
        "cethegus": 0,
    }
    assert held["carthage"] == {"hannibal": 4, "hanno": 2}
    assert (held["lams"], held["siege_attrition"], held["augury"]) == (15, 3, 0)


# The C2 draw (TB-4.3 to TB-4.6).


def test_tb_4_4_the_program_draws_from_the_cup_filled_at_c1(shell):
    """Committed dice: C1 fills the cup with every LAM and three Siege Attrition markers; each
    draw takes one out and opens what it opens; verify re-draws it."""
    from helpers.thunderbolt.start import into_b2, through_b

    shell.ok(*NEW)
    into_b2(shell)
    through_b(shell)
    status = shell.json("status")
    left = status["cup"]["left"]
    assert len(left) == status["cup"]["lams"] + cup.SIEGE_ATTRITION_MARKERS
    assert sum(m.startswith("none/siege/") for m in left) == 3
    assert left == sorted(left)  # TB-16.3: by side, kind, leader, copy
    shell.ok("initiative")
    drawn = shell.json("log")[-1]["data"]
    assert drawn["marker"] in left and drawn["candidates"] == sorted(left)
    after = shell.json("status")
    assert after["cup"]["left"] == [m for m in left if m != drawn["marker"]]
    opens_d = drawn["marker"].split("/")[1] in ("lam", "siege")
    assert after["steps"] == (["D"] if opens_d else ["E"])
    assert after["cup"]["phase_leader"] == cup.leader_of(drawn["marker"])
    assert "--drawn" in shell.refuses("initiative", "--drawn", "siege")  # committed: no entry
    shell.ok("verify")


def test_tb_4_4_with_no_lam_left_play_passes_to_f():
    markers = cup.markers(cup.Cup({}, {"hanno": 1}, 2, 1))
    assert markers == (
        "carthage/lam/hanno/1",
        "none/augury/-/1",
        "none/siege/-/1",
        "none/siege/-/2",
    )
    assert cup.live(markers[1:], frozenset()) == []  # no LAM: play passes to F
    assert cup.live(markers, frozenset({"hanno"})) == []  # void: no LAM left
    assert cup.live(markers, frozenset()) == list(markers)


def test_tb_4_3_a_triumph_voids_the_leaders_lams(shell):
    """External dice: Albinus's LAM drawn, he triumphs (TB-10.9); his other LAMs are set aside
    at the next draws, and a draw entered for him is refused."""
    from helpers.thunderbolt.senate import to_operations

    to_operations(shell, draw=("initiative", "--drawn", "Albinus"))
    assert shell.json("status")["cup"]["phase_leader"] == "albinus"
    shell.ok("victor", "Albinus", "--inflicted", "12", "--enemy-infantry")
    shell.ok("march", "Albinus", "--to", "Latium")  # next to Rome (TB-10.9)
    shell.ok("triumph", "Albinus", "--lost", "0")
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)  # TB-4.6: Finished, back to C2
    assert shell.json("status")["steps"] == ["C2"]
    cup = shell.json("status")["cup"]
    assert "albinus" in " ".join(cup["void"])  # still in the cup ...
    assert "albinus" not in " ".join(cup["left"])  # #28: not listed among those left to draw
    refusal = shell.refuses("initiative", "--drawn", "Albinus")
    assert refusal.endswith("(TB-16.4).")  # ... but void: not among the markers to draw
    shell.ok("initiative", "--drawn", "Hannibal")
    drawn = shell.json("log")[-1]["data"]
    assert not any(m.startswith("rome/lam/albinus/") for m in drawn["candidates"])


def test_tb_4_5_a_consuls_phase_to_the_pu_once_a_game_turn(shell):
    from helpers.thunderbolt.senate import to_operations

    to_operations(shell, draw=("initiative", "--drawn", "Albinus"))
    shell.ok("pu-phase")
    assert shell.json("status")["cup"]["phase_leader"] == "fabius"
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "--drawn", "Tuditanus")
    assert shell.refuses("pu-phase").endswith("(TB-4.5).")  # once a Game Turn
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "--drawn", "Hannibal")
    assert shell.refuses("pu-phase").endswith("(TB-4.5).")  # a Consul's phase only
    shell.ok("verify")


def test_tb_15_6_diplomacy_only_in_hannibals_phase_when_the_draw_says_whose(shell):
    from helpers.thunderbolt.senate import to_operations

    to_operations(shell, draw=("initiative", "--drawn", "Albinus"))
    refusal = shell.refuses("diplomacy", "Lucania", "--result", "1", "--face", "3")
    assert refusal.endswith("(TB-15.6).") and "Hannibal" in refusal
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "--drawn", "Hannibal")
    shell.ok("diplomacy", "Lucania", "--result", "1", "--face", "3")


def test_tb_4_3_a_censured_magistrates_replacement_inherits_his_lams(shell):
    from helpers.thunderbolt.senate import to_operations

    to_operations(shell, draw=("initiative", "--drawn", "Albinus"))
    before = [m for m in shell.json("status")["cup"]["left"] if m.startswith("rome/lam/pulcher/")]
    pool = [
        lid
        for lid, who in shell.json("status")["rome"]["leaders"].items()
        if who["place"] == "pool"
    ]
    name = shell.json("status")["rome"]["leaders"][pool[0]]["name"]
    shell.ok("censure", "Pulcher", "--face", "9", "--leader", name)
    left = shell.json("status")["cup"]["left"]
    assert not any(m.startswith("rome/lam/pulcher/") for m in left)
    assert len([m for m in left if m.startswith(f"rome/lam/{pool[0]}/")]) == len(before)


def test_tb_4_3_the_dashboard_says_what_is_still_in_the_cup_by_leader(shell, tmp_path):
    """Issue #28: the dashboard said how many LAMs went into the cup at C1, not what is left to
    draw; it lists, leader by leader, the markers still in the cup (Hannibal's first LAM drawn:
    three of his four left) and the Siege Attrition markers."""
    from helpers.thunderbolt.detachments import in_operations

    in_operations(shell, tmp_path)
    board = " ".join(shell.ok("status").stdout.split())
    left = board.split("Still in the cup (TB-4.3): ", 1)[1]
    assert left.startswith("Hannibal 3, Hanno 2, Mago 2, Siege Attrition 3, ")
    assert "Set aside void" not in board


def test_tb_4_2_a_detachments_leader_a_subordinate_puts_in_his_initiative():
    """#28 listed a Detachment's Subordinate given no LAMs: TB-4.2 gives a Carthaginian Army
    Commander or Subordinate his Initiative; a leader commanding nothing, none."""
    c = armies.opening(setup.load(EXAMPLE))
    assert "hasdrubal" not in cup.carthage_lams(c)  # in the pool, commanding nothing
    c, _ = detachments.detach(c, "hannibal", 10, "hasdrubal")
    lams = cup.carthage_lams(c)
    assert lams["hasdrubal"] == c.leaders["hasdrubal"].initiative
    assert lams["hannibal"] == c.leaders["hannibal"].initiative  # the commander still his own


def test_tb_4_3_a_detachments_leaders_lams_are_not_void():
    """TB-4.2 puts a Detachment leader's LAMs in the cup; TB-4.3 voided them all the same (every
    Carthaginian but an Army's commander was void), so the draw always set them aside."""
    from campaign.kinds.thunderbolt.board import roman

    made = setup.load(EXAMPLE)
    r, c = roman.opening(made), armies.opening(made)
    assert "hasdrubal" in cup.void_leaders(r, c)  # in the pool: no command
    c, _ = detachments.detach(c, "hannibal", 10, "hasdrubal")
    assert "hasdrubal" not in cup.void_leaders(r, c)
    assert "hannibal" not in cup.void_leaders(r, c)


def test_tb_4_6_a_finished_leader_is_one_command_both_dones_and_the_next_draw(shell):
    """#28: a LAM took three commands in the Operations Phase (each side's "done", then the
    draw). `finished` records both sides' "done" and the next draw from the cup in one append,
    as the three would (TB-4.6, TB-4.4); verify decides each again."""
    from helpers.thunderbolt.start import into_b2, through_b

    shell.ok(*NEW)
    into_b2(shell)
    through_b(shell)
    shell.ok("initiative")  # the program draws from the cup
    before = len(shell.json("log"))
    while "D" in shell.json("status")["steps"]:
        shell.ok("finished")
        added = [e["type"] for e in shell.json("log")[before:]]
        assert added[:2] == ["StepFinished", "StepFinished"] and added[2] == "MarkerDrawn"
        before = len(shell.json("log"))
    assert shell.json("status")["steps"] != ["C2"]
    assert shell.ok("verify").exit_code == 0
    assert shell.refuses("finished").endswith("(TB-3.2).")  # no phase in hand


def test_tb_4_6_finished_under_dice_from_the_table_takes_the_marker_drawn(shell, tmp_path):
    from helpers.thunderbolt.detachments import in_operations

    in_operations(shell, tmp_path)  # Hannibal's LAM drawn at the table
    assert "--drawn" in shell.refuses("finished")
    shell.ok("finished", "--drawn", "Albinus", "--evidence", "drawn on stream")
    last = shell.json("log")[-1]
    assert last["type"] == "MarkerDrawn" and last["data"]["marker"].startswith("rome/lam/albinus/")
    assert shell.json("status")["steps"] == ["D"]


def test_tb_4_4_no_lam_left_only_when_the_programs_cup_is_empty(shell):
    """#28: `initiative empty` was accepted with LAMs left in the cup. Drawn from the program's
    cup (a marker entered from the table with --drawn), the LAMs left say whether C2 finds none:
    refused, nothing recorded; once a draw is typed by its kind alone the cup no longer knows,
    and the table's word is taken."""
    from helpers.thunderbolt.senate import to_operations

    to_operations(shell, draw=("initiative", "--drawn", "Albinus"))
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    refused = shell.refuses("initiative", "empty")
    assert "LAMs still in the cup" in refused and refused.endswith("(TB-4.4).")
    shell.ok("initiative", "leader")  # drawn at the table, typed by its kind
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "empty")
    assert shell.json("status")["steps"] != ["C2"]
    shell.ok("verify")
