"""What the tests share, by area: `from helpers.shell import Shell`, `from helpers.thunderbolt.start
import NEW`. Fixtures stay in the `conftest.py` files; no test module imports another (the
architecture tests check it). `pyproject.toml` puts `tests/` on the path, so that these import
from any test folder."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
"""The tests' folder: `maps/` and `fixtures/` are read from here, wherever a test sits."""
ROOT = TESTS.parent
"""The project's folder."""
