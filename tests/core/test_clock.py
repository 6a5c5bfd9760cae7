"""Issue #58: one clock for the program and its tests. A command reads the time in one place
(campaign.input.clock), and the events it records are stamped on that same clock: a deadline decided
at a pinned instant is checked again by `verify` at that instant, whatever the real date."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from helpers.shell import Shell, export_rows, rechain

from campaign.errors import CampaignError
from campaign.input import clock

NEW = ("new", "Spring 869", "--player", "Ann", "--player", "Bob", "--player", "Cid", "--seed", "x")


def times(shell: Shell) -> list[datetime]:
    return [datetime.fromisoformat(e["time"]) for e in shell.json("log")]


@pytest.mark.clock("2001-03-01T09:30Z")
def test_the_events_of_a_pinned_command_are_stamped_at_the_pinned_instant(tmp_path):
    """Before, a command pinned to 2001 decided the deadline at 2001 and stamped its event with
    the real time, so `verify` refused the deadline as already passed."""
    shell = Shell(tmp_path / "s.sqlite")
    shell.ok(*NEW)
    shell.ok("deadline", "set", "2001-03-05T18:00Z")
    assert set(times(shell)) == {datetime(2001, 3, 1, 9, 30, tzinfo=UTC)}
    assert shell.json("verify")["verified"]


def test_a_clock_pinned_behind_the_log_records_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPAIGN_NOW", "2001-03-01T09:30Z")
    shell = Shell(tmp_path / "s.sqlite")
    shell.ok(*NEW)
    shell.ok("note", "the last thing recorded")
    monkeypatch.setenv("CAMPAIGN_NOW", "2001-03-01T09:29Z")
    says = shell.refuses("note", "a note from a minute before")
    assert says == (
        "The clock is set to 2001-03-01 09:29:00 UTC, before event 3 was recorded "
        "(2001-03-01 09:30:00 UTC): time only moves forward, so nothing was recorded."
    )
    monkeypatch.setenv("CAMPAIGN_NOW", "2001-03-01T09:30Z")  # the same instant moves nothing back
    shell.ok("note", "at the same instant")


def test_bc_9_2_a_tick_set_behind_the_log_records_nothing(tmp_path, monkeypatch):
    """A passed deadline's forfeit (BC-9.2) dated, by `tick --now`, before the last event of
    the log would be told out of order: refused, and recorded at a later tick."""
    monkeypatch.setenv("CAMPAIGN_NOW", "2001-03-01T09:30Z")
    shell = Shell(tmp_path / "s.sqlite")
    shell.ok(*NEW)
    shell.ok("deadline", "rule", "auto")
    shell.ok("deadline", "set", "2001-03-02T00:00Z")
    monkeypatch.setenv("CAMPAIGN_NOW", "2001-03-04T00:00Z")
    shell.ok("note", "the deadline passed two days ago")
    says = shell.refuses("tick", "--now", "2001-03-03T00:00Z")
    assert "before event 5 was recorded (2001-03-04 00:00:00 UTC)" in says
    assert "forfeits the attack" in shell.ok("tick").stdout
    assert shell.json("verify")["verified"]


def test_the_real_time_moved_on_moves_every_reading_of_it(tmp_path, monkeypatch):
    """CAMPAIGN_CLOCK_OFFSET moves the real time for everything the program reads: the events'
    times, the deadline set `--in 3d`, and what `status` says of it, together."""
    shell = Shell(tmp_path / "s.sqlite")
    today = clock.now()
    monkeypatch.setenv("CAMPAIGN_CLOCK_OFFSET", "1826d")
    shell.ok(*NEW)
    shell.ok("deadline", "set", "--in", "3d")
    after = clock.now()
    stamped = times(shell)
    assert all(today + timedelta(days=1826) <= t <= after for t in stamped)
    deadline = shell.json("status")["deadline"]
    assert datetime.fromisoformat(deadline["at"]) - stamped[-1] < timedelta(days=3)
    assert deadline["overdue"] is False and "(in 3 days)" in shell.ok("overdue").stdout
    assert shell.json("verify")["verified"]


@pytest.mark.parametrize(
    ("setting", "value", "said"),
    [
        ("CAMPAIGN_NOW", "next tuesday", "CAMPAIGN_NOW pins the clock to an ISO 8601 instant"),
        ("CAMPAIGN_NOW", "2026-12-01T10:00", "with its offset"),
        ("CAMPAIGN_CLOCK_OFFSET", "a year", "moves the clock by days, hours or weeks"),
    ],
)
def test_a_clock_set_wrong_is_one_sentence_and_records_nothing(
    tmp_path, monkeypatch, setting, value, said
):
    shell = Shell(tmp_path / "s.sqlite")
    shell.ok(*NEW)
    monkeypatch.setenv(setting, value)
    result = shell("note", "a note")
    monkeypatch.delenv(setting)
    assert result.exit_code != 0 and said in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert len(shell.json("log")) == 2


@pytest.mark.parametrize(
    ("offset", "moved"),
    [("365d", timedelta(days=365)), ("-36h", -timedelta(hours=36)), ("+2w", timedelta(weeks=2))],
)
def test_the_offset_is_days_hours_or_weeks_either_way(monkeypatch, offset, moved):
    monkeypatch.setenv("CAMPAIGN_CLOCK_OFFSET", offset)
    assert clock.offset() == moved
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-12-01T10:00+01:00")
    assert clock.now() == datetime(2026, 12, 1, 9, 0, tzinfo=UTC)  # a pinned clock is not moved


def test_an_offset_with_no_unit_is_refused(monkeypatch):
    monkeypatch.setenv("CAMPAIGN_CLOCK_OFFSET", "365")
    with pytest.raises(CampaignError, match="365d, -36h, 2w"):
        clock.now()


def test_47_a_tick_ahead_of_the_clock_is_refused(tmp_path, monkeypatch):
    """Issue #47: `tick --now 2099-01-01` stamped an event in the future, the next one in the
    present, and `verify` accepted the log out of order."""
    monkeypatch.setenv("CAMPAIGN_NOW", "2001-03-01T09:30Z")
    shell = Shell(tmp_path / "s.sqlite")
    shell.ok(*NEW)
    shell.ok("deadline", "rule", "auto")
    shell.ok("deadline", "set", "2001-03-02T00:00Z")
    says = shell.refuses("tick", "--now", "2099-01-01T00:00Z")
    assert "ahead of it" in says and "CAMPAIGN_NOW" in says


def test_47_verify_refuses_a_log_whose_times_go_backwards(tmp_path, monkeypatch):

    monkeypatch.setenv("CAMPAIGN_NOW", "2001-03-01T09:30Z")
    shell = Shell(tmp_path / "s.sqlite")
    shell.ok(*NEW)
    monkeypatch.setenv("CAMPAIGN_NOW", "2001-03-02T09:30Z")
    shell.ok("note", "a day later")
    shell.ok("note", "and again")
    rows = export_rows(shell)
    rows[-2]["time"] = "2099-01-01T00:00:00+00:00"  # a note from the future, then the present
    forged = tmp_path / "forged.jsonl"
    forged.write_text(rechain(rows))
    said = Shell(tmp_path / "other.sqlite")("import", str(forged))
    assert said.exit_code == 1 and "the log's times go backwards" in said.stderr
