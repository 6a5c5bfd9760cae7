"""Thunderbolt's Legions raised in B3b and trained in G2 (TB-11.3 to TB-11.7, TB-11.9, TB-19.1):
the Legion Request's die with 2 off per NS level and the chart's DRMs, the Legions raised read
from the set-up's chart or entered, where they go, who leads them in TB-11.7's order (with the
page's example [5.14]), the Auxiliaries at 9 or more, and the PU's training rolls."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers.thunderbolt.legions import NO_CHART, legion_rows, to_b3b
from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2, through_b_at_the_table

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import raising as legions
from campaign.kinds.thunderbolt.board import roman
from campaign.kinds.thunderbolt.board.offices import Magistrate
from campaign.kinds.thunderbolt.board.setup import load


def test_tb_19_1_a_legion_request_waits_for_b1c_and_b2e(shell):
    shell.ok(*NEW, "--dice", "external")
    into_b2(shell)
    refusal = shell.refuses("legion-request", "--face", "5", "--legions", "1", "--at", "Campania")
    assert refusal.endswith("(TB-3.2).") and "B3b" in refusal


def test_tb_11_4_the_request_stated_rolled_and_entered(shell, tmp_path):
    """Ten Legions in play; die 5, one NS level built (-2), +1 entered: 4; two Legions entered,
    XI and XII, Recruit and full (TB-11.2), in Campania, leaderless (no CA short, both Consuls
    armed, fewer than four left: TB-11.7)."""
    to_b3b(shell, tmp_path)
    refusal = shell.refuses("legion-request", "--ns", "1", "--drm", "chart=+1", "--face", "5")
    assert "adjusted DR 4" in refusal and "10 Legions in play" in refusal and "--legions" in refusal
    assert "--at" in shell.refuses("legion-request", "--face", "5", "--legions", "2")
    shell.ok(
        "legion-request", "--ns", "1", "--drm", "chart=+1", "--face", "5", "--legions", "2",
        "--at", "Campania",
    )  # fmt: skip
    rows = legion_rows(shell)
    for new in ("XI", "XII"):
        assert rows[new]["discipline"] == "Recruit" and rows[new]["sp"] == [9, 1, 9, 3]
        assert (rows[new]["province"], rows[new]["ca"], rows[new]["leader"]) == (
            "campania",
            None,
            None,
        )
    recorded = shell.json("log")[-1]["data"]
    assert (recorded["in_play"], recorded["face"], recorded["ns"], recorded["raised"]) == (
        10,
        5,
        1,
        2,
    )
    refusal = shell.refuses("legion-request", "--face", "5", "--legions", "1", "--at", "Campania")
    assert refusal.endswith("(TB-11.3).")  # one request a Game Turn
    shell.ok("verify")


def test_tb_11_4_the_sets_up_chart_gives_the_legions(shell, tmp_path):
    chart = 'legion_request = { "0-12" = [[-10, 3, 0], [4, 6, 1], [7, 20, 2]] }'
    source = EXAMPLE.replace(EXAMPLE[EXAMPLE.index("legion_request =") :].splitlines()[0], chart)
    to_b3b(shell, tmp_path, source)
    refusal = shell.refuses("legion-request", "--face", "5", "--legions", "2", "--at", "Campania")
    assert "The chart gives 1" in refusal
    shell.ok("legion-request", "--face", "5", "--at", "Campania")
    assert "XI" in legion_rows(shell) and "XII" not in legion_rows(shell)


def test_tb_11_6_new_legions_go_to_a_roman_controlled_province_of_roman_italy(shell, tmp_path):
    to_b3b(shell, tmp_path)
    for where in ("Apulia", "East Sicilia"):  # Carthage-allied; outside Roman Italy
        refusal = shell.refuses("legion-request", "--face", "5", "--legions", "1", "--at", where)
        assert refusal.endswith("(TB-11.6).")
    shell.ok("legion-request", "--face", "5", "--legions", "1", "--at", "Latium")  # off the track


def test_tb_11_5_auxiliaries_at_9_or_more_named_by_the_province(shell, tmp_path):
    to_b3b(shell, tmp_path)
    refusal = shell.refuses(
        "legion-request", "--face", "8", "--legions", "1", "--at", "Campania",
        "--auxiliary", "Italian", "--auxiliary-to", "CA 1",
    )  # fmt: skip
    assert refusal.endswith("(TB-11.5).")  # 8 is under 9
    refusal = shell.refuses(
        "legion-request", "--face", "9", "--legions", "1", "--at", "Campania",
        "--auxiliary", "Gallic", "--auxiliary-to", "CA 1",
    )  # fmt: skip
    assert refusal.endswith("(TB-11.5).")  # CA 1 stands in Campania, Roman Italy
    shell.ok(
        "legion-request", "--face", "9", "--legions", "1", "--at", "Campania",
        "--auxiliary", "Sicilian", "--auxiliary-to", "CA 4",
    )  # fmt: skip
    recorded = shell.json("log")[-1]["data"]
    assert (recorded["auxiliary"], recorded["auxiliary_to"]) == ("Sicilian", "VII")


def test_tb_11_9_the_pus_legions_roll_in_g2_7_or_more_veteran(shell, tmp_path):
    to_b3b(shell, tmp_path)
    shell.ok("legion-request", "--face", "5", "--legions", "2", "--at", "Latium", "--train", "2")
    fabius = next(m for m in shell.json("status")["rome"]["magistrates"] if m["office"] == "PU")
    assert fabius["legions"] == ["XI", "XII"]
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    shell.ok("initiative", "empty")
    for step in ("F2", "G1"):
        for side in ("rome", "carthage"):
            shell.ok("done", step, "--side", side)
    assert shell.refuses("done", "G2", "--side", "rome").endswith("(TB-3.4).")
    assert "train" in shell.json("status")["pending"]
    shell.ok("train", "--face", "7", "--face", "6")
    rows = legion_rows(shell)
    assert (rows["XI"]["discipline"], rows["XII"]["discipline"]) == ("Veteran", "Recruit")
    assert shell.refuses("train", "--face", "9").endswith("(TB-11.9).")  # once
    shell.ok("done", "G2", "--side", "rome")
    shell.ok("verify")


def test_tb_11_9_no_training_once_the_pu_left_rome_and_none_for_a_legion_that_left(shell, tmp_path):
    to_b3b(shell, tmp_path)
    shell.ok("legion-request", "--face", "5", "--legions", "2", "--at", "Latium", "--train", "2")
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    shell.ok("initiative", "empty")
    for step in ("F2", "G1"):
        for side in ("rome", "carthage"):
            shell.ok("done", step, "--side", side)
    shell.ok("train", "--left", "XII", "--face", "8")
    rolled = shell.json("log")[-1]["data"]
    assert (rolled["faces"], rolled["left"]) == ({"XI": 8}, ["XII"])


def test_tb_11_3_and_16_committed_the_request_and_the_training_are_verified(shell):
    from helpers.thunderbolt.start import through_b1

    shell.ok(*NEW)
    into_b2(shell)
    shell.ok("family")
    shell.ok("done", "B2a")
    shell.ok("climate")
    for step in ("B2b", "B2c"):
        shell.ok("done", step)
    shell.ok("appoint")
    shell.ok("done", "B2d")
    shell.ok("station")
    shell.ok("done", "B2e")
    through_b1(shell)
    shell.ok("done", "B3a")
    refusal = shell.refuses("legion-request", "--face", "5", "--legions", "1", "--at", "Latium")
    assert "committed" in refusal  # the program rolls (TB-16.2)
    shell.ok("legion-request", "--at", "Latium")  # the example's (invented) chart gives them
    assert shell.json("status")["rolls"][-1]["kind"] == "legion-request"
    shell.ok("verify")


# TB-11.7 on the Roman position itself (pure).


def opening_without_imperium() -> roman.Romans:
    """The example's Legions and CAs (1 to 4, two Legions each; IX and X loose), the two Consuls
    Albinus and Tuditanus elected without Imperium, nobody else in office."""
    r = roman.opening(load(EXAMPLE))
    consuls = {lid: Magistrate(lid, "Consul") for lid in ("albinus", "tuditanus")}
    return replace(r, magistrates=consuls)


def test_tb_11_7_the_pages_example_two_legions_one_ca_for_one_consul():
    r = legions.raise_legions(opening_without_imperium(), ("XI", "XII"), "latium")
    assert r.cas[5] == ("XI", "XII")
    assert r.magistrates["albinus"].cas == (5,) and r.magistrates["albinus"].legions == (
        "XI",
        "XII",
    )
    assert r.magistrates["tuditanus"].legions == ()


def test_tb_11_7_the_pages_example_one_legion_a_one_legion_ca_for_a_consul():
    r = legions.raise_legions(opening_without_imperium(), ("XI",), "latium")
    assert r.cas[5] == ("XI",) and r.magistrates["albinus"].legions == ("XI",)


def test_tb_11_7_a_one_legion_ca_is_filled_first_the_player_choosing_when_they_outnumber():
    r = opening_without_imperium()
    r = replace(r, cas={**r.cas, 3: ("V",), 4: ("VII",)})
    with pytest.raises(RuleViolation) as refused:
        legions.check_raise_legions(r, ("XI",), "latium")
    assert refused.value.rule == "TB-11.7"
    filled = legions.raise_legions(r, ("XI",), "latium", fill=[4])
    assert filled.cas[4] == ("VII", "XI") and filled.cas[3] == ("V",)
    both = legions.raise_legions(r, ("XI", "XII", "XIII"), "latium")
    assert both.cas[3] == ("V", "XI") and both.cas[4] == ("VII", "XII")
    assert both.cas[5] == ("XIII",) and both.magistrates["albinus"].legions == ("XIII",)


def test_tb_11_7_both_consuls_armed_four_left_two_form_a_ca():
    r = opening_without_imperium()
    armed = {
        "albinus": Magistrate("albinus", "Consul", ("I", "II"), "Roman Italy", cas=(1,)),
        "tuditanus": Magistrate("tuditanus", "Consul", ("III", "IV"), "Roman Italy", cas=(2,)),
    }
    r = replace(r, magistrates=armed)
    four = legions.raise_legions(r, ("XI", "XII", "XIII", "XIV"), "latium")
    assert four.cas[5] == ("XI", "XII") and four.ca_leader(5) is None
    assert four.loose_legions()[-2:] == ["XIII", "XIV"]
    three = legions.raise_legions(r, ("XI", "XII", "XIII"), "latium")
    assert 5 not in three.cas  # fewer than four: none must be combined
    with pytest.raises(RuleViolation) as refused:
        legions.check_raise_legions(r, ("XI",), "latium", train=1)  # no PU in office
    assert refused.value.rule == "TB-11.7"


def test_tb_11_2_new_legions_take_the_next_numerals():
    assert legions.next_ids(["I", "IX", "X"], 3) == ["XI", "XII", "XIII"]
    assert legions.next_ids([], 1) == ["I"]
    assert legions.numeral(49) == "XLIX"


def test_tb_11_11_leaderless_legions_disbanded_by_choice_in_b1a_after_the_prorogues(shell):
    from helpers.thunderbolt.start import at_b1a

    at_b1a(shell)
    refusal = shell.refuses("disband-legions", "IX")
    assert refusal.endswith("(TB-11.11).")  # the prorogues come first
    shell.ok("prorogue", "Pulcher", "--province", "Campania")
    shell.ok("release", "--all")
    pulchers = next(
        m for m in shell.json("status")["rome"]["magistrates"] if m["leader"] == "pulcher"
    )
    held = pulchers["cas"][0]
    refusal = shell.refuses("disband-legions", "--ca", str(held))
    assert refusal.endswith("(TB-11.11).") and "Imperium" in refusal
    loose_ca = next(int(n) for n in shell.json("status")["rome"]["cas"] if int(n) != held)
    first = shell.json("status")["rome"]["cas"][str(loose_ca)][0]
    refusal = shell.refuses("disband-legions", first)
    assert refusal.endswith("(TB-11.11).") and "together" in refusal
    shell.ok("disband-legions", "--ca", str(loose_ca))
    assert str(loose_ca) not in shell.json("status")["rome"]["cas"]
    assert first not in legion_rows(shell)
    shell.ok("disband-legions", "IX", "X")
    assert {"IX", "X"}.isdisjoint(legion_rows(shell))
    shell.ok("done", "B1a")
    assert shell.refuses("disband-legions", "--ca", str(held)).endswith("(TB-3.2).")
    shell.ok("verify")


AT_SIX = NO_CHART.replace(
    'id = "IX"\nprovince = "campania"', 'id = "IX"\nsp = [6, 1, 6, 2]\nprovince = "campania"'
).replace('id = "X"\nprovince = "samnium"', 'id = "X"\nsp = [6, 1, 6, 3]\nprovince = "samnium"')
"""Legions IX and X at 6 Citizen and 6 Ala infantry (the page's X and XIV)."""


def test_tb_11_8_the_pages_example_12_sp_at_most_1_cavalry(shell, tmp_path):
    """N = 12: at most 1 cavalry (2 refused); X and the other Legion take 4 Citizen infantry
    each, X 3 Ala infantry, the other 1 Ala cavalry."""
    assert AT_SIX != NO_CHART
    to_b3b(shell, tmp_path, AT_SIX)
    refusal = shell.refuses(
        "reinforcements", "--face", "5", "--sp", "12",
        "--give", "IX:ala-cavalry=1", "--give", "X:citizen-cavalry=1",
    )  # fmt: skip
    assert refusal.endswith("(TB-11.8).")  # 2 cavalry of 12 SP
    shell.ok(
        "reinforcements", "--face", "5", "--sp", "12",
        "--give", "X:citizen-infantry=4", "--give", "X:ala-infantry=3",
        "--give", "IX:citizen-infantry=4", "--give", "IX:ala-cavalry=1",
    )  # fmt: skip
    rows = legion_rows(shell)
    assert rows["X"]["sp"] == [10, 1, 9, 3] and rows["IX"]["sp"] == [10, 1, 6, 3]
    refusal = shell.refuses("legion-request", "--face", "5", "--legions", "1", "--at", "Latium")
    assert refusal.endswith("(TB-11.3).")  # reinforcements were this Game Turn's request
    shell.ok("verify")


def test_tb_11_8_within_the_ceilings_of_tb_11_2(shell, tmp_path):
    to_b3b(shell, tmp_path, AT_SIX)
    refusal = shell.refuses(
        "reinforcements", "--face", "5", "--sp", "12", "--give", "X:ala-infantry=7"
    )
    assert refusal.endswith("(TB-11.8).") and "12" in refusal  # 6 + 7 above 12
    assert "--sp" in shell.refuses("reinforcements", "--face", "5", "--give", "X:ala-infantry=1")
    assert "LEGION:CLASS=N" in shell.refuses("reinforcements", "--sp", "3", "--give", "X=3")


def test_tb_19_6_a_marine_legion_without_a_major_emergency_is_refused(shell, tmp_path):
    to_b3b(shell, tmp_path)
    refusal = shell.refuses("marine", "--face", "5", "--at", "Latium")
    assert refusal.endswith("(TB-11.12).")
    shell.ok("facts", "--occupied", "2")  # a Minor Emergency is not enough
    assert shell.refuses("marine", "--face", "5", "--at", "Latium").endswith("(TB-11.12).")


def test_tb_11_12_the_pages_example_die_5_the_player_takes_3(shell, tmp_path):
    """Die 5, the player takes 3: 3 Ala infantry in Ostia's province, 3 NS levels given up;
    Recruit, never reinforced, one at most, never in a Consul's new CA."""
    to_b3b(shell, tmp_path)
    shell.ok("facts", "--roma-besieged")  # a Major Emergency
    refusal = shell.refuses("marine", "--face", "5", "--take", "6", "--at", "Latium")
    assert refusal.endswith("(TB-11.12).") and "at most 5" in refusal
    shell.ok("marine", "--face", "5", "--take", "3", "--at", "Latium")
    marine = legion_rows(shell)["Marine"]
    assert (marine["kind"], marine["discipline"], marine["sp"]) == (
        "Marine",
        "Recruit",
        [0, 0, 3, 0],
    )
    assert shell.json("log")[-1]["data"]["take"] == 3
    refusal = shell.refuses("legion-request", "--face", "5", "--legions", "1", "--at", "Latium")
    assert refusal.endswith("(TB-11.3).")  # instead of the Game Turn's request
    shell.ok("verify")


def test_tb_11_12_the_marine_legion_never_forms_a_ca():
    from campaign.kinds.thunderbolt.board.offices import Magistrate

    r = replace(
        roman.opening(load(EXAMPLE)),
        magistrates={"albinus": Magistrate("albinus", "Consul")},
        cas={},
        emergency="Major",
    )
    legions.check_raise_marine(r, 3, 5)
    r = legions.raise_marine(r, 3, "latium")
    assert "Marine" in r.loose_legions() and "Marine" not in r.ca_legions()
    with pytest.raises(RuleViolation) as refused:
        legions.check_raise_marine(r, 1, 5)
    assert refused.value.rule == "TB-11.12"  # one at most


def test_tb_11_7_proconsuls_and_praetors_elected_in_b3b_for_the_new_legions(shell, tmp_path):
    """Four Legions raised with both Consuls armed and no CA of one Legion: XI and XII form a CA
    (TB-11.7); the player may then have a Proconsul elected for that CA and a Praetor for XIII,
    XIV staying leaderless; no other office, and only for the new Legions."""
    to_b3b(shell, tmp_path)
    shell.ok("legion-request", "--face", "5", "--legions", "4", "--at", "Campania")
    rows = legion_rows(shell)
    new_ca = rows["XI"]["ca"]
    assert new_ca is not None and rows["XII"]["ca"] == new_ca and rows["XI"]["leader"] is None
    assert "elect proconsul --ca N" in shell.refuses("elect", "--leader", "Nero")
    assert shell.refuses("elect", "consul", "--leader", "Nero").endswith("(TB-11.7).")
    refusal = shell.refuses("elect", "proconsul", "--leader", "Nero", "--ca", "4")
    assert refusal.endswith("(TB-11.7).") and "XI, XII, XIII, XIV" in refusal
    shell.ok("elect", "proconsul", "--leader", "Nero", "--ca", str(new_ca))
    shell.ok("elect", "praetor", "--leader", "Minucius", "--legion", "XIII")
    rows = legion_rows(shell)
    assert (rows["XI"]["leader"], rows["XIII"]["leader"], rows["XIV"]["leader"]) == (
        "nero",
        "minucius",
        None,
    )
    shell.ok("verify")


def test_tb_18_7_the_ns_drm_reads_the_levels_built_this_game_turn_or_last(shell, tmp_path):
    """B3a records 2 NS levels built: the Legion Request's die 7 takes -4 (TB-11.4), and an
    entry that disagrees with the record is refused; with `ns-drm-turn = last-GT` the levels of
    Game Turn 1 are read in Game Turn 2, none recorded in Game Turn 1 here."""
    (tmp_path / "setup.toml").write_text(NO_CHART)
    shell.ok(*NEW, "--dice", "external", "--setup", str(tmp_path / "setup.toml"))
    into_b2(shell)
    through_b_at_the_table(shell, record_b3a=False)
    assert shell.refuses("naval", "--built", "11").endswith("(TB-11.4).")
    shell.ok("naval", "--built", "2")
    assert shell.refuses("naval", "--built", "1").endswith("(TB-11.4).")  # once a Game Turn
    shell.ok("done", "B3a")
    assert shell.refuses("legion-request", "--face", "7", "--ns", "1").endswith("(TB-18.7).")
    refusal = shell.refuses("legion-request", "--face", "7")
    assert "adjusted DR 3" in refusal  # 7 - 2 x 2, no chart: the Legions are entered
    shell.ok("legion-request", "--face", "7", "--legions", "0")
    assert shell.json("log")[-1]["data"]["ns"] == 2
    shell.ok("verify")


def test_tb_18_7_with_the_setting_last_gt_this_game_turns_levels_do_not_count(shell, tmp_path):
    (tmp_path / "setup.toml").write_text(NO_CHART)
    shell.ok(
        *NEW, "--dice", "external", "--setup", str(tmp_path / "setup.toml"),
        "--setting", "ns-drm-turn=last-GT",
    )  # fmt: skip
    into_b2(shell)
    through_b_at_the_table(shell, record_b3a=False)
    shell.ok("naval", "--built", "2")
    shell.ok("done", "B3a")
    assert "adjusted DR 7" in shell.refuses("legion-request", "--face", "7")  # none in 213 BCE


def test_tb_11_1_what_a_legion_is_in_status(shell, tmp_path):
    """Each Legion with its numeral, kind, discipline, SP in four classes, attached Auxiliary
    SP, position, and what it belongs to: a CA (under its commander), a Praetor, the PU, or
    nobody. After Phase B at the table: VII and VIII in CA 4 under Manlius Vulso, IX under
    Praetor Philo; two new Legions sent to Rome for the PU (TB-11.7)."""
    to_b3b(shell, tmp_path)
    shell.ok("legion-request", "--face", "5", "--legions", "2", "--at", "Latium", "--train", "2")
    rows = legion_rows(shell)
    seven = rows["VII"]
    assert {k: seven[k] for k in ("id", "kind", "discipline", "sp", "auxiliary")} == {
        "id": "VII",
        "kind": "regular",
        "discipline": "Veteran",
        "sp": [9, 1, 9, 3],
        "auxiliary": 0,
    }
    assert (seven["province"], seven["place"], seven["besieged"]) == ("east-sicilia", "field", None)
    assert (seven["ca"], seven["leader"]) == (4, "vulso")
    assert (rows["IX"]["ca"], rows["IX"]["leader"]) == (None, "philo")
    assert (rows["XI"]["ca"], rows["XI"]["leader"]) == (None, "fabius")  # the PU, to train
