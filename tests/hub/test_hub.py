"""The hub (`campaign serve`, issue #13) on both stores: public pages, players acting from their
personal links through the same decisions as the command line, refusals in one sentence with
nothing recorded, forms bound to their link, everything people typed shown as text; and the
same in a real browser (Debian's Chromium, driven by Selenium) where it is installed."""

from __future__ import annotations

import html
import re
import socket
import threading
import time

import pytest
from helpers.hub import form_fields
from helpers.shell import Shell

starlette = pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
from helpers.hub import hidden
from starlette.testclient import TestClient  # noqa: E402

from campaign.web.hub import hub  # noqa: E402

MESSAGE = re.compile(r'id="message">([^<]*)<')


def csrf(page: str) -> str:
    return re.search(r'name="csrf" value="([0-9a-f.]+)"', page).group(1)


def unstamped(page: str) -> str:
    """A page without its forms' one-time tokens (each drawing of a page has its own)."""
    return re.sub(r'name="csrf" value="[^"]*"', 'name="csrf"', page)


def said(page: str) -> str:
    return html.unescape(MESSAGE.search(page).group(1))


def test_public_pages_list_show_and_log_the_campaign(spring_hub, spring):
    shell, client, _ = spring_hub
    shell.play(spring.between("new", "result Kent"))
    shell.ok("undo", "--reason", "figures the wrong way round")
    undone = len(shell.json("log")[-1]["data"]["seqs"])
    assert "Spring 869" in client.get("/").text
    page = client.get("/c/Spring%20869").text
    assert "hash chain intact: events 1 to" in page and '<g class="region"' in page
    assert "Next:" in page and "Sussex" in page
    log = client.get("/log/Spring%20869").text
    assert log.count("<del>") == undone
    assert "(undone)" in log


def test_the_log_a_page_at_a_time_read_alone_while_the_view_vouches(spring_hub, monkeypatch):
    """Issue #16: the log page shows the newest events a page at a time, with links to earlier
    and later pages; while the stored view vouches for the log, a page is read without folding
    the whole log (loading it here fails the test)."""
    import campaign.web.hub as served
    from campaign.service.unit_of_work import Campaigns

    shell, client, _ = spring_hub
    for n in range(1, 9):
        shell.ok("note", f"note number {n}")
    total = len(shell.json("log"))
    monkeypatch.setattr(served, "LOG_PAGE", 5)

    def no_full_read(*args, **kwargs):
        raise AssertionError("the whole log was read")

    monkeypatch.setattr(Campaigns, "load", no_full_read)
    newest = client.get("/log/Spring%20869").text
    assert f"Events {total - 4} to {total} of {total}" in newest
    assert "note number 8" in newest and "note number 3" not in newest
    assert f"?before={total - 4}" in newest and "later" not in newest
    earlier = client.get(f"/log/Spring%20869?before={total - 4}").text
    assert f"Events {total - 9} to {total - 5} of {total}" in earlier
    assert "note number 3" in earlier and "note number 8" not in earlier
    assert f"?before={total + 1}" in earlier  # back to the newest page
    shown = [int(n) for n in re.findall(r"<tr><td>(\d+)</td>", newest)]
    assert shown == list(range(total, total - 5, -1))  # newest first, as docs/players.md says
    assert f"hash chain intact: events 1 to {total} as recorded" in earlier
    hostile = client.get("/log/Spring%20869?before=%3Cscript%3Ealert(1)%3C/script%3E")
    assert hostile.status_code == 200 and "<script>" not in hostile.text  # not a number: ignored
    assert f"Events {total - 4} to {total} of {total}" in hostile.text


def test_a_log_page_read_whole_keeps_the_view_again_for_the_next_reader(
    tmp_path, spring, monkeypatch
):
    """Issue #16: with the stored view gone (another version's, or dropped), the log page reads
    and checks the whole log once and keeps the view again: the next page is read alone."""
    import sqlite3

    from campaign.readmodel.status import VIEWS
    from campaign.service.unit_of_work import Campaigns

    shell = Shell(tmp_path / "hub.sqlite")
    shell.ok(*spring.step("new"))
    shell.ok("note", "a note")
    with sqlite3.connect(shell.db) as connection:
        connection.execute(f"DELETE FROM {VIEWS}")
    connection.close()
    client = TestClient(hub(str(shell.db)))
    assert "a note" in client.get("/log/Spring%20869").text  # the whole log, read and checked

    def no_full_read(*args, **kwargs):
        raise AssertionError("the whole log was read again")

    monkeypatch.setattr(Campaigns, "load", no_full_read)
    assert "a note" in client.get("/log/Spring%20869").text


def test_the_campaign_page_keeps_an_out_of_date_view_again(tmp_path, spring):
    """Issue #16: the campaign's page reads the whole log (its map and sections come from the
    state); finding the stored view gone, it keeps it again, for `status`, `list`, the log
    page and the next reader."""
    import sqlite3

    from campaign.readmodel.status import VIEWS
    from campaign.service.unit_of_work import Campaigns

    shell = Shell(tmp_path / "hub.sqlite")
    shell.ok(*spring.step("new"))
    with sqlite3.connect(shell.db) as connection:
        connection.execute(f"DELETE FROM {VIEWS}")
    connection.close()
    assert Campaigns(str(shell.db)).kept.view("Spring 869") is None
    assert "Next:" in TestClient(hub(str(shell.db))).get("/c/Spring%20869").text
    assert Campaigns(str(shell.db)).kept.view("Spring 869") is not None


def test_a_campaign_page_and_a_report_drawn_once_while_the_log_ends_where_it_did(
    tmp_path, spring, monkeypatch
):
    """Issue #16: the hub keeps each page it drew from a campaign's state under the log's last
    event; the next reader is served it without the log being read, until the log changes — an
    event appended, or one edited by hand, which the page then says."""
    import sqlite3

    from campaign.service.unit_of_work import Campaigns

    shell = Shell(tmp_path / "hub.sqlite")
    shell.play(spring.through("result Kent"))
    client = TestClient(hub(str(shell.db)))
    events = len(shell.json("log"))
    first = client.get("/c/Spring%20869").text
    assert f"hash chain intact: events 1 to {events} as recorded" in first
    report = client.get("/report/1/Spring%20869")
    assert report.status_code == 200 and "Round 1" in report.text
    report = report.text
    load = Campaigns.load

    def no_full_read(*args, **kwargs):
        raise AssertionError("the whole log was read again")

    monkeypatch.setattr(Campaigns, "load", no_full_read)
    assert client.get("/c/Spring%20869").text == first
    assert client.get("/report/1/Spring%20869").text == report
    monkeypatch.setattr(Campaigns, "load", load)
    shell.ok("note", "one more")
    assert (
        f"hash chain intact: events 1 to {events + 1} as recorded"
        in client.get("/c/Spring%20869").text
    )
    with sqlite3.connect(shell.db) as connection:
        connection.execute(
            "UPDATE stored_events SET state = replace(state, 'Kent', 'Kant') "
            "WHERE originator_version = 3"
        )
    connection.close()
    page = client.get("/c/Spring%20869").text
    assert "the log has been tampered with" in page and "is intact" not in page


def test_after_a_player_acts_the_hub_shows_the_campaign_page_without_reading_the_log(
    spring_hub, monkeypatch
):
    """Issue #16: a write through the hub draws the campaign's page from the log it has just
    extended, for the next reader (and keeps the reports read first beside the view)."""
    from campaign.service.unit_of_work import Campaigns

    shell, client, links = spring_hub
    page = client.get(f"/a/{links['Cid']}").text
    client.post(f"/a/{links['Cid']}/attack", data=form_fields(page, "attack", choice="Essex|Kent"))
    events = len(shell.json("log"))

    def no_full_read(*args, **kwargs):
        raise AssertionError("the whole log was read")

    monkeypatch.setattr(Campaigns, "load", no_full_read)
    shown = client.get("/c/Spring%20869").text
    assert f"hash chain intact: events 1 to {events} as recorded" in shown and "Kent" in shown


def test_a_players_page_drawn_once_while_the_log_ends_where_it_did(spring_hub, monkeypatch):
    """Issue #16: a player's own page (what he may do now) is drawn once per event appended,
    however often he opens it, from the state the last writer kept beside the view; each form
    still carries its own token."""
    from campaign.service.unit_of_work import Campaigns

    shell, client, links = spring_hub
    first = client.get(f"/a/{links['Cid']}").text
    load = Campaigns.load

    def no_full_read(*args, **kwargs):
        raise AssertionError("the whole log was read")

    monkeypatch.setattr(Campaigns, "load", no_full_read)
    assert unstamped(client.get(f"/a/{links['Cid']}").text) == unstamped(first)
    dags = client.get(f"/a/{links['Dag']}").text  # his own, from the state the writer kept
    assert "Declare your attack" in first and "Declare your attack" not in dags
    monkeypatch.setattr(Campaigns, "load", load)
    shell.ok("note", "one more")
    monkeypatch.setattr(Campaigns, "load", no_full_read)  # after a command-line write too
    assert "Declare your attack for round 1" in client.get(f"/a/{links['Cid']}").text


def test_a_rounds_report_with_its_markdown_and_bbcode(spring_hub, spring):
    shell, client, _ = spring_hub
    shell.play(spring.between("new", "note"))
    page = client.get("/report/1/Spring%20869")
    assert page.status_code == 200
    assert "/report/1.md/Spring%20869" in page.text and "/report/1.bbcode/Spring" in page.text
    markdown = client.get("/report/1.md/Spring%20869").text
    assert markdown == shell.ok("report", "--round", "1", "--format", "markdown").stdout.rstrip(
        "\n"
    )
    assert "[b]" in client.get("/report/1.bbcode/Spring%20869").text
    assert client.get("/report/7/Spring%20869").status_code == 400


def test_a_player_declares_his_attack_from_his_link_as_the_command_line_would(spring_hub):
    shell, client, links = spring_hub
    page = client.get(f"/a/{links['Cid']}").text
    assert "Declare your attack for round 1" in page
    answer = client.post(
        f"/a/{links['Cid']}/attack", data=form_fields(page, "attack", choice="Essex|Kent")
    )
    assert answer.status_code == 200
    assert said(answer.text) == "Recorded: Round 1: Cid attacks Kent (Dag) from Essex."
    last = shell.json("log")[-1]
    assert (last["type"], last["actor"], last["data"]["to_region"]) == (
        "AttackDeclared",
        "Cid",
        "Kent",
    )
    assert "Cid attacks Kent" in client.get("/log/Spring%20869").text
    assert shell.json("verify")["verified"]


def test_bc_7_2_a_victor_chooses_the_region_he_gains_from_his_page(spring_hub, spring):
    shell, client, _ = spring_hub
    shell.play(spring.between("new", "result Wessex"))  # Cid chooses Sussex or South Anglia
    cid = re.search(r"/a/(\S+)", shell.ok("invite", "Cid").stdout).group(1)
    page = client.get(f"/a/{cid}").text
    assert "Choose a region to gain from Dag (1 due)" in page
    assert 'value="Sussex"' in page and 'value="South Anglia"' in page
    answer = client.post(f"/a/{cid}/gain", data=form_fields(page, "gain", choice="Sussex"))
    assert said(answer.text).startswith("Recorded: ") and "Sussex" in said(answer.text)
    assert shell.json("status")["control"]["Sussex"] == "Cid"
    assert shell.json("verify")["verified"]


def test_bc_6_2_a_player_reports_his_battle_and_his_opponent_confirms_it(spring_hub, spring):
    shell, client, links = spring_hub
    shell.play(spring.between("new", "attack Hwicce West Anglia"))  # Cid attacked Dag at Kent
    page = client.get(f"/a/{links['Cid']}").text
    assert "Report the battle for Kent (Cid attacking)" in page
    reported = client.post(
        f"/a/{links['Cid']}/report",
        data=form_fields(page, "report", choice="Kent", attacker="20", defender="45"),
    )
    assert "Cid reports the battle for Kent: attacker 20%, defender 45%" in said(reported.text)
    assert shell.json("status")["attacks"][0]["result"] is None  # not a result yet
    shown = {"attacker": "20", "defender": "45", "by": "Cid"}
    own = client.post(
        f"/a/{links['Cid']}/confirm",
        data=form_fields(reported.text, "confirm", choice="Kent", **shown),
    )
    assert own.status_code == 400 and "Dag or the organiser confirms it" in said(own.text)
    dag = client.get(f"/a/{links['Dag']}").text
    assert "Cid reports the battle for Kent" in dag and "Cid 20%, Dag 45%: confirm" in dag
    confirmed = client.post(
        f"/a/{links['Dag']}/confirm", data={**hidden(dag, "confirm"), "choice": "Kent"}
    )
    assert "battle for Kent: attacker 20%, defender 45% casualties" in said(confirmed.text)
    battle = shell.json("status")["attacks"][0]["result"]
    assert (battle["winner"], shell.json("log")[-2]["actor"]) == ("Cid", "Dag")
    assert shell.json("verify")["verified"]


def test_bc_6_2_a_confirmation_confirms_the_figures_it_was_shown(spring_hub, spring):
    """#24.2: Cid reports Kent 20/45, Dag's page shows it; Cid reports again 45/20 before Dag
    confirms: Dag's confirmation of 20/45 is refused and records nothing."""
    shell, client, links = spring_hub
    shell.play(spring.between("new", "attack Hwicce West Anglia"))
    cid = client.get(f"/a/{links['Cid']}").text
    figures = form_fields(cid, "report", choice="Kent", attacker="20", defender="45")
    client.post(f"/a/{links['Cid']}/report", data=figures)
    dag = client.get(f"/a/{links['Dag']}").text
    cid = client.get(f"/a/{links['Cid']}").text
    again = form_fields(cid, "report", choice="Kent", attacker="45", defender="20")
    client.post(f"/a/{links['Cid']}/report", data=again)
    before = shell.json("log")
    stale = client.post(
        f"/a/{links['Dag']}/confirm", data={**hidden(dag, "confirm"), "choice": "Kent"}
    )
    assert stale.status_code == 400
    assert said(stale.text) == (
        "The figures for the battle for Kent changed since your page was drawn: Cid now "
        "reports Cid 45%, Dag 20%; look at them before you confirm."
    )
    assert shell.json("log") == before
    bare = client.post(f"/a/{links['Dag']}/confirm", data={"csrf": csrf(dag), "choice": "Kent"})
    assert bare.status_code == 400 and "which figures it confirms" in said(bare.text)
    dag = client.get(f"/a/{links['Dag']}").text
    confirmed = client.post(
        f"/a/{links['Dag']}/confirm", data={**hidden(dag, "confirm"), "choice": "Kent"}
    )
    assert "attacker 45%, defender 20% casualties" in said(confirmed.text)


def test_bc_6_2_only_the_two_sides_report_their_battle(spring_hub, spring):
    shell, client, links = spring_hub
    shell.play(spring.between("new", "attack Hwicce West Anglia"))
    shell.ok("invite", "Eve")
    eve = re.search(r"/a/(\S+)", shell.ok("invite", "Eve").stdout).group(1)
    page = client.get(f"/a/{eve}").text  # Eve defends Dumnonia: her own battle only
    assert "Report the battle for Dumnonia" in page and "battle for Kent" not in page
    before = shell.json("log")
    refused = client.post(
        f"/a/{eve}/report",
        data=form_fields(page, "report", choice="Kent", attacker="1", defender="2"),
    )
    assert refused.status_code == 400 and said(refused.text).endswith("(BC-6.2).")
    assert shell.json("log") == before


def test_a_refused_action_is_the_commands_sentence_and_records_nothing(spring_hub):
    shell, client, links = spring_hub
    page, spare = (client.get(f"/a/{links['Cid']}").text for _ in range(2))
    answer = client.post(
        f"/a/{links['Cid']}/attack", data=form_fields(page, "attack", choice="Essex|Essex")
    )
    assert answer.status_code == 400 and said(answer.text).endswith(").")
    client.post(f"/a/{links['Cid']}/attack", data=form_fields(page, "attack", choice="Essex|Kent"))
    before = shell.json("log")
    assert "Nothing for you to do now." in client.get(f"/a/{links['Cid']}").text  # Dag's turn
    again = client.post(  # a page drawn while it was his turn, its form not sent
        f"/a/{links['Cid']}/attack", data=form_fields(spare, "attack", choice="Essex|Sussex")
    )
    assert again.status_code == 400
    assert said(again.text) == "It is Dag's turn to attack, not Cid's (BC-2.3)."
    assert shell.json("log") == before


def test_forms_are_bound_to_their_link_and_their_site(spring_hub):
    shell, client, links = spring_hub
    before = shell.json("log")
    other = csrf(client.get(f"/a/{links['Ulf']}").text)  # the arbiter's form, not Cid's
    assert (
        client.post(
            f"/a/{links['Cid']}/attack", data={"csrf": other, "choice": "Essex|Kent"}
        ).status_code
        == 403
    )
    page = client.get(f"/a/{links['Cid']}").text
    foreign = client.post(
        f"/a/{links['Cid']}/attack",
        data=form_fields(page, "attack", choice="Essex|Kent"),
        headers={"Origin": "https://evil.example"},
    )
    assert foreign.status_code == 403 and "another site" in foreign.text
    assert shell.json("log") == before


def test_a_viewer_looks_a_wrong_or_revoked_link_opens_nothing(spring_hub):
    shell, client, links = spring_hub
    page = client.get(f"/a/{links['Vic']}")
    assert page.status_code == 200 and "Nothing for you to do now." in page.text
    refused = client.post(f"/a/{links['Vic']}/note", data={"csrf": "", "choice": "x"})
    assert refused.status_code == 403 and "cannot act" in refused.text
    assert client.get("/a/not-a-link").status_code == 403
    shell.ok("revoke", "Dag")
    assert client.get(f"/a/{links['Dag']}").status_code == 403


def test_an_arbiter_records_a_ruling(spring_hub):
    shell, client, links = spring_hub
    page = client.get(f"/a/{links['Ulf']}").text
    answer = client.post(
        f"/a/{links['Ulf']}/note", data={"csrf": csrf(page), "choice": "Kent counts as coastal"}
    )
    assert said(answer.text) == "Recorded: Note: Kent counts as coastal."
    assert shell.json("log")[-1]["actor"] == "Ulf"


def test_a_link_granted_to_a_name_the_program_signs_with_records_nothing(spring_hub):
    """#24.3: a link kept before names were checked (or written beside the log by hand) for a
    spelling of "deadline" cannot make the hub sign as the program."""
    from campaign.service.unit_of_work import Campaigns

    shell, client, _ = spring_hub
    store = Campaigns(str(shell.db))
    try:
        store.links.grant("Spring 869", "forged-link", "arbiter", "\uff44eadline")
    finally:
        store.close()
    before = shell.json("log")
    page = client.get("/a/forged-link").text
    answer = client.post("/a/forged-link/note", data={"csrf": csrf(page), "choice": "x"})
    assert "how the program signs its own events" in said(answer.text)
    assert shell.json("log") == before


def test_an_organisers_link_runs_the_campaigns_commands_and_nothing_else(spring_hub, spring):
    shell, client, _ = spring_hub
    shell.play(spring.between("new", "attack Hwicce West Anglia"))
    olga = re.search(r"/a/(\S+)", shell.ok("invite", "Olga", "--role", "organiser").stdout)
    link = f"/a/{olga.group(1)}"

    def run(command: str):
        page = client.get(link).text
        return client.post(f"{link}/command", data={"csrf": csrf(page), "choice": command})

    done = run("result Kent 20 45")
    assert done.status_code == 200 and "Cid wins the battle for Kent" in said(done.text)
    assert shell.json("log")[-2]["actor"] == "Olga"
    before = shell.json("log")
    refused = run("result Kent 20 45")
    assert refused.status_code == 400 and "already has its result" in said(refused.text)
    shell.ok("new", "Other", "--seed", "s", "--player", "A", "--player", "B", "--player", "C")
    for outside in (
        "export -o /tmp/stolen.jsonl",
        "delete --yes",
        "import x",
        "-c Other note x",
        "note -c Other x",
        "note --campaign=Other x",
        "note --actor Cid x",
    ):
        answer = run(outside)
        assert answer.status_code == 400
        assert "an organiser runs the campaign's commands" in said(answer.text)
    assert shell.json("log", "-c", "Spring 869") == before
    assert [e["type"] for e in shell.json("log", "-c", "Other")] == [
        "CampaignStarted",
        "RegionsAllocated",
    ]


def test_an_arbiter_undoes_with_a_reason_but_does_not_play(spring_hub, spring):
    shell, client, links = spring_hub
    shell.play(spring.between("new", "attack Essex Kent"))
    link = f"/a/{links['Ulf']}"

    def run(command: str):
        page = client.get(link).text
        return client.post(f"{link}/command", data={"csrf": csrf(page), "choice": command})

    assert run("attack Wessex Sussex").status_code == 400
    undone = run("undo --reason 'declared by mistake'")
    assert undone.status_code == 200 and "declared by mistake" in said(undone.text)
    assert shell.json("log")[-1]["actor"] == "Ulf"
    assert shell.json("status")["on_turn"] == "Cid"


def test_an_onus_campaign_page_shows_the_next_scenario(store_url, under_the_eagle):
    shell = Shell(store_url)
    shell.play(under_the_eagle.through("upgrade legionaries-1"))
    page = TestClient(hub(str(store_url))).get("/c/Under%20the%20Eagle").text
    assert "Next: scenario 2, Narcissus" in page
    assert "legionaries-1 (veteran)" in page and "Result facts: narcissus_killed=yes|no" in page
    assert "Macro" not in page.split("Characters:")[1].split("<")[0]  # absent (ON-2.5)


def test_names_and_notes_are_text_on_every_page(store_url):
    shell = Shell(store_url)
    shell.ok(
        "new", "<b>Bold</b>", "--seed", "s", "--player", "<script>alert(1)</script>",
        "--player", "Bob", "--player", "Cid",
    )  # fmt: skip
    shell.ok("note", "<img src=x onerror=alert(1)>")
    client = TestClient(hub(str(store_url)))
    for path in ("/", "/c/%3Cb%3EBold%3C/b%3E", "/log/%3Cb%3EBold%3C/b%3E"):
        page = client.get(path)
        assert page.status_code == 200
        text = page.text
        assert "<script>alert" not in text and "<img src=x" not in text and "<b>Bold" not in text
    assert "&lt;img src=x onerror=alert(1)&gt;" in client.get("/log/%3Cb%3EBold%3C/b%3E").text


# In a real browser.


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_in_a_browser_a_player_follows_his_link_and_declares_and_the_organiser_sees_it(
    tmp_path, spring, browser
):
    import uvicorn
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    store = tmp_path / "hub.sqlite"
    shell = Shell(store)
    shell.ok(*spring.step("new"))
    cid = re.search(r"/a/(\S+)", shell.ok("invite", "Cid").stdout).group(1)
    vic = re.search(r"/a/(\S+)", shell.ok("invite", "Vic", "--role", "viewer").stdout).group(1)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(hub(str(store)), port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    try:
        base = f"http://127.0.0.1:{port}"
        browser.get(f"{base}/a/{cid}")
        from helpers.hub import sent_from

        Select(browser.find_element(By.NAME, "choice")).select_by_value("Essex|Kent")
        sent_from(browser, browser.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        assert "Recorded: Round 1: Cid attacks Kent" in browser.find_element(By.ID, "message").text
        browser.get(f"{base}/log/Spring%20869")
        assert "Cid attacks Kent (Dag) from Essex" in browser.page_source
        browser.get(f"{base}/a/{vic}")
        assert not browser.find_elements(By.TAG_NAME, "form")
        browser.get(f"{base}/a/wrong-link")
        assert "opens no campaign" in browser.find_element(By.ID, "message").text
        assert shell.json("log")[-1]["actor"] == "Cid"
    finally:
        server.should_exit = True


def test_29_the_campaigns_history_page(tmp_path, spring):
    """#29: the campaign page links its one-page history, which tells each round's battles."""
    shell = Shell(tmp_path / "store.sqlite")
    shell.play(spring.steps)
    client = TestClient(hub(str(shell.db)))
    page = client.get("/c/Spring 869").text
    assert 'href="/history/Spring%20869"' in page
    history = client.get("/history/Spring 869")
    assert history.status_code == 200
    assert "<h2>Round 1</h2>" in history.text and "gains Kent" in history.text
    assert "<h2>Checkpoint</h2>" in history.text


def test_a_page_is_never_drawn_while_a_form_to_its_campaign_is_being_recorded():
    """#31 (`web.base.Turns`): between a form's append and the view, state and reports kept after
    it, a page would find them behind the log and read it whole (at 100,000 events, eight
    arbiters at once: 1.2 notes/s, the server at 734 MiB). Pages are drawn side by side; a form
    waits for the pages being drawn, then has the campaign alone; a page that comes while it
    waits or writes waits for it."""
    import threading
    import time

    from campaign.web.base import Writers

    writers, said = Writers(), []
    reading = writers.reading("Spring 869")
    reading.__enter__()
    with writers.reading("spring 869"):  # pages side by side (the name as folded)
        said.append("two pages at once")

    def form() -> None:
        with writers.writing("Spring 869"):
            said.append("form recorded")
            time.sleep(0.2)
            said.append("form kept")

    def page() -> None:
        with writers.reading("Spring 869"):
            said.append("page drawn")

    writing = threading.Thread(target=form)
    writing.start()
    turns = writers.of("Spring 869")
    while not turns.waiting:  # the form waits for the page being drawn
        time.sleep(0.01)
    assert said == ["two pages at once"]
    later = threading.Thread(target=page)
    later.start()  # comes while the form waits: it waits for the form, however it is scheduled
    time.sleep(0.1)
    reading.__exit__(None, None, None)
    writing.join()
    later.join()
    assert said == ["two pages at once", "form recorded", "form kept", "page drawn"]
    with writers.writing("Autumn 870"), writers.reading("Spring 869"):
        said.append("another campaign's page, while a form to this one is recorded")
