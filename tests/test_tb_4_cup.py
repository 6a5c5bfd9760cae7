"""Thunderbolt's LAM cup at C1 (TB-4.1, TB-4.2), with the page's example."""

from __future__ import annotations

from dataclasses import replace

from test_tb_7_8_magistrates import EXAMPLE
from test_tb_kind import NEW

from campaign.kinds.thunderbolt import cup, roman, setup
from campaign.kinds.thunderbolt.offices import Magistrate


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
