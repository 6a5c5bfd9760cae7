"""What a store keeps sealed beside the logs, never in them nor in an export: each campaign's
secrets (the committed dice's seeds, the key binding kept rows, a webhook's URL, how far a post
got, contacts, turn notices) in one table of labels and values, and the personal links of the
hub, kept as the SHA-256 of their secret alone."""

from __future__ import annotations

import contextlib
import hashlib
import json
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from eventsourcing.persistence import IntegrityError

from campaign.domain import dice
from campaign.domain.chain import campaign_id
from campaign.input import text
from campaign.input.names import folded
from campaign.readmodel.catalogue import Entry
from campaign.readmodel.seals import KEY_STREAM
from campaign.store import dialects
from campaign.store.database import Database
from campaign.store.locks import rebuildable
from events.common import CampaignEvent, PlayerRenamed, PlayerReplaced

SECRETS = dialects.SECRETS
SECRETS_COLUMNS = "(stream TEXT, label TEXT, secret TEXT, PRIMARY KEY (stream, label))"
"""Where the store keeps the dice secrets of campaigns (campaign.domain.dice): beside the log, never
in it."""
ACCESS = "access:"
"""Labels `access:<SHA-256 of a personal link's secret>`: the role and player it opens."""
CONTACT = "contact:"
"""Labels `contact:<folded name>`: how a person is reached (his Discord user id, his e-mail),
as JSON; it follows a renamed player (`recontact`)."""


def made(cursor: Any, sql: dialects.Dialect) -> None:
    """The secrets table, made where the store has none yet."""
    if not sql.exists(cursor, SECRETS):
        cursor.execute(f"CREATE TABLE IF NOT EXISTS {sql.table(SECRETS)} {SECRETS_COLUMNS}")


class Secrets:
    """Each campaign's labels and values kept beside its log (`stream` finds a campaign's stream
    by its name now)."""

    def __init__(self, database: Database, stream: Callable[[str], uuid.UUID]) -> None:
        self.database, self.stream = database, stream

    def seal(
        self, name: str, labels: Sequence[str], given: dict[str, str] | None = None
    ) -> dict[str, str]:
        """The secrets (`labels` → hex) the store keeps for the campaign that `name` starts, drawn
        now, or `given` (a fork keeps its original's) — never in the log, which is public. Two
        organisers creating the same campaign at once get the same secrets: the first stored
        stay."""
        self.database.check_writable()
        stream = campaign_id(text.name(name, "the campaign's name")).hex
        drawn = {label: (given or {}).get(label) or dice.fresh_secret() for label in labels}

        self.keep_rows(stream, drawn, replace=False)
        return self.of(stream)

    def keep_rows(self, stream: str, kept: dict[str, str], replace: bool) -> None:
        """Rows of the secrets table (made when missing): `label` → value for `stream`, replacing
        what was kept under a label, or, not `replace`, leaving the first kept."""
        sql = self.database.dialect
        insert = sql.insert(sql.table(SECRETS), 3, replace=replace, key="stream, label")

        def write() -> None:
            with self.database.transaction() as cursor:
                made(cursor, sql)
                cursor.executemany(insert, [(stream, k, v) for k, v in kept.items()])

        self.database.guard(write)

    def claim(self, stream: str, label: str, value: str) -> bool:
        """Keep `value` under `label` of `stream` unless something is kept there already, in one
        insert, whichever process tries: True for the one that kept it (a notice being sent:
        campaign.notify.notices)."""
        return self._claimed(stream, label, value)

    def spend(self, stream: str, label: str, value: str, before: str) -> bool:
        """A one-time token spent (a form's: campaign.web.forms): claimed as `claim` does, and
        the values of `stream` that sort before `before` (instants: those spent too long ago to
        be sent again) dropped in the same transaction, which does not wait for the disk
        (`rebuildable`: a power cut that loses it loses every write after it too)."""
        with rebuildable():
            return self._claimed(stream, label, value, before)

    def _claimed(self, stream: str, label: str, value: str, before: str | None = None) -> bool:
        sql = self.database.dialect
        marks = ", ".join([sql.mark] * 3)

        def write() -> None:
            with self.database.transaction() as cursor:
                made(cursor, sql)
                cursor.execute(
                    f"INSERT INTO {sql.table(SECRETS)} VALUES ({marks})", (stream, label, value)
                )
                if before is not None:
                    cursor.execute(
                        f"DELETE FROM {sql.table(SECRETS)} WHERE stream = {sql.mark} "
                        f"AND secret < {sql.mark}",
                        (stream, before),
                    )

        try:
            self.database.guard(write, conflicts=True)
        except IntegrityError:
            return False
        return True

    def forget(self, stream: str, label: str | None = None, before: str | None = None) -> None:
        """Drop what `stream` keeps under `label`, or, with `before`, every value of it that
        sorts before that one (instants in ISO 8601: those older)."""
        sql = self.database.dialect
        which, values = (
            (f"label = {sql.mark}", (stream, label))
            if label is not None
            else (f"secret < {sql.mark}", (stream, before))
        )

        def write() -> None:
            with self.database.transaction() as cursor:
                cursor.execute(
                    f"DELETE FROM {sql.table(SECRETS)} WHERE stream = {sql.mark} AND {which}",
                    values,
                )

        self.database.guard(write)

    def keep(self, name: str, label: str, value: str, lasting: bool = True) -> None:
        """Keep `value` under `label` for campaign `name`, beside the log (a webhook URL, how far
        a post got), replacing what was kept there; what is not `lasting` (how far a personal
        page was read) is written without waiting for the disk (`rebuildable`)."""
        self.database.check_writable()
        with rebuildable() if not lasting else contextlib.nullcontext():
            self.keep_rows(self.stream(name).hex, {label: value}, replace=True)

    def keep_all(self, name: str, kept: dict[str, str]) -> None:
        """Keep each value under its label for campaign `name`, beside the log, at once."""
        self.database.check_writable()
        self.keep_rows(self.stream(name).hex, kept, replace=True)

    def unseal(self, name: str) -> dict[str, str]:
        """The secrets the store keeps for campaign `name` (none for an imported campaign: they
        stayed with the store it was created in)."""
        return self.of(self.stream(name).hex)

    def unseal_stream(self, stream: uuid.UUID) -> dict[str, str]:
        return self.of(stream.hex)

    def of(self, stream: str) -> dict[str, str]:
        return dict(self.database.select(SECRETS, "label, secret", "stream", stream))

    def store_key(self, label: str, create: bool = False) -> bytes | None:
        """A key the store keeps among its secrets under `label` (belonging to no campaign:
        `bound.KEY_STREAM`), made by the first that asks to `create` it, whoever else makes one
        at the same moment (the first kept stays); None where there is none, or none this
        program reads (edited by hand), or the store cannot be written to make one."""
        found = _hex(self.of(KEY_STREAM).get(label))
        if found is None and create and not self.database.unwritable:
            self.keep_rows(KEY_STREAM, {label: dice.fresh_secret()}, replace=False)
            found = _hex(self.of(KEY_STREAM).get(label))
        return found


class Links:
    """The hub's personal links: a grant kept under the hash of its secret, found again from the
    secret alone, following its person when he is replaced or renamed."""

    def __init__(self, secrets: Secrets, entries: Callable[[], list[Entry]]) -> None:
        self.secrets, self.entries = secrets, entries
        self.steady: dict[str, tuple[str, str, str | None] | None] | None = None
        """While a page is drawn (`Campaigns.steady`), what each link opens, once read."""

    def grant(
        self, name: str, token: str, role: str, player: str | None, until: str | None = None
    ) -> None:
        """A personal link's access to campaign `name`, kept as the SHA-256 of its secret (never
        the secret, never in the log); `until`, an ISO 8601 instant, it opens nothing after."""
        given = {"role": role, "player": player}
        value = json.dumps(given if until is None else {**given, "until": until})
        self.secrets.keep(name, ACCESS + hashlib.sha256(token.encode()).hexdigest(), value)

    def access(self, token: str) -> tuple[str, str, str | None] | None:
        """The campaign, role and player a personal link opens, or None (unknown, revoked)."""
        if self.steady is not None:
            if token not in self.steady:
                self.steady[token] = self._access(token)
            return self.steady[token]
        return self._access(token)

    def _access(self, token: str) -> tuple[str, str, str | None] | None:
        label = ACCESS + hashlib.sha256(token.encode()).hexdigest()
        for stream, value in self.secrets.database.select(
            SECRETS, "stream, secret", "label", label
        ):
            granted = grant_of(value)
            entry = next((e for e in self.entries() if e.stream.hex == stream), None)
            if granted and entry:
                return entry.name, granted["role"], granted["player"]
        return None

    def revoke(self, name: str, player: str) -> int:
        """Every personal link of `player` (named as everywhere: case and spacing aside) to
        campaign `name` stops working; how many did."""
        return self.relink(name, player, None)

    def relink(self, name: str, player: str, renamed: str | None) -> int:
        """Every personal link of `player` to campaign `name` opens as `renamed` from now on, or
        (None) no longer opens; how many did."""
        changed = 0
        for label, value in self.secrets.unseal(name).items():
            granted = grant_of(value)
            if not label.startswith(ACCESS) or granted is None:
                continue
            if granted["player"] is not None and folded(granted["player"]) == folded(player):
                kept = "" if renamed is None else json.dumps({**granted, "player": renamed})
                self.secrets.keep(name, label, kept)
                changed += 1
        return changed

    def follow(self, name: str, new: Sequence[CampaignEvent]) -> None:
        """A link follows its person: a replaced player's links end, a renamed one's open under
        the new name."""
        for event in new:
            if isinstance(event, PlayerReplaced):
                self.revoke(name, event.player)
            elif isinstance(event, PlayerRenamed):
                self.relink(name, event.player, event.to)
                self.recontact(name, event.player, event.to)

    def recontact(self, name: str, player: str, renamed: str) -> None:
        """How `player` is reached (his turn notices' channels) follows him to his new name."""
        kept = self.secrets.unseal(name)
        contact = kept.get(CONTACT + folded(player))
        if contact and folded(player) != folded(renamed):
            self.secrets.keep(name, CONTACT + folded(renamed), contact)
            self.secrets.keep(name, CONTACT + folded(player), "{}")  # as `contact --clear`


def _hex(kept: str | None) -> bytes | None:
    try:
        return bytes.fromhex(kept) if kept else None
    except ValueError:
        return None


def grant_of(value: str | None) -> dict[str, Any] | None:
    """A personal link's grant as kept (`grant`), or None: revoked, or not a grant at all."""
    try:
        granted = json.loads(value) if value else None
    except ValueError:
        return None
    if not isinstance(granted, dict) or not isinstance(granted.get("role"), str):
        return None
    if not isinstance(granted.get("player"), (str, type(None))):
        return None
    until = granted.get("until")
    if until is not None and (not isinstance(until, str) or _passed(until)):
        return None
    return granted


def _passed(until: str) -> bool:
    """Whether a link's last instant has passed on the one clock (an unreadable one has)."""
    from datetime import datetime

    from campaign.input import clock

    try:
        return datetime.fromisoformat(until) < clock.now()
    except (ValueError, TypeError):
        return True
