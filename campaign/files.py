"""Files that people hand the program (allocations, exports): read only when they are regular
files of a stated size, as UTF-8 text (a byte-order mark is allowed)."""

from __future__ import annotations

import stat
from pathlib import Path

from campaign.errors import CampaignError

KB, MB = 1024, 1024 * 1024


def read_text(path: Path, what: str, limit: int) -> str:
    """The text of `path`, refused in one sentence when it is not a regular file, is larger than
    `limit` bytes, or is not UTF-8."""
    try:
        status = path.stat()
    except OSError as exc:
        raise CampaignError(
            f"Cannot read {what} {path} ({exc.strerror or exc.__class__.__name__})."
        ) from None
    if not stat.S_ISREG(status.st_mode):
        raise CampaignError(f"{what.capitalize()} {path} is not a regular file.")
    if status.st_size > limit:
        raise CampaignError(
            f"{what.capitalize()} {path} is {_size(status.st_size)}; at most {_size(limit)} is "
            "read."
        )
    try:
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except OSError as exc:
        raise CampaignError(
            f"Cannot read {what} {path} ({exc.strerror or exc.__class__.__name__})."
        ) from None
    if len(data) > limit:
        raise CampaignError(f"{what.capitalize()} {path} is larger than {_size(limit)}.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CampaignError(f"{what.capitalize()} {path} is not UTF-8 text.") from None


def _size(count: int) -> str:
    return (
        f"{count / MB:.1f} MB"
        if count >= MB
        else f"{count / KB:.0f} KB"
        if count >= KB
        else f"{count} bytes"
    )
