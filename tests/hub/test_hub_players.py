"""Players act in every kind from their own links (issue #26): each form decided by the same
commands as the command line, through the same service, recorded with the player as actor;
nothing offered that is not his; a refusal the command's sentence, recording nothing."""

from __future__ import annotations

import re
import tomllib

import pytest
from helpers import ROOT
from helpers.shell import Shell

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
from helpers.hub import link, said, send
from starlette.testclient import TestClient  # noqa: E402

from campaign.web.hub import hub  # noqa: E402


def forms(page: str) -> list[str]:
    """The actions a page offers, its turn-notice form aside (on every player's page)."""
    return [f for f in re.findall(r'action="/a/[^/"]+/([a-z-]+)"', page) if f != "contact"]


@pytest.fixture
def eagle_hub(store_url, under_the_eagle):
    shell = Shell(store_url)
    return shell, TestClient(hub(str(store_url))), under_the_eagle


def test_on_2_1_the_winner_upgrades_a_unit_from_his_page(eagle_hub):
    shell, client, script = eagle_hub
    shell.play(script.through("scenario-result"))  # scenario 1: Rome (Marcus) won
    marcus, boudica = link(shell, "Marcus"), link(shell, "Boudica")
    assert forms(client.get(boudica).text) == []  # only the winner upgrades (ON-2.1)
    page = client.get(marcus).text
    assert forms(page) == ["upgrade", "decline"]
    assert "legionaries-1: regular → veteran" in page
    assert '<option value="" disabled selected>' in page  # nothing chosen for him
    answer = send(client, marcus, "upgrade", choice="legionaries-1")
    assert answer.status_code == 200 and said(answer.text).startswith("Recorded:")
    last = shell.json("log")[-1]
    assert (last["type"], last["actor"], last["data"]["unit"]) == (
        "UnitUpgraded",
        "Marcus",
        "legionaries-1",
    )
    assert forms(client.get(marcus).text) == []
    assert shell.json("verify")["verified"]


BOOK = tomllib.loads((ROOT / "campaign/kinds/onus/onus-under-the-eagle.toml").read_text())


def history(page: str) -> list[str]:
    """The lines of a player's page under "Your campaign so far", as shown."""
    found = re.search(r"Your campaign so far</h2>\s*<ol[^>]*>(.*?)</ol>", page, re.S)
    return [] if found is None else re.findall(r"<li>(.*?)</li>", found.group(1))


def test_on_1_3_a_players_page_tells_each_scenario_played_and_its_upgrade(eagle_hub):
    """Issue #26: a player's page told where he stands now, never what came before. Each
    scenario played is told as his side saw it, with the unit the winner upgraded (ON-2.1)."""
    shell, client, script = eagle_hub
    shell.play(script.through("upgrade celtic-spearmen-1"))  # scenarios 1 and 2 played
    log = shell.json("log")
    upgraded = [
        (e["data"]["unit"], e["data"]["status"]) for e in log if e["type"] == "UnitUpgraded"
    ]
    titles = [s["title"] for s in BOOK["scenario"]]  # the book's data, as the rules give it
    marcus, boudica = link(shell, "Marcus"), link(shell, "Boudica")
    assert history(client.get(marcus).text) == [
        f"Scenario 1, {titles[0]}: you won; you upgraded {upgraded[0][0]} to {upgraded[0][1]}.",
        f"Scenario 2, {titles[1]}: the enemies of Rome won; the enemies of Rome upgraded "
        f"{upgraded[1][0]} to "
        f"{upgraded[1][1]}.",
    ]
    assert history(client.get(boudica).text)[0].startswith(f"Scenario 1, {titles[0]}: Rome won")


def test_on_2_1_the_winner_declines_the_upgrade_and_must_choose_a_unit_to_upgrade(eagle_hub):
    shell, client, script = eagle_hub
    shell.play(script.through("scenario-result"))
    marcus = link(shell, "Marcus")
    before = shell.json("log")
    refused = send(client, marcus, "upgrade", choice="")
    assert refused.status_code == 400 and "ON-2.1" in said(refused.text)
    theirs = send(client, marcus, "upgrade", choice="germanic-spearmen-1")  # not his (ON-2.1)
    assert theirs.status_code == 400 and "ON-2.1" in said(theirs.text)
    assert shell.json("log") == before
    answer = send(client, marcus, "decline")
    assert answer.status_code == 200
    assert (shell.json("log")[-1]["type"], shell.json("log")[-1]["actor"]) == (
        "UpgradeDeclined",
        "Marcus",
    )


def test_on_3_2_a_free_choice_army_is_mustered_from_its_players_page(eagle_hub):
    shell, client, script = eagle_hub
    shell.play(script.through("upgrade legionaries-1", 2))  # scenario 4 next: the Medway
    boudica, marcus = link(shell, "Boudica"), link(shell, "Marcus")
    assert "muster" not in forms(client.get(marcus).text)  # Rome's army is the scenario's own
    page = client.get(boudica).text
    assert forms(page) == ["muster"] and 'inputmode="numeric"' in page
    over = send(client, boudica, "muster", **{"Celtic Spearmen": "40"})
    assert over.status_code == 400 and "ON-3.2" in said(over.text)
    counts = {
        "Celtic Spearmen": "6",
        "Celtic Swordsmen": "4",
        "Britannia's Noblemen": "2",
        "Armed Peasants": "2",
    }
    answer = send(client, boudica, "muster", **counts)
    assert answer.status_code == 200, said(answer.text)
    last = shell.json("log")[-1]
    assert (last["type"], last["actor"]) == ("ArmyMustered", "Boudica")
    assert last["data"]["units"] == {unit: int(n) for unit, n in counts.items()}
    assert forms(client.get(boudica).text) == []


@pytest.fixture
def wall_hub(store_url):
    from helpers.shell import Script

    shell = Shell(store_url)
    return shell, TestClient(hub(str(store_url))), Script("hadrians-wall")


def test_hw_2_3_the_romans_player_moves_fights_and_advances_from_his_page(wall_hub):
    shell, client, script = wall_hub
    shell.play(script.through("advance --to movement"))  # turn 1, the Romans' movement
    ann, bob = link(shell, "Ann"), link(shell, "Bob")
    assert forms(client.get(bob).text) == []  # the Picts' player waits for his nation's turn
    page = client.get(ann).text
    assert forms(page) == ["move", "advance"] and "HW-6.4" in page
    moved = send(client, ann, "move", choice="R1:english-channel,kent R2:english-channel,sussex")
    assert moved.status_code == 200, said(moved.text)
    log = shell.json("log")
    assert [(e["type"], e["actor"]) for e in log[-2:]] == [("CounterMoved", "Ann")] * 2
    advanced = send(client, ann, "advance")
    assert advanced.status_code == 200 and shell.json("log")[-1]["type"] == "ClockAdvanced"
    page = client.get(ann).text
    assert forms(page) == ["battle", "advance"] and '<option value="kent">' in page
    fought = send(client, ann, "battle", choice="kent", lost="BE4")
    assert fought.status_code == 200, said(fought.text)
    last = shell.json("log")[-1]
    assert (last["type"], last["actor"], last["data"]["lost"]) == ("BattleReported", "Ann", ["BE4"])
    # #26: the Belgae's player, Bob, confirms the battle the Romans' player reported
    assert "confirm" not in forms(client.get(ann).text)
    own = send(client, ann, "confirm", choice="kent")
    assert own.status_code == 400 and "(HW-2.3)" in said(own.text)
    cid = link(shell, "Cid")  # the Brigantes' player, not in Kent
    assert send(client, cid, "confirm", choice="kent").status_code == 400
    page = client.get(bob).text
    assert forms(page) == ["confirm"] and "Ann reports the battle in Kent: lost BE4" in page
    from campaign.service.unit_of_work import Campaigns

    loaded = Campaigns(str(shell.db)).load("Hadrian's Wall")
    assert loaded.kind.awaited(loaded.state) == ("Ann", "Bob")  # Bob's notice is due too
    confirmed = send(client, bob, "confirm", choice="kent")
    assert confirmed.status_code == 200, said(confirmed.text)
    last = shell.json("log")[-1]
    assert (last["type"], last["actor"], last["data"]["lost"]) == ("BattleResolved", "Bob", ["BE4"])
    assert forms(client.get(bob).text) == []
    assert shell.json("verify")["verified"]


def test_hw_a_players_refused_move_is_the_commands_sentence_and_records_nothing(wall_hub):
    shell, client, script = wall_hub
    shell.play(script.through("advance --to movement"))
    ann = link(shell, "Ann")
    before = shell.json("log")
    for typed, says in (
        ("R1 kent", "COUNTER:FROM,TO"),
        ("R1:english-channel,lothian", "HW-"),
        ("BR4:bernicia,lothian", "HW-"),  # the Brigantes' counter, in the Romans' turn
    ):
        answer = send(client, ann, "move", choice=typed)
        assert answer.status_code == 400 and says in said(answer.text), (typed, said(answer.text))
    assert shell.json("log") == before


def test_tb_3_4_each_side_says_done_from_its_players_page(store_url):
    shell = Shell(store_url)
    shell.ok("new", "Punic", "--rules", "thunderbolt", "--rome", "Fabius", "--carthage", "Hanno")
    client = TestClient(hub(str(store_url)))
    fabius, hanno = link(shell, "Fabius"), link(shell, "Hanno")
    page = client.get(fabius).text
    assert forms(page) == ["done"] and "A2: Return/Replace Leaders" in page
    assert send(client, fabius, "done", choice="A2").status_code == 200
    last = shell.json("log")[-1]
    assert (last["type"], last["actor"], last["data"]["side"]) == ("StepFinished", "Fabius", "rome")
    assert "A2: Return/Replace Leaders" not in client.get(fabius).text
    assert "A2: Return/Replace Leaders" in client.get(hanno).text  # still waits for Carthage
    before = shell.json("log")
    again = send(client, hanno, "done", choice="B1a")  # not a step in hand (TB-3.4)
    assert again.status_code == 400 and "TB-3" in said(again.text)
    assert shell.json("log") == before
    assert send(client, hanno, "done", choice="A2").status_code == 200
    assert shell.json("log")[-1]["actor"] == "Hanno"
    assert shell.json("verify")["verified"]


def test_an_onus_campaign_page_before_scenario_1_shows_its_set_up(eagle_hub):
    """Issue #26: the page answered 400 ("No scenario has finished yet") until scenario 1 had
    a result; it shows the first scenario's set-up (ON-3.3) as the briefing gives it."""
    shell, client, script = eagle_hub
    shell.ok(*script.step("new"))
    page = client.get("/c/Under%20the%20Eagle")
    assert page.status_code == 200
    assert "Next: scenario 1, Blood on the banks of the Rhine" in page.text
    assert "Result facts: vitellius_survived=yes|no" in page.text


def test_bc_6_2_a_disputed_result_shows_both_claims_and_the_arbiter_settles_it(store_url, spring):
    """Issue #26: a second report with other figures silently replaced the first. Now the
    battle is disputed: both claims on the campaign page and on the arbiter's page, who
    settles it with one side's figures and his reason, recorded as a ruling and the result."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    shell.play(spring.between("new", "attack Hwicce West Anglia"))  # Cid attacked Dag at Kent
    client = TestClient(hub(str(store_url)))
    cid, dag = link(shell, "Cid"), link(shell, "Dag")
    ulf = "/a/" + re.search(
        r"/a/(\S+)", shell.ok("invite", "Ulf", "--role", "arbiter").stdout
    ).group(1)
    assert "settle" not in forms(client.get(ulf).text)
    send(client, cid, "report", choice="Kent", attacker="20", defender="45")
    send(client, dag, "report", choice="Kent", attacker="45", defender="20")
    page = client.get("/c/Spring%20869").text
    assert "Disputed results (BC-6.2)" in page
    assert "Cid reports Cid 20%, Dag 45%; Dag reports Cid 45%, Dag 20%" in page
    assert "disputed until you confirm" in client.get(cid).text
    assert shell.json("status")["attacks"][0]["result"] is None
    arbiter = client.get(ulf).text
    assert forms(arbiter)[0] == "settle" and '<option value="Kent|Dag">' in arbiter
    before = shell.json("log")
    unreasoned = send(client, ulf, "settle", choice="Kent|Dag", reason=" ")
    assert unreasoned.status_code == 400 and shell.json("log") == before
    settled = send(client, ulf, "settle", choice="Kent|Dag", reason="Dag's photo of the table")
    assert settled.status_code == 200, said(settled.text)
    ruling, result = shell.json("log")[len(before) : len(before) + 2]
    assert (ruling["type"], ruling["actor"]) == ("NoteRecorded", "Ulf")
    assert "Dag's figures stand" in ruling["data"]["text"]
    assert (result["type"], result["actor"]) == ("BattleFought", "Ulf")
    battle = shell.json("status")["attacks"][0]["result"]
    assert battle["winner"] == "Dag"
    assert "Disputed results" not in client.get("/c/Spring%20869").text
    assert shell.json("verify")["verified"]


def test_bc_7_a_players_page_tells_his_battles_of_the_rounds_before_and_what_they_won(
    store_url, spring
):
    """Issue #26: a player's page told this round's battles only. It now tells his campaign so
    far: each battle of the rounds before, attacking or attacked, with both sides' figures, who
    won and the regions won (BC-6, BC-7), and an attack he forfeited (BC-4.3)."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    shell.play(spring.between("new", "attack Deira Lindsey"))  # round 1 fought, round 2 begun
    gains, fought = {}, None
    for e in shell.json("log"):
        if e["type"] == "BattleFought":
            fought = e["data"]["region"]
        elif e["type"] == "RegionTransferred" and fought is not None:
            gains.setdefault(fought, []).append(e["data"]["region"])
    client = TestClient(hub(str(store_url)))
    assert history(client.get(link(shell, "Dag")).text) == [
        f"Round 1: Cid attacked your Kent from Essex: Cid won (you 45%, Cid 20%), gaining "
        f"{' and '.join(gains['Kent'])}.",
        f"Round 1: you attacked Sussex (Eve) from Wessex: you won (you 10%, Eve 80%), gaining "
        f"{' and '.join(gains['Sussex'])}.",
    ]
    forfeit = next(e["data"] for e in shell.json("log") if e["type"] == "AttackForfeited")
    assert history(client.get(link(shell, forfeit["player"])).text) == [
        f"Round 1: you forfeited your attack ({forfeit['reason']})."
    ]
    assert history(client.get(link(shell, "Ann")).text) != []  # Ann is the one who forfeited
    page = client.get(link(shell, "Dag")).text  # and the campaign's whole story a click away
    assert 'href="/history/Spring%20869"' in page
    assert "Cid" in client.get("/history/Spring%20869").text


def test_bc_6_2_where_both_routed_the_report_says_who_won_and_the_confirmation_keeps_it(
    store_url, spring
):
    """Issue #26: where both sides reached a rout (60% each, BC-6.1) the web form could not say
    who routed first, so the organiser had to step in. The report says who won; a report that
    does not is refused with BC-6.2's sentence; the opponent confirms that result."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    shell.play(spring.between("new", "attack Hwicce West Anglia"))  # Cid attacked Dag at Kent
    client = TestClient(hub(str(store_url)))
    cid, dag = link(shell, "Cid"), link(shell, "Dag")
    assert 'name="winner"' in client.get(cid).text
    before = shell.json("log")
    silent = send(client, cid, "report", choice="Kent", attacker="60", defender="60")
    assert silent.status_code == 400 and "BC-6.2" in said(silent.text)
    assert shell.json("log") == before
    told = send(client, cid, "report", choice="Kent", attacker="60", defender="60", winner="Dag")
    assert "both routed, Dag won" in said(told.text)
    page = client.get(dag).text
    assert "Cid 60%, Dag 60%, both routed, Dag won: confirm" in page
    form = re.search(r'action="/a/[^/"]+/confirm">(.*?)</form>', page, re.S).group(1)
    fields = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form))
    answer = client.post(f"{dag}/confirm", data=fields)
    assert answer.status_code == 200, said(answer.text)
    assert shell.json("status")["attacks"][0]["result"]["winner"] == "Dag"
    assert shell.json("verify")["verified"]


@pytest.mark.clock("2026-12-11T18:00Z")
def test_a_players_page_says_where_he_stands_and_by_when(store_url, spring, monkeypatch):
    """Issue #26: a defender is told he is attacked, an eliminated player that he is out and by
    whom (BC-7.3), and each player sees the deadline of the step in hand and how far off it is."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    shell.ok("deadline", "set", "2026-12-14T18:00Z")
    shell.ok(*spring.step("attack Essex Kent"))
    client = TestClient(hub(str(store_url)))
    dag, eve = link(shell, "Dag"), link(shell, "Eve")
    page = client.get(dag).text
    assert "Round 1: Cid attacks your Kent from Essex." in page
    assert "You hold 4 regions: Bernicia, Kent, South Anglia, Wessex." in page
    shell.play(spring.between("attack Essex Kent", "result Dumnonia 65 30"))  # Eve is out
    assert "You are out of the campaign (round 1, by Bob) (BC-7.3)." in client.get(eve).text
    shell.ok("deadline", "set", "2026-12-14T18:00Z")
    assert "Monday 14 December 2026, 18:00 UTC (in 3 days)" in client.get(dag).text


@pytest.mark.dated
def test_a_player_leaves_his_own_contact_for_his_turn_notices(store_url, spring, discord):
    """Issue #27: a player sets from his page how he is told it is his turn; `notify` pings him."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    client = TestClient(hub(str(store_url)))
    cid = link(shell, "Cid")
    bad = send(client, cid, "contact", discord="12", email="")
    assert bad.status_code == 400 and "17 to 20 digits" in said(bad.text)
    saved = send(client, cid, "contact", discord="333333333333333333", email="")
    assert saved.status_code == 200 and "Saved: you are told of your turns by discord" in said(
        saved.text
    )
    shell.ok("notify", "--webhook", discord.url, "--keep")
    assert "<@333333333333333333>" in discord.contents()[0]


@pytest.mark.clock("2026-12-01T12:00Z")
def test_deadlines_as_an_icalendar_feed_for_the_campaign_and_for_the_player_on_turn(
    store_url, spring
):
    """Issue #27: `/c/NAME/deadlines.ics` holds the deadline standing, and
    `/a/SECRET/deadlines.ics` the player's own while it is his turn; both parse back (RFC 5545:
    VERSION, PRODID, each event's UID, DTSTAMP, DTSTART before DTEND, in UTC)."""
    from datetime import UTC, datetime

    from icalendar import Calendar

    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    shell.ok("deadline", "set", "2026-12-14T18:00Z", "--reason", "a week a declaration")
    client = TestClient(hub(str(store_url)))
    cid, dag = link(shell, "Cid"), link(shell, "Dag")
    answer = client.get("/c/Spring%20869/deadlines.ics")
    assert answer.headers["content-type"].startswith("text/calendar")
    calendar = Calendar.from_ical(answer.content)
    assert str(calendar["VERSION"]) == "2.0" and "campaign" in str(calendar["PRODID"])
    (event,) = calendar.walk("VEVENT")
    assert event.decoded("DTEND") == datetime(2026, 12, 14, 18, 0, tzinfo=UTC)
    assert event.decoded("DTSTART") < event.decoded("DTEND")
    assert {"UID", "DTSTAMP", "SUMMARY"} <= set(event) and "Cid declares" in str(event["SUMMARY"])
    assert "a week a declaration" in str(event["DESCRIPTION"])
    assert len(Calendar.from_ical(client.get(f"{cid}/deadlines.ics").content).walk("VEVENT")) == 1
    assert Calendar.from_ical(client.get(f"{dag}/deadlines.ics").content).walk("VEVENT") == []
    again = Calendar.from_ical(client.get("/c/Spring%20869/deadlines.ics").content)
    assert [str(e["UID"]) for e in again.walk("VEVENT")] == [str(event["UID"])]  # the same UID
    assert client.get("/a/no-such-link/deadlines.ics").status_code == 403


@pytest.mark.clock("2026-12-01T12:00Z")
def test_46_a_deadline_feed_is_read_from_what_is_kept_not_the_log(store_url, spring, monkeypatch):
    """Issue #46: a calendar polls its feed every few minutes, and each poll folded the whole
    log (329-489 ms at 20,000 events against 63 ms for the kept page). The feeds read the
    campaign's view and state kept beside the log: with reading the log made to fail, both feeds
    still hold the deadline and its reason; a feed where nothing is kept folds the log."""
    from icalendar import Calendar

    from campaign.store.logs import Logs

    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    shell.ok("deadline", "set", "2026-12-14T18:00Z", "--reason", "a week a declaration")
    client = TestClient(hub(str(store_url)))
    cid = link(shell, "Cid")
    folded = Calendar.from_ical(client.get("/c/Spring%20869/deadlines.ics").content)

    def whole(*args, **kwargs):
        raise AssertionError("the whole log was read")

    monkeypatch.setattr(Logs, "read", whole)
    kept = Calendar.from_ical(client.get("/c/Spring%20869/deadlines.ics").content)
    (event,) = kept.walk("VEVENT")
    assert "a week a declaration" in str(event["DESCRIPTION"]) and "Cid declares" in str(
        event["SUMMARY"]
    )
    assert [str(e["UID"]) for e in folded.walk("VEVENT")] == [str(event["UID"])]
    mine = Calendar.from_ical(client.get(f"{cid}/deadlines.ics").content)
    assert [str(e["SUMMARY"]) for e in mine.walk("VEVENT")] == [
        "Spring 869: your turn — round 1, Cid declares an attack."
    ]


@pytest.mark.clock("2026-12-01T12:00Z")
def test_46_a_feed_drops_a_finished_step_and_keeps_one_uid_per_step(store_url, spring):
    """Issue #46: the feed kept finished steps' deadlines as future events with alarms, and
    under a default deadline the UID changed with every event (a calendar duplicated it). Now
    it holds the standing deadline alone, one UID for its step however it moves, with the
    campaign's page."""
    from icalendar import Calendar

    shell = Shell(store_url)
    shell.ok(*spring.step("new"), "--deadlines", "3d")
    client = TestClient(hub(str(store_url)))

    def events() -> list:
        return Calendar.from_ical(client.get("/c/Spring%20869/deadlines.ics").content).walk(
            "VEVENT"
        )

    (default,) = events()
    shell.ok("note", "a note moves nothing")
    shell.ok("deadline", "set", "2026-12-10T18:00Z", "--reason", "a longer week")
    (extended,) = events()
    assert str(extended["UID"]) == str(default["UID"]) and "Cid declares" in str(default["SUMMARY"])
    assert str(extended["URL"]) == "http://testserver/c/Spring%20869"
    shell.ok(*spring.step("attack Essex Kent"))  # Cid's step is done: Dag's has the default
    (dags,) = events()
    assert str(dags["UID"]) != str(default["UID"]) and "Dag declares" in str(dags["SUMMARY"])


def test_the_organiser_enters_a_players_step_for_him_from_his_page(store_url, spring):
    """Issue #26: the organiser's page carries the forms of the step in hand for each player it
    waits for, besides his console; what he enters is decided as the player's own form is, and
    recorded with him as its actor."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    client = TestClient(hub(str(store_url)))
    olga = "/a/" + re.search(
        r"/a/(\S+)", shell.ok("invite", "Olga", "--role", "organiser").stdout
    ).group(1)
    page = client.get(olga).text
    assert "For Cid: Declare your attack for round 1" in page
    fields = dict(re.findall(r'type="hidden" name="(for)" value="([^"]*)"', page))
    answer = send(client, olga, "attack", choice="Essex|Kent", **fields)
    assert answer.status_code == 200, said(answer.text)
    last = shell.json("log")[-1]
    assert (last["type"], last["actor"], last["data"]["attacker"]) == (
        "AttackDeclared",
        "Olga",
        "Cid",
    )
    wrong = send(client, olga, "attack", choice="Wessex|Sussex", **{"for": "Dagg"})
    assert wrong.status_code == 400 and "did you mean Dag?" in said(wrong.text)


def test_bc_6_2_the_arbiter_confirms_a_report_still_awaiting_its_confirmation(store_url, spring):
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    shell.play(spring.between("new", "attack Hwicce West Anglia"))
    client = TestClient(hub(str(store_url)))
    cid = link(shell, "Cid")
    ulf = "/a/" + re.search(
        r"/a/(\S+)", shell.ok("invite", "Ulf", "--role", "arbiter").stdout
    ).group(1)
    send(client, cid, "report", choice="Kent", attacker="20", defender="45")
    page = client.get(ulf).text
    assert "The battle for Kent awaits its confirmation (BC-6.2)" in page
    settled = send(client, ulf, "settle", choice="Kent|Cid", reason="Dag is away; photo seen")
    assert settled.status_code == 200, said(settled.text)
    assert shell.json("status")["attacks"][0]["result"]["winner"] == "Cid"


@pytest.mark.clock("2026-12-01T14:22:37.5Z")
def test_the_campaign_page_says_the_deadline_as_people_read_it(store_url, spring, monkeypatch):
    """Issue #29: the campaign's page showed the deadline as a raw instant (with microseconds
    where it was given as --in); it says the day, the time and how far off."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    shell.ok("deadline", "set", "--in", "3d")
    page = TestClient(hub(str(store_url))).get("/c/Spring%20869").text
    assert "Friday 04 December 2026, 14:22 UTC (in 3 days)" in page and "+00:00" not in page


def test_hw_a_phase_the_organiser_enters_says_so_on_the_players_page(wall_hub):
    """Issue #26: where a step belongs to the organiser alone, the page says so and who."""
    shell, client, script = wall_hub
    shell.ok(*script.step("new"))  # turn 1, the Romans' population phase
    page = client.get(link(shell, "Ann")).text
    assert "the organiser places and removes your counters (place, remove)" in page
    assert forms(page) == ["advance"]


@pytest.mark.clock("2026-12-01T14:00Z")
def test_the_hub_says_a_deadline_on_the_campaigns_clock(store_url, spring, monkeypatch):
    """Issue #27: a campaign in Europe/Berlin shows its deadline in Central European Time on its
    page and on a player's."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"), "--time-zone", "Europe/Berlin")
    shell.ok("deadline", "set", "2026-12-14 18:00")
    client = TestClient(hub(str(store_url)))
    shown = "Monday 14 December 2026, 18:00 CET, Europe/Berlin (in 13 days)"
    assert shown in client.get("/c/Spring%20869").text
    assert shown in client.get(link(shell, "Cid")).text


def test_a_players_page_lists_what_happened_since_he_was_last_here(store_url, spring):
    """Issue #27: his page lists what was recorded since he last opened it, the newest first;
    the first time, nothing. Issue #50: it stays, reload after reload, until he says he has seen
    it (or acts)."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    client = TestClient(hub(str(store_url)))
    dag = link(shell, "Dag")
    assert "Since you were last here" not in client.get(dag).text
    shell.ok(*spring.step("attack Essex Kent"))
    shell.ok("note", "Kent is fought on Saturday")
    page = client.get(dag).text
    since = page.split("Since you were last here")[1].split("</ul>")[0]
    assert since.index("Kent is fought on Saturday") < since.index("Cid attacks Kent (Dag)")
    again = client.get(dag).text
    assert "Kent is fought on Saturday" in again.split("Since you were last here")[1]
    seen = re.search(r'name="seen" value="(\d+)"', again).group(1)
    client.get(f"{dag}?seen={seen}")
    assert "Since you were last here" not in client.get(dag).text


def test_bc_a_players_page_shows_the_map_with_his_own_regions_marked(store_url, spring):
    """Issue #26: his page carries the map, his holdings outlined (`data-mine`), and nobody
    else's."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    page = TestClient(hub(str(store_url))).get(link(shell, "Dag")).text
    marked = set(re.findall(r'data-region="([^"]+)" data-owner="([^"]*)" data-changed="\w+" '
                            r'data-mine="yes"', page))  # fmt: skip
    held = shell.json("status")["control"]
    assert {region for region, _ in marked} == {r for r, owner in held.items() if owner == "Dag"}
    assert {owner for _, owner in marked} == {"Dag"}


def test_tb_12_1_carthages_player_rolls_for_the_family_in_power_from_his_page(store_url):
    """Issue #26: in B2a Carthage's player rolls for the Family in Power himself, the program's
    committed die (TB-16.2) read on the set-up's chart (TB-12.1), recorded as his; Rome's player
    is offered no such roll; the form goes once rolled (once a Game Turn)."""
    shell = Shell(store_url)
    shell.ok("new", "Punic", "--rules", "thunderbolt", "--rome", "Fabius", "--carthage", "Hanno")
    shell.ok("done", "A2", "--side", "rome")
    shell.ok("done", "A2", "--side", "carthage")
    client = TestClient(hub(str(store_url)))
    hanno, fabius = link(shell, "Hanno"), link(shell, "Fabius")
    assert "family" not in forms(client.get(fabius).text)
    assert "B2a: roll for the Family in Power (TB-12.1)" in client.get(hanno).text
    rolled = send(client, hanno, "family", drm="", outcome="")
    assert rolled.status_code == 200 and "Family in Power: die" in said(rolled.text)
    last = shell.json("log")[-1]
    assert (last["type"], last["actor"], last["data"]["what"]) == (
        "PoliticsRolled",
        "Hanno",
        "family",
    )
    assert "family" not in forms(client.get(hanno).text)
    assert shell.json("verify")["verified"]


def test_bc_5_each_attack_on_the_players_page_shows_both_armies(store_url, spring):
    """Issue #26: the attack form listed regions only; each choice now shows the armies and
    allies both sides would bring (BC-5), as `campaign options` does."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    page = TestClient(hub(str(store_url))).get(link(shell, "Cid")).text
    (kent,) = re.findall(r'<option value="Essex\|Kent">([^<]*)</option>', page)
    offered = shell.json("options")
    row = next(r for r in offered if (r["from"], r["to"]) == ("Essex", "Kent"))
    main, ally = row["attacker_army"]["main"], row["attacker_army"]["ally"]
    assert kent.startswith("from Essex on Kent (Dag): ") and main in kent and (ally or "") in kent
    assert " v " in kent


def test_tb_7_romes_player_prorogues_and_releases_his_magistrates_from_his_page(store_url):
    """Issue #26: in B1a Rome's player keeps a magistrate in office (TB-7.2, TB-6.4) or releases
    them (TB-7.5) himself, decided as prorogue and release decide it; Carthage's is offered
    neither."""
    shell = Shell(store_url)
    shell.ok("new", "Punic", "--rules", "thunderbolt", "--rome", "Fabius", "--carthage", "Hanno")
    shell.ok("done", "A2", "--side", "rome")
    shell.ok("done", "A2", "--side", "carthage")
    client = TestClient(hub(str(store_url)))
    fabius, hanno = link(shell, "Fabius"), link(shell, "Hanno")
    assert {"release", "prorogue"} & set(forms(client.get(hanno).text)) == set()
    assert forms(client.get(fabius).text)[:2] == ["release", "prorogue"]
    kept = send(client, fabius, "prorogue", choice="Pulcher", province="Campania")
    assert kept.status_code == 200, said(kept.text)
    released = send(client, fabius, "release", choice="--all")
    assert released.status_code == 200 and "released from office (TB-7.5)" in said(released.text)
    assert {e["actor"] for e in shell.json("log")[-6:]} == {"Fabius"}
    assert forms(client.get(fabius).text) == ["done"]
    assert shell.json("verify")["verified"]


def test_tb_7_7_and_8_romes_player_rolls_for_pluto_and_elects_from_his_page(store_url):
    """Issue #26: under committed dice Rome's player makes B1b's Leader Loss rolls (TB-7.7) and
    B1c's elections (TB-8) himself, the program drawing as `pluto` and `elect --all` do."""
    shell = Shell(store_url)
    shell.ok("new", "Punic", "--rules", "thunderbolt", "--rome", "Fabius", "--carthage", "Hanno")
    shell.ok("done", "A2", "--side", "rome")
    shell.ok("done", "A2", "--side", "carthage")
    client = TestClient(hub(str(store_url)))
    fabius = link(shell, "Fabius")
    assert send(client, fabius, "release", choice="--all").status_code == 200
    assert send(client, fabius, "done", choice="B1a").status_code == 200
    rolled = send(client, fabius, "pluto", drm="")
    assert rolled.status_code == 200, said(rolled.text)
    assert send(client, fabius, "done", choice="B1b").status_code == 200
    elected = send(client, fabius, "elect")
    assert elected.status_code == 200, said(elected.text)
    assert "elect" not in forms(client.get(fabius).text)
    assert {e["actor"] for e in shell.json("log")[-3:]} <= {"Fabius", "the rules"}
    assert shell.json("verify")["verified"]


def test_tb_13_2_carthages_player_draws_a_commander_for_a_leaderless_army(store_url, tmp_path):
    """Issue #26: in B2d Carthage's player draws a commander for an Army without one, blind from
    the pool by the program's committed draws (TB-13.2), as `appoint` does."""
    from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2

    (tmp_path / "setup.toml").write_text(EXAMPLE)  # Hispania's Army has no commander
    shell = Shell(store_url)
    shell.ok(*NEW, "--setup", str(tmp_path / "setup.toml"))
    into_b2(shell)
    for step in ("family", "done B2a", "climate", "done B2b", "done B2c"):
        shell.ok(*step.split())
    client = TestClient(hub(str(store_url)))
    hanno = link(shell, "Hanno")
    assert "<strong>Army hispania</strong>" in client.get(hanno).text  # the one Army due
    drawn = send(client, hanno, "appoint", choice="hispania")
    assert drawn.status_code == 200, said(drawn.text)
    armies = {a["id"]: a for a in shell.json("status")["armies"]}
    assert armies["hispania"]["commander"] and shell.json("log")[-1]["actor"] == "Hanno"
    assert "appoint" not in forms(client.get(hanno).text)
    assert shell.json("verify")["verified"]


def test_tb_16_4_with_dice_from_the_table_each_side_enters_its_own_rolls_and_draws(
    store_url, tmp_path
):
    """Issue #26: with dice from the table (TB-16.4) the organiser entered every face and every
    leader drawn for B1b, B1c and B2d. Now the side that rolled enters them from its page, with
    their evidence, one leader or one office at a time, as `pluto --face`, `elect --leader` and
    `appoint --leader` decide them; a face the page leaves out is refused, nothing recorded."""
    from helpers.thunderbolt.start import at_b1a

    shell = Shell(store_url)
    at_b1a(shell, "--dice", "external")
    shell.ok("prorogue", "Marcellus", "--theater", "Sicily")
    shell.ok("prorogue", "Nero", "--as", "Praetor")
    shell.ok("release", "--all")
    shell.ok("done", "B1a")
    client = TestClient(hub(str(store_url)))
    fabius, hanno = link(shell, "Fabius"), link(shell, "Hanno")
    page = client.get(fabius).text
    assert 'name="face"' in page and 'name="evidence"' in page
    assert "pluto" not in forms(client.get(hanno).text)
    before = shell.json("log")
    faceless = send(client, fabius, "pluto", choice="Torquatus", face="", evidence="")
    assert faceless.status_code == 400 and shell.json("log") == before
    for leader in ("Torquatus", "Marcellus", "Nero"):
        rolled = send(client, fabius, "pluto", choice=leader, face="1", evidence="table photo")
        assert rolled.status_code == 200, said(rolled.text)
    assert "pluto" not in forms(client.get(fabius).text)
    assert send(client, fabius, "done", choice="B1b").status_code == 200
    assert "B1c: a Consul" in client.get(fabius).text
    elected = send(client, fabius, "elect", leader="415", evidence="drawn on stream")
    assert elected.status_code == 200, said(elected.text)
    last = shell.json("log")[-1]
    assert (last["type"], last["actor"], last["data"]["leader"]) == (
        "MagistrateElected",
        "Fabius",
        "albinus",
    )
    assert [e["actor"] for e in shell.json("log")[len(before) :]] == ["Fabius"] * 5
    assert shell.json("verify")["verified"]


def test_tb_3_4_a_step_whose_entries_are_the_organisers_says_so_on_each_sides_page(store_url):
    """Issue #26: in D (Operations) both sides decide, but their moves, battles and sieges are
    entered by the organiser: each side's page says so and offers only its "done" (TB-3.4)."""
    from helpers.thunderbolt.senate import to_operations

    shell = Shell(store_url)
    to_operations(shell)
    client = TestClient(hub(str(store_url)))
    line = "D (Operations): your side&#39;s decisions in it are entered by the organiser"
    for player in ("Fabius", "Hanno"):
        page = client.get(link(shell, player)).text
        assert line in page and forms(page) == ["done"]
    shell.ok("done", "D", "--side", "carthage")
    assert "your side&#39;s decisions" not in client.get(link(shell, "Hanno")).text


def test_tb_21_1_carthages_player_raises_a_new_army_or_reinforcements_from_his_page(store_url):
    """Issue #26, TB-21: in B3b Carthage's player raises a new Army below the limit, its
    commander drawn at the table, or reinforcements, never both (TB-21.2): once the Army is
    raised, neither form is offered again."""
    from helpers.thunderbolt.start import NEW, into_b2, through_b_at_the_table

    shell = Shell(store_url)
    shell.ok(*NEW, "--dice", "external")
    into_b2(shell)
    through_b_at_the_table(shell)
    client = TestClient(hub(str(store_url)))
    hanno = link(shell, "Hanno")
    assert forms(client.get(hanno).text) == ["raise-army", "reinforce", "done"]
    assert "raise-army" not in forms(client.get(link(shell, "Fabius")).text)
    fields = dict(name="iberia", sp="25", leader="Bomilcar", evidence="photo")
    raised = send(client, hanno, "raise-army", **fields)
    assert raised.status_code == 200, said(raised.text)
    new = next(a for a in shell.json("status")["armies"] if a["id"] == "iberia")
    assert (new["sp"], new["aer"], new["commander"]) == (25, -3, "bomilcar")
    assert [e["actor"] for e in shell.json("log")[-2:]] == ["Hanno", "Hanno"]
    assert forms(client.get(hanno).text) == ["subordinate", "done"]  # 25 SP: TB-28.4
    drawn = send(client, hanno, "subordinate", choice="iberia", leader="Himilco", evidence="cup")
    assert drawn.status_code == 200, said(drawn.text)
    assert shell.json("log")[-1]["data"]["leader"] == "himilco"
    assert forms(client.get(hanno).text) == ["done"]
    assert shell.json("verify")["verified"]


def test_tb_11_4_romes_player_records_his_ns_levels_and_makes_his_legion_request(
    store_url, tmp_path
):
    """Issue #26: B3a's NS levels built and B3b's Legion Request (TB-11.4 to TB-11.7) are Rome's
    decisions; its player makes them from his page, the die from the table with its evidence,
    decided as `naval --built` and `legion-request` decide them; a province outside Roman
    Italy is refused with TB-11.6's sentence and records nothing; one request a Game Turn."""
    from helpers.thunderbolt.legions import NO_CHART
    from helpers.thunderbolt.start import NEW, into_b2, through_b_at_the_table

    (tmp_path / "setup.toml").write_text(NO_CHART)
    shell = Shell(store_url)
    shell.ok(*NEW, "--dice", "external", "--setup", str(tmp_path / "setup.toml"))
    into_b2(shell)
    through_b_at_the_table(shell, record_b3a=False)
    client = TestClient(hub(str(store_url)))
    fabius, hanno = link(shell, "Fabius"), link(shell, "Hanno")
    assert {"naval", "legion-request"} & set(forms(client.get(hanno).text)) == set()
    assert forms(client.get(fabius).text) == ["naval", "done"]
    assert send(client, fabius, "naval", built="1").status_code == 200
    assert send(client, fabius, "done", choice="B3a").status_code == 200
    assert "legion-request" in forms(client.get(fabius).text)
    request = dict(face="5", evidence="photo", drm="chart=+1", legions="2", train="")
    before = shell.json("log")
    outside = send(client, fabius, "legion-request", at="Apulia", **request)
    assert outside.status_code == 400 and said(outside.text).endswith("(TB-11.6).")
    assert shell.json("log") == before
    made = send(client, fabius, "legion-request", at="Campania", **request)
    assert made.status_code == 200, said(made.text)
    requested = shell.json("log")[-1]
    assert (requested["type"], requested["actor"]) == ("LegionsRequested", "Fabius")
    assert (requested["data"]["ns"], requested["data"]["raised"]) == (1, 2)
    assert requested["data"]["province"] == "campania"
    assert "legion-request" not in forms(client.get(fabius).text)  # one a Game Turn
    assert shell.json("verify")["verified"]


def test_tb_12_4_carthages_player_checks_his_armies_for_disbanding_from_his_page(
    store_url, tmp_path
):
    """Issue #26: B2c is Carthage's (TB-12.4, TB-12.5): the rules page's example played from
    Hanno's page, the dice from the table. Cautious (limit 2) with three Armies: the lone Army in
    Africa and Hannibal's are not offered; die 5 keeps Hispania's; die 3 disbands Iberia's,
    once its SP's destination is given; at the limit the form goes."""
    from helpers.thunderbolt.carthage import at_b2c

    shell = Shell(store_url)
    at_b2c(shell, tmp_path, "0", "0")
    client = TestClient(hub(str(store_url)))
    hanno = link(shell, "Hanno")
    page = client.get(hanno).text
    offered = re.findall(r'<option value="(\w+)">Army', page.split("B2c: an Army")[1])
    assert offered == ["hispania", "iberia"]
    kept = send(client, hanno, "disband", choice="hispania", face="5", evidence="photo")
    assert kept.status_code == 200, said(kept.text)
    before = shell.json("log")
    nowhere = send(client, hanno, "disband", choice="iberia", face="3", evidence="photo")
    assert nowhere.status_code == 400 and shell.json("log") == before
    where = "Hispania's manpower pool"
    gone = send(client, hanno, "disband", choice="iberia", face="3", evidence="p", sp_to=where)
    assert gone.status_code == 200, said(gone.text)
    checked = [e for e in shell.json("log") if e["type"] == "DisbandChecked"]
    assert [(e["actor"], e["data"]["face"], e["data"]["disbanded"]) for e in checked] == [
        ("Hanno", 5, False),
        ("Hanno", 3, True),
    ]
    assert "disband" not in forms(client.get(hanno).text)
    assert shell.json("verify")["verified"]


def test_tb_20_2_the_last_g4_offers_no_done_and_each_side_is_told_the_result(store_url, tmp_path):
    """Issue #26, TB-20: at the last Game Turn's G4 a side's "done" would be refused (TB-20.2),
    so neither page offers it; each says the result is the organiser's to enter, then what it
    was once entered."""
    from helpers.thunderbolt.victory import ONE_TURN, to_g4

    (tmp_path / "one.toml").write_text(ONE_TURN)
    shell = Shell(store_url)
    to_g4(shell, "--setup", str(tmp_path / "one.toml"))
    client = TestClient(hub(str(store_url)))
    fabius, hanno = link(shell, "Fabius"), link(shell, "Hanno")
    for page in (client.get(fabius).text, client.get(hanno).text):
        assert forms(page) == [] and "the scenario&#39;s result is entered by the organiser" in page
    shell.ok("winner", "carthage", "--reason", "Hannibal holds Capua")
    told = client.get(hanno).text
    assert "The game is over: Carthage won" in told and "Hannibal holds Capua" in told


def test_tb_22_1_either_side_enters_the_augury_from_his_page(store_url):
    """Issue #26, TB-22: in the Augury Phase either side's page offers the Augury (the roll made
    at the table and its event) before its "done"; once entered it is offered no more."""
    from helpers.thunderbolt.senate import to_operations

    shell = Shell(store_url)
    to_operations(shell, draw=("initiative", "augury"))
    client = TestClient(hub(str(store_url)))
    fabius, hanno = link(shell, "Fabius"), link(shell, "Hanno")
    assert forms(client.get(fabius).text) == forms(client.get(hanno).text) == ["augury", "done"]
    entered = send(client, hanno, "augury", roll="7", event="the Boii In Revolt")
    assert entered.status_code == 200, said(entered.text)
    last = shell.json("log")[-1]
    assert (last["type"], last["actor"], last["data"]["roll"]) == ("AuguryEntered", "Hanno", 7)
    assert forms(client.get(fabius).text) == ["done"]


def test_tb_16_4_carthages_player_enters_the_commander_drawn_at_the_table(store_url, tmp_path):
    """Issue #26: with dice from the table B2d's commander drawn blind (TB-13.2) is entered by
    Carthage's player with its evidence, as `appoint --leader` does; a Roman is refused."""
    from helpers.thunderbolt.carthage import at_b2c
    from helpers.thunderbolt.start import EXAMPLE

    shell = Shell(store_url)
    at_b2c(shell, tmp_path, "0", "3", source=EXAMPLE)
    shell.ok("done", "B2c")
    client = TestClient(hub(str(store_url)))
    hanno = link(shell, "Hanno")
    assert 'name="leader"' in client.get(hanno).text
    before = shell.json("log")
    roman = send(client, hanno, "appoint", choice="hispania", leader="Marcellus", evidence="x")
    assert roman.status_code == 400 and shell.json("log") == before
    drawn = send(client, hanno, "appoint", choice="hispania", leader="Mago", evidence="photo")
    assert drawn.status_code == 200, said(drawn.text)
    armies = {a["id"]: a for a in shell.json("status")["armies"]}
    assert armies["hispania"]["commander"] == "mago"
    assert shell.json("log")[-1]["actor"] == "Hanno"
    assert shell.json("verify")["verified"]


def test_tb_12_6_carthages_player_assigns_an_army_to_each_theater_due(store_url, tmp_path):
    """Issue #26: in B2e, under an Interested Senate, Carthage's player assigns an Army to
    Africa and one to Hispania from his page (TB-12.6), never Hannibal's; as `station` does."""
    from helpers.thunderbolt.carthage import at_b2c
    from helpers.thunderbolt.start import EXAMPLE

    shell = Shell(store_url)
    at_b2c(shell, tmp_path, "0", "3", source=EXAMPLE)  # Interested
    shell.ok("done", "B2c")
    shell.ok("appoint", "--leader", "Mago")
    shell.ok("done", "B2d")
    client = TestClient(hub(str(store_url)))
    hanno = link(shell, "Hanno")
    page = client.get(hanno).text
    assert "station" in forms(page) and '<option value="hannibal">' not in page.split("B2e")[1]
    first = send(client, hanno, "station", choice="hispania", theater="Africa")
    assert first.status_code == 200, said(first.text)
    refused = send(client, hanno, "station", choice="hispania", theater="Hispania")
    assert refused.status_code == 400 and "TB-12.6" in said(refused.text)
    assert send(client, hanno, "station", choice="africa", theater="Hispania").status_code == 200
    assert [e["actor"] for e in shell.json("log")[-2:]] == ["Hanno", "Hanno"]
    assert "station" not in forms(client.get(hanno).text)
    assert shell.json("verify")["verified"]


def test_hw_2_3_a_players_page_shows_the_board_with_his_nations_areas_marked(wall_hub):
    """#26: as in The Boiling Cauldron, his page's map outlines his own: the areas where the
    counters of his colour's nations stand."""
    shell, client, script = wall_hub
    shell.play(script.through("advance --to movement"))
    page = client.get(link(shell, "Bob")).text  # blue: the Belgae, the Picts, …
    marked = set(re.findall(r'data-area="([^"]+)" data-region="[^"]+" data-holders="([^"]*)" '
                            r'data-mine="yes"', page))  # fmt: skip
    assert marked and all("blue" in holders.split() for _, holders in marked)
    status = shell.json("status")
    blue = {
        area
        for area, here in status["areas"].items()
        if any(status["nations"][c["nation"]] == "blue" for c in here)
    }
    assert blue == {area for area, _ in marked}


def test_tb_23_3_the_side_that_rolls_in_b4_rolls_its_tribes_from_its_page(store_url, tmp_path):
    """TB-23.3: B4a waits for Carthage's player while a tribe is Depleted, B4b for Rome's while
    one is Pacified; each rolls from his own page (the dice in the order the form lists the
    tribes, under dice from the table), which finishes the step; the other side is offered
    nothing; a form without its dice is refused, nothing recorded."""
    from helpers.thunderbolt.tribes import DEPLETED_AND_PACIFIED, to_operations

    shell = Shell(store_url)
    to_operations(shell, setup=DEPLETED_AND_PACIFIED, tmp_path=tmp_path)
    client = TestClient(hub(str(store_url)))
    hanno, fabius = link(shell, "Hanno"), link(shell, "Fabius")
    page = client.get(hanno).text
    assert forms(page) == ["tribal"] and "in this order: Ilergetes" in page
    assert forms(client.get(fabius).text) == []
    before = shell.json("log")
    faceless = send(client, hanno, "tribal", face="", evidence="")
    assert faceless.status_code == 400 and shell.json("log") == before
    rolled = send(client, hanno, "tribal", face="3", evidence="table photo")  # 3 <= MR 3
    assert rolled.status_code == 200, said(rolled.text)
    assert shell.json("status")["tribes"]["ilergetes"]["depleted"] is False
    assert [e["actor"] for e in shell.json("log")[len(before) :]] == ["Hanno", "Hanno"]
    assert forms(client.get(fabius).text) == ["tribal"] and forms(client.get(hanno).text) == []
    passed = send(client, fabius, "tribal", face="", evidence="", devastated="Ausetani")
    assert passed.status_code == 200, said(passed.text)
    assert shell.json("status")["steps"] == ["C2"]
    assert shell.json("verify")["verified"]


def test_tb_25_2_carthages_page_draws_a_new_armys_sp_from_the_holding_boxes(store_url, tmp_path):
    """TB-25.2 from Carthage's page: where the scenario keeps Manpower Holding Boxes the B3b forms
    ask which boxes the SP come from (showing what each holds), as `raise-army --from` does; a
    draw beyond a box is refused, nothing recorded."""
    from helpers.thunderbolt.manpower import at_b3b

    shell = Shell(store_url)
    at_b3b(shell, tmp_path)
    client = TestClient(hub(str(store_url)))
    hanno = link(shell, "Hanno")
    assert "CONTINGENT=SP, …, of Libyan 30, Numidian 10" in client.get(hanno).text
    before = shell.json("log")
    fields = dict(name="libya", sp="20", leader="Bomilcar", evidence="photo")
    over = send(client, hanno, "raise-army", **fields, **{"from": "Numidian=12"})
    assert over.status_code == 400 and shell.json("log") == before
    raised = send(client, hanno, "raise-army", **fields, **{"from": "Libyan=15, Numidian=5"})
    assert raised.status_code == 200, said(raised.text)
    assert shell.json("status")["manpower"]["Numidian"] == 5
