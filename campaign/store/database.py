"""The database a store keeps its campaigns in: a SQLite file or a PostgreSQL schema, opened
once (read-only where it cannot be written), with the event store (eventsourcing, its mapper
turning stored events back into objects for this program's own topics alone), the SQL dialect
of the tables kept beside the logs, and the one way every failure becomes a sentence
(`Database.guard`)."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, closing, contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError, Mapper, PersistenceError, StoredEvent

from campaign.errors import StoreError
from campaign.input import files
from campaign.store import dialects
from campaign.store.dialects import Record, Statement
from campaign.store.locks import WriteLock, one_writer_per_file, rebuildable
from events import event_class

T = TypeVar("T")


class ForeignEvent(StoreError):
    """A stored event of a kind this program does not know: never turned into an object."""


class TrustedMapper(Mapper[uuid.UUID]):
    """Turns stored events back into objects only for this program's own topics:
    eventsourcing would otherwise import whatever module a stored topic names."""

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        if event_class(stored_event.topic) is None:
            raise ForeignEvent(
                "The store holds an event of a kind this program does not know "
                f"({stored_event.topic!r})."
            )
        return super().to_domain_event(stored_event)


class EventStore(Application[uuid.UUID]):
    name = "Campaigns"

    def construct_mapper(self) -> Mapper[uuid.UUID]:
        return TrustedMapper(transcoder=self.construct_transcoder())

    def construct_factory(self, env: Any) -> Any:
        """eventsourcing's factory, its PostgreSQL pool told to wait for its first connection as
        it opens: asked for one before it had it, the pool opens a second at once, for nothing
        (a command, or a request of the hub, uses one at a time)."""
        factory = super().construct_factory(env)
        datastore: Any = getattr(factory, "datastore", None)
        if hasattr(datastore, "pool_open_timeout"):
            datastore.pool_open_timeout = dialects.CONNECT_TIMEOUT
        return factory


STORE_FAILURES = (PersistenceError, sqlite3.Error, OSError)
"""What a store that breaks under a reader raises (the database's driver through eventsourcing,
SQLite itself, the file system); a server's driver's errors are eventsourcing's."""


class Database:
    """One store's database: its event store (`store`), its dialect, whether it can be written."""

    def __init__(self, db: str, existing: bool = False, long_lived: bool = False) -> None:
        """The store `db` (a SQLite file or a PostgreSQL URL), made where missing unless it must
        be an `existing` one (the hub serves a store; it never makes an empty one in its
        place). A `long_lived` store is kept open request after request (the hub's `Stores`):
        on a server each pooled connection is checked before it is handed out, for the server
        may have dropped it since (issue #47); a command's fresh connections are not."""
        self.db = db
        self.unwritable: str | None = None
        """Why the store can be read but not written (read-only media, a full disk), or None."""
        self.held: str | None = None
        if dialects.is_server(db):
            env = dialects.postgres_env(db, long_lived)
            self.dialect: dialects.Dialect = dialects.Postgres(env["POSTGRES_SCHEMA"])
            self.writers = WriteLock(db, server_settings(env), env["POSTGRES_SCHEMA"])
            self.store = open_server(db, env, self.writers)
        else:
            self.writers = WriteLock(db, None, "")
            if existing and db != ":memory:" and not Path(db).exists():
                raise StoreError(f"The campaign store {db} is gone (moved or deleted).")
            check_store_file(db)
            self.dialect = dialects.SQLite()
            try:
                self.store = EventStore(env=_env(db))
            except (PersistenceError, sqlite3.Error) as exc:
                self.store = self._read_only(db, exc)
            if db != ":memory:":
                one_writer_per_file(self.datastore, db)
                files.hold(db)
                self.held = db
        self.unkept: str | None = None
        """Why what is kept beside the log could not be written the last time it was tried, if it
        could not: the log holds what was recorded, and the next reader folds it."""

    @property
    def datastore(self) -> Any:
        """eventsourcing's connections to the database (its recorder's, untyped there)."""
        return cast(Any, self.store.recorder).datastore

    def transaction(self) -> AbstractContextManager[Any]:
        """A cursor in a transaction that commits as it closes (a write beside the log)."""
        return cast(AbstractContextManager[Any], self.datastore.transaction(commit=True))

    def close(self) -> None:
        self.writers.close()
        if self.held is not None:
            files.release(self.held)
            self.held = None
        try:
            self.store.close()
        except Exception:  # noqa: BLE001 - closing never turns a done command into a failure
            pass

    def _read_only(self, db: str, failure: Exception) -> EventStore:
        """A store that cannot be opened for writing is opened to be read (read-only media, a
        full disk): every read works; a write is refused saying why."""
        why = describe_failure(db, failure)
        if db == ":memory:" or not Path(db).is_file():
            raise StoreError(f"Cannot open the campaign store {db}: {why}.")
        try:
            store = EventStore(env=_env(read_only_uri(db)))
        except (PersistenceError, sqlite3.Error):
            raise StoreError(f"Cannot open the campaign store {db}: {why}.") from None
        self.unwritable = why
        return store

    def check_writable(self) -> None:
        if self.unwritable:
            raise StoreError(
                f"The campaign store {self.db} can be read but not written ({self.unwritable})."
            )

    def guard(self, action: Callable[[], T], conflicts: bool = False) -> T:
        """`action` on the store, every failure one sentence (a StoreError; an IntegrityError
        when it `conflicts`). A SQLite transaction that read before it wrote is refused at once
        when another connection wrote in between (SQLite's busy snapshot: waiting cannot help
        it): it is run again, a few times, before the store is said to be busy."""
        for pause in LOCKED_RETRIES:
            began = time.monotonic()
            try:
                return self._guarded(action, conflicts)
            except StoreError as failure:
                waited = time.monotonic() - began > 1.0  # a lock held long: the store is busy
                if waited or "locked" not in str(failure) or dialects.is_server(self.db):
                    raise
                time.sleep(pause * (0.5 + random.random()))
        return self._guarded(action, conflicts)

    def _guarded(self, action: Callable[[], T], conflicts: bool) -> T:
        try:
            return action()
        except IntegrityError:
            if conflicts:
                raise
            raise StoreError(
                f"The campaign store {dialects.shown(self.db)} refused the change."
            ) from None
        except PersistenceError as exc:
            raise StoreError(
                f"The campaign store {dialects.shown(self.db)} cannot be used: {first_line(exc)}."
            ) from None

    def select(
        self, table: str, columns: str, where: str, value: str | tuple[str, ...], like: bool = False
    ) -> list[Record]:
        """Rows of a table kept beside the log (none while it does not exist yet) whose `where`
        is `value` (one of them, where several: in one statement), or, `like`, starts with
        it."""
        sql = self.dialect
        values = value if isinstance(value, tuple) else (value,)
        if like:
            test, values = f"LIKE {sql.mark}", (values[0] + "%",)
        elif len(values) == 1:
            test = f"= {sql.mark}"
        else:
            test = f"IN ({', '.join([sql.mark] * len(values))})"

        def read() -> list[Record]:
            with self.glance() as cursor:
                if not sql.exists(cursor, table):
                    return []
                cursor.execute(
                    f"SELECT {columns} FROM {sql.table(table)} WHERE {where} {test}", values
                )
                return dialects.rows(cursor.fetchall())

        return self.guard(read)

    def keep_beside(
        self,
        table: str,
        columns: str,
        triggers: list[str],
        key: str,
        rows: list[Record],
        dropped: Statement | None = None,
        only_if: Sequence[Statement] = (),
        then: Sequence[Statement] = (),
    ) -> None:
        """Write `rows` into a table kept beside the log (made, with its triggers, when missing),
        each replacing the row of the same `key`, after the `dropped` statement (with its
        parameters), apart from any append: when another writer holds the store nothing is
        kept, and its readers fold the log again instead; nor on a store that cannot be
        written. `only_if`: statements run first (one that holds a row until the rest is
        written, then a count of it) whose last must count one row, else nothing is written;
        `then`: statements run last, in the same transaction."""
        if self.unwritable:
            return
        sql = self.dialect
        named = sql.table(table)
        indexed = sql.seen(dialects.CATALOGUE_INDEX)  # made once by each open store

        def write() -> None:
            with rebuildable(), self.transaction() as cursor:
                if not sql.exists(cursor, table):
                    cursor.execute(f"CREATE TABLE IF NOT EXISTS {named} {columns}")
                    for trigger in triggers:
                        cursor.execute(trigger)
                if isinstance(sql, dialects.SQLite) and not indexed:  # a store made before it
                    for index in sql.indexes():
                        cursor.execute(index)
                for statement in only_if:
                    cursor.execute(*statement)
                if only_if and dialects.rows(cursor.fetchall()) != [(1,)]:
                    return
                if dropped is not None:
                    cursor.execute(*dropped)
                if rows:  # in one round trip to a server
                    insert = sql.insert(named, len(rows[0]), replace=True, key=key)
                    cursor.executemany(insert, rows)
                for statement in then:
                    cursor.execute(*statement)

        try:
            self.guard(write)
        except StoreError as failure:
            self.unkept = str(failure)
        else:
            sql.made(dialects.CATALOGUE_INDEX)

    @contextmanager
    def glance(self) -> Iterator[Any]:
        """A cursor for a read of one statement (a table's existence, once, may be asked
        first): on SQLite outside any transaction — the statement reads a snapshot of its own,
        ~25 µs less than the BEGIN and ROLLBACK around it, which the hub paid on every kept page
        it sent — on a server in a transaction, as every read."""
        datastore = self.datastore
        if not isinstance(self.dialect, dialects.SQLite):
            with datastore.transaction(commit=False) as cursor:
                yield cursor
            return
        with datastore.get_connection(commit=False) as connection:
            yield connection.cursor()

    def beside_the_log(self, keep: Callable[[], None], consequence: str = "") -> None:
        """Keep something beside the log after an append. The append stands whatever happens
        here: a store that fails now (a dropped connection, a busy file) leaves `unkept` saying
        why, for the command to say it recorded and what was not kept."""
        try:
            keep()
        except StoreError as failure:
            said = first_line(failure)
            self.unkept = f"{said}; {consequence}" if consequence else said

    def holds_anything(self) -> bool:
        """Whether the store holds an event, or a secret of a campaign (issue #54: a backup is
        restored only into a store that holds neither). The store's own keys, under streams
        named `*…`, are made by its first reader (`campaign init-db`) and belong to no
        campaign."""
        sql = self.dialect

        def read() -> bool:
            with self.glance() as cursor:
                asked = [f"SELECT 1 FROM {sql.events} LIMIT 1"]
                if sql.exists(cursor, dialects.SECRETS):
                    secrets = sql.table(dialects.SECRETS)
                    asked.append(f"SELECT 1 FROM {secrets} WHERE stream NOT LIKE '*%' LIMIT 1")
                for statement in asked:
                    cursor.execute(statement)
                    if cursor.fetchall():
                        return True
                return False

        return self.guard(read)

    @contextmanager
    def snapshot(self, folder: Path) -> Iterator[Snapshot]:
        """The store's rows as they stood at one instant, for a backup to read at leisure while
        the hub serves and writers write, holding none of them up (issue #54). On SQLite a copy
        made by `VACUUM INTO` in `folder` (deleted after): one read transaction, which in
        write-ahead mode neither waits for a writer nor makes one wait, only as long as SQLite
        copies the pages. On a server one REPEATABLE READ, READ ONLY transaction on a connection
        of its own: its reads take no lock that a writer waits for."""
        if isinstance(self.dialect, dialects.Postgres):
            with self._server_snapshot() as cursor:
                yield Snapshot(cursor, self.dialect)
            return
        with tempfile.TemporaryDirectory(dir=folder, prefix=".campaign-snapshot-") as scratch:
            copy = str(Path(scratch) / "snapshot.sqlite")

            def vacuum() -> None:
                with self.datastore.get_connection(commit=False) as connection:
                    connection.cursor().execute("VACUUM INTO ?", (copy,))

            self.guard(vacuum)
            with closing(sqlite3.connect(copy)) as connection:
                yield Snapshot(connection.cursor(), dialects.SQLite())

    @contextmanager
    def _server_snapshot(self) -> Iterator[Any]:
        """A cursor in one REPEATABLE READ, READ ONLY transaction on a connection of its own;
        any failure of the server one sentence."""
        import psycopg

        try:
            with closing(
                psycopg.connect(**{**(self.writers.server or {}), "autocommit": False})
            ) as c:
                c.isolation_level, c.read_only = psycopg.IsolationLevel.REPEATABLE_READ, True
                with c.cursor() as cursor:
                    yield cursor
                c.rollback()
        except psycopg.Error as failure:
            raise StoreError(
                f"The campaign store {dialects.shown(self.db)} cannot be read: "
                f"{first_line(failure)}."
            ) from None


def blob(state: Any) -> bytes:
    """A stored event's state as bytes, whatever a hand edit made of it (SQLite's replace() makes
    text of a blob): what cannot be bytes is no event, and the mapper says so."""
    if isinstance(state, bytes):
        return state
    if isinstance(state, str):
        return state.encode("utf-8", "surrogatepass")
    if isinstance(state, (bytearray, memoryview)):
        return bytes(state)
    return b""


def check_store_file(db: str) -> None:
    """Refuse a file that is not a campaign store before eventsourcing writes tables into it.

    The file is read through SQLite alone, never opened by this process itself: closing a file
    the process opened drops every POSIX lock it holds on that file, the locks of its own SQLite
    connections included (SQLite's "How To Corrupt An SQLite Database File", 2.2). The hub holds
    connections while it checks each request's store; a plain open and close there let the
    command line's next close delete the write-ahead log under the hub. SQLite shares one set of
    locks among a process's connections to a file and keeps a closed one's descriptor until they
    are released."""
    path = Path(db)
    if db == ":memory:" or not path.exists() or path.stat().st_size == 0:
        if db != ":memory:" and not path.parent.is_dir():
            raise StoreError(
                f"Cannot create the campaign store {db}: the folder {path.parent} does not exist."
            )
        return
    if path.is_dir():
        raise StoreError(f"{db} is a folder, not a campaign store.")
    tables = _tables(db)
    if tables and "stored_events" not in tables:
        raise StoreError(f"{db} is an SQLite database of another program, not a campaign store.")


def server_settings(env: dict[str, str]) -> dict[str, Any]:
    """psycopg's connection settings for a store's server, from eventsourcing's."""
    return dict(
        host=env["POSTGRES_HOST"],
        port=env["POSTGRES_PORT"],
        dbname=env["POSTGRES_DBNAME"],
        user=env["POSTGRES_USER"],
        password=env["POSTGRES_PASSWORD"] or None,
        connect_timeout=dialects.CONNECT_TIMEOUT,
        autocommit=True,
    )


def open_server(db: str, env: dict[str, str], writers: WriteLock) -> EventStore:
    """A store on a PostgreSQL server, its schema and tables created on first use (the tables
    beside the log too: DDL races between first users are tried again); an unreachable server, a
    missing database or refused credentials are one sentence (the server's own). Whether it was
    made is asked on the writers' lock's connection, which the command keeps."""
    try:
        import psycopg
    except ImportError:
        raise StoreError(
            "A PostgreSQL store needs psycopg: install the postgres extra where campaign was "
            "installed from (pip install '.[postgres]' in its folder)."
        ) from None
    dialect = dialects.Postgres(env["POSTGRES_SCHEMA"])
    for attempt in range(5):
        try:
            connection = writers.connection()
            if dialect.ready(connection):  # made before: eventsourcing makes nothing either
                return EventStore(env={**env, "CREATE_TABLE": "no"})
            dialect.make_schema(connection)
            store = EventStore(env=env)
            dialect.prepare(connection)
            return store
        except psycopg.OperationalError as failure:
            writers.close()
            raise StoreError(
                f"Cannot open the campaign store {dialects.shown(db)}: {first_line(failure)}."
            ) from None
        except Exception as failure:  # noqa: BLE001 - a DDL race, or the pool's own errors
            writers.close()
            if attempt == 4:
                raise StoreError(
                    f"Cannot open the campaign store {dialects.shown(db)}: {first_line(failure)}."
                ) from None
            time.sleep(0.1 * (attempt + 1))
    raise AssertionError("unreachable")


def first_line(failure: Exception) -> str:
    """An error's first line, its driver's prefixes dropped."""
    said = (str(failure).strip().splitlines() or [type(failure).__name__])[0]
    for prefix in ("connection failed: ", "FATAL:  "):
        said = said.removeprefix(prefix)
    return said.rstrip(".")


LOCKED_RETRIES = (0.01, 0.02, 0.05, 0.1, 0.2)
"""The pauses, in seconds, before a SQLite transaction refused as locked is run again (`guard`)."""


def _env(db_name: str) -> dict[str, str]:
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": db_name,
        "SQLITE_LOCK_TIMEOUT": "10",
    }


def read_only_uri(db: str) -> str:
    """SQLite's URI for reading a store that cannot be written: when its write-ahead log is empty
    (the store was closed cleanly) it is read as immutable, needing no lock or shared-memory file,
    so it reads on read-only media and on a full disk; otherwise read-only as usual."""
    wal = Path(f"{db}-wal")
    settled = not wal.exists() or wal.stat().st_size == 0
    return Path(db).resolve().as_uri() + ("?mode=ro&immutable=1" if settled else "?mode=ro")


def describe_failure(db: str, failure: Exception) -> str:
    """Why a store cannot be used, in words: read-only media, a full disk, or the error itself."""
    folder = Path(db).resolve().parent
    if not os.access(folder, os.W_OK) or (Path(db).exists() and not os.access(db, os.W_OK)):
        return f"{folder} is on read-only media or not writable"
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return str(failure)
    if free < 1024 * 1024:
        return f"the disk is full ({free // 1024} KiB free)"
    return str(failure)


def _tables(db: str) -> set[str]:
    """The store's tables, read as usual, or (read-only media, a full disk) as `read_only_uri`."""
    failure: Exception = StoreError("unreadable")
    for uri in (Path(db).resolve().as_uri() + "?mode=ro", read_only_uri(db)):
        try:
            with closing(sqlite3.connect(uri, uri=True)) as connection:
                rows = connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
                return {row[0] for row in rows}
        except sqlite3.DatabaseError as exc:
            if getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_NOTADB:
                raise StoreError(
                    f"{db} is not a campaign store (it is not an SQLite database)."
                ) from None
            failure = exc
    raise StoreError(f"{db} is not a readable campaign store ({describe_failure(db, failure)}).")


class Snapshot:
    """A store's rows as they stood at one instant (`Database.snapshot`): each log's rows in
    the order the logs began, and the secrets kept beside them."""

    def __init__(self, cursor: Any, sql: dialects.Dialect) -> None:
        self.cursor, self.sql = cursor, sql

    def _all(self, statement: str, values: Record = ()) -> list[Record]:
        self.cursor.execute(statement, values)
        return dialects.rows(self.cursor.fetchall())

    def streams(self) -> list[uuid.UUID]:
        """Every log's stream, in the order the logs began (their first events' numbers)."""
        sql = self.sql
        found = self._all(
            f"SELECT originator_id FROM {sql.events} GROUP BY originator_id "
            f"ORDER BY min({sql.notification})"
        )
        try:
            return [uuid.UUID(str(stream)) for (stream,) in found]
        except ValueError:
            raise StoreError("The store holds events of no campaign (edited by hand).") from None

    def rows(self, stream: uuid.UUID) -> list[tuple[int, str, bytes]]:
        """The log of `stream` as stored: each event's number, topic and state, in order."""
        sql = self.sql
        found = self._all(
            f"SELECT originator_version, topic, state FROM {sql.events} "
            f"WHERE originator_id = {sql.mark} ORDER BY originator_version",
            (sql.stream(stream),),
        )
        return [(version, topic, blob(state)) for version, topic, state in found]

    def secrets(self) -> list[Record]:
        """Every secret kept beside the logs: (stream, label, value)."""
        sql = self.sql
        if not sql.look(self.cursor, dialects.SECRETS):
            return []
        table = sql.table(dialects.SECRETS)
        return self._all(f"SELECT stream, label, secret FROM {table} ORDER BY stream, label")
