"""The players' hub in a real browser (Debian's Chromium, driven by Selenium), issue #26: in each
kind a player follows his link and does the step that is his, and the other side sees it and
answers; every page fits a phone (no horizontal scrolling at 360 and 400 pixels, measured as
`document.documentElement.scrollWidth` against the viewport) and a desktop. Screenshots of every
page at every width are kept as test artefacts in the folder `CAMPAIGN_SCREENSHOTS` names, when
it is set; the README's picture of a player's page, `docs/player-page.png`, is that folder's
`player-page.png` (Dag's page at 400 pixels, reporting his battle)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from helpers.browser import served
from helpers.hub import sent_from
from helpers.shell import Script, Shell

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium comes with the tests")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

WIDTHS = (360, 400, 1280)


def link(shell: Shell, who: str, *more: str) -> str:
    return "/a/" + re.search(r"/a/(\S+)", shell.ok("invite", who, *more).stdout).group(1)


def submit(browser, action: str, pick: str | None = None, **typed: str) -> str:
    """Fill in and send the page's form for `action` (`pick`: the option chosen, `typed`: what
    is typed in its fields); what the hub then says."""
    form = browser.find_element(By.CSS_SELECTOR, f"form[action$='/{action}']")
    if pick is not None:
        Select(form.find_element(By.NAME, "choice")).select_by_value(pick)
    for name, value in typed.items():
        form.find_element(By.NAME, name).send_keys(value)
    sent_from(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    return browser.find_element(By.ID, "message").text


def test_bc_a_player_declares_and_his_opponent_reports_and_confirms(tmp_path, spring, browser):
    shell = Shell(tmp_path / "bc.sqlite")
    shell.ok(*spring.step("new"))
    cid, dag = link(shell, "Cid"), link(shell, "Dag")
    with served(shell.db) as base:
        browser.get(base + cid)
        assert "Recorded: Round 1: Cid attacks Kent" in submit(browser, "attack", "Essex|Kent")
        shell.play(spring.between("attack Essex Kent", "attack Hwicce West Anglia"))
        browser.get(base + dag)
        said = submit(browser, "report", attacker="20", defender="45")
        assert "Dag reports the battle for Kent" in said
        browser.get(base + cid)
        assert "Recorded: " in submit(browser, "confirm")
    assert shell.json("status")["attacks"][0]["result"]["winner"] == "Cid"


def test_bc_6_2_a_disputed_result_is_settled_by_the_arbiter_from_his_page(
    tmp_path, spring, browser
):
    """Issue #26: both sides report other figures from their pages; the campaign page shows both
    claims side by side; the arbiter chooses one claim and gives his reason on his page, and
    the battle is fought as he ruled."""
    shell = Shell(tmp_path / "bc.sqlite")
    shell.ok(*spring.step("new"))
    shell.play(spring.between("new", "attack Hwicce West Anglia"))  # Cid attacked Dag at Kent
    cid, dag = link(shell, "Cid"), link(shell, "Dag")
    ulf = link(shell, "Ulf", "--role", "arbiter")
    with served(shell.db) as base:
        browser.get(base + cid)
        assert "Cid reports" in submit(browser, "report", attacker="20", defender="45")
        browser.get(base + dag)
        assert "Dag reports" in submit(browser, "report", attacker="45", defender="20")
        browser.get(f"{base}/c/Spring%20869")
        shown = browser.find_element(By.TAG_NAME, "main").text
        assert "Cid reports Cid 20%, Dag 45%; Dag reports Cid 45%, Dag 20%" in shown
        assert overflow(browser, base, ["/c/Spring%20869", ulf, dag], 360) == []
        browser.set_window_size(1280, 900)
        browser.get(base + ulf)
        said = submit(browser, "settle", "Kent|Dag", reason="Dag's photo of the table")
        assert "Recorded: " in said
        browser.get(f"{base}/c/Spring%20869")
        assert "Disputed results" not in browser.page_source
    assert shell.json("status")["attacks"][0]["result"]["winner"] == "Dag"
    by_ulf = [(e["type"], e["actor"]) for e in shell.json("log") if e["actor"] == "Ulf"]
    assert by_ulf == [("NoteRecorded", "Ulf"), ("BattleFought", "Ulf")]  # the ruling, the result


def test_onus_the_winner_upgrades_and_his_opponent_sees_it(tmp_path, under_the_eagle, browser):
    shell = Shell(tmp_path / "onus.sqlite")
    shell.play(under_the_eagle.through("scenario-result"))
    marcus, boudica = link(shell, "Marcus"), link(shell, "Boudica")
    with served(shell.db) as base:
        browser.get(base + marcus)
        assert "Recorded: " in submit(browser, "upgrade", "legionaries-1")
        browser.get(f"{base}/c/Under%20the%20Eagle")
        assert "legionaries-1 (veteran)" in browser.page_source
        browser.get(base + boudica)
        assert "Nothing for you to do now" in browser.page_source
    assert shell.json("log")[-1]["actor"] == "Marcus"


def test_hw_the_romans_move_fight_and_the_other_side_confirms_the_battle(tmp_path, browser):
    """HW-2.3: the Romans' player moves into Kent and reports its battle from his page; the
    Belgae's player, the other side of it, sees the report on his own page and confirms it."""
    wall = Script("hadrians-wall")
    shell = Shell(tmp_path / "hw.sqlite")
    shell.play(wall.through("advance --to movement"))
    ann, bob = link(shell, "Ann"), link(shell, "Bob")
    with served(shell.db) as base:
        browser.get(base + ann)
        said = submit(browser, "move", choice="R1:english-channel,kent")
        assert "Recorded: " in said and "Kent" in said
        assert "Recorded: " in submit(browser, "advance")
        assert "battle" in browser.find_element(By.TAG_NAME, "main").text
        assert "Recorded: " in submit(browser, "battle", lost="BE4")  # Kent, the one battle
        browser.get(base + bob)
        assert "Ann reports the battle in Kent: lost BE4" in browser.page_source
        assert "Recorded: " in submit(browser, "confirm")
    log = shell.json("log")
    assert [e["actor"] for e in log[-4:]] == ["Ann", "Ann", "Ann", "Bob"]
    assert (log[-1]["type"], log[-1]["data"]["lost"]) == ("BattleResolved", ["BE4"])


def test_tb_each_side_says_done_in_turn(tmp_path, browser):
    shell = Shell(tmp_path / "tb.sqlite")
    shell.ok("new", "Punic", "--rules", "thunderbolt", "--rome", "Fabius", "--carthage", "Hanno")
    fabius, hanno = link(shell, "Fabius"), link(shell, "Hanno")
    with served(shell.db) as base:
        browser.get(base + fabius)
        assert "Recorded: " in submit(browser, "done")  # A2, the one step his: a button
        browser.get(base + hanno)
        assert "Recorded: " in submit(browser, "done")  # A2, the one step his: a button
    assert {e["actor"] for e in shell.json("log") if e["type"] == "StepFinished"} == {
        "Fabius",
        "Hanno",
    }


@pytest.fixture
def every_page(tmp_path, spring, under_the_eagle):
    """A store holding one campaign of each kind, a player's link in each, an arbiter's."""
    shell = Shell(tmp_path / "all.sqlite")
    shell.ok(*spring.step("new"))
    shell.play(spring.between("new", "result Kent 20 45"))
    shell.ok(*under_the_eagle.step("new"))
    shell.ok(*Script("hadrians-wall").step("new"))
    shell.ok("new", "Punic", "--rules", "thunderbolt", "--rome", "Fabius", "--carthage", "Hanno")
    pages = {
        "index": "/",
        "campaign-bc": "/c/Spring%20869",
        "campaign-onus": "/c/Under%20the%20Eagle",
        "campaign-hw": "/c/Hadrian's%20Wall",
        "campaign-tb": "/c/Punic",
        "log": "/log/Spring%20869",
        "report": "/report/1/Spring%20869",
        "player-page": link(shell, "Dag", "-c", "Spring 869"),
        "player-onus": link(shell, "Marcus", "-c", "Under the Eagle"),
        "player-hw": link(shell, "Ann", "-c", "Hadrian's Wall"),
        "player-tb": link(shell, "Fabius", "-c", "Punic"),
        "arbiter": link(shell, "Ulf", "--role", "arbiter", "-c", "Spring 869"),
    }
    return shell, pages


def overflow(browser, base: str, paths: list[str], width: int) -> list[tuple[str, int]]:
    """The pages among `paths` wider than a window `width` pixels wide, and how wide each is."""
    browser.set_window_size(width, 900)
    wider = []
    for path in paths:
        browser.get(base + path)
        wide = browser.execute_script("return document.documentElement.scrollWidth")
        if wide > browser.execute_script("return window.innerWidth"):
            wider.append((path, wide))
    return wider


def test_every_page_fits_a_phone_and_a_desktop(every_page, browser):
    shell, pages = every_page
    kept = os.environ.get("CAMPAIGN_SCREENSHOTS")
    overflowing = []
    with served(shell.db) as base:
        for width in WIDTHS:
            browser.set_window_size(width, 900)
            for name, path in pages.items():
                browser.get(base + path)
                wide = browser.execute_script("return document.documentElement.scrollWidth")
                seen = browser.execute_script("return window.innerWidth")
                if wide > seen:
                    overflowing.append((name, width, wide))
                if kept:
                    Path(kept).mkdir(parents=True, exist_ok=True)
                    shot = f"{name}.png" if (name, width) == ("player-page", 400) else None
                    browser.save_screenshot(str(Path(kept) / (shot or f"{name}-{width}.png")))
    assert overflowing == []


def test_numbers_bring_a_numeric_keypad_and_one_choice_is_a_button(every_page, browser):
    shell, pages = every_page
    with served(shell.db) as base:
        browser.get(base + pages["player-page"])  # Dag reports his battle for Sussex
        form = browser.find_element(By.CSS_SELECTOR, "form[action$='/report']")
        inputs = form.find_elements(By.TAG_NAME, "input")
        modes = {i.get_attribute("name"): i.get_attribute("inputmode") for i in inputs}
        assert modes["attacker"] == modes["defender"] == "decimal"
        assert modes["choice"] is None  # the battle, the one choice: a hidden field
        assert form.find_element(By.NAME, "choice").get_attribute("type") == "hidden"


def test_tb_23_3_carthages_player_rolls_his_tribes_from_his_page_on_a_phone(tmp_path, browser):
    """TB-23.3 in Chromium at 360 px: B4a waits for Carthage while the Ilergetes are Depleted;
    Hanno types the die rolled at the table on his page, the step ends and Rome's B4b form for
    the Pacified Ausetani appears on Fabius's; neither page is wider than the phone."""
    from helpers.thunderbolt.tribes import DEPLETED_AND_PACIFIED, to_operations

    shell = Shell(tmp_path / "tb.sqlite")
    to_operations(shell, setup=DEPLETED_AND_PACIFIED, tmp_path=tmp_path)
    hanno, fabius = link(shell, "Hanno"), link(shell, "Fabius")
    kept = os.environ.get("CAMPAIGN_SCREENSHOTS")
    with served(shell.db) as base:
        assert overflow(browser, base, [hanno, fabius], 360) == []
        browser.get(base + hanno)
        if kept:
            browser.save_screenshot(str(Path(kept) / "tb-tribal-360.png"))
        said = submit(browser, "tribal", face="2", evidence="the table's photo")
        assert "Ilergetes, Depletion Recovery: rolled 2 against 3, back to full strength" in said
        browser.get(base + fabius)
        assert browser.find_elements(By.CSS_SELECTOR, "form[action$='/tribal']")
    assert shell.json("status")["tribes"]["ilergetes"]["depleted"] is False


def test_46_a_notices_link_opens_the_players_own_page(tmp_path, spring, browser):
    """Issue #46: a notice said "open your personal link" and carried none. With the hub's
    address kept (`hub-url`), Dag's e-mail carries a link of his own, fresh, that opens his
    page in the browser, where he declares his attack; the channel's message links only to the
    campaign's page (a personal link in a channel everyone reads would let anyone act as him)."""
    import email
    import email.policy

    from helpers.notices import Discord, Mailbox

    shell = Shell(tmp_path / "bc.sqlite")
    shell.ok(*spring.step("new"))
    shell.ok(*spring.step("attack Essex Kent"))  # Dag on turn
    shell.ok("contact", "Dag", "--email", "dag@example.org")
    box, channel = Mailbox(), Discord()
    box.controller.start()
    try:
        with served(shell.db) as base:
            shell.ok("hub-url", base)
            shell.ok("notify", "--webhook", channel.url, "--smtp", box.url, "--from", "o@x.org")
            (raw,) = box.raw
            mail = email.message_from_bytes(raw, policy=email.policy.SMTP)
            body = mail.get_body(("plain",)).get_content()
            (mine,) = re.findall(re.escape(base) + r"/a/\S+", body)
            posted = channel.contents()[0]
            assert f"<{base}/c/Spring%20869>" in posted and "/a/" not in posted
            browser.get(mine)
            assert "Recorded: Round 1: Dag attacks" in submit(browser, "attack", "Wessex|Sussex")
    finally:
        box.controller.stop()
        channel.server.shutdown()
    assert [e["actor"] for e in shell.json("log")][-1] == "Dag"
