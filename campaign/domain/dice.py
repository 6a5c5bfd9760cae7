"""Dice every player can check: committed secrets, revealed later, and rolls derived from them.

At creation the program draws a secret for each stretch of play and publishes only its
commitment (a SHA-256); the store keeps the secret (`Campaigns.seal`), never the log, which is
public. A roll is an HMAC of a record naming exactly what is rolled for, keyed by the secret, so
nobody can choose it; once the secret is revealed, anyone can recompute every roll. A kind's rules
page names the formats; this module only does the arithmetic.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

SECRET_BYTES = 32


def fresh_secret() -> str:
    """A new secret of SECRET_BYTES random bytes, as hex."""
    return secrets.token_hex(SECRET_BYTES)


def commitment(prefix: str, secret: str) -> str:
    """The SHA-256 hex of `prefix` followed by the secret as hex: what is published."""
    return hashlib.sha256(f"{prefix}{secret}".encode()).hexdigest()


def number(secret: str, record: str) -> int:
    """HMAC-SHA256 keyed by the secret's bytes over the record, read as a big-endian integer:
    the source of every roll and draw made for that record."""
    digest = hmac.new(bytes.fromhex(secret), record.encode(), hashlib.sha256).digest()
    return int.from_bytes(digest, "big")


def roll(secret: str, record: str, sides: int = 6) -> int:
    """1 + number(secret, record) mod `sides`: a die numbered from 1."""
    return 1 + number(secret, record) % sides


def is_secret(value: str) -> bool:
    """Whether `value` is a secret as `fresh_secret` makes them: SECRET_BYTES bytes in hex."""
    try:
        return len(bytes.fromhex(value)) == SECRET_BYTES and value == value.lower()
    except ValueError:
        return False
