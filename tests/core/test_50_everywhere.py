"""Issue #50, "Everywhere", on the command line: deadlines echoed on the campaign's clock (with
the instant in UTC beside it) and quiet hours' moves said; a time the clocks skip or pass twice
refused; `status --round N` headed for round N; the dashboard's deadline; a report to a file
with its paragraphs whole; no event stamped behind the one before it.

Each expectation is worked out from the inputs: Europe/Oslo is UTC+1 in winter (CET) and UTC+2
in summer (CEST); in 2027 its clocks go forward at 02:00 on 28 March and back at 03:00 on 31
October (the EU's last Sundays of March and October, 01:00 UTC)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from helpers.shell import Shell, tick_at

from campaign.input import clock

OSLO = ("--time-zone", "Europe/Oslo")


@pytest.fixture
def oslo(tmp_path, spring) -> Shell:
    """Spring 869 drawn (Cid declares first), its clock Europe/Oslo's."""
    shell = Shell(tmp_path / "store.sqlite")
    shell.ok(*spring.step("new"), *OSLO)
    return shell


def deadline_at(shell: Shell) -> str:
    return shell.json("status")["deadline"]["at"]


# 1. `deadline set` and `away` echo the deadline on the campaign's clock


@pytest.mark.clock("2026-12-01T14:00Z")
def test_50_deadline_set_echoes_the_campaigns_clock_and_utc(oslo):
    """Issue #50: `deadline set` in a campaign on Europe/Oslo's clock echoed the instant in UTC
    alone ("2026-12-12 17:00 UTC"). 18:00 in Oslo on Saturday 12 December is 17:00 UTC (CET)."""
    said = oslo.ok("deadline", "set", "2026-12-12 18:00").stdout
    assert (
        "Deadline for round 1, Cid declares an attack: Sat 12 Dec 2026 18:00 Europe/Oslo "
        "(17:00 UTC)" in said
    )
    assert "moved" not in said
    assert deadline_at(oslo) == "2026-12-12T17:00:00+00:00"
    # an instant typed with its offset is echoed on the campaign's clock all the same
    said = oslo.ok("deadline", "set", "2026-12-13T23:30Z").stdout
    assert "Mon 14 Dec 2026 00:30 Europe/Oslo (Sun 13 Dec 2026 23:30 UTC)" in said


@pytest.mark.clock("2026-12-01T14:00Z")
def test_50_a_deadline_quiet_hours_moved_is_said_to_be_moved(oslo):
    """Issue #50: a deadline set in the quiet hours falls at their end (issue #27) but the echo
    did not say so. 23:30 on Monday 14 December in Oslo, in quiet hours 22:00-08:00, falls at
    08:00 on Tuesday 15 December, 07:00 UTC."""
    oslo.ok("deadline", "quiet", "22:00-08:00")
    said = oslo.ok("deadline", "set", "2026-12-14 23:30").stdout
    assert (
        "Deadline for round 1, Cid declares an attack: Tue 15 Dec 2026 08:00 Europe/Oslo "
        "(07:00 UTC), moved to the end of the quiet hours (22:00-08:00) from Mon 14 Dec 2026 "
        "23:30 Europe/Oslo (22:30 UTC)" in said
    )
    assert deadline_at(oslo) == "2026-12-15T07:00:00+00:00"
    assert "moved" not in oslo.ok("deadline", "set", "2026-12-14 12:00").stdout


@pytest.mark.clock("2026-12-01T14:00Z")
def test_50_away_echoes_the_holiday_and_the_deadline_on_the_campaigns_clock(oslo):
    """Issue #50: `away` echoed the holiday's end and the moved deadline in UTC. Five days from
    14:00 UTC on 1 December end at 14:00 UTC on the 6th, 15:00 in Oslo; the deadline of 18:00
    on the 5th (Oslo) moves five days on, to 18:00 on the 10th."""
    oslo.ok("deadline", "set", "2026-12-05 18:00")
    said = oslo.ok("away", "Cid", "--days", "5", "--reason", "a wedding").stdout
    assert "until Sun 06 Dec 2026 15:00 Europe/Oslo (14:00 UTC): a wedding" in said
    assert (
        "Deadline for round 1, Cid declares an attack: Thu 10 Dec 2026 18:00 Europe/Oslo "
        "(17:00 UTC)" in said
    )
    assert deadline_at(oslo) == "2026-12-10T17:00:00+00:00"


@pytest.mark.clock("2027-10-20T12:00Z")
def test_50_a_holiday_that_carries_a_deadline_into_the_quiet_hours_says_it_moved(oslo):
    """Issue #50: a holiday moves a deadline on by whole days of 24 hours; over the night the
    clocks go back (31 October 2027) 08:00 CEST on Friday 29 October (06:00 UTC) plus three
    days is 06:00 UTC on Monday 1 November, 07:00 CET: in the quiet hours 22:00-08:00, so it
    falls at their end, 08:00 CET (07:00 UTC), and the echo says so."""
    oslo.ok("deadline", "quiet", "22:00-08:00")
    oslo.ok("deadline", "set", "2027-10-29 08:00")
    said = oslo.ok("away", "Cid", "--days", "3").stdout
    assert (
        "Mon 01 Nov 2027 08:00 Europe/Oslo (07:00 UTC), moved to the end of the quiet hours "
        "(22:00-08:00) from Mon 01 Nov 2027 07:00 Europe/Oslo (06:00 UTC)" in said
    )
    assert deadline_at(oslo) == "2027-11-01T07:00:00+00:00"


# 2. a time the clocks skip, or pass twice


@pytest.mark.clock("2027-03-25T12:00Z")  # a Thursday
def test_50_a_time_the_clocks_skip_is_refused_in_one_sentence(oslo):
    """Issue #50: 02:30 on 28 March 2027 does not exist in Oslo (the clocks go from 02:00 to
    03:00) and was taken silently as 03:30. Typed as a date or as the coming Sunday."""
    said = "02:30 does not exist in Europe/Oslo on 2027-03-28: the clocks go from 02:00 to 03:00."
    assert oslo.refuses("deadline", "set", "2027-03-28 02:30") == said
    assert oslo.refuses("deadline", "set", "Sunday 02:30") == said
    oslo.ok("deadline", "set", "2027-03-28 03:30")
    assert deadline_at(oslo) == "2027-03-28T01:30:00+00:00"


@pytest.mark.clock("2027-10-20T12:00Z")
def test_50_a_time_the_clocks_pass_twice_is_refused_and_its_offset_asked(oslo):
    """Issue #50: 02:30 on 31 October 2027 comes twice in Oslo (the clocks go back from 03:00
    to 02:00): refused, naming both instants by their offsets; either is then taken."""
    says = oslo.refuses("deadline", "set", "2027-10-31 02:30")
    assert says.startswith("02:30 comes twice in Europe/Oslo on 2027-10-31")
    assert "the clocks go back from 03:00 to 02:00" in says
    assert "2027-10-31T02:30+02:00" in says and "2027-10-31T02:30+01:00" in says
    oslo.ok("deadline", "set", "2027-10-31T02:30+01:00")
    assert deadline_at(oslo) == "2027-10-31T01:30:00+00:00"


# 3. and 4. the dashboard


def test_50_status_of_a_finished_round_is_headed_for_that_round(tmp_path, spring):
    """Issue #50: `status --round 2` in round 3 was headed "round 3 · declaring attacks", the
    state that follows round 2's last battle; it is the campaign as round 2 ended."""
    shell = Shell(tmp_path / "store.sqlite")
    shell.play(spring.through("attack Bernicia Strathclyde"))  # round 3's first attack
    heading = shell.ok("status", "--round", "2").stdout.splitlines()[0]
    assert heading.startswith("Spring 869") and "round 2" in heading
    assert "round 3" not in heading and "declaring" not in heading
    assert "round 3" in shell.ok("status").stdout.splitlines()[0]


@pytest.mark.clock("2026-12-01T14:00Z")
def test_50_the_dashboard_shows_the_deadline_of_the_step_in_hand(oslo, monkeypatch):
    """Issue #50: `status` drew no deadline. 18:00 on 14 December in Oslo is 17:00 UTC, 13 days
    and 3 hours after the pinned clock; once the clock has passed it, it is overdue."""
    oslo.ok("deadline", "set", "2026-12-14 18:00")
    shown = " ".join(oslo.ok("status").stdout.split())
    assert (
        "Deadline for round 1, Cid declares an attack: Mon 14 Dec 2026 18:00 Europe/Oslo "
        "(17:00 UTC), in 13 days" in shown
    )
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-12-14T19:00Z")
    shown = " ".join(oslo.ok("status").stdout.split())
    assert "Mon 14 Dec 2026 18:00 Europe/Oslo (17:00 UTC), overdue: passed 2 hours ago" in shown


# 5. a report to a file or a pipe


def test_50_a_report_to_a_pipe_keeps_each_paragraph_on_one_line(finished):
    """Issue #50: `campaign report > file` broke every paragraph at 100 columns. Each line of
    the report's data (`report --json`) is one line of the text; tables keep 100 columns."""
    lines = finished.ok("report").stdout.splitlines()
    items = [i for s in finished.json("report")["sections"] for i in s.get("items", [])]
    long = [i for i in items if len(i) > 100]
    assert long  # the battles of round 3 are told in more than 100 characters
    for item in items:
        assert any(item in line for line in lines), item
    tables = [line for line in lines if any(c in line for c in "┃│┏┗┡└")]
    assert tables and max(map(len, tables)) <= 100


# 6. the events' times never go backwards


@pytest.mark.clock("2001-03-01T09:30Z")
def test_50_tick_now_in_the_simulated_past_records_nothing_behind_the_log(
    tmp_path, spring, monkeypatch
):
    """Issue #50: `tick --now` at a time behind the log's last event is refused (as since issue
    #47); at a time after it, its events come in order with the next one."""
    shell = Shell(tmp_path / "store.sqlite")
    shell.ok(*spring.step("new"))
    shell.ok("deadline", "rule", "auto")
    shell.ok("deadline", "set", "2001-03-02T00:00Z")
    monkeypatch.setenv("CAMPAIGN_NOW", "2001-03-05T00:00Z")
    shell.ok("note", "the deadline passed three days ago")
    assert "before event" in shell.refuses("tick", "--now", "2001-03-03T00:00Z")
    monkeypatch.setenv("CAMPAIGN_NOW", "2001-03-06T00:00Z")
    assert "forfeits" in shell.ok("tick", "--now", "2001-03-05T12:00Z").stdout
    shell.ok("note", "after the tick")
    times = [e["time"] for e in shell.json("log")]
    assert times == sorted(times)
    assert shell.json("verify")["verified"]


@pytest.mark.dated
def test_50_a_clock_let_go_behind_the_log_records_nothing(tmp_path, spring, monkeypatch):
    """Issue #50: a tick rehearsed on a clock pinned a month ahead (as `tick --now` advises:
    CAMPAIGN_NOW) stamped its forfeit then; the next command, on the real clock again, was
    stamped a month before it, and `verify` refused the log. Now nothing is recorded behind the
    log's last event, whichever clock reads the time."""
    shell = Shell(tmp_path / "store.sqlite")
    shell.ok(*spring.step("new"))
    shell.ok("deadline", "rule", "auto")
    shell.ok("deadline", "set", "--in", "1d")
    tick_at(monkeypatch, shell, (clock.now() + timedelta(days=30)).isoformat())
    monkeypatch.delenv("CAMPAIGN_NOW")
    last = len(shell.json("log"))  # the forfeit the tick recorded a month ahead
    says = shell.refuses("note", "back on the real clock")
    assert f"before event {last} was recorded" in says and "time only moves forward" in says
    times = [e["time"] for e in shell.json("log")]
    assert times == sorted(times)
    assert shell.json("verify")["verified"]


@pytest.mark.dated
def test_50_a_clock_seconds_behind_the_log_records_at_the_logs_time(tmp_path, spring, monkeypatch):
    """Issue #50: hosts of one shared store whose clocks differ by seconds are not refused — an
    event recorded a minute ahead by one, the next by another whose clock is behind it: the
    second is stamped at the first's time (`SKEW`, two minutes), the log's times never go back
    and it verifies."""
    shell = Shell(tmp_path / "store.sqlite")
    shell.ok(*spring.step("new"))
    monkeypatch.setenv("CAMPAIGN_NOW", (clock.now() + timedelta(minutes=1)).isoformat())
    shell.ok("note", "from the host whose clock is a minute ahead")
    monkeypatch.delenv("CAMPAIGN_NOW")
    shell.ok("note", "from the host on time")
    log = shell.json("log")
    assert log[-1]["time"] == log[-2]["time"]
    assert shell.json("verify")["verified"]
