"""The event store: atomic appends, concurrent organisers, untrusted rows."""

from __future__ import annotations

import sqlite3
import sys

import pytest
from helpers.store import starting

from campaign.domain.chain import campaign_id
from campaign.errors import CampaignError, RuleViolation, StoreError
from campaign.kinds.boiling_cauldron import commands as commands
from campaign.service.unit_of_work import Campaigns


@pytest.fixture
def db(store_url):
    """Spring 869, drawn, in a SQLite file and on a PostgreSQL server."""
    Campaigns(store_url).start(*starting("Spring 869", seed="Spring 869"), "organiser")
    return store_url


def insert_raw(db: str, stream: str, version: int, topic: str, state: bytes) -> None:
    """A row written into the store behind the program's back."""
    if db.startswith("postgresql://"):
        import psycopg

        url, _, query = db.partition("?schema=")
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(
                f'INSERT INTO "{query}".campaigns_events (originator_id, originator_version, '
                "topic, state) VALUES (%s, %s, %s, %s)",
                (stream, version, topic, state),
            )
        return
    with sqlite3.connect(db) as connection:
        connection.execute(
            "INSERT INTO stored_events VALUES (?, ?, ?, ?)", (stream, version, topic, state)
        )
    connection.close()


def test_a_concurrent_append_is_caught_and_the_same_attack_is_never_recorded_twice(db):
    """Two organisers both enter Cid's attack on Kent. The second's write lands first; the first's
    collides, reloads, finds Dag on turn, and refuses rather than doubling the attack."""
    first, second = Campaigns(db), Campaigns(db)
    decided_on = []

    def cid_attacks_kent(state):
        decided_on.append(state.on_turn)
        if len(decided_on) == 1:
            second.act(
                "Spring 869", lambda s: commands.attack(s, "Essex", "Kent"), "second organiser"
            )
        return commands.attack(state, "Essex", "Kent")

    with pytest.raises(RuleViolation) as refusal:
        first.act("Spring 869", cid_attacks_kent, "first organiser")
    assert decided_on == ["Cid", "Dag"] and refusal.value.rule == "BC-4.1"
    events = Campaigns(db).load("Spring 869").events
    assert [type(e).__name__ for e in events] == [
        "CampaignStarted",
        "RegionsAllocated",
        "AttackDeclared",
    ]


def test_a_concurrent_append_is_retried_when_the_decision_still_holds(db):
    first, second = Campaigns(db), Campaigns(db)
    calls = []

    def attack_for_whoever_is_on_turn(state):
        calls.append(len(calls))
        if len(calls) == 1:
            second.act(
                "Spring 869", lambda s: commands.attack(s, "Essex", "Kent"), "second organiser"
            )
        return (
            commands.attack(state, "Wessex", "Sussex")
            if state.on_turn == "Dag"
            else commands.attack(state, "Essex", "Kent")
        )

    recorded = first.act("Spring 869", attack_for_whoever_is_on_turn, "first organiser")
    events = Campaigns(db).load("Spring 869").events
    assert len(calls) == 2
    assert [
        (e.originator_version, type(e).__name__, getattr(e, "attacker", None)) for e in events[2:]
    ] == [(3, "AttackDeclared", "Cid"), (4, "AttackDeclared", "Dag")]
    assert [e.originator_version for e in recorded] == [4]


def test_a_store_row_of_an_unknown_kind_is_refused_without_importing_anything(db):
    """eventsourcing resolves a stored topic by importing its module: a row naming another module is
    refused first."""
    insert_raw(db, campaign_id("Spring 869").hex, 3, "antigravity:Fly", b"{}")
    with pytest.raises(StoreError) as refusal:
        Campaigns(db).load("Spring 869")
    assert "does not know" in str(refusal.value)
    assert "antigravity" not in sys.modules


def test_a_campaign_that_does_not_exist_is_named_in_the_refusal(db):
    with pytest.raises(CampaignError) as refusal:
        Campaigns(db).choose("Sprung 869")
    assert "did you mean Spring 869?" in str(refusal.value)


def test_two_organisers_creating_the_same_campaign_at_once_get_one_campaign(db):
    """The second organiser's write collides with the first's: one sentence, one campaign."""
    first, second = Campaigns(db), Campaigns(db)
    started, allocate_a = starting("Autumn 870", seed="a")

    def allocate_after_the_other_organiser(state):
        second.start(*starting("Autumn 870", seed="b"), "second organiser")
        return allocate_a(state)

    with pytest.raises(CampaignError) as refusal:
        first.start(started, allocate_after_the_other_organiser, "first organiser")
    assert "created by someone else" in str(refusal.value)
    assert Campaigns(db).load("Autumn 870").events[1].seed == "b"
