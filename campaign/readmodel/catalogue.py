"""The store's catalogue: every campaign under its current name, with its rules, archived or not,
in the order they were started. It is a fold of the campaigns' start, rename and archive events;
the store keeps it beside them in one row, with how many such events it was folded from and the
number of the last, so that finding a campaign, or listing a thousand, reads no event (#16).

The kept row is used only while both numbers are still the store's, which any start, rename or
archive appended since changes; triggers forget it when such an event is changed or deleted
(by hand, or a campaign deleted); a row this code cannot read whole (edited by hand, another
version's) is folded again. `verify` compares it with the events and says when it differed.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from typing import Any

import orjson

from campaign.domain.chain import campaign_id
from campaign.input.text import printable
from events.common import CampaignArchived, CampaignEvent, CampaignRenamed, CampaignStarted

TOPICS = [CampaignStarted.TOPIC, CampaignRenamed.TOPIC, CampaignArchived.TOPIC]
"""The events the catalogue is folded from."""


@dataclass(frozen=True)
class Entry:
    """A campaign as the catalogue lists it: its current name, its stream (the name it started
    under made a UUID), its rules, archived or not."""

    name: str
    stream: uuid.UUID
    rules: str
    archived: bool = False


def catalogued(entries: dict[uuid.UUID, Entry], event: CampaignEvent) -> None:
    """The catalogue after one of its events (in place): a start (whose stream is its name's), a
    new name, archived or restored."""
    stream = event.originator_id
    if isinstance(event, CampaignStarted):
        if stream == campaign_id(event.name):
            entries[stream] = Entry(event.name, stream, event.rules)
    elif stream in entries and isinstance(event, CampaignRenamed):
        entries[stream] = replace(entries[stream], name=event.name)
    elif stream in entries and isinstance(event, CampaignArchived):
        entries[stream] = replace(entries[stream], archived=event.archived)


def encoded(entries: list[Entry]) -> str:
    """The catalogue as kept: one JSON list, an entry a list of four."""
    return orjson.dumps([[e.stream.hex, e.name, e.rules, e.archived] for e in entries]).decode()


def decoded(body: Any) -> list[Entry] | None:
    """The catalogue kept as `encoded` wrote it, or None where the row is anything else: each
    entry four values of their types, a stream's own hex, text shown as stored (a hand edit
    cannot smuggle a control character in through the kept row), no stream twice."""
    try:
        rows = orjson.loads(body)
    except (orjson.JSONDecodeError, TypeError):
        return None
    if not isinstance(rows, list):
        return None
    entries: list[Entry] = []
    for row in rows:
        if not (
            isinstance(row, list)
            and len(row) == 4
            and all(isinstance(value, str) for value in row[:3])
            and isinstance(row[3], bool)
            and row[1] == printable(row[1]) != ""
        ):
            return None
        try:
            stream = uuid.UUID(hex=row[0])
        except ValueError:
            return None
        if stream.hex != row[0]:
            return None
        entries.append(Entry(row[1], stream, row[2], row[3]))
    return entries if len({e.stream for e in entries}) == len(entries) else None
