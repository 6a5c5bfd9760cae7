"""Command-line tests: the console app on a store (`Shell`), the demo's steps found by what they do
(`Script`), a store copied, `tick` at a pinned time, the log exported and rechained, and the
widest line a rendering takes."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from campaign.service.demo import script
from cli import app


class Script:
    """An example campaign's commands, each found by how it starts: `spring.step("result Kent")`."""

    def __init__(self, rules: str) -> None:
        self.steps = [words for _, words in script(rules)]

    def index(self, start: str, occurrence: int = 1) -> int:
        found = [i for i, words in enumerate(self.steps) if " ".join(words).startswith(start)]
        assert len(found) >= occurrence, (
            f"no step {occurrence} of the example starts with {start!r}"
        )
        return found[occurrence - 1]

    def step(self, start: str, occurrence: int = 1) -> list[str]:
        return self.steps[self.index(start, occurrence)]

    def through(self, start: str, occurrence: int = 1) -> list[list[str]]:
        """The steps up to and including the first (or `occurrence`-th) that starts with `start`."""
        return self.steps[: self.index(start, occurrence) + 1]

    def between(self, after: str, through: str) -> list[list[str]]:
        """The steps after the one that starts with `after`, up to and including `through`'s."""
        return self.steps[self.index(after) + 1 : self.index(through) + 1]


class Shell:
    """The console app on a SQLite file, as a user drives it."""

    runner = CliRunner()

    def __init__(self, db: Path, reader: Path | None = None) -> None:
        """`reader`: where this user's reader keeps the checkpoints it saw (campaign.proof.witness),
        when he is another person than the test's organiser (a player with a store of his own)."""
        self.db, self.reader = db, reader

    def __call__(self, *args: str):
        env = None if self.reader is None else {"CAMPAIGN_WITNESS": str(self.reader)}
        return self.runner.invoke(app, ["--db", str(self.db), *args], env=env)

    def ok(self, *args: str):
        result = self(*args)
        assert result.exit_code == 0, result.output
        return result

    def json(self, *args: str):
        return json.loads(self.ok(*args, "--json").stdout)

    def play(self, steps: list[list[str]]) -> None:
        for words in steps:
            self.ok(*words)

    def refuses(self, *args: str) -> str:
        """A refused command: non-zero, one sentence on stderr, no traceback, the log unchanged."""
        before = self.json("log")
        result = self(*args)
        assert result.exit_code != 0, result.output
        assert self.json("log") == before
        message = result.stderr.strip()
        assert len(message.splitlines()) == 1 and "Traceback" not in result.output
        return message


def copied(store: Path, copy: Path) -> Path:
    """A copy of a store (with what its write-ahead log holds), for a test to change."""
    with sqlite3.connect(store) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    source.close()
    target.close()
    return copy


def tick_at(monkeypatch: pytest.MonkeyPatch, shell: Shell, when: str):
    """`campaign tick` with the one clock pinned at `when` (a time ahead of the clock is not
    `tick --now`'s to reckon: issue #47); the clock stays there for what follows."""
    monkeypatch.setenv("CAMPAIGN_NOW", when)
    return shell.ok("tick")


def export_rows(shell: Shell) -> list[dict]:
    """The campaign's log as `export` writes it, a row each."""
    return [json.loads(line) for line in shell.ok("export").stdout.splitlines()]


def rechain(rows: list[dict]) -> str:
    """What a forger who knows the format does: recompute every hash after editing."""
    from campaign.domain import chain

    previous = chain.GENESIS
    for row in rows[1:]:
        row["hash"] = previous = chain.link(
            previous,
            row["seq"],
            row["topic"],
            datetime.fromisoformat(row["time"]),
            row["actor"],
            row["rules_version"],
            row["data"],
        )
    rows[0]["chain_head"] = previous
    return "\n".join(json.dumps(r) for r in rows) + "\n"


def widest_line(renderable, width: int = 80) -> int:
    """The widest line `renderable` takes at `width` columns; refuses a rendering that fits only
    by cropping text (rich's "…"), which would hide a name or a figure."""
    console = Console(width=width, record=True, markup=False)
    console.print(renderable)
    text = console.export_text()
    assert "…" not in text, text
    return max(len(line) for line in text.splitlines())
