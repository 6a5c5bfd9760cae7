"""A round report for the terminal, with rich (pure)."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text


def text_report(report: dict[str, Any]) -> Group:
    players = report["players"]
    parts: list[Any] = [Text(report["title"], style="bold underline")]
    for section in report["sections"]:
        parts.append(Text(f"\n{section['heading']}", style="bold"))
        if "table" in section:
            table = Table(pad_edge=False)
            for i, column in enumerate(section["table"]["columns"]):
                table.add_column(column, justify="left" if i == 0 else "right")
            for row in section["table"]["rows"]:
                table.add_row(Text(row[0], style=f"bold {players.get(row[0], '')}"), *row[1:])
            parts.append(table)
        for item in section.get("items", []):
            line = Text(item if item[:1].isdigit() else f"• {item}")
            plain = section.get("plain")
            for name, colour in {} if plain and plain != "after the name" else players.items():
                if plain:  # only the player the line is about, before his reason
                    line.highlight_regex(rf"^• {re.escape(name)}\b", style=f"bold {colour}")
                else:
                    line.highlight_words([name], style=f"bold {colour}")
            parts.append(line)
        for kept in section.get("block", []):  # a checkpoint: one line each, never wrapped
            parts.append(Text(kept, no_wrap=True, overflow="ignore"))
    return Group(*parts)
