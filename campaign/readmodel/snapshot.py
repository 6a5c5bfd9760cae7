"""A campaign's state kept beside its view (issue #16), so that the hub's campaign page and the
map are drawn after an append without folding the whole log.

The state is written as typed JSON by msgspec and read back only into the types its class
annotates — a string where the class says `str`, a Decimal where it says `Decimal`, one of the
kind's own dataclasses where it names one — never by pickle, never as a class a stored text
names: a kept state edited by hand is at worst another lawful-looking state, which the stored
view's own trust covers (served while the log ends where it was kept; `verify` compares it with
a full replay). What a kind builds from text the log holds (a map, a board) is left out and
built again (`Kind.unkept`, `Kind.rebuilt`).
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

import msgspec

from campaign.domain.kind import Kind
from campaign.readmodel.status import program


def kept(of: Kind, state: Any) -> str:
    """The text kept beside the view: the program that kept it and the state (`encoded`)."""
    return msgspec.json.encode(
        {"program": program(), "state": msgspec.Raw(encoded(of, state))}
    ).decode()


def read(of: Kind, body: str, initial: Any) -> Any | None:
    """The state `kept` wrote, if this program kept it (another version's state may have
    another shape: the log is folded instead), else None."""
    try:
        parts = msgspec.json.decode(body, type=dict[str, msgspec.Raw])
        if set(parts) != {"program", "state"} or msgspec.json.decode(parts["program"]) != program():
            return None
    except (msgspec.DecodeError, RecursionError):
        return None
    return decoded(of, parts["state"], initial)


def encoded(of: Kind, state: Any) -> bytes:
    """The state as kept: its fields but the unkept, as JSON."""
    return msgspec.json.encode(
        {f.name: getattr(state, f.name) for f in _fields(type(state)) if f.name not in of.unkept}
    )


def decoded(of: Kind, kept: bytes | str, initial: Any) -> Any | None:
    """The state kept as `encoded` wrote it, its unkept fields built again from `initial` (the
    state after the first event) and the kept ones; None where the text is not such a state (a
    field missing or of another type, edited by hand, another version's shape)."""
    cls = type(initial)
    hints = _hints(cls)
    wanted = {f.name for f in _fields(cls)} - set(of.unkept)
    try:
        parts = msgspec.json.decode(kept, type=dict[str, msgspec.Raw])
        if set(parts) != wanted:
            return None
        values = {name: msgspec.json.decode(part, type=hints[name]) for name, part in parts.items()}
        return dataclasses.replace(initial, **values, **of.rebuilt(initial, values))
    except Exception:  # noqa: BLE001 - a kept state that cannot be read whole is folded again
        return None


_FIELDS: dict[type, tuple[dataclasses.Field[Any], ...]] = {}
_HINTS: dict[type, dict[str, Any]] = {}


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    """A state class's fields, read once."""
    if cls not in _FIELDS:
        _FIELDS[cls] = dataclasses.fields(cls)
    return _FIELDS[cls]


def _hints(cls: type) -> dict[str, Any]:
    """A state class's annotations, resolved once."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]
