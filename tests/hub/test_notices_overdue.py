"""Issue #46: arbiters and organisers are people with contacts, "told of a dispute, of an overdue
step". When a step's deadline has passed and the house rule leaves what happens to the organiser
(`deadline rule organiser`, the default, or `auto` where the kind's rules page records nothing),
`notify` tells the organiser — and each arbiter who left a contact — once, on the channels of his
own contact, that the step is overdue and whom it waits for, with the campaign's page; never
twice for the same overdue step, however many `notify` run; a notice that has not gone when the
step moves on is dropped, and once it moved on the next overdue step is news again. End to end
through the command line, against a real mail server and the Discord stand-in, on the one clock
pinned and moved as a day passes."""

from __future__ import annotations

import email
import email.policy
import re

import pytest
from helpers.notices import BOB, CID, payloads
from helpers.shell import Shell

pytest.importorskip("aiosmtpd.controller", reason="aiosmtpd comes with the test extras")

FROM = ("--from", "organiser@example.org")
OLGA = "333333333333333333"
PAGE = "https://hub.example.org/c/Spring%20869"


@pytest.fixture
def organised(store_url, spring):
    """Spring 869 drawn on 1 December 2026 (Cid on turn, reached on Discord), the hub's address
    kept, Olga the organiser with a console link and an e-mail address, the deadline for Cid's
    step set for 14 December, 18:00 UTC."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    shell.ok("hub-url", "https://hub.example.org")
    shell.ok("invite", "Olga", "--role", "organiser")
    shell.ok("contact", "Olga", "--email", "olga@example.org")
    shell.ok("contact", "Cid", "--discord", CID)
    shell.ok("deadline", "set", "2026-12-14T18:00Z")
    shell.script = spring
    return shell


def mails(mailbox, to: str) -> list[email.message.EmailMessage]:
    return [
        email.message_from_bytes(raw, policy=email.policy.SMTP)
        for raw, (_, rcpt) in zip(mailbox.raw, mailbox.envelopes)
        if rcpt == [to]
    ]


@pytest.mark.clock("2026-12-01T12:00Z")
def test_the_organiser_is_told_once_that_a_step_is_overdue(organised, mailbox, monkeypatch):
    smtp = ("--smtp", mailbox.url, *FROM)
    assert "Olga" not in organised.ok("notify", *smtp).stdout  # the deadline stands: nothing
    assert mails(mailbox, "olga@example.org") == []
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-12-15T09:00Z")  # the deadline passed last night
    assert "the organiser decides" in organised.ok("tick").stdout
    said = organised.ok("notify", *smtp).stdout
    assert "Spring 869: Olga: told a deadline passed by e-mail." in said
    (mail,) = mails(mailbox, "olga@example.org")
    assert mail["Subject"] == "Spring 869: a deadline has passed"
    assert mail["Date"] is not None and mail["Message-ID"].endswith("@example.org>")
    text = " ".join(mail.get_body(("plain",)).get_content().split())
    assert "round 1, Cid declares an attack" in text
    assert "passed on Monday 14 December 2026, 18:00 UTC" in text
    assert "it waits for Cid" in text and "the house rule leaves it to you" in text
    assert f"The campaign's page: {PAGE}" in text and "/a/" not in text  # no player's link
    html = mail.get_body(("html",)).get_content()
    assert re.findall(r'href="([^"]*)"', html) == [PAGE]
    for later in ("2026-12-15T09:05Z", "2026-12-16T09:00Z"):  # cron, again and again
        monkeypatch.setenv("CAMPAIGN_NOW", later)
        assert "Olga" not in organised.ok("notify", *smtp).stdout
    assert len(mails(mailbox, "olga@example.org")) == 1


@pytest.mark.clock("2026-12-01T12:00Z")
def test_the_organiser_and_arbiters_are_pinged_on_their_own_channels_players_are_not(
    organised, discord, mailbox, monkeypatch
):
    """Olga (Discord and e-mail) and Ulf, an arbiter (Discord), are told in one message that
    pings them alone; Vic, an arbiter who left no contact, and the players are told nothing."""
    organised.ok("contact", "Olga", "--discord", OLGA)
    organised.ok("invite", "Ulf", "--role", "arbiter")
    organised.ok("invite", "Vic", "--role", "arbiter")
    organised.ok("contact", "Ulf", "--discord", BOB)
    organised.ok("notify", "--webhook", discord.url, "--keep", "--smtp", mailbox.url, *FROM)
    assert len(discord.requests) == 1  # Cid's turn
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-12-15T09:00Z")
    said = organised.ok("notify", "--smtp", mailbox.url, *FROM).stdout
    assert "Olga: told a deadline passed by Discord and e-mail." in said
    assert "Ulf: told a deadline passed by Discord." in said
    assert "Vic" not in said and "Cid" not in said
    (overdue,) = payloads(discord)[1:]
    assert overdue["allowed_mentions"] == {"parse": [], "users": [OLGA, BOB]}
    content = overdue["content"]
    assert content.startswith("Spring 869: a deadline has passed.")
    assert f"<@{OLGA}>" in content and f"<@{BOB}>" in content and f"<@{CID}>" not in content
    assert "it waits for Cid" in content and f"<{PAGE}>" in content
    ulf = next(line for line in content.splitlines() if f"<@{BOB}>" in line)
    assert "the house rule leaves it to the organiser" in ulf
    assert [rcpt for _, rcpt in mailbox.envelopes] == [["olga@example.org"]]
    assert "no turn notice is due" in organised.ok("notify", "--smtp", mailbox.url, *FROM).stdout
    assert len(discord.requests) == 2 and len(mailbox.envelopes) == 1


@pytest.mark.clock("2026-12-01T12:00Z")
def test_a_deadline_extended_then_passed_again_is_news_and_a_step_moved_on_is_over(
    organised, mailbox, monkeypatch
):
    """Told once of the missed deadline, Olga extends it: nothing more is owed her; the new one
    passes: she is told again, of the new one. Then it passes again while no mail server is
    there; Cid declares before the next `notify`: that notice is over, dropped unsent."""
    smtp = ("--smtp", mailbox.url, *FROM)
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-12-15T09:00Z")
    assert "Olga: told a deadline passed by e-mail" in organised.ok("notify", *smtp).stdout
    organised.ok("deadline", "set", "2026-12-18T18:00Z", "--reason", "Cid asked for three days")
    assert "Olga" not in organised.ok("notify", *smtp).stdout
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-12-19T09:00Z")
    assert "Olga: told a deadline passed by e-mail" in organised.ok("notify", *smtp).stdout
    first, second = mails(mailbox, "olga@example.org")
    assert "Friday 18 December 2026, 18:00 UTC" in second.get_body(("plain",)).get_content()
    organised.ok("deadline", "set", "2026-12-20T18:00Z")
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-12-21T09:00Z")
    waiting = organised.ok("notify").stdout  # no mail server: owed, not sent
    (owed,) = re.findall(r"Spring 869: (.*) not told: no channel reaches them", waiting)
    assert "Olga" in owed.split(", ")
    organised.ok(*organised.script.step("attack Essex Kent"))  # Cid declares, late
    assert "Olga" not in organised.ok("notify", *smtp).stdout
    assert len(mails(mailbox, "olga@example.org")) == 2


@pytest.mark.clock("2026-12-01T12:00Z")
def test_under_the_rule_auto_the_program_decides_and_nobody_is_told_to(
    organised, mailbox, monkeypatch
):
    """BC-4.4 under `deadline rule auto`: a missed declaration is a forfeit that `tick` records;
    it is not the organiser's to decide, so he is not told to."""
    organised.ok("deadline", "rule", "auto")
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-12-15T09:00Z")
    assert "Olga" not in organised.ok("notify", "--smtp", mailbox.url, *FROM).stdout
    assert mails(mailbox, "olga@example.org") == []


@pytest.mark.clock("2026-12-01T12:00Z")
def test_two_notify_at_once_tell_the_organiser_once(organised, mailbox, monkeypatch):
    """The hub's notifier and cron's `notify` may run at the same moment: the overdue step is
    claimed by one insert, and its notice sent by whoever claims it."""
    from concurrent.futures import ThreadPoolExecutor

    from campaign.domain.deadlines import instant
    from campaign.notify import delivery, mail
    from campaign.service.unit_of_work import Campaigns

    monkeypatch.setenv("CAMPAIGN_NOW", "2026-12-15T09:00Z")
    server = mail.Smtp.parse(mailbox.url, "organiser@example.org")

    def send(_: int) -> list[str]:
        campaigns = Campaigns(str(organised.db), existing=True)
        try:
            return delivery.send_due(campaigns, "Spring 869", server, instant("2026-12-15T09:00Z"))
        finally:
            campaigns.close()

    with ThreadPoolExecutor(6) as pool:
        told = [line for done in pool.map(send, range(6)) for line in done.told]
    assert told == ["Olga: told a deadline passed by e-mail."]
    assert len(mails(mailbox, "olga@example.org")) == 1
