"""Thunderbolt's Italian Allies moved by the players' own acts, on the command line: Hannibal's
Diplomacy in an Operations Phase (TB-15.6), Watchful Presence in G1 (TB-15.8, TB-18.10), and what
a defection or a return to Rome asks of the players (TB-15.5). The example's track: Apulia
Carthage -3, Calabria Rome +1, Lucania Rome +2 (defection manpower 4), Campania Rome +3, Samnium
Rome +1."""

from __future__ import annotations

from helpers.thunderbolt.senate import to_operations
from helpers.thunderbolt.start import NEW, into_b2, through_b


def track(shell) -> dict:
    return {
        p: (v["level"], v["allied_to"]) for p, v in shell.json("status")["italian_allies"].items()
    }


def to_g1(shell, *new: str) -> None:
    shell.ok(*NEW, *new)
    into_b2(shell)
    through_b(shell)
    shell.ok("initiative", "empty")
    for side in ("rome", "carthage"):
        shell.ok("done", "F2", "--side", side)


def test_tb_15_8_watchful_presence_one_box_per_province_per_player_per_game_turn(shell):
    to_g1(shell)
    shell.ok("presence", "Lucania", "--side", "carthage", "--force", "Hannibal's Army, 40 SP")
    assert track(shell)["lucania"] == (1, "rome")
    refusal = shell.refuses("presence", "Lucania", "--side", "carthage", "--force", "Hanno's")
    assert refusal.endswith("(TB-15.8).")  # once per province per player, however many forces
    shell.ok("presence", "Lucania", "--side", "rome", "--force", "CA I")  # the other player may
    assert track(shell)["lucania"] == (2, "rome")
    shell.ok("presence", "Apulia", "--side", "carthage", "--force", "Hanno's Army")
    assert track(shell)["apulia"] == (-4, "carthage")
    assert shell.refuses("presence", "Carthage", "--side", "carthage", "--force", "x").endswith(
        "(TB-15.8)."
    )  # not on the track
    assert "--force" in shell.refuses("presence", "Samnium", "--side", "rome")
    claim = [e for e in shell.json("log") if e["type"] == "PresenceClaimed"][0]["data"]
    assert claim["force"] == "Hannibal's Army, 40 SP"
    shell.ok("verify")


def test_tb_15_8_watchful_presence_belongs_to_g1(shell):
    to_operations(shell)
    refusal = shell.refuses("presence", "Lucania", "--side", "rome", "--force", "CA I")
    assert refusal.endswith("(TB-3.2).") and "G1" in refusal


def test_tb_18_10_watchful_presence_only_in_the_players_own_allies_under_the_setting(shell):
    to_g1(shell, "--setting", "watchful-presence=own")
    refusal = shell.refuses("presence", "Lucania", "--side", "carthage", "--force", "Hannibal's")
    assert refusal.endswith("(TB-15.8).") and "allied to rome" in refusal
    shell.ok("presence", "Apulia", "--side", "carthage", "--force", "Hannibal's Army")
    shell.ok("presence", "Lucania", "--side", "rome", "--force", "CA I")
    assert track(shell)["apulia"] == (-4, "carthage") and track(shell)["lucania"] == (3, "rome")
    assert shell.json("status")["settings"]["watchful-presence"] == "own"


def test_tb_15_6_hannibals_diplomacy_once_in_a_phase_and_a_province_once_a_game_turn(shell):
    to_operations(shell)
    assert shell.refuses("diplomacy", "Apulia", "--result", "2", "--face", "5").endswith(
        "(TB-15.6)."
    )  # allied to Carthage already
    shell.ok("diplomacy", "Lucania", "--result", "2", "--face", "5")
    assert track(shell)["lucania"] == (0, "rome")
    attempt = shell.json("log")[-1]["data"]
    assert (attempt["face"], attempt["result"], attempt["phase"]) == (5, "2", 1)
    refusal = shell.refuses("diplomacy", "Calabria", "--result", "1", "--face", "5")
    assert refusal.endswith("(TB-15.6).") and "Operations Phase" in refusal  # once in a phase
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "leader")  # another Operations Phase
    refusal = shell.refuses("diplomacy", "Lucania", "--result", "1", "--face", "5")
    assert refusal.endswith("(TB-15.6).") and "Game Turn" in refusal  # once a Game Turn
    shell.ok("diplomacy", "Calabria", "--result", "D", "--face", "0")  # D counts as -2
    assert track(shell)["calabria"] == (3, "rome")
    assert shell.refuses("diplomacy", "Samnium", "--result", "x", "--face", "0").endswith(
        "(TB-15.6)."
    )


def test_tb_15_6_a_negative_result_moves_toward_rome_and_the_die_is_verified(shell):
    """Committed dice: the program rolls; the reveal at the Game Turn's end recomputes it."""
    shell.ok(*NEW)
    into_b2(shell)
    through_b(shell)
    shell.ok("initiative", "leader")
    shell.ok("diplomacy", "Samnium", "--result", "-1")
    assert track(shell)["samnium"] == (2, "rome")
    rolled = [r for r in shell.json("status")["rolls"] if r["kind"] == "diplomacy"]
    assert [r["subject"] for r in rolled] == ["samnium"]
    assert "--face" in shell.refuses("diplomacy", "Lucania", "--result", "1", "--face", "3")
    shell.ok("verify")


def test_tb_15_5_a_defection_lists_the_players_work_and_the_manpower_due(shell):
    """Lucania at Rome +2: Carthage's Major Victory there (2 boxes) then Diplomacy's 4: it enters
    box 4 on Carthage's side and defects; Carthage is due its PIC manpower, 4 SP."""
    to_operations(shell)
    shell.ok("victory", "Lucania", "--by", "carthage")
    shell.ok("diplomacy", "Lucania", "--result", "4", "--face", "9")
    assert track(shell)["lucania"] == (-4, "carthage")
    assert shell.json("status")["defections"] == [
        {"turn": 1, "province": "lucania", "to": "carthage", "sp": 4}
    ]
    report = shell.ok("report", "--round", "1", "--format", "markdown").stdout
    assert "Lucania defects to Carthage (TB-15.5)" in report
    assert "Carthage receives 4 SP of manpower" in report
    assert "Roman Citizen and cavalry SP eliminated" in report


def test_tb_15_5_a_return_to_rome_lists_the_players_work(shell):
    """Apulia at Carthage -3: Rome's Major siege victory there (3 boxes) then Carthage devastates
    it (4 toward Rome): box 4 on Rome's side, back to Rome, no manpower."""
    to_operations(shell)
    shell.ok("victory", "Apulia", "--by", "rome", "--kind", "siege")
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "empty")
    shell.ok("devastate", "Apulia", "--by", "carthage")
    assert track(shell)["apulia"] == (4, "rome")
    assert shell.json("status")["defections"] == [
        {"turn": 1, "province": "apulia", "to": "rome", "sp": 0}
    ]
    report = shell.ok("report", "--round", "1", "--format", "markdown").stdout
    assert "Apulia returns to Rome (TB-15.5)" in report
    assert "half the Italian infantry SP (rounded up) replaced by Ala infantry SP" in report


def test_what_people_type_into_thunderbolt_is_text_never_escape_codes(shell):
    """The new ways in — a force's name, a loss's cause, a roll's evidence — refuse escape codes
    and invisible characters in one sentence and record nothing; rich markup stays text."""
    from helpers.thunderbolt.senate import to_operations

    to_operations(shell, draw=("initiative", "--drawn", "Hannibal"))
    hostile = "\x1b]0;pwned\x07CA I"
    for words in (
        ["diplomacy", "Lucania", "--result", "1", "--face", "3", "--evidence", hostile],
        ["losses", "hannibal", "--sp", "1", "--cause", hostile],
        ["censure", "Pulcher", "--face", "3", "--evidence", "\u202eevil"],
    ):
        refusal = shell.refuses(*words)
        assert "control" in refusal  # the sentence says why
        assert "\x1b" not in refusal and "\u202e" not in refusal
    shell.ok("losses", "hannibal", "--sp", "1", "--cause", "[bold red]a battle[/]")
    told = " ".join(shell.ok("log").stdout.split())
    assert "[bold red]a" in told and "\x1b" not in told


def test_tb_15_2_and_15_5_the_track_moved_and_a_defection_are_said_as_they_are_recorded(shell):
    """Issue #28: the Italian Allies' shifts and a defection were told only in the Game Turn's
    report; the command that moves the track says what it moved and who turned, as the report
    does: Carthage's Major Victory in Lucania (Rome +2 → 0, TB-15.2), then Hannibal's Diplomacy's
    4 boxes (0 → −4: Lucania defects, TB-15.4, TB-15.5, with its 4 SP of manpower)."""
    to_operations(shell)
    won = shell.ok("victory", "Lucania", "--by", "carthage").stdout
    assert "Major Victory for Carthage by a land battle in Roman Italy" in won
    lucania = "Italian Allies: Lucania: +2 → +0 (Carthage's Major Victory (a land battle in Roman"
    assert lucania in won
    assert "defects" not in won
    turned = shell.ok("diplomacy", "Lucania", "--result", "4", "--face", "9").stdout
    assert "Italian Allies: Lucania: +0 → -4 (Hannibal's Diplomacy)" in turned
    assert "Lucania defects to Carthage (TB-15.5)" in turned
    assert "Carthage receives 4 SP of manpower (PIC)" in turned
    note = shell.ok("note", "the Lucanians feast").stdout
    assert "Italian Allies" not in note  # what an event moved, said of that event alone


def test_tb_15_8_a_force_the_tracker_knows_must_stand_there_be_his_and_of_20_sp(shell):
    """#28 listed Watchful Presence accepted for a force the tracker places elsewhere: a force
    named as the tracker knows it (an Army, a Detachment, a Legion, CA n) is checked — the
    claimant's, in the province claimed, of 20+ SP (TB-15.8, TB-1.4); a force it does not know
    by that name stays the table's word."""
    to_g1(shell)
    elsewhere = shell.refuses("presence", "Lucania", "--side", "carthage", "--force", "hannibal")
    assert elsewhere.endswith("(TB-15.8).") and "stands in Apulia" in elsewhere
    theirs = shell.refuses("presence", "Apulia", "--side", "rome", "--force", "Hannibal")
    assert theirs.endswith("(TB-15.8).") and "Carthage's" in theirs
    shell.ok("presence", "Apulia", "--side", "carthage", "--force", "hannibal")  # 40 SP there
    shell.ok("presence", "Campania", "--side", "rome", "--force", "CA 1")
    assert shell.refuses("presence", "Lucania", "--side", "rome", "--force", "IX").endswith(
        "(TB-15.8)."
    )  # Nero's Legion stands in Campania
