"""E-mail as servers judge it (issue #46): a notice said alike as plain text and as HTML
(`Mail`, `Paragraph`: everything people typed escaped, one link, nothing a client loads or runs),
and the organiser's SMTP server (`Smtp`: STARTTLS before a password, a deadline for the whole
exchange, each refused address that message's failure alone)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from campaign.errors import CampaignError

if TYPE_CHECKING:  # mail is imported by what sends it: every write imports this module
    from email.message import EmailMessage


SENDER = re.compile(r"[^@\s<>()\[\],;:\"\\]{1,64}@[A-Za-z0-9.\-]{1,253}")
SMTP_TIMEOUT = 15.0
"""Seconds for each exchange with the mail server, and (`SMTP_EXCHANGE`) for all of them."""
SMTP_EXCHANGE = 60.0
UNCARRIED = "the address cannot be carried by this mail server (it offers no SMTPUTF8)"


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
