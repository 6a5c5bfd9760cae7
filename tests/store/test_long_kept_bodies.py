"""Issue #31: a body kept beside the log that is long (the report of a finished round of many
notes: 1.8 MB after 100,000) is kept once, in a row of its own named by its SHA-256, and the row
sealed to the log's last event names it. A write that keeps it again under its new event seals
the name again, never the body; it reads back whole, a hand edit of it is never served, and it
is dropped once no row names it. Here "long" is made short (`kept.LONG`), so that a round of a
hundred notes is long."""

from __future__ import annotations

import hashlib
import json
import sqlite3

import pytest
from helpers.boiling_cauldron import NAMES
from helpers.properties import examples
from helpers.shell import Shell
from helpers.store import BC_legal, begin, kept_rows, rebuilt, record, writes_at_random
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.domain.shared_commands import note
from campaign.kinds.boiling_cauldron import commands
from campaign.service.unit_of_work import Campaigns
from campaign.store import kept as kept_rows_module
from campaign.store.database import Database
from campaign.views.reports import report_data

LONG = 3000


@pytest.fixture(autouse=True)
def long_is_short(monkeypatch):
    monkeypatch.setattr(kept_rows_module, "LONG", LONG)


def round_one_of_notes(store: str, attack: bool = True) -> Campaigns:
    """A campaign of four whose round 1 holds a hundred notes and ended by forfeits (BC-4.3),
    then round 2's first attack (a note now is round 2's, not one written just after round 1
    ended, which joins round 1's report)."""
    campaigns = begin(store, NAMES[:4])
    for n in range(100):
        record(campaigns, lambda loaded, n=n: note(f"ruling {n}"))
    for _ in NAMES[:4]:
        record(campaigns, lambda loaded: commands.forfeit(loaded.state, "away"))
    state = campaigns.load("Prop").state
    assert state.round == 2
    if attack:
        record(campaigns, lambda loaded: commands.attack(loaded.state, *BC_legal(loaded.state)))
    return campaigns


def long_rows(rows: dict[str, tuple]) -> dict[str, str]:
    """The long bodies kept apart: their row's name → the body."""
    return {row: body for row, (_, _, body) in rows.items() if ":" in row}


def test_a_long_report_is_kept_once_and_carried_by_its_name(store_url, monkeypatch):
    """The finished round's report (BC-4.3's round 1, long) is kept in a row named by its
    digest; each later note of round 2 keeps the name again under its new event and writes no
    long body at all; every row kept is, byte for byte, a fold's; the report reads back whole."""
    campaigns = round_one_of_notes(store_url)
    stream = campaigns.listing.stream("Prop").hex
    long = long_rows(kept_rows(campaigns))
    (name, body), *others = long.items()
    assert not others and name == f"{stream}:{hashlib.sha256(body.encode()).hexdigest()}"
    written: list[tuple] = []
    keep = Database.keep_beside

    def spy(self, table, columns, triggers, key, rows, *args, **options):
        written.extend(rows)
        return keep(self, table, columns, triggers, key, rows, *args, **options)

    monkeypatch.setattr(Database, "keep_beside", spy)
    for n in range(3):
        record(campaigns, lambda loaded, n=n: note(f"round 2 ruling {n}"))
        assert campaigns.after.resumed is not None
        assert written and not [row for row in written if ":" in row[0]], "a long body written"
        rows = kept_rows(campaigns)
        assert long_rows(rows) == long and rows == rebuilt(store_url)  # a fold keeps it again
        written.clear()
    loaded = Campaigns(store_url).load("Prop")
    assert Campaigns(store_url).kept.report("Prop", "1") == json.loads(
        json.dumps(report_data("Prop", loaded, 1)[0], default=str)
    )


def test_a_long_body_edited_by_hand_is_never_served(tmp_path):
    """An edit of the long body alone (its seal is in the row that names it) is caught by its
    digest: the report is built from the log again, and verify says what was kept was
    altered."""
    path = tmp_path / "store.sqlite"
    round_one_of_notes(str(path))
    with sqlite3.connect(path) as connection:
        connection.execute(
            "UPDATE campaign_views SET body = replace(body, 'ruling 7', 'ruling 8') "
            "WHERE stream LIKE '%:%'"
        )
    connection.close()
    reader = Campaigns(str(path))
    assert reader.kept.report("Prop", "1") is None and reader.kept.altered
    checked = Shell(path)("verify", "-c", "Prop", "--json")
    assert checked.exit_code == 1 and json.loads(checked.stdout)["stored_view"] == "altered"
    assert Shell(path).json("verify", "-c", "Prop")["stored_view"] == "current"  # kept again


def test_a_long_body_no_row_names_is_dropped(tmp_path):
    """Once round 2 ends, the report kept as the last finished round's is round 2's: round 1's
    long body, which no row names any more, is dropped."""
    path = tmp_path / "store.sqlite"
    campaigns = round_one_of_notes(str(path), attack=False)
    first = set(long_rows(kept_rows(campaigns)))
    for _ in NAMES[:4]:
        record(campaigns, lambda loaded: commands.forfeit(loaded.state, "away again"))
    assert campaigns.load("Prop").state.round == 3
    rows = kept_rows(campaigns)
    assert first and not first & set(rows)
    assert rows == rebuilt(path)


@settings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,  # the same LONG for every example
    ],
)
@given(st.data(), st.integers(3, 6))
def test_resumed_writes_keep_what_a_fold_keeps_where_reports_are_long(
    tmp_path_factory, monkeypatch, data, count
):
    """test_resumed_writes' property test (random lawful campaigns with notes, undos and redos;
    after every write every row kept is, byte for byte, a fold's) with most reports long."""
    monkeypatch.setattr(kept_rows_module, "LONG", 1500)
    writes_at_random(tmp_path_factory, data, count)


def test_a_campaign_deleted_leaves_nothing_kept_beside_its_log(store_url):
    """`campaign delete`: the reports, states and long bodies kept for the campaign's readers go
    with its log (they were left behind, never read again, before)."""
    campaigns = round_one_of_notes(store_url)
    assert long_rows(kept_rows(campaigns))
    stream = campaigns.listing.stream("Prop").hex
    campaigns.delete("Prop")
    left = campaigns.database.select("campaign_views", "stream", "stream", stream, like=True)
    assert left == []
