"""Sentences about any name: plurals, possessives, capitals at the start. In the domain, so that
every layer that speaks to people — a refusal, a report, a page — counts the same way (issue #50:
never "day(s)")."""

from __future__ import annotations


def plural(count: int, word: str, words: str | None = None) -> str:
    """`1 region`, `2 regions`."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def possessive(name: str) -> str:
    """`Dag's`, `Boudicas'`… as English writes them: a name ending in s takes an apostrophe."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def sentence(text: str) -> str:
    """`text` with a capital first letter (names keep theirs)."""
    return text[:1].upper() + text[1:]


def listing(items: list[str]) -> str:
    """`Kent`, `Kent and Sussex`, `Kent, Sussex and Deira`."""
    return " and ".join(items) if len(items) < 3 else f"{', '.join(items[:-1])} and {items[-1]}"
