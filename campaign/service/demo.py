"""`campaign demo`: play a bundled example script into a fresh store of its own."""

from __future__ import annotations

import shlex
import tempfile
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from campaign.domain.registry import kind
from campaign.errors import CampaignError


def script(rules: str) -> list[tuple[str, list[str]]]:
    """The example's steps: (the comment block right above a command, its lines joined by line
    breaks; the command's words). A blank line ends a block: the file's own header is no step's."""
    text = resources.files("examples").joinpath(kind(rules).example).read_text(encoding="utf-8")
    steps: list[tuple[str, list[str]]] = []
    block: list[str] = []
    for line in text.splitlines():
        if line.startswith("#"):
            block.append(line.lstrip("# ").strip())
        elif line.strip():
            steps.append(("\n".join(block), shlex.split(line)))
            block = []
        else:
            block = []
    return steps


def play(rules: str, into: str | None, quiet: bool, run: Callable[[list[str], bool], None]) -> None:
    """Each step of the example run (`run(words, shown)`) into the store `into` or a store of
    its own; only the last, `status`, shown when `quiet`."""
    steps = script(rules)
    if into is not None and Path(into).exists():
        raise CampaignError(f"{into} already exists: the demo plays into a new store of its own.")
    with tempfile.TemporaryDirectory(prefix="campaign-demo-") as folder:
        db = into or str(Path(folder) / "demo.sqlite")
        for header, words in steps:
            if quiet:
                run(["--db", db, *words], False)
                continue
            if header:
                print("\n" + "\n".join(f"# {line}" for line in header.splitlines()))
            print("$ campaign " + shlex.join(words))
            run(["--db", db, *words], True)
        print()
        run(["--db", db, "status"], True)
