"""Checkpoints a player can keep (issue #30): a campaign's identity, how many events it had and
the chain head after the last of them, at the instant of that event — signed, where the organiser
announced a key in the log, with Ed25519 in the shape of C2SP's signed notes (a body of lines,
a blank line, one line per signature: an em dash, the key's name, base64 of its 4-byte id and the
signature). Every report ends with one; `campaign verify --checkpoint` checks a pasted one, and a
reader that saw one refuses a log that does not extend it (campaign.proof.witness).

Nothing in a checkpoint is typed by a person: hexadecimal, digits, an ISO instant, base64 and a
key name of letters, digits, dots, dashes and underscores — so it survives a paste into Discord,
a forum's code block or an e-mail exactly, and no escaping can change what was signed."""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from campaign.errors import CampaignError
from events.common import CampaignEvent, KeyAnnounced

ORIGIN = re.compile(r"campaign/[0-9a-f]{32}")
SIZE = re.compile(r"[1-9][0-9]{0,11}")
HEAD = re.compile(r"[0-9a-f]{64}")
TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?(\+00:00|Z)")
KEY_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}")
DASH = "\u2014"
ED25519 = b"\x01"
"""The signature type of an Ed25519 verifier key (C2SP signed-note)."""
WRAPPING = re.compile(r"^(?:>\s?|```\w*|\[code\]|<pre>)+|(?:```|\[/code\]|</pre>)+$")
"""What a pasted checkpoint may be wrapped in: a quote, a code block's fences, BBCode, HTML."""


@dataclass(frozen=True)
class Checkpoint:
    """The campaign `origin` had `size` events, the last of them recorded at `time` with chain
    head `head`; `signatures` as their lines."""

    origin: str
    size: int
    head: str
    time: str
    signatures: tuple[str, ...] = ()

    def body(self) -> str:
        """What a signature signs."""
        return f"{self.origin}\n{self.size}\n{self.head}\n{self.time}\n"

    def lines(self) -> list[str]:
        """The checkpoint as posted: its body, then (if signed) a blank line and the
        signatures."""
        body = self.body().splitlines()
        return [*body, "", *self.signatures] if self.signatures else body

    def signed(self, line: str) -> Checkpoint:
        return replace(self, signatures=(*self.signatures, line))

    def as_data(self) -> dict[str, Any]:
        return {
            "origin": self.origin,
            "size": self.size,
            "head": self.head,
            "time": self.time,
            "signatures": list(self.signatures),
            "text": "\n".join(self.lines()) + "\n",
        }


def origin_of(first: CampaignEvent) -> str:
    """A campaign's identity: its first event's link in the hash chain (which binds its name,
    its rules and the instant it started), in 32 hexadecimal digits."""
    return "campaign/" + first.chain[:32]


def of(events: Sequence[CampaignEvent], size: int) -> Checkpoint:
    """The checkpoint of the first `size` events of a log."""
    last = events[size - 1]
    return Checkpoint(origin_of(events[0]), size, last.chain, instant(last))


def instant(event: CampaignEvent) -> str:
    return event.timestamp.isoformat()


def from_data(data: dict[str, Any]) -> Checkpoint:
    """A checkpoint kept in a report's data (`as_data`)."""
    return Checkpoint(data["origin"], data["size"], data["head"], data["time"])


def announced(events: Sequence[CampaignEvent], size: int) -> tuple[int, str] | None:
    """The organiser's key for a checkpoint of the first `size` events: the last announced among
    them (its event number and verifier key), or None."""
    for event in reversed(events[:size]):
        if isinstance(event, KeyAnnounced):
            return event.originator_version, event.key
    return None


def parse_all(text: str) -> list[Checkpoint]:
    """Every checkpoint in a pasted text (a report, a channel's history, a file of them), in
    the order they appear; lines around and between them are ignored."""
    lines = [_unwrapped(line) for line in text.splitlines()]
    found, at = [], 0
    while at < len(lines):
        if not ORIGIN.fullmatch(lines[at]):
            at += 1
            continue
        size, head, time = (lines[at + 1 : at + 4] + ["", "", ""])[:3]
        if not (SIZE.fullmatch(size) and HEAD.fullmatch(head) and TIME.fullmatch(time)):
            raise CampaignError(
                f"The checkpoint of {lines[at]} is damaged: after its first line come its size (a "
                "number), its chain head (64 hexadecimal digits) and an instant; copy it whole."
            )
        point, at = Checkpoint(lines[at], int(size), head, time), at + 4
        while at < len(lines) and (not lines[at] or lines[at].startswith(DASH + " ")):
            if lines[at]:
                point = point.signed(lines[at])
            elif at + 1 < len(lines) and not lines[at + 1].startswith(DASH + " "):
                break
            at += 1
        found.append(point)
    return found


def _unwrapped(line: str) -> str:
    return WRAPPING.sub("", line.strip()).strip()


@dataclass(frozen=True)
class VerifierKey:
    """An Ed25519 public key under a name, as C2SP's signed notes write it:
    `NAME+KEYID+BASE64`, KEYID the first 4 bytes of SHA-256(name, a newline, 0x01, the key)."""

    name: str
    public: bytes

    @property
    def key_id(self) -> bytes:
        return hashlib.sha256(self.name.encode() + b"\n" + ED25519 + self.public).digest()[:4]

    def text(self) -> str:
        encoded = base64.b64encode(ED25519 + self.public).decode()
        return f"{self.name}+{self.key_id.hex()}+{encoded}"

    def line(self, signature: bytes) -> str:
        """A signature's line in a checkpoint."""
        return f"{DASH} {self.name} {base64.b64encode(self.key_id + signature).decode()}"

    def signs(self, point: Checkpoint) -> bool:
        """Whether one of the checkpoint's signature lines is this key's over its body."""
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

        public = Ed25519PublicKey.from_public_bytes(self.public)
        for line in point.signatures:
            parts = line.split(" ")
            if len(parts) != 3 or parts[1] != self.name:
                continue
            raw = canonical(parts[2])
            if raw is None or len(raw) != 68 or raw[:4] != self.key_id:
                continue
            try:
                public.verify(raw[4:], point.body().encode())
                return True
            except InvalidSignature:
                continue
        return False


def canonical(text: str) -> bytes | None:
    """The bytes of base64 `text` written the one way base64 writes them, or None: decoding
    alone accepts other last characters whose spare bits differ (issue #47: one of 230
    single-character changes of a signed checkpoint still verified)."""
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None
    return raw if base64.b64encode(raw).decode("ascii") == text else None


def verifier(text: str) -> VerifierKey:
    """A verifier key as written (`VerifierKey.text`), checked whole."""
    parts = text.strip().split("+", 2)
    refused = CampaignError(
        "That is not a verifier key: it reads NAME+KEYID+KEY, as campaign key show prints it."
    )
    if len(parts) != 3 or not KEY_NAME.fullmatch(parts[0]):
        raise refused
    raw = canonical(parts[2])
    if raw is None or len(raw) != 33 or raw[:1] != ED25519:
        raise refused
    key = VerifierKey(parts[0], raw[1:])
    if parts[1] != key.key_id.hex():
        raise CampaignError(
            "That verifier key's id does not match its name and key: it was changed; copy it whole."
        )
    return key


def held(
    events: Sequence[CampaignEvent], point: Checkpoint, kept: VerifierKey | None = None
) -> str:
    """Whether the log `events` extends the checkpoint `point` — its origin, its event
    `point.size` with that head at that instant — and whom it is signed by: the key the log
    announced for it (or `kept`, a key the player kept from the opening post). Returns what it
    found, in one sentence; refuses, naming what differs, when it does not hold."""
    origin = origin_of(events[0])
    if point.origin != origin:
        raise CampaignError(
            f"That checkpoint is of another campaign ({point.origin}); this log is {origin}."
        )
    if point.size > len(events):
        raise CampaignError(
            f"The checkpoint has {point.size} events (chain head {point.head}); the log holds "
            f"{len(events)} (chain head {events[-1].chain}): events were cut from its end."
        )
    found = announced(events, point.size)
    wanted = kept or (None if found is None else verifier(found[1]))
    signed = wanted is not None and wanted.signs(point)
    if wanted is not None and not signed:  # whose it is first: only his accuses the log
        whose = "the key you gave" if kept else "the key the organiser announced"
        said = "carries a signature that" if point.signatures else "is not signed by"
        raise CampaignError(
            f"The checkpoint of event {point.size} {said} {whose} ({wanted.name})"
            + (" did not make" if point.signatures else "")
            + ": it is not the organiser's checkpoint (changed, or made up), and says nothing "
            "of the log."
        )
    event = events[point.size - 1]
    if event.chain != point.head:
        raise CampaignError(
            f"Event {point.size} of the log has chain head {event.chain}, the checkpoint "
            f"{point.head}: the log was rewritten up to there, or the checkpoint was changed."
        )
    if instant(event) != point.time:
        raise CampaignError(
            f"Event {point.size} was recorded at {instant(event)}, the checkpoint says "
            f"{point.time}: the checkpoint was changed."
        )
    if signed and wanted is not None:
        return f"event {point.size}, signed by {wanted.name}"
    return f"event {point.size}, not signed"
