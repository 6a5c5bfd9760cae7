"""One writer at a time per campaign across processes (issue #31): the hub's processes under
`serve --workers N`, the command line and cron's `notify` decide and append in turn instead of
racing, where a lost race decided again after a back-off. Within a process the hub's writers
already take turns (`web.base.Writers`); this is the same between processes.

The lock is an economy, never the guarantee: an append still refuses an event number taken
(`IntegrityError`, decided again), so a writer that cannot have the lock in time, or a program
that does not take it, is as safe as before. SQLite, one writer per file anyway: an exclusive
`flock` on a file beside the store (`STORE-writer.lock`). PostgreSQL: a session advisory lock per
campaign on a connection of the lock's own (never the pool's, whose connections the holder needs),
keyed by the schema and the campaign's stream."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_HELD = threading.local()
"""The locks this thread holds, (store, schema, stream or None for a whole file)."""

WAIT = 20.0
"""Seconds a writer waits for the lock before it goes on without it (and may race)."""

_FILES: dict[str, threading.RLock] = {}
_FILES_LOCK = threading.Lock()
_REBUILDABLE = threading.local()
"""Whether this thread's writes now are of what can be rebuilt or lost harmlessly
(`rebuildable`)."""


@contextlib.contextmanager
def rebuildable() -> Iterator[None]:
    """The writes within are of what can be rebuilt from the log or lost without harm (what is
    kept beside the log for its readers, a form's one-time token spent): on SQLite they are
    committed without waiting for the disk (`synchronous=NORMAL` in write-ahead mode, ~13 µs a
    commit here against ~400 µs). A power cut may lose them — never an event appended before
    them, whose commit waited for the disk with every frame written before it, nor the file's
    consistency: a view or report lost is behind the log, and its readers fold the log."""
    before = getattr(_REBUILDABLE, "on", False)
    _REBUILDABLE.on = True
    try:
        yield
    finally:
        _REBUILDABLE.on = before


def one_writer_per_file(datastore: Any, db: str) -> None:
    """Within a process, one write transaction at a time on a SQLite file (issue #31), whichever
    open store it goes through: SQLite has one writer per file anyway, and a transaction that
    read before it wrote is refused outright when another connection wrote in between, then run
    again after a pause (`Database.guard`) — eight forms at once to the hub slept 3.9 s in 4 s
    so, and recorded 79 a second where one recorded 130. Now the writers of one process wait for
    each other on a lock, woken the moment it is free; reads never wait; between processes
    nothing changes. Each write waits for the disk unless it is `rebuildable`. (eventsourcing's
    datastore opens every transaction of its recorders through `transaction`, which this
    replaces for the datastore given, as eventsourcing's own does it.)"""
    with _FILES_LOCK:
        lock = _FILES.setdefault(os.path.realpath(db), threading.RLock())
    reading = datastore.transaction

    def in_turn(*, commit: bool) -> Any:
        return writing() if commit else reading(commit=False)

    @contextlib.contextmanager
    def writing() -> Iterator[Any]:
        level = "NORMAL" if getattr(_REBUILDABLE, "on", False) else "FULL"
        with lock, datastore.get_connection(commit=True) as connection:
            if getattr(connection, "synchronous", None) != level:
                connection.cursor().execute(f"PRAGMA synchronous={level}")
                connection.synchronous = level
            with connection.transaction(commit=True) as cursor:
                yield cursor

    datastore.transaction = in_turn


class WriteLock:
    """The lock of one store's writers: `held(stream)` while a campaign is decided and appended."""

    def __init__(self, db: str, server: dict[str, Any] | None, schema: str) -> None:
        self.db, self.server, self.schema = db, server, schema
        self._connection: Any = None

    @contextlib.contextmanager
    def held(self, stream: uuid.UUID) -> Iterator[bool]:
        """The lock of `stream`'s writers, waited for at most `WAIT` seconds; yields whether it
        is held (False: the writer goes on and may race, as before). A thread already holding it
        (a write decided inside another's decision) goes on: it would wait for itself."""
        mine = (self.db, self.schema, stream if self.server is not None else None)
        taken = _held()
        if mine in taken or self.db == ":memory:":
            yield False
            return
        taken.add(mine)
        try:
            with self._advisory(stream) if self.server is not None else self._flock() as held:
                yield held
        finally:
            taken.discard(mine)

    def close(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.close()
            self._connection = None

    @contextlib.contextmanager
    def _flock(self) -> Iterator[bool]:
        import fcntl

        path = Path(f"{self.db}-writer.lock")
        try:
            handle = open(path, "a+b")  # noqa: SIM115 - held until the append is done
        except OSError:
            yield False
            return
        with handle:
            held = _waited(lambda: _try(fcntl.flock, handle, fcntl.LOCK_EX | fcntl.LOCK_NB))
            try:
                yield held
            finally:
                if held:
                    fcntl.flock(handle, fcntl.LOCK_UN)

    @contextlib.contextmanager
    def _advisory(self, stream: uuid.UUID) -> Iterator[bool]:
        key = _key(self.schema, stream)
        connection, held = self._taken(key)
        if connection is None:  # no lock is no failure: the append still checks
            yield False
            return
        try:
            yield held
        finally:
            if held:
                try:
                    connection.execute("SELECT pg_advisory_unlock(%s)", (key,))
                except Exception:  # noqa: BLE001 - a lost connection released it anyway
                    self.close()

    def _taken(self, key: int) -> tuple[Any, bool]:
        """The lock's connection and whether it holds `key` (waited for), or (None, False) where
        the server cannot be asked. A connection kept open since the store was opened or last
        written (the hub's stores, request after request) may have been dropped by the server
        meanwhile (a restart, pg_terminate_backend: issue #47); it fails at its first statement,
        and a new one is opened and asked once more, rather than the writer going on without the
        lock. A connection just opened is not asked twice: the server is not answering."""
        for _ in range(2):
            kept = self._connection is not None and not self._connection.closed
            try:
                connection = self.connection()
                return connection, _waited(functools.partial(_try_advisory, connection, key))
            except Exception:  # noqa: BLE001 - said by the caller as no lock held
                self.close()
                if not kept:
                    break
        return None, False

    def connection(self) -> Any:
        """The lock's own connection to the server, opened once (the store's check that it was
        made uses it too: a command opens one connection beside eventsourcing's pool)."""
        if self._connection is None or self._connection.closed:
            import psycopg

            self._connection = psycopg.connect(**(self.server or {}))
        return self._connection


def _held() -> set[tuple[str, str, uuid.UUID | None]]:
    """The locks this thread holds."""
    if not hasattr(_HELD, "locks"):
        _HELD.locks = set()
    locks: set[tuple[str, str, uuid.UUID | None]] = _HELD.locks
    return locks


def _key(schema: str, stream: uuid.UUID) -> int:
    """A signed 64-bit advisory lock key for a campaign of a schema (the server's lock space is
    the database's, shared by every schema in it)."""
    digest = hashlib.sha256(f"campaign-writer|{schema}|{stream.hex}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def _try(flock: Any, handle: Any, how: int) -> bool:
    try:
        flock(handle, how)
    except BlockingIOError:
        return False
    return True


def _try_advisory(connection: Any, key: int) -> bool:
    return bool(connection.execute("SELECT pg_try_advisory_lock(%s)", (key,)).fetchone()[0])


def _waited(attempt: Any) -> bool:
    """`attempt()` tried until it holds or `WAIT` seconds have passed, 2 ms apart at first."""
    deadline = time.monotonic() + WAIT
    pause = 0.002
    while True:
        if attempt():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(pause)
        pause = min(pause * 2, 0.05)
