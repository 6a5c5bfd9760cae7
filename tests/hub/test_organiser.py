"""The organiser's round without friction: what the program says, where, and how it reads.
Each test names the point of the issue it checks (80 columns, the opening post, say why,
one current campaign, the way forward, announcements, help, a tampered store's reports)."""

from __future__ import annotations

import json
import sqlite3
from decimal import Decimal

import pytest
from helpers.shell import tick_at, widest_line

from campaign.kinds.boiling_cauldron import commands, narrate
from campaign.service.unit_of_work import Campaigns
from campaign.views.log import table
from campaign.views.reports import render_report
from cli import app


@pytest.mark.parametrize("as_of", [7, 20, None])
def test_1_every_view_fits_80_columns(finished, as_of):
    """The dashboard mid-round, in the Final and at the end; the log; the text report."""
    loaded = Campaigns(str(finished.db)).load("Spring 869", as_of)
    data = loaded.kind.status(loaded.state, "Spring 869")
    assert widest_line(loaded.kind.dashboard(loaded.state, data)) <= 80
    assert widest_line(table(loaded.events, loaded.kind)) <= 80
    assert widest_line(render_report("Spring 869", loaded, 1, "text")) <= 80


def test_1_the_onus_dashboard_and_briefing_fit_80_columns(tmp_path, shell_at, under_the_eagle):
    from campaign.kinds.onus.dashboard import briefing_panel
    from campaign.kinds.onus.status import briefing

    shell = shell_at(tmp_path / "e.sqlite")
    shell.play(under_the_eagle.through("upgrade legionaries-1"))
    loaded = Campaigns(str(shell.db)).load("Under the Eagle")
    data = loaded.kind.status(loaded.state, "Under the Eagle")
    assert widest_line(loaded.kind.dashboard(loaded.state, data)) <= 80
    assert widest_line(briefing_panel(briefing(loaded.state))) <= 80


def test_4_when_bc_7_2_allows_fewer_regions_than_bc_7_1_both_are_said(shell, spring):
    shell.play(spring.through("attack Hwicce West Anglia"))
    said = shell.ok("result", "Kent", "20", "45").stdout
    assert "1 region due from Dag (BC-7.1)" in said
    said = shell.ok("result", "Sussex", "10", "80").stdout
    assert "3 regions due from Eve by BC-7.1; only 2 can be taken (BC-7.2)" in said


def test_4_a_finalist_tie_broken_by_the_westernmost_region_is_said(split, given):
    """Six rounds of draws leave Ann, Bob and Cid with two regions each: BC-8.3's tie-break."""
    from campaign.kinds.boiling_cauldron.checks import legal_attacks

    story = given(split)
    while story.state.phase != "final":
        while story.state.on_turn:
            story.when(commands.attack, *legal_attacks(story.state, story.state.on_turn)[0])
        for battle in story.state.round_battles():
            story.when(commands.result, battle.to_region, Decimal(30), Decimal(35))
    said = narrate.rounds_moved_on(story.state, 6)
    assert "(BC-8.3)" in said and "westernmost region lies further west" in said
    assert said.startswith(f"The rounds are over: {story.state.finalists[0]} and")
    outsider = next(p for p in story.state.players if p not in story.state.finalists)
    assert story.refused(commands.final_armies, outsider, "Welsh", None) == "BC-8.3"


def test_5_a_drawn_final_says_another_follows_and_armies_may_change(shell, spring):
    shell.play(spring.through("final-armies Cid"))
    said = shell.ok("final-result", "--casualties", "Dag=35", "--casualties", "Cid=30").stdout
    assert "Final Battle 1 is a draw: Final Battle 2 follows" in said
    assert "may choose their armies again (BC-8.4)" in said


def test_5_the_last_rounds_report_names_the_final_battles_module(finished):
    text = finished.ok("report", "--format", "markdown").stdout
    assert "Dark Ages Britain v1.7" in text and "another Final Battle is fought" in text


def test_6_one_current_campaign_with_use_or_campaign(shell, spring):
    shell.ok(*spring.step("new"))
    shell.ok("new", "Autumn 870", "--player", "A", "--player", "B", "--player", "C", "--seed", "x")
    assert "campaign use NAME" in shell("status").stderr
    assert "Spring 869 is the current campaign" in shell.ok("use", "spring 869").stdout
    assert shell.json("status")["name"] == "Spring 869"
    chosen = shell.runner.invoke(
        app, ["--db", str(shell.db), "status", "--json"], env={"CAMPAIGN": "autumn 870"}
    )
    assert json.loads(chosen.stdout)["name"] == "Autumn 870"
    shell.ok("use", "--clear")
    assert "campaign use NAME" in shell("status").stderr


def test_7_a_refusal_names_the_way_forward(shell, spring):
    shell.play(spring.through("result Kent"))
    # round 1's other battles, none of them reported yet (#50: as they stand, BC-6.2)
    said = shell.refuses("gain", "Kent")
    assert "the battles still to be fought: Sussex, Dumnonia and West Anglia." in said
    assert "campaign undo" in shell.refuses("result", "Kent", "20", "45")
    assert "forfeit takes no player" in shell.refuses("forfeit", "Ann", "--reason", "away")


def test_7_every_typo_of_a_command_is_reported_at_once(shell, spring):
    shell.play(spring.through("new"))
    assert "did you mean" not in shell.refuses("attack", "Dagg", "Kent")  # a player, not a region
    said = shell.refuses("attack", "Esex", "Kentt")
    assert said == (
        "There is no region called 'Esex' (did you mean Essex?) or 'Kentt' (did you mean Kent?)."
    )


def test_8_an_elimination_and_the_end_of_a_round_are_announced_by_the_command(shell, spring):
    shell.play(spring.through("result Sussex"))
    said = shell.ok(*spring.step("result Dumnonia")).stdout
    assert "Eve holds no region any more and is out of the campaign (BC-7.3)." in said
    said = shell.ok(*spring.step("result West Anglia")).stdout
    assert "Round 1 is over. Round 2 attack order (BC-3.2): Dag, Bob, Cid, Ann." in said


def test_8_one_finalist_still_to_choose_chooses(shell, spring):
    shell.play(spring.through("final-armies Dag"))
    assert "Cid chooses armies" in shell.ok("status").stdout + shell.ok("note", "x").stdout


def test_9_a_kind_is_named_exactly(shell):
    said = shell(
        "new", "X", "--rules", "boiling", "--player", "A", "--player", "B", "--player", "C"
    )
    assert said.exit_code == 1 and said.stderr.strip() == (
        "There is no kind of campaign called 'boiling'; did you mean boiling-cauldron?"
    )


def test_10_new_comes_first_and_every_argument_has_help():
    from typer.main import get_command_from_info

    from campaign.commandline import core

    names, undocumented = [], []
    for module in core.command_modules():
        infos = [b() for b in getattr(module, "BUILT", {}).values()] + list(
            module.commands.registered_commands
        )
        for info in infos:
            command = get_command_from_info(
                info, pretty_exceptions_short=True, rich_markup_mode="rich"
            )
            names.append(command.name)
            undocumented += [
                f"{command.name} {p.name}"
                for p in command.params
                if not getattr(p, "help", None) and not getattr(p, "hidden", False)
            ]
    assert names[0] == "new" and undocumented == []


def test_11_a_report_from_a_tampered_store_carries_the_warning_inside(finished):
    with sqlite3.connect(finished.db) as connection:
        connection.execute("DELETE FROM stored_events WHERE originator_version = 30")
    connection.close()
    text = finished.ok("report", "--round", "1", "--format", "markdown").stdout
    assert "**Warning**" in text and "tampered with" in text


def test_1_the_console_takes_the_terminals_width_and_pipes_get_columns_or_100(monkeypatch):
    """Views used to force 100 columns, wrapping every line of an 80-column terminal; a pipe
    takes COLUMNS where it is set (#29: it was ignored), else 100."""
    import sys

    from campaign.commandline.core import console

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert console().width == 80
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False, raising=False)
    assert console().width == 80
    monkeypatch.delenv("COLUMNS")
    assert console().width == 100


def test_9_rename_keeps_the_log_and_every_published_chain_head(finished):
    head = finished.json("report")["chain_head"]
    assert (
        "Spring 869 is called Spring 869 (won) now."
        in finished.ok("rename", "Spring 869 (won)").stdout
    )
    assert [c["name"] for c in finished.json("list")] == ["Spring 869 (won)"]
    assert "published chain head is event" in finished.ok("verify", "--head", head).stdout
    assert json.loads(finished.ok("export").stdout.splitlines()[0])["name"] == "Spring 869 (won)"
    assert (
        "started under"
        in finished("new", "Spring 869", "--player", "A", "--player", "B", "--player", "C").stderr
    )


def test_9_archive_hides_and_delete_removes_only_that_campaign(finished):
    finished.ok(
        "new", "Autumn 870", "--player", "A", "--player", "B", "--player", "C", "--seed", "x"
    )
    finished.ok("-c", "spring 869", "archive")
    assert [c["name"] for c in finished.json("list")] == ["Autumn 870"]
    assert [(c["name"], c["archived"]) for c in finished.json("list", "--all")] == [
        ("Spring 869", True),
        ("Autumn 870", False),
    ]
    assert "add --yes" in finished("-c", "Spring 869", "delete").stderr
    autumn = finished.ok("-c", "Autumn 870", "log", "--json").stdout
    finished.ok("-c", "Spring 869", "delete", "--yes")
    assert [c["name"] for c in finished.json("list", "--all")] == ["Autumn 870"]
    assert finished.ok("-c", "Autumn 870", "log", "--json").stdout == autumn


def test_9_redo_takes_back_the_latest_undo_and_verify_agrees(shell, spring):
    shell.play(spring.through("result Kent"))
    before = shell.json("status")
    shell.ok("undo", "--reason", "wrong figures?")
    assert shell.json("status")["attacks"][0]["result"] is None
    shell.ok("redo", "--reason", "the figures were right")
    assert shell.json("status")["attacks"] == before["attacks"]
    assert shell.json("verify")["verified"]
    shell.ok("undo", "--reason", "wrong after all")
    shell.ok("result", "Kent", "25", "45")
    assert "cannot be redone" in shell.refuses("redo", "--reason", "no")


def test_16_onus_views_speak_of_units_and_facts_as_players_do(tmp_path, shell_at, under_the_eagle):
    shell = shell_at(tmp_path / "e.sqlite")
    shell.play(under_the_eagle.through("muster enemies Celtic Spearmen=6"))
    report = shell.ok("report", "--round", "1", "--format", "markdown").stdout
    assert "Vitellius survived: yes" in report and "vitellius\\_survived" not in report
    assert "Legionaries 6" in report and "legionaries-6" not in report
    dashboard = " ".join(shell.ok("status").stdout.split())
    assert "Enemy Generals" in dashboard and "Germanic Tribal Chief" in dashboard
    assert "(mustered)" in dashboard and "(free)" not in dashboard
    sides = shell.json("status")["character_sides"]
    assert (sides["Cato"], sides["Dark Moon Druid"]) == ("rome", "enemies")


def test_per_player_options_say_what_one_player_may_attack_as_the_round_stands(shell, spring):
    """For the organiser's message to one player (BC-4.1 as it stands when his turn comes)."""
    shell.play(spring.through("attack Essex Kent"))
    dag = shell.json("options", "--player", "dag")
    assert dag and all(row["from"] != "Kent" for row in dag)  # Kent is involved now (BC-4.1)
    assert ("Wessex", "Sussex") in {(row["from"], row["to"]) for row in dag}
    said = shell.ok("options", "--player", "Ann").stdout
    assert "(on turn now: Dag)" in said


def test_a_report_for_one_player_keeps_what_concerns_him(finished):
    text = finished.ok("report", "--round", "2", "--for", "ann", "--format", "markdown").stdout
    assert "round 2, for Ann" in text
    assert "attacks Lindsey (**Ann**" in text and "attacks Gwynedd" in text
    assert "attacks Wessex" not in text  # Cid v Dag does not concern Ann
    assert "Standings" in text and "Battle settings (BC-5.1)" in text and "chain head" in text
    assert "did you mean Ann?" in finished("report", "--for", "Anne").stderr


@pytest.mark.clock("2026-12-01T12:00Z")
def test_bc_9_1_a_deadline_for_the_step_in_hand_shows_in_status_until_the_step_is_done(
    shell, spring
):
    shell.play(spring.through("new"))
    said = shell.ok("deadline", "set", "--in", "14d", "--reason", "two weeks a round").stdout
    assert "Deadline for round 1, Cid declares an attack" in said
    status = shell.json("status")
    assert status["deadline"] == {
        "step": "round 1, Cid declares an attack.",
        "at": "2026-12-15T12:00:00+00:00",
        "overdue": False,
    }
    late = shell.json("overdue", "--now", "2026-12-16T00:00Z")
    assert late == [
        {
            "campaign": "Spring 869",
            "step": "round 1, Cid declares an attack.",
            "deadline": status["deadline"] | {"overdue": True},
        }
    ]
    shell.ok(*spring.step("attack Essex Kent"))
    assert shell.json("status")["deadline"] is None  # Cid's step is done; Dag's has none yet
    assert shell.json("verify")["verified"]


@pytest.mark.clock("2026-12-01T12:00Z")
def test_bc_9_1_a_deadline_in_the_past_is_refused_and_clearing_says_why(shell, spring):
    shell.play(spring.through("new"))
    assert "has passed" in shell.refuses("deadline", "set", "2020-01-01T00:00Z")
    assert "timezone" in shell.refuses("deadline", "set", "2030-01-01T00:00")
    shell.ok("deadline", "set", "2030-01-01T00:00Z")
    assert shell.json("status")["deadline"]["at"] == "2030-01-01T00:00:00+00:00"
    shell.ok("deadline", "clear", "--reason", "the players asked for time")
    assert shell.json("status")["deadline"] is None
    assert "Deadline cleared: the players asked for time" in shell.ok("log").stdout


@pytest.mark.clock("2026-12-01T12:00Z")
def test_the_opening_post_says_by_when_the_step_in_hand_is_due(shell, spring):
    shell.play(spring.through("attack Hwicce West Anglia"))
    shell.ok("deadline", "set", "2030-01-15T18:00Z")
    text = shell.ok("report", "--round", "1", "--format", "markdown").stdout
    assert "**Deadline**" in text and "by 2030-01-15 18:00 UTC" in text
    assert shell.json("report", "--round", "1")["deadline"] == "2030-01-15T18:00:00+00:00"


@pytest.mark.clock("2026-12-01T12:00Z")
def test_bc_9_2_under_auto_a_missed_declaration_is_forfeited_at_tick(shell, spring, monkeypatch):
    shell.play(spring.through("new"))
    shell.ok("deadline", "rule", "auto")
    shell.ok("deadline", "set", "2030-01-01T00:00Z")
    assert tick_at(monkeypatch, shell, "2029-12-31T00:00Z").stdout == ""  # not passed yet
    said = tick_at(monkeypatch, shell, "2030-01-02T00:00Z").stdout
    assert "Cid forfeits the attack: the deadline passed (BC-9.2)" in said
    forfeit = shell.json("log")[-1]
    assert (forfeit["type"], forfeit["actor"], forfeit["data"]["player"]) == (
        "AttackForfeited",
        "deadline",
        "Cid",
    )
    assert shell.json("status")["on_turn"] == "Dag" and shell.json("verify")["verified"]


@pytest.mark.clock("2026-12-01T12:00Z")
def test_bc_9_2_without_auto_the_organiser_decides_and_nothing_is_recorded(
    shell, spring, monkeypatch
):
    shell.play(spring.through("new"))
    shell.ok("deadline", "set", "2030-01-01T00:00Z")
    before = shell.json("log")
    assert "the organiser decides" in tick_at(monkeypatch, shell, "2030-01-02T00:00Z").stdout
    assert shell.json("log") == before


@pytest.mark.clock("2026-12-01T12:00Z")
def test_on_4_2_under_auto_a_missed_upgrade_is_declined_at_tick(
    shell, under_the_eagle, monkeypatch
):
    shell.play(under_the_eagle.through("scenario-result --fact vitellius"))
    shell.ok("deadline", "rule", "auto")
    shell.ok("deadline", "set", "2030-01-01T00:00Z")
    tick_at(monkeypatch, shell, "2030-01-02T00:00Z")
    declined = shell.json("log")[-1]
    assert (declined["type"], declined["actor"]) == ("UpgradeDeclined", "deadline")
    assert shell.json("verify")["verified"]


@pytest.mark.dated
def test_bc_9_2_an_event_signed_by_the_deadline_without_a_passed_deadline_fails_verify(
    shell, spring
):
    from campaign.domain.deadlines import DEADLINE_ACTOR

    shell.play(spring.through("new"))
    shell.ok("deadline", "rule", "auto")
    store = Campaigns(str(shell.db))
    store.act_on_log("Spring 869", lambda log: log.kind.missed(log.state), DEADLINE_ACTOR)
    result = shell("verify")
    assert result.exit_code != 0 and "no passed deadline called for it" in result.stderr


def test_bc_9_3_a_walkover_is_a_rout_of_the_absent_side_and_bc_7_applies(shell, spring):
    shell.play(spring.through("attack Hwicce West Anglia"))
    said = shell.ok("walkover", "Kent", "attacker", "--reason", "Dag did not turn up").stdout
    # a walkover, not a battle fought: no casualty difference said (#50); BC-7 applies to Dag
    assert "The battle for Kent: walkover to Cid, Dag absent (BC-9.3)" in said
    assert "casualty difference" not in said and "regions due from Dag by BC-7.1" in said
    battle = shell.json("status")["attacks"][0]["result"]
    assert (battle["attacker_casualties"], battle["defender_casualties"], battle["winner"]) == (
        0,
        100,
        "Cid",
    )
    notes = [e["data"]["text"] for e in shell.json("log") if e["type"] == "NoteRecorded"]
    # the side that turned up by name, not by the word typed for it (#29)
    assert notes == ["Battle for Kent: walkover to Cid (BC-9.3): Dag did not turn up"]
    assert shell.json("verify")["verified"]


def test_bc_9_3_a_double_loss_is_a_draw(shell, spring):
    shell.play(spring.through("attack Hwicce West Anglia"))
    before = shell.json("status")["control"]
    said = shell.ok("double-loss", "Sussex", "--reason", "neither played").stdout
    assert "is a draw: no region changes hands (BC-6.3)" in said
    assert shell.json("status")["control"] == before and shell.json("verify")["verified"]


def test_8_a_sentence_about_a_side_starts_with_a_capital(shell, under_the_eagle):
    shell.play(under_the_eagle.through("upgrade legionaries-1"))
    said = shell.ok(*under_the_eagle.step("scenario-result --fact narcissus_killed=yes")).stdout
    assert "The enemies win scenario 2 (Boudica, ON-3.1)." in said


@pytest.mark.dated
def test_every_shared_event_is_told_in_words_in_the_log(shell, spring):
    """The log tells each shared event (rename, archive, redo, the deadline rule...) in the
    campaign's language: no event is shown by its class name."""
    from campaign.views.narrate import describe

    shell.play(spring.through("result Kent"))
    shell.ok("undo", "--reason", "wrong figures?")
    shell.ok("redo", "--reason", "the figures were right")
    shell.ok("deadline", "rule", "auto")
    shell.ok("deadline", "set", "--in", "2d")
    shell.ok("deadline", "clear")
    shell.ok("archive")
    hidden = shell("status")
    assert hidden.exit_code == 1 and "archived (list --all shows them)" in hidden.stderr
    shell.ok("-c", "Spring 869", "archive", "--restore")
    shell.ok("rename", "Spring 870")
    loaded = Campaigns(str(shell.db)).load("Spring 870")
    told = {type(e).__name__: describe(e, loaded.kind) for e in loaded.events}
    assert {"ActionsRestored", "CampaignRenamed", "DeadlineRuleChosen"} <= told.keys()
    assert [kind for kind, line in told.items() if kind in line] == []
