"""Export and import: a campaign as JSON Lines, and back through the rules.

An imported file is untrusted. Its event types are looked up in this program's
own allow-list (never imported by name), its hash chain is checked, and the
campaign is re-created event by event through the same checks as `verify`;
nothing is written unless all of it passes.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any, cast

from campaign.domain import chain
from campaign.domain.chain import campaign_id
from campaign.domain.log import Loaded
from campaign.domain.registry import PACKAGES, kind
from campaign.domain.shared_commands import current_name
from campaign.errors import CampaignError
from campaign.input import text
from campaign.input.values import percentage
from campaign.notify.discord import POSTED, WEBHOOK
from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import audit
from campaign.store.sealed import ACCESS
from events import event_class, fields
from events.common import CampaignEvent, CampaignStarted

FORMAT = "campaign-export/1"


class BadExport(CampaignError):
    """An export file that cannot be imported: says which line and why."""


def records(events: Sequence[CampaignEvent]) -> list[dict[str, Any]]:
    return [
        {
            "seq": e.originator_version,
            "time": e.timestamp.isoformat(),
            "type": type(e).__name__,
            "topic": type(e).TOPIC,
            "actor": e.actor,
            "rules_version": e.rules_version,
            "data": chain.exact(chain.data_of(e)),
            "hash": e.chain,
        }
        for e in events
    ]


def export_lines(loaded: Loaded) -> list[str]:
    started = loaded.started
    header = {
        "format": FORMAT,
        "name": current_name(loaded.events),
        "kind": started.rules,
        "rules_version": started.rules_version,
        "events": len(loaded.events),
        "chain_head": chain.head(loaded.events),
    }
    return [json.dumps(line, ensure_ascii=False) for line in [header, *records(loaded.events)]]


def parse(text: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    lines = [line for line in text.removeprefix("\ufeff").splitlines() if line.strip()]
    if not lines:
        raise BadExport("The file is empty: it is not a campaign export.")
    rows = [_json(line, number) for number, line in enumerate(lines, 1)]
    header, body = rows[0], rows[1:]
    if header.get("format") != FORMAT:
        raise BadExport(f'Line 1 is not a campaign export header (it needs "format": "{FORMAT}").')
    _check_header(header)
    if not body:
        raise BadExport(
            "The file holds no event: a campaign export starts with the campaign's start."
        )
    if header.get("events") != len(body):
        raise BadExport(
            f"The header counts {header.get('events')} events but the file holds {len(body)}: "
            "events were added or removed."
        )
    return header, body


def _check_header(header: dict[str, Any]) -> None:
    """The header names a kind this program runs, under the rules version it applies today."""
    rules = header.get("kind")
    if not isinstance(rules, str) or rules not in PACKAGES:
        raise BadExport(
            f"Line 1 names no kind of campaign this program runs ({', '.join(PACKAGES)})."
        )
    version = kind(rules).rules_version
    if header.get("rules_version") != version:
        raise BadExport(
            f"Line 1: the campaign was kept under rules other than {version}, which this "
            "program applies."
        )
    if type(header.get("events")) is not int:
        raise BadExport("Line 1 does not count the file's events.")


def _json(line: str, number: int) -> dict[str, Any]:
    try:
        row = json.loads(line)
    except json.JSONDecodeError:
        raise BadExport(f"Line {number} is not JSON.") from None
    except (RecursionError, ValueError):
        raise BadExport(
            f"Line {number} is not JSON a campaign export holds (too deep or too long a number)."
        ) from None
    if not isinstance(row, dict):
        raise BadExport(f"Line {number} is not a JSON object.")
    return row


def check_file_chain(header: dict[str, Any], body: list[dict[str, Any]]) -> None:
    """The file's own hashes, recomputed from its contents, line by line."""
    previous = chain.GENESIS
    for number, row in enumerate(body, 2):
        _check_envelope(row, number)
        expected = chain.link(  # each of the envelope's fields checked just now
            previous,
            row["seq"],
            row["topic"],
            _time(row, number),
            row["actor"],
            row["rules_version"],
            row["data"],
        )
        if row.get("seq") != number - 1 or expected != row.get("hash"):
            raise BadExport(
                f"Line {number} (event {number - 1}) was altered, inserted or moved: its hash "
                "does not match."
            )
        previous = expected
    if header.get("chain_head") != previous:
        raise BadExport(
            "The header's chain head does not match the last event: the file was cut short or "
            "altered."
        )


def _check_envelope(row: dict[str, Any], number: int) -> None:
    """What every event line carries: its number, who recorded it and under which rules."""
    if type(row.get("seq")) is not int:
        raise BadExport(f"Line {number} has no event number.")
    for field in ("actor", "rules_version", "topic"):
        if not isinstance(row.get(field), str):
            raise BadExport(f"Line {number} has no {field.replace('_', ' ')}.")
    if not isinstance(row.get("data"), dict):
        raise BadExport(f"Line {number} has no data.")


def rebuild(body: list[dict[str, Any]], name: str) -> list[CampaignEvent]:
    """This program's own event objects for the file's rows, re-chained under `name`."""
    originator, previous, events = campaign_id(name), chain.GENESIS, []
    for number, row in enumerate(body, 2):
        cls = event_class(row.get("topic"))
        if cls is None or row.get("type") != cls.__name__:
            raise BadExport(
                f"Line {number} holds an event of a kind this program does not know "
                f"({row.get('topic')!r})."
            )
        if (cls is CampaignStarted) != (number == 2):
            raise BadExport(
                f"Line {number}: a campaign's log starts with its start, and starts once."
            )
        given = _fields(cls, row.get("data"), number)
        if number == 2:
            given["name"] = name
            version = _version(given["rules"])
        if row["rules_version"] != version:
            raise BadExport(
                f"Line {number} was recorded under rules {row['rules_version']!r}, not {version}."
            )
        when, seq = _time(row, number), number - 1
        link = chain.link(previous, seq, cls.TOPIC, when, row["actor"], row["rules_version"], given)
        events.append(
            cls(
                originator_id=originator,
                originator_version=seq,
                timestamp=when,
                actor=str(row["actor"]),
                rules_version=str(row["rules_version"]),
                chain=link,
                **given,
            )
        )
        previous = link
    return events


def _version(rules: str) -> str:
    if rules not in PACKAGES:
        raise BadExport(
            f"Line 2 names no kind of campaign this program runs ({', '.join(PACKAGES)})."
        )
    return kind(rules).rules_version


def _time(row: dict[str, Any], number: int) -> datetime:
    try:
        return datetime.fromisoformat(row["time"])
    except (KeyError, TypeError, ValueError):
        raise BadExport(f"Line {number} has no valid time.") from None


def _fields(cls: type, data: Any, number: int) -> dict[str, Any]:
    wanted = {n: a for n, a in fields(cls).items() if n not in chain.ENVELOPE}
    if not isinstance(data, dict) or set(data) != set(wanted):
        raise BadExport(
            f"Line {number}: a {cls.__name__} has the fields {', '.join(sorted(wanted))}."
        )
    try:
        return {n: decoder(wanted[n])(data[n]) for n in wanted}
    except (TypeError, ValueError, InvalidOperation):
        raise BadExport(
            f"Line {number}: a field of the {cls.__name__} has the wrong type."
        ) from None


SCALARS = {
    "str": lambda v: _typed(v, str),
    "int": lambda v: _typed(v, int),
    "bool": lambda v: _typed(v, bool),
    "Decimal": lambda v: _decimal(v),
}
"""The values an event's field holds at the bottom of its annotation (`dict[str, list[int]]`)."""


@functools.cache
def decoder(annotation: str) -> Callable[[Any], Any]:
    """What reads a field of `annotation` (as written) from a file: `X | None`, `list[X]`,
    `dict[str, X]` to any depth over the `SCALARS`; a KeyError for anything else, which is no
    field an event of this program has (a test holds every field of every event to it)."""
    if annotation.endswith(" | None"):
        inner = decoder(annotation.removesuffix(" | None"))
        return lambda v: None if v is None else inner(v)
    if annotation.startswith("list[") and annotation.endswith("]"):
        item = decoder(annotation[5:-1])
        return lambda v: [item(x) for x in _typed(v, list)]
    if annotation.startswith("dict[str, ") and annotation.endswith("]"):
        value = decoder(annotation[10:-1])
        return lambda v: {_typed(k, str): value(x) for k, x in _typed(v, dict).items()}
    return SCALARS[annotation]


def _decimal(value: Any) -> Decimal:
    """A percentage as exported: a plain decimal number, as the commands take it."""
    parsed = percentage(_typed(value, str))
    if parsed is None:
        raise TypeError(value)
    return parsed


def _typed(value: Any, wanted: type) -> Any:
    if type(value) is not wanted:
        raise TypeError(value)
    return value


def import_campaign(campaigns: Campaigns, source: str, name: str | None) -> Loaded:
    """Re-create an exported campaign through every check; the store is unchanged on any refusal."""
    try:
        header, body = parse(source)
        check_file_chain(header, body)
        if body[0]["topic"] != CampaignStarted.TOPIC:
            raise BadExport("Line 2: a campaign's log starts with its start, and starts once.")
        if body[0]["data"].get("rules") != header["kind"]:
            raise BadExport("Line 2 starts a campaign of another kind than the header names.")
        return recreate(campaigns, body, name or str(header.get("name")))
    except RecursionError:
        raise BadExport("The file nests its data too deeply to be a campaign export.") from None


def recreate(campaigns: Campaigns, body: list[dict[str, Any]], name: str) -> Loaded:
    name = text.name(name, "the campaign's name")
    campaigns.listing.check_name_free(name)
    events = rebuild(body, name)
    of = kind(cast(CampaignStarted, events[0]).rules)  # `rebuild` begins with the start
    verified = audit(of, events)
    campaigns.record(events)
    loaded = Loaded(of, tuple(events), verified.state)
    campaigns.kept.remember(loaded)
    return loaded


def fork(campaigns: Campaigns, loaded: Loaded, new_name: str) -> Loaded:
    """A what-if branch: a new campaign whose log is `loaded`'s events, checked as an import is;
    the store's dice secrets of the original go with it (its commitments are in the log)."""
    forked = recreate(campaigns, records(loaded.events), new_name)
    kept = {
        label: value
        for label, value in campaigns.secrets.unseal_stream(loaded.started.originator_id).items()
        if label != WEBHOOK and not label.startswith((POSTED, ACCESS))
    }
    if kept:
        campaigns.secrets.seal(new_name, list(kept), given=kept)
    return forked
