"""The hub's forms: each sent once (`Forms`, one-time tokens bound to a personal link), read
within bounds (`read_form`), and refused in one sentence with its HTTP status (`Refused`)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from collections import OrderedDict
from urllib.parse import parse_qs

from starlette.requests import Request

from campaign.files import size

FORM_BYTES = 64 * 1024
"""The most a form sent to the hub may hold, read before anything is parsed (a note is at most
2,000 characters; the organiser's console line too)."""
FORM_FIELDS = 32
PENDING_FORMS = 4096
"""Forms handed out and not yet sent that the hub remembers (`Forms`); older ones are out of
date."""
TOLD = 1024
"""What the hub said after a recorded form, kept for the page it redirects to (`Forms.tell`)."""


class Forms:
    """One-time forms. Each page drawn for a personal link carries a fresh form token: a nonce,
    and an HMAC binding it to the link under this server's key (a form made elsewhere, or before
    the server started, is refused). A form that recorded something has spent its token: sent
    again — a refresh, the back button, a double click, a replay — it records nothing. A refused
    form keeps its token (nothing was recorded; the person may correct and send it again)."""

    def __init__(self, limit: int = PENDING_FORMS) -> None:
        self.key, self.limit = secrets.token_bytes(32), limit
        self.pending: OrderedDict[str, None] = OrderedDict()
        self.told: OrderedDict[tuple[str, str], str] = OrderedDict()
        self.lock = threading.Lock()

    def _mac(self, token: str, nonce: str) -> str:
        return hmac.new(self.key, f"{token}|{nonce}".encode(), hashlib.sha256).hexdigest()

    def issue(self, token: str) -> str:
        nonce = secrets.token_hex(16)
        with self.lock:
            self.pending[nonce] = None
            while len(self.pending) > self.limit:
                self.pending.popitem(last=False)
        return f"{nonce}.{self._mac(token, nonce)}"

    def claim(self, token: str, sent: str) -> str:
        """The nonce of a form sent for `token`, taken so that no other sending of it records;
        refused in one sentence when the form is not this link's, or was spent or is too old."""
        nonce, _, mac = sent.partition(".")
        if not hmac.compare_digest(mac.encode(), self._mac(token, nonce).encode()):
            raise Refused("This form is out of date: open your link again.", 403)
        with self.lock:
            spent = nonce not in self.pending
            self.pending.pop(nonce, None)
            if spent:
                raise Refused(
                    "This form was sent already, or is too old: nothing more was recorded. "
                    "Your page shows the campaign as it stands.",
                    409,
                )
        return nonce

    def give_back(self, nonce: str) -> None:
        with self.lock:
            self.pending[nonce] = None

    def tell(self, token: str, message: str) -> str:
        """Keep what the hub said for the page a recorded form redirects to; its key."""
        said = secrets.token_urlsafe(8)
        with self.lock:
            self.told[(token, said)] = message
            while len(self.told) > TOLD:
                self.told.popitem(last=False)
        return said

    def said(self, token: str, said: str) -> str | None:
        with self.lock:
            return self.told.get((token, said))


class Refused(Exception):
    """A form refused before it reaches the campaign: its sentence and HTTP status."""

    def __init__(self, sentence: str, status: int) -> None:
        super().__init__(sentence)
        self.status = status


async def read_form(request: Request) -> dict[str, str]:
    """A form as sent (URL-encoded, as the hub's pages send it), refused before it is parsed
    when larger than `FORM_BYTES` or of more than `FORM_FIELDS` fields; the first value of
    each field."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > FORM_BYTES:
        raise Refused(f"A form sent to the hub is at most {size(FORM_BYTES)}.", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > FORM_BYTES:
            raise Refused(f"A form sent to the hub is at most {size(FORM_BYTES)}.", 413)
    try:
        fields = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=FORM_FIELDS)
    except (UnicodeDecodeError, ValueError):
        raise Refused("This form cannot be read: open your link again.", 400) from None
    return {name: values[0] for name, values in fields.items()}
