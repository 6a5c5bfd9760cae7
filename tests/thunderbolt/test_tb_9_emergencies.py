"""Thunderbolt's Emergencies and the Dictator in a campaign (TB-9.3, TB-9.4), fed by battle
reports and situation facts (TB-5.1, TB-5.3): the rules page's example of two Major defeats,
TB-19.4's second part, and a Major Victory reported as a battle moving the Italian Allies
(TB-15.2)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers.thunderbolt.emergencies import to_next_turn
from helpers.thunderbolt.start import EXAMPLE, NEW, at_b1c, into_b2, rome, through_b

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import elections, prorogues, roman, setup


def test_tb_9_3_the_example_two_major_defeats_in_212_oblige_a_dictator_in_211(shell):
    """Major defeats with CAs in 212 BCE: at B1c of 211 "done" is refused until a Dictator is
    elected; the level is shown with its reasons."""
    shell.ok(*NEW)
    into_b2(shell)
    through_b(shell)
    shell.ok("initiative", "leader")
    assert shell.refuses("land-battle", "Apulia", "--winner", "none", "--major").endswith(
        "(TB-5.1)."
    )
    shell.ok("land-battle", "Apulia", "--winner", "carthage", "--major", "--ca", "--lost", "20")
    assert shell.json("status")["emergency"]["level"] == "none"  # 20 %: not yet Minor
    shell.ok("land-battle", "Campania", "--winner", "carthage", "--major", "--ca", "--lost", "10")
    emergency = shell.json("status")["emergency"]
    assert emergency["level"] == "Major"
    assert emergency["reasons"] == ["two Major defeats with a CA engaged in Game Turn 1"]
    shell.ok("done", "D", "--side", "rome")
    shell.ok("done", "D", "--side", "carthage")
    to_next_turn(shell)
    assert "elect dictator" in shell.json("status")["pending"]
    assert shell.refuses("done", "B1c").endswith("(TB-8.8).")
    assert shell.refuses("elect", "consul").endswith("(TB-8.1).")
    shell.ok("elect", "dictator")
    assert shell.refuses("elect", "consul").endswith("(TB-8.1).")  # his choice comes first
    shell.ok("dictator", "--ca", "1", "--ca", "2")  # the field, with two leaderless CAs
    (held,) = [m for m in rome(shell)["magistrates"] if m["office"] == "Dictator"]
    assert held["cas"] == [1, 2] and len(held["legions"]) == 4  # TB-6.2: up to four Legions
    shell.ok("elect", "--all")
    shell.ok("done", "B1c")
    shell.ok("verify")


def test_tb_9_4_no_dictator_without_an_emergency_a_minor_one_allows_it(shell, tmp_path):
    at_b1c(shell, tmp_path)
    assert shell.refuses("elect", "dictator").endswith("(TB-9.4).")
    shell.ok("facts", "--occupied", "2")  # TB-5.3 facts, at any step
    assert shell.json("status")["emergency"]["level"] == "Minor"
    assert "a Consul" in shell.json("status")["pending"]  # allowed, not obliged
    shell.ok("elect", "dictator")
    assert shell.refuses("dictator", "--ca", "4").endswith("(TB-9.4).")  # Marcellus' CA
    assert shell.refuses("dictator", "--ca", "1", "--ca", "2", "--ca", "3").endswith("(TB-6.2).")
    shell.ok("dictator")  # the field, with no CA
    assert shell.refuses("elect", "dictator").endswith("(TB-8.1).")  # one Dictator
    shell.ok("facts", "--occupied", "0")
    assert shell.json("status")["emergency"]["level"] == "none"


def test_tb_9_4_an_me_within_5_of_a_dictator_in_rome_never_from_the_map():
    """TB-19.4, second part: Dictator #438 in Rome: ME #440 accepted, #446 refused, a map leader
    refused."""
    r = roman.opening(setup.load(EXAMPLE))
    for lid in prorogues.due_b1a(r):
        r = prorogues.release(r, lid) if lid != "marcellus" else r
    r = replace(r, decided=r.decided | {"marcellus"}, emergency="Major")
    assert elections.next_post(r, 1) == elections.Post("Dictator")
    r = elections.elect(r, "Dictator", "fabius", False, 1)
    assert elections.next_post(r, 1) == elections.Post("Dictator's army", leader="fabius")

    def refused(leader):
        with pytest.raises(RuleViolation) as refusal:
            elections.name_me(r, "fabius", leader, None)
        return refusal.value.rule

    assert refused("varro") == "TB-9.4"  # #446: 8 from #438
    assert refused("marcellus") == "TB-9.4"  # on the map
    kept = elections.name_me(r, "fabius", "minucius", 1)
    assert kept.magistrates["minucius"].office == "ME"
    assert kept.magistrates["minucius"].cas == (1,)
    assert "fabius" in kept.in_rome
    assert elections.next_post(kept, 1) == elections.Post("Consul")


def test_tb_9_4_with_no_me_to_be_had_the_dictator_takes_the_field():
    r = roman.opening(setup.load(EXAMPLE))
    for lid in prorogues.due_b1a(r):
        r = prorogues.release(r, lid)
    r = elections.elect(
        replace(r, emergency="Minor"), "Dictator", "varro", False, 1
    )  # #446: nobody of the pool within 5
    pool = {lid for lid in r.pool() if lid != "varro"}
    assert all(abs(int(r.leaders[lid].number) - 446) > 5 for lid in pool)
    with pytest.raises(RuleViolation) as refusal:
        elections.name_me(r, "varro", "minucius", None)
    assert refusal.value.rule == "TB-9.4" and "takes the field" in refusal.value.message


def test_tb_15_2_a_major_victory_reported_as_a_battle_moves_the_track(shell):
    shell.ok(*NEW)
    into_b2(shell)
    through_b(shell)
    shell.ok("initiative", "leader")
    before = shell.json("status")["italian_allies"]
    shell.ok("land-battle", "Lucania", "--winner", "carthage", "--major", "--lost", "40")
    after = shell.json("status")["italian_allies"]
    moved = {p: before[p]["level"] - after[p]["level"] for p in before}
    # Lucania and its track neighbours 2 toward Carthage (TB-15.2), Apulia stopped at box 4
    # (TB-15.3); every track province here borders Lucania.
    assert moved == {"lucania": 2, "apulia": 1, "calabria": 2, "campania": 2, "samnium": 2}
    assert shell.json("status")["emergency"]["level"] == "none"  # no CA engaged (TB-9.1)
    shell.ok("land-battle", "Samnium", "--winner", "rome")
    assert shell.json("status")["italian_allies"] == after  # not Major: no shift


def pool_leader(shell) -> str:
    leaders = shell.json("status")["rome"]["leaders"]
    return next(who["name"] for who in leaders.values() if who["place"] == "pool")


def test_tb_9_5_a_major_emergency_in_operations_obliges_a_dictator_at_the_next_roman_lam(shell):
    """Roma besieged during Hannibal's phase: a Major Emergency with no Dictator in play. At the
    next draw of a Roman leader's LAM the Roman player must elect one before that phase ends;
    his LAMs join the cup (TB-4.3, Interpretation)."""
    from helpers.thunderbolt.senate import to_operations

    to_operations(shell, draw=("initiative", "--drawn", "Hannibal"))
    shell.ok("facts", "--roma-besieged")
    emergency = shell.json("status")["emergency"]
    assert (emergency["level"], emergency["awaiting_a_roman_lam"]) == ("Major", "Major")
    refusal = shell.refuses("elect", "dictator", "--leader", pool_leader(shell))
    assert refusal.endswith("(TB-9.5).")  # not in a Roman leader's phase yet
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "--drawn", "Albinus")
    assert shell.json("status")["emergency"]["dictator_due"] == "Major"
    assert shell.refuses("done", "D", "--side", "rome").endswith("(TB-9.5).")
    assert shell.refuses("elect", "consul", "--leader", pool_leader(shell)).endswith("(TB-9.5).")
    chosen = pool_leader(shell)
    shell.ok("elect", "dictator", "--leader", chosen)
    status = shell.json("status")
    dictator = next(m for m in status["rome"]["magistrates"] if m["office"] == "Dictator")
    assert status["rome"]["leaders"][dictator["leader"]]["name"] == chosen
    assert any(m.startswith(f"rome/lam/{dictator['leader']}/") for m in status["cup"]["left"])
    assert status["emergency"]["dictator_due"] is None
    shell.ok("dictator")  # the field, with no leaderless CA to take (TB-9.4)
    shell.ok("done", "D", "--side", "rome")
    shell.ok("verify")


def test_tb_9_5_a_minor_one_allows_it_and_declined_the_chance_lapses(shell):
    from helpers.thunderbolt.senate import to_operations

    to_operations(shell, draw=("initiative", "--drawn", "Hannibal"))
    shell.ok("facts", "--occupied", "2")
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "--drawn", "Albinus")
    assert shell.json("status")["emergency"]["dictator_due"] == "Minor"
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)  # declined
    shell.ok("initiative", "--drawn", "Tuditanus")
    assert shell.json("status")["emergency"]["dictator_due"] is None
    assert shell.refuses("elect", "dictator", "--leader", pool_leader(shell)).endswith("(TB-9.5).")


def test_tb_9_6_what_the_dictator_in_rome_and_an_emergency_change():
    """A Dictator staying in Rome takes his Initiative off every Senate roll; neither he nor the
    ME needs leave to go from a Theater; both leave office at the next B1a (neither is
    prorogued); a Major Emergency allows the Marine and Slave Legions."""
    from campaign.kinds.thunderbolt.board import politics as senate
    from campaign.kinds.thunderbolt.board import positions
    from campaign.kinds.thunderbolt.board import raising as legions

    assert senate.senate(7, [0], 5, 0, 0) == (False, 7)
    assert senate.senate(7, [0], 5, 0, 0, dictator_initiative=2) == (True, 5)
    r = roman.opening(setup.load(EXAMPLE))
    for lid in prorogues.due_b1a(r):
        r = prorogues.release(r, lid)
    r = elections.elect(replace(r, emergency="Major"), "Dictator", "fabius", False, 1)
    r = elections.name_me(r, "fabius", "minucius", 1)  # the ME with CA 1 (Campania)
    assert positions.leaves_assignment(r, "minucius", "east-sicilia", frozenset()) == ""
    for lid in ("fabius", "minucius"):
        with pytest.raises(RuleViolation) as refusal:
            prorogues.check_prorogue(r, lid, "Proconsul", "Sicily", None)
        assert refusal.value.rule == "TB-7.3"
    legions.check_marine(r)  # a Major Emergency: allowed
    legions.check_extraordinary(r, roman.SLAVE, "TB-11.13")
    with pytest.raises(RuleViolation) as refusal:
        legions.check_extraordinary(replace(r, emergency="Minor"), roman.SLAVE, "TB-11.13")
    assert refusal.value.rule == "TB-11.13"
