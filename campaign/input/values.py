"""Values typed by users, parsed once at the edge into numbers: strictly, so that what is
stored is exactly what was meant and prints back the same."""

from __future__ import annotations

import re
from decimal import Decimal

from campaign.errors import CampaignError

DECIMAL = re.compile(r"[0-9]{1,3}(\.[0-9]{1,2})?", re.ASCII)
"""A plain decimal number: up to three digits, then up to two decimals (35, 35.5, 100, 0.25)."""
WHOLE = re.compile(r"[0-9]{1,6}", re.ASCII)


def percentage(text: str) -> Decimal | None:
    """`35`, `35.5` or `35.5%` as a Decimal; None for anything else (signs, exponents,
    other digits, more than two decimals)."""
    written = text.strip().removesuffix("%").strip()
    return Decimal(written) if DECIMAL.fullmatch(written) else None


def whole_number(text: str, what: str) -> int:
    """A count written in plain digits."""
    written = text.strip()
    if not WHOLE.fullmatch(written):
        raise CampaignError(f"{what} is a whole number written in digits, not {text!r}.")
    return int(written)
