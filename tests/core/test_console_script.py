"""The console script itself, in a real process: it builds only the command being run
(for speed), so it must behave exactly as the full app does."""

from __future__ import annotations

import json
import subprocess
import sys

from typer.testing import CliRunner

from campaign.commandline import core
from cli import app


def campaign(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "import cli; cli.main()", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_console_script_runs_commands_as_the_app_does(spring, shell, tmp_path):
    shell.play(spring.through("result Kent"))
    run = campaign("--db", str(shell.db), "-c", "spring 869", "status", "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == shell.json("status")
    refused = campaign("--db", str(shell.db), "attack", "Esex", "Kent")
    assert (
        refused.returncode == 1
        and refused.stderr.strip() == shell("attack", "Esex", "Kent").stderr.strip()
    )


def test_the_group_builds_only_the_command_being_run(tmp_path, monkeypatch):
    """typer spends longer building a command's parameters than most commands take to run; a
    process that runs many (the hub's console) builds each once (`BUILT_HERE`)."""
    built = []
    real = core.get_command_from_info
    monkeypatch.setattr(core, "BUILT_HERE", {})  # a new process: nothing built yet
    monkeypatch.setattr(
        core, "get_command_from_info", lambda info, **kw: built.append(info) or real(info, **kw)
    )
    for _ in range(2):
        result = CliRunner().invoke(app, ["--db", str(tmp_path / "c.sqlite"), "list", "--json"])
        assert result.exit_code == 0, result.output
    assert [core.command_name(info) for info in built] == ["list"]


def test_help_lists_every_command_of_every_kind():
    listed = campaign("--help").stdout
    for name in (
        "new",
        "attack",
        "result",
        "gain",
        "final-result",
        "briefing",
        "scenario-result",
        "verify",
        "report",
        "map",
    ):
        assert name in listed
    assert campaign("bogus").returncode == 2


def test_campaign_alone_shows_its_help_and_says_nothing_more():
    """Issue #29: `campaign` with no arguments printed ". Usage: …" (an empty message) on
    stderr after its help."""
    ran = campaign()
    assert "Usage: campaign" in ran.stdout and ran.stderr == "" and ran.returncode == 2


def test_every_commands_help_flows_as_sentences():
    """Issue #29: the help of `tick`, `undo`, `post` … broke lines where the docstring did
    ("under `auto` the⏎ program records"); each paragraph is one line the help wraps itself."""
    from typer.main import get_command_from_info

    from campaign.commandline.core import command_modules

    helps = [
        get_command_from_info(info, pretty_exceptions_short=True, rich_markup_mode=None).help
        for module in command_modules()
        for info in module.commands.registered_commands
    ]
    broken = [h for h in helps if h and "\n" in h.replace("\n\n", "")]
    assert len(helps) > 60 and broken == []


def test_the_console_script_lets_go_of_the_store_itself(tmp_path):
    """`cli.main` freezes what is left for the collector as the process ends (issue #31: the
    interpreter's last collections cost ~50 ms a command): every connection must be closed by
    the command, or SQLite's write-ahead log would outlive it. Each write leaves the file alone,
    its log folded in."""
    db = tmp_path / "c.sqlite"
    players = ["--player", "Ann", "--player", "Bob", "--player", "Cid", "--player", "Dag"]
    for words in (["new", "Spring", "--rules", "boiling-cauldron", *players], ["note", "hi"]):
        run = campaign("--db", str(db), *words)
        assert run.returncode == 0, run.stderr
        left = {p.name for p in tmp_path.iterdir()}
        assert "c.sqlite" in left and not left & {"c.sqlite-wal", "c.sqlite-shm"}, left
