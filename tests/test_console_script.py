"""The console script itself, in a real process: it builds only the command being run
(for speed), so it must behave exactly as the full app does."""

from __future__ import annotations

import json
import subprocess
import sys

from cli import app, only_the_command
from tests.test_cli import STEPS, Shell


def campaign(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "import cli; cli.main()", *args], capture_output=True, text=True, timeout=120)


def test_the_console_script_runs_commands_as_the_app_does(tmp_path):
    shell = Shell(tmp_path / "c.sqlite")
    for words in STEPS[:6]:
        shell.ok(*words)
    run = campaign("--db", str(shell.db), "-c", "spring 869", "status", "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == shell.json("status")
    refused = campaign("--db", str(shell.db), "attack", "Esex", "Kent")
    assert refused.returncode == 1 and refused.stderr.strip() == shell("attack", "Esex", "Kent").stderr.strip()


def test_help_and_unknown_commands_get_the_whole_app():
    assert only_the_command(["--help"]) is app
    assert only_the_command(["--db", "x.sqlite", "status", "--help"]) is app
    assert only_the_command(["bogus"]) is app
    lean = only_the_command(["--db", "status", "log", "--json"])
    assert [c.callback.__name__ for c in lean.registered_commands] == ["log"]
    listed = campaign("--help").stdout
    for name in ("new", "attack", "result", "gain", "final-result", "briefing", "scenario-result", "verify", "report", "map"):
        assert name in listed
