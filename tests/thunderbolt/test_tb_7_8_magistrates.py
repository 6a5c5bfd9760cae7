"""Thunderbolt's Phase B1 on the command line: prorogue or release (TB-7.1 to TB-7.5), A Visit from
Pluto (TB-7.7) and the Election of Magistrates (TB-8), with TB-19.2, TB-19.4's first part and the
examples of TB-7.7 and TB-8. The example set-up (examples/thunderbolt-setup.toml) opens with
Consuls Pulcher (CA 1) and Flaccus (CA 2), Proconsuls Gracchus (CA 3, Lucania) and Marcellus
(CA 4, Sicily), Praetor Nero (Legion IX), the PU Cethegus, Legion X leaderless in Samnium, and
Torquatus in the Triumph Holding Box, having triumphed as Praetor last Game Turn."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from helpers.hadrians_wall import rechained
from helpers.shell import Shell
from helpers.thunderbolt.start import EXAMPLE, NEW, PLAIN, at_b1a, at_b1c, into_b2, office_of, rome

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import elections, prorogues, roman, setup
from campaign.kinds.thunderbolt.board.offices import Magistrate
from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import AuditFailure, audit


def test_tb_7_1_every_magistrate_is_prorogued_or_released_once_before_b1a_ends(shell):
    at_b1a(shell)
    refusal = shell.refuses("done", "B1a")
    assert refusal.endswith("(TB-3.4).") and "Gracchus #416" in refusal
    shell.ok("release", "Pulcher")
    assert shell.refuses("release", "Pulcher").endswith("(TB-7.1).")
    assert shell.refuses("prorogue", "Albinus").endswith("(TB-7.1).")  # in the pool, no office
    shell.ok("release", "--all")
    shell.ok("done", "B1a")
    assert shell.refuses("release", "Gracchus").endswith("(TB-3.2).")  # B1a is over


def test_tb_7_2_lawful_prorogues_keep_the_army_and_choose_the_assignment_anew(shell):
    at_b1a(shell)
    shell.ok("prorogue", "Flaccus", "--as", "Proconsul", "--province", "Apulia")
    flaccus = office_of(shell, "flaccus")
    assert (flaccus["office"], flaccus["cas"], flaccus["province"]) == ("Proconsul", [2], "apulia")
    # A Consul as Praetor only with one Legion; a Proconsul stays Proconsul; a Praetor Praetor.
    assert shell.refuses("prorogue", "Pulcher", "--as", "Praetor").endswith("(TB-7.2).")
    assert shell.refuses("prorogue", "Gracchus", "--as", "Consul").endswith("(TB-7.2).")
    assert shell.refuses("prorogue", "Nero", "--as", "Proconsul").endswith("(TB-7.2).")
    shell.ok("prorogue", "Nero", "--as", "Praetor")
    assert office_of(shell, "nero")["legions"] == ["IX"]
    # TB-6.4: a Proconsul's assignment is a Theater other than Roman Italy, or one province.
    assert shell.refuses("prorogue", "Gracchus", "--theater", "Roman Italy").endswith("(TB-6.4).")
    assert shell.refuses("prorogue", "Gracchus").endswith("(TB-6.4).")
    crowded = shell.refuses("prorogue", "Gracchus", "--province", "Apulia")
    assert crowded.endswith("(TB-6.4).")
    assert re.search(r"Gracchus #\d+ would be one more", crowded), crowded  # #28: not "#gracchus"
    both = shell.refuses("prorogue", "Gracchus", "--theater", "Sicily", "--province", "Lucania")
    assert both.endswith("(TB-6.4).") and "not both" in both  # #28: both were accepted
    shell.ok("prorogue", "Gracchus", "--province", "Lucania")


def test_tb_7_3_the_pu_is_never_prorogued(shell):
    """TB-19.2, first part."""
    at_b1a(shell)
    assert shell.refuses("prorogue", "Cethegus", "--as", "Praetor").endswith("(TB-7.3).")
    shell.ok("release", "Cethegus")
    assert rome(shell)["leaders"]["cethegus"]["place"] == "pool"


def test_tb_7_4_a_consul_besieged_in_a_city_not_a_port_is_prorogued_by_the_rules(shell):
    """TB-19.2, second part: the rules prorogue him as Proconsul with his CA as B1a opens; the
    player names his assignment, and B1a waits for it."""
    shell.ok(*NEW)
    shell.ok("besieged", "Pulcher", "--in", "city")
    shell.ok("besieged", "Flaccus", "--in", "port")
    shell.ok("done", "A2", "--side", "rome")
    shell.ok("done", "A2", "--side", "carthage")  # B1a opens: the rules act at once
    forced = shell.json("log")[-1]
    assert forced["actor"] != "organiser" and forced["data"]["forced"] is True
    pulcher = office_of(shell, "pulcher")
    assert (pulcher["office"], pulcher["cas"], pulcher["theater"]) == ("Proconsul", [1], None)
    assert office_of(shell, "flaccus")["office"] == "Consul"  # a port forces nothing
    assert shell.refuses("release", "Pulcher").endswith("(TB-7.1).")  # decided by the rules
    shell.ok("release", "--all")
    assert shell.refuses("done", "B1a").endswith("(TB-7.4).")
    assert shell.refuses("assign", "Pulcher", "--theater", "Roman Italy").endswith("(TB-6.4).")
    shell.ok("assign", "Pulcher", "--province", "Campania")
    assert office_of(shell, "pulcher")["province"] == "campania"
    assert shell.refuses("assign", "Pulcher", "--theater", "Sicily").endswith("(TB-7.4).")
    shell.ok("done", "B1a")
    shell.ok("verify")


def test_tb_7_4_a_besieged_magistrate_cannot_be_released(shell):
    at_b1a(shell)
    shell.ok("besieged", "Nero", "--in", "city")  # besieged after B1a opened: the rules act now
    assert office_of(shell, "nero")["office"] == "Praetor"
    assert shell.json("log")[-1]["data"]["forced"] is True
    assert shell.refuses("besieged", "Albinus", "--in", "city").endswith("(TB-5.4).")  # pool


def test_tb_7_5_a_released_leader_goes_to_the_pool_or_if_he_ever_triumphed_the_box():
    """TB-19.2, third part."""
    start = roman.opening(setup.load(EXAMPLE))
    assert prorogues.release(start, "pulcher").places["pulcher"] == roman.POOL
    triumphed = replace(start, triumphs={**start.triumphs, "pulcher": (0, "Consul")})
    released = prorogues.release(triumphed, "pulcher")
    assert released.places["pulcher"] == roman.TRIUMPH
    assert "pulcher" not in released.magistrates
    assert released.leaderless_cas() == [1]  # his CA is leaderless


def test_tb_7_7_the_pages_example_gracchus_wounded_his_ca_leaderless(shell):
    """Gracchus #416 (Mortality 7) rolls 6, +1 for Pluto entered: a casualty; second die 6,
    "wounded" (the example set-up's fixture charts); his CA is leaderless and a new magistrate
    takes it in B1c; he is set aside until the end of Phase B (TB-18.4)."""
    at_b1a(shell, "--dice", "external")
    shell.ok("prorogue", "Gracchus", "--province", "Lucania")
    shell.ok("release", "--all")
    shell.ok("done", "B1a")
    due = shell.json("status")["pending"]
    assert "Gracchus #416" in due and "Torquatus #419" in due  # the Triumph Holding Box rolls
    shell.ok("pluto", "Gracchus", "--face", "6", "--face", "6", "--drm", "pluto=+1")
    (visit,) = [e["data"] for e in shell.json("log") if e["type"] == "PlutoVisited"]
    assert (visit["faces"], visit["outcome"]) == ([6, 6], "wounded")
    assert rome(shell)["leaders"]["gracchus"]["place"] == "set aside"
    assert office_of(shell, "gracchus") is None
    assert shell.refuses("pluto", "Gracchus", "--face", "1").endswith("(TB-7.7).")  # set aside
    assert shell.refuses("pluto", "Albinus", "--face", "1").endswith("(TB-7.7).")  # in the pool
    assert shell.refuses("done", "B1b").endswith("(TB-3.4).")  # Torquatus still to roll
    shell.ok("pluto", "--face", "2")
    shell.ok("done", "B1b")
    assert "a Consul" in shell.json("status")["pending"]
    for step in ("B2a", "B2b"):
        shell.ok("family" if step == "B2a" else "climate", "--face", "5")
        shell.ok("done", step)
    for office, leader in (("consul", "Albinus"), ("consul", "Tuditanus")):
        shell.ok("elect", office, "--leader", leader)
    shell.ok("imperium")
    shell.ok("imperium")
    shell.ok("elect", "proconsul", "--leader", "Manlius Vulso")  # Gracchus' CA 3, in Lucania
    assert office_of(shell, "vulso")["cas"] == [3]
    shell.ok("elect", "proconsul", "--leader", "Minucius")  # Marcellus' CA 4, in Sicily
    assert office_of(shell, "minucius")["theater"] == "Sicily"
    shell.ok("elect", "praetor", "--leader", "Philo")  # Legion IX, Nero's
    shell.ok("elect", "praetor", "--leader", "Varro")  # Legion X
    shell.ok("elect", "pu", "--leader", "Fabius")
    shell.ok("done", "B1c")
    shell.ok("done", "B2c")
    shell.ok("appoint", "--leader", "Mago")
    shell.ok("done", "B2d")
    shell.ok("station", "hispania", "Africa")  # the face 5: Interested
    shell.ok("station", "africa", "Hispania")
    assert rome(shell)["leaders"]["gracchus"]["place"] == "set aside"  # Phase B is not over
    shell.ok("done", "B2e")
    assert rome(shell)["leaders"]["gracchus"]["place"] == "pool"  # TB-18.4: end of Phase B


def test_tb_7_7_without_a_chart_the_outcome_is_entered_after_the_die_is_shown(shell, tmp_path):
    (tmp_path / "plain.toml").write_text(PLAIN)
    at_b1a(shell, "--setup", str(tmp_path / "plain.toml"))
    shell.ok("release", "--all")
    shell.ok("done", "B1a")
    refusal = shell.refuses("pluto", "Torquatus")
    assert "--outcome unharmed, wounded or killed (die " in refusal
    assert shell.refuses("pluto", "Torquatus", "--outcome", "drowned").endswith("(TB-7.7).")
    shell.ok("pluto", "Torquatus", "--outcome", "killed")
    assert rome(shell)["leaders"]["torquatus"]["place"] == "killed"
    (visit,) = [e["data"] for e in shell.json("log") if e["type"] == "PlutoVisited"]
    assert len(visit["faces"]) == 2  # a casualty's second die is rolled and kept


def test_tb_8_1_offices_are_elected_in_order(shell, tmp_path):
    at_b1c(shell, tmp_path)
    assert shell.refuses("elect", "praetor").endswith("(TB-8.1).")
    assert shell.refuses("elect", "pu").endswith("(TB-8.1).")
    assert shell.refuses("elect", "dictator").endswith("(TB-9.4).")  # no Emergency
    assert shell.refuses("done", "B1c").endswith("(TB-8.8).")
    shell.ok("elect", "consul")
    assert shell.refuses("imperium", "--ca", "1").endswith("(TB-8.3).")  # both Consuls first
    shell.ok("elect", "consul")
    assert shell.refuses("elect", "proconsul").endswith("(TB-8.1).")  # the armies come first


def test_tb_8_2_the_triumph_holding_box(shell, tmp_path):
    """TB-19.4, first part: Torquatus triumphed as Praetor last Game Turn: not electable Consul
    from the Triumph Holding Box, electable Proconsul."""
    at_b1c(shell, tmp_path)
    assert shell.refuses("elect", "consul", "--from-triumph", "Torquatus").endswith("(TB-8.2).")
    shell.ok("elect", "consul")
    shell.ok("elect", "consul")
    shell.ok("imperium")
    shell.ok("imperium")
    shell.ok("elect", "proconsul", "--from-triumph", "Torquatus", "--province", "Lucania")
    torquatus = office_of(shell, "torquatus")
    assert (torquatus["office"], torquatus["cas"]) == ("Proconsul", [3])
    assert shell.json("log")[-1]["data"]["chosen"] is True
    assert shell.refuses("elect", "praetor", "--from-triumph", "Albinus").endswith("(TB-8.2).")


def test_tb_8_3_and_8_4_the_pages_example(shell, tmp_path):
    """Four CAs, one under a prorogued Proconsul, and one leaderless Legion: Consuls Albinus #415
    and Tuditanus #422 are drawn; giving either the Legion is refused while a leaderless CA
    remains; each takes a CA and a Theater. The third CA takes Proconsul Manlius Vulso #432
    (Sicily), the loose Legion Praetor V. Philo #436."""
    at_b1c(shell, tmp_path, "--dice", "external")
    assert "--leader NAME" in shell.refuses("elect", "consul")  # drawn at the table (TB-16.4)
    assert shell.refuses("elect", "consul", "--leader", "Marcellus").endswith("(TB-16.4).")
    shell.ok("elect", "consul", "--leader", "415")
    shell.ok("elect", "consul", "--leader", "#422")
    assert shell.refuses("imperium", "Albinus", "--legion", "X").endswith("(TB-8.3).")
    assert shell.refuses("imperium", "Albinus", "--ca", "4").endswith("(TB-8.3).")  # Marcellus'
    shell.ok("imperium", "Albinus", "--ca", "2", "--theater", "Roman Italy")
    shell.ok("imperium", "Tuditanus", "--ca", "1")  # his Theater: where CA 1 stands
    assert office_of(shell, "tuditanus")["theater"] == "Roman Italy"
    shell.ok("elect", "proconsul", "--leader", "Manlius Vulso", "--theater", "Sicily")
    vulso = office_of(shell, "vulso")
    assert (vulso["cas"], vulso["theater"]) == ([3], "Sicily")
    shell.ok("elect", "praetor", "--leader", "436")
    assert office_of(shell, "philo")["legions"] == ["X"]
    shell.ok("elect", "--leader", "Fabius")  # the office due: the PU (TB-8.7)
    assert office_of(shell, "fabius")["office"] == "PU"
    shell.ok("done", "B1c")
    shell.ok("verify")


def test_tb_8_3_a_consul_with_no_legion_left_stands_in_rome_without_imperium():
    r = roman.opening(setup.load(EXAMPLE))
    for lid in prorogues.due_b1a(r):
        r = (
            prorogues.prorogue(r, lid, "Proconsul", "Sicily", None)
            if lid in ("pulcher",)
            else (
                prorogues.release(r, lid)
                if lid != "nero"
                else prorogues.prorogue(r, lid, "Praetor", None, None)
            )
        )
    # CA 1 kept by Pulcher as Proconsul; CAs 2, 3, 4 and Legion X leaderless.
    r = elections.elect(r, "Consul", "albinus", False, 1)
    r = elections.elect(r, "Consul", "tuditanus", False, 1)
    with pytest.raises(RuleViolation) as refusal:
        elections.give_imperium(r, "albinus", None, (), None)
    assert refusal.value.rule == "TB-8.3"
    r = elections.give_imperium(r, "albinus", 2, (), "Roman Italy")
    r = elections.give_imperium(r, "tuditanus", 3, (), "Roman Italy")
    assert elections.next_post(r) == elections.Post("Proconsul", ca=4)


def test_tb_8_4_two_loose_legions_of_one_theater_paired_under_a_new_proconsul():
    r = roman.opening(setup.load(EXAMPLE))
    r = replace(r, cas={}, magistrates={}, places={lid: roman.POOL for lid in r.places})
    r = elections.elect(r, "Consul", "albinus", False, 1)
    r = elections.elect(r, "Consul", "tuditanus", False, 1)
    r = elections.give_imperium(r, "albinus", None, ("I", "II"), "Roman Italy")
    with pytest.raises(RuleViolation) as refusal:
        elections.give_imperium(r, "tuditanus", None, ("III",), "Roman Italy")
    assert refusal.value.rule == "TB-8.3"  # two loose Legions remain: the new CA takes two
    r = elections.give_imperium(r, "tuditanus", None, ("III", "IV"), "Roman Italy")
    with pytest.raises(RuleViolation) as refusal:
        elections.elect(r, "Proconsul", "vulso", False, 1, None, ("V", "VII"), "Sicily")
    assert refusal.value.rule == "TB-8.4"  # Lucania and East Sicilia: two Theaters
    r = elections.elect(r, "Proconsul", "vulso", False, 1, None, ("VII", "VIII"), "Sicily")
    assert r.cas[max(r.cas)] == ("VII", "VIII")


def test_tb_8_5_praetors_for_loose_legions_while_fewer_than_six_serve():
    r = roman.opening(setup.load(EXAMPLE))
    r = replace(r, magistrates={}, places={lid: roman.POOL for lid in r.places}, cas={})
    praetors = {
        lid: Magistrate(lid, "Praetor", (lg,))
        for lid, lg in zip(
            ["albinus", "tuditanus", "vulso", "philo", "fabius"], ["I", "II", "III", "IV", "V"]
        )
    }
    consuls = {  # Sicily in Pulcher's Theater: its governor optional (TB-8.6)
        "pulcher": Magistrate("pulcher", "Consul", (), "Sicily"),
        "flaccus": Magistrate("flaccus", "Consul", (), "Roman Italy"),
    }
    places = {**r.places, **{lid: roman.MAP for lid in (*praetors, *consuls)}}
    r = replace(r, magistrates={**praetors, **consuls}, places=places)
    assert elections.next_post(r) == elections.Post("Praetor", legion="VI")
    r = elections.elect(r, "Praetor", "minucius", False, 1, None, ("VI",))
    assert r.count("Praetor") == 6
    assert elections.next_post(r) == elections.Post("PU")  # Legions VII to X stay leaderless


def test_tb_8_8_b1c_ends_only_when_no_office_can_be_filled_and_empty_offices_are_recorded(
    shell, tmp_path
):
    few = PLAIN
    for lid in ("albinus", "tuditanus", "vulso", "philo", "fabius", "minucius", "varro"):
        roman_leader = f'[leaders.{lid}]\nside = "rome"'
        few = few.replace(roman_leader, f'[leaders.{lid}]\nside = "carthage"\nfamily = "Barcid"')
    at_b1c(shell, tmp_path, torquatus="killed", source=few)
    # The pool holds only the released Pulcher, Flaccus, Gracchus and Cethegus.
    shell.ok("elect", "--all")
    offices = [m["office"] for m in rome(shell)["magistrates"]]
    assert offices.count("Consul") == 2 and "PU" not in offices
    assert offices.count("Proconsul") == 2 and offices.count("Praetor") == 2  # X's Praetor
    shell.ok("done", "B1c")  # no leader is left for the PU (TB-8.2)
    empty = [e["data"] for e in shell.json("log") if e["type"] == "OfficeLeftEmpty"]
    assert [e["office"] for e in empty] == ["PU"]
    shell.ok("verify")


def test_tb_16_3_a_forged_draw_fails_verify_at_the_reveal(tmp_path):
    """A PU drawn from the committed secret, changed to another of the pool with the hash chain
    recomputed: every rule of the election still holds, only the secret tells."""
    shell = Shell(tmp_path / "s.sqlite")
    at_b1c(shell, tmp_path)
    shell.ok("elect", "--all")
    shell.ok("done", "B1c")
    for step in ("B2a", "B2b", "B2c", "B2d", "B2e", "B3a"):
        if step in ("B2a", "B2b"):
            shell.ok("family" if step == "B2a" else "climate")
        if step in ("B2d", "B2e"):
            shell.ok("appoint" if step == "B2d" else "station")
        shell.ok("done", step)
    shell.ok("done", "B3b", "--side", "rome")
    shell.ok("done", "B3b", "--side", "carthage")
    shell.ok("initiative", "empty")
    for step in ("F2", "G1", "G2", "G3", "G4"):
        shell.ok("done", step, "--side", "rome")
        shell.ok("done", step, "--side", "carthage")
    loaded = Campaigns(str(shell.db)).load("Punic")
    assert audit(loaded.kind, loaded.events).events == len(loaded.events)
    pu = next(
        e for e in loaded.events if type(e).__name__ == "MagistrateElected" and e.office == "PU"
    )
    other = next(c for c in pu.candidates if c != pu.leader)
    forged = rechained(loaded, {pu.originator_version: {"leader": other}})
    with pytest.raises(AuditFailure) as failure:
        audit(loaded.kind, forged)
    assert failure.value.rule == "TB-16.3"
    assert type(forged[failure.value.event - 1]).__name__ == "TurnRevealed"


def test_tb_7_4_a_besieged_dictator_prorogued_keeps_only_one_ca():
    """Interpretation: a Dictator with two CAs besieged in a city that is neither a port nor Rome
    is prorogued as Proconsul with the CA besieged with him (his first); the other is leaderless,
    and the Proconsul's Imperium stays within TB-6.2."""
    from campaign.kinds.thunderbolt.board import offices
    from campaign.kinds.thunderbolt.board.offices import Magistrate
    from campaign.kinds.thunderbolt.board.setup import load

    r = roman.opening(load(EXAMPLE))
    dictator = Magistrate("minucius", "Dictator", ("I", "II", "III", "IV"), cas=(1, 2))
    r = replace(r, magistrates={"minucius": dictator}, besieged={"minucius": "city"})
    assert prorogues.forced_prorogues(r) == [("minucius", "Proconsul")]
    after = prorogues.prorogue(r, "minucius", "Proconsul", None, None, forced=True)
    kept = after.magistrates["minucius"]
    assert (kept.office, kept.cas, kept.legions) == ("Proconsul", (1,), ("I", "II"))
    assert after.ca_leader(2) is None
    offices.check_imperium(list(after.magistrates.values()))


def test_tb_8_3_a_lone_consul_gets_his_army_when_no_second_can_be_elected():
    """The pool empty and the only leader in the Triumph Holding Box triumphed as Proconsul two
    Game Turns ago (not electable Consul, TB-8.2): the one Consul elected takes a leaderless CA
    (found by the property test: the check asked for a second Consul without the Game Turn)."""
    from campaign.kinds.thunderbolt.board.offices import Magistrate
    from campaign.kinds.thunderbolt.board.setup import load

    r = roman.opening(load(EXAMPLE))
    places = {lid: roman.KILLED for lid in r.leaders} | {
        "albinus": roman.MAP,
        "pulcher": roman.TRIUMPH,
    }
    r = replace(
        r,
        places=places,
        triumphs={"pulcher": (0, "Proconsul")},
        magistrates={"albinus": Magistrate("albinus", "Consul")},
        elected=("albinus",),
    )
    assert elections.next_post(r, 2) == elections.Post("Imperium", leader="albinus")
    armed = elections.give_imperium(r, "albinus", 1, (), "Roman Italy", turn=2)
    assert armed.magistrates["albinus"].cas == (1,)


def test_tb_7_6_a_besieged_magistrate_without_imperium_stays_until_the_siege_ends(shell):
    """The PU Cethegus, without Imperium, besieged in a port: B1a neither prorogues nor releases
    him, and may end without him; he stays in office until a report frees him, then goes to the
    pool (a Legion-holding magistrate in a city is prorogued by the rules instead, TB-7.4)."""
    shell.ok(*NEW)
    shell.ok("besieged", "Cethegus", "--in", "port")
    into_b2(shell)
    assert shell.refuses("release", "Cethegus").endswith("(TB-7.6).")
    shell.ok("release", "--all")
    shell.ok("done", "B1a")
    assert office_of(shell, "cethegus")["office"] == "PU"
    shell.ok("besieged", "Cethegus", "--in", "free")
    assert office_of(shell, "cethegus") is None
    assert rome(shell)["leaders"]["cethegus"]["place"] == "pool"
    shell.ok("verify")
