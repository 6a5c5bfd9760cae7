"""Default deadlines (every step due a set time after the last thing that happened; BC-9.1,
ON-4.1) and deadlines in Discord's own timestamps, on real SQLite files."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from helpers.shell import Shell, export_rows, rechain, tick_at

pytestmark = pytest.mark.dated


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


def last_moving(shell) -> datetime:
    """When the last event that moved the campaign on was recorded."""
    quiet = {"NoteRecorded", "DeadlineSet", "DeadlineCleared", "DeadlineRuleChosen"}
    quiet |= {"DeadlineDefaultChosen", "CampaignRenamed", "CampaignArchived"}
    return at(next(e["time"] for e in reversed(shell.json("log")) if e["type"] not in quiet))


def test_bc_9_1_a_default_chosen_at_creation_makes_every_step_due_after_the_last_event(
    shell, spring
):
    new = spring.step("new")
    shell.ok(*new, "--deadlines", "14d")
    deadline = shell.json("status")["deadline"]
    assert at(deadline["at"]) == last_moving(shell) + timedelta(days=14)
    assert deadline["step"].startswith("round 1, Cid declares")
    shell.ok(*spring.step("attack Essex Kent"))
    moved = shell.json("status")["deadline"]
    assert moved["step"].startswith("round 1, Dag declares")
    assert at(moved["at"]) == last_moving(shell) + timedelta(days=14)


def test_bc_9_2_a_default_deadline_passed_under_auto_forfeits_at_tick(shell, spring, monkeypatch):
    shell.ok(*spring.step("new"))
    shell.ok("deadline", "default", "2d")
    shell.ok("deadline", "rule", "auto")
    assert (
        tick_at(monkeypatch, shell, (last_moving(shell) + timedelta(days=1)).isoformat()).stdout
        == ""
    )
    said = tick_at(monkeypatch, shell, (last_moving(shell) + timedelta(days=3)).isoformat()).stdout
    assert "Cid forfeits the attack: the deadline passed (BC-9.2)" in said
    assert shell.json("log")[-1]["actor"] == "deadline"
    assert shell.json("verify")["verified"]


def test_bc_9_2_a_tick_with_no_deadline_passed_reads_no_log(shell, spring, monkeypatch):
    """Issue #31: `tick` runs every few minutes over every campaign of a store; where the view
    kept at a log's last event says no deadline has passed, it says nothing and reads no log
    (reading one fails here). Once the deadline has passed it reads it and records as before."""
    from campaign.store.logs import Logs

    shell.ok(*spring.step("new"))
    shell.ok("deadline", "default", "2d")
    shell.ok("deadline", "rule", "auto")
    shell.ok("status")  # the view kept, as every write and read keeps it
    early = (last_moving(shell) + timedelta(days=1)).isoformat()
    late = (last_moving(shell) + timedelta(days=3)).isoformat()
    read = Logs.read

    def whole(*args, **kwargs):
        raise AssertionError("the whole log was read")

    monkeypatch.setattr(Logs, "read", whole)
    assert tick_at(monkeypatch, shell, early).stdout == ""
    monkeypatch.setattr(Logs, "read", read)
    assert "Cid forfeits the attack" in tick_at(monkeypatch, shell, late).stdout


def test_bc_9_2_a_passed_deadline_is_decided_at_tick_from_what_is_kept(shell, spring, monkeypatch):
    """Issue #31: a deadline the organiser decides stays passed until he does, and `tick`, run
    every few minutes, says so each time: it decides from the state and the facts kept at the
    log's last event (the house rule among them), reading no log (reading one fails here); once
    the rule is `auto`, it records the forfeit (BC-9.2) the same way."""
    from campaign.store.logs import Logs

    shell.ok(*spring.step("new"))
    shell.ok("deadline", "default", "2d")
    shell.ok("status")  # the view kept, as every write and read keeps it
    late = (last_moving(shell) + timedelta(days=3)).isoformat()
    read = Logs.read

    def whole(*args, **kwargs):
        raise AssertionError("the whole log was read")

    monkeypatch.setattr(Logs, "read", whole)
    for _ in range(2):
        said = tick_at(monkeypatch, shell, late).stdout
        assert "passed; the organiser decides" in said and "forfeits" not in said
    monkeypatch.setattr(Logs, "read", read)
    shell.ok("deadline", "rule", "auto")
    shell.ok("status")
    monkeypatch.setattr(Logs, "read", whole)
    assert "Cid forfeits the attack" in tick_at(monkeypatch, shell, late).stdout
    monkeypatch.setattr(Logs, "read", read)
    assert shell.json("log")[-1]["actor"] == "deadline"
    assert shell.json("verify")["verified"]


@pytest.mark.clock("2026-12-01T14:00Z")
def test_a_deadline_set_for_the_step_wins_over_the_default_and_none_removes_it(shell, spring):
    shell.ok(*spring.step("new"), "--deadlines", "14d")
    shell.ok("deadline", "set", "2030-01-15T18:00Z")
    assert shell.json("status")["deadline"]["at"] == "2030-01-15T18:00:00+00:00"
    shell.ok("deadline", "clear", "--reason", "holidays")
    assert shell.json("status")["deadline"] is None
    shell.ok(*spring.step("attack Essex Kent"))
    assert shell.json("status")["deadline"] is not None  # the next step has the default again
    shell.ok("deadline", "default", "none")
    assert shell.json("status")["deadline"] is None
    assert shell.json("verify")["verified"]


def test_a_default_deadline_is_refused_when_it_is_not_a_length(shell, spring):
    shell.ok(*spring.step("new"))
    assert "14d, 36h or 2w" in shell.refuses("deadline", "default")
    assert "at least an hour" in shell.refuses("deadline", "default", "0d")
    assert "not 'soon'" in shell.refuses("deadline", "default", "soon")


def test_on_4_1_an_onus_campaign_takes_a_default_too(shell, under_the_eagle):
    shell.ok(*under_the_eagle.step("new"), "--deadlines", "1w")
    deadline = shell.json("status")["deadline"]
    assert at(deadline["at"]) == last_moving(shell) + timedelta(weeks=1)


@pytest.mark.clock("2026-12-01T14:00Z")
def test_the_markdown_report_gives_the_deadline_in_discord_timestamps(shell, spring):
    shell.play(spring.through("attack Hwicce West Anglia"))
    shell.ok("deadline", "set", "2030-01-15T18:00Z")
    text = shell.ok("report", "--round", "1", "--format", "markdown").stdout
    unix = int(at("2030-01-15T18:00:00+00:00").timestamp())
    assert f"- <t:{unix}:F> (<t:{unix}:R>)" in text
    assert "<t:" not in shell.ok("report", "--round", "1", "--format", "bbcode").stdout


@pytest.mark.clock("2026-12-01T14:22:37.123456Z")
def test_overdue_says_a_deadline_as_people_read_it_without_seconds(tmp_path, monkeypatch):
    """Issue #29: `overdue` printed the deadline as a raw ISO instant with microseconds; a
    deadline given as --in 3d is kept to the minute, and said with its day and how far off."""
    from helpers.shell import Shell

    shell = Shell(tmp_path / "s.sqlite")
    shell.ok("new", "Spring 869", "--player", "Ann", "--player", "Bob", "--player", "Cid",
             "--seed", "x")  # fmt: skip
    shell.ok("deadline", "set", "--in", "3d")
    assert shell.json("status")["deadline"]["at"] == "2026-12-04T14:22:00+00:00"
    said = shell.ok("overdue").stdout
    assert "Deadline: Friday 04 December 2026, 14:22 UTC (in 3 days)." in said
    late = shell.ok("overdue", "--now", "2026-12-20T00:00Z").stdout
    assert "(passed 15 days ago)" in late and ".123" not in late


def test_bc_9_2_a_forfeit_the_deadline_recorded_is_reported_as_the_deadlines(
    shell, spring, monkeypatch
):
    """Issue #29: a forfeit `tick` recorded as the actor `deadline` was credited in the report
    to "the organiser's ruling"; it is the passed deadline's (BC-9.2), as the log says."""
    shell.ok(*spring.step("new"))
    shell.ok("deadline", "default", "2d")
    shell.ok("deadline", "rule", "auto")
    tick_at(monkeypatch, shell, (last_moving(shell) + timedelta(days=3)).isoformat())
    (forfeits,) = [s for s in shell.json("report", "--round", "1")["sections"]
                   if s["heading"] == "Forfeits"]  # fmt: skip
    assert forfeits["items"] == ["Cid: deadline (the deadline passed, BC-9.2)"]


@pytest.mark.clock("2026-12-01T14:00Z")
def test_the_opening_posts_deadline_keeps_the_names_as_written(shell, spring):
    """Issue #29: the deadline line of a round's opening post lower-cased every name after its
    first letter ("Round 1, cid declares an attack")."""
    shell.ok(*spring.step("new"))
    shell.ok("deadline", "set", "2030-01-15T18:00Z")
    (deadline,) = [s for s in shell.json("report", "--round", "1")["sections"]
                   if s["heading"] == "Deadline"]  # fmt: skip
    assert deadline["items"] == ["Round 1, Cid declares an attack by 2030-01-15 18:00 UTC"]


@pytest.mark.clock("2026-12-01T14:00Z")  # a Tuesday
def test_a_campaign_in_its_time_zone_reads_and_shows_deadlines_on_its_clock(
    shell, spring, monkeypatch
):
    """Issue #27: a deadline is read on the campaign's clock ("Friday 21:00", "2026-12-14
    18:00" in America/New_York, five hours behind UTC in December) and shown on it; the log
    keeps the instant in UTC, and verify replays the zone like any other event."""
    shell.ok(*spring.step("new"), "--time-zone", "america/new_york")
    shell.ok("deadline", "set", "Friday 21:00")
    assert shell.json("status")["deadline"]["at"] == "2026-12-05T02:00:00+00:00"
    said = shell.ok("overdue").stdout
    assert "Deadline: Friday 04 December 2026, 21:00 EST, America/New_York (in 4 days)." in said
    shell.ok("deadline", "set", "2026-12-14 18:00")
    assert shell.json("status")["deadline"]["at"] == "2026-12-14T23:00:00+00:00"
    (line,) = [s for s in shell.json("report", "--round", "1")["sections"]
               if s["heading"] == "Deadline"]  # fmt: skip
    assert line["items"] == ["Round 1, Cid declares an attack by 2026-12-14 18:00 EST, "
                             "America/New_York"]  # fmt: skip
    assert shell.json("verify")["verified"]


@pytest.mark.clock("2026-12-01T14:00Z")
def test_a_time_zone_is_an_iana_name_and_a_campaign_without_one_asks_for_an_offset(shell, spring):
    shell.ok(*spring.step("new"))
    assert "did you mean Europe/London?" in shell.refuses("deadline", "zone", "Europe/Lodnon")
    says = shell.refuses("deadline", "set", "2030-01-15 18:00")
    assert "Say which timezone" in says and "deadline zone Europe/London" in says
    shell.ok("deadline", "zone", "Europe/London")
    shell.ok("deadline", "set", "2030-07-15 18:00")  # British Summer Time: UTC+1
    assert shell.json("status")["deadline"]["at"] == "2030-07-15T17:00:00+00:00"


@pytest.mark.clock("2026-12-01T14:00Z")
def test_a_holiday_from_the_bank_moves_the_deadline_of_his_step_and_is_shown(
    shell, spring, monkeypatch, tmp_path
):
    """Issue #27: `campaign away Cid --days 5` records his holiday for everyone; the deadline of
    the step that waits for him moves on five days in the same append; the bank holds 14 days
    a campaign; another player's holiday moves nothing of Cid's step; verify replays both."""
    shell.ok(*spring.step("new"))  # Cid on turn
    shell.ok("deadline", "set", "2026-12-05T18:00Z")
    said = shell.ok("away", "cid", "--days", "5", "--reason", "a wedding in Lyon").stdout
    assert "Cid is away for 5 days, until Sun 06 Dec 2026 14:00 UTC: a wedding in Lyon" in said
    assert shell.json("status")["deadline"]["at"] == "2026-12-10T18:00:00+00:00"
    assert "9 days of holiday left" in shell.refuses("away", "Cid", "--days", "10")
    shell.ok("away", "Ann", "--days", "3")
    assert shell.json("status")["deadline"]["at"] == "2026-12-10T18:00:00+00:00"
    assert "did you mean Dag?" in shell.refuses("away", "Dagg", "--days", "1")
    assert shell.json("verify")["verified"]
    from starlette.testclient import TestClient

    from campaign.web.hub import hub

    page = TestClient(hub(str(shell.db))).get("/c/Spring%20869").text
    assert "Cid is away until 2026-12-06 14:00 UTC" in page
    assert "Ann is away until 2026-12-04 14:00 UTC" in page


@pytest.mark.clock("2026-12-01T14:00Z")
def test_a_turn_that_arrives_during_a_holiday_waits_for_his_return(
    shell, spring, shell_at, tmp_path
):
    """Issue #46: `away` moved only a step already waiting for the player; a turn that came to
    him during his holiday kept its default days (under `deadline rule auto` he forfeited on
    holiday). A step's clock stands still while a player it waits for is away: the program
    holds its deadline until his return, in the same append as the move that brought the step;
    verify decides the hold again and refuses a forged one."""
    shell.ok(*spring.step("new"))  # Cid declares first
    shell.ok("deadline", "default", "3d")
    shell.ok("away", "Dag", "--days", "5")  # until 6 December, 14:00; Cid's step is not his
    assert shell.json("status")["deadline"]["at"] == "2026-12-04T14:00:00+00:00"
    shell.ok(*spring.step("attack Essex Kent"))
    deadline = shell.json("status")["deadline"]
    assert deadline["step"].startswith("round 1, Dag declares")
    assert deadline["at"] == "2026-12-09T14:00:00+00:00"  # back on the 6th, then his 3 days
    log = shell.json("log")
    assert [e["type"] for e in log[-2:]] == ["AttackDeclared", "DeadlineSet"]
    assert log[-1]["actor"] == "the rules"
    assert "Dag is away until 2026-12-06 14:00 UTC" in log[-1]["data"]["reason"]
    shell.ok(*spring.step("attack Wessex Sussex"))  # Eve's step: she is not away
    assert shell.json("status")["deadline"]["at"] == "2026-12-04T14:00:00+00:00"
    assert shell.json("verify")["verified"]

    rows = export_rows(shell)
    hold = next(r for r in rows if r.get("actor") == "the rules")
    hold["data"]["at"] = "2026-12-19T14:00:00+00:00"  # a longer hold than his holiday gives
    forged = tmp_path / "forged.jsonl"
    forged.write_text(rechain(rows))
    other = shell_at(tmp_path / "player.sqlite")
    refused = other("import", str(forged))
    assert refused.exit_code != 0
    assert f"Event {hold['seq']}: the deadline set is marked as held" in refused.stderr


@pytest.mark.clock("2026-12-01T14:00Z")
def test_quiet_hours_move_a_deadline_that_would_fall_at_night_to_the_morning(
    shell, spring, monkeypatch
):
    """Issue #27: quiet hours (a house rule recorded as an event) on the campaign's clock: a
    deadline set for 03:00 or 23:30 falls at 08:00, a default one likewise; verify replays it."""
    shell.ok(*spring.step("new"), "--time-zone", "Europe/London")
    assert "Quiet hours 22:00-08:00" in shell.ok("deadline", "quiet", "22:00-08:00").stdout
    shell.ok("deadline", "set", "2026-12-14 03:00")
    assert shell.json("status")["deadline"]["at"] == "2026-12-14T08:00:00+00:00"
    shell.ok("deadline", "set", "2026-12-14 23:30")
    assert shell.json("status")["deadline"]["at"] == "2026-12-15T08:00:00+00:00"
    shell.ok("deadline", "set", "2026-12-14 12:00")
    assert shell.json("status")["deadline"]["at"] == "2026-12-14T12:00:00+00:00"
    assert "22:00-08:00 (or none)" in shell.refuses("deadline", "quiet", "9-10")
    assert shell.json("verify")["verified"]


def test_quiet_hours_move_a_default_deadline_too(shell, spring):
    shell.ok(*spring.step("new"))
    shell.ok("deadline", "quiet", "00:00-23:59")  # always quiet but for one minute, UTC
    shell.ok("deadline", "default", "2d")
    due = datetime.fromisoformat(shell.json("status")["deadline"]["at"])
    assert (due.hour, due.minute) == (23, 59)


def test_46_a_rename_keeps_the_holiday_bank_of_the_seat(shell, spring):
    """Issue #46: `rename-player` refilled the bank (the days were counted by name)."""
    shell.ok(*spring.step("new"))
    shell.ok("away", "Eve", "--days", "10")
    shell.ok("rename-player", "Eve", "Evelyn", "--reason", "her name in full")
    assert "4 days of holiday left" in shell.refuses("away", "Evelyn", "--days", "5")
    shell.ok("away", "Evelyn", "--days", "4")
    assert shell.json("verify")["verified"]


def test_46_an_import_holding_more_holiday_than_the_bank_fails_verify(shell, spring, tmp_path):
    """Issue #46: an import with 42 holiday days for one player verified: each holiday was
    checked alone. The bank is checked over the whole log."""

    shell.ok(*spring.step("new"))
    shell.ok("away", "Eve", "--days", "14")
    rows = export_rows(shell)
    (holiday,) = [r for r in rows[1:] if r["topic"].endswith("PlayerAway")]
    for _ in range(2):
        rows.append({**holiday, "seq": rows[-1]["seq"] + 1, "data": dict(holiday["data"])})
    rows[0]["events"] = len(rows) - 1
    forged = tmp_path / "forged.jsonl"
    forged.write_text(rechain(rows))
    said = Shell(tmp_path / "other.sqlite")("import", str(forged))
    assert said.exit_code == 1 and "goes past the bank of 14 days" in said.stderr


def test_47_quiet_hours_on_a_fall_back_night_never_move_a_deadline_earlier():
    """Issue #47: a deadline at 01:15 GMT on the night London's clocks go back (the second
    01:15) fell in quiet hours 01:00-01:30 and was moved to the first 01:30, 45 minutes
    earlier than asked."""
    from datetime import UTC, datetime

    from campaign.domain.deadlines import quiet_end

    at = datetime(2026, 10, 25, 1, 15, tzinfo=UTC)  # 01:15 GMT, after 01:15 BST
    assert quiet_end(at, ("01:00", "01:30"), "Europe/London") == datetime(
        2026, 10, 25, 1, 30, tzinfo=UTC
    )


@pytest.mark.parametrize(
    "zone",
    ["Europe/London", "America/New_York", "Australia/Sydney", "Europe/Berlin", "America/Santiago"],
)
def test_47_quiet_hours_across_every_clock_change_of_a_year(zone):
    """Every quarter hour of the two days around each of the zone's clock changes in 2027, for
    quiet hours over the changing hour and over midnight: the deadline is never moved earlier,
    and when moved it falls at the quiet hours' end on the zone's clock."""
    from datetime import UTC, datetime, time
    from zoneinfo import ZoneInfo

    from campaign.domain.deadlines import quiet_end

    local = ZoneInfo(zone)
    changes, hour = [], datetime(2027, 1, 1, tzinfo=UTC)
    while hour.year == 2027:
        later = hour + timedelta(hours=1)
        if hour.astimezone(local).utcoffset() != later.astimezone(local).utcoffset():
            changes.append(later)
        hour = later
    assert len(changes) == 2
    for change in changes:
        for quiet in (("01:00", "03:30"), ("22:00", "08:00"), ("02:00", "02:30")):
            for step in range(-4 * 24, 4 * 24):
                at = change + timedelta(minutes=15 * step)
                moved = quiet_end(at, quiet, zone)
                assert moved >= at, (zone, quiet, at)
                if moved != at:
                    assert moved.astimezone(local).time() >= time.fromisoformat(quiet[1]), (
                        zone,
                        quiet,
                        at,
                    )
