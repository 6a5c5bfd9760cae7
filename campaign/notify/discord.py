"""`campaign post`: a report delivered to a Discord webhook, message by message, with the map.

Discord takes at most 2,000 characters a message, so the Markdown report goes as the messages
`views.formats.markdown` splits it into, the map attached to the last as a PNG. Each message is
sent once: the store keeps, beside the log, how many messages of a report were delivered, so a
post cut short by a failure resumes where it stopped and a finished one is not sent again unless
asked. Rate limits (429) are waited out as Discord's Retry-After says and a server error is
tried again a few times, within a deadline for the whole post; a message sent and left
unanswered is never sent again by itself (Discord may have posted it: the organiser looks and
says, `--delivered N`); any other refusal is said in one sentence. The webhook's URL
is a password (whoever has it can post): it is kept beside the log, never in it, and never
printed.

Playing from Discord (issue #49): turn notices go through the application's bot instead of the
webhook where a campaign is bound to a channel and the bot's token is set (`Bot`, `bot`), since
only the bot's messages carry buttons; `layout` makes a person's forms Discord's components, for
those notices and the hub's `/campaign turn` alike; `register` puts the slash commands; an
interaction's deferred answer is edited in (`Original`, `original`: the map of `/campaign map`),
its rate limits met as a post's are.
"""

from __future__ import annotations

import hashlib
import json
import math
import socket
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from campaign.errors import CampaignError

WEBHOOK = "webhook"
"""The label under which the store keeps a campaign's webhook URL."""
BOUND = "discord-channel"
"""In a campaign's kept labels: the Discord channel it is played in (`campaign discord bind`:
its people act there through the hub's interactions endpoint, issue #49)."""
POSTED = "posted:"
"""Labels `posted:<digest>`: how many messages of that report were delivered."""
ATTEMPTS = 5
LONGEST_WAIT = 60.0
"""Seconds the whole post may spend waiting on rate limits and retries before giving up."""
TIMEOUT = 15.0
"""Seconds one message's answer may take, all of it: a server that trickles it is given up on."""
DEADLINE = 120.0
"""Seconds a whole post may take, answers and waits included."""


class Uncertain(CampaignError):
    """A message was sent and no answer came: Discord may have posted it. It is never sent again
    by itself (that would post it twice); the organiser looks in the channel and says."""


def checked_url(url: str) -> str:
    """An http(s) URL with a host: anything else (a file, a script) is refused."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise CampaignError(
            "A webhook is an https:// URL (Discord: Server Settings → Integrations → Webhooks)."
        )
    return url.strip()


def digest(messages: list[str], attachment: bytes | None) -> str:
    """What identifies one report's post: its messages and its map."""
    hashed = hashlib.sha256("\x00".join(messages).encode())
    hashed.update(attachment or b"")
    return hashed.hexdigest()[:24]


@dataclass
class Delivery:
    url: str
    sleep: Callable[[float], None] = time.sleep
    timeout: float = TIMEOUT
    deadline: float = DEADLINE
    ends: float | None = None
    """When the post must be over (`time.monotonic`), set by its first message."""
    listed = False
    """Whether a message's file is also listed in it (`attachments`), as an edit must list it."""

    def left(self) -> float:
        if self.ends is None:
            self.ends = time.monotonic() + self.deadline
        return self.ends - time.monotonic()

    def send(
        self,
        content: str,
        attachment: tuple[str, bytes] | None = None,
        users: Sequence[str] = (),
        components: Sequence[dict[str, Any]] = (),
    ) -> None:
        """One message (and its file; pinging only `users`, Discord ids; with `components`
        where the channel carries them: the bot's), tried again on rate limits and server
        errors — which Discord answers without posting — within the post's deadline; a message
        sent and left unanswered is `Uncertain`, never sent again."""
        waited = 0.0
        for attempt in range(1, ATTEMPTS + 1):
            wait = self._try(content, attachment, users, components)
            if wait is None:
                return
            if attempt == ATTEMPTS or waited + wait > LONGEST_WAIT or wait >= self.left():
                raise CampaignError(
                    f"Discord kept refusing the post (rate limit or server error, {attempt} "
                    "tries); what was delivered stays delivered: run the same post again later."
                )
            self.sleep(wait)
            waited += wait

    def _try(
        self,
        content: str,
        attachment: tuple[str, bytes] | None,
        users: Sequence[str] = (),
        components: Sequence[dict[str, Any]] = (),
    ) -> float | None:
        """None once delivered; otherwise how long to wait before trying again."""
        left = self.left()
        if left <= 0:
            raise CampaignError(
                f"The post took longer than {self.deadline:.0f} s and was given up; what was "
                "delivered stays delivered: run the same post again later."
            )
        request = self.request(*_body(content, attachment, users, components, self.listed))
        limit = min(self.timeout, left)
        failure = _exchange(request, limit)
        if failure is None:
            return None
        if isinstance(failure, urllib.error.HTTPError):
            if failure.code == 429:
                return _retry_after(failure)
            if failure.code >= 500:
                return 2.0
            raise CampaignError(
                f"Discord refused the post (HTTP {failure.code} {failure.reason}): {self.check}."
            ) from None
        reason = getattr(failure, "reason", failure)
        if isinstance(reason, (ConnectionRefusedError, socket.gaierror)):
            raise CampaignError(
                f"{self.place} cannot be reached ({reason.strerror or reason}): check the URL "
                "and the network."
            ) from None
        raise Uncertain(f"Discord did not answer within {round(limit, 1):g} s")

    check = "check the webhook URL"
    """What to look at when Discord refuses a message."""
    place = "The webhook"
    """Where the messages go, in words."""

    def request(self, body: bytes, kind: str) -> urllib.request.Request:
        """A message to the webhook, answered once posted (`wait=true`)."""
        separator = "&" if "?" in self.url else "?"
        return urllib.request.Request(
            f"{self.url}{separator}wait=true",
            data=body,
            method="POST",
            headers={"Content-Type": kind, "User-Agent": AGENT},
        )


AGENT = "campaign (wargame campaign manager)"


@dataclass
class Bot(Delivery):
    """A channel's messages posted with the application's bot token (Discord's REST API,
    `POST /channels/{id}/messages`, `Authorization: Bot TOKEN`): unlike a webhook's, they carry
    buttons (issue #49). Rate limits and refusals are met as a webhook's are."""

    token: str = field(default="", repr=False)
    buttons: Callable[[Sequence[str]], list[dict[str, Any]]] | None = field(
        default=None, repr=False
    )
    """The components of a notice for these people (`delivery.step_buttons`), if any."""
    check = "check the bot's token and that it may post in the campaign's channel"
    place = "Discord's API"

    def request(self, body: bytes, kind: str) -> urllib.request.Request:
        return urllib.request.Request(
            self.url,
            data=body,
            method="POST",
            headers={
                "Authorization": f"Bot {self.token}",
                "Content-Type": kind,
                "User-Agent": AGENT,
            },
        )


@dataclass
class Original(Delivery):
    """An interaction's first answer, deferred (`/campaign map`), edited in: Discord's
    `PATCH /webhooks/{application}/{token}/messages/@original`, authorised by the interaction's
    own token (no bot token), which Discord honours for 15 minutes (`EDIT_WINDOW`); its file
    listed in the message, as an edit must. Rate limits and server errors are met as a post's
    are (`Delivery.send`): the whole edit within `deadline`, well inside the window."""

    listed = True
    check = "the interaction's token holds 15 minutes"
    place = "Discord's API"

    def request(self, body: bytes, kind: str) -> urllib.request.Request:
        return urllib.request.Request(
            self.url,
            data=body,
            method="PATCH",
            headers={"Content-Type": kind, "User-Agent": AGENT},
        )


EDIT_WINDOW = 15 * 60.0
"""Seconds an interaction's token may edit its answer (Discord's limit)."""


def original(application: str, token: str) -> Original:
    """The edit of an interaction's deferred answer, at Discord's API (or `API_SETTING`'s: a
    stand-in's), its deadline begun now; refused in one sentence where the interaction names no
    application or token."""
    import os
    from urllib.parse import quote

    if not (application.isascii() and application.isdigit() and 17 <= len(application) <= 20):
        raise CampaignError("This interaction names no application: Discord sends one.")
    if not (token and token.isascii() and token.isprintable() and len(token) <= 1000):
        raise CampaignError("This interaction carries no token to answer it with.")
    api = checked_url(os.environ.get(API_SETTING, "") or API).rstrip("/")
    where = f"{api}/webhooks/{application}/{quote(token, safe='')}/messages/@original"
    edit = Original(where, deadline=min(DEADLINE, EDIT_WINDOW - 60))
    edit.left()  # the deadline runs from the interaction's arrival, not from the drawing's end
    return edit


def bot(channel: str | None) -> Bot | None:
    """The bot's delivery to `channel` (a campaign's bound channel) where the application's
    token is set (`TOKEN`), at Discord's API (or `API_SETTING`'s: a stand-in's); else None."""
    import os

    token = os.environ.get(TOKEN, "").strip()
    if not (channel and token):
        return None
    api = checked_url(os.environ.get(API_SETTING, "") or API).rstrip("/")
    return Bot(f"{api}/channels/{channel}/messages", token=token)


ROW, ROWS, OPTIONS = 5, 5, 25
"""Buttons in a row, rows in a message, options in a select menu (Discord's limits)."""


def layout(forms: Sequence[tuple[dict[str, Any], str, str]]) -> list[list[dict[str, Any]]]:
    """A person's forms as a message's rows of components (issue #49), each `(form, guard,
    named)`: a form of at most `ROW` choices as buttons (one, its word, where it has none), of
    more as select menus of at most `OPTIONS` choices; each carries the form's action, the
    choice's place in it and `guard` (what the form showed, or where a notice's log stood),
    its words begun with `named`. Buttons first, in rows of `ROW`; every row, whether or not a
    message holds them all (`ROWS`)."""
    buttons, menus = [], []
    for form, guard, named in forms:
        choices = list((form.get("choices") or {}).values())
        if len(choices) <= ROW:
            for index, words in enumerate(choices or [form.get("button") or "Record"]):
                custom = f"act:{form['action']}:{index}:{guard}"
                label = short(named + words, 80)
                buttons.append({"type": 2, "style": 1, "label": label, "custom_id": custom})
            continue
        for page, at in enumerate(range(0, len(choices), OPTIONS)):
            options = [
                {"label": short(words, 100), "value": str(index)}
                for index, words in enumerate(choices[at : at + OPTIONS], at)
            ]
            menu = {
                "type": 3,
                "custom_id": f"pick:{form['action']}:{page}:{guard}",
                "placeholder": short(named + form["label"], 150),
                "options": options,
            }
            menus.append([menu])
    return [buttons[at : at + ROW] for at in range(0, len(buttons), ROW)] + menus


def short(words: str, limit: int) -> str:
    """`words` within `limit` characters (Discord's limits on labels), cut with an ellipsis."""
    return words if len(words) <= limit else words[: limit - 1] + "…"


def at_notice(events: int, head: str, form: int, person: str) -> str:
    """What a turn notice's button carries instead of its form's digest (`pages.as_shown`): the
    log's position when it was posted (its length, its last event's hash begun), the form's place
    among the person's forms, and whose it is — a press is decided only while nothing was
    recorded since, by that person (`campaign.web.interactions`)."""
    return f"@{events}.{head[:12]}.{form}.{whose(person)}"


def whose(person: str) -> str:
    """A person's name, folded and hashed short: whose a notice's button is."""
    from campaign.input.names import folded

    return hashlib.sha256(folded(person).encode()).hexdigest()[:8]


def _exchange(request: urllib.request.Request, limit: float) -> BaseException | None:
    """Send `request` and read its whole answer within `limit` seconds, however slowly the
    server writes it (the socket's own timeout is per read): None, or what went wrong."""
    outcome: list[BaseException | None] = []

    def exchange() -> None:
        try:
            with urllib.request.urlopen(request, timeout=limit) as answer:
                while answer.read(64 * 1024):
                    pass
            outcome.append(None)
        except Exception as failure:  # noqa: BLE001 - handed to the caller, who says it
            outcome.append(failure)

    worker = threading.Thread(target=exchange, daemon=True)
    worker.start()
    worker.join(limit)
    if worker.is_alive() or not outcome:  # the daemon thread ends with its socket's timeout
        return TimeoutError(f"no answer within {limit:.0f} s")
    return outcome[0]


def _retry_after(refusal: urllib.error.HTTPError) -> float:
    """Discord's wait in seconds: the Retry-After header, else the body's `retry_after`, when a
    finite number (`nan` and `inf` are no wait); else 1 s."""
    header = refusal.headers.get("Retry-After")
    try:
        wait = float(header or "")
        if math.isfinite(wait):
            return max(0.0, wait)
    except (TypeError, ValueError):
        pass
    try:
        wait = float(json.loads(refusal.read() or b"{}").get("retry_after", 1.0))
        return max(0.0, wait) if math.isfinite(wait) else 1.0
    except (TypeError, ValueError, AttributeError):
        return 1.0


def _body(
    content: str,
    attachment: tuple[str, bytes] | None,
    users: Sequence[str] = (),
    components: Sequence[dict[str, Any]] = (),
    listed: bool = False,
) -> tuple[bytes, str]:
    """JSON, or multipart with the JSON as `payload_json` and the file as `files[0]` (`listed`
    in the JSON's `attachments` too, as an edit's must be). Mentions in the text ping nobody but
    `users` (allowed_mentions: no everyone, no roles)."""
    allowed = {"parse": [], **({"users": list(users)} if users else {})}
    message: dict[str, Any] = {"content": content, "allowed_mentions": allowed}
    if components:
        message["components"] = list(components)
    if attachment is not None and listed:
        message["attachments"] = [{"id": 0, "filename": attachment[0]}]
    payload = json.dumps(message).encode()
    if attachment is None:
        return payload, "application/json"
    name, data = attachment
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\n'
        "Content-Type: application/json\r\n\r\n".encode(),
        payload,
        f'\r\n--{boundary}\r\nContent-Disposition: form-data; name="files[0]"; '
        f'filename="{name}"\r\nContent-Type: image/png\r\n\r\n'.encode(),
        data,
        f"\r\n--{boundary}--\r\n".encode(),
    ]
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def post(
    delivery: Delivery,
    messages: list[str],
    attachment: tuple[str, bytes] | None,
    delivered: int,
    record: Callable[[int], None],
) -> int:
    """Send the messages not yet delivered, in order, the file with the last; `record(n)` after
    each, so that a post cut short resumes at the first message not delivered."""
    for number in range(delivered, len(messages)):
        last = number == len(messages) - 1
        try:
            delivery.send(messages[number], attachment if last else None)
        except Uncertain as unanswered:
            raise Uncertain(
                f"{unanswered} to message {number + 1} of {len(messages)}, which may have been "
                f"posted: look in the channel; if it is there, run the same post with "
                f"--delivered {number + 1}, else run it again."
            ) from None
        record(number + 1)
    return len(messages) - delivered


API = "https://discord.com/api/v10"
"""Discord's REST API, where an application's commands are registered."""
TOKEN = "CAMPAIGN_DISCORD_TOKEN"
"""The environment setting that holds the application's bot token (never printed, never kept)."""
API_SETTING = "CAMPAIGN_DISCORD_API"
"""The environment setting naming another REST API than Discord's (`API`) for the bot's turn
notices: a stand-in's, in tests."""


def register(
    commands: list[dict[str, Any]], application: str, token: str, guild: str | None, api: str = API
) -> int:
    """Put `commands` as the application's whole set (Discord's bulk overwrite: what is not in
    it is dropped), for one server (`guild`: at once) or everywhere (within the hour); how many
    Discord holds now. Refused in one sentence: a bad id, a refused token, no answer."""
    for what, value in (("application", application), ("server", guild or "0" * 17)):
        if not (value.isascii() and value.isdigit() and 17 <= len(value) <= 20):
            raise CampaignError(f"Give the {what}'s id, 17 to 20 digits, not {value!r}.")
    where = f"/guilds/{guild}" if guild else ""
    request = urllib.request.Request(
        f"{checked_url(api).rstrip('/')}/applications/{application}{where}/commands",
        data=json.dumps(commands).encode(),
        method="PUT",
        headers={
            "Authorization": f"Bot {token}",
            "Content-Type": "application/json",
            "User-Agent": "campaign (wargame campaign manager)",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            held = json.loads(answer.read() or b"[]")
    except urllib.error.HTTPError as refusal:
        why = "the token was refused" if refusal.code in (401, 403) else refusal.reason
        raise CampaignError(f"Discord refused the commands (HTTP {refusal.code}: {why}).") from None
    except (urllib.error.URLError, OSError, ValueError) as failure:
        raise CampaignError(f"Discord's API cannot be reached ({failure}).") from None
    return len(held) if isinstance(held, list) else 0
