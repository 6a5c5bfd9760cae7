"""Issue #50, "Since you were last here" on a personal page: what the others recorded, never the
person's own actions; on a player's page with a map, the map as it stood when he was last here
beside the map now; the dice of what he missed. The rule chosen for how long it stays: reload
after reload, until he has seen it — he acts (an action of his own recorded, on his page,
Discord or the command line under his name) or presses "Seen" under it; his first visit lists
nothing. Every expectation is derived from the log (`log --json`) and the rules, not from the
page."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest
from helpers.browser import served
from helpers.shell import Script, Shell

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
from helpers.hub import link, said, send
from starlette.testclient import TestClient  # noqa: E402

from campaign.web.hub import hub  # noqa: E402

SINCE = re.compile(r'<section class="since".*?</section>', re.S)


def since(page: str) -> str:
    """The page's "Since you were last here" section, or "" where it has none."""
    found = SINCE.search(page)
    return found.group(0) if found else ""


def listed(section: str, which: str = "missed") -> list[int]:
    """The event numbers the section lists in its list `which` (missed, dice), in its order."""
    found = re.search(rf'<ul class="{which}">(.*?)</ul>', section, re.S)
    return [int(n) for n in re.findall(r"<li>(\d+)\. ", found.group(1))] if found else []


def lines(section: str, which: str) -> list[str]:
    """The lines of the section's list `which`, as read."""
    found = re.search(rf'<ul class="{which}">(.*?)</ul>', section, re.S)
    return (
        [html.unescape(x) for x in re.findall(r"<li>(.*?)</li>", found.group(1))] if found else []
    )


def missed_after(log: list[dict], player: str) -> list[dict]:
    """What the rule says he missed: the events after his own latest action and what the rules
    forced at once after it (actor "the rules")."""
    seen, his = 0, False
    for event in log:
        his = event["actor"] == player or (his and event["actor"] == "the rules")
        if his:
            seen = event["seq"]
    return [e for e in log if e["seq"] > seen]


def owners_after(log: list[dict], seq: int) -> dict[str, str]:
    """BC-2, BC-7: each region's owner after event `seq`: the draw (RegionsAllocated), then each
    region transferred by a battle, in the log's order."""
    owners: dict[str, str] = {}
    for event in log:
        if event["seq"] > seq or event["retracted"]:
            continue
        if event["type"] == "RegionsAllocated":
            owners = dict(event["data"]["allocation"])
        if event["type"] == "RegionTransferred":
            owners[event["data"]["region"]] = event["data"]["to_player"]
    return owners


def drawn_owners(section: str, figure: str) -> dict[str, str]:
    """Each region's owner as the map in the section's figure `figure` (then, now) fills it."""
    svg = re.search(rf'<figure class="{figure}">(.*?)</figure>', section, re.S).group(1)
    return {
        html.unescape(region): html.unescape(owner)
        for region, owner in re.findall(r'data-region="([^"]+)" data-owner="([^"]*)"', svg)
    }


def round_2_with_bob_on_his_page(store_url, spring) -> tuple[Shell, TestClient, str]:
    """Spring 869 after round 1 (BC-3.2: round 2's order is Dag, Bob, Cid, Ann); Bob has opened
    his page; Dag attacks; Bob attacks from his page; Cid and Ann attack under their names."""
    shell = Shell(store_url)
    shell.play(spring.through("note"))
    client, bob = TestClient(hub(str(store_url))), link(shell, "Bob")
    assert since(client.get(bob).text) == ""  # his first visit: he has missed nothing yet
    shell.ok("--actor", "Dag", *spring.step("attack Deira Lindsey"))
    assert listed(since(client.get(bob).text)) == [shell.json("log")[-1]["seq"]]  # Dag's
    answer = send(client, bob, "attack", choice="Hwicce|West Anglia")
    assert answer.status_code == 200, said(answer.text)
    shell.ok("--actor", "Cid", *spring.step("attack Essex Wessex"))
    shell.ok("--actor", "Ann", *spring.step("attack Powys Gwynedd"))
    return shell, client, bob


def test_50_bobs_page_lists_anns_and_cids_attacks_and_not_his_own(store_url, spring):
    """Issue #50: his page listed his own action too. After Bob's attack from his page, Cid's
    and Ann's are listed, the newest first; his own is not, nor Dag's, which his page showed
    him before he attacked."""
    shell, client, bob = round_2_with_bob_on_his_page(store_url, spring)
    log = shell.json("log")
    (his,) = [e["seq"] for e in log if e["actor"] == "Bob"]
    expected = missed_after(log, "Bob")
    assert [e["actor"] for e in expected] == ["Cid", "Ann"]
    section = since(client.get(bob).text)
    assert his not in listed(section)  # his own attack, before what is listed is compared
    assert listed(section) == [e["seq"] for e in reversed(expected)]
    for event, line in zip(reversed(expected), lines(section, "missed"), strict=True):
        data = event["data"]
        assert (
            data["attacker"] in line and data["to_region"] in line and data["from_region"] in line
        )


def test_50_the_maps_then_and_now_differ_where_the_missed_battles_moved_regions(store_url, spring):
    """Issue #50: no map then and now. The organiser enters the battles for Lindsey and Gwynedd
    (BC-7.1: regions change hands); Bob's page draws the map as it stood after his attack and
    the map now: each region filled by its owner after those events (from the draw and the
    transfers in the log), differing exactly in the regions the missed battles moved."""
    shell, client, bob = round_2_with_bob_on_his_page(store_url, spring)
    shell.play(spring.between("attack Powys Gwynedd", "result Gwynedd"))
    log = shell.json("log")
    (his,) = [e["seq"] for e in log if e["actor"] == "Bob"]
    moved = {
        e["data"]["region"] for e in missed_after(log, "Bob") if e["type"] == "RegionTransferred"
    }
    assert moved  # the battles moved regions
    section = since(client.get(bob).text)
    then, now = drawn_owners(section, "then"), drawn_owners(section, "now")
    assert then == owners_after(log, his)
    assert now == owners_after(log, log[-1]["seq"])
    assert {region for region in now if now[region] != then[region]} == moved
    assert f"after event {his}" in section and f"after event {log[-1]['seq']}" in section
    assert since(client.get(bob).text) == section  # a reload: the same, drawn once


def test_50_hw_6_a_missed_crossings_die_stays_after_a_reload_until_he_acts(store_url):
    """Issue #50: a crossing's die was gone after a reload. Turn 3: Bob (the Picts) has opened
    his page; the Brigantes' player, Cid, moves BR4 across wall W2 into the Pennines, held by a
    legion: the program rolls its die (HW-6.1). Bob's page shows that die under the dice he
    missed, reload after reload; once Bob has moved himself, it is gone."""
    wall = Script("hadrians-wall")
    shell = Shell(store_url)
    shell.play(wall.through("move R3:bernicia,york"))
    client, bob = TestClient(hub(str(store_url))), link(shell, "Bob")
    client.get(bob)  # his first visit
    shell.ok("advance", "--to", "brigantes")
    shell.ok("advance", "--to", "movement")
    shell.ok("--actor", "Cid", *wall.step("move BR4:lothian,pennines"))
    crossing = shell.json("log")[-1]
    assert crossing["type"] == "CounterMoved" and len(crossing["data"]["dice"]) == 1
    (die,) = crossing["data"]["dice"]
    for _ in range(3):  # opened, and reloaded twice
        section = since(client.get(bob).text)
        assert listed(section, "dice") == [crossing["seq"]]
        (line,) = lines(section, "dice")
        assert "BR4" in line and f"die: {die}" in line
    shell.ok("advance", "--to", "picts")
    shell.ok("advance", "--to", "movement")
    shell.ok("--actor", "Bob", *wall.step("move P1:dunedin,lothian,bernicia"))  # he acts
    assert since(client.get(bob).text) == ""


def test_50_seen_clears_what_he_missed_and_only_that(store_url):
    """Issue #50: pressed, "Seen" marks his page read up to the last event it showed; a reload
    lists nothing; what is recorded after it is listed again. HW-7.2: the turn's dice secret,
    revealed as the organiser ends turn 3, is among the dice he missed."""
    wall = Script("hadrians-wall")
    shell = Shell(store_url)
    shell.play(wall.through("move P1:dunedin,lothian,bernicia"))
    client, ann = TestClient(hub(str(store_url))), link(shell, "Ann")
    client.get(ann)  # her first visit
    last_here = shell.json("log")[-1]["seq"]
    shell.ok(*wall.step("advance --to end-of-turn", 3))  # turn 3 ends, its secret revealed
    log = shell.json("log")
    revealed = [e["seq"] for e in log[last_here:] if e["type"] == "SecretRevealed"]
    section = since(client.get(ann).text)
    assert listed(section) == [e["seq"] for e in reversed(log[last_here:])]
    assert revealed and listed(section, "dice") == revealed
    upto = re.search(r'name="seen" value="(\d+)"', section).group(1)
    assert int(upto) == log[-1]["seq"]
    answer = client.get(f"{ann}?seen={upto}")
    assert answer.status_code == 200 and since(answer.text) == ""
    assert said(answer.text).startswith("Seen:")
    assert since(client.get(ann).text) == ""
    shell.ok("note", "Turn 4 begins on Sunday")
    assert listed(since(client.get(ann).text)) == [log[-1]["seq"] + 1]


def test_50_tb_16_a_roll_made_by_the_other_side_is_among_the_dice_he_missed(store_url):
    """Issue #50, TB-12.1 and TB-16.2: Hanno rolls for the Family in Power from his page (the
    program's committed die); Fabius, Rome's player, finds that roll on his page among the dice
    he missed, and nothing of his own."""
    shell = Shell(store_url)
    shell.ok("new", "Punic", "--rules", "thunderbolt", "--rome", "Fabius", "--carthage", "Hanno")
    client = TestClient(hub(str(store_url)))
    fabius, hanno = link(shell, "Fabius"), link(shell, "Hanno")
    client.get(fabius)  # his first visit
    shell.ok("--actor", "Fabius", "done", "A2", "--side", "rome")
    shell.ok("--actor", "Hanno", "done", "A2", "--side", "carthage")
    assert send(client, hanno, "family", drm="", outcome="").status_code == 200
    log = shell.json("log")
    rolled = log[-1]
    assert (rolled["type"], rolled["actor"]) == ("PoliticsRolled", "Hanno")
    section = since(client.get(fabius).text)
    assert listed(section, "dice") == [rolled["seq"]]
    assert listed(section) == [e["seq"] for e in reversed(missed_after(log, "Fabius"))]
    assert all(log[n - 1]["actor"] != "Fabius" for n in listed(section))


# In a real browser: the maps side by side on a desktop, one above the other on a phone.


def boxes(browser) -> dict[str, dict[str, float]]:
    """Where the maps then and now are drawn, and how wide the page is against the window."""
    return browser.execute_script(
        "const box = s => document.querySelector(s).getBoundingClientRect();"
        "return {then: box('figure.then').toJSON(), now: box('figure.now').toJSON(),"
        " page: {width: document.documentElement.scrollWidth, window: window.innerWidth}};"
    )


def test_50_the_maps_side_by_side_on_a_desktop_one_above_the_other_on_a_phone(
    tmp_path, spring, browser
):
    """Issue #50 in Chromium: Bob's page after the battles he missed, at 1280 px the map then
    left of the map now, at 360 px the map then above it, neither wider than the window.
    Screenshots of the section are kept where CAMPAIGN_SCREENSHOTS names (since-360.png,
    since-1280.png)."""
    from selenium.webdriver.common.by import By

    shell = Shell(tmp_path / "bc.sqlite")
    shell.play(spring.through("note"))
    bob = link(shell, "Bob")
    kept = os.environ.get("CAMPAIGN_SCREENSHOTS")
    with served(shell.db) as base:
        browser.get(base + bob)  # his first visit
        shell.play(spring.between("note", "result Gwynedd"))
        for width in (1280, 360):
            browser.set_window_size(width, 900)
            browser.get(base + bob)
            drawn = boxes(browser)
            then, now = drawn["then"], drawn["now"]
            assert drawn["page"]["width"] <= drawn["page"]["window"]
            if width == 1280:
                assert then["right"] <= now["left"] and abs(then["top"] - now["top"]) < 2
            else:
                assert then["bottom"] <= now["top"]  # one above the other, each nearly as wide
                assert then["width"] >= 0.75 * drawn["page"]["window"] <= now["width"] / 0.75
            if kept:  # the window as tall as the page: the whole section in the picture
                tall = browser.execute_script("return document.documentElement.scrollHeight")
                browser.set_window_size(width, tall + 200)
                Path(kept).mkdir(parents=True, exist_ok=True)
                section = browser.find_element(By.ID, "since")
                section.screenshot(str(Path(kept) / f"since-{width}.png"))


@pytest.mark.parametrize("typed", ["abc", "-1", "9" * 5000, "1 OR 1=1", "<b>3</b>", "\x1b[2J"])
def test_50_a_seen_mark_typed_by_hand_is_refused_as_text_and_marks_nothing(
    store_url, spring, typed
):
    """Issue #50: `?seen=N` is a way in a stranger can type: anything but a whole number is
    refused in one sentence (no traceback, nothing of it echoed as markup), and what he missed
    is still listed."""
    shell, client, bob = round_2_with_bob_on_his_page(store_url, spring)
    before = listed(since(client.get(bob).text))
    answer = client.get(bob, params={"seen": typed})
    assert answer.status_code in (200, 400) and "Traceback" not in answer.text
    assert "<b>3</b>" not in answer.text and "\x1b" not in answer.text
    if not typed.isdigit():  # a huge whole number marks up to the log's end, never beyond it
        assert listed(since(client.get(bob).text)) == before
