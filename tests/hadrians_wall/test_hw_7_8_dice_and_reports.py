"""HW-7: dice every player can check (committed secrets, revealed as turns end, recomputed by
verify; or dice rolled outside with evidence). HW-8: the reports and the map picture."""

from __future__ import annotations

import hashlib
import hmac
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from helpers.hadrians_wall import rechained

from campaign.errors import CampaignError, RuleViolation
from campaign.kinds.hadrians_wall import commands as hw
from campaign.kinds.hadrians_wall import rules
from campaign.service.exchange import export_lines, import_campaign
from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import AuditFailure, audit
from campaign.views.reports import report_data


def expected_die(secret_hex: str, record: str) -> int:
    """HW-7.3, computed here from its words: 1 + HMAC-SHA256(S_t, record) big-endian mod 6."""
    digest = hmac.new(bytes.fromhex(secret_hex), record.encode(), hashlib.sha256).digest()
    return 1 + int.from_bytes(digest, "big") % 6


def test_hw_7_3_the_worked_check():
    secret = "01" * 32
    record = rules.record("demo", 3, "picts", 1, "P7", "lothian", "bernicia")
    assert record == "HW|demo|T3|picts|#1|P7|lothian>bernicia"
    assert rules.die(secret, record) == expected_die(secret, record)


def test_hw_7_1_and_7_2_committed_by_default_one_commitment_per_walled_turn(wall):
    campaign = wall()
    state, secrets = campaign.state, campaign.secrets
    assert state.dice == "committed"
    assert sorted(secrets) == ["S1", "S2", "S3", "S4", "S5"]
    assert all(len(bytes.fromhex(s)) == 32 for s in secrets.values())
    assert len(set(secrets.values())) == 5
    for turn in range(1, 6):
        published = hashlib.sha256(f"HW|demo|{turn}|{secrets[f'S{turn}']}".encode()).hexdigest()
        assert state.commitments[turn] == published


def test_hw_7_2_and_7_4_a_secret_is_in_no_event_nor_export_until_its_turn_ends(wall):
    campaign = wall()
    secret = campaign.secrets["S1"]
    campaign.at(1, "romans", "movement")
    loaded = campaign.campaigns.load(campaign.name)
    assert secret not in "\n".join(export_lines(loaded))
    recorded = campaign.advance("end-of-turn")
    assert [kind for kind, _ in recorded] == ["ClockAdvanced", "SecretRevealed"]
    assert recorded[1][1] == {"turn": 1, "secret": secret}
    assert campaign.secrets["S2"] not in "\n".join(
        export_lines(campaign.campaigns.load(campaign.name))
    )


def test_hw_7_2_a_secret_that_does_not_match_its_commitment_is_refused(wall):
    campaign = wall()
    campaign.advance("end-of-turn")
    unrevealed = replace(campaign.state, revealed={})
    with pytest.raises(RuleViolation) as refusal:
        hw.reveal(unrevealed, 1, "00" * 32)
    assert refusal.value.rule == "HW-7.2"
    assert hw.reveal(unrevealed, 1, campaign.secrets["S1"])


def a_committed_crossing(campaign):
    """W1 built in turn 2, a Pict crossing into Bernicia held by a legion in turn 3."""
    campaign.clear("york", "bernicia")
    (legion,) = campaign.place("romans", "york")
    campaign.at(2, "romans", "movement")
    campaign.move(f"{legion}:york,bernicia")
    (pict,) = campaign.place("picts", "lothian")
    campaign.at(3, "picts", "movement")
    campaign.move(f"{pict}:lothian,bernicia")
    return pict


def test_hw_7_3_a_committed_crossing_rolls_what_its_record_and_the_secret_give(wall):
    campaign = wall()
    pict = a_committed_crossing(campaign)
    (crossing,) = campaign.state.crossings
    record = f"HW|demo|T3|picts|#1|{pict}|lothian>bernicia"
    assert crossing.die == expected_die(campaign.secrets["S3"], record)
    loaded = campaign.campaigns.load(campaign.name)
    (shown,) = loaded.kind.status(loaded.state, campaign.name)["crossings"]
    assert shown["record"] == record and shown["die"] == crossing.die


def test_hw_7_3_verify_recomputes_every_roll_once_its_secret_is_revealed(wall):
    campaign = wall()
    a_committed_crossing(campaign)
    campaign.advance("end-of-turn")
    loaded = campaign.campaigns.load(campaign.name)
    assert audit(loaded.kind, loaded.events).events == len(loaded.events)
    moved = next(e for e in loaded.events if type(e).__name__ == "CounterMoved" and e.dice)
    other = {1: 2, 2: 1, 3: 4, 4: 3, 5: 6, 6: 5}[moved.dice[0]]  # the same outcome, another die
    forged = rechained(loaded, {moved.originator_version: {"dice": [other]}})
    with pytest.raises(AuditFailure) as failure:
        audit(loaded.kind, forged)
    assert failure.value.rule == "HW-7.3"
    assert type(forged[failure.value.event - 1]).__name__ == "SecretRevealed"


def test_hw_7_4_a_campaign_imported_elsewhere_cannot_roll_without_its_store_s_secrets(wall):
    campaign = wall()
    campaign.clear("york", "bernicia")
    (legion,) = campaign.place("romans", "york")
    campaign.at(2, "romans", "movement")
    campaign.move(f"{legion}:york,bernicia")
    (pict,) = campaign.place("picts", "lothian")
    exported = "\n".join(export_lines(campaign.campaigns.load(campaign.name)))
    elsewhere = Campaigns(":memory:")
    import_campaign(elsewhere, exported, "copy")
    elsewhere.act("copy", lambda s: hw.advance(s, "picts", {}), "organiser")
    elsewhere.act("copy", lambda s: hw.advance(s, "movement", {}), "organiser")
    with pytest.raises(CampaignError, match="not in this store"):
        elsewhere.act(
            "copy",
            lambda s: hw.move(s, [(pict, ["lothian", "bernicia"])], hw.Committed(s, {})),
            "organiser",
        )
    with pytest.raises(CampaignError, match="not in this store"):
        elsewhere.act("copy", lambda s: hw.advance(s, "end-of-turn", {}), "organiser")


def external_crossing(campaign):
    campaign.clear("york", "bernicia")
    (legion,) = campaign.place("romans", "york")
    campaign.at(2, "romans", "movement")
    campaign.move(f"{legion}:york,bernicia")
    campaign.at(2, "brigantes", "movement")


def test_hw_7_5_external_dice_are_1_to_6_with_evidence(wall):
    campaign = wall(dice="external")
    external_crossing(campaign)
    assert campaign.refused_move("BR7:lothian,bernicia", dice=[7]) == "HW-7.5"
    assert "needs a die" in campaign.refused_move("BR7:lothian,bernicia")
    assert "evidence" in campaign.refused(
        lambda s: hw.move(s, [("BR7", ["lothian", "bernicia"])], hw.Entered([3], []))
    )
    assert "not needed" in campaign.refused_move("BR7:lothian,strathclyde", dice=[3])
    campaign.move("BR7:lothian,bernicia", dice=[3])
    (crossing,) = campaign.state.crossings
    assert (crossing.die, crossing.evidence) == (3, "https://dice.example/roll")
    campaign.advance("end-of-turn")
    assert campaign.state.revealed == {}


# HW-8: reports and the map.


def test_hw_8_1_a_turns_report_lists_walls_triggers_and_each_crossing_in_one_line(wall):
    campaign = wall(dice="external")
    campaign.clear("york", "bernicia")
    (legion,) = campaign.place("romans", "york")
    campaign.at(2, "romans", "movement")
    campaign.move(f"{legion}:york,bernicia")
    campaign.at(3, "picts", "population")
    (pict,) = campaign.place("picts", "lothian")
    campaign.advance("movement")
    campaign.move(f"{pict}:lothian,bernicia", dice=[5])
    campaign.advance("end-of-turn")
    loaded = campaign.campaigns.load(campaign.name)
    data, _ = report_data(campaign.name, loaded, 3)
    items = {s["heading"]: s.get("items", []) for s in data["sections"]}
    assert (
        "W1 (Bernicia | Lothian): built in turn 2, when the Romans first held Bernicia alone"
        in (items["Walls (HW-4)"])
    )
    assert "Trigger areas triggered: Bernicia (turn 2)" in items["Walls (HW-4)"]
    line = (
        f"Turn 3, Picts: army {pict} Lothian → Bernicia crosses W1 into Roman-occupied Bernicia"
        " — d6 = 5, eliminated (crossing 1)"
    )
    assert items["Wall crossings (HW-6)"] == [line + " [https://dice.example/roll]"]


def test_hw_8_1_the_first_report_of_turn_6_says_the_walls_are_gone_and_reveals_s5(wall):
    campaign = wall()
    campaign.clear("york", "bernicia")
    (legion,) = campaign.place("romans", "york")
    campaign.at(2, "romans", "movement")
    campaign.move(f"{legion}:york,bernicia")
    campaign.at(6, "romans", "population")
    loaded = campaign.campaigns.load(campaign.name)
    data, _ = report_data(campaign.name, loaded, 6)
    text = "\n".join(item for s in data["sections"] for item in s.get("items", []))
    assert "The walls are gone: W1 removed at the start of turn 6" in text
    assert campaign.secrets["S5"] in text


def test_hw_8_2_the_map_shows_every_area_who_holds_it_and_the_walls_built(wall):
    campaign = wall()
    campaign.clear("york", "bernicia")
    (legion,) = campaign.place("romans", "york")
    campaign.at(2, "romans", "movement")
    campaign.move(f"{legion}:york,bernicia")
    loaded = campaign.campaigns.load(campaign.name)
    svg = ET.fromstring(loaded.kind.picture(loaded.state, "Wall <&> test", None))
    groups = [g for g in svg.iter("{http://www.w3.org/2000/svg}g")]
    areas = {g.get("data-area"): g for g in groups if "region" in (g.get("class") or "").split()}
    walls = {g.get("data-wall"): g for g in groups if g.get("class") == "wall"}
    land = {a for a, spot in loaded.state.board.areas.items() if spot.land}
    assert set(areas) == land
    assert set(walls) == {"W1"} and walls["W1"].get("data-between") == "bernicia|lothian"
    assert areas["bernicia"].get("data-holders") == "purple"
    assert areas["lothian"].get("data-holders") == "red"
    assert areas["york"].get("data-holders") == ""
