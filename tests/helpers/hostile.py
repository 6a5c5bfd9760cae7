"""Hostile input: an exported log rechained after an edit, as a forger would (header included)."""

from __future__ import annotations

import json

from campaign.domain import chain


def rechain(rows: list[dict]) -> list[str]:
    """Recompute every hash and the header's count and head, as a forger would."""
    header, body, previous = rows[0], rows[1:], chain.GENESIS
    from datetime import datetime

    for row in body:
        try:
            row["hash"] = previous = chain.link(
                previous,
                row.get("seq"),
                row.get("topic"),
                datetime.fromisoformat(row["time"]),
                row.get("actor"),
                row.get("rules_version"),
                row.get("data") or {},
            )
        except (TypeError, ValueError, KeyError, RecursionError):
            pass
    header.update(events=len(body), chain_head=previous)
    return [json.dumps(row, ensure_ascii=False) for row in rows]
