"""What a store keeps beside the campaigns' logs, in SQLite or in PostgreSQL: dice secrets and
webhooks (`campaign_secrets`), the read model (`campaign_views`), the catalogue of campaigns
(`campaign_names`), and the statements that touch the log itself (a campaign deleted; the
triggers that forget a view or the catalogue when an event is changed by hand). One class per
database says it in that database's SQL; the store asks, never writes SQL.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from campaign.errors import StoreError
from campaign.input import text

SECRETS = "campaign_secrets"
VIEWS = "campaign_views"
CATALOGUE_INDEX = "campaign_catalogue"
"""An index of the events by topic, so that finding the campaigns reads their starts alone."""
NAMES = "campaign_names"
"""The catalogue kept (campaign.readmodel.catalogue): one row, with the count and the last number of
the events it was folded from."""
NAMES_COLUMNS = "(id INTEGER PRIMARY KEY, events BIGINT, last_id BIGINT, program TEXT, body TEXT)"


def is_server(db: str) -> bool:
    """Whether `--db` names a PostgreSQL server (a URL) rather than a SQLite file."""
    return db.startswith(("postgresql://", "postgres://"))


SCHEMA_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}", re.ASCII)
"""A schema name eventsourcing writes the same quoted and unquoted (it reads its own types back
by the unquoted name), so never SQL, and never folded to another schema's name."""


CONNECT_TIMEOUT = 5
"""Seconds a connection to a server may take, and a pool's first connection as it opens."""


def postgres_env(url: str, long_lived: bool = False) -> dict[str, str]:
    """eventsourcing's settings for `postgresql://user:password@host:port/dbname?schema=s`.
    A `long_lived` store (the hub's, kept open request after request) has each pooled connection
    checked before it is handed out (issue #47): the server may have dropped it since its last
    use (a restart, a failover, pg_terminate_backend), and a statement failing on it was a
    request refused. A command opens its connections fresh and pays no round trip for that."""
    parts = urlsplit(url)
    database = unquote(parts.path.lstrip("/"))
    if not parts.hostname or not database:
        raise StoreError(
            "A PostgreSQL store is named postgresql://USER@HOST[:PORT]/DATABASE, e.g. "
            "postgresql://postgres@127.0.0.1:5432/campaigns."
        )
    schema = (parse_qs(parts.query).get("schema") or [""])[0]
    if schema and not SCHEMA_NAME.fullmatch(schema):
        raise StoreError(
            "A PostgreSQL store's schema is named in small letters, digits and _ (at most 63, "
            f"not starting with a digit), not {text.printable(schema)!r}."
        )
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": database,
        "POSTGRES_HOST": parts.hostname,
        "POSTGRES_PORT": str(parts.port or 5432),
        "POSTGRES_USER": unquote(parts.username or "postgres"),
        "POSTGRES_PASSWORD": unquote(parts.password or ""),
        "POSTGRES_SCHEMA": schema,
        "POSTGRES_CONNECT_TIMEOUT": str(CONNECT_TIMEOUT),
        "POSTGRES_LOCK_TIMEOUT": "10",
        # one connection opened with the store (a command, or a request of the hub, uses one
        # at a time); up to three more where one is asked for while another is in use
        "POSTGRES_POOL_SIZE": "1",
        "POSTGRES_MAX_OVERFLOW": "3",
        "POSTGRES_PRE_PING": "y" if long_lived else "n",
    }


def shown(db: str) -> str:
    """A store's name as it may be printed: a URL without its password."""
    if not is_server(db):
        return db
    parts = urlsplit(db)
    user = f"{parts.username}@" if parts.username else ""
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{user}{parts.hostname}{port}{parts.path}"


class Known:
    """The tables a store was seen to hold, remembered by its dialect (one for each open store):
    the program never drops one (one dropped by hand makes a store that cannot be read), and
    asking again was a round trip to a server for every read of a table beside the log (16 of
    the 64 statements of an arbiter's page and note on PostgreSQL)."""

    def exists(self, cursor: Any, name: str) -> bool:
        if self.seen(name):
            return True
        if self.look(cursor, name):
            self.made(name)
            return True
        return False

    def look(self, cursor: Any, name: str) -> bool:
        raise NotImplementedError

    def seen(self, name: str) -> bool:
        """Whether a table or index `name` was seen or made (`made`) by this store."""
        return name in self.__dict__.get("found", set())

    def made(self, name: str) -> None:
        self.__dict__.setdefault("found", set()).add(name)


class SQLite(Known):
    """SQLite: `?` parameters, INSERT OR …, tables found in sqlite_master."""

    events = "stored_events"
    mark = "?"

    def table(self, name: str) -> str:
        return name

    def look(self, cursor: Any, name: str) -> bool:
        cursor.execute("SELECT name FROM sqlite_master WHERE type='table' AND name = ?", (name,))
        return bool(cursor.fetchall())

    def insert(self, table: str, columns: int, replace: bool, key: str) -> str:
        verb = "INSERT OR REPLACE" if replace else "INSERT OR IGNORE"
        return f"{verb} INTO {table} VALUES ({', '.join('?' * columns)})"

    def stream(self, stream: Any) -> Any:
        return stream.hex

    view_stream = "v.stream"
    """A view's stream as the events' originator_id."""
    notification = "rowid"
    """An event's number in the whole store (eventsourcing's notification id)."""

    def brief(self, body: str) -> str | None:
        """What `list` shows of a stored view, picked out by SQLite's JSON functions (a third of
        reading the whole view in Python): `[program, summary, players, brief_seal]` (the seal
        of those three: campaign.readmodel.seals), or NULL where the body is not JSON."""
        paths = "'$.program', '$.summary', '$.players', '$.brief_seal'"
        return f"CASE WHEN json_valid({body}) THEN json_extract({body}, {paths}) END"

    def indexes(self) -> list[str]:
        """Issue #16: the catalogue (every campaign's name) is read by topic, not by scanning
        every event of every campaign."""
        return [f"CREATE INDEX IF NOT EXISTS {CATALOGUE_INDEX} ON stored_events (topic)"]

    def triggers(self, views: str) -> list[str]:
        return [
            f"""CREATE TRIGGER IF NOT EXISTS {VIEWS}_{what}
            AFTER {what.upper()} ON stored_events
            BEGIN DELETE FROM {views} WHERE stream = old.originator_id; END"""
            for what in ("update", "delete")
        ]

    def names_triggers(self, names: str, topics: Sequence[str]) -> list[str]:
        """The kept catalogue forgotten when one of its events is changed or deleted (SQLite's
        triggers run for each row: only a row of the catalogue's topics forgets it)."""
        listed = ", ".join("'" + topic.replace("'", "''") + "'" for topic in topics)
        return [
            f"""CREATE TRIGGER IF NOT EXISTS {NAMES}_{what}
            AFTER {what.upper()} ON stored_events WHEN {when.format(listed=listed)}
            BEGIN DELETE FROM {names}; END"""
            for what, when in (
                ("update", "old.topic IN ({listed}) OR new.topic IN ({listed})"),
                ("delete", "old.topic IN ({listed})"),
            )
        ]


def identifier(name: str) -> str:
    """`name` as an SQL identifier, quoted, any double quote in it doubled: a schema named in a
    store's URL is a name, never SQL."""
    return '"' + name.replace('"', '""') + '"'


class Postgres(Known):
    """PostgreSQL: `%s` parameters, ON CONFLICT, tables in the store's schema (if it has one)."""

    mark = "%s"

    def __init__(self, schema: str) -> None:
        self.schema = schema

    def table(self, name: str) -> str:
        return f"{identifier(self.schema)}.{name}" if self.schema else name

    @property
    def events(self) -> str:
        return self.table("campaigns_events")

    def look(self, cursor: Any, name: str) -> bool:
        cursor.execute("SELECT to_regclass(%s) AS found", (self.table(name),))
        row = cursor.fetchone()
        return bool(row and (row["found"] if isinstance(row, dict) else row[0]))

    def insert(self, table: str, columns: int, replace: bool, key: str) -> str:
        values = ", ".join(["%s"] * columns)
        if not replace:
            return f"INSERT INTO {table} VALUES ({values}) ON CONFLICT DO NOTHING"
        fields = {
            "stream": ["version", "head", "body"],
            "stream, label": ["secret"],
            "id": ["events", "last_id", "program", "body"],
        }[key]
        update = ", ".join(f"{f} = EXCLUDED.{f}" for f in fields)
        return f"INSERT INTO {table} VALUES ({values}) ON CONFLICT ({key}) DO UPDATE SET {update}"

    def stream(self, stream: Any) -> Any:
        return stream

    view_stream = "CASE WHEN v.stream ~ '^[0-9a-f]{32}$' THEN v.stream::uuid END"
    """A view's stream as the events' originator_id (a uuid); a report's row, whose stream is not
    a campaign's, is never cast."""
    notification = "notification_id"

    def brief(self, body: str) -> str | None:
        """PostgreSQL's JSON cast fails the whole query on one malformed body: the body is read
        whole (None) and picked in Python."""
        return None

    def make_schema(self, connection: Any) -> None:
        if self.schema:
            connection.execute(f"CREATE SCHEMA IF NOT EXISTS {identifier(self.schema)}")

    def ready(self, connection: Any) -> bool:
        """The store was made whole by an earlier opening: the tables kept beside the log, the
        catalogue's index, and the trigger on the events' table (made once eventsourcing had
        made that table and its own) are all there; nothing is made again (issue #31: no DDL,
        and one connection fewer, for each command; asked on the writers' lock's connection)."""
        return (
            connection.execute(
                "SELECT to_regclass(%s) IS NOT NULL AND to_regclass(%s) IS NOT NULL AND "
                "to_regclass(%s) IS NOT NULL AND EXISTS "
                "(SELECT 1 FROM pg_trigger WHERE tgname = 'campaign_forget_view' "
                "AND tgrelid = to_regclass(%s))",
                (self.table(SECRETS), self.table(VIEWS), self.table(CATALOGUE_INDEX), self.events),
            ).fetchone()[0]
            is True
        )

    def prepare(self, connection: Any) -> None:
        """The tables kept beside the log, and the trigger that forgets a view when an event is
        changed by hand, made when the store is opened (SQLite makes them when first written)."""
        from campaign.readmodel.status import COLUMNS

        if self.ready(connection):
            return
        for statement in self.indexes():
            connection.execute(statement)
        connection.execute(
            f"CREATE TABLE IF NOT EXISTS {self.table(SECRETS)} "
            "(stream TEXT, label TEXT, secret TEXT, PRIMARY KEY (stream, label))"
        )
        connection.execute(f"CREATE TABLE IF NOT EXISTS {self.table(VIEWS)} {COLUMNS}")
        for statement in self.triggers(self.table(VIEWS)):
            connection.execute(statement)

    def indexes(self) -> list[str]:
        """Issue #16: the catalogue is read by topic (see SQLite.indexes)."""
        return [f"CREATE INDEX IF NOT EXISTS {CATALOGUE_INDEX} ON {self.events} (topic)"]

    def triggers(self, views: str) -> list[str]:
        function = self.table("campaign_forget_view")
        return [
            f"""CREATE OR REPLACE FUNCTION {function}() RETURNS trigger AS $$
            BEGIN DELETE FROM {views} WHERE stream = replace(OLD.originator_id::text, '-', '');
            RETURN NULL; END $$ LANGUAGE plpgsql""",
            f"""CREATE OR REPLACE TRIGGER campaign_forget_view AFTER UPDATE OR DELETE
            ON {self.events} FOR EACH ROW EXECUTE FUNCTION {function}()""",
        ]

    def names_triggers(self, names: str, topics: Sequence[str]) -> list[str]:
        """The kept catalogue forgotten when any event is changed or deleted (once for each
        statement: a campaign deleted is one)."""
        function = self.table("campaign_forget_names")
        return [
            f"""CREATE OR REPLACE FUNCTION {function}() RETURNS trigger AS $$
            BEGIN DELETE FROM {names}; RETURN NULL; END $$ LANGUAGE plpgsql""",
            f"""CREATE OR REPLACE TRIGGER campaign_forget_names AFTER UPDATE OR DELETE
            ON {self.events} FOR EACH STATEMENT EXECUTE FUNCTION {function}()""",
        ]


Dialect = SQLite | Postgres


def current_views(sql: Dialect, views: str, one: bool = False, brief: bool = False) -> str:
    """The stored views beside their log's last event, where it is the event each view was kept
    at (its number here; its hash is compared by the reader), each with that event's state: every
    campaign's in one query (`list`), or, with `one`, the view of the stream given as the
    parameter (`status`); with `brief`, only what `list` shows, where the database can pick it."""
    body = (brief and sql.brief("v.body")) or "v.body"
    # CROSS JOIN: SQLite then reads the views first and finds each one's event by its key,
    # rather than scanning every event of the store (it keeps no statistics to know better)
    return f"""SELECT v.stream, v.head, {body}, e.state FROM {views} v
        CROSS JOIN {sql.events} e
        WHERE e.originator_id = {sql.view_stream} AND e.originator_version = v.version
            AND NOT EXISTS (SELECT 1 FROM {sql.events} x
            WHERE x.originator_id = e.originator_id AND x.originator_version > v.version)""" + (
        f" AND v.stream = {sql.mark}" if one else ""
    )


def kept_catalogue(sql: Dialect, names: str, topics: int) -> str:
    """The kept catalogue's body, where the program that kept it is the parameter given first
    and it was folded from as many events of its `topics` (the parameters after) as the store
    holds, the last of them the last it holds."""
    listed = ", ".join([sql.mark] * topics)
    of_topics = f"FROM {sql.events} WHERE topic IN ({listed})"
    return f"""SELECT n.events, n.last_id, n.body FROM {names} n
        WHERE n.id = 1 AND n.program = {sql.mark}
        AND n.events = (SELECT count(*) {of_topics})
        AND n.last_id = (SELECT coalesce(max({sql.notification}), 0) {of_topics})"""


Record = tuple[Any, ...]
"""A row of a table kept beside the log, as a cursor gives it."""
Statement = tuple[str, Record]
"""A statement and its parameters."""


def rows(fetched: Sequence[Any]) -> list[Record]:
    """Rows as tuples, from either database's cursor."""
    return [tuple(row.values()) if isinstance(row, dict) else tuple(row) for row in fetched]
