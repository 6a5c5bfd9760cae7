"""Thunderbolt's Roman offices, Imperium and assignments (TB-6), with TB-19.3's example."""

from __future__ import annotations

import pytest

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import offices
from campaign.kinds.thunderbolt.board.offices import Magistrate as M

THEATERS = {"campania": "Roman Italy", "umbria": "Roman Italy", "east-sicilia": "Sicily"}


def rule(check, *args, **kwargs) -> str:
    with pytest.raises(RuleViolation) as refusal:
        check(*args, **kwargs)
    return refusal.value.rule


def test_tb_6_1_one_office_per_leader():
    assert rule(offices.check_offices, [M("416", "Consul"), M("416", "Praetor")]) == "TB-6.1"
    assert rule(offices.check_offices, [M("416", "Tribune")]) == "TB-6.1"
    offices.check_offices([M("416", "Consul"), M("417", "Proconsul")])


def test_tb_6_2_imperium_limits_and_one_imperium_per_legion():
    offices.check_imperium([M("438", "Dictator", ("I", "II", "III", "IV"))])
    assert rule(offices.check_imperium, [M("438", "Dictator", ("I", "II", "III", "IV", "V"))]) == (
        "TB-6.2"
    )
    assert rule(offices.check_imperium, [M("436", "Praetor", ("X", "XI"))]) == "TB-6.2"
    offices.check_imperium([M("436", "Praetor", ())])  # a governor may have none
    clash = [M("415", "Consul", ("V", "VI")), M("432", "Proconsul", ("VI",))]
    assert rule(offices.check_imperium, clash) == "TB-6.2"


def test_tb_19_3_two_proconsuls_of_campania_only_with_the_setting():
    """The 4.58 position: Flaccus #423 and Pulcher #417 both made Proconsuls of Campania."""
    both = [M("423", "Proconsul", province="campania"), M("417", "Proconsul", province="campania")]
    assert rule(offices.check_assignments, both, THEATERS) == "TB-6.4"
    offices.check_assignments(both, THEATERS, per_province=2)


def test_tb_6_4_assignments():
    offices.check_assignments([M("415", "Consul", theater="Roman Italy")], THEATERS)
    assert rule(
        offices.check_assignments, [M("432", "Proconsul", theater="Roman Italy")], THEATERS
    ) == ("TB-6.4")
    outside = [M("432", "Proconsul", province="east-sicilia")]
    assert rule(offices.check_assignments, outside, THEATERS) == "TB-6.4"
    three = [M(str(n), "Proconsul", theater="Sicily") for n in (430, 431, 432)]
    assert rule(offices.check_assignments, three, THEATERS) == "TB-6.4"
    assert rule(offices.check_assignments, [M("438", "Dictator", theater="Sicily")], THEATERS) == (
        "TB-6.4"
    )
    assert rule(offices.check_assignments, [M("436", "Praetor", theater="Sicily")], THEATERS) == (
        "TB-6.4"
    )
    offices.check_assignments(
        [M("436", "Praetor", province="east-sicilia", governor=True)], THEATERS
    )


def test_tb_6_6_at_most_six_praetors_the_pu_not_counted():
    six = [M(str(400 + n), "Praetor") for n in range(6)] + [M("499", "PU")]
    offices.check_offices(six)
    assert rule(offices.check_offices, [*six, M("407", "Praetor")]) == "TB-6.6"


def test_tb_6_7_and_18_5_the_overall_commander_the_me_with_the_setting():
    consuls = [M("415", "Consul"), M("422", "Consul"), M("432", "Proconsul")]
    assert offices.overall_commanders(consuls) == ["415", "422"]
    with_dictator = [*consuls, M("438", "Dictator"), M("440", "ME")]
    assert offices.overall_commanders(with_dictator, dictator_in_rome=True) == ["438"]
    assert offices.overall_commanders(
        with_dictator, dictator_in_rome=True, rome_dictator_oc=False
    ) == ["440"]


def test_tb_6_4_a_set_up_may_give_a_consul_two_theaters(shell, tmp_path):
    """TB-6.4 [4.23's example: Sempronius Longus assigned to Sicily and Africa]: the set-up file
    gives Consul Pulcher two Theaters (refused before as an unknown Theater); he goes from one to
    the other without the Senate's leave, into a third only with it (TB-10.4, said not refused);
    no other magistrate, and no Theater twice."""
    from helpers.thunderbolt.start import EXAMPLE, NEW

    pulcher = 'leader = "pulcher"\noffice = "Consul"\nca = 1\ntheater = "Roman Italy"'
    assert pulcher in EXAMPLE
    two = pulcher.replace('"Roman Italy"', '["Roman Italy", "Sicily"]')
    (tmp_path / "two.toml").write_text(EXAMPLE.replace(pulcher, two))
    shell.ok(*NEW, "--setup", str(tmp_path / "two.toml"))
    (held,) = [m for m in shell.json("status")["rome"]["magistrates"] if m["leader"] == "pulcher"]
    assert held["theaters"] == ["Roman Italy", "Sicily"]
    assert held["assignment"] == "Roman Italy and Sicily"
    shell.ok("march", "Pulcher", "--to", "East Sicilia")
    assert shell.json("log")[-1]["data"]["unasked"] == ""
    told = shell.ok("march", "Pulcher", "--to", "Ausetani").stdout  # Hispania: his assignment left
    assert shell.json("log")[-1]["data"]["unasked"] == "Roman Italy and Sicily"
    assert "leaving the assignment Roman Italy and Sicily without the Senate's leave" in told
    for wrong in (
        two.replace('"Sicily"]', '"Roman Italy"]'),
        two.replace('"Sicily"]', '"Sicily", "Africa"]'),
    ):
        (tmp_path / "bad.toml").write_text(EXAMPLE.replace(pulcher, wrong))
        result = shell(*NEW[:1], "Other", *NEW[2:], "--setup", str(tmp_path / "bad.toml"))
        assert result.exit_code != 0 and "(TB-6.4)" in result.output
