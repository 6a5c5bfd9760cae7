"""Thunderbolt's governors of Sicily and Sardinia (TB-8.6): each island needs one — a Praetor on
the map designated, or a Praetor elected — unless its governor goes on (prorogued), the island
lies in a Consul's or Proconsul's Theater, or Carthage holds all of it (TB-5.3; then optional);
an elected governor is placed in a province of his island, his assignment; governors count
among the six Praetors (TB-6.6); B1c cannot end while one is due and a leader could fill it
(TB-8.8). The example set-up's island province is East Sicilia; Marcellus opens as Proconsul in
Sicily with CA 4 (VII, VIII), Nero as Praetor with Legion IX in Campania."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers.thunderbolt.start import EXAMPLE, at_b1a, office_of, rome

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import elections, prorogues, roman, setup
from campaign.kinds.thunderbolt.board.offices import Magistrate


def consuls_in_roman_italy() -> roman.Romans:
    """Everyone released, CA 4 disbanded: both Consuls armed in Roman Italy, a Proconsul for
    CA 3; Sicily lies in nobody's Theater."""
    r = roman.opening(setup.load(EXAMPLE))
    for lid in prorogues.due_b1a(r):
        r = prorogues.release(r, lid)
    r = prorogues.disband_legions(r, ("VII", "VIII"))
    r = elections.elect(r, "Consul", "albinus", False, 1)
    r = elections.elect(r, "Consul", "tuditanus", False, 1)
    r = elections.give_imperium(r, "albinus", 1, (), "Roman Italy")
    r = elections.give_imperium(r, "tuditanus", 2, (), "Roman Italy")
    return elections.elect(r, "Proconsul", "vulso", False, 1, 3, (), None, "lucania")


def test_tb_8_6_sicily_needs_a_governor_before_the_praetors_of_loose_legions():
    r = consuls_in_roman_italy()
    assert elections.governors_due(r) == ["sicily"]
    assert elections.next_post(r, 1) == elections.Post("Governor", island="sicily")
    with pytest.raises(RuleViolation) as refusal:
        elections.check_b1c_over(r, 1)
    assert refusal.value.rule == "TB-8.8"
    with pytest.raises(RuleViolation) as refusal:
        elections.elect(r, "Governor", "philo", False, 1, province="campania")
    assert refusal.value.rule == "TB-8.6"  # a province of Sicily or Sardinia
    r = elections.elect(r, "Governor", "philo", False, 1, province="east-sicilia")
    held = r.magistrates["philo"]
    assert (held.office, held.governor, held.province, held.legions) == (
        "Praetor",
        True,
        "east-sicilia",
        (),  # a governor may have no Legion (TB-6.2)
    )
    assert elections.governors_due(r) == []
    assert elections.next_post(r, 1) == elections.Post("Praetor", legion="IX")
    with pytest.raises(RuleViolation) as refusal:
        elections.elect(r, "Governor", "varro", False, 1, province="east-sicilia")
    assert refusal.value.rule == "TB-8.6"  # one per island


def test_tb_8_6_optional_in_a_consuls_or_proconsuls_theater_or_with_the_island_carthaginian():
    r = consuls_in_roman_italy()
    held = replace(r, islands_held=frozenset({"sicily"}))
    assert elections.governors_due(held) == [] and elections.governor_optional(held, "sicily")
    vulso = replace(r.magistrates["vulso"], theater="Sicily", province=None)
    covered = replace(r, magistrates={**r.magistrates, "vulso": vulso})
    assert elections.governors_due(covered) == []
    # optional, still electable before the PU (TB-8.1: Praetors and governors, then the PU)
    chosen = elections.elect(held, "Governor", "varro", False, 1, province="east-sicilia")
    assert chosen.magistrates["varro"].governor


def test_tb_8_6_a_prorogued_governor_goes_on():
    r = roman.opening(setup.load(EXAMPLE))
    r = replace(
        r,
        magistrates={
            **r.magistrates,
            "nero": Magistrate("nero", "Praetor", ("IX",), province="east-sicilia", governor=True),
        },
    )
    kept = prorogues.prorogue(r, "nero", "Praetor", None, None)
    assert kept.magistrates["nero"].governor
    assert elections.governor_of(kept, "sicily") == "nero"
    released = prorogues.release(r, "nero")
    assert elections.governor_of(released, "sicily") is None


def test_tb_8_6_and_6_6_governors_count_among_the_six_praetors():
    r = consuls_in_roman_italy()
    extra = {
        lid: Magistrate(lid, "Praetor", ())
        for lid in ("philo", "varro", "fabius", "minucius", "cethegus", "flaccus")
    }
    r = replace(r, magistrates={**r.magistrates, **extra})
    assert r.count("Praetor") == 6
    assert elections.next_post(r, 1) == elections.Post("PU")  # no seventh Praetor as governor
    with pytest.raises(RuleViolation) as refusal:
        elections.elect(r, "Governor", "pulcher", False, 1, province="east-sicilia")
    assert refusal.value.rule == "TB-6.6"


def test_tb_8_6_a_praetor_on_the_map_designated_never_a_besieged_one(shell):
    """Everyone but Nero (prorogued Praetor, Legion IX) released, CA 4 disbanded: after the
    Consuls and CA 3's Proconsul, Sicily's governor is due; B1c cannot end; Nero is designated,
    keeping his Legion; then the Praetor for Legion X and the PU."""
    at_b1a(shell, "--dice", "external")
    shell.ok("prorogue", "Nero", "--as", "Praetor")
    shell.ok("release", "--all")
    shell.ok("disband-legions", "--ca", "4")
    shell.ok("done", "B1a")
    for leader in ("Torquatus", "Nero"):
        shell.ok("pluto", leader, "--face", "1")
    shell.ok("done", "B1b")
    shell.ok("elect", "consul", "--leader", "415")
    shell.ok("elect", "consul", "--leader", "#422")
    shell.ok("imperium", "Albinus", "--ca", "1", "--theater", "Roman Italy")
    shell.ok("imperium", "Tuditanus", "--ca", "2", "--theater", "Roman Italy")
    shell.ok("elect", "proconsul", "--leader", "Manlius Vulso")
    assert "a Governor for Sicily" in shell.json("status")["pending"]
    assert shell.refuses("done", "B1c").endswith("(TB-8.8).")
    assert shell.refuses("governor", "Albinus").endswith("(TB-8.6).")  # a Consul
    shell.ok("besieged", "Nero", "--in", "port")
    assert shell.refuses("governor", "Nero").endswith("(TB-8.6).")  # besieged
    shell.ok("besieged", "Nero", "--in", "free")
    said = shell.ok("governor", "Nero").stdout
    assert "designated governor, assigned to East Sicilia (TB-8.6)" in said
    nero = office_of(shell, "nero")
    assert (nero["office"], nero["governor"], nero["legions"], nero["province"]) == (
        "Praetor",
        True,
        ["IX"],
        "east-sicilia",
    )
    shell.ok("elect", "--leader", "436")  # the Praetor for Legion X
    shell.ok("elect", "--leader", "Fabius")  # the PU
    shell.ok("done", "B1c")
    shell.ok("verify")


def test_tb_8_6_elected_by_the_command_line_and_optional_with_the_island_carthaginian(shell):
    at_b1a(shell, "--dice", "external")
    shell.ok("release", "--all")
    shell.ok("disband-legions", "--ca", "4")
    shell.ok("done", "B1a")
    shell.ok("pluto", "Torquatus", "--face", "1")
    shell.ok("done", "B1b")
    shell.ok("islands", "sicily")  # Carthage holds the island: the governor optional
    shell.ok("elect", "consul", "--leader", "415")
    shell.ok("elect", "consul", "--leader", "#422")
    shell.ok("imperium", "Albinus", "--ca", "1", "--theater", "Roman Italy")
    shell.ok("imperium", "Tuditanus", "--ca", "2", "--theater", "Roman Italy")
    shell.ok("elect", "proconsul", "--leader", "Manlius Vulso")
    assert "Governor" not in shell.json("status")["pending"]
    shell.ok("islands", "none")
    assert "a Governor for Sicily" in shell.json("status")["pending"]
    assert shell.refuses("elect", "governor", "--leader", "Philo", "--province", "Campania")
    shell.ok("elect", "governor", "--leader", "Philo")  # placed in East Sicilia, the island's
    philo = office_of(shell, "philo")
    assert (philo["governor"], philo["province"], philo["assignment"]) == (
        True,
        "east-sicilia",
        "East Sicilia",
    )
    assert [m for m in rome(shell)["magistrates"] if m["governor"]] == [philo]
    shell.ok("verify")
