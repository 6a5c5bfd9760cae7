"""Thunderbolt, legions (TB-11): the set-up without its Legion Chart, a campaign taken to B3b,
the legions read back."""

from __future__ import annotations

import re

from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2, through_b_at_the_table


def without_legion_chart(setup: str) -> str:
    """A set-up without its (invented) Legion Request chart: the Legions raised are entered."""
    return re.sub(r"^legion_request = .*\n", "", setup, flags=re.M)


NO_CHART = without_legion_chart(EXAMPLE)
"""The example without its (invented) Legion Request chart: the Legions raised are entered."""


def to_b3b(shell, tmp_path, source: str = NO_CHART, options: tuple[str, ...] = ()) -> None:
    """External dice, the set-up `source` (and any `options` of `new`): Phase B at the table, to
    B3b."""
    (tmp_path / "setup.toml").write_text(source)
    shell.ok(*NEW, "--dice", "external", "--setup", str(tmp_path / "setup.toml"), *options)
    into_b2(shell)
    through_b_at_the_table(shell)


def legion_rows(shell) -> dict:
    return {lg["id"]: lg for lg in shell.json("status")["rome"]["legions"]}
