"""Issue #51, three rules the program bent, each played as the rulebook writes it:
4.43 (TB-7.6) a besieged magistrate without Imperium goes to the pool when his siege is resolved;
6.75 (TB-29.4) Carthaginian Citizens join an Army without penalty, drawn from their box too;
8.11 (TB-26.4) NS construction is completed before re-allotment, with 8.12's example.
The example set-up's figures: the PU Cethegus; Hanno's Army Africa of 20 SP at AER -1 in Carthage
province; Carthage's +2 in Mare Africum, Rome's +2 in Mare Tyrrhenum and +1 in Mare Ionium."""

from __future__ import annotations

from helpers.thunderbolt.manpower import at_b3b
from helpers.thunderbolt.start import ELECTED, EXAMPLE, NEW, at_b3a, into_b2, office_of, rome, zones

# 4.43, TB-7.6 ------------------------------------------------------------------------------------


def besieged_pu_to_operations(shell) -> None:
    """The PU Cethegus, without Imperium, besieged in a port: B1a neither prorogues nor releases
    him (TB-7.6); Phase B at the table (dice entered), then an Operations Phase."""
    shell.ok(*NEW, "--dice", "external")
    shell.ok("besieged", "Cethegus", "--in", "port")
    into_b2(shell)
    shell.ok("prorogue", "Pulcher", "--province", "Campania")
    shell.ok("release", "--all")
    shell.ok("done", "B1a")
    shell.ok("pluto", "--face", "1", "--face", "1", "--face", "1")  # Pulcher, Torquatus, Cethegus
    shell.ok("done", "B1b")
    for drawn in ("Albinus", "Tuditanus"):
        shell.ok("elect", "consul", "--leader", drawn)
    shell.ok("imperium")
    shell.ok("imperium")
    for drawn in ELECTED[:-1]:  # the PU's office is Cethegus's still
        shell.ok("elect", "--leader", drawn)
    shell.ok("done", "B1c")
    for command in (("family", "--face", "0"), ("done", "B2a"), ("climate", "--face", "3")):
        shell.ok(*command)
    for step in ("B2b", "B2c"):
        shell.ok("done", step)
    shell.ok("appoint", "--leader", "Mago")
    for command in (("done", "B2d"), ("station",), ("done", "B2e"), ("done", "B3a")):
        shell.ok(*command)
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    shell.ok("initiative", "leader")


def test_tb_7_6_a_siege_report_resolving_his_siege_sends_him_to_the_pool(shell):
    """4.43: "A besieged magistrate without an Imperium is returned to the Roman leader pool (if
    he survives) when the siege is resolved": the siege of his port reported, naming him, and
    he holds no office, in the pool."""
    besieged_pu_to_operations(shell)
    assert office_of(shell, "cethegus")["office"] == "PU"  # kept past B1a by the siege
    shell.ok("siege", "Latium", "--city", "Ostia", "--port", "--ended", "lifted", "--leader",
             "Cethegus")  # fmt: skip
    assert office_of(shell, "cethegus") is None
    assert rome(shell)["leaders"]["cethegus"]["place"] == "pool"
    assert [e["type"] for e in shell.json("log")[-2:]] == ["SiegeReported", "LeaderBesieged"]
    assert "verified" in shell.ok("verify").stdout.lower()


def test_tb_7_6_one_who_did_not_survive_the_siege_stays_out_of_the_pool(shell):
    """4.43's "(if he survives)": killed in the siege, he is not returned by its end."""
    besieged_pu_to_operations(shell)
    shell.ok("casualty", "Cethegus", "--outcome", "killed")
    shell.ok("siege", "Latium", "--city", "Ostia", "--port", "--ended", "assault", "--taken-by",
             "carthage", "--leader", "Cethegus")  # fmt: skip
    assert rome(shell)["leaders"]["cethegus"]["place"] == "killed"
    assert shell.json("log")[-1]["type"] == "SiegeReported"  # nobody left besieged to free


def test_tb_7_6_a_magistrate_with_imperium_is_freed_and_keeps_his_office(shell):
    """TB-5.4: the siege over, a magistrate with his Legions is besieged no longer; 4.43 returns
    only one without Imperium to the pool."""
    besieged_pu_to_operations(shell)
    shell.ok("besieged", "Pulcher", "--in", "port")
    shell.ok("siege", "Campania", "--city", "Neapolis", "--port", "--ended", "lifted", "--leader",
             "Pulcher")  # fmt: skip
    pulcher = office_of(shell, "pulcher")
    assert pulcher["office"] == "Proconsul" and not pulcher["besieged"]


# 6.75, TB-29.4 -----------------------------------------------------------------------------------

BOXES = EXAMPLE + "\n[start.manpower]\nCarthaginian = 20\nLibyan = 30\n"
"""The example with a Carthaginian (Citizens') and a Libyan Holding Box (invented figures)."""


def africa(shell) -> dict:
    return next(a for a in shell.json("status")["armies"] if a["id"] == "africa")


def test_tb_29_4_ten_citizens_from_their_box_cost_the_army_nothing(shell, tmp_path):
    """6.75: "Carthaginian Citizen units and Elite units of any nationality may be added without
    penalty and are not considered in the above calculation": Africa, 20 SP at -1, takes 10 SP
    from the Carthaginian box and stays at -1."""
    at_b3b(shell, tmp_path, BOXES)
    assert (africa(shell)["sp"], africa(shell)["aer"]) == (20, -1)
    shell.ok("reinforce", "africa", "--sp", "10", "--from", "Carthaginian=10")
    assert (africa(shell)["sp"], africa(shell)["aer"]) == (30, -1)
    assert "verified" in shell.ok("verify").stdout.lower()


def test_tb_29_4_the_others_are_counted_against_the_30_percent(shell, tmp_path):
    """6.75: 30 % of Africa's 20 SP is 6: 10 Citizens and 7 Libyans count 7, "more than 30% but
    less than the current Army size": the AER drops 1, to -2."""
    at_b3b(shell, tmp_path, BOXES)
    shell.ok("reinforce", "africa", "--sp", "17", "--from", "Carthaginian=10", "--from",
             "Libyan=7")  # fmt: skip
    assert (africa(shell)["sp"], africa(shell)["aer"]) == (37, -2)


def test_tb_29_4_citizens_from_the_box_are_not_entered_again_as_elite(shell, tmp_path):
    at_b3b(shell, tmp_path, BOXES)
    refusal = shell.refuses(
        "reinforce", "africa", "--sp", "10", "--elite", "10", "--from", "Carthaginian=10"
    )
    assert refusal.endswith("(TB-29.4).") and "0 at most, not 10" in refusal
    shell.ok("reinforce", "africa", "--sp", "14", "--elite", "4", "--from", "Carthaginian=10")
    assert africa(shell)["aer"] == -1  # 10 Citizens and 4 Elite: nothing counted


# 8.11, TB-26.4 -----------------------------------------------------------------------------------


def test_tb_26_4_construction_is_completed_before_re_allotment(shell):
    """8.11: "A player may construct and perform Re-allotment in the same segment, with
    construction completed before Re-allotment"; 8.12's example: Rome's 2 levels built go into
    Mare Africum, "reducing Carthage's NS Level to 0"; only then may a level be re-allotted."""
    at_b3a(shell)
    shell.ok("naval", "--built", "2")
    early = shell.refuses("ns", "--move", "Mare Tyrrhenum=Mare Ionium")
    assert early.endswith("(TB-26.4).") and "2 NS levels built this Game Turn" in early
    half = shell.refuses("ns", "--to", "Mare Africum", "--move", "Mare Tyrrhenum=Mare Ionium")
    assert half.endswith("(TB-26.4).") and "1 NS level built" in half
    shell.ok("ns", "--to", "Mare Africum", "--to", "Mare Africum")
    assert zones(shell)["Mare Africum"] == 0
    shell.ok("ns", "--move", "Mare Tyrrhenum=Mare Ionium")
    assert (zones(shell)["Mare Tyrrhenum"], zones(shell)["Mare Ionium"]) == (1, 2)
    assert "verified" in shell.ok("verify").stdout.lower()


def test_tb_26_4_one_entry_builds_then_re_allots(shell):
    """The levels an entry puts come before its re-allotments (8.11's order)."""
    at_b3a(shell)
    shell.ok("ns", "--side", "carthage", "--built", "1", "--to", "Mare Ionium", "--move",
             "Mare Africum=Mare Tyrrhenum")  # fmt: skip
    assert zones(shell) == {"Mare Tyrrhenum": 1, "Mare Ionium": 0, "Mare Africum": -1}


def test_tb_26_4_no_construction_after_a_re_allotment(shell):
    """A side that has re-allotted has completed its construction (8.11): Rome's levels built,
    or Carthage's, recorded after it are refused."""
    at_b3a(shell)
    shell.ok("ns", "--move", "Mare Tyrrhenum=Mare Ionium")
    rome_late = shell.refuses("naval", "--built", "2")
    assert rome_late.endswith("(TB-26.4).") and "Rome has re-allotted" in rome_late
    shell.ok("ns", "--side", "carthage", "--move", "Mare Africum=Mare Ionium")
    late = shell.refuses("ns", "--side", "carthage", "--built", "1", "--to", "Mare Africum")
    assert late.endswith("(TB-26.4).") and "Carthage has re-allotted" in late
