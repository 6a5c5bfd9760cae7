"""People over weeks: a newcomer replaces a player (BC-9.5, ON-4.4), a name is put right, a
player withdraws with no replacement (BC-9.6), the organiser chooses for a victor who missed
his deadline (BC-9.4) — on real SQLite files, through the command line."""

from __future__ import annotations


def control_of(shell, player):
    return sorted(r for r, p in shell.json("status")["control"].items() if p == player)


def test_bc_9_5_a_newcomer_takes_over_holdings_and_order_and_history_stays(shell, spring):
    shell.play(spring.through("note"))  # round 1 over; Bob attacks second in round 2
    bob_before = control_of(shell, "Bob")
    said = shell.ok("replace-player", "bob", "Fay", "--reason", "Bob moved abroad").stdout
    assert "Fay replaces Bob from now on: Bob moved abroad" in said
    status = shell.json("status")
    assert control_of(shell, "Fay") == bob_before and control_of(shell, "Bob") == []
    assert status["attack_order"] == ["Dag", "Fay", "Cid", "Ann"]
    assert status["people"] == [
        {
            "change": "replaced",
            "player": "Fay",
            "replacing": "Bob",
            "event": len(shell.json("log")),
            "reason": "Bob moved abroad",
        }
    ]
    round_1 = shell.ok("report", "--round", "1", "--format", "markdown").stdout
    assert "**Bob**" in round_1 and "Fay" not in round_1  # round 1 as it was played
    round_2 = shell.ok("report", "--round", "2", "--format", "markdown").stdout
    assert "**Fay** (replacing Bob) since event" in round_2
    shell.ok(*spring.step("attack Deira Lindsey"))
    shell.ok(*spring.step("attack Hwicce West Anglia", 2))  # Fay attacks where Bob would have
    attacks = shell.json("status")["attacks"]
    assert [a["attacker"] for a in attacks] == ["Dag", "Fay"]
    assert shell.json("verify")["verified"]


def test_bc_9_5_refusals_are_one_sentence(shell, spring):
    shell.play(spring.through("result Dumnonia"))  # Eve is out (BC-7.3)
    assert "did you mean Bob" in shell.refuses("replace-player", "Bobb", "Fay", "--reason", "x")
    assert "Ann already plays" in shell.refuses("replace-player", "Bob", "ann", "--reason", "x")
    assert "--reason" in shell.refuses("replace-player", "Bob", "Fay")
    assert shell.refuses("replace-player", "Eve", "Fay", "--reason", "x").endswith("(BC-9.5).")


def test_a_typo_put_right_renames_the_player_in_every_round(shell, spring):
    shell.play(spring.through("note"))
    shell.ok("rename-player", "Cid", "Sid")
    round_1 = shell.ok("report", "--round", "1", "--json").stdout
    assert '"Sid"' in round_1 and '"Cid"' not in round_1.split('"sections"')[0]
    round_2 = shell.ok("report", "--round", "2").stdout
    assert "Sid (written Cid before)" in round_2
    assert shell.json("status")["attack_order"] == ["Dag", "Bob", "Sid", "Ann"]
    assert shell.json("verify")["verified"]


def test_bc_9_6_a_withdrawn_player_forfeits_whenever_he_is_on_turn(shell, spring):
    shell.play(spring.through("note"))  # round 2: Dag, Bob, Cid, then Ann
    said = shell.ok("withdraw", "Ann", "--reason", "no time any more").stdout
    assert "Ann withdraws, with no replacement: no time any more" in said
    shell.play(spring.between("note", "attack Essex Wessex"))
    forfeit = [e for e in shell.json("log") if e["type"] == "AttackForfeited"][-1]
    assert (forfeit["data"]["player"], forfeit["data"]["reason"]) == ("Ann", "withdrawn")
    assert forfeit["actor"] == "the rules" and forfeit["data"]["round"] == 2
    defended = [  # Dag attacked her Lindsey before she left: a walkover once declarations end
        e["data"]["region"]
        for e in shell.json("log")
        if e["type"] == "BattleFought" and e["actor"] == "the rules"
    ]
    assert defended == ["Lindsey"]
    assert shell.refuses("withdraw", "Ann", "--reason", "again").endswith("(BC-9.6).")
    assert shell.json("verify")["verified"]


def test_a_reason_for_leaving_is_text_in_the_players_section(shell, spring):
    """#50: "gone to **Dag**'s wedding": the Players section bolded every name inside the reason
    the organiser typed; the names it tells (who left, who replaced whom) are the players', the
    reason is as written."""
    shell.play(spring.through("note"))
    shell.ok("withdraw", "Ann", "--reason", "gone to Dag's wedding")
    report = shell.ok("report", "--round", "2", "--format", "markdown").stdout
    told = next(line for line in report.splitlines() if "withdrew" in line)
    assert "**Ann** withdrew" in told and "gone to Dag's wedding" in told
    assert "**Dag**" not in told


def test_bc_9_6_a_battle_a_withdrawn_player_defends_is_a_walkover_for_the_attacker(shell, spring):
    shell.play(spring.through("attack Powys Gwynedd"))  # round 2: Bob attacks Cid's West Anglia
    shell.ok("withdraw", "Cid", "--reason", "gone")
    walkovers = [
        (e["data"]["region"], e["data"]["attacker_casualties"], e["data"]["defender_casualties"])
        for e in shell.json("log")
        if e["type"] == "BattleFought" and e["actor"] == "the rules"
    ]
    assert walkovers == [("West Anglia", 0, 100)]
    assert shell.json("verify")["verified"]


def test_bc_9_4_the_organiser_chooses_for_a_victor_who_missed_the_deadline(shell, spring):
    shell.play(spring.through("result Wessex"))  # Cid must choose Sussex or South Anglia
    said = shell.ok("gain", "Sussex", "--reason", "Cid did not choose in 3 days").stdout
    assert "The organiser chooses for Cid, who did not choose by the deadline (BC-9.4)" in said
    log = shell.json("log")
    assert [e["type"] for e in log[-2:]] == ["NoteRecorded", "RegionTransferred"]
    assert shell.json("verify")["verified"]


def test_on_4_4_a_newcomer_takes_over_a_side_and_withdrawing_is_refused(shell, under_the_eagle):
    shell.play(under_the_eagle.through("upgrade legionaries-1"))
    shell.ok("replace-player", "Boudica", "Cartimandua", "--reason", "Boudica left the club")
    status = shell.json("status")
    assert status["players"] == {"rome": "Marcus", "enemies": "Cartimandua"}
    message = shell.refuses("withdraw", "Marcus", "--reason", "x")
    assert "replace Marcus instead (replace-player)" in message
    shell.play(under_the_eagle.between("upgrade legionaries-1", "upgrade celtic-spearmen-1"))
    assert shell.json("verify")["verified"]


def test_a_hadrians_wall_colour_passes_to_a_newcomer(shell):
    shell.ok(
        "new", "Wall", "--rules", "hadrians-wall", "--purple", "Ann", "--blue", "Bob",
        "--red", "Cid", "--green", "Dee",
    )  # fmt: skip
    shell.ok("replace-player", "Cid", "Ros", "--reason", "Cid is busy")
    assert shell.json("status")["players"]["red"] == "Ros"
    assert shell.json("verify")["verified"]


def test_bc_9_6_a_withdrawn_player_is_not_listed_as_in(shell, spring):
    """#29: a player who withdrew with no replacement was listed "in" on the dashboard."""
    shell.ok(*spring.step("new"))
    shell.ok("withdraw", "Dag", "--reason", "moved away")
    row = next(line for line in shell.ok("status").stdout.splitlines() if "│Dag " in line)
    assert "withdrawn (BC-9.6)" in row and " in " not in row.replace("withdrawn", "")
    players = {p["name"]: p for p in shell.json("status")["players"]}
    assert (players["Dag"]["withdrawn"], players["Ann"]["withdrawn"]) == (True, False)
