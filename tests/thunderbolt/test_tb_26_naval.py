"""TB-26 Naval Superiority (the rulebook's 8.1, B3a), as docs/thunderbolt-beyond-tb19.md restates
it: each Naval Zone's NS Level from the set-up file (TB-26.1); the levels a side built put into
zones, one toward it each (TB-26.2); re-allotments after (TB-26.3). 8.12's example: Carthage's
+2 in Mare Africum, Rome builds 2 and puts both there: 0."""

from __future__ import annotations

from helpers.thunderbolt.start import NEW, at_b3a, zones


def test_tb_26_1_the_zones_come_from_the_set_up_file(shell):
    shell.ok(*NEW)
    assert zones(shell) == {"Mare Tyrrhenum": 2, "Mare Ionium": 1, "Mare Africum": -2}
    assert "Mare Africum Carthage 2" in shell.ok("status").stdout


def test_tb_26_2_the_pages_example_two_levels_built_into_mare_africum(shell):
    at_b3a(shell)
    refusal = shell.refuses("ns", "--to", "Mare Africum")
    assert refusal.endswith("(TB-26.2).") and "has 0 NS levels built" in refusal
    shell.ok("naval", "--built", "2")  # TB-11.4: the Legion Request's DRM reads it
    shell.ok("ns", "--to", "Mare Africum", "--to", "mare africum")
    assert zones(shell)["Mare Africum"] == 0  # 8.12: "reducing Carthage's NS Level to 0"
    assert shell.refuses("ns", "--to", "Mare Ionium").endswith("(TB-26.2).")  # both used
    assert "did you mean" in shell.refuses("ns", "--to", "Mare Afircum")


def test_tb_26_2_carthage_builds_once_a_game_turn_and_enters_its_own(shell):
    at_b3a(shell)
    shell.ok("--actor", "Hanno", "ns", "--side", "carthage", "--built", "2", "--to", "Mare Ionium")
    assert zones(shell)["Mare Ionium"] == 0
    again = shell.refuses("ns", "--side", "carthage", "--built", "1", "--to", "Mare Ionium")
    assert again.endswith("(TB-26.2).")
    shell.ok("ns", "--side", "carthage", "--to", "Mare Tyrrhenum")  # its second level, later
    assert zones(shell)["Mare Tyrrhenum"] == 1
    assert shell.refuses("--actor", "Fabius", "ns", "--side", "carthage", "--move",
                         "Mare Africum=Mare Ionium").endswith("(TB-1.1).")  # fmt: skip


def test_tb_26_3_a_level_re_allotted_from_a_zone_where_the_side_has_one(shell):
    at_b3a(shell)
    shell.ok("ns", "--move", "Mare Tyrrhenum=Mare Ionium", "--move", "Mare Tyrrhenum=Mare Ionium")
    assert zones(shell)["Mare Tyrrhenum"] == 0 and zones(shell)["Mare Ionium"] == 3
    refusal = shell.refuses("ns", "--move", "Mare Tyrrhenum=Mare Africum")
    assert refusal.endswith("(TB-26.3).") and "no NS level in Mare Tyrrhenum" in refusal
    shell.ok("ns", "--side", "carthage", "--move", "Mare Africum=Mare Tyrrhenum")
    assert zones(shell)["Mare Tyrrhenum"] == -1 and zones(shell)["Mare Africum"] == -1
    shell.ok("done", "B3a")
    assert shell.refuses("ns", "--move", "Mare Ionium=Mare Africum").endswith("(TB-3.2).")
    assert shell.json("verify")["verified"]
