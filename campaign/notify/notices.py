"""Turn notices (issues #27, #46): a person is told when a task of his own is new, once.

Each kind says, for the step in hand, who must act and what each must do in his own words
(`Kind.tasks`). After every write the service compares each person's tasks before and after it:
whoever has a task he did not have before has a notice due, kept beside the log (never in it,
never in an export) under the event that gave it to him — the last declarer whose battle now
waits for him too; and whoever had a task that someone else's write took away (an undo, the
organiser's forfeit, a passed deadline) has a notice that it is over. `campaign notify`
delivers the due notices — a message in the campaign's Discord channel (its kept webhook) that
pings only the people it is for (`allowed_mentions.users`), an e-mail through the organiser's
SMTP server (kept as the webhook is) to those who left an address (`campaign contact`), as
plain text and as HTML alike (`Mail`: everything people typed escaped) — each channel of each
person on its own: one refused address or one Discord error never stops the others, and a
notice is marked sent for a channel only once that channel took it. A person is never told
twice of the same task (what he was last told is kept), and a notice whose task is gone before
it went is dropped unsent: nobody is told to do what is done. The organiser and the arbiters
who left a contact are told, once, of a step whose deadline passed where the house rule leaves
what happens to the organiser (`overdue`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from campaign.errors import CampaignError
from campaign.input.names import folded

if TYPE_CHECKING:  # mail is imported by what sends it: every write imports this module
    from email.message import EmailMessage

NOTICE = "notice:"
SENDING = "sending:"
"""Beside a notice's label, who claimed it for sending (`deliver`): one sender, ever."""
"""Labels `notice:<event number>:<player>`: a turn notice due, or what became of it."""
REMIND = "remind"
"""The label of how long before a deadline its reminders go (`deadline remind 24h,2h`)."""
REMINDED = "reminded:"
"""Labels `reminded:<deadline>:<span>:<player>`: a reminder sent."""
CONTACT = "contact:"
"""Labels `contact:<player>`: how a person is reached (his Discord user id, his e-mail)."""
DISCORD_ID = re.compile(r"[0-9]{17,20}")
ADDRESS = re.compile(r"[^@\s<>()\[\],;:\"\\]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}")
SENDER = re.compile(r"[^@\s<>()\[\],;:\"\\]{1,64}@[A-Za-z0-9.\-]{1,253}")
SMTP_TIMEOUT = 15.0
"""Seconds for each exchange with the mail server, and (`SMTP_EXCHANGE`) for all of them."""
SMTP_EXCHANGE = 60.0
SMTP_KEPT = "smtp"
"""The label of the mail server kept for a campaign (`notify --smtp URL --from ADDRESS --keep`)."""
TOLD = "told:"
"""Labels `told:<person>`: the tasks a person was last told of (none once told they are over)."""
TRIES = 5
"""How many times a channel is tried for one notice before it is given up, and said so."""
DISCORD, EMAIL = "Discord", "e-mail"
UNCARRIED = "the address cannot be carried by this mail server (it offers no SMTPUTF8)"
HUB = "hub-url"
"""The label of the hub's address kept for a campaign (`campaign hub-url URL`)."""
LINK_DAYS = 14
"""How long the personal link an e-mailed notice carries opens his page."""
OVERDUE = "overdue:"
"""In a notice's label, `notice:0:<person>:overdue:<digest of the step and its deadline>`: the
organiser or an arbiter told (once) that a step's deadline passed and the house rule leaves
what happens to the organiser."""


@dataclass(frozen=True)
class Pages:
    """Where a notice sends its reader: the campaign's page on the hub (public: what a channel
    message links to), a fresh personal link for each person mailed (`personal(player)`: to
    his own inbox alone, never to a channel everyone reads), and where each stands now."""

    campaign: str | None = None
    personal: Callable[[str], str | None] = lambda player: None
    standing: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """By folded name: where he stands (`Kind.player_lines`)."""


NO_PAGES = Pages()


@dataclass(frozen=True)
class Notice:
    label: str
    player: str
    step: str
    deadline: str | None
    """The deadline standing for the step when the notice became due, ISO 8601 in UTC."""
    state: str = "due"
    """due, sending, sent (by every channel that reaches him), or dropped (his task was over,
    or he was told of it already, before it went)."""
    by: tuple[str, ...] = ()
    """The channels that took it."""
    zone: str | None = None
    """The campaign's time zone, the deadline said on its clock (UTC where it has none)."""
    task: tuple[str, ...] = ()
    """What he must do, in his own words (`Kind.tasks`); as it stands when the notice goes."""
    over: str | None = None
    """For a notice that his task is over: what ended it, as the log tells it."""
    failed: Mapping[str, Any] = field(default_factory=dict)
    """By channel: how many times it was tried and refused, and the last reason."""
    overdue: bool = False
    """A notice to the organiser or an arbiter that the step in hand is overdue (`overdue`)."""


def tasks_of(kind: Any, state: Any, arbiters: Sequence[str] = ()) -> dict[str, tuple[str, ...]]:
    """Each person's tasks in `state`: the players' (`Kind.tasks`), and what waits for the
    arbiters (`Kind.arbiter_tasks`: a dispute), each arbiter by name."""
    tasks = dict(kind.tasks(state))
    waiting = kind.arbiter_tasks(state) if arbiters else ()
    for arbiter in arbiters if waiting else ():
        tasks[arbiter] = tuple(tasks.get(arbiter, ())) + tuple(waiting)
    return tasks


def tasks_now(kind: Any, state: Any, arbiters: Sequence[str] = ()) -> dict[str, tuple[str, ...]]:
    """Each person's tasks in `state`, by his folded name (none before a campaign starts)."""
    if state is None:
        return {}
    return {folded(p): t for p, t in tasks_of(kind, state, arbiters).items()}


def linked(kept: Mapping[str, str], roles: Sequence[str] = ("arbiter",)) -> list[str]:
    """The people whose personal link opens this campaign in one of `roles`, by name, once
    each (a revoked or an expired link opens nothing)."""
    from campaign.store.sealed import ACCESS, grant_of

    found: dict[str, str] = {}
    for label, value in kept.items():
        grant = grant_of(value) if label.startswith(ACCESS) else None
        if grant and grant["role"] in roles and grant["player"]:
            found.setdefault(folded(grant["player"]), grant["player"])
    return list(found.values())


def due_after(
    kind: Any, before: Any, after: Any, actor: str, at: int, step: str, deadline: str | None,
    said: str = "", arbiters: Sequence[str] = (),
) -> dict[str, str]:  # fmt: skip
    """The labels and values of what a write made due (event `at` its last): a notice for each
    person with a task he had not before, and for each person left with none where the write
    took tasks away (`said`: what it was, in the log's words; `takes_away`) and he did not
    write it himself (`actor`). A person whose tasks were done (by him, or for him) has what
    he was told forgotten: when a task of his comes again, it is news (a new Operations
    Phase), where one taken away and given back before he heard of it is not (an undo)."""
    earlier, now = tasks_now(kind, before, arbiters), tasks_of(kind, after, arbiters)
    made = [
        Notice(f"{NOTICE}{at}:{folded(p)}", p, step, deadline, task=task)
        for p, task in now.items()
        if set(task) - set(earlier.get(folded(p), ()))
    ]
    done: dict[str, str] = {}
    still = {folded(p) for p in now}
    for p in tasks_of(kind, before, arbiters) if before is not None else ():
        if folded(p) in still:
            continue
        if said and folded(p) != folded(actor):
            made.append(Notice(f"{NOTICE}{at}:{folded(p)}", p, step, deadline, over=said))
        else:
            done[TOLD + folded(p)] = "[]"
    return done | {notice.label: settled(notice, "due") for notice in made}


def takes_away(recorded: Sequence[Any], actor: str) -> bool:
    """Whether a write may take a person's task from him rather than do it: an undo or a redo,
    a passed deadline, or a ruling (an event with its reason, or a reason noted with it: a
    forfeit, a walkover, the organiser's choice for a player). A task done for him (the
    organiser entering his declaration) ends without a notice."""
    from campaign.domain.deadlines import DEADLINE_ACTOR
    from events.common import NoteRecorded

    return folded(actor) == folded(DEADLINE_ACTOR) or any(
        getattr(e, "reason", None) or isinstance(e, NoteRecorded) for e in recorded
    )


def kept_notices(kept: Mapping[str, str]) -> list[Notice]:
    """Every notice kept for a campaign, the oldest first."""
    notices = []
    for label, value in kept.items():
        if label.startswith(NOTICE):
            data = json.loads(value)
            notices.append(
                Notice(
                    label,
                    data["player"],
                    data["step"],
                    data.get("deadline"),
                    data.get("state", "due"),
                    tuple(data.get("by", ())),
                    task=tuple(data.get("task", ())),
                    over=data.get("over"),
                    failed=data.get("failed", {}),
                    overdue=data.get("overdue", False),
                )
            )
    return sorted(notices, key=lambda n: (int(n.label.split(":")[1]), n.label))


def settled(notice: Notice, state: str, by: Sequence[str] = (), **changed: Any) -> str:
    """What is kept of a notice: due, being sent, sent (`by` which channels) or dropped."""
    notice = replace(notice, **changed)
    return json.dumps(
        {
            "player": notice.player,
            "step": notice.step,
            "deadline": notice.deadline,
            "state": state,
            "by": list(by),
            "task": list(notice.task),
            "over": notice.over,
            "failed": dict(notice.failed),
            "overdue": notice.overdue,
        }
    )


# Who is reached how.


def contact(discord: str | None, email: str | None) -> dict[str, str]:
    """A person's contact as given, each part checked: a Discord user id is 17 to 20 digits (in
    Discord: User Settings → Advanced → Developer Mode, then "Copy User ID"); an e-mail address
    one address, nothing that could become another header."""
    kept: dict[str, str] = {}
    if discord is not None:
        if not DISCORD_ID.fullmatch(discord.strip()):
            raise CampaignError(
                f"A Discord user id is 17 to 20 digits (Copy User ID in Discord), not {discord!r}."
            )
        kept["discord"] = discord.strip()
    if email is not None:
        printable = email.strip().isprintable()  # no control or direction codes
        if len(email) > 254 or not printable or not ADDRESS.fullmatch(email.strip()):
            raise CampaignError(f"Give one e-mail address, like ann@example.org, not {email!r}.")
        kept["email"] = email.strip()
    return kept


def contacts(kept: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """Each person's contact, by his folded name."""
    return {
        label[len(CONTACT) :]: json.loads(value)
        for label, value in kept.items()
        if label.startswith(CONTACT)
    }


# What a notice says.


def _tasks_said(notice: Notice) -> str:
    """His own tasks, as a sentence: each form of his page, by its label."""
    return "; ".join(notice.task) or notice.step.rstrip(".")


def discord_text(
    campaign: str,
    notices: Sequence[Notice],
    reached: Mapping[str, Any],
    reminder: bool = False,
    pages: Pages = NO_PAGES,
) -> str:
    """One message for the notices of one write: each person pinged where his Discord id is
    known, named otherwise, with his own task (or that it is over); the campaign's name, the
    names and the tasks are text (Markdown escaped, no mention of anyone else)."""
    from campaign.views.formats import markdown_escape

    def who(n: Notice) -> str:
        known = reached.get(folded(n.player), {})
        return f"<@{known['discord']}>" if "discord" in known else markdown_escape(n.player)

    first = notices[0]
    where = f"The campaign: <{pages.campaign}>" if pages.campaign else ""
    if first.overdue:
        lines = [f"{who(n)}: {markdown_escape(_tasks_said(n))}." for n in notices]
        return "\n".join([f"{markdown_escape(campaign)}: a deadline has passed.", *lines, where])
    if first.over is not None:
        names = ", ".join(who(n) for n in notices)
        return (
            f"{markdown_escape(campaign)}: {names}, what you had to do is over: "
            f"{markdown_escape(first.over)}"
        )
    what = "the deadline is near" if reminder else "it is your turn"
    lines = [f"{who(n)}: {markdown_escape(_tasks_said(n))}." for n in notices]
    deadline = f"\nDeadline: <t:{_epoch(first.deadline)}:R>." if first.deadline else ""
    where = f" {where}" if where else ""
    return (
        f"{markdown_escape(campaign)}: {what}.\n" + "\n".join(lines) + deadline
        + f"\nOpen your personal link to act.{where}"
    )  # fmt: skip


def pinged(notices: Sequence[Notice], reached: Mapping[str, Any]) -> list[str]:
    """The Discord ids a message for `notices` may ping: theirs, and nobody else's."""
    return [
        reached[folded(n.player)]["discord"]
        for n in notices
        if "discord" in reached.get(folded(n.player), {})
    ]


@dataclass(frozen=True)
class Mail:
    """An e-mail notice as its reader sees it: a subject and paragraphs, each said alike as plain
    text and as HTML (`text`, `html`). A paragraph is its lines (`lines`), a heading and a list
    (`items`), or a sentence that ends with a link (`link`)."""

    subject: str
    paragraphs: tuple[Paragraph, ...]

    def text(self) -> str:
        """The plain-text body."""
        return "\n\n".join(p.text() for p in self.paragraphs) + "\n"

    def html(self) -> str:
        """The HTML part: the same paragraphs, everything in them escaped (names, notes and
        reasons are typed by people, never markup); one link at most, no script, no image, no
        style sheet: nothing a mail client loads or runs, inline styles alone."""
        from html import escape

        body = "\n".join(p.html() for p in self.paragraphs)
        return (
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{escape(self.subject)}</title>\n</head>\n"
            f'<body style="{BODY_STYLE}">\n{body}\n</body>\n</html>\n'
        )


BODY_STYLE = "font-family: sans-serif; font-size: 15px; line-height: 1.5; color: #222;"


@dataclass(frozen=True)
class Paragraph:
    lines: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    """Under the first of `lines`, its heading: a list."""
    link: str | None = None
    """After the last of `lines`: the address it opens."""

    def text(self) -> str:
        lines = list(self.lines)
        if self.link is not None:
            lines[-1] = f"{lines[-1]} {self.link}"
        return "\n".join(lines + [f"- {item}" for item in self.items])

    def html(self) -> str:
        from html import escape

        lines = [escape(line) for line in self.lines]
        if self.link is not None:
            lines[-1] = f'{lines[-1]} <a href="{escape(self.link)}">{escape(self.link)}</a>'
        said = f"<p>{'<br>'.join(lines)}</p>"
        if not self.items:
            return said
        listed = "\n".join(f"<li>{escape(item)}</li>" for item in self.items)
        return f"{said}\n<ul>\n{listed}\n</ul>"


def email_text(
    campaign: str,
    notice: Notice,
    reminder: bool = False,
    link: str | None = None,
    standing: Sequence[str] = (),
) -> tuple[str, str]:
    """An e-mail's subject and plain text for one notice (or a reminder): his tasks, where he
    stands, and a link that opens his own page (`link`, where the hub's address is kept)."""
    mail = email_of(campaign, notice, reminder, link, standing)
    return mail.subject, mail.text()


def email_of(
    campaign: str,
    notice: Notice,
    reminder: bool = False,
    link: str | None = None,
    standing: Sequence[str] = (),
    page: str | None = None,
) -> Mail:
    """One notice (or a reminder) as an e-mail says it, in text and in HTML alike: his tasks,
    the deadline, where he stands, and a link that opens his own page (`link`, where the hub's
    address is kept); or that what he had to do is over, and why; or, to the organiser or an
    arbiter, that a step is overdue, with the campaign's page (`page`)."""
    hello = Paragraph((f"{notice.player},",))
    if notice.overdue:
        paragraphs = [hello, Paragraph((f"a deadline has passed in {campaign}.",))]
        paragraphs.append(Paragraph((f"{_tasks_said(notice)}.",)))
        if page:
            paragraphs.append(Paragraph(("The campaign's page:",), link=page))
        return Mail(f"{campaign}: a deadline has passed", tuple(paragraphs))
    if notice.over is not None:
        said = f"what you had to do in {campaign} is over: {notice.over}"
        return Mail(f"{campaign}: your turn is over", (hello, Paragraph((said,))))
    said = "the deadline of your turn is near" if reminder else "it is your turn"
    todo = [f"Yours to do: {_tasks_said(notice)}."]
    if notice.deadline:
        todo.append(f"Deadline: {_shown(notice.deadline, notice.zone)}.")
    paragraphs = [hello, Paragraph((f"{said} in {campaign}.",)), Paragraph(tuple(todo))]
    if standing:
        paragraphs.append(Paragraph(("Where you stand:",), tuple(standing)))
    if link:
        act = f"Open your page to act (this link is yours alone, for {LINK_DAYS} days):"
        paragraphs.append(Paragraph((act,), link=link))
    else:
        paragraphs.append(Paragraph(("Open your personal link to act, or tell your organiser.",)))
    subject = f"{campaign}: {'the deadline is near' if reminder else 'your turn'}"
    return Mail(subject, tuple(paragraphs))


def _epoch(iso: str) -> int:
    from datetime import datetime

    return int(datetime.fromisoformat(iso).timestamp())


def _shown(iso: str, zone: str | None) -> str:
    from datetime import datetime

    from campaign.domain.deadlines import clock

    return clock(datetime.fromisoformat(iso), zone, "%A %d %B %Y, %H:%M")


# Sending.


@dataclass(frozen=True)
class Smtp:
    """An SMTP server as `smtp://USER:PASSWORD@HOST:PORT` (STARTTLS when the server offers it,
    and required before a password is sent) or `smtps://…` (TLS from the start), and the
    address notices come from (required: a made-up one is what spam filters look for)."""

    host: str
    port: int
    user: str | None
    password: str | None
    tls: bool
    sender: str

    @classmethod
    def parse(cls, url: str, sender: str | None) -> Smtp:
        parts = urlsplit(url.strip())
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise CampaignError(
                "Give the mail server as smtp://USER:PASSWORD@HOST:PORT (or smtps://…)."
            )
        try:
            port = parts.port or (465 if parts.scheme == "smtps" else 587)
        except ValueError:
            raise CampaignError(f"The mail server's port is a number, not in {url!r}.") from None
        if not sender or not sender.strip():
            raise CampaignError(
                "Say which address the notices come from: --from ADDRESS (with --smtp)."
            )
        origin = sender.strip()
        if not SENDER.fullmatch(origin):  # one address, nothing that could become a header
            raise CampaignError(f"Give one address to send from, not {origin!r}.")
        user = unquote(parts.username) if parts.username else None
        password = unquote(parts.password) if parts.password else None
        return cls(parts.hostname, port, user, password, parts.scheme == "smtps", origin)

    def kept(self) -> str:
        """As kept beside the log (`notify … --keep`): the URL and the sender."""
        from urllib.parse import quote

        scheme = "smtps" if self.tls else "smtp"
        login = ""
        if self.user:
            secret = f":{quote(self.password, safe='')}" if self.password else ""
            login = f"{quote(self.user, safe='')}{secret}@"
        return json.dumps(
            {"url": f"{scheme}://{login}{self.host}:{self.port}", "from": self.sender}
        )

    @classmethod
    def from_kept(cls, value: str) -> Smtp:
        data = json.loads(value)
        return cls.parse(data["url"], data["from"])

    def send(self, messages: Mapping[str, EmailMessage]) -> dict[str, str]:
        """Every message over one connection, each on its own: what each one that was refused
        was refused for (by its key); a server that cannot be reached, or that would have the
        password in clear, refuses them all in one sentence. The whole exchange has a deadline
        (`SMTP_EXCHANGE`), not just each read: a server that trickles cannot hold it."""
        import smtplib
        import ssl
        import threading

        refused: dict[str, str] = {}
        server = (smtplib.SMTP_SSL if self.tls else smtplib.SMTP)(timeout=SMTP_TIMEOUT)
        watchdog = threading.Timer(SMTP_EXCHANGE, _cut, (server,))
        watchdog.start()
        try:
            server.connect(self.host, self.port)
            server.ehlo_or_helo_if_needed()
            if not self.tls and server.has_extn("starttls"):
                server.starttls(context=ssl.create_default_context())
                server.ehlo()
            elif not self.tls and self.user:
                raise CampaignError(
                    f"The mail server {self.host}:{self.port} offers no STARTTLS: the password "
                    "is not sent in clear (use smtps://, or a server that offers it)."
                )
            if self.user:
                server.login(self.user, self.password or "")
            for key, message in messages.items():
                try:
                    server.send_message(message)
                except smtplib.SMTPRecipientsRefused as refusal:
                    refused[key] = _first_reason(refusal.recipients)
                except (smtplib.SMTPDataError, smtplib.SMTPSenderRefused) as refusal:
                    refused[key] = _reason(refusal.smtp_code, refusal.smtp_error)
                except (UnicodeError, smtplib.SMTPNotSupportedError):
                    refused[key] = UNCARRIED
        except (OSError, smtplib.SMTPException) as failure:
            raise CampaignError(
                f"The mail server {self.host}:{self.port} did not take the notices "
                f"({_said(failure)})."
            ) from None
        finally:
            watchdog.cancel()
            try:
                server.close()
            except OSError:
                pass
        return refused

    def message(
        self,
        to: str,
        name: str,
        subject: str,
        body: str,
        ident: str = "",
        page: str | None = None,
        html: str | None = None,
    ) -> EmailMessage:
        """One notice as RFC 5322 wants it: From, To, Subject, Date (the one clock) and a
        Message-ID made from the notice's own id, so that a resend is recognisable; the plain
        text, and `html` beside it as its alternative (multipart/alternative)."""
        import hashlib
        from email.headerregistry import Address
        from email.message import EmailMessage
        from email.utils import format_datetime, formataddr

        from campaign.input import clock

        message = EmailMessage()
        message["From"] = formataddr(("campaign", self.sender))
        local, _, domain = to.rpartition("@")  # not addr_spec: a UTF-8 local part is refused
        message["To"] = Address(name, local, domain)  # SMTPUTF8 where the address needs it
        message["Subject"] = subject
        message["Date"] = format_datetime(clock.now())
        digest = hashlib.sha256(f"{ident or subject}\n{to}".encode()).hexdigest()[:32]
        message["Message-ID"] = f"<{digest}@{self.sender.rpartition('@')[2]}>"
        if page:  # where he changes how he is reached, or stops it
            message["List-Unsubscribe"] = f"<{page}>"
        message.set_content(body)
        if html is not None:
            message.add_alternative(html, subtype="html")
        return message


def _cut(server: Any) -> None:
    """Close a mail server's connection from outside (the exchange's deadline passed)."""
    sock = getattr(server, "sock", None)
    if sock is not None:
        try:
            sock.shutdown(2)
        except OSError:
            pass


def _reason(code: int, error: Any) -> str:
    said = error.decode("utf-8", "replace") if isinstance(error, bytes) else str(error)
    return f"{code} {text_of(said)}".strip()


def _first_reason(recipients: Mapping[str, Any]) -> str:
    code, error = next(iter(recipients.values()), (0, "refused"))
    return _reason(code, error)


def _said(failure: BaseException) -> str:
    return text_of(str(failure) or type(failure).__name__.lower())


def text_of(said: str) -> str:
    """What a server said, as one line of plain text (at most 200 characters)."""
    from campaign.input.text import printable

    return printable(" ".join(said.split()))[:200]


def grouped(notices: Sequence[Notice]) -> list[list[Notice]]:
    """The notices of one write together (one Discord message for the people it concerns)."""
    groups: dict[tuple[str, bool, bool], list[Notice]] = {}
    for notice in notices:
        key = (notice.label.split(":")[1], notice.over is None, notice.overdue)
        groups.setdefault(key, []).append(notice)
    return list(groups.values())


Keep = Callable[[str, str], None]


@dataclass
class Delivered:
    """What a run of `deliver` did: who was told by what (lines), and what failed (lines)."""

    told: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)
    """Who is owed a notice that no channel of this run reaches."""
    now_told: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """By folded name: the tasks a person has now been told of (none: that they are over)."""


def deliver(
    campaign: str,
    tasks: Mapping[str, Sequence[str]],
    kept: Mapping[str, str],
    keep: Keep,
    discord: Any = None,
    smtp: Smtp | None = None,
    now_due: tuple[str, str | None, str | None] | None = None,
    claim: Callable[[str], bool] = lambda label: True,
    release: Callable[[str], None] = lambda label: None,
    pages: Pages = NO_PAGES,
) -> Delivered:
    """Send the campaign's due notices by Discord (`discord`, a `post.Delivery`) and e-mail
    (`smtp`), each channel of each person on its own, each marked as it goes (`keep(label,
    value)`). `tasks`: each person's tasks now, by his folded name. A notice goes only while
    what it says still stands (his tasks now, or its being over) and he was not told it
    already; it says the tasks, step and deadline as they stand when it goes (`now_due`). Each
    is sent by whoever `claim`s it first (one insert in the store: the hub's processes and
    `campaign notify` by cron never both send it), and `release`d again once this run is done
    with it."""
    reached, done = contacts(kept), Delivered()
    told = {
        label[len(TOLD) :]: tuple(json.loads(value))
        for label, value in kept.items()
        if label.startswith(TOLD)
    }
    latest: dict[str, Notice] = {}
    for notice in (n for n in kept_notices(kept) if n.state == "due"):
        who, now = folded(notice.player), tuple(tasks.get(folded(notice.player), ()))
        if notice.over is None:  # his tasks gone, or each of them told him already
            stale = not now or (not notice.by and set(now) <= set(told.get(who, ())))
        else:  # a task of his came back, or he was never told of the one that went
            stale = bool(now) or not told.get(who)
        earlier = latest.get(who)
        if earlier is not None and not earlier.by:  # a later notice of his says what stands
            keep(earlier.label, settled(earlier, "dropped"))
        if stale and not notice.by:
            keep(notice.label, settled(notice, "dropped"))
            latest.pop(who, None)
            continue
        step, deadline, zone = now_due or (notice.step, notice.deadline, notice.zone)
        latest[who] = replace(notice, task=now or notice.task, step=step, deadline=deadline)
        latest[who] = replace(latest[who], zone=zone)
    live = sorted(latest.values(), key=lambda n: (int(n.label.split(":")[1]), n.label))
    for group in grouped(live):
        sending = (campaign, reached, discord, smtp, pages)
        _deliver_group(sending, group, keep, claim, release, done)
    for who, last in done.now_told.items():
        keep(TOLD + who, json.dumps(list(last)))
    for who, last in told.items():  # his tasks done, none owed him: he is told when one returns
        if last and not tasks.get(who) and who not in latest:
            keep(TOLD + who, "[]")
    return done


def _wanted(notice: Notice, reached: Mapping[str, Any], discord: Any, smtp: Smtp | None) -> dict:
    """The channels that reach him: each with whether this run can use it (the campaign's
    channel names a player who left no Discord id; an overdue step is said to those who did)."""
    ways = {}
    if discord is not None and (
        not notice.overdue or "discord" in reached.get(folded(notice.player), {})
    ):
        ways[DISCORD] = True
    if "email" in reached.get(folded(notice.player), {}):
        ways[EMAIL] = smtp is not None
    return ways


def _owing(ways: Mapping[str, bool], by: Sequence[str], failed: Mapping[str, Any]) -> list[str]:
    """The channels that reach him and have not yet taken the notice, nor been given up."""
    return [w for w in ways if w not in by and failed.get(w, {}).get("tries", 0) < TRIES]


def _deliver_group(sending, group, keep, claim, release, done) -> None:
    """One write's notices, each by the channels it is still owed that this run can use."""
    campaign, reached, discord, smtp, pages = sending
    ways = {n.label: _wanted(n, reached, discord, smtp) for n in group}
    owed = {n.label: _owing(ways[n.label], n.by, n.failed) for n in group}
    done.waiting += [n.player for n in group if not any(ways[n.label].values())]
    group = [n for n in group if any(ways[n.label][w] for w in owed[n.label]) and claim(n.label)]
    if not group:
        return
    by = {n.label: list(n.by) for n in group}
    failed = {n.label: dict(n.failed) for n in group}
    for notice in group:
        keep(notice.label, settled(notice, "sending", by[notice.label]))
    try:
        going = [n for n in group if DISCORD in owed[n.label]]
        if going:
            reason = _by_discord(discord, campaign, going, reached, pages=pages)
            _mark(going, DISCORD, reason, by, failed, done)
        mailed = [n for n in group if EMAIL in owed[n.label] and ways[n.label][EMAIL]]
        if mailed:
            refused = _by_email(smtp, campaign, mailed, reached, pages=pages)
            for notice in mailed:
                _mark([notice], EMAIL, refused.get(notice.label), by, failed, done)
    finally:
        for notice in group:
            left = _owing(ways[notice.label], by[notice.label], failed[notice.label])
            sent = by[notice.label]
            keep(
                notice.label,
                settled(notice, "due" if left else "sent", sent, failed=failed[notice.label]),
            )
            release(notice.label)
    for notice in group:
        new = [w for w in by[notice.label] if w not in notice.by]
        if new:
            done.now_told[folded(notice.player)] = () if notice.over is not None else notice.task
            done.told.append(f"{notice.player}: {_told_words(notice)} by {' and '.join(new)}.")


def _told_words(notice: Notice) -> str:
    if notice.overdue:
        return "told a deadline passed"
    return "told their turn is over" if notice.over is not None else "told"


def _mark(notices, channel: str, reason: str | None, by, failed, done: Delivered) -> None:
    for notice in notices:
        if reason is None:
            by[notice.label].append(channel)
            continue
        tries = failed[notice.label].get(channel, {}).get("tries", 0) + 1
        failed[notice.label][channel] = {"tries": tries, "reason": reason}
        last = " (given up)" if tries >= TRIES else f" (try {tries} of {TRIES})"
        done.failed.append(f"{notice.player} not told by {channel}: {reason}{last}")


def _by_discord(
    discord: Any, campaign: str, group, reached, reminder: bool = False, pages: Pages = NO_PAGES
) -> str | None:
    """Post one message for `group`; why it was refused, or None once Discord has it."""
    from campaign.notify.discord import Uncertain

    try:
        said = discord_text(campaign, group, reached, reminder, pages)
        discord.send(said, users=pinged(group, reached))
    except Uncertain:
        pass  # Discord may have posted it: never sent twice
    except CampaignError as refusal:
        return str(refusal).rstrip(".")
    return None


def _by_email(
    smtp: Smtp, campaign: str, group, reached, reminder: bool = False, pages: Pages = NO_PAGES
) -> dict[str, str]:
    """Mail each of `group` who left an address, with a link of his own to his page; why each
    one refused was refused, by label (a server that cannot be reached refuses them all)."""
    messages, refused = {}, {}
    for n in group:
        own = n.over is None and not n.overdue  # his turn: a link to his own page
        link = pages.personal(n.player) if own else None
        standing = pages.standing.get(folded(n.player), ())
        mail = email_of(campaign, n, reminder, link, standing, pages.campaign)
        try:
            messages[n.label] = smtp.message(
                reached[folded(n.player)]["email"],
                n.player,
                mail.subject,
                mail.text(),
                ident=f"{campaign}\n{n.label}\n{n.over is not None}",
                page=link,
                html=mail.html(),
            )
        except (UnicodeError, ValueError):  # an address no header can carry
            refused[n.label] = UNCARRIED
    try:
        return refused | (smtp.send(messages) if messages else {})
    except CampaignError as refusal:
        return refused | {label: str(refusal).rstrip(".") for label in messages}


# Reminders before a deadline.


def spans(typed: str) -> str:
    """`24h,2h` (or `24h 2h`, `none`) as kept: each a time before the deadline, longest first."""
    from campaign.domain.deadlines import length_of

    words = typed.replace(",", " ").split()
    if [w.lower() for w in words] in (["none"], ["off"], []):
        return ""
    lengths = {w.lower(): length_of(w) for w in words}
    return " ".join(sorted(lengths, key=lengths.get, reverse=True))


def remind(
    campaign: str,
    awaited: Iterable[str],
    kept: Mapping[str, str],
    keep: Keep,
    now_due: tuple[str, str | None, str | None],
    now: Any,
    discord: Any = None,
    smtp: Smtp | None = None,
    tasks: Mapping[str, Sequence[str]] | None = None,
    pages: Pages = NO_PAGES,
    claim: Callable[[str], bool] = lambda label: True,
    release: Callable[[str], None] = lambda label: None,
) -> Delivered:
    """The reminders due by `now` before the standing deadline (`now_due`), each sent once to
    the people who must still act, by each channel on its own; each person's reminder by
    whoever `claim`s it first (two `notify` at once send it once)."""
    from datetime import datetime

    from campaign.domain.deadlines import length_of

    step, deadline, zone = now_due
    done = Delivered()
    if deadline is None or not kept.get(REMIND):
        return done
    at = datetime.fromisoformat(deadline)
    due_now = [span for span in kept[REMIND].split() if at - length_of(span) <= now < at]
    late = [
        p
        for p in awaited
        if due_now and not all(f"{REMINDED}{deadline}:{x}:{folded(p)}" in kept for x in due_now)
    ]
    nearest = min(due_now, key=length_of) if due_now else ""
    late = [p for p in late if claim(f"{REMINDED}{deadline}:{nearest}:{folded(p)}")]
    if not late:
        return done  # a late run sends one reminder, not every one missed
    reached, tasks = contacts(kept), tasks or {}
    group = [
        Notice(
            f"{NOTICE}0:{folded(p)}",
            p,
            step,
            deadline,
            zone=zone,
            task=tuple(tasks.get(folded(p), ())),
        )
        for p in late
    ]
    by: dict[str, list[str]] = {n.label: [] for n in group}
    failed: dict[str, dict] = {n.label: {} for n in group}
    if discord is not None:
        _mark(
            group,
            DISCORD,
            _by_discord(discord, campaign, group, reached, True, pages),
            by,
            failed,
            done,
        )
    mailed = [n for n in group if "email" in reached.get(folded(n.player), {})]
    if smtp is not None and mailed:
        refused = _by_email(smtp, campaign, mailed, reached, True, pages)
        for notice in mailed:
            _mark([notice], EMAIL, refused.get(notice.label), by, failed, done)
    for notice in group:
        if not by[notice.label]:  # not sent: another run may try
            release(f"{REMINDED}{deadline}:{nearest}:{folded(notice.player)}")
        if by[notice.label]:
            for span in due_now:
                keep(f"{REMINDED}{deadline}:{span}:{folded(notice.player)}", "sent")
            done.told.append(f"{notice.player}: reminded, {nearest} or less before the deadline.")
    return done


def send_due(
    campaigns: Any, name: str, smtp: Smtp | None, moment: Any, webhook: str | None = None
) -> Delivered:
    """Campaign `name`'s due turn notices and reminders, sent through its kept webhook (or
    `webhook`) and its kept mail server (or `smtp`), each marked as it goes; what was sent and
    what failed, in lines."""
    from campaign.notify.discord import WEBHOOK, Delivery

    loaded, kept = campaigns.load(name), campaigns.secrets.unseal(name)
    url = webhook or kept.get(WEBHOOK)
    channel = Delivery(url) if url else None
    if smtp is None and kept.get(SMTP_KEPT):
        smtp = Smtp.from_kept(kept[SMTP_KEPT])
    tasks, due = tasks_now(loaded.kind, loaded.state, linked(kept)), now_due(loaded)
    pages = _pages(campaigns, name, loaded, kept, moment)

    def keeping(label: str, value: str) -> None:
        campaigns.secrets.keep(name, label, value)

    stream = campaigns.listing.stream(name).hex

    def claim(label: str) -> bool:
        return campaigns.secrets.claim(stream, SENDING + label, str(moment))

    def release(label: str) -> None:
        campaigns.secrets.forget(stream, SENDING + label)

    def made(label: str, value: str) -> bool:
        return campaigns.secrets.claim(stream, label, value)

    late = overdue(loaded, kept, moment)
    for who, (_, task) in late.items():  # his to see to while it is overdue: told once
        tasks[who] = (*tasks.get(who, ()), task)
    kept = kept | overdue_due(late, due, made)

    done = deliver(name, tasks, kept, keeping, channel, smtp, due, claim, release, pages)
    kept = campaigns.secrets.unseal(name)
    awaited = loaded.kind.awaited(loaded.state)
    reminded = remind(name, awaited, kept, keeping, due, moment, channel, smtp, tasks, pages, claim)
    return Delivered(
        done.told + reminded.told, done.failed + reminded.failed, done.waiting + reminded.waiting
    )


def _pages(campaigns: Any, name: str, loaded: Any, kept: Mapping[str, str], moment: Any) -> Pages:
    """Where this run's notices send their readers: the campaign's page and a fresh personal
    link for each person mailed (granted as it is written, its hash kept, for `LINK_DAYS`, in
    the role he holds: a player's, else an arbiter's or an organiser's), on the hub whose
    address is kept (none: no link)."""
    from datetime import timedelta
    from urllib.parse import quote

    of, state, hub = loaded.kind, loaded.state, kept.get(HUB)
    standing = {folded(p): of.player_lines(state, p) for p in of.awaited(state)}
    roles = {folded(p): "organiser" for p in linked(kept, ("organiser",))}
    roles |= {folded(p): "arbiter" for p in linked(kept, ("arbiter",))}
    roles |= {folded(p): "player" for p in of.players(state)}
    if not hub:
        return Pages(standing=standing)
    root = hub.rstrip("/")
    until = (moment + timedelta(days=LINK_DAYS)).isoformat()

    def personal(player: str) -> str:
        import secrets

        token = secrets.token_urlsafe(24)
        campaigns.links.grant(name, token, roles.get(folded(player), "player"), player, until)
        return f"{root}/a/{token}"

    return Pages(f"{root}/c/{quote(name, safe='')}", personal, standing)


# A step overdue: told to those who run the campaign.


def overdue(loaded: Any, kept: Mapping[str, str], moment: Any) -> dict[str, tuple[str, str]]:
    """What a passed deadline leaves to the people who run the campaign: for the organisers and
    the arbiters (`linked`) who left a contact, by folded name, his name and what he is told,
    where the deadline standing for the step in hand passed by `moment` and the house rule
    leaves what happens to the organiser (`deadline rule organiser`, or `auto` where the kind's
    rules page records nothing for that step: what `tick` says); none where nobody is waited
    for."""
    from campaign.views.grammar import listing

    of, state, facts = loaded.kind, loaded.state, loaded.facts
    step, reckoning = of.next_step(state), facts.reckoning
    missed = reckoning.missed(step, moment)
    if missed is None or (reckoning.automatic(step, moment) and of.missed(state)):
        return {}
    waiting = list(tasks_of(of, state, linked(kept)))
    if not waiting:
        return {}
    reached, runs = contacts(kept), {folded(p) for p in linked(kept, ("organiser",))}
    when = _shown(missed.at.isoformat(), facts.zone)
    said = (
        f'The deadline of "{step.rstrip(".")}" passed on {when}: it waits for '
        f"{listing(waiting)}, and the house rule leaves it to "
    )
    told = {}
    for person in linked(kept, ("organiser", "arbiter")):
        who = folded(person)
        if any(reached.get(who, {}).values()):
            whose = "you (extend it with deadline set, or rule)" if who in runs else "the organiser"
            told[who] = (person, said + whose)
    return told


def overdue_due(
    late: Mapping[str, tuple[str, str]],
    now_due: tuple[str, str | None, str | None],
    made: Callable[[str, str], bool],
) -> dict[str, str]:
    """The notices an overdue step makes due (`overdue`), each kept by the first sender that
    sees it (`made`: one insert in the store, under a label of the step and its deadline):
    whoever sees it after, in this run or the next, makes none. The labels and values made."""
    import hashlib

    step, deadline, zone = now_due
    digest = hashlib.sha256(f"{step}\n{deadline}".encode()).hexdigest()[:16]
    kept = {}
    for who, (person, task) in late.items():
        notice = Notice(
            f"{NOTICE}0:{who}:{OVERDUE}{digest}", person, step, deadline, zone=zone,
            task=(task,), overdue=True,
        )  # fmt: skip
        value = settled(notice, "due")
        if made(notice.label, value):
            kept[notice.label] = value
    return kept


def now_due(loaded) -> tuple[str, str | None, str | None]:
    """The step in hand, the deadline standing for it (ISO 8601) and the campaign's time zone."""
    step, facts = loaded.kind.next_step(loaded.state), loaded.facts
    standing = facts.reckoning.deadline(step)
    due = None if standing is None else standing.at.isoformat()
    return step, due, facts.zone
