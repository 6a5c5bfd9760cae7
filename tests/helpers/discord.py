"""Discord as the hub sees it (issue #49): interactions signed with a key of the test's own, whose
public half the hub is given as the application's, and what an answer offers."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

CHANNEL = "555555555555555555"
"""The channel the tests bind their campaign to."""
NOW = "2026-12-01T14:00Z"
SIGNED = int(datetime.fromisoformat(NOW).timestamp())
"""When Discord signed the interactions: the hub's pinned clock's now."""


def application_key(monkeypatch: Any) -> Ed25519PrivateKey:
    """A new signing key; its public half, in hex, the hub's `CAMPAIGN_DISCORD_PUBLIC_KEY`."""
    key = Ed25519PrivateKey.generate()
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    monkeypatch.setenv("CAMPAIGN_DISCORD_PUBLIC_KEY", public)
    return key


def signed(client: Any, key: Ed25519PrivateKey, body: dict[str, Any], stamp: int = SIGNED) -> Any:
    """`body` posted to the hub's interactions endpoint as Discord posts it: signed by `key` over
    the timestamp `stamp` and the body."""
    raw = json.dumps(body).encode()
    signature = key.sign(str(stamp).encode() + raw).hex()
    headers = {"X-Signature-Ed25519": signature, "X-Signature-Timestamp": str(stamp)}
    return client.post("/discord/interactions", content=raw, headers=headers)


def choices(answer: dict[str, Any]) -> dict[str, str | tuple[str, str]]:
    """What an answer offers, by label: a button's custom id, or a select menu's custom id and
    its option's value."""
    found: dict[str, str | tuple[str, str]] = {}
    for row in answer["data"].get("components", []):
        for part in row["components"]:
            if part["type"] == 2:
                found[part["label"]] = part["custom_id"]
            for option in part.get("options", []):
                found[option["label"]] = (part["custom_id"], option["value"])
    return found


def picked(choice: str | tuple[str, str]) -> dict[str, Any]:
    """The data of a component interaction: a button pressed (its custom id), or a select menu's
    option picked (the menu's custom id and the option's value)."""
    if isinstance(choice, tuple):
        return {"custom_id": choice[0], "component_type": 3, "values": [choice[1]]}
    return {"custom_id": choice, "component_type": 2}
