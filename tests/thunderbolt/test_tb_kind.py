"""Thunderbolt as a kind of campaign (its first slice), on the command line: the Sequence of Play
refusing commands out of their steps (TB-3.2, TB-3.4), Carthage's rolls from committed or
entered dice (TB-12.1, TB-16), the Italian Allies moved by reports (TB-15), the dice checked by
verify (TB-19.8)."""

from __future__ import annotations

import hashlib

import pytest
from helpers.shell import Shell
from helpers.thunderbolt.start import (
    NEW,
    into_b2,
    through_b,
)

from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import AuditFailure, audit


def test_tb_3_2_a_command_out_of_its_step_is_refused_naming_where_it_belongs(shell):
    shell.ok(*NEW)
    message = shell.refuses("family")
    assert message.endswith("(TB-3.2).") and "belongs to B2a" in message
    assert shell.refuses("done", "B1a").endswith("(TB-3.2).")
    assert "Say whose" in shell.refuses("done", "A2")


def test_tb_3_4_b2a_cannot_be_finished_before_the_family_is_rolled(shell):
    shell.ok(*NEW)
    into_b2(shell)
    assert shell.refuses("done", "B2a").endswith("(TB-3.4).")
    shell.ok("family", "--drm", "barcids-last-turn=+1", "--drm", "second-punic-war=+2")
    assert shell.refuses("family").endswith("(TB-12.1).")  # once a Game Turn
    shell.ok("done", "B2a")
    assert shell.json("status")["steps"] == ["B1a", "B2b"]


def test_tb_12_1_the_outcome_is_read_from_the_set_up_files_chart(shell):
    shell.ok(*NEW)
    into_b2(shell)
    shell.ok("family", "--drm", "war=+2")
    (roll,) = shell.json("status")["rolls"]
    adjusted = roll["face"] + 2
    assert shell.json("status")["family_in_power"] == ("Barcid" if adjusted >= 6 else "Magonid")


def test_tb_16_4_external_dice_are_0_to_9_with_the_outcome_of_the_chart(shell):
    """TB-19.8, its external part: a face of 10 is refused."""
    shell.ok(*NEW, "--dice", "external")
    into_b2(shell)
    assert shell.refuses("family", "--face", "10").endswith("(TB-16.4).")
    assert "needs its face from the table" in shell.refuses("family")
    shell.ok("family", "--face", "4", "--drm", "last=+1", "--drm", "war=+2", "--evidence", "log 7")
    assert shell.json("status")["family_in_power"] == "Barcid"  # 4 + 1 + 2 = 7 (TB-12.1)
    last = shell.json("log")[-1]["data"]
    assert (last["face"], last["evidence"], last["outcome"]) == (4, "log 7", "Barcid")


def test_tb_16_2_a_commitment_for_each_game_turn(tmp_path):
    shell = Shell(tmp_path / "s.sqlite")
    shell.ok(*NEW)
    secrets = Campaigns(str(shell.db)).secrets.unseal("Punic")
    commitments = shell.json("status")["commitments"]
    assert set(commitments) == {"1", "2", "3"}  # the example's 212, 211 and 210 BCE
    for turn, published in commitments.items():
        expected = hashlib.sha256(f"TB|Punic|{turn}|{secrets[f'S{turn}']}".encode()).hexdigest()
        assert published == expected


def test_tb_15_7_retribution_follows_only_a_sack_in_a_carthage_allied_province(shell):
    shell.ok(*NEW)
    into_b2(shell)
    through_b(shell)
    shell.ok("initiative", "leader")
    assert shell.refuses("sack", "lucania").endswith("(TB-15.7).")
    before = shell.json("status")["italian_allies"]
    shell.ok("sack", "apulia")
    after = shell.json("status")["italian_allies"]
    assert after["apulia"]["level"] == before["apulia"]["level"] + 2
    faces = shell.json("log")[-1]["data"]["faces"]
    assert set(faces) == {"lucania", "samnium", "calabria"}
    for province, face in faces.items():
        moved = after[province]["level"] - before[province]["level"]
        assert moved == (1 if face % 2 == 0 else 0)


def test_tb_16_6_a_roll_stands_no_undo_reaches_it(shell):
    shell.ok(*NEW)
    into_b2(shell)
    shell.ok("family")
    assert "(TB-16.6)" in shell.refuses("undo", "--reason", "bad roll")


def test_tb_19_8_verify_passes_once_the_secret_is_revealed_and_fails_on_an_altered_face(tmp_path):
    from helpers.hadrians_wall import rechained

    shell = Shell(tmp_path / "s.sqlite")
    shell.ok(*NEW)
    into_b2(shell)
    through_b(shell)
    shell.ok("initiative", "empty")
    for step in ("F2", "G1", "G2", "G3", "G4"):
        shell.ok("done", step, "--side", "rome")
        shell.ok("done", step, "--side", "carthage")
    assert shell.json("status")["revealed"].keys() == {"1"}
    loaded = Campaigns(str(shell.db)).load("Punic")
    assert audit(loaded.kind, loaded.events).events == len(loaded.events)
    rolled = next(e for e in loaded.events if type(e).__name__ == "PoliticsRolled")
    barcid = {f for f in range(10) if f + 2 >= 6}  # the example's chart, with the DRM war=+2
    same = barcid if rolled.face in barcid else set(range(10)) - barcid
    other = min(same - {rolled.face})  # another face with the same outcome: only the dice tell
    forged = rechained(loaded, {rolled.originator_version: {"face": other}})
    with pytest.raises(AuditFailure) as failure:
        audit(loaded.kind, forged)
    assert failure.value.rule == "TB-16.3"
    assert type(forged[failure.value.event - 1]).__name__ == "TurnRevealed"


def test_tb_3_2_every_event_can_be_decided_again_by_verify():
    """verify re-decides every recorded event from the state before it: each Thunderbolt event
    has its command (a new one without would stop verify on its first appearance)."""
    import inspect

    from campaign.kinds.thunderbolt import decisions
    from events import thunderbolt
    from events.common import CampaignEvent

    kinds = {
        c
        for _, c in inspect.getmembers(thunderbolt, inspect.isclass)
        if issubclass(c, CampaignEvent) and c.__module__ == thunderbolt.__name__
    }
    assert kinds - set(decisions.REPLAY) == set()
