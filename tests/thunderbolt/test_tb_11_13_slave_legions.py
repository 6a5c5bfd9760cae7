"""Thunderbolt's Slave Legions (TB-11.13) and the end of the extraordinary Legions as B1c closes
without an Emergency (TB-8.8 [5.53]): raised in B3b in a Major Emergency instead of the Legion
Request, both at once, the Marine Legion too if wished; 8 Ala infantry and 6 Italian Auxiliary
SP each, Recruit, placed in Roman-controlled Roman Italy; commanded only by the Dictator, the ME
or a Consul; never out of Roman Italy (TB-5.4)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers.thunderbolt.emergencies import to_next_turn
from helpers.thunderbolt.legions import legion_rows, to_b3b
from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2, through_b1

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import elections, prorogues, roman
from campaign.kinds.thunderbolt.board import raising as legions
from campaign.kinds.thunderbolt.board.offices import Magistrate
from campaign.kinds.thunderbolt.board.setup import load


def test_tb_11_13_both_raised_at_once_in_a_major_emergency_the_marine_legion_too(shell, tmp_path):
    to_b3b(shell, tmp_path)
    assert shell.refuses("slave-legions", "--at", "Latium").endswith("(TB-11.13).")
    shell.ok("facts", "--occupied", "2")  # a Minor Emergency is not enough
    assert shell.refuses("slave-legions", "--at", "Latium").endswith("(TB-11.13).")
    shell.ok("facts", "--roma-besieged")  # a Major one
    assert shell.refuses("slave-legions", "--at", "East Sicilia").endswith("(TB-11.6).")
    assert shell.refuses("slave-legions", "--at", "Apulia").endswith("(TB-11.6).")  # Carthage's
    shell.ok("slave-legions", "--at", "Latium", "--at", "Campania")
    rows = legion_rows(shell)
    for lg, province in (("Slave-1", "latium"), ("Slave-2", "campania")):
        slave = rows[lg]
        assert (slave["kind"], slave["discipline"], slave["sp"], slave["auxiliary"]) == (
            "Slave",
            "Recruit",
            [0, 0, 8, 0],
            6,
        )
        assert (slave["province"], slave["leader"], slave["opponent_drm"]) == (province, None, 1)
    shell.ok("marine", "--face", "4", "--at", "Latium")  # in the same segment [5.52]
    refusal = shell.refuses("legion-request", "--face", "5", "--legions", "1", "--at", "Latium")
    assert refusal.endswith("(TB-11.3).")  # instead of the Game Turn's request
    assert shell.refuses("slave-legions", "--at", "Latium").endswith("(TB-11.13).")  # in play
    refusal = shell.refuses("reinforcements", "--face", "5", "--sp", "3")
    assert refusal.endswith("(TB-11.3).")
    shell.ok("verify")


def test_tb_11_13_never_reinforced_and_never_out_of_roman_italy(shell, tmp_path):
    to_b3b(shell, tmp_path)
    shell.ok("facts", "--roma-besieged")
    shell.ok("slave-legions", "--at", "Latium")
    refusal = shell.refuses("march", "Slave-1", "--to", "East Sicilia")
    assert refusal.endswith("(TB-5.4).") and "TB-11.13" in refusal
    shell.ok("march", "Slave-1", "--to", "Samnium")
    assert legion_rows(shell)["Slave-1"]["province"] == "samnium"


def slaves_in_play() -> roman.Romans:
    """The example's Rome with both Slave Legions raised and nobody in office."""
    r = replace(roman.opening(load(EXAMPLE)), magistrates={}, cas={}, emergency="Major")
    return legions.raise_slaves(r, ("latium", "latium"))


def consuls_armed(r: roman.Romans) -> roman.Romans:
    """Both Consuls elected with CAs 1 and 2: the election is down to Proconsuls and Praetors."""
    return replace(
        r,
        emergency="none",  # past B3b: the Dictator is not the question here
        cas={1: ("I", "II"), 2: ("III", "IV"), 4: ("VII", "VIII")},
        magistrates={
            "albinus": Magistrate("albinus", "Consul", ("I", "II"), "Roman Italy", cas=(1,)),
            "tuditanus": Magistrate("tuditanus", "Consul", ("III", "IV"), "Roman Italy", cas=(2,)),
            # Sicily in a Proconsul's Theater: its governor optional (TB-8.6)
            "marcellus": Magistrate("marcellus", "Proconsul", ("VII", "VIII"), "Sicily", cas=(4,)),
        },
    )


def test_tb_11_13_commanded_only_by_the_dictator_the_me_or_a_consul():
    r = consuls_armed(slaves_in_play())
    assert elections.next_post(r, 1) == elections.Post("Praetor", legion="V")  # not a Slave Legion
    with pytest.raises(RuleViolation) as refusal:
        elections.elect(r, "Praetor", "philo", False, 1, legions=("Slave-1",))
    assert refusal.value.rule == "TB-11.13"
    with pytest.raises(RuleViolation) as refusal:
        elections.elect(
            r, "Proconsul", "vulso", False, 1, legions=("Slave-1", "Slave-2"), theater="Sicily"
        )
    assert refusal.value.rule == "TB-11.13"
    assert "Slave-1" in r.ca_legions()  # a Consul may take them as a new CA (TB-8.3)
    alone = replace(r, legions={k: v for k, v in r.legions.items() if k.startswith("Slave")})
    both = {lid: Magistrate(lid, "Consul") for lid in ("albinus", "tuditanus")}
    alone = replace(alone, cas={}, magistrates=both, elected=tuple(both))
    given = elections.give_imperium(alone, "albinus", None, ("Slave-1", "Slave-2"), "Roman Italy")
    assert given.magistrates["albinus"].legions == ("Slave-1", "Slave-2")


def test_tb_11_13_the_election_asks_no_proconsul_for_a_ca_of_them():
    r = consuls_armed(slaves_in_play())
    r = replace(r, legions={k: v for k, v in r.legions.items() if k in ("I", "II", "III", "IV",
                            "VII", "VIII") or k.startswith("Slave")})  # fmt: skip
    r = replace(r, cas={**r.cas, 9: ("Slave-1", "Slave-2")})
    assert 9 in r.leaderless_cas()
    assert elections.next_post(r, 1) == elections.Post("PU")  # CA 9 of Slave Legions is passed over


def test_tb_11_13_a_consul_prorogued_as_proconsul_loses_them_interpretation():
    r = slaves_in_play()
    r = replace(
        r,
        cas={5: ("X", "Slave-1"), 6: ("Slave-2",)},
        magistrates={
            "pulcher": Magistrate("pulcher", "Consul", ("X", "Slave-1", "Slave-2"), "Roman Italy",
                                  cas=(5, 6)),
        },
    )  # fmt: skip
    r = prorogues.prorogue(r, "pulcher", "Proconsul", "Sicily", None)
    held = r.magistrates["pulcher"]
    assert (held.legions, held.cas) == (("X",), (5,))
    assert r.cas[5] == ("X",) and r.cas[6] == ("Slave-2",)
    assert "Slave-1" in r.loose_legions() and 6 in r.leaderless_cas()


def test_tb_11_13_a_besieged_consul_prorogued_by_the_rules_loses_them_too():
    """TB-7.4's prorogue by the rules makes a Consul besieged in a city a Proconsul as a chosen
    prorogue does: his Slave Legions go leaderless (found by the property test: he kept them)."""
    r = slaves_in_play()
    r = replace(
        r,
        cas={5: ("X", "Slave-1")},
        magistrates={
            "pulcher": Magistrate("pulcher", "Consul", ("X", "Slave-1"), "Roman Italy", cas=(5,)),
        },
    )
    r = prorogues.prorogue(r, "pulcher", "Proconsul", None, None, forced=True)
    held = r.magistrates["pulcher"]
    assert (held.office, held.legions) == ("Proconsul", ("X",))
    assert r.legion_leader("Slave-1") is None


PHASE_B2 = (("family", "B2a"), ("climate", "B2b"), (None, "B2c"), ("appoint", "B2d"))
PHASE_B2 += (("station", "B2e"),)


def test_tb_8_8_b1c_ending_without_an_emergency_disbands_the_slave_legions(shell):
    shell.ok(*NEW)
    into_b2(shell)
    for command, step in PHASE_B2:
        if command:
            shell.ok(command)
        shell.ok("done", step)
    through_b1(shell)
    shell.ok("done", "B3a")
    shell.ok("facts", "--roma-besieged")  # a Major Emergency
    shell.ok("slave-legions", "--at", "Latium")
    shell.ok("marine", "--at", "Latium", "--take", "0")  # 0 raises nothing (TB-11.12)
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    shell.ok("facts", "--roma-free")  # the Emergency is over
    to_next_turn(shell)
    shell.ok("elect", "--all")
    assert "Slave-1" in legion_rows(shell)
    said = shell.ok("done", "B1c").stdout
    assert "Slave-1 and Slave-2 disbanded (TB-8.8)" in said
    assert not {"Slave-1", "Slave-2"} & set(legion_rows(shell))
    shell.ok("verify")


def test_tb_8_8_the_marine_legion_goes_with_them_out_of_every_imperium_and_ca():
    legions.check_raise_marine(slaves_in_play(), 3, 5)  # the same segment [5.52]
    r = legions.raise_marine(slaves_in_play(), 3, "latium")
    assert legions.extraordinary_legions(r) == ["Marine", "Slave-1", "Slave-2"]
    r = replace(
        r,
        cas={7: ("Slave-1", "Slave-2"), 8: ("X", "Marine")},
        magistrates={
            "fabius": Magistrate("fabius", "Dictator", ("Slave-1", "Slave-2"), cas=(7,)),
            "minucius": Magistrate("minucius", "ME", ("X", "Marine"), cas=(8,)),
        },
    )
    gone = legions.disband_extraordinary(r)
    assert not legions.extraordinary_legions(gone)
    assert gone.cas == {8: ("X",)}
    assert gone.magistrates["fabius"].legions == () and gone.magistrates["fabius"].cas == ()
    assert gone.magistrates["minucius"].legions == ("X",)
