"""Issue #46: every e-mailed notice carries a plain-text body and an HTML part saying the same
things — his tasks, the deadline, where he stands, the fresh personal link as a real link —
with everything people typed (the campaign's name, the players' names, a ruling's reason)
escaped: names come from strangers and never become markup. Against a real mail server
(aiosmtpd on 127.0.0.1), each message parsed as a mail client reads it."""

from __future__ import annotations

import email
import email.policy
import re
from html.parser import HTMLParser

import pytest
from helpers.shell import Shell

pytest.importorskip("aiosmtpd.controller", reason="aiosmtpd comes with the test extras")
pytestmark = pytest.mark.dated

FROM = ("--from", "organiser@example.org")
HOSTILE = "<script>alert(1)</script>"
CAMPAIGN = "<i>Loud</i> & co"


class Read(HTMLParser):
    """What a mail client makes of an HTML part: its text, its links, every tag and attribute."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.links: list[str] = []
        self.tags: list[str] = []
        self.attributes: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes += [name for name, _ in attrs]
        self.links += [value or "" for name, value in attrs if tag == "a" and name == "href"]

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def said(self) -> str:
        return " ".join("".join(self.text).split())


def parts(raw: bytes) -> tuple[email.message.EmailMessage, str, str]:
    """The message as RFC 5322 reads it, its plain text and its HTML (one alternative each)."""
    mail = email.message_from_bytes(raw, policy=email.policy.SMTP)
    assert mail.get_content_type() == "multipart/alternative"
    kinds = [part.get_content_type() for part in mail.iter_parts()]
    assert kinds == ["text/plain", "text/html"]
    text = mail.get_body(("plain",)).get_content()
    html = mail.get_body(("html",)).get_content()
    return mail, text, html


def says_the_same(text: str, html: str) -> None:
    """Every line of the plain text is in the HTML's text, as the reader sees it; and the HTML
    loads nothing and runs nothing (no script, no image, no style sheet, no handler)."""
    read = Read(html)
    seen = read.said()
    for line in text.splitlines():
        line = " ".join(line.removeprefix("- ").split())
        if line:
            assert line in seen, f"{line!r} is not in the HTML part: {seen!r}"
    assert not {"script", "img", "link", "iframe", "object", "style"} & set(read.tags)
    assert not [a for a in read.attributes if a.startswith("on") or a == "src"]


@pytest.fixture
def hostile(store_url):
    """A campaign and its players named by strangers: markup in every name; the hub's address
    kept; the player on turn, named <script>, reached by e-mail."""
    shell = Shell(store_url)
    shell.ok(
        "new", CAMPAIGN, "--rules", "boiling-cauldron",
        "--player", HOSTILE, "--player", "<b>Eve</b>", "--player", "Bob", "--seed", "s",
    )  # fmt: skip
    assert shell.json("status")["on_turn"] == HOSTILE
    shell.ok("hub-url", "https://hub.example.org/")
    shell.ok("contact", HOSTILE, "--email", "scripted@example.org")
    return shell


def test_a_turn_notice_mail_has_a_plain_text_and_an_html_part_saying_the_same(hostile, mailbox):
    hostile.ok("notify", "--smtp", mailbox.url, *FROM)
    (raw,) = mailbox.raw
    mail, text, html = parts(raw)
    assert mail["Date"] is not None and mail["Message-ID"].endswith("@example.org>")
    (link,) = re.findall(r"https://hub\.example\.org/a/\S+", text)
    assert mail["List-Unsubscribe"] == f"<{link}>"
    assert Read(html).links == [link]  # the same fresh personal link, as a real link
    assert "Declare your attack for round 1" in html and "Where you stand" in html
    says_the_same(text, html)


def test_names_typed_by_strangers_arrive_escaped_in_the_html(hostile, mailbox):
    hostile.ok("notify", "--smtp", mailbox.url, *FROM)
    _, text, html = parts(mailbox.raw[0])
    assert HOSTILE in text  # plain text is text: shown as typed
    assert "<script" not in html.lower() and "<i>" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;i&gt;Loud&lt;/i&gt; &amp; co" in html
    assert HOSTILE in Read(html).said()  # what the reader sees: the name as it was typed


def test_a_notice_that_his_turn_is_over_escapes_the_rulings_reason(hostile, mailbox):
    """An organiser's reason is typed too: it arrives as text in the HTML part."""
    reason = '<img src=x onerror="alert(2)"> away'
    hostile.ok("notify", "--smtp", mailbox.url, *FROM)  # his turn, told
    hostile.ok("forfeit", "--reason", reason)
    said = hostile.ok("notify", "--smtp", mailbox.url, *FROM).stdout
    assert f"{HOSTILE}: told their turn is over by e-mail" in said
    _, text, html = parts(mailbox.raw[-1])
    assert "is over" in text and reason in text
    assert "<img" not in html and "&lt;img src=x onerror=&quot;alert(2)&quot;&gt; away" in html
    assert Read(html).links == []  # nothing to act on: no link
    says_the_same(text, html)


@pytest.mark.clock("2026-12-01T12:00Z")
def test_a_reminder_mail_has_its_html_part_too(hostile, mailbox):
    hostile.ok("deadline", "set", "2026-12-14T18:00Z")
    hostile.ok("deadline", "remind", "24h")
    hostile.ok("notify", "--smtp", mailbox.url, *FROM, "--now", "2026-12-10T12:00Z")
    hostile.ok("notify", "--smtp", mailbox.url, *FROM, "--now", "2026-12-14T12:00Z")
    assert len(mailbox.raw) == 2
    _, text, html = parts(mailbox.raw[1])
    assert "the deadline of your turn is near" in text
    assert "Deadline: Monday 14 December 2026, 18:00 UTC." in Read(html).said()
    (link,) = re.findall(r"https://hub\.example\.org/a/\S+", text)
    assert Read(html).links == [link]
    says_the_same(text, html)
