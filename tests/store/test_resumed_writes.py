"""Issue #31: a write decides from what is kept beside the log — the state and view the last
writer or reader kept, and the log's first and last events — and keeps beside it, for the next
readers, what a fold of the whole log would have kept (the view, the state, the reports read
first), reading no more of the log than the round in progress. Where what is kept does not
vouch for the log (missing, another program's, edited by hand), the write folds it as before.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from helpers import TESTS
from helpers.boiling_cauldron import NAMES
from helpers.properties import examples
from helpers.store import BC, BC_legal, begin, kept_rows, rebuilt, record, writes_at_random
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.domain import deadlines
from campaign.domain.facts import Facts
from campaign.domain.log import KeptLog
from campaign.domain.shared_commands import note, redo, undo
from campaign.errors import StoreError
from campaign.input import clock
from campaign.service.unit_of_work import Campaigns
from campaign.store.logs import Logs


@settings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), st.integers(3, 6))
@pytest.mark.dated
def test_a_resumed_write_keeps_what_a_fold_of_the_whole_log_keeps(tmp_path_factory, data, count):
    """Random lawful Boiling Cauldron campaigns with notes, deadline rules, undos of one to three
    actions and redos between the moves: after every write, every row kept beside the log (view,
    state, reports, the states rounds ended in) is, byte for byte, what a fold of the whole log
    keeps."""
    writes_at_random(tmp_path_factory, data, count)


def test_a_note_and_a_move_record_without_reading_the_whole_log(tmp_path, monkeypatch):
    """With the view and state kept, a write in round 2 reads the log's first and last events and
    the events of round 2, never the whole log: reading it whole fails here, and the writes
    still land, told and kept as a fold would keep them."""
    from campaign.kinds.boiling_cauldron import commands

    path = tmp_path / "store.sqlite"
    campaigns = begin(path, NAMES[:4])
    for _ in NAMES[:4]:  # round 1: every player forfeits his attack (BC-4.3)
        record(campaigns, lambda loaded: commands.forfeit(loaded.state, "away"))
    record(campaigns, lambda loaded: note("round 1 is over"))
    state = campaigns.load("Prop").state
    assert state.round == 2
    source, target = BC_legal(state)

    def whole(*args):
        raise AssertionError("the whole log was read")

    monkeypatch.setattr(Logs, "read", whole)
    writer = Campaigns(str(path))
    record(writer, lambda loaded: commands.attack(loaded.state, source, target))
    record(writer, lambda loaded: note("after the move"))
    assert writer.after.resumed is not None and writer.after.state.round == 2
    monkeypatch.undo()
    assert kept_rows(writer) == rebuilt(path)
    assert len(Campaigns(str(path)).load("Prop").events) == len(writer.after.events)


def test_the_round_in_progress_is_read_from_the_rows_it_gained(tmp_path, monkeypatch):
    """A hub's writer reads the round in progress after every write (its report, kept): in the
    same process, each read takes only the rows past the stretch read before, from its last
    event on (`Logs.stretch`), and keeps what a fold of the whole log keeps."""
    path = tmp_path / "store.sqlite"
    campaigns = begin(path, NAMES[:3])
    for n in range(10):
        record(campaigns, lambda loaded, n=n: note(f"before {n}"))
    read: list[int] = []
    rows = Logs._rows

    def counted(self, *args, **options):
        found = rows(self, *args, **options)
        read.append(len(found))
        return found

    monkeypatch.setattr(Logs, "_rows", counted)
    for n in range(5):
        record(campaigns, lambda loaded, n=n: note(f"after {n}"))
    assert read and max(read) <= 1  # the last event, to check the view: the round holds 15 notes
    monkeypatch.undo()
    assert kept_rows(campaigns) == rebuilt(path)


def test_a_campaign_begun_again_under_its_name_is_not_read_from_the_old_stretch(tmp_path):
    """A campaign deleted and begun again under the same name (by another process) has the same
    stream: the end of the old log this process remembers links to none of the new one's
    events, and its round in progress is read again."""
    import subprocess
    import sys

    path = tmp_path / "store.sqlite"
    campaigns = begin(path, NAMES[:3])
    for n in range(4):
        record(campaigns, lambda loaded, n=n: note(f"old {n}"))
    elsewhere = (
        f"import sys; sys.path.insert(0, {str(TESTS)!r})\n"
        "from helpers.boiling_cauldron import NAMES\n"
        "from helpers.store import begin, record\n"
        "from campaign.service.unit_of_work import Campaigns\n"
        "from campaign.domain.shared_commands import note\n"
        f"Campaigns({str(path)!r}).delete('Prop')\n"
        f"campaigns = begin({str(path)!r}, NAMES[:3])\n"
        "for n in range(8):\n"
        "    record(campaigns, lambda loaded, n=n: note(f'new {n}'))\n"
    )
    subprocess.run([sys.executable, "-c", elsewhere], check=True)
    again = Campaigns(str(path))
    record(again, lambda loaded: note("new 8"))
    told = again.kept.report("Prop", "1")
    assert told is not None and told["notes"] == [f"new {n}" for n in range(9)]
    assert kept_rows(again) == rebuilt(path)


def test_a_kept_state_edited_by_hand_is_not_decided_from(tmp_path):
    """A kept state whose seal fails (edited by hand) is never resumed from: the write folds the
    log, and keeps the state the log gives."""
    path = tmp_path / "store.sqlite"
    campaigns = begin(path, NAMES[:3])
    row = f"{campaigns.listing.stream('Prop').hex}/state"
    sql = campaigns.database.dialect
    with campaigns.database.store.recorder.datastore.transaction(commit=True) as cursor:
        cursor.execute(
            f"UPDATE {sql.table('campaign_views')} SET body = replace(body, 'Ann', 'Zed') "
            f"WHERE stream = {sql.mark}",
            (row,),
        )
    writer = Campaigns(str(path))
    assert writer.resume("Prop") is None
    record(writer, lambda loaded: note("a note"))
    assert writer.after.resumed is None
    assert kept_rows(writer) == rebuilt(path)


def test_an_undo_after_resumed_writes_takes_back_the_move_as_a_fold_would(tmp_path):
    """An undo in the first round decides on the ledger kept in the view and folds that round
    from the campaign's start: the state it leaves is the fold's, and so is every row it keeps;
    the next note resumes from it."""
    path = tmp_path / "store.sqlite"
    campaigns = begin(path, NAMES[:4])
    before = campaigns.load("Prop").state
    source, target = BC_legal(before)
    from campaign.kinds.boiling_cauldron import commands

    record(campaigns, lambda loaded: commands.attack(loaded.state, source, target))
    assert campaigns.after.resumed is not None
    record(campaigns, lambda loaded: undo(loaded.ledger, 1, "wrong region"), again=False)
    assert campaigns.after.resumed is not None
    assert campaigns.after.state == before == Campaigns(str(path)).load("Prop").state
    assert kept_rows(campaigns) == rebuilt(path)
    record(campaigns, lambda loaded: note("taken back"))
    assert campaigns.after.resumed is not None and campaigns.after.state == before
    assert kept_rows(campaigns) == rebuilt(path)


def round_two(path) -> Campaigns:
    """A campaign of four whose round 1 ended by forfeits (BC-4.3), with a note after it."""
    from campaign.kinds.boiling_cauldron import commands

    campaigns = begin(path, NAMES[:4])
    for _ in NAMES[:4]:
        record(campaigns, lambda loaded: commands.forfeit(loaded.state, "away"))
    record(campaigns, lambda loaded: note("round 1 is over"))
    assert campaigns.load("Prop").state.round == 2
    return campaigns


def test_an_undo_and_a_redo_in_round_2_record_without_reading_the_whole_log(tmp_path, monkeypatch):
    """Undo and redo decide on the actions standing as the view keeps them (`Ledger.kept`) and
    fold the round in progress alone, from the state kept as round 1 ended (issue #31): reading
    the log whole fails here, and each undo and redo lands, leaving the state and every row kept
    beside the log as a fold of the whole log leaves them."""
    from campaign.kinds.boiling_cauldron import commands

    path = tmp_path / "store.sqlite"
    round_two(path)
    before = Campaigns(str(path)).load("Prop").state
    source, target = BC_legal(before)
    writer = Campaigns(str(path))
    record(writer, lambda loaded: commands.attack(loaded.state, source, target))
    attacked = writer.after.state

    def whole(*args):
        raise AssertionError("the whole log was read")

    steps = [
        (lambda loaded: undo(loaded.ledger, 1, "wrong region"), before),
        (lambda loaded: redo(loaded.ledger, "right after all"), attacked),
        (lambda loaded: undo(loaded.ledger, 1, "wrong again"), before),
    ]
    for decide, expected in steps:
        monkeypatch.setattr(Logs, "read", whole)
        record(writer, decide, again=False)
        assert writer.after.resumed is not None and writer.after.state == expected
        monkeypatch.undo()
        assert Campaigns(str(path)).load("Prop").state == expected
        assert kept_rows(writer) == rebuilt(path)


def test_an_undo_reaching_back_into_the_round_before_folds_the_whole_log(tmp_path):
    """An undo that takes back an action of a finished round (round 1's last forfeit, which
    ended it) changes what the state kept as that round ended counted: the log is folded whole,
    and the state and the rows kept are the fold's — round 1 is in progress again."""
    path = tmp_path / "store.sqlite"
    writer = round_two(path)
    record(writer, lambda loaded: note("round 2 begins"))
    record(writer, lambda loaded: undo(loaded.ledger, 1, "Dan did not forfeit"), again=False)
    assert writer.after.state.round == 1
    assert writer.after.state == Campaigns(str(path)).load("Prop").state
    assert kept_rows(writer) == rebuilt(path)


@pytest.mark.dated
def test_the_deadline_reckoned_from_kept_facts_is_the_logs(tmp_path):
    """After each resumed write, the deadline reckoned from the facts kept in the view (the
    default length, quiet hours on the campaign's clock, a deadline set for the step, the house
    rule: `Reckoning.after`) is the one `deadlines.current` finds in the whole log: a set deadline
    stands through a note, and a move starts the default length from its own instant."""
    path = tmp_path / "store.sqlite"
    campaigns = begin(path, NAMES[:4])
    record(campaigns, lambda loaded: deadlines.choose_default("36h"))
    record(campaigns, lambda loaded: deadlines.choose_quiet("20:00-09:00"))
    record(campaigns, lambda loaded: deadlines.choose_zone("America/New_York"))
    record(campaigns, lambda loaded: deadlines.choose_rule("auto"))
    from campaign.kinds.boiling_cauldron import commands

    step = BC.next_step(campaigns.load("Prop").state)
    now = clock.now()
    at = now + timedelta(days=4)
    record(campaigns, lambda loaded: deadlines.set_for(step, at, now, "a long weekend"))
    source, target = BC_legal(campaigns.load("Prop").state)
    writes = [
        lambda loaded: note("the deadline stands"),
        lambda loaded: commands.attack(loaded.state, source, target),
        lambda loaded: note("and now the default length"),
    ]
    for write in writes:
        record(campaigns, write)
        after = campaigns.after
        assert after.resumed is not None
        events = Campaigns(str(path)).load("Prop").events
        step = BC.next_step(after.state)
        assert after.facts.reckoning.deadline(step) == deadlines.current(events, step)
        assert after.facts == Facts.of(events)
    assert after.facts.reckoning.pinned is None and after.facts.reckoning.length == "36h"
    assert after.facts.reckoning.rule == "auto"  # the house rule kept, for `tick`


def test_a_log_shorter_than_its_view_is_a_store_error_not_a_fold_of_less(tmp_path):
    """A resumed log asked whole finds every event its view counted, or says the store is
    damaged."""
    path = tmp_path / "store.sqlite"
    campaigns = begin(path, NAMES[:3])
    loaded = campaigns.resume("Prop")
    assert loaded is not None
    short = KeptLog(loaded.events[0], loaded.events[-1], len(loaded.events) + 5, loaded.events.read)
    with pytest.raises(StoreError, match="shorter than its view"):
        list(short)


@pytest.mark.clock("2026-12-01T12:00Z")
def test_overdue_reads_each_campaign_from_its_kept_view(tmp_path, monkeypatch):
    """`overdue` (run by cron, over every campaign of the store) says each step and deadline
    from the campaign's kept view while it vouches for the log: reading a log fails here, and
    it says the same as with the logs read, in words and in JSON."""
    from helpers.shell import Shell

    shell = Shell(tmp_path / "s.sqlite")
    for name in ("Spring 869", "Autumn 870"):
        shell.ok("new", name, "--player", "Ann", "--player", "Bob", "--player", "Cid",
                 "--seed", "x")  # fmt: skip
    shell.ok("deadline", "default", "3d", "-c", "Spring 869")
    shell.ok("deadline", "quiet", "22:00-08:00", "-c", "Spring 869")
    shell.ok("forfeit", "-c", "Spring 869", "--reason", "away")
    shell.ok("deadline", "set", "2030-01-15T18:00Z", "-c", "Autumn 870")
    moment = "2030-01-20T00:00Z"
    words, data = (
        shell.ok("overdue", "--now", moment).stdout,
        shell.json("overdue", "--now", moment),
    )

    def whole(*args):
        raise AssertionError("a log was read whole")

    monkeypatch.setattr(Logs, "read", whole)
    assert shell.ok("overdue", "--now", moment).stdout == words
    assert shell.json("overdue", "--now", moment) == data
    assert [row["deadline"]["overdue"] for row in data] == [True, True]


def test_a_campaign_deleted_leaves_nothing_of_its_log_in_the_memory_of_the_process(tmp_path):
    """The end of a log a process remembers (`campaign.store.windows`) goes with the log."""
    from campaign.store import windows

    path = tmp_path / "store.sqlite"
    campaigns = begin(path, NAMES[:3])
    for n in range(3):
        record(campaigns, lambda loaded, n=n: note(f"note {n}"))
    log = (str(path), campaigns.listing.stream("Prop"))
    assert log in windows._windows and log in windows._firsts
    campaigns.delete("Prop")
    assert all(log not in kept for kept in (windows._windows, windows._appended, windows._firsts))
