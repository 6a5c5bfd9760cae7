"""Stores: the PostgreSQL server named for the tests (`POSTGRES`), what is kept beside the log
sealed as the program seals it (`kept_key`, `unsealed`, `resealed`), and a campaign begun and
written to for the tests of what is kept (`begin`, `record`, `kept_rows`, `rebuilt`)."""

from __future__ import annotations

import functools
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from campaign.domain import deadlines
from campaign.domain.registry import kind
from campaign.domain.shared_commands import note, redo, undo
from campaign.errors import CampaignError
from campaign.service import use_cases
from campaign.service.reports import keep_after_append
from campaign.service.unit_of_work import Campaigns
from helpers.boiling_cauldron import NAMES, choose

POSTGRES = os.environ.get("CAMPAIGN_TEST_POSTGRES", "")
"""e.g. postgresql://postgres@127.0.0.1:5432/test (.ci/run sets it); each test gets a schema of
its own there, dropped afterwards."""


@functools.lru_cache(maxsize=1)
def postgres_unreachable() -> str | None:
    """Why the PostgreSQL tests cannot run here, or None."""
    if not POSTGRES:
        return "no PostgreSQL server named (set CAMPAIGN_TEST_POSTGRES=postgresql://…)"
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed (pip install -e '.[test]')"
    try:
        psycopg.connect(POSTGRES, connect_timeout=3).close()
    except psycopg.Error as failure:
        return f"the PostgreSQL server {POSTGRES} cannot be reached ({failure})"
    return None


def kept_key(db: Path | str) -> bytes:
    """The key a SQLite store binds what it keeps beside the log with."""
    from campaign.readmodel import seals

    with sqlite3.connect(db) as connection:
        ((secret,),) = connection.execute(
            "SELECT secret FROM campaign_secrets WHERE stream = ? AND label = ?",
            (seals.KEY_STREAM, seals.KEY_LABEL),
        ).fetchall()
    connection.close()
    return bytes.fromhex(secret)


def unsealed(body: str) -> str:
    """A kept body without its seal (what the program reads once the seal holds)."""
    from campaign.readmodel import seals

    found = seals.sealed(body)
    assert found is not None, "the kept body carries no seal"
    return body[: found.start()] + found["end"]


def resealed(db: Path | str, row: str, head: str, body: str) -> str:
    """`body` sealed for `row` under `head` as the program's writer would seal it: an edit the
    program cannot tell from its own (the key is the store's), to show what a reader trusts."""
    from campaign.readmodel import seals

    return seals.bound(kept_key(db), row, head, body)


def resealed_view(db: Path | str, row: str, seen: dict[str, Any]) -> str:
    """A view's body as the writer seals it (the view and what `list` picks of it)."""
    from campaign.readmodel import seals

    key, head = kept_key(db), seen["head"]
    picked = [seen["program"], seen["summary"], seen["players"]]
    body = json.dumps({**seen, "brief_seal": seals.brief_seal(key, row, head, picked)})
    return seals.bound(key, row, head, body)


BC = kind("boiling-cauldron")


def begin(path, players) -> Campaigns:
    campaigns = Campaigns(str(path))
    use_cases.start(campaigns, *BC.new("Prop", {"player": players, "seed": "kept"}), "organiser")
    return campaigns


def kept_rows(campaigns: Campaigns) -> dict[str, tuple]:
    """Every row kept beside the campaign's log: its name → (version, head, body)."""
    stream = campaigns.listing.stream("Prop").hex
    rows = campaigns.database.select(
        "campaign_views", "stream, version, head, body", "stream", stream, like=True
    )
    return {row[0]: tuple(row[1:]) for row in rows}


def rebuilt(path) -> dict[str, tuple]:
    """The rows a fold of the whole log keeps (a reader of another store on the same file)."""
    campaigns = Campaigns(str(path))
    loaded = campaigns.load("Prop")
    campaigns.kept.forget("Prop")
    campaigns.kept.remember(loaded)
    keep_after_append(campaigns, "Prop", loaded)
    return kept_rows(campaigns)


def record(campaigns: Campaigns, decide, again: bool = True) -> None:
    use_cases.record(campaigns, "Prop", decide, "organiser", again=again)


def BC_legal(state) -> tuple[str, str]:
    from campaign.kinds.boiling_cauldron import checks

    return checks.legal_attacks(state, state.on_turn)[0]


PLAYERS = ["Ann", "Bob", "Cid", "Dag", "Eve"]


def starting(name: str, seed: str):
    """A Boiling Cauldron campaign's first event and its draw, as `campaign new` makes them."""
    return kind("boiling-cauldron").new(name, {"player": PLAYERS, "seed": seed})


def writes_at_random(tmp_path_factory, data, count: int) -> None:
    """A random lawful Boiling Cauldron campaign of `count` players with notes, deadline rules,
    undos of one to three actions and redos between the moves: after every write, every row kept
    beside the log is, byte for byte, what a fold of the whole log keeps (the property of
    test_resumed_writes and test_long_kept_bodies)."""
    path = tmp_path_factory.mktemp("resumed") / "store.sqlite"
    campaigns = begin(path, NAMES[:count])
    record(campaigns, lambda loaded: deadlines.choose_default("3d"))
    record(campaigns, lambda loaded: deadlines.choose_quiet("22:00-08:00"))
    record(campaigns, lambda loaded: deadlines.choose_zone("Europe/London"))
    resumed = 0
    for _ in range(30):
        state = campaigns.load("Prop").state
        if state.phase == "finished":
            break
        what = data.draw(st.sampled_from(["move"] * 6 + ["note"] * 3 + ["undo", "redo"]))
        if what == "note":
            record(campaigns, lambda loaded: note("a ruling"))
        elif what in ("undo", "redo"):
            steps = data.draw(st.integers(1, 3))
            decide = {
                "undo": lambda loaded, steps=steps: undo(loaded.ledger, steps, "bench"),
                "redo": lambda loaded: redo(loaded.ledger, "bench"),
            }[what]
            try:
                record(campaigns, decide, again=False)
            except CampaignError:  # nothing to undo or redo, or fewer steps: nothing recorded
                pass
        else:
            decide = choose(data, state)
            record(campaigns, lambda loaded, decide=decide: decide(loaded.state))
        resumed += campaigns.after is not None and campaigns.after.resumed is not None
        assert kept_rows(campaigns) == rebuilt(path)
    assert resumed > 0
