"""Text that people type — names, notes, reasons — taken in and given out as plain text.

Names, notes and files come from people we do not know: what is stored is normalised (NFC,
spaces collapsed) and refused when it holds control or invisible characters; what is printed
is made printable again, so that an imported or hand-edited log cannot carry escape codes
into a terminal either.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from campaign.errors import CampaignError

NAME_LIMIT = 60
"""Characters in a name: a campaign, a player, an actor."""
TEXT_LIMIT = 2000
"""Characters in a note or a reason: one Discord message."""
SEPARATORS = "="
"""Characters the command line uses between a name and a value (PLAYER=PCT)."""
UNSEEN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
"""Unicode categories that are not text: controls, format (zero-width, bidi), surrogates,
private use, unassigned, line and paragraph separators."""
RESERVED_ACTORS = ("the rules", "deadline")
"""Who the program records its own events as; nobody may type these."""


def unseen(character: str) -> bool:
    return unicodedata.category(character) in UNSEEN


def name(text: str, what: str) -> str:
    """A name as stored: NFC, spaces collapsed, and refused when empty, too long, or holding
    control or invisible characters or a separator the command line uses."""
    value = " ".join(unicodedata.normalize("NFC", text).split())
    if not value:
        raise CampaignError(f"{what.capitalize()} cannot be empty.")
    if len(value) > NAME_LIMIT:
        raise CampaignError(
            f"{what.capitalize()} is at most {NAME_LIMIT} characters long, not {len(value)}."
        )
    bad = sorted({c for c in value if unseen(c) or c in SEPARATORS})
    if bad:
        shown = ", ".join(f"U+{ord(c):04X}" if unseen(c) else repr(c) for c in bad)
        raise CampaignError(
            f"{what.capitalize()} cannot hold control, invisible or separator characters ({shown})."
        )
    return value


def names(texts: Iterable[str], what: str) -> list[str]:
    return [name(text, what) for text in texts]


def person(text: str, what: str) -> str:
    """The name of someone who may act (a player, an arbiter, a viewer, --actor): a `name`, and
    not one the program signs its own events with, in any spelling that folds to one under NFKC
    and case-folding (full-width letters, ligatures, other spaces)."""
    value = name(text, what)
    if signs_as_program(value):
        raise CampaignError(
            f"{value!r} is how the program signs its own events; name someone else."
        )
    return value


def persons(texts: Iterable[str], what: str) -> list[str]:
    return [person(text, what) for text in texts]


def signs_as_program(value: str) -> bool:
    """Whether `value` reads as one of the names the program signs with (`RESERVED_ACTORS`)."""
    folded = " ".join(unicodedata.normalize("NFKC", value).casefold().split())
    return unicodedata.normalize("NFKC", folded) in RESERVED_ACTORS


def actor(text: str) -> str:
    """Who records a command (--actor): a `person`."""
    return person(text, "the actor's name")


def listed(text: str, what: str, problems: list[str], limit: int = 80) -> str:
    """A name a file gives (someone else's), checked as `words` checks text: its fault added to
    the file's `problems`, the name returned either way."""
    try:
        return words(text, what, limit)
    except CampaignError as refused:
        problems.append(str(refused).rstrip("."))
        return text


def words(text: str, what: str, limit: int = TEXT_LIMIT) -> str:
    """A note or a reason as stored: NFC, trimmed; lines and tabs kept, other control and
    invisible characters refused; at most `limit` characters."""
    value = unicodedata.normalize("NFC", text).strip()
    if not value:
        raise CampaignError(f"{what.capitalize()} needs some text.")
    if len(value) > limit:
        raise CampaignError(
            f"{what.capitalize()} is at most {limit} characters long, not {len(value)}."
        )
    bad = sorted({c for c in value if unseen(c) and c not in "\n\t"})
    if bad:
        shown = ", ".join(f"U+{ord(c):04X}" for c in bad)
        raise CampaignError(
            f"{what.capitalize()} cannot hold control or invisible characters ({shown})."
        )
    return value


def printable(text: str) -> str:
    """`text` safe to show anywhere: control and invisible characters become U+FFFD; a line
    break or tab becomes a space."""
    if text.isprintable():  # no Other nor Separator but the space: a superset of UNSEEN, in C
        return text
    return "".join(" " if c in "\n\t" else "\ufffd" if unseen(c) else c for c in text)


def printable_data(data: Any) -> Any:
    """Every string inside `data` (and every key) made printable."""
    if isinstance(data, str):
        return printable(data)
    if isinstance(data, dict):
        return {printable_data(k): printable_data(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [printable_data(v) for v in data]
    return data


def sentence(said: str) -> str:
    """A sentence's first letter made a capital, the rest as written (`str.capitalize` would
    lower-case every name after it: "round 1, cid declares")."""
    return said[:1].upper() + said[1:]
