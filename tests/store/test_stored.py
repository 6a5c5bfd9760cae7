"""Reading a campaign's rows in one pass (campaign.store.rows, issue #16): every event decoded as
eventsourcing's mapper decodes it, every link as `chain.link_of` computes it, on the fast path
and on the mapper's, and a row altered by one byte still named."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from eventsourcing.persistence import StoredEvent

from campaign.domain import chain
from campaign.service.unit_of_work import Campaigns
from campaign.store.rows import MARKER, read_log
from events.common import NoteRecorded


def rows_of(campaigns: Campaigns, name: str):
    stream = campaigns.listing.stream(name)
    return stream, campaigns.logs._rows(stream)


def test_the_reader_gives_the_mappers_events_and_the_chains_links(finished):
    """Spring 869 holds rows whose only value without a JSON word is the timestamp (the fast
    path) and battles with decimal casualties (the mapper's): both give what the mapper gives."""
    campaigns = Campaigns(str(finished.db))
    stream, rows = rows_of(campaigns, "Spring 869")
    markers = [state.count(MARKER) for _, _, state in rows]
    assert 1 in markers and any(m > 1 for m in markers)  # both paths are taken
    slow = []

    def mapper(row):
        slow.append(row[0])
        return campaigns.logs._decode(StoredEvent(stream, *row))

    events, links = read_log(stream, rows, mapper)
    assert slow == [v for (v, _, _), m in zip(rows, markers, strict=True) if m > 1]
    previous = chain.GENESIS
    for event, link, row in zip(events, links, rows, strict=True):
        mapped = campaigns.logs._decode(StoredEvent(stream, *row))
        assert type(event) is type(mapped) and vars(event) == vars(mapped)
        assert link == chain.link_of(previous, mapped) == event.chain
        previous = event.chain
    assert chain.first_break(events, links) is None


def note_row(seq: int, previous: str, data: dict, when: datetime) -> tuple[int, str, bytes]:
    """A note's row as the store keeps it, with fields a note does not have (a reader's test)."""
    link = chain.link(previous, seq, NoteRecorded.TOPIC, when, "o", "test/1", data)
    state = {
        "timestamp": {"_type_": "datetime_iso", "_data_": when.isoformat()},
        "actor": "o",
        "rules_version": "test/1",
        "chain": link,
        **data,
    }
    return seq, NoteRecorded.TOPIC, json.dumps(state, ensure_ascii=False).encode()


@pytest.mark.parametrize(
    "data",
    [
        {"text": "x", "weight": 1e-7},  # orjson writes 1e-7, the canonical encoding 1e-07
        {"text": "x", "weight": 0.1, "big": 2**70},  # beyond 64 bits: orjson refuses it
        {"text": 'Æthelflæd \u2028 \x7f \t 🛡 "quoted" \\ </script>'},
        {"text": "x", "nested": {"b": [1, {"z": None, "a": True}], "a": "é"}},
    ],
)
def test_a_row_orjson_spells_otherwise_still_links(data):
    """Where orjson's text is not the canonical one, the link is computed again by the canonical
    encoder before the row is called altered; a value orjson cannot read goes to the mapper."""
    when = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)
    first = note_row(1, chain.GENESIS, data, when)
    second = note_row(2, json.loads(first[2])["chain"], {"text": "after"}, when)
    campaigns = Campaigns(":memory:")
    stream = chain.campaign_id("Test")
    events, links = read_log(
        stream, [first, second], lambda row: campaigns.logs._decode(StoredEvent(stream, *row))
    )
    assert [e.text for e in events] == [data["text"], "after"]
    assert links == tuple(e.chain for e in events)


def test_a_row_altered_by_one_byte_is_named_at_that_event(finished):
    campaigns = Campaigns(str(finished.db))
    stream, rows = rows_of(campaigns, "Spring 869")
    seq = next(v for v, _, state in rows if state.count(MARKER) == 1 and v > 1)
    altered = [
        (v, t, s.replace(b'"actor":"', b'"actor":"X') if v == seq else s) for v, t, s in rows
    ]
    events, links = read_log(
        stream, altered, lambda row: campaigns.logs._decode(StoredEvent(stream, *row))
    )
    broken = chain.first_break(events, links)
    assert broken is not None and broken[0] == seq and "altered" in broken[1]


@pytest.mark.parametrize(
    "data, by_mapper",
    [
        ({"text": "plain"}, False),
        ({"text": "x", "big": 2**70}, True),  # orjson would read a float
        ({"text": "x", "nested": [{"weight": 0.5}]}, True),
    ],
)
def test_an_event_read_alone_is_the_mappers_and_a_float_goes_to_the_mapper(data, by_mapper):
    """The catalogue and a page of the log read events without those before them, so without a
    link to check: where orjson read a float (perhaps a long integer), the mapper decodes."""
    from campaign.store.rows import decode

    when = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)
    row = note_row(1, chain.GENESIS, data, when)
    campaigns = Campaigns(":memory:")
    stream = chain.campaign_id("Test")
    asked = []

    def mapper(row):
        asked.append(row)
        return campaigns.logs._decode(StoredEvent(stream, *row))

    event = decode(stream, row, mapper)
    assert vars(event) == vars(campaigns.logs._decode(StoredEvent(stream, *row)))
    assert bool(asked) == by_mapper


@pytest.mark.parametrize(
    "state",
    [
        b'"a string"',
        b"[1, 2]",
        b"42",
        b'{"timestamp": "not a stamp", "_type_": 1}',
        b'{"timestamp": {"_type_": "datetime_iso", "_data_": "2026-11-30T02:00:00"}}',
        b"{",
        b"",
    ],
)
def test_a_row_edited_into_something_else_is_the_mappers_refusal(state):
    """Hostile input: whatever a hand edit left in the state column, the reader hands it to the
    mapper, whose refusal is one sentence."""
    from campaign.errors import StoreError

    campaigns = Campaigns(":memory:")
    stream = chain.campaign_id("Test")
    with pytest.raises(StoreError, match="edited by hand"):
        read_log(
            stream,
            [(1, NoteRecorded.TOPIC, state)],
            lambda row: campaigns.logs._decode(StoredEvent(stream, *row)),
        )
