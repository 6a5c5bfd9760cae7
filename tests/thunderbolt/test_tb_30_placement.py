"""TB-30 Where Carthage's troops may be placed (the rulebook's 7.12), as
docs/thunderbolt-beyond-tb19.md restates it: SP drawn from the Carthaginian, Numidian or
Mauretanian Holding Box join an Army only where 7.12 lets them be placed, and the draw names the
Army, so verify checks it again (TB-30.1); a Provincial Manpower Operation's SP, Provincial
Allies, join a force only in Roman Italy (TB-30.2). The set-up's boxes are invented; the
provinces are the example's with Numidia added."""

from __future__ import annotations

import pytest
from helpers.hadrians_wall import rechained
from helpers.thunderbolt.manpower import at_b3b
from helpers.thunderbolt.start import EXAMPLE
from helpers.thunderbolt.tribes import to_operations

from campaign.kinds.thunderbolt.board.placement import barred
from campaign.kinds.thunderbolt.board.setup import Province
from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import AuditFailure, audit

BOXES = EXAMPLE + "\n[start.manpower]\nCarthaginian = 20\nNumidian = 10\nLibyan = 30\n"
"""The example (Hannibal's Army in Apulia, Roman Italy; Africa's in Carthage province) with three
Holding Boxes."""
NUMIDIA = BOXES.replace(
    "[provinces.ausetani]",
    '[provinces.numidia]\nname = "Numidia"\ntheater = "Africa"\nadjacent = []\n\n'
    "[provinces.ausetani]",
).replace('aer = -1\nprovince = "carthage"', 'aer = -1\nprovince = "numidia"', 1)
"""The Africa Army starts in Numidia, a province of the Africa Theater."""


def appended(shell) -> int:
    return len(shell.json("log"))


def test_tb_30_1_citizens_join_no_army_in_roman_italy(shell, tmp_path):
    at_b3b(shell, tmp_path, BOXES)
    before = appended(shell)
    refused = shell.refuses("reinforce", "hannibal", "--sp", "5", "--from", "Carthaginian=5")
    assert refused.endswith("(TB-30.1).")
    assert "Citizens serve only in Africa, Hispania, Sicily, Sardinia and Corsica" in refused
    assert "Army hannibal stands in Apulia (Roman Italy)" in refused
    assert appended(shell) == before  # nothing appended
    shell.ok("reinforce", "hannibal", "--sp", "5", "--from", "Libyan=5")  # Libyans may go


def test_tb_30_1_citizens_join_an_army_in_africa_and_the_draw_names_it(shell, tmp_path):
    at_b3b(shell, tmp_path, BOXES)
    shell.ok("reinforce", "africa", "--sp", "5", "--from", "Carthaginian=5")
    placed = shell.json("log")[-1]
    assert placed["type"] == "ManpowerPlaced"
    assert placed["data"]["army"] == "africa" and placed["data"]["contingent"] == "Carthaginian"
    assert shell.json("status")["manpower"]["Carthaginian"] == 15
    shell.ok("verify")


def test_tb_30_1_numidians_are_not_placed_in_numidia(shell, tmp_path):
    at_b3b(shell, tmp_path, NUMIDIA)
    refused = shell.refuses("reinforce", "africa", "--sp", "5", "--from", "Numidian=5")
    assert refused.endswith("(TB-30.1).") and "Numidians may not be placed in Numidia" in refused
    assert shell.json("status")["manpower"]["Numidian"] == 10
    shell.ok("reinforce", "africa", "--sp", "10", "--from", "Carthaginian=5", "--from", "Libyan=5")


def test_tb_30_1_a_new_army_in_carthage_province_takes_citizens_and_numidians(shell, tmp_path):
    at_b3b(shell, tmp_path, BOXES)
    shell.ok("raise-army", "libya", "--sp", "15", "--from", "Carthaginian=10",
             "--from", "Numidian=5", "--leader", "Bomilcar")  # fmt: skip
    placed = [e["data"] for e in shell.json("log") if e["type"] == "ManpowerPlaced"]
    assert {(p["contingent"], p["army"]) for p in placed} == {
        ("Carthaginian", "libya"),
        ("Numidian", "libya"),
    }


@pytest.mark.parametrize(
    ("box", "name", "theater", "placed"),
    [
        ("Carthaginian", "Carthage", "Africa", True),
        ("Carthaginian", "Ausetani", "Hispania", True),
        ("carthaginian", "East Sicilia", "Sicily", True),
        ("Carthaginian", "Sardinia", "Sardinia and Corsica", True),
        ("Carthaginian", "Apulia", "Roman Italy", False),
        ("Carthaginian", "Allobroges", "Gallia Transalpina", False),
        ("Carthaginian", "Tingis", "Mauretania", False),
        ("Numidian", "Numidia", "Africa", False),
        ("Numidian", "Numidia Masaesylia", "Africa", False),
        ("Numidian", "Numidian Coast", "Africa", True),  # Interpretation: the name, not a part
        ("Numidian", "Carthage", "Africa", True),
        ("Mauretanian", "Tingis", "Mauretania", False),
        ("Mauretanian", "Mauretania Tingitana", "Hispania", False),
        ("Mauretanian", "Carthage", "Africa", True),
        ("Libyan", "Apulia", "Roman Italy", True),  # the Ditch Boundary stays the table's
    ],
)
def test_tb_30_1_where_7_12_lets_each_box_be_placed(box, name, theater, placed):
    province = Province("p", name, theater, ())
    assert (barred(box, province) is None) is placed


def test_tb_30_1_verify_finds_a_draw_placed_where_7_12_forbids(shell, tmp_path):
    at_b3b(shell, tmp_path, BOXES)
    shell.ok("reinforce", "africa", "--sp", "5", "--from", "Carthaginian=5")
    loaded = Campaigns(str(shell.db)).load("Punic")
    assert audit(loaded.kind, loaded.events).events == len(loaded.events)
    draw = next(e for e in loaded.events if type(e).__name__ == "ManpowerPlaced")
    forged = rechained(loaded, {draw.originator_version: {"army": "hannibal"}})
    with pytest.raises(AuditFailure) as failure:
        audit(loaded.kind, forged)
    assert failure.value.rule == "TB-30.1"


CARTHAGE_SHOWS_MANPOWER = EXAMPLE.replace(
    'name = "Carthage"\n', 'name = "Carthage"\nmanpower = 3\n', 1
)
"""Carthage province shows 3 SP on the PIC (invented), the Africa Army standing in it."""


def test_tb_30_2_provincial_allies_join_no_force_outside_roman_italy(shell, tmp_path):
    to_operations(shell, setup=CARTHAGE_SHOWS_MANPOWER, tmp_path=tmp_path)
    before = appended(shell)
    refused = shell.refuses("provincial-manpower", "africa", "--province", "Carthage")
    assert refused.endswith("(TB-30.2).")
    assert "Provincial Allies cannot be used outside Roman Italy" in refused
    assert "stands in Carthage (Africa)" in refused
    assert appended(shell) == before


def test_tb_30_2_in_roman_italy_they_join(shell, tmp_path):
    to_operations(shell, setup=EXAMPLE, tmp_path=tmp_path)
    shell.ok("provincial-manpower", "hannibal")  # Apulia, Roman Italy: 7.27's example's SP
    assert shell.json("log")[-1]["type"] == "ProvincesLevied"
