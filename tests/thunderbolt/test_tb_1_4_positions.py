"""Thunderbolt's positions at province level (TB-1.4) and the rules about places (TB-5.4, TB-6.5,
TB-12.7): `march` records a move the players made, `besieged` a siege report for a leader, a
Legion or a CA. The example set-up opens with Consuls Pulcher (CA 1: Legions I and II, Campania)
and Flaccus (CA 2: III and IV, Apulia), Proconsul Gracchus (CA 3: V and VI, assigned to and
standing in Lucania), the PU Cethegus in Rome, and Hannibal's Army in Apulia."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers.thunderbolt.start import EXAMPLE, NEW, at_b1c, office_of, rome

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import elections, positions, prorogues, roman, setup


def stands(shell, leader: str) -> dict | None:
    return office_of(shell, leader)["stands"]


def legions(shell) -> dict:
    return {lg["id"]: lg for lg in rome(shell)["legions"]}


def test_tb_1_4_a_magistrate_marches_with_the_legions_that_stand_with_him(shell):
    shell.ok(*NEW)
    assert stands(shell, "pulcher") == {
        "province": "campania",
        "province_name": "Campania",
        "place": "field",
    }
    said = shell.ok("march", "Pulcher", "--to", "Apulia").stdout
    assert "with Legion I, Legion II" in said
    rows = legions(shell)
    assert (rows["I"]["province"], rows["II"]["province"]) == ("apulia", "apulia")
    assert rows["IX"]["province"] == "campania"  # Nero's Legion stays
    assert stands(shell, "pulcher")["province"] == "apulia"
    shell.ok("verify")


def test_tb_1_4_a_ca_marches_and_takes_the_commander_whose_whole_force_it_is(shell):
    shell.ok(*NEW)
    assert "with Flaccus #423" in shell.ok("march", "CA 2", "--to", "Lucania").stdout
    assert stands(shell, "flaccus")["province"] == "lucania"
    shell.ok("march", "I", "--to", "Samnium")  # half of Pulcher's CA: he stays with the other
    assert stands(shell, "pulcher")["province"] == "campania"
    assert legions(shell)["I"]["province"] == "samnium"


def test_tb_1_4_kinds_of_place_roma_in_roman_italy_carthago_in_africa(shell):
    shell.ok(*NEW)
    assert shell.refuses("march", "X", "--to", "East Sicilia", "--in", "roma").endswith("(TB-1.4).")
    assert shell.refuses("march", "africa", "--to", "Apulia", "--in", "carthago").endswith(
        "(TB-1.4)."
    )
    shell.ok("march", "X", "--to", "Latium", "--in", "roma")
    assert legions(shell)["X"]["place"] == "Roma"
    shell.ok("march", "africa", "--to", "Carthage", "--in", "carthago")
    army = next(a for a in shell.json("status")["armies"] if a["id"] == "africa")
    assert army["place"] == "Carthago"


def test_tb_1_4_an_unknown_unit_is_named_by_the_closest(shell):
    shell.ok(*NEW)
    refusal = shell.refuses("march", "Hanibal", "--to", "Campania")
    assert "did you mean Hannibal?" in refusal
    assert "moves" not in shell.ok("log").stdout
    # #29: a leader whose key folds as his name does is suggested by his name, not his key
    assert "did you mean Pulcher?" in shell.refuses("march", "pulchr", "--to", "Campania")


def test_tb_5_4_the_pu_leaves_rome_only_with_leave_or_an_organisers_ruling(shell):
    shell.ok(*NEW)
    refusal = shell.refuses("march", "Cethegus", "--to", "Campania")
    assert refusal.endswith("(TB-5.4).") and "pu-out" in refusal
    shell.ok("march", "Cethegus", "--to", "Latium", "--in", "roma")  # staying in Rome is no leave
    said = shell.ok(
        "march", "Cethegus", "--to", "Campania", "--override", "his counter was misplaced"
    ).stdout
    assert "an organiser's ruling against TB-5.4: his counter was misplaced" in said
    assert stands(shell, "cethegus")["province"] == "campania"
    shell.ok("verify")


def test_tb_5_4_an_override_reason_is_text_never_an_escape_code(shell):
    shell.ok(*NEW)
    shell.refuses("march", "Cethegus", "--to", "Campania", "--override", "ok\x1b]0;pwned\x07")
    assert "pwned" not in shell.ok("log").stdout


def test_tb_5_4_a_besieged_unit_moves_only_once_freed_interpretation(shell):
    shell.ok(*NEW)
    shell.ok("besieged", "CA 3", "--in", "city")
    assert legions(shell)["V"]["besieged"] == "city"
    assert shell.refuses("march", "V", "--to", "Apulia").endswith("(TB-5.4).")
    shell.ok("besieged", "CA 3", "--in", "free")
    shell.ok("march", "V", "--to", "Apulia")
    shell.ok("verify")


def test_tb_10_4_leaving_an_assignment_is_shown_never_refused(shell):
    """Gracchus, Proconsul assigned to Lucania, marches with CA 3 to Apulia without the Senate's
    leave (TB-10.2): recorded, and said."""
    shell.ok(*NEW)
    said = shell.ok("march", "Gracchus", "--to", "Apulia").stdout
    assert "leaving the assignment Lucania without the Senate's leave" in said
    assert "leaving" not in shell.ok("march", "Gracchus", "--to", "Lucania").stdout
    shell.ok("verify")


def test_tb_6_5_no_magistrate_is_placed_with_legions_besieged_in_a_city(shell, tmp_path):
    """CA 3 leaderless after B1a and besieged in a city: no Consul takes it and B1c asks no
    Proconsul for it; besieged in a port, it is due a Proconsul again."""
    at_b1c(shell, tmp_path, "--dice", "external")
    shell.ok("besieged", "CA 3", "--in", "city")
    shell.ok("elect", "consul", "--leader", "415")
    shell.ok("elect", "consul", "--leader", "#422")
    assert shell.refuses("imperium", "Albinus", "--ca", "3").endswith("(TB-6.5).")
    shell.ok("imperium", "Albinus", "--ca", "2", "--theater", "Roman Italy")
    shell.ok("imperium", "Tuditanus", "--ca", "1")
    assert "a Praetor for Legion X" in shell.json("status")["pending"]
    shell.ok("besieged", "CA 3", "--in", "port")
    assert "a Proconsul for CA 3" in shell.json("status")["pending"]
    shell.ok("verify")


def test_tb_6_5_the_election_passes_over_a_ca_shut_in_a_city():
    r = roman.opening(setup.load(EXAMPLE))
    for lid in prorogues.due_b1a(r):
        r = prorogues.release(r, lid)
    r = elections.elect(r, "Consul", "albinus", False, 1)
    r = elections.elect(r, "Consul", "tuditanus", False, 1)
    r = elections.give_imperium(r, "albinus", 1, (), "Roman Italy")
    r = elections.give_imperium(r, "tuditanus", 2, (), "Roman Italy")
    assert elections.next_post(r, 1) == elections.Post("Proconsul", ca=3)
    shut = positions.besiege_legions(r, ["V", "VI"], "city")
    assert elections.next_post(shut, 1) == elections.Post("Proconsul", ca=4)
    with pytest.raises(RuleViolation) as refusal:
        elections.elect(shut, "Proconsul", "vulso", False, 1, ca=3, theater="Roman Italy")
    assert refusal.value.rule == "TB-6.5"
    in_port = positions.besiege_legions(r, ["V", "VI"], "port")
    assert elections.next_post(in_port, 1) == elections.Post("Proconsul", ca=3)


def moved(r, c, what, unit, to, climate=None, overridden=False):
    """A move checked as `march` checks it, then applied."""
    positions.check_move(r, c, what, unit, to, positions.FIELD, climate, frozenset(), overridden)
    return positions.relocate(r, c, what, unit, to, positions.FIELD)[:2]


def test_tb_5_4_the_dictator_who_stays_in_rome_never_leaves_it():
    r = roman.opening(setup.load(EXAMPLE))
    c = carthage.opening(setup.load(EXAMPLE))
    for lid in prorogues.due_b1a(r):
        r = prorogues.release(r, lid)
    r = elections.elect(replace(r, emergency="Major"), "Dictator", "fabius", False, 1)
    r = elections.name_me(r, "fabius", "minucius", 1)
    assert positions.standing(r, "fabius") == ("", positions.ROMA)
    with pytest.raises(RuleViolation) as refusal:
        moved(r, c, "leader", "fabius", "campania")
    assert refusal.value.rule == "TB-5.4"
    after, _ = moved(r, c, "leader", "minucius", "apulia")
    assert {after.legions[lg].province for lg in ("I", "II")} == {"apulia"}  # the ME's CA 1


def test_tb_5_4_and_11_13_a_slave_legion_never_leaves_roman_italy():
    r = roman.opening(setup.load(EXAMPLE))
    c = carthage.opening(setup.load(EXAMPLE))
    r = replace(r, legions={**r.legions, "X": replace(r.legions["X"], kind=roman.SLAVE)})
    with pytest.raises(RuleViolation) as refusal:
        moved(r, c, "legion", "X", "east-sicilia")
    assert refusal.value.rule == "TB-5.4"
    assert moved(r, c, "legion", "X", "apulia")[0].legions["X"].province == "apulia"
    overruled, _ = moved(r, c, "legion", "X", "east-sicilia", overridden=True)
    assert overruled.legions["X"].province == "east-sicilia"


def test_tb_12_7_under_alert_and_aggressive_no_theater_but_africa_holds_four_armies():
    """Hannibal's Army in Apulia and two more Armies brought to Roman Italy: a fourth is refused
    under Alert and Aggressive, accepted under Interested; Africa holds any number."""
    r = roman.opening(setup.load(EXAMPLE))
    c = carthage.opening(setup.load(EXAMPLE))
    extra = {
        aid: replace(c.armies["africa"], id=aid, commander=None, province="apulia")
        for aid in ("second", "third")
    }
    c = replace(c, armies={**c.armies, **extra})
    for climate in ("Alert", "Aggressive"):
        with pytest.raises(RuleViolation) as refusal:
            moved(r, c, "army", "hispania", "lucania", climate)
        assert refusal.value.rule == "TB-12.7" and "hannibal" in refusal.value.message
    _, after = moved(r, c, "army", "hispania", "lucania", "Interested")
    assert after.armies["hispania"].province == "lucania"
    to_africa = replace(
        c, armies={**c.armies, **{a: replace(x, province="carthage") for a, x in extra.items()}}
    )
    _, after = moved(r, to_africa, "army", "hispania", "carthage", "Aggressive")
    assert len(positions.theater_armies(after, carthage.AFRICA)) == 4


def test_tb_1_4_a_detachment_stays_where_it_stood_when_its_army_marches(shell, tmp_path):
    from helpers.thunderbolt.detachments import armies, in_operations

    in_operations(shell, tmp_path)
    shell.ok("detach", "hannibal", "--sp", "10")
    shell.ok("march", "hannibal", "--to", "Lucania")
    hannibal = armies(shell)["hannibal"]
    assert (hannibal["province"], hannibal["parts"][0]["province"]) == ("lucania", "apulia")
    shell.ok("march", "hannibal-1", "--to", "Calabria")
    assert armies(shell)["hannibal"]["parts"][0]["province"] == "calabria"
    shell.ok("verify")


def test_tb_8_4_and_8_5_an_elected_proconsul_stands_with_his_ca_a_praetor_with_his_legion(
    shell, tmp_path
):
    """#28 listed an elected Proconsul left in Rome: TB-8.4 places him with a Legion of his CA,
    TB-8.5 a Praetor with his Legion; only the PU stands in Rome (TB-8.7)."""
    at_b1c(shell, tmp_path, "--dice", "external")
    for typed in (["consul", "--leader", "415"], ["consul", "--leader", "#422"]):
        shell.ok("elect", *typed)
    shell.ok("imperium", "Albinus", "--ca", "2", "--theater", "Roman Italy")
    shell.ok("imperium", "Tuditanus", "--ca", "1")
    shell.ok("elect", "proconsul", "--leader", "Manlius Vulso", "--theater", "Sicily")
    shell.ok("elect", "praetor", "--leader", "436")
    rows = legions(shell)
    vulso, philo = office_of(shell, "vulso"), office_of(shell, "philo")
    assert vulso["stands"]["province"] == rows[vulso["legions"][0]]["province"]
    assert vulso["stands"]["place"] != "Roma"
    assert philo["stands"]["province"] == rows[philo["legions"][0]]["province"]
    shell.ok("elect", "--leader", "Fabius")  # the PU
    assert office_of(shell, "fabius")["stands"]["place"] == "Roma"
