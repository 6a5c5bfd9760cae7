"""Issue #24.6 and #24.7: the hub as an attacker tries it. No request gets a server error: odd
numbers in addresses, a store that breaks while served, a log page racing a writer. Personal
pages are not cached, framed, sniffed or leaked by their referrer; a form records once."""

from __future__ import annotations

import re
import shutil
import threading

import pytest
from helpers.hub import form_fields
from helpers.shell import Shell

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
from starlette.testclient import TestClient  # noqa: E402

from campaign.web.hub import hub  # noqa: E402

ODD_NUMBERS = ["\u0661\u0662", "\u00b2", "1" * 5000, "-1", "1e3", " 1", "0x10", "\uff11"]
"""Arabic-Indic and full-width digits and a superscript (digits to `str.isdigit`, not all to
`int`), a number of 5,000 digits (beyond `int`'s 4,300), signs, exponents, spaces, hex."""


@pytest.fixture
def served(tmp_path, spring):
    shell = Shell(tmp_path / "hub.sqlite")
    shell.ok(*spring.step("new"))
    shell.ok("note", "something to log")
    return shell, TestClient(hub(str(shell.db)), raise_server_exceptions=False)


@pytest.mark.parametrize("number", ODD_NUMBERS)
def test_odd_numbers_in_the_log_and_report_addresses_are_never_a_server_error(served, number):
    _, client = served
    log = client.get("/log/Spring%20869", params={"before": number})
    assert log.status_code == 200 and "something to log" in log.text
    for path in (f"/report/{number}/Spring%20869", f"/report/{number}.md/Spring%20869"):
        answer = client.get(path)
        assert answer.status_code in (400, 404), (path, answer.status_code)
        assert 'id="message"' in answer.text


@pytest.mark.parametrize("round_number", ["0", "999999999", "2"])
def test_a_report_of_a_round_not_played_is_a_refusal(served, round_number):
    _, client = served
    for suffix in ("", ".md", ".bbcode"):
        answer = client.get(f"/report/{round_number}{suffix}/Spring%20869")
        assert answer.status_code in (400, 404), (round_number, suffix, answer.status_code)


@pytest.mark.parametrize("breakage", ["removed", "garbage", "truncated", "a folder"])
def test_a_store_that_breaks_while_served_is_a_refusal_page(tmp_path, served, breakage):
    shell, client = served
    assert client.get("/c/Spring%20869").status_code == 200
    db = shell.db
    if breakage == "removed":
        db.unlink()
    elif breakage == "garbage":
        db.write_bytes(b"not a database at all " * 400)
    elif breakage == "truncated":
        db.write_bytes(db.read_bytes()[:1500])
    else:
        db.unlink()
        db.mkdir()
    for path in ("/", "/c/Spring%20869", "/log/Spring%20869", "/report/1/Spring%20869"):
        answer = client.get(path)
        assert answer.status_code in (400, 404, 503), (path, answer.status_code, answer.text)
        assert 'id="message"' in answer.text
    if db.is_dir():
        shutil.rmtree(db)


def test_log_pages_racing_a_writer_are_pages(served):
    shell, client = served
    stop, failures = threading.Event(), []

    def write() -> None:
        count = 0
        while not stop.is_set() and count < 40:
            shell.ok("note", f"racing {count}")
            count += 1

    writer = threading.Thread(target=write)
    writer.start()
    try:
        while writer.is_alive():
            for path in ("/log/Spring%20869", "/c/Spring%20869", "/"):
                answer = client.get(path)
                if answer.status_code != 200:
                    failures.append((path, answer.status_code))
    finally:
        stop.set()
        writer.join()
    assert failures == []
    numbers = [int(n) for n in re.findall(r"<td>(\d+)</td>", client.get("/log/Spring%20869").text)]
    assert numbers == sorted(numbers, reverse=True)  # newest first


def test_a_note_landing_between_reading_the_log_page_and_counting_it_is_a_page(served, monkeypatch):
    """The writer's append lands right after the page's events were read and before the view
    they were read under was asked again, its own view not yet kept (the window of the race
    above, made certain): the page was a server error."""
    from campaign.service.unit_of_work import Campaigns
    from campaign.store.kept import Kept

    shell, client = served
    real = Kept.tail

    def tail_then_a_writer(self, *args, **kwargs):
        read = real(self, *args, **kwargs)
        writer = Campaigns(str(shell.db))
        writer.kept.remember = lambda loaded: None  # appended, its view not kept yet (or never)
        try:
            writer.act("Spring 869", lambda state: note("landed in the window"), "Ann")
        finally:
            writer.close()
        return read

    from campaign.domain.shared_commands import note

    monkeypatch.setattr(Kept, "tail", tail_then_a_writer)
    answer = client.get("/log/Spring%20869")
    assert answer.status_code == 200 and "landed in the window" not in answer.text
    monkeypatch.undo()
    assert "landed in the window" in client.get("/log/Spring%20869").text


# 7. Personal pages.


def link_of(shell: Shell, *invite: str) -> str:
    return "/a/" + re.search(r"/a/(\S+)", shell.ok("invite", *invite).stdout).group(1)


def token_of(page: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def test_every_page_forbids_framing_sniffing_scripts_and_referrers(served):
    shell, client = served
    link = link_of(shell, "Cid")
    for path in ("/", "/c/Spring%20869", "/log/Spring%20869", link, "/a/no-such-link"):
        headers = client.get(path).headers
        assert headers["x-frame-options"] == "DENY", path
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        policy = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "default-src 'none'" in policy
        assert "script-src" not in policy  # no script at all: default-src 'none' holds
        assert (headers.get("cache-control") == "no-store") == path.startswith("/a/"), path


def test_a_recorded_form_redirects_and_sent_again_records_nothing(served):
    """POST/redirect/GET, and one-time form tokens: a refresh of the page that follows sends
    nothing; the same form sent again (the back button, a replay) is refused and records
    nothing."""
    shell, client = served
    link = link_of(shell, "Ulf", "--role", "arbiter")
    form = {"csrf": token_of(client.get(link).text), "choice": "once only"}
    answer = client.post(f"{link}/note", data=form, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"].startswith(f"{link}?told=")
    after = client.get(answer.headers["location"])
    assert "Recorded: Note: once only." in after.text
    before = shell.json("log")
    assert client.get(answer.headers["location"]).status_code == 200  # a refresh: a GET
    again = client.post(f"{link}/note", data=form)
    assert again.status_code == 409 and "sent already" in again.text
    assert shell.json("log") == before
    assert [e["data"].get("text") for e in before].count("once only") == 1


def test_what_the_hub_said_travels_sealed_to_its_link_and_is_shown_as_text(served):
    """#31: what the hub says after a recorded form travels in the redirect (`?told=`), sealed
    to the link under the store's key: the genuine one is shown, markup in a note as text; one
    made by hand, another link's, cut short or not base64 shows nothing, and nothing breaks."""
    import base64

    shell, client = served
    ulf, ada = (
        link_of(shell, "Ulf", "--role", "arbiter"),
        link_of(shell, "Ada", "--role", "arbiter"),
    )
    form = {"csrf": token_of(client.get(ulf).text), "choice": "<script>alert(1)</script>"}
    told = client.post(f"{ulf}/note", data=form, follow_redirects=False).headers["location"]
    shown = client.get(told).text
    assert "Recorded: Note: &lt;script&gt;alert(1)&lt;/script&gt;" in shown
    assert "<script>" not in shown
    sealed = told.split("?told=", 1)[1]
    forged = base64.urlsafe_b64encode(b"Recorded: you win the campaign").decode().rstrip("=")
    for value in (
        f"{forged}.{sealed.split('.')[1]}",  # another message under the seal of this one
        f"{forged}.{'0' * 64}",
        sealed[:-1],
        "not base64 at all!.x",
        "." * 3000,
    ):
        answer = client.get(f"{ulf}?told={value}")
        assert answer.status_code == 200
        assert "you win" not in answer.text and "Recorded:" not in answer.text
    other = client.get(f"{ada}?told={sealed}")  # Ulf's message on Ada's page
    assert other.status_code == 200 and "Recorded:" not in other.text


def test_a_refused_form_may_be_corrected_and_sent_again(served):
    shell, client = served
    cid = link_of(shell, "Cid")
    page = client.get(cid).text
    refused = client.post(f"{cid}/attack", data=form_fields(page, "attack", choice="Essex|Essex"))
    assert refused.status_code == 400
    done = client.post(f"{cid}/attack", data=form_fields(page, "attack", choice="Essex|Kent"))
    assert "Recorded: Round 1: Cid attacks Kent" in done.text


def test_a_form_of_one_link_does_not_open_another(served):
    shell, client = served
    cid, ulf = link_of(shell, "Cid"), link_of(shell, "Ulf", "--role", "arbiter")
    stolen = token_of(client.get(ulf).text)
    before = shell.json("log")
    answer = client.post(f"{cid}/attack", data={"csrf": stolen, "choice": "Essex|Kent"})
    assert answer.status_code == 403 and "out of date" in answer.text
    assert shell.json("log") == before


def test_a_link_follows_its_person(served):
    """replace-player ends the replaced player's links; rename-player carries them; revoke
    names people as the rest of the program does (case and spacing aside)."""
    shell, client = served
    cid, dag, eve = link_of(shell, "Cid"), link_of(shell, "Dag"), link_of(shell, "Eve")
    shell.ok("replace-player", "Dag", "Dunstan", "--reason", "moved away")
    assert client.get(dag).status_code == 403
    shell.ok("rename-player", "Cid", "Cynan", "--reason", "a typo")
    page = client.get(cid).text
    assert "You are <strong>Cynan</strong>" in page
    done = client.post(f"{cid}/attack", data=form_fields(page, "attack", choice="Essex|Kent"))
    assert "Recorded: Round 1: Cynan attacks Kent" in done.text
    assert shell.json("log")[-1]["actor"] == "Cynan"
    assert "1 link of eve" in shell.ok("revoke", " eve ").stdout
    assert client.get(eve).status_code == 403


def test_a_huge_form_is_refused_before_it_is_read(served):
    shell, client = served
    link = link_of(shell, "Olga", "--role", "organiser")
    token = token_of(client.get(link).text)
    before = shell.json("log")
    huge = client.post(f"{link}/command", data={"csrf": token, "choice": "note " + "x" * 2**20})
    assert huge.status_code == 413 and "at most 64 KiB" in huge.text
    many = client.post(f"{link}/command", content="&".join(f"f{n}=1" for n in range(100)))
    assert many.status_code == 400
    long = client.post(f"{link}/command", data={"csrf": token, "choice": "note " + "x" * 3000})
    assert long.status_code == 400 and "at most 2000 characters long, not 3005" in long.text
    assert shell.json("log") == before


def test_the_hub_is_served_with_bounds_on_what_one_client_holds():
    from campaign.web.guard import GuardedH11
    from campaign.web.hub import served as configured

    config = configured(lambda scope, receive, send: None, "127.0.0.1", 8000)
    assert config.http is GuardedH11 and config.timeout_keep_alive == 5
    assert config.h11_max_incomplete_event_size == 16 * 1024


def test_an_undo_from_the_hub_takes_back_the_action_its_page_showed(tmp_path, spring):
    """#24.9: the organiser's page was drawn with Cid's declaration the latest action; a player
    declares meanwhile; the organiser's undo from that page takes back nothing."""
    shell = Shell(tmp_path / "hub.sqlite")
    shell.play(spring.through("attack Essex Kent"))
    client = TestClient(hub(str(shell.db)))
    olga = link_of(shell, "Olga", "--role", "organiser")
    page = client.get(olga).text
    shell.ok("attack", "Wessex", "Sussex")  # Dag's declaration, from the command line
    before = shell.json("log")
    stale = client.post(
        f"{olga}/command", data={"csrf": token_of(page), "choice": "undo --reason oops",
                                 "latest": re.search(r'name="latest" value="(\d+)"', page)[1]},
    )  # fmt: skip
    assert stale.status_code == 400 and "nothing was undone" in stale.text
    assert shell.json("log") == before
    fresh = client.get(olga).text
    form = {"csrf": token_of(fresh), "choice": "undo --reason oops"}
    form["latest"] = re.search(r'name="latest" value="(\d+)"', fresh)[1]
    done = client.post(f"{olga}/command", data=form).text
    assert f"Undo: events #{before[-1]['seq']} retracted: oops" in done
    assert [e["seq"] for e in shell.json("log") if e["retracted"]] == [before[-1]["seq"]]


def test_a_hostile_reporters_name_in_a_confirmation_form_is_text_and_round_trips(tmp_path, spring):
    """#24.2's hidden fields carry a player's name: escaped in the page, and the confirmation
    sent back with it confirms (a name is matched as the log holds it)."""
    import html

    shell = Shell(tmp_path / "hub.sqlite")
    shell.play(spring.through("attack Hwicce West Anglia"))
    hostile = '"><b onmouseover=x>Cid'.replace("=", "")  # names cannot hold "="
    shell.ok("rename-player", "Cid", hostile, "--reason", "a test")
    client = TestClient(hub(str(shell.db)))
    cid, dag = link_of(shell, hostile), link_of(shell, "Dag")
    page = client.get(cid).text
    figures = form_fields(page, "report", choice="Kent", attacker="20", defender="45")
    client.post(f"{cid}/report", data=figures)
    shown = client.get(dag).text
    assert "<b onmouseover" not in shown and "&lt;b onmouseover" in shown
    form = re.search(r'action="/a/[^/"]+/confirm">(.*?)</form>', shown, re.S).group(1)
    sent = {k: html.unescape(v) for k, v in re.findall(r'name="(\w+)" value="([^"]*)"', form)}
    assert sent["by"] == hostile
    done = client.post(f"{dag}/confirm", data={**sent, "choice": "Kent"})
    assert "attacker 20%, defender 45% casualties" in html.unescape(done.text)


def test_a_form_that_is_not_utf8_is_refused_in_one_sentence(served):
    shell, client = served
    link = link_of(shell, "Ulf", "--role", "arbiter")
    before = shell.json("log")
    answer = client.post(
        f"{link}/note",
        content=b"csrf=x&choice=\xff\xfe",
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert answer.status_code == 400 and "cannot be read" in answer.text
    assert shell.json("log") == before


@pytest.mark.clock("2026-12-01T12:00Z")
def test_names_and_reasons_are_text_in_the_deadline_feeds_and_the_holiday_notice(tmp_path):
    """The feeds and the holiday line are new ways out for what people typed (#27): a name with
    iCalendar's separators and markup, a reason with a backslash, read back as they were typed
    (icalendar escapes them) and shown on the page as text."""
    from urllib.parse import quote

    from helpers.shell import Shell
    from icalendar import Calendar
    from starlette.testclient import TestClient

    name = 'A; B, "C" <b>x</b>'
    shell = Shell(tmp_path / "s.sqlite")
    shell.ok("new", name, "--player", "<i>Ann</i>", "--player", "Bob;Cid", "--player", "Dag",
             "--seed", "s")  # fmt: skip
    on_turn = shell.json("status")["on_turn"]
    shell.ok("away", on_turn, "--days", "2", "--reason", "<script>alert(1)</script>")
    shell.ok("deadline", "set", "2030-01-15T18:00Z", "--reason", r"back\slash; and, commas")
    client = TestClient(hub(str(shell.db)))
    slug = quote(name, safe="/")
    raw = client.get(f"/c/{slug}/deadlines.ics").content
    assert b"X-WR-CALNAME:A\\; B\\, " in raw  # the title is TEXT, escaped (RFC 5545)
    feed = Calendar.from_ical(raw)
    (event,) = events = feed.walk("VEVENT")  # the deadline standing
    assert all(str(e["SUMMARY"]).startswith(f"{name}: ") for e in events)
    assert str(events[0]["DESCRIPTION"]) == r"back\slash; and, commas"
    page = client.get(f"/c/{slug}").text
    assert "<script>" not in page and "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page


def cut_off(sock) -> bool:
    """Whether the server closed its end of `sock` (what is left to read, then the end)."""
    sock.settimeout(2)
    try:
        while sock.recv(4096):  # a 408 or a 503 it may have been sent, then its end
            pass
        return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_47_silent_and_trickling_clients_lock_nobody_out(tmp_path, spring, monkeypatch):
    """Issue #47: 64 connections that sent a request line and a header, then nothing, held
    every place of the hub for ever (every real request answered 503). The attacker's run,
    larger: 200 silent and 200 trickling connections, then a player's form: recorded within a
    second; and each of the slow ones is cut off once its request is overdue."""
    import socket
    import threading
    import time

    import httpx
    import uvicorn

    from campaign.web import guard
    from campaign.web.hub import served as configured

    monkeypatch.setattr(guard, "REQUEST_SECONDS", 3.0)
    shell = Shell(tmp_path / "hub.sqlite")
    shell.ok(*spring.step("new"))
    cid = link_of(shell, "Cid")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(configured(hub(str(shell.db)), "127.0.0.1", port))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    slow, stop = [], threading.Event()
    try:
        elsewhere = ("127.0.0.2", 0)  # another client address than the player's (loopback too)
        for _ in range(200):  # a request line and one header, then nothing
            silent = socket.create_connection(("127.0.0.1", port), source_address=elsewhere)
            silent.sendall(b"POST /a/x/attack HTTP/1.1\r\nHost: hub\r\n")
            slow.append(silent)
        trickling = [
            socket.create_connection(("127.0.0.1", port), source_address=elsewhere)
            for _ in range(200)
        ]
        slow += trickling

        def trickle() -> None:
            while not stop.is_set():
                for sock in trickling:
                    try:
                        sock.send(b"X")
                    except OSError:
                        pass
                time.sleep(0.5)

        threading.Thread(target=trickle, daemon=True).start()
        time.sleep(0.5)
        base = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=base) as player:
            page = player.get(cid).text
            began = time.monotonic()
            sent = player.post(
                f"{cid}/attack", data=form_fields(page, "attack", choice="Essex|Kent")
            )
            took = time.monotonic() - began
        assert sent.status_code in (200, 303) and took < 1.0
        assert shell.json("log")[-1]["type"] == "AttackDeclared"
        time.sleep(guard.REQUEST_SECONDS + 1.5)
        assert [sock for sock in slow if not cut_off(sock)] == []
        open_ones = [c for c in server.server_state.connections if c.client]
        assert len(open_ones) <= 1  # at most the player's kept-alive connection
    finally:
        stop.set()
        for sock in slow:
            sock.close()
        server.should_exit = True
