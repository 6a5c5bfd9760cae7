"""What a store keeps beside each log for its next readers, so that a read costs the same at
100,000 events as at 100: the campaign's view (for `list`, `status` and the hub's index), its
state now and as each kept round ended (campaign.readmodel.snapshot), and the reports read first.
Each row is kept under the log's last event and sealed to it (campaign.readmodel.seals, under a key
the store keeps among its secrets); a row is served only while the log still ends where it was kept
and its seal holds, else the reader folds the log. Nothing kept here is ever a refusal: a store that
cannot keep it says so (`Database.unkept`)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import uuid
from typing import TYPE_CHECKING, Any, Protocol, cast

import orjson

from campaign.domain.kind import Kind
from campaign.domain.registry import kind
from campaign.errors import StoreError
from campaign.readmodel import seals, status
from campaign.store import dialects
from campaign.store.database import Database, blob
from campaign.store.dialects import Record, Statement
from campaign.store.memory import bounded
from campaign.store.sealed import Secrets
from events.common import CampaignEvent, CampaignStarted

if TYPE_CHECKING:
    from campaign.domain.log import Loaded

READ = 256
"""How many views whose seal held one open store remembers (`Kept._readable`)."""
ALTERED = "altered:"
"""Labels `altered:<row>`: a kept row a reader found altered, for `verify` to say."""
LONG = 64 * 1024
"""A body kept beside the log at least this long (a finished round of 100,000 notes has a report
of 1.8 MB) is kept once, in a row of its own named by its SHA-256 (`<stream>:<digest>`, never
sealed to an event), and the sealed row names it (`{"long":"<digest>"}`): a write that keeps it
again under its new event (`carry`) seals the name again, not the body (issue #31)."""
NAMING = '{"long":"'
"""How the sealed row of a long body begins: `{"long":"<digest>"}`."""
NAMED = re.compile(re.escape(NAMING) + r'([0-9a-f]{64})"\}')


Views = dict[uuid.UUID, dict[str, Any]]
"""The current views found, by stream."""


class Log(Protocol):
    """What the kept rows ask of the store's logs: a campaign's stream and rules by its name
    now, and an event read alone."""

    def stream(self, name: str) -> uuid.UUID: ...

    def rules(self, name: str) -> str: ...

    def read_alone(self, stored: Any) -> CampaignEvent: ...

    def between(
        self, stream: uuid.UUID, after: int, upto: int, last: int | None = None
    ) -> tuple[CampaignEvent, ...]: ...

    def stretch(
        self, stream: uuid.UUID, after: int, upto: int, head: str | None = None
    ) -> tuple[CampaignEvent, ...]: ...

    def first(self, stream: uuid.UUID, origin: str | None) -> tuple[CampaignEvent, ...]: ...

    def witnessed(
        self, name: str, seen: dict[str, Any], stream: uuid.UUID | None = None
    ) -> None: ...


class Kept:
    """The rows kept beside the logs of one store."""

    def __init__(self, database: Database, secrets: Secrets, log: Log) -> None:
        self.database, self.secrets, self.log = database, secrets, log
        self.key: bytes | None = None
        """The key binding what is kept beside the log to it (`binding`), once read."""
        self.altered: set[str] = set()
        """The kept rows read whose seal did not hold (campaign.readmodel.seals): edited by hand."""
        self.read: dict[str, tuple[str, object, object, dict[str, Any]]] = {}
        """The last views whose seal held here, by row: their head, body, last event's state
        and values."""
        self.steady: dict[tuple[uuid.UUID | None, bool], dict[uuid.UUID, dict[str, Any]]] | None = (
            None
        )
        """While a page is drawn (`Campaigns.steady`), the current views found, by what was
        asked: the page asks the same several times and gets one answer."""

    def remember(self, loaded: Loaded) -> None:
        """Keep the campaign's view (campaign.readmodel.status) for `list` and `status`, after the
        append and apart from it: when it cannot be written (a read-only store, another writer
        holding the file), the view is left behind the log, which `recall` sees, and nothing
        recorded is lost."""
        if self.database.unwritable or loaded.chain_break_known is not None:
            return
        stream = loaded.started.originator_id.hex
        version, head = len(loaded.events), loaded.events[-1].chain
        key = self.binding(create=True)
        if key is None:
            return
        seen = status.view(loaded)
        picked = [seen["program"], seen["summary"], seen["players"]]
        seen["brief_seal"] = seals.brief_seal(key, stream, head, picked)
        body = seals.bound(key, stream, head, json.dumps(seen, separators=(",", ":")))

        sql = self.database.dialect
        views = sql.table(status.VIEWS)
        from campaign.readmodel import (
            snapshot,  # msgspec: imported by what writes or reads a state alone
        )

        kept_state = snapshot.kept(loaded.kind, loaded.state)
        state = (
            f"{stream}/state",
            version,
            head,
            seals.bound(key, f"{stream}/state", head, kept_state),
        )
        row = (stream, version, head, body)
        # what was kept beside an earlier view is never read again: dropped with it
        stale = f"DELETE FROM {views} WHERE stream LIKE {sql.mark} AND head <> {sql.mark}"
        dropped: Statement | None = (stale, (f"{stream}/%", head))
        rows = [row, state]
        if loaded.resumed is not None:  # carried or dropped after it (`carry`)
            dropped = None
        self.database.keep_beside(
            status.VIEWS, status.COLUMNS, sql.triggers(views), "stream", rows, dropped
        )

    def keep_view(self, loaded: Loaded) -> None:
        """A read found the stored view out of date (built by another version of the program,
        or left behind by a busy store): keep it again from the log just read, so that the next
        reader does not replay — unless the log was tampered with, which status must keep
        saying."""
        if loaded.chain_break is None:
            self.remember(loaded)

    def tail(
        self, name: str, limit: int, before: int | None = None
    ) -> tuple[dict[str, Any], tuple[CampaignEvent, ...]] | None:
        """The campaign's stored view and its last `limit` events (those numbered below `before`,
        when given), read alone — only while the view matches the log's last event (so the whole
        log was checked when the view was kept, and no hand edit has touched it since), and no
        further than the view's last event, whatever a writer appended since; None otherwise,
        and the caller reads the whole log."""
        seen = self.view(name)
        if seen is None:
            return None
        stream = self.log.stream(name)
        upto = seen["events"] if before is None else min(before - 1, seen["events"])
        head = seen["head"] if upto == seen["events"] else None  # the view's: checked just now
        return seen, self.log.stretch(stream, max(0, upto - limit), upto, head)

    def view(self, name: str, stream: uuid.UUID | None = None) -> dict[str, Any] | None:
        """The campaign's stored view if it was built from the log as it stands (its last event's
        number and hash), else None: then the log is read and folded as usual. With its
        `stream`, where the caller knows it, the catalogue is not read."""
        stream = stream or self.log.stream(name)
        seen = self._current_views(stream).get(stream)
        if seen is not None:
            self.log.witnessed(name, seen, stream)
        return seen

    def briefs(self) -> dict[uuid.UUID, dict[str, Any]]:
        """What `list` and the hub's index show of every campaign (its summary and players), from
        each stored view that vouches for its log as it stands (as `recall`), read in one query:
        campaigns whose view is missing or behind are absent."""
        return self._current_views(brief=True)

    def _current_views(self, stream: uuid.UUID | None = None, brief: bool = False) -> Views:
        """The stored views (of `stream` alone, when given; only their `brief`, when asked) kept
        at their log's last event: its number (`beside.current_views`) and its hash, here."""
        asked = (stream, brief)
        if self.steady is not None and asked in self.steady:
            return self.steady[asked]
        sql = self.database.dialect
        picked = brief and sql.brief("v.body") is not None

        def read() -> list[Record]:
            with self.database.glance() as cursor:
                if not sql.exists(cursor, status.VIEWS):
                    return []
                one = stream is not None
                cursor.execute(
                    dialects.current_views(sql, sql.table(status.VIEWS), one, brief),
                    (stream.hex,) if stream is not None else (),
                )
                return dialects.rows(cursor.fetchall())

        found: Views = {}
        key = self.binding()
        for kept, head, body, state in self.database.guard(read):
            seen = None if picked else self._known(kept, head, body, state)
            if seen is None and _current(state, head):
                seen = (
                    _picked(key, kept, head, body)
                    if picked
                    else self._readable(kept, head, body, state)
                )
            if seen is not None:
                found[uuid.UUID(kept)] = status.brief(seen) if brief else seen
        if self.steady is not None and found:  # none found: the page keeps one, and asks again
            self.steady[asked] = found
        return found

    def _known(self, row: str, head: str, body: object, state: object) -> dict[str, Any] | None:
        """A view read again exactly as it was when its seal was last checked here, beside the
        same last event (`read`: the hub asks for it on every kept page it sends): its values,
        not checked and parsed again."""
        memo = self.read.get(row)
        return memo[3] if memo is not None and memo[:3] == (head, body, state) else None

    def _readable(self, row: str, head: str, body: object, state: object) -> dict[str, Any] | None:
        """A kept view's values, if its seal holds, remembered (`_known`)."""
        seen = status.readable(self.unbound(row, head, body))
        if seen is not None:
            self.read[row] = (head, body, state, seen)
            bounded(self.read, READ)
        return seen

    def binding(self, create: bool = False) -> bytes | None:
        """The key that binds what is kept beside the log to it (campaign.readmodel.seals), kept in
        the store's secrets; made by the first writer that keeps anything (`create`). None where the
        store has none: nothing kept is trusted then."""
        if self.key is None:
            self.key = self.secrets.store_key(seals.KEY_LABEL, create)
        return self.key

    def unbound(self, row: str, head: str, body: object) -> str | None:
        """A kept row's body, if its seal holds (campaign.readmodel.seals); else None, and the row
        is named `altered` when it carries a seal that does not hold (not merely none)."""
        text = seals.unbound(self.binding(), row, head, body)
        if text is None and seals.sealed(body):
            self.altered.add(row)
            self._sighted(row)
        return text

    def _sighted(self, row: str) -> None:
        """Keep beside the log that a reader found `row` altered (issue #47: once a reader had
        rebuilt an edited view, `verify` no longer saw it): `verify` says so, then forgets it. A
        store that cannot be written keeps nothing, and says nothing of it."""
        stream = row.split("/")[0].split(":")[0]
        with contextlib.suppress(StoreError):
            if not self.database.unwritable:
                self.secrets.keep_rows(stream, {ALTERED + row: "seen"}, replace=True)

    def sightings(self, stream: str) -> list[str]:
        """The rows of `stream` a reader found altered since `verify` last said so."""
        return [
            label[len(ALTERED) :] for label in self.secrets.of(stream) if label.startswith(ALTERED)
        ]

    def forget_sightings(self, stream: str) -> None:
        for row in self.sightings(stream):
            with contextlib.suppress(StoreError):
                self.secrets.forget(stream, ALTERED + row)

    def state(
        self, name: str, number: int | None = None
    ) -> tuple[dict[str, Any], Kind, Any] | None:
        """The campaign's stored view, its kind and its state as kept beside the view
        (campaign.readmodel.snapshot) — now, or as round `number` ended (`keep_state`) — while the
        view vouches for the log and the state was kept with it; else None: the caller folds."""
        found = self.resumable(name, number)
        return None if found is None else found[:3]

    def resumable(
        self, name: str, number: int | None = None
    ) -> tuple[dict[str, Any], Kind, Any, CampaignStarted] | None:
        """As `state`, with the log's first event."""
        seen = self.view(name)
        if seen is None:
            return None
        stream = self.log.stream(name)
        row = f"{stream.hex}/state" if number is None else self.state_row(name, number)
        body = self.kept_at(row, seen["head"])
        if body is None:
            return None
        of = kind(self.log.rules(name))
        first = self.log.first(stream, seen.get("origin"))
        if not first or not isinstance(first[0], CampaignStarted):
            return None
        started = first[0]
        state = _state_read(of, body, started)
        if state is None or not _within(of, state, seen):
            return None
        return seen, of, state, started

    def round_begun(
        self, name: str, number: int, of: Kind, started: CampaignStarted, head: str
    ) -> tuple[int, Any] | None:
        """Where round `number`, the one in progress, began: how many events the log held as the
        round before ended, and the state then (`keep_state`), as kept at the log's event `head`
        (the campaign's start in its first round); None where either is not kept."""
        if number == 1:
            return 1, of.start(started)
        going, ended_in = self._row_of(name, str(number)), self.state_row(name, number - 1)
        found = self.all_kept_at((going, ended_in), head)  # in one statement
        ended, body = self.as_report(found[going]).get("ended"), found[ended_in]
        if not isinstance(ended, int) or body is None:
            return None
        state = _state_read(of, body, started)
        return None if state is None else (ended, state)

    def state_verdict(self, name: str, state: Any) -> str:
        """The state kept beside the campaign's current view against `state` (verify's replay):
        `current`, `altered` (its seal or its value not the log's), `unreadable` (sealed, yet
        not a state of this kind this program reads), or `missing`."""
        if self.view(name) is None:
            return "missing"
        row = f"{self.log.stream(name).hex}/state"
        if not self.database.select(status.VIEWS, "head", "stream", row):
            return "missing"
        kept = self.state(name)
        if kept is not None:
            return "current" if kept[2] == state else "altered"
        return "altered" if row in self.altered else "unreadable"

    def state_holds(self, name: str, state: Any, number: int | None = None) -> bool:
        """The state kept beside the campaign's current view (now, or as round `number` ended)
        is `state` (verify's replay)."""
        kept = self.state(name, number)
        return kept is not None and kept[2] == state

    def round_ends(self, name: str) -> list[int]:
        """The rounds whose state at their end is kept beside the current view."""
        return sorted(map(int, self._kept_with_view(name, f"{self.log.stream(name).hex}/state/")))

    def report(self, name: str, key: str) -> dict[str, Any] | None:
        """A report's data kept beside the stored view (`keep_report`), only while the view
        vouches for the log and the report was kept under that same view."""
        seen = self.view(name)
        if seen is None:
            return None
        return self.report_kept(name, key, seen["head"]).get("data")

    def keep_report(
        self,
        name: str,
        key: str,
        data: dict[str, Any],
        built_from: Loaded,
        start: int | None = None,
        later: str | None = None,
        ended: int | None = None,
    ) -> None:
        """Keep a report's data beside the stored view it was read under, in a row of its own (a
        long report must not slow the view that `status` and `list` read), for the next reader;
        nothing when the view no longer matches the log the report was built from (another
        organiser appended since), and a busy store keeps nothing rather than wait. Of the round in
        progress, `start`: the events before those it tells; `later`: what the last finished
        round's report tells of the campaign now (`Kind.told_later`), as JSON text; `ended`: how
        many events the log held as the round before ended (`round_begun`)."""
        body = self.report_body(data, start, later, ended)
        self._keep_with_view(name, self._row_of(name, key), body, built_from)

    @staticmethod
    def report_body(
        data: dict[str, Any],
        start: int | None = None,
        later: str | None = None,
        ended: int | None = None,
    ) -> str:
        kept = {"program": status.program(), "data": data, "start": start, "later": later}
        if ended is not None:
            kept["ended"] = ended
        return json.dumps(kept, separators=(",", ":"), default=str)

    def report_kept(self, name: str, key: str, head: str) -> dict[str, Any]:
        """The report kept under `key` at the log's event `head` as kept (`report_body`: its
        data and, of the round in progress, `start` and `later`), its seal holding; else
        empty."""
        return self.as_report(self.kept_at(self._row_of(name, key), head))

    @staticmethod
    def as_report(body: str | None) -> dict[str, Any]:
        """A report's body as kept (`report_body`), read; empty where there is none."""
        return {} if body is None else status.kept_report(body)

    def kept_at(self, row: str, head: str) -> str | None:
        """The body kept in `row` at the log's event `head`, its seal holding; else None."""
        return self.all_kept_at((row,), head)[row]

    def all_kept_at(
        self, rows: tuple[str, ...], head: str, whole: bool = True
    ) -> dict[str, str | None]:
        """`kept_at` of each of `rows`, read in one statement; a long body (`LONG`) read in one
        more, or, not `whole`, left as its sealed row names it (to be kept again as it is)."""
        found = self.database.select(status.VIEWS, "stream, head, body", "stream", rows)
        kept = {row: self.unbound(row, at, body) for row, at, body in found if at == head}
        named = {row: kept.get(row) for row in rows}
        return self.whole(named) if whole else named

    def whole(self, rows: dict[str, str | None]) -> dict[str, str | None]:
        """Each of `rows` (a row's name → its body as its sealed row holds it) with the long
        bodies it names (`LONG`) read, in one statement; one whose digest does not hold (edited
        by hand) is None, and `altered`."""
        digests = {row: _named(body) for row, body in rows.items()}
        names = {row: _long_row(row, d) for row, d in digests.items() if d}
        if not names:
            return rows
        found: dict[str, Any] = dict(
            self.database.select(status.VIEWS, "stream, body", "stream", tuple(names.values()))
        )
        whole = dict(rows)
        for row, name in names.items():
            body = found.get(name)
            holds = isinstance(body, str) and _digest(body) == digests[row]
            if body is not None and not holds:
                self.altered.add(name)
            whole[row] = body if holds else None
        return whole

    def carry(self, name: str, rows: dict[str, str], after: Loaded) -> None:
        """Keep `rows` (a report's or a state's name → its body, as kept at the event a write
        resumed from) under the log's last event now, and drop every other row kept beside an
        earlier view of the campaign (issue #31: what the write changed nothing of is kept
        again, not built again)."""
        binding = self.binding(create=True)
        if binding is None or self.database.unwritable:
            return
        version, head = len(after.events), after.events[-1].chain
        kept = _sealed(binding, version, head, rows)
        sql, views = self.database.dialect, self.database.dialect.table(status.VIEWS)
        stream = after.started.originator_id.hex
        stale = f"DELETE FROM {views} WHERE stream LIKE {sql.mark} AND head <> {sql.mark}"
        # while the view is still the one kept after this write: a writer that appended since
        # keeps its own rows, which are never dropped here (the view's row held until written)
        ours = f"WHERE stream = {sql.mark} AND head = {sql.mark}"
        held = [
            (f"UPDATE {views} SET version = version {ours}", (stream, head)),
            (f"SELECT count(*) FROM {views} {ours}", (stream, head)),
        ]
        self.database.keep_beside(
            status.VIEWS, status.COLUMNS, sql.triggers(views), "stream", kept,
            (stale, (f"{stream}/%", head)), held, _unnamed(sql, views, stream),
        )  # fmt: skip

    def report_row(self, name: str, key: str) -> str:
        return self._row_of(name, key)

    def state_row(self, name: str, number: int) -> str:
        return f"{self.log.stream(name).hex}/state/{number}"

    def keep_state(self, name: str, number: int, at_end: Loaded, built_from: Loaded) -> None:
        """Keep the state as round `number` ended beside the stored view it was read under (the
        writer's, after an append: the round a report of it draws its map from), as a report
        is kept (`keep_report`)."""
        from campaign.readmodel import snapshot

        body = snapshot.kept(at_end.kind, at_end.state)
        self._keep_with_view(name, self.state_row(name, number), body, built_from)

    def _keep_with_view(self, name: str, key: str, body: str, built_from: Loaded) -> None:
        """A row kept beside the stored view, under its last event, when the view is the one of
        the log `built_from` (else nothing: another organiser appended since)."""
        seen = self.view(name)
        if seen is None or (seen["events"], seen["head"]) != (
            len(built_from.events),
            built_from.events[-1].chain,
        ):
            return
        binding = self.binding(create=True)
        if binding is None:
            return
        rows = _sealed(binding, seen["events"], seen["head"], {key: body})
        sql = self.database.dialect
        views = sql.table(status.VIEWS)
        then = _unnamed(sql, views, _stream_of(key))
        self.database.keep_beside(
            status.VIEWS, status.COLUMNS, sql.triggers(views), "stream", rows, then=then
        )

    def reports(self, name: str) -> dict[str, Any]:
        """Every report kept under the campaign's current view: key → its stored text."""
        return self._kept_with_view(name, self._row_of(name, ""))

    def _kept_with_view(self, name: str, prefix: str) -> dict[str, str | None]:
        """The rows kept beside the campaign's current view (`_keep_with_view`) whose key starts
        with `prefix`: the rest of the key → the stored text."""
        seen = self.view(name)
        if seen is None:
            return {}
        rows = self.database.select(status.VIEWS, "stream, head, body", "stream", prefix, like=True)
        kept = {
            row: self.unbound(row, head, body) for row, head, body in rows if head == seen["head"]
        }
        return {row[len(prefix) :]: body for row, body in self.whole(kept).items()}

    def forget(self, name: str) -> None:
        """Every report and state kept beside the campaign's view is dropped (verify found one
        altered); nothing on a store that cannot be written (they are never read while the view
        is not the log's, and verify says so)."""
        if self.database.unwritable:
            return
        sql, stream = self.database.dialect, self.log.stream(name).hex

        def write() -> None:
            with self.database.transaction() as cursor:
                if sql.exists(cursor, status.VIEWS):
                    cursor.execute(*all_kept_for(sql, stream))

        self.database.guard(write)

    def _row_of(self, name: str, key: str) -> str:
        return f"{self.log.stream(name).hex}/report/{key}"


def all_kept_for(sql: dialects.Dialect, stream: str) -> Statement:
    """The statement dropping every row kept beside a campaign's log but its view (which the
    store's trigger drops with an event changed or deleted): its reports, states and long
    bodies."""
    views = sql.table(status.VIEWS)
    drop = f"DELETE FROM {views} WHERE stream LIKE {sql.mark} OR stream LIKE {sql.mark}"
    return drop, (f"{stream}/%", f"{stream}:%")


def _sealed(binding: bytes, version: int, head: str, rows: dict[str, str]) -> list[Record]:
    """The rows to keep for `rows` (a row's name → its body) under the log's event `head`: each
    sealed to it (campaign.readmodel.seals), a long body (`LONG`) in a row of its own, named."""
    kept = []
    for row, body in rows.items():
        if len(body) >= LONG:
            digest = _digest(body)
            kept.append((_long_row(row, digest), 0, "", body))
            body = f'{NAMING}{digest}"}}'
        kept.append((row, version, head, seals.bound(binding, row, head, body)))
    return kept


def _stream_of(row: str) -> str:
    """The campaign a kept row belongs to (its stream, as the row's name begins)."""
    return row.split("/", 1)[0]


def _long_row(row: str, digest: str) -> str:
    """Where the long body of `row` whose SHA-256 is `digest` is kept."""
    return f"{_stream_of(row)}:{digest}"


def _named(body: str | None) -> str | None:
    """The digest of the long body a sealed row names (`LONG`), if it names one."""
    found = NAMED.fullmatch(body) if body is not None else None
    return found[1] if found else None


def _digest(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()


def _unnamed(sql: dialects.Dialect, views: str, stream: str) -> list[Statement]:
    """The statement dropping the long bodies of a campaign (`LONG`) that no row names now: the
    digest a sealed row names follows `NAMING`, a long body's row's name follows `<stream>:`."""
    digest = len(NAMING) + 1
    named = f"SELECT substr(body, {digest}, 64) FROM {views} WHERE stream LIKE {sql.mark}"
    after = len(stream) + 2
    drop = f"DELETE FROM {views} WHERE stream LIKE {sql.mark} AND substr(stream, {after}) NOT IN"
    marks = (f"{stream}:%", f"{stream}/%", NAMING + "%")
    return [(f"{drop} ({named} AND body LIKE {sql.mark})", marks)]


def _within(of: Kind, state: Any, seen: dict[str, Any]) -> bool:
    """Whether a kept state's round (or turn) is one its log could have reached: no further
    than the log has events (issue #47: a re-sealed state in round 100,000,000 made the
    campaign's page run for minutes). A state beyond it is a broken row: the log is folded."""
    number = getattr(state, of.period_field, None)
    if not isinstance(number, int) or isinstance(number, bool):
        return True
    return 0 <= number <= int(seen.get("events") or 0)


def _state_read(of: Kind, body: str, started: CampaignStarted) -> Any:
    """A state kept beside the log (campaign.readmodel.snapshot), read back, or None."""
    from campaign.readmodel import (
        snapshot,  # msgspec: imported by what writes or reads a state alone
    )

    return snapshot.read(of, body, of.start(started))


def _current(state: object, head: str) -> bool:
    """Whether the log's last event (its stored `state`) is the one a view was kept at."""
    try:
        last = orjson.loads(blob(state))
    except orjson.JSONDecodeError:
        return False
    return isinstance(last, dict) and last.get("chain") == head


def _picked(key: bytes | None, row: str, head: str, body: object) -> dict[str, Any] | None:
    """What `list` shows of a view, picked out by the database, if its seal holds."""
    values = status.picked_brief(cast("str | None", body))  # as the database gave it
    if values is None or key is None or seals.brief_seal(key, row, head, values[0]) != values[1]:
        return None
    return status.briefed(values[0])
