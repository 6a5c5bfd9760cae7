"""Domain values as plain JSON values: whole percentages stay whole, decimals become numbers."""

from __future__ import annotations

from decimal import Decimal
from typing import Any


def number(value: Decimal) -> int | float:
    """A percentage for JSON: whole numbers stay whole."""
    return int(value) if value == value.to_integral_value() else float(value)


def plain(value: Any) -> Any:
    """`value` with every Decimal inside it made a JSON number, tuples made lists."""
    if isinstance(value, Decimal):
        return number(value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value
