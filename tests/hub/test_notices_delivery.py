"""Issue #46: turn notices a player can rely on — each person told of his own task, once, and
that it is over when a ruling or an undo takes it away; every channel kept as the webhook is;
each channel of each person delivered on its own, so that one bad peer (a refused address, a
mail server that trickles or drops the line, Discord answering 400) never stops the others nor
sends twice what went. Against real local servers: the Discord stand-in, aiosmtpd, and raw
sockets that misbehave as some mail servers do."""

from __future__ import annotations

import email
import email.policy
import re
import socket
import threading
import time

import pytest
from helpers.notices import BOB, CID, Mailbox, payloads
from helpers.shell import Shell

pytestmark = pytest.mark.dated

FROM = ("--from", "organiser@example.org")


@pytest.fixture
def store(spring_store, spring):
    """Spring 869 drawn (Cid on turn): Cid reached on Discord, Bob by e-mail, Dag by both."""
    spring_store.ok("contact", "Dag", "--discord", BOB, "--email", "dag@example.org")
    spring_store.script = spring  # the demo's commands, by what they do
    return spring_store


def mentioned(discord, who: str) -> list[str]:
    return [m["content"] for m in payloads(discord) if f"<@{who}>" in m["content"]]


# Who is told, and of what.


def test_bc_4_3_a_player_forfeited_by_the_organiser_is_told_his_turn_is_over(store, discord):
    store.ok("notify", "--webhook", discord.url, "--keep")
    store.ok("forfeit", "--reason", "Cid is away all month")
    said = store.ok("notify").stdout
    assert "Cid: told their turn is over by Discord" in said
    (over,) = [m for m in mentioned(discord, CID) if "is over" in m]
    assert "Cid is away all month" in over
    assert "Dag: told by Discord" in said  # the forfeit made it Dag's turn (BC-4)


def test_bc_4_an_attack_undone_and_made_again_tells_the_next_player_once(store, discord):
    """Issue #46: an attack, an undo and the attack again, with `notify` run after them all,
    told Dag three times; his task is the same as it was: he is told once."""
    store.ok("notify", "--webhook", discord.url, "--keep")
    for words in (store.script.step("attack Essex Kent"), ("undo", "--reason", "a typo")):
        store.ok(*words)
    store.ok(*store.script.step("attack Essex Kent"))
    assert "Dag: told by Discord" in store.ok("notify").stdout
    assert len(mentioned(discord, BOB)) == 1
    assert "Dag not yet told by e-mail" in store.ok("notify").stdout  # his address: no server
    assert len(mentioned(discord, BOB)) == 1


def test_bc_6_2_the_last_declarer_is_told_of_his_battle_in_his_own_words(
    store_url, spring, discord
):
    """Issue #46: when the declarations end, Bob (who declared last) was left out of the
    battles' notice. Each person is told of his own battles: Bob of his, not of the others'."""
    shell = Shell(store_url)
    shell.play(spring.through("attack Gwynedd Dumnonia"))  # Bob on turn, the last to declare
    shell.ok("contact", "Bob", "--discord", BOB)
    shell.ok("notify", "--webhook", discord.url, "--keep")
    shell.ok(*spring.step("attack", 4))  # Bob's declaration: Ann forfeits (BC-4.4), battles
    assert "Bob: told by Discord" in shell.ok("notify").stdout
    battles = payloads(discord)[-1]["content"]
    line = next(x for x in battles.splitlines() if f"<@{BOB}>" in x)
    assert "Report the battle for Dumnonia (Eve attacking)" in line
    assert "Report the battle for West Anglia (Bob attacking)" in line and "Kent" not in line


# Every channel kept, never marked sent unless sent.


def test_a_mail_server_kept_with_keep_serves_the_next_notify(store, discord, mailbox):
    store.ok("notify", "--webhook", discord.url, "--keep", "--smtp", mailbox.url, *FROM)
    store.ok(*store.script.step("attack Essex Kent"))  # Dag on turn
    said = store.ok("notify").stdout
    assert "Dag: told by Discord and e-mail" in said
    assert [e[1] for e in mailbox.envelopes] == [["dag@example.org"]]
    assert mailbox.url.split("//")[1] not in store.ok("export").stdout


def test_notify_without_a_mail_server_leaves_the_e_mail_due(store, discord, mailbox):
    """Before, a plain `notify` dropped the e-mail part and marked the notice sent: a player
    with only an address got nothing, ever. Now the e-mail stays owed, and the next run with
    a mail server sends it alone (Discord is not posted again)."""
    store.ok("notify", "--webhook", discord.url, "--keep")
    store.ok(*store.script.step("attack Essex Kent"))  # Dag on turn: Discord and e-mail
    first = store.ok("notify").stdout
    assert "Dag: told by Discord" in first and "Dag not yet told by e-mail" in first
    posted = len(discord.requests)
    second = store.ok("notify", "--smtp", mailbox.url, *FROM).stdout
    assert "Dag: told by e-mail" in second and len(discord.requests) == posted
    assert [e[1] for e in mailbox.envelopes] == [["dag@example.org"]]
    assert "no turn notice is due" in store.ok("notify", "--smtp", mailbox.url, *FROM).stdout


def test_a_notice_mail_carries_date_and_message_id(store, mailbox):
    """RFC 5322 requires Date; Message-ID lets a resend be recognised (issue #46)."""
    store.ok(*store.script.step("attack Essex Kent"))
    store.ok("notify", "--smtp", mailbox.url, *FROM)
    (raw,) = mailbox.raw
    mail = email.message_from_bytes(raw, policy=email.policy.SMTP)
    assert mail["Date"] is not None and mail["Date"].datetime.tzinfo is not None
    assert mail["Message-ID"].startswith("<") and mail["Message-ID"].endswith("@example.org>")
    assert mail["From"] == "campaign <organiser@example.org>"
    assert "Yours to do: Declare your attack for round 1" in mail.get_body(("plain",)).get_content()


def test_a_mail_server_needs_its_sender(store, mailbox):
    assert "--from ADDRESS" in store.refuses("notify", "--smtp", mailbox.url)


def test_a_password_is_never_sent_without_tls(store, mailbox):
    """aiosmtpd here offers no STARTTLS: a URL with a password is refused, nothing sent."""
    store.ok(*store.script.step("attack Essex Kent"))
    url = mailbox.url.replace("smtp://", "smtp://org:secret@")
    says = store.refuses("notify", "--smtp", url, *FROM)
    assert "offers no STARTTLS: the password is not sent in clear" in says
    assert "secret" not in says and mailbox.messages == []


# Each channel and each person on its own.


def test_one_refused_address_stops_nobody_else_and_is_tried_again(store_url, spring, mailbox):
    shell = Shell(store_url)
    shell.play(spring.through("attack Gwynedd Dumnonia"))
    for player in ("Ann", "Bob", "Cid", "Dag", "Eve"):
        shell.ok("contact", player, "--email", f"{player.lower()}@example.org")
    mailbox.refuse = {"cid@example.org"}
    shell.ok(*spring.step("attack", 4))  # the battles: Bob, Cid, Dag, Eve report them
    result = shell("notify", "--smtp", mailbox.url, *FROM)
    assert result.exit_code != 0 and "Cid not told by e-mail: 550" in result.stderr
    assert sorted(e[1][0] for e in mailbox.envelopes) == [
        "bob@example.org",
        "dag@example.org",
        "eve@example.org",
    ]
    mailbox.refuse = set()
    assert "Cid: told by e-mail" in shell.ok("notify", "--smtp", mailbox.url, *FROM).stdout
    assert len(mailbox.envelopes) == 4  # nobody else mailed twice


def test_discord_answering_400_stops_no_e_mail_and_posts_again_alone(store, discord, mailbox):
    store.ok("notify", "--webhook", discord.url, "--keep", "--smtp", mailbox.url, *FROM)
    store.ok(*store.script.step("attack Essex Kent"))  # Dag: Discord and e-mail
    discord.answers.append((400, {}))
    result = store("notify")
    assert result.exit_code != 0 and "Dag not told by Discord" in result.stderr
    assert "Dag: told by e-mail" in result.stdout and len(mailbox.messages) == 1
    assert "Dag: told by Discord." in store.ok("notify").stdout
    assert len(mailbox.messages) == 1  # the e-mail that went is not sent again


class Misbehaving:
    """A mail server on 127.0.0.1 that misbehaves: `trickle` sends its greeting a byte every
    0.3 s for ever; `drop` greets, answers EHLO, then drops the line at MAIL FROM."""

    def __init__(self, how: str) -> None:
        self.how, self.listener = how, socket.create_server(("127.0.0.1", 0))
        self.url = f"smtp://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self) -> None:
        while True:
            try:
                peer, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.talk, args=(peer,), daemon=True).start()

    def talk(self, peer: socket.socket) -> None:
        with peer:
            try:
                if self.how == "trickle":
                    for byte in b"220 slow.example.org " * 1000:
                        peer.sendall(bytes([byte]))
                        time.sleep(0.3)
                peer.sendall(b"220 drop.example.org ESMTP\r\n")
                reader = peer.makefile("rb")
                while line := reader.readline():
                    if line.upper().startswith((b"EHLO", b"HELO")):
                        peer.sendall(b"250 drop.example.org\r\n")
                    else:
                        return  # the line dropped at MAIL FROM
            except OSError:
                return


@pytest.mark.parametrize("how", ["trickle", "drop"])
def test_a_mail_server_that_trickles_or_drops_the_line_is_one_sentence(
    store, discord, how, monkeypatch
):
    """A server that trickles its greeting held `notify` past 150 s (smtplib's timeout is per
    read): the whole exchange has a deadline now. Either way the e-mails stay due, the
    Discord notices went, and nothing is left half-claimed for the next run."""
    from campaign.notify import mail, notices

    monkeypatch.setattr(mail, "SMTP_EXCHANGE", 2.0)
    server = Misbehaving(how)
    store.ok("notify", "--webhook", discord.url, "--keep")
    store.ok(*store.script.step("attack Essex Kent"))  # Dag: Discord and e-mail
    began = time.monotonic()
    result = store("notify", "--smtp", server.url, *FROM)
    assert time.monotonic() - began < 30
    assert result.exit_code != 0 and "did not take the notices" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert "Dag: told by Discord" in result.stdout
    server.listener.close()
    from campaign.service.unit_of_work import Campaigns

    store = Campaigns(str(store.db))
    try:
        kept = notices.kept_notices(store.secrets.unseal("Spring 869"))
    finally:
        store.close()
    (dag,) = [n for n in kept if n.player == "Dag"]
    assert (dag.state, dag.by, dag.failed["e-mail"]["tries"]) == ("due", ("Discord",), 1)


# Each kind: every person told of his own task, in his own words.


def told_lines(discord, who_id: str) -> list[str]:
    """The lines of the messages that ping `who_id`."""
    return [line for m in mentioned(discord, who_id) for line in m.splitlines() if who_id in line]


def test_on_2_1_and_3_2_the_winner_is_told_to_upgrade_and_the_other_to_muster(
    store_url, under_the_eagle, discord
):
    """Issue #46: "it is your turn, @Boudica, @Marcus. Next: the winner, rome (Marcus),
    upgrades a unit" told Boudica of Marcus's step; each is told his own."""
    shell = Shell(store_url)
    shell.ok(*under_the_eagle.step("new"))
    shell.ok("contact", "Marcus", "--discord", CID)
    shell.ok("contact", "Boudica", "--discord", BOB)
    shell.ok("notify", "--webhook", discord.url, "--keep")
    shell.play(under_the_eagle.between("new", "upgrade celtic-spearmen-1"))
    shell.ok(*under_the_eagle.step("scenario-result", 3))  # Rome won scenario 3
    shell.ok("notify")
    marcus, boudica = told_lines(discord, CID)[-1], told_lines(discord, BOB)[-1]
    assert "You won scenario 3: upgrade one unit" in marcus and "Muster" not in marcus
    assert "Muster your Celts for scenario 4" in boudica and "upgrade" not in boudica


def test_hw_2_3_the_other_sides_player_is_told_to_confirm_a_battle(store_url, discord):
    """Issue #46: "it is your turn, Cid. Next: the Romans (Ann) enter their battles" while Cid
    had to confirm Ann's report: Bob, whose Belgae fought in Kent, is told to confirm it."""
    from helpers.hub import link, send
    from helpers.shell import Script
    from starlette.testclient import TestClient

    from campaign.web.hub import hub

    wall = Script("hadrians-wall")
    shell = Shell(store_url)
    shell.play(wall.through("move R1"))
    shell.ok(*wall.step("advance", 2))  # the Romans' battles
    shell.ok("contact", "Bob", "--discord", BOB)
    shell.ok("notify", "--webhook", discord.url, "--keep")
    client = TestClient(hub(str(store_url)))
    assert send(client, link(shell, "Ann"), "battle", choice="kent", lost="BE4").status_code == 200
    assert "Bob: told by Discord" in shell.ok("notify").stdout
    (line,) = told_lines(discord, BOB)
    assert "kent" in line.lower() and "confirm" in line.lower()


def test_tb_3_4_each_side_is_told_of_its_own_step(store_url, discord):
    """Issue #46: Carthage's player was never told of his steps while Rome's was pinged: each
    side is told when a step of its own opens, named."""
    from helpers.shell import Script

    tb = Script("thunderbolt")
    shell = Shell(store_url)
    shell.ok(*tb.step("new"))
    shell.ok("contact", "Fabius", "--discord", CID)
    shell.ok("contact", "Hanno", "--discord", BOB)
    shell.ok("notify", "--webhook", discord.url, "--keep")
    assert "Finish A2: Return/Replace Leaders" in told_lines(discord, BOB)[0]
    shell.play(tb.between("new", "done A2 --side carthage"))
    shell.ok("notify")
    assert "Finish B2a: Family in Power" in told_lines(discord, BOB)[-1]
    assert "Finish B1a: Imperium Prorogue" in told_lines(discord, CID)[-1]
    shell.ok(*tb.step("family"))
    shell.ok(*tb.step("done B2a"))
    shell.ok("notify")
    assert "Finish B2b: Political Climate" in told_lines(discord, BOB)[-1]
    assert len(told_lines(discord, CID)) == 2  # Rome's task is the same: not told again


# A link that opens his page.


@pytest.mark.clock("2026-12-01T12:00Z")
def test_an_e_mailed_notices_link_opens_his_page_for_fourteen_days(store, mailbox, monkeypatch):
    import re

    from starlette.testclient import TestClient

    from campaign.web.hub import hub

    store.ok("hub-url", "https://hub.example.org/")
    store.ok(*store.script.step("attack Essex Kent"))  # Dag on turn
    store.ok("notify", "--smtp", mailbox.url, *FROM)
    mail = email.message_from_bytes(mailbox.raw[0], policy=email.policy.SMTP)
    plain = mail.get_body(("plain",)).get_content()
    (link,) = re.findall(r"https://hub\.example\.org(/a/\S+)", plain)
    assert mail["List-Unsubscribe"] == f"<https://hub.example.org{link}>"
    client = TestClient(hub(str(store.db)))
    assert "Declare your attack for round 1" in client.get(link).text
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-12-15T11:59Z")
    assert client.get(link).status_code == 200
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-12-15T12:01Z")
    assert client.get(link).status_code == 403


@pytest.mark.parametrize(
    "given",
    [
        "ftp://hub.example.org",
        "https://user:pw@hub.example.org",
        "hub.example.org",
        "https://h/?x=1",
    ],
)
def test_the_hubs_address_is_a_web_address(store, given):
    assert "https://HOST[:PORT][/PATH]" in store.refuses("hub-url", given)


# The arbiter is a person with a contact too.


def test_bc_6_2_the_arbiter_leaves_a_contact_and_is_told_a_dispute_waits(
    store_url, spring, discord
):
    """Issue #46: `contact Ulf` answered "There is no player called 'Ulf'", and nobody told
    him of the dispute that waited for him. The figures both sides report differ (BC-6.2):
    Ulf, the arbiter, is pinged with the dispute; his ruling tells him nothing more."""
    from helpers.hub import link, send
    from starlette.testclient import TestClient

    from campaign.web.hub import hub

    shell = Shell(store_url)
    shell.play(spring.through("attack Hwicce West Anglia"))
    ulf = "/a/" + shell.ok("invite", "Ulf", "--role", "arbiter").stdout.split("/a/")[1].split()[0]
    assert "did you mean Ulf?" in shell.refuses("contact", "Ulff", "--discord", CID)
    shell.ok("contact", "ulf", "--discord", CID)
    shell.ok("notify", "--webhook", discord.url, "--keep")
    assert mentioned(discord, CID) == []  # nothing waits for him yet
    client = TestClient(hub(str(store_url)))
    cid, dag = link(shell, "Cid"), link(shell, "Dag")
    assert send(client, cid, "report", choice="Kent", attacker="20", defender="45").is_success
    assert send(client, dag, "report", choice="Kent", attacker="45", defender="20").is_success
    assert "Ulf: told by Discord" in shell.ok("notify").stdout
    (line,) = told_lines(discord, CID)
    assert "The disputed battle for Kent" in line
    ruling = send(client, ulf, "settle", choice="Kent|Dag", reason="Dag's photo")
    assert ruling.is_success
    assert "Ulf" not in shell.ok("notify").stdout  # his own ruling: nothing to tell him


def test_bc_6_2_an_arbiters_mailed_link_opens_his_own_page_not_a_players(
    store_url, spring, mailbox
):
    """Issue #46: the fresh link mailed with a notice was always granted as a player's, so the
    arbiter told of a dispute got a "player" link in his own name, which opened no page of his.
    It is granted in the role the person holds: Ulf's opens the arbiter's page with the dispute
    to settle."""
    from helpers.hub import link, send
    from starlette.testclient import TestClient

    from campaign.web.hub import hub

    shell = Shell(store_url)
    shell.play(spring.through("attack Hwicce West Anglia"))
    shell.ok("invite", "Ulf", "--role", "arbiter")
    shell.ok("contact", "Ulf", "--email", "ulf@example.org")
    shell.ok("hub-url", "https://hub.example.org")
    client = TestClient(hub(str(store_url)))
    cid, dag = link(shell, "Cid"), link(shell, "Dag")
    assert send(client, cid, "report", choice="Kent", attacker="20", defender="45").is_success
    assert send(client, dag, "report", choice="Kent", attacker="45", defender="20").is_success
    shell.ok("notify", "--smtp", mailbox.url, *FROM)
    (mail,) = [m for m in mailbox.messages if "ulf@example.org" in m["To"]]
    plain = mail.get_body(("plain",)).get_content()
    (mine,) = re.findall(r"https://hub\.example\.org(/a/\S+)", plain)
    page = client.get(mine)
    assert page.status_code == 200
    assert "The disputed battle for Kent: whose figures stand (BC-6.2)" in page.text


def test_a_contact_is_text_and_an_address_the_server_cannot_carry_stops_nobody(
    store_url, spring, mailbox
):
    """Issue #46: `contact` kept control codes, and accepted ü@example.org, on which `notify`
    crashed (exit 70), leaving notices "sending" for good. Control codes are refused; an
    address this server cannot carry (no SMTPUTF8) is that one notice's failure, said."""
    shell = Shell(store_url)
    shell.play(spring.through("attack Gwynedd Dumnonia"))
    for typed in ("bob\x07@example.org", "bob\u202e@example.org"):
        assert "one e-mail address" in shell.refuses("contact", "Bob", "--email", typed)
    shell.ok("contact", "Bob", "--email", "bøb@example.org")
    shell.ok("contact", "Cid", "--email", "cid@example.org")
    shell.ok(*spring.step("attack", 4))  # the battles: Bob and Cid among those told
    result = shell("notify", "--smtp", mailbox.url, *FROM)
    assert result.exit_code == 1 and "Bob not told by e-mail: the address cannot be carried" in (
        result.stderr
    )
    assert "Traceback" not in result.output and "Cid: told by e-mail" in result.stdout
    assert [e[1] for e in mailbox.envelopes] == [["cid@example.org"]]
    international = Mailbox(utf8=True)  # a server that offers SMTPUTF8 carries it
    international.controller.start()
    try:
        said = shell.ok("notify", "--smtp", international.url, *FROM).stdout
    finally:
        international.controller.stop()
    assert "Bob: told by e-mail" in said
    assert [e[1] for e in international.envelopes] == [["bøb@example.org"]]


def test_the_hubs_notifier_is_one_worker_not_a_thread_per_form(tmp_path, monkeypatch):
    """Issue #46: `serve --notify` started a thread for every form recorded (a slow mail server
    leaked them); one worker now takes the campaigns in turn, each queued once."""
    from campaign.web.notifier import Notifier

    sent: list[str] = []
    gate = threading.Event()

    def send(self, name):  # a slow mail server: nothing goes until the gate opens
        gate.wait(10)
        sent.append(name)

    monkeypatch.setattr(Notifier, "send", send)
    notifier = Notifier(str(tmp_path / "none.sqlite"))
    before = threading.active_count()
    workers = {notifier.soon(name) for name in ["Spring 869", "Autumn 870"] * 50}
    assert len(workers) == 1 and threading.active_count() <= before + 1
    gate.set()
    for _ in range(500):
        if len(set(sent)) == 2 and notifier.waiting.empty():
            break
        time.sleep(0.01)
    # The first campaign was taken at once; each waiting one went once, not fifty times.
    assert sorted(set(sent)) == ["Autumn 870", "Spring 869"] and len(sent) <= 3


def test_tb_4_4_a_new_operations_phase_is_news_to_both_sides(store_url, discord):
    """Issue #46: at Operations the side whose LAM was drawn was not told. Each Operations
    Phase both sides finished is done; the next draw opens a new one, and both are told again
    even when nobody ran `notify` in between (an undone task given back is not news; a done one
    coming again is)."""
    from helpers.shell import Script

    tb = Script("thunderbolt")
    shell = Shell(store_url)
    shell.ok(*tb.step("new"))
    shell.ok("contact", "Fabius", "--discord", CID)
    shell.ok("contact", "Hanno", "--discord", BOB)
    shell.play(tb.between("new", "initiative leader"))
    shell.ok("notify", "--webhook", discord.url, "--keep")  # the first Operations Phase
    told = len(told_lines(discord, CID)), len(told_lines(discord, BOB))
    shell.play(tb.steps[tb.index("initiative leader") + 1 : tb.index("initiative leader", 2) + 1])
    assert "Finish D: Operations" in told_lines(discord, CID)[-1]
    said = shell.ok("notify").stdout
    assert "Fabius: told by Discord" in said and "Hanno: told by Discord" in said
    assert (len(told_lines(discord, CID)), len(told_lines(discord, BOB))) == (
        told[0] + 1,
        told[1] + 1,
    )


@pytest.mark.clock("2026-12-01T12:00Z")
def test_two_notify_at_once_send_a_reminder_once(store, discord):
    """Issue #46: two `notify` at once sent a reminder twice (turn notices were claimed,
    reminders were not)."""
    from concurrent.futures import ThreadPoolExecutor

    from campaign.domain.deadlines import instant
    from campaign.notify import delivery
    from campaign.service.unit_of_work import Campaigns

    store.ok("deadline", "set", "2026-12-14T18:00Z")
    store.ok("deadline", "remind", "24h")
    store.ok("notify", "--webhook", discord.url, "--keep")  # Cid's turn notice
    discord.slow = [0.3]  # the first sender is slow to be answered: the others read it due

    def send(_: int) -> list[str]:
        campaigns = Campaigns(str(store.db), existing=True)
        try:
            moment = instant("2026-12-14T00:00Z")
            return delivery.send_due(campaigns, "Spring 869", None, moment).told
        finally:
            campaigns.close()

    with ThreadPoolExecutor(6) as pool:
        told = [line for lines in pool.map(send, range(6)) for line in lines]
    assert told == ["Cid: reminded, 24h or less before the deadline."]
    assert sum("deadline is near" in m for m in discord.contents()) == 1
