"""Files that people hand the program (allocations, exports): read only when they are regular
files of a stated size, as UTF-8 text (a byte-order mark is allowed)."""

from __future__ import annotations

import collections
import os
import stat
import threading
from pathlib import Path

from campaign.errors import CampaignError

KB, MB = 1024, 1024 * 1024
HELD: collections.Counter[str] = collections.Counter()
"""The stores this process's SQLite connections hold open, each as often as it is open: never
opened here, nor their write-ahead log and shared memory. Closing a file the process opened
itself drops every POSIX lock the process holds on it, SQLite's included
(`app.check_store_file`)."""


_HOLDING = threading.Lock()


def hold(path: str) -> None:
    """`path` is a store this process's SQLite connections hold (until `release`)."""
    with _HOLDING:
        HELD[path] += 1


def release(path: str) -> None:
    with _HOLDING:
        HELD[path] -= 1
        if HELD[path] <= 0:
            del HELD[path]


def _held(status: os.stat_result) -> bool:
    with _HOLDING:
        stores = list(HELD)
    for store in stores:
        for each in (store, f"{store}-wal", f"{store}-shm"):
            try:
                other = os.stat(each)
            except OSError:
                continue
            if (other.st_dev, other.st_ino) == (status.st_dev, status.st_ino):
                return True
    return False


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
    if _held(status):
        raise CampaignError(f"{path} is the campaign store itself, not {what}.")
    if status.st_size > limit:
        raise CampaignError(
            f"{what.capitalize()} {path} is {size(status.st_size)}; at most {size(limit)} is read."
        )
    try:
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except OSError as exc:
        raise CampaignError(
            f"Cannot read {what} {path} ({exc.strerror or exc.__class__.__name__})."
        ) from None
    if len(data) > limit:
        raise CampaignError(f"{what.capitalize()} {path} is larger than {size(limit)}.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CampaignError(f"{what.capitalize()} {path} is not UTF-8 text.") from None


def size(count: int) -> str:
    """A number of bytes as a person reads it, exactly where it is a limit ("64 MiB"), else to
    one decimal ("1.5 MiB")."""
    for unit, name in ((MB, "MiB"), (KB, "KiB")):
        if count >= unit:
            whole, part = divmod(count, unit)
            return f"{whole} {name}" if not part else f"{count / unit:.1f} {name}"
    return f"{count} bytes" if count != 1 else "1 byte"
