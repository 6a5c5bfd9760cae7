"""What is kept beside the log, bound to it (issue #24.8).

A view, a state, a report and the catalogue are kept beside the log for the next reader, and
served while the log ends at the event they were kept at. The store's triggers forget them when
an event is edited by hand; a hand edit of a kept row alone is caught here: every kept body
carries an HMAC-SHA256, under a key the store keeps beside the log (never in it, nor in an
export), of its row's name, the log's last event it was kept at, and the body itself. A body
whose seal does not hold — edited, copied to another row, kept under another head, or written
by a program that seals nothing — is never served: the reader folds the log, and `verify` calls
it altered.

The seal is the body's last member, so a body stays the JSON it was: an object ends
`,"seal":"…"}`, an array `,"seal:…"]`; a view also seals, apart, the three values `list` picks
out of it in SQL (`brief_seal`), so that `list` need not read every view whole to trust it.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from typing import Any

import orjson

KEY_STREAM, KEY_LABEL = "*", "kept-rows"
"""Where the store keeps the key: a row of its secrets belonging to no campaign."""
SEAL = re.compile(r',?"seal(?::|":")([0-9a-f]{64})"(?P<end>[}\]])$')
TAIL = 80
"""Characters at the end of a body that hold its seal (`"seal":"` and 64 hex digits and `}`)."""


def mac(key: bytes, row: str, head: str, body: str) -> str:
    message = b"\x00".join((row.encode(), head.encode(), body.encode()))
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def bound(key: bytes, row: str, head: str, body: str) -> str:
    """`body` (a JSON object or array) with its seal as its last member."""
    seal = mac(key, row, head, body)
    empty = body in ("{}", "[]")
    comma = "" if empty else ","
    if body.endswith("}"):
        return f'{body[:-1]}{comma}"seal":"{seal}"}}'
    return f'{body[:-1]}{comma}"seal:{seal}"]'


def unbound(key: bytes | None, row: str, head: str, body: object) -> str | None:
    """The body as it was kept under `row` and `head`, when its seal holds; else None."""
    found = sealed(body)
    if key is None or found is None or not isinstance(body, str):
        return None
    kept = body[: found.start()] + found["end"]
    expected = mac(key, row, head, kept)
    return kept if hmac.compare_digest(expected, found[1]) else None


def sealed(body: object) -> re.Match[str] | None:
    """The seal at the end of a kept body, if it carries one (looked for in its last characters
    alone: a catalogue of a thousand campaigns is long)."""
    if not isinstance(body, str):
        return None
    tail = len(body) - TAIL
    return SEAL.search(body, max(tail, 0))


def brief_seal(key: bytes, row: str, head: str, picked: list[Any]) -> str:
    """The seal of what `list` picks out of a view (`[program, summary, players]`)."""
    return mac(key, f"{row}/brief", head, orjson.dumps(picked).decode())
