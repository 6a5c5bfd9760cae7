"""Run a checkout's program as `pip install .` installs it: from bytecode.

The project's machines set PYTHONDONTWRITEBYTECODE=1, so a checkout (or an editable install) run
in place compiles each of its ~60 modules from source at every command: ~60 ms a command on
2026-12-03, which an installed program never pays (pip compiles at install). The benchmarks that
run the program as a user does compile each checkout first.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SOURCES = ("campaign", "events", "regions", "cli.py")


def as_installed(tree: Path | None = None) -> None:
    """Compile the program's modules in `tree` (the current folder by default) to bytecode."""
    tree = tree or Path.cwd()
    sources = [str(tree / source) for source in SOURCES if (tree / source).exists()]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *sources], check=True)
