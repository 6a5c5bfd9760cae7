"""Turn notices (issue #27): a player is told when it becomes his turn, once.

After every write the service compares who must act before and after it (`Kind.awaited`): each
person who must act now and did not before has a notice due, kept beside the log (never in it,
never in an export), under the event that made it his turn. `campaign notify` delivers the due
notices — a message in the campaign's Discord channel (its kept webhook) that pings only the
people it is for (`allowed_mentions.users`), an e-mail through the organiser's SMTP server to
those who left an address (`campaign contact`) — and marks each one delivered, so that none is
sent twice. A notice whose person no longer has to act by the time it would go (he acted, the
step was undone) is dropped unsent: nobody is told to do what is done.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from campaign.errors import CampaignError
from campaign.names import folded

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


@dataclass(frozen=True)
class Notice:
    label: str
    player: str
    step: str
    deadline: str | None
    """The deadline standing for the step when the notice became due, ISO 8601 in UTC."""
    state: str = "due"
    """due, sent (with `by`), or dropped (his turn was over before it went)."""
    by: tuple[str, ...] = ()
    zone: str | None = None
    """The campaign's time zone, the deadline said on its clock (UTC where it has none)."""


def newly_awaited(kind: Any, before: Any, after: Any) -> list[str]:
    """Who must act after a write and did not before it (everyone, for a campaign's start)."""
    earlier = set() if before is None else {folded(p) for p in kind.awaited(before)}
    return [p for p in kind.awaited(after) if folded(p) not in earlier]


def due(players: Iterable[str], at: int, step: str, deadline: str | None) -> dict[str, str]:
    """The labels and values of the notices due for `players`, made their turn by event `at`."""
    made = (Notice(f"{NOTICE}{at}:{folded(player)}", player, step, deadline) for player in players)
    return {notice.label: settled(notice, "due") for notice in made}


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
                )
            )
    return sorted(notices, key=lambda n: int(n.label.split(":")[1]))


def settled(notice: Notice, state: str, by: Sequence[str] = ()) -> str:
    """What is kept of a notice: due, being sent, sent (`by` which channels) or dropped."""
    return json.dumps(
        {
            "player": notice.player,
            "step": notice.step,
            "deadline": notice.deadline,
            "state": state,
            "by": list(by),
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
        if len(email) > 254 or not ADDRESS.fullmatch(email.strip()):
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


def discord_text(
    campaign: str, notices: Sequence[Notice], reached: Mapping[str, Any], reminder: bool = False
) -> str:
    """One message for the notices of one step: each person pinged where his Discord id is
    known, named otherwise; the campaign's name, the names and the step are text (Markdown
    escaped, no mention of anyone else)."""
    from campaign.views.formats import markdown_escape

    who = [
        f"<@{reached[folded(n.player)]['discord']}>"
        if "discord" in reached.get(folded(n.player), {})
        else markdown_escape(n.player)
        for n in notices
    ]
    first = notices[0]
    deadline = f" Deadline: <t:{_epoch(first.deadline)}:R>." if first.deadline else ""
    what = "the deadline is near" if reminder else "it is your turn"
    return (
        f"{markdown_escape(campaign)}: {what}, {', '.join(who)}. "
        f"Next: {markdown_escape(first.step)}{deadline} Open your personal link to act."
    )


def pinged(notices: Sequence[Notice], reached: Mapping[str, Any]) -> list[str]:
    """The Discord ids a message for `notices` may ping: theirs, and nobody else's."""
    return [
        reached[folded(n.player)]["discord"]
        for n in notices
        if "discord" in reached.get(folded(n.player), {})
    ]


def email_text(campaign: str, notice: Notice, reminder: bool = False) -> tuple[str, str]:
    """An e-mail's subject and plain text for one notice (or a reminder)."""
    deadline = f"\nDeadline: {_shown(notice.deadline, notice.zone)}." if notice.deadline else ""
    said = "the deadline of your turn is near" if reminder else "it is your turn"
    return (
        f"{campaign}: {'the deadline is near' if reminder else 'your turn'}",
        f"{notice.player},\n\n{said} in {campaign}.\n\nNext: {notice.step}{deadline}\n\n"
        "Open your personal link to act, or tell your organiser.\n",
    )


def _epoch(iso: str) -> int:
    from datetime import datetime

    return int(datetime.fromisoformat(iso).timestamp())


def _shown(iso: str, zone: str | None) -> str:
    from datetime import datetime

    from campaign.deadlines import clock

    return clock(datetime.fromisoformat(iso), zone, "%A %d %B %Y, %H:%M")


# Sending.


@dataclass(frozen=True)
class Smtp:
    """An SMTP server as `smtp://USER:PASSWORD@HOST:PORT` (STARTTLS when the server offers it)
    or `smtps://…` (TLS from the start), and the address notices come from."""

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
        origin = (sender or f"campaign@{parts.hostname}").strip()
        if not SENDER.fullmatch(origin):  # one address, nothing that could become a header
            raise CampaignError(f"Give one address to send from, not {origin!r}.")
        user = unquote(parts.username) if parts.username else None
        password = unquote(parts.password) if parts.password else None
        return cls(parts.hostname, port, user, password, parts.scheme == "smtps", origin)

    def send(self, messages: Sequence[EmailMessage]) -> None:
        """Every message over one connection; any failure in one sentence."""
        import smtplib
        import ssl

        try:
            connect = smtplib.SMTP_SSL if self.tls else smtplib.SMTP
            with connect(self.host, self.port, timeout=SMTP_TIMEOUT) as server:
                if not self.tls and server.has_extn("starttls"):
                    server.starttls(context=ssl.create_default_context())
                if self.user:
                    server.login(self.user, self.password or "")
                for message in messages:
                    server.send_message(message)
        except (OSError, smtplib.SMTPException) as failure:
            raise CampaignError(
                f"The mail server {self.host}:{self.port} did not take the notices ({failure})."
            ) from None

    def message(self, to: str, name: str, subject: str, body: str) -> EmailMessage:
        from email.message import EmailMessage
        from email.utils import formataddr

        message = EmailMessage()
        message["From"] = formataddr(("campaign", self.sender))
        message["To"] = formataddr((name, to))
        message["Subject"] = subject
        message.set_content(body)
        return message


def grouped(notices: Sequence[Notice]) -> list[list[Notice]]:
    """The notices of one step together (one Discord message for the people of one turn)."""
    groups: dict[tuple[str, str], list[Notice]] = {}
    for notice in notices:
        groups.setdefault((notice.label.split(":")[1], notice.step), []).append(notice)
    return list(groups.values())


Keep = Callable[[str, str], None]


def deliver(
    campaign: str,
    awaited: Iterable[str],
    kept: Mapping[str, str],
    keep: Keep,
    discord: Any = None,
    smtp: Smtp | None = None,
    now_due: tuple[str, str | None, str | None] | None = None,
    claim: Callable[[str], bool] = lambda label: True,
    release: Callable[[str], None] = lambda label: None,
) -> list[str]:
    """Send the campaign's due notices by Discord (`discord`, a `post.Delivery`) and e-mail
    (`smtp`), each marked delivered as it goes (`keep(label, value)`); a notice whose person
    no longer has to act is dropped. A notice says the step and deadline as they stand when it
    goes (`now_due`), else as they stood when it became due. Each is sent by whoever `claim`s
    it first (one insert in the store: the hub's processes and `campaign notify` by cron never
    both send it), and `release`d again when it could not go. What was done, in lines."""
    now = {folded(p) for p in awaited}
    reached = contacts(kept)
    told = []
    for notice in (n for n in kept_notices(kept) if n.state == "due"):
        if folded(notice.player) not in now:
            keep(notice.label, settled(notice, "dropped"))
    live = [n for n in kept_notices(kept) if n.state == "due" and folded(n.player) in now]
    for group in grouped(live):
        sendable = [n for n in group if discord is not None or _mailed(n, smtp, reached)]
        group = claimed = [n for n in sendable if claim(n.label)]  # another sender has the rest
        if not group:
            continue
        shown = group if now_due is None else [_as_now(n, *now_due) for n in group]
        by: dict[str, list[str]] = {n.label: [] for n in group}
        for notice in claimed:
            keep(notice.label, settled(notice, "sending"))
        try:
            if discord is not None:
                _by_discord(discord, campaign, shown, reached, by)
            if smtp is not None:
                _by_email(smtp, campaign, shown, reached, by)
        except CampaignError:
            for notice in claimed:  # refused, so not delivered: due again
                keep(notice.label, settled(notice, "due"))
                release(notice.label)
            raise
        for notice in group:
            if by[notice.label]:
                keep(notice.label, settled(notice, "sent", by[notice.label]))
                told.append(f"{notice.player}: told by {' and '.join(by[notice.label])}.")
    return told


def _mailed(notice: Notice, smtp: Smtp | None, reached: Mapping[str, Any]) -> bool:
    return smtp is not None and "email" in reached.get(folded(notice.player), {})


def _as_now(notice: Notice, step: str, deadline: str | None, zone: str | None) -> Notice:
    return Notice(notice.label, notice.player, step, deadline, notice.state, notice.by, zone)


def _by_discord(discord: Any, campaign: str, group, reached, by, reminder: bool = False) -> None:
    from campaign.post import Uncertain

    try:
        said = discord_text(campaign, group, reached, reminder)
        discord.send(said, users=pinged(group, reached))
    except Uncertain:
        pass  # Discord may have posted it: never sent twice
    for notice in group:
        by[notice.label].append("Discord")


def _by_email(smtp: Smtp, campaign: str, group, reached, by, reminder: bool = False) -> None:
    addressed = [n for n in group if "email" in reached.get(folded(n.player), {})]
    messages = [
        smtp.message(
            reached[folded(n.player)]["email"], n.player, *email_text(campaign, n, reminder)
        )
        for n in addressed
    ]
    if messages:
        smtp.send(messages)
    for notice in addressed:
        by[notice.label].append("e-mail")


# Reminders before a deadline.


def spans(typed: str) -> str:
    """`24h,2h` (or `24h 2h`, `none`) as kept: each a time before the deadline, longest first."""
    from campaign.deadlines import length_of

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
) -> list[str]:
    """The reminders due by `now` before the standing deadline (`now_due`), each sent once to
    the people who must still act; what was sent, in lines."""
    from datetime import datetime

    from campaign.deadlines import length_of

    step, deadline, zone = now_due
    if deadline is None or not kept.get(REMIND):
        return []
    at = datetime.fromisoformat(deadline)
    due_now = [span for span in kept[REMIND].split() if at - length_of(span) <= now < at]
    late = [
        p
        for p in awaited
        if due_now and not all(f"{REMINDED}{deadline}:{x}:{folded(p)}" in kept for x in due_now)
    ]
    if not late:
        return []
    nearest = min(due_now, key=length_of)  # a late run sends one reminder, not every one missed
    reached = contacts(kept)
    group = [Notice(f"{NOTICE}0:{folded(p)}", p, step, deadline, zone=zone) for p in late]
    by: dict[str, list[str]] = {n.label: [] for n in group}
    if discord is not None:
        _by_discord(discord, campaign, group, reached, by, reminder=True)
    if smtp is not None:
        _by_email(smtp, campaign, group, reached, by, reminder=True)
    told = []
    for notice in group:
        if by[notice.label]:
            for span in due_now:
                keep(f"{REMINDED}{deadline}:{span}:{folded(notice.player)}", "sent")
            told.append(f"{notice.player}: reminded, {nearest} or less before the deadline.")
    return told


def send_due(campaigns: Any, name: str, smtp: Smtp | None, moment: Any, webhook: str | None = None):
    """Campaign `name`'s due turn notices and reminders, sent through its kept webhook (or
    `webhook`) and `smtp`, each marked as it goes; what was sent, in lines."""
    from campaign.post import WEBHOOK, Delivery

    loaded, kept = campaigns.load(name), campaigns.secrets.unseal(name)
    url = webhook or kept.get(WEBHOOK)
    channel = Delivery(url) if url else None
    awaited, due = loaded.kind.awaited(loaded.state), now_due(loaded)

    def keeping(label: str, value: str) -> None:
        campaigns.secrets.keep(name, label, value)

    stream = campaigns.listing.stream(name).hex

    def claim(label: str) -> bool:
        return campaigns.secrets.claim(stream, SENDING + label, str(moment))

    def release(label: str) -> None:
        campaigns.secrets.forget(stream, SENDING + label)

    told = deliver(name, awaited, kept, keeping, channel, smtp, due, claim, release)
    kept = campaigns.secrets.unseal(name)
    return told + remind(name, awaited, kept, keeping, due, moment, channel, smtp)


def now_due(loaded) -> tuple[str, str | None, str | None]:
    """The step in hand, the deadline standing for it (ISO 8601) and the campaign's time zone."""
    step, facts = loaded.kind.next_step(loaded.state), loaded.facts
    standing = facts.reckoning.deadline(step)
    due = None if standing is None else standing.at.isoformat()
    return step, due, facts.zone
