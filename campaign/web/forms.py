"""The hub's forms: each sent once (`Forms`, one-time tokens bound to a personal link, spent in
the store: every process serving it agrees), read within bounds (`read_form`), and refused in
one sentence with its HTTP status (`Refused`)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets as secrets_module
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs

from starlette.requests import Request

from campaign.input.clock import now
from campaign.input.files import size
from campaign.store.sealed import Secrets

FORM_BYTES = 64 * 1024
"""The most a form sent to the hub may hold, read before anything is parsed (a note is at most
2,000 characters; the organiser's console line too)."""
FORM_FIELDS = 96
"""The most fields a form sent to the hub may have: a list of choices to tick sends one for each
ticked (issue #50: a battle's losses, each counter of the area a box)."""
FORM_AGE = timedelta(days=2)
"""How long a form handed out may be sent: older ones are out of date."""
KEY_LABEL = "hub-forms"
"""Where the store keeps the key of the hub's forms: a row of its secrets belonging to no
campaign (`Secrets.store_key`), shared by every process serving the store."""
SPENT = "*forms"
"""The forms sent: a row of the store's secrets for each (its nonce → when it was sent)."""
TOLD = 1500
"""The most characters of what the hub says after a recorded form that its redirect carries."""


class Forms:
    """One-time forms, shared by every process serving the store (`serve --workers N`). Each
    page drawn for a personal link carries a fresh form token: a nonce, the instant it was
    handed out, and an HMAC binding both to the link under a key the store keeps (a form made
    for another link, or by hand, is refused; one older than `FORM_AGE` is out of date). A form
    that recorded something has spent its token, in the store, by one insert that only one
    sending wins: sent again — a refresh, the back button, a double click, a replay, to any of
    the hub's processes — it records nothing. A refused form keeps its token (nothing was
    recorded; the person may correct and send it again). What the hub said after a recorded
    form travels in its redirect, sealed under the same key."""

    def __init__(self, clock: Callable[[], datetime] = now) -> None:
        self.clock = clock
        self.key: bytes | None = None

    def _key(self, secrets: Secrets) -> bytes:
        if self.key is None:
            kept = secrets.store_key(KEY_LABEL, create=True)
            # a store that cannot be written records no form anyway: this process's own key
            self.key = kept or secrets_module.token_bytes(32)
        return self.key

    def _mac(self, secrets: Secrets, *parts: str) -> str:
        message = "|".join(parts).encode()
        return hmac.new(self._key(secrets), message, hashlib.sha256).hexdigest()

    def issue(self, token: str, secrets: Secrets) -> str:
        nonce, at = secrets_module.token_hex(16), str(int(self.clock().timestamp()))
        return f"{nonce}.{at}.{self._mac(secrets, token, nonce, at)}"

    def claim(self, token: str, sent: str, secrets: Secrets) -> str:
        """The nonce of a form sent for `token`, spent so that no other sending of it records;
        refused in one sentence when the form is not this link's, or was spent or is too old."""
        nonce, at, mac = (sent.split(".") + ["", ""])[:3]
        expected = self._mac(secrets, token, nonce, at)
        if not at.isdigit() or not hmac.compare_digest(mac.encode(), expected.encode()):
            raise Refused("This form is out of date: open your link again.", 403)
        now = self.clock()
        handed = datetime.fromtimestamp(int(at), UTC)
        old = (now - FORM_AGE).isoformat()  # those spent before are out of date: dropped
        if now - handed > FORM_AGE or not secrets.spend(SPENT, nonce, now.isoformat(), old):
            raise Refused(
                "This form was sent already, or is too old: nothing more was recorded. "
                "Your page shows the campaign as it stands.",
                409,
            )
        return nonce

    def give_back(self, nonce: str, secrets: Secrets) -> None:
        secrets.forget(SPENT, nonce)

    def tell(self, token: str, message: str, secrets: Secrets) -> str:
        """What the hub said after a recorded form, for the page it redirects to: sealed to the
        link, carried in the redirect's query (whichever process serves that page)."""
        message = message if len(message) <= TOLD else message[: TOLD - 1] + "…"
        carried = base64.urlsafe_b64encode(message.encode()).decode().rstrip("=")
        return f"{carried}.{self._mac(secrets, token, 'told', carried)}"

    def said(self, token: str, said: str, secrets: Secrets) -> str | None:
        carried, _, mac = said.partition(".")
        if not carried or not hmac.compare_digest(
            mac.encode(), self._mac(secrets, token, "told", carried).encode()
        ):
            return None
        try:
            return base64.urlsafe_b64decode(carried + "=" * (-len(carried) % 4)).decode()
        except (ValueError, UnicodeDecodeError):
            return None


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
