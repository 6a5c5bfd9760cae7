"""Thunderbolt's settings where the text disagrees or is silent (TB-18), chosen at creation with
`--setting NAME=VALUE` and recorded in the log; TB-19.3 on the command line."""

from __future__ import annotations

from helpers.shell import Shell
from helpers.thunderbolt.carthage import at_b2c
from helpers.thunderbolt.start import EXAMPLE, NEW, at_b1a, rome

from campaign.kinds.thunderbolt.board import prorogues, roman, setup
from cli import app


def refused_new(shell, *options: str) -> str:
    """`campaign new` refused on an empty store: one sentence, nothing created."""
    result = shell(*NEW, *options)
    assert result.exit_code != 0 and len(result.stderr.strip().splitlines()) == 1
    assert "no campaign" in shell("status").stderr
    return result.stderr.strip()


def test_tb_18_settings_are_recorded_with_their_defaults_and_unknown_ones_refused(shell):
    assert refused_new(shell, "--setting", "proconsuls-per-province=3").endswith("(TB-18).")
    assert refused_new(shell, "--setting", "bribes=yes").endswith("(TB-18).")
    assert "NAME=VALUE" in refused_new(shell, "--setting", "alert")
    shell.ok(*NEW, "--setting", "pluto-wounded-return=next-GT")
    assert shell.json("status")["settings"] == {
        "alert-assigns-theaters": "no",
        "proconsuls-per-province": "1",
        "pluto-wounded-return": "next-GT",
        "rome-dictator-oc": "dictator",
        "watchful-presence": "any",
        "manpower-op-leaders": "one",
        "ns-drm-turn": "this-GT",
    }
    shell.ok("verify")


def test_tb_18_a_log_written_before_a_setting_existed_keeps_its_default_and_verifies():
    """A campaign recorded when TB-18.10's setting did not exist yet: its SettingsChosen lacks
    `watchful-presence`; it verifies as recorded and reads the default (any track province)."""
    from campaign.domain.drafts import draft
    from campaign.domain.registry import kind
    from campaign.service.unit_of_work import Campaigns
    from campaign.service.verify import audit
    from events.thunderbolt.turn import SettingsChosen

    store = Campaigns(":memory:")
    options = {"rome": "Fabius", "carthage": "Hanno", "dice": "external"}
    started, then = kind("thunderbolt").new("Old", options)

    def as_recorded_then(current):
        older = []
        for each in then(current):
            if each.kind is SettingsChosen:
                chosen = dict(each.fields["settings"])
                del chosen["watchful-presence"]
                each = draft(SettingsChosen, settings=chosen)
            older.append(each)
        return older

    store.start(started, as_recorded_then, "organiser")
    loaded = store.load("Old")
    assert "watchful-presence" not in loaded.state.settings
    assert loaded.state.watchful_any
    audit(loaded.kind, loaded.events)  # raises on any event the rules would not record


def test_tb_19_3_two_proconsuls_of_campania_only_with_the_setting(shell):
    """The 4.58 position: Flaccus #423 and Pulcher #417 both made Proconsuls of Campania."""
    at_b1a(shell)
    shell.ok("prorogue", "Flaccus", "--province", "Campania")
    assert shell.refuses("prorogue", "Pulcher", "--province", "Campania").endswith("(TB-6.4).")


def test_tb_18_3_and_19_3_accepted_with_proconsuls_per_province_2(shell):
    at_b1a(shell, "--setting", "proconsuls-per-province=2")
    shell.ok("prorogue", "Flaccus", "--province", "Campania")
    shell.ok("prorogue", "Pulcher", "--province", "Campania")
    shell.ok("verify")


def test_tb_18_2_with_the_setting_theaters_are_assigned_under_alert(shell, tmp_path):
    (tmp_path / "setup.toml").write_text(EXAMPLE)
    shell.ok(*NEW, "--dice", "external", "--setup", str(tmp_path / "setup.toml"),
             "--setting", "alert-assigns-theaters=yes")  # fmt: skip
    for side in ("rome", "carthage"):
        shell.ok("done", "A2", "--side", side)
    shell.ok("family", "--face", "0")
    shell.ok("done", "B2a")
    shell.ok("climate", "--face", "7")  # Alert
    shell.ok("done", "B2b")
    shell.ok("done", "B2c")
    shell.ok("appoint", "--leader", "Mago")
    shell.ok("done", "B2d")
    assert shell.refuses("done", "B2e").endswith("(TB-3.4).")  # 3.0 B2e: Alert assigns too
    shell.ok("station")
    shell.ok("done", "B2e")


def test_tb_18_4_pluto_s_wounded_return_at_the_end_of_phase_b_or_the_next_game_turn():
    start = roman.opening(setup.load(EXAMPLE))
    wounded = prorogues.visit(start, "gracchus", "wounded")
    assert wounded.places["gracchus"] == roman.SET_ASIDE
    assert roman.end_of_b(wounded, "end-of-B").places["gracchus"] == roman.POOL
    later = roman.end_of_b(wounded, "next-GT")
    assert later.places["gracchus"] == roman.SET_ASIDE
    assert roman.start_of_turn(later).places["gracchus"] == roman.POOL


def test_tb_6_7_status_shows_both_consuls_as_overall_commanders(shell, tmp_path):
    at_b2c(shell, tmp_path, "0", "7", source=EXAMPLE)
    assert rome(shell)["overall_commanders"] == ["pulcher", "flaccus"]  # both Consuls


def test_tb_18_the_help_of_new_names_every_setting_with_its_choices(shell):
    """#29: `new --help` listed 5 of the 7 settings the program takes."""
    from campaign.kinds.thunderbolt.board.interpretations import SETTINGS

    shown = Shell.runner.invoke(app, ["new", "--help"], env={"COLUMNS": "400"}).stdout
    for name, choices in SETTINGS.items():
        assert f"{name}={'|'.join(choices)}" in shown
