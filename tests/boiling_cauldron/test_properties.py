"""Invariants over random lawful Boiling Cauldron campaigns of 3 to 8 players (hypothesis).

A random organiser plays whole campaigns: legal attacks or forfeits, random
casualties, lawful choices of regions, Final Battles. At every step the
invariants of the rules hold, and the state folded event by event equals
the state rebuilt from the whole log.
"""

from __future__ import annotations

from collections import Counter

from helpers.boiling_cauldron import NAMES, choose
from helpers.properties import examples, kept_back
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.domain.log import Loaded, fold
from campaign.domain.registry import kind
from campaign.domain.settle import settle
from campaign.input import clock
from campaign.kinds.boiling_cauldron import commands as commands
from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron import state as bc_state
from campaign.service import exchange
from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import audit


def start(players: list[str], seed: str) -> tuple[Campaigns, Loaded]:
    campaigns, bc_kind = Campaigns(":memory:"), kind("boiling-cauldron")
    events = campaigns.start(*bc_kind.new("Prop", {"player": players, "seed": seed}), "organiser")
    return campaigns, Loaded(bc_kind, tuple(events), fold(bc_kind, events))


def check_invariants(state, players: list[str]) -> None:
    # BC-3, BC-8: every event leaves the phase moved on as far as it goes, so an event that
    # changes nothing (a note) need not ask again (state.apply relies on it)
    assert bc_state._advance(state) == state
    # BC-1.2: every region is controlled by exactly one player of the campaign
    assert sorted(state.control) == sorted(state.world.names)
    assert set(state.control.values()) <= set(players)
    # BC-7.3: the eliminated hold nothing, and whoever holds nothing is eliminated, once
    out = [e.player for e in state.eliminations]
    assert len(out) == len(set(out))
    assert set(out) == set(players) - set(state.control.values())
    # BC-4: at most one attack by, and one attack on, each player per round
    attackers = [b.attacker for b in state.round_battles()] + [
        f.player for f in state.round_forfeits()
    ]
    assert max(Counter(attackers).values(), default=0) <= 1
    assert max(Counter(b.defender for b in state.round_battles()).values(), default=0) <= 1
    # BC-3: the attack order is a permutation of the players still in at the start of the round
    if state.phase in ("declaration", "battles"):
        assert sorted(state.attack_order) == sorted(set(state.round_start_control.values()))
        assert 1 <= state.round <= bc.MAX_ROUNDS
    if state.phase == "finished":
        assert state.winner in players


def play_randomly(data, players: list[str], seed: str, steps: int, every_step=None):
    """A random organiser plays a whole campaign lawfully, checking the invariants after every
    event;
    `every_step(events, state)` sees the campaign after each command. Returns the events and the
    state."""
    campaigns, loaded = start(players, seed)
    events, state = list(loaded.events), loaded.state
    for _ in range(steps):
        if state.phase == "finished":
            break
        new = settle(
            Loaded(loaded.kind, tuple(events), state),
            choose(data, state)(state),
            "organiser",
            [],
            clock.now(),
        )
        for event in new:
            state = loaded.kind.apply(state, event)
            check_invariants(state, players)
        events += new
        if every_step:
            every_step(events, state)
    return events, state


BC = kind("boiling-cauldron")


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), st.integers(3, 8), st.text(max_size=8))
def test_random_lawful_campaigns_keep_the_rules_invariants_and_replay_identically(
    data, count, seed
):
    players = NAMES[:count]
    shares = Counter(start(players, seed)[1].state.control.values())
    assert max(shares.values()) - min(shares.values()) <= 1  # BC-2.1

    def rebuilt_equals_incremental(events, state):
        assert state == fold(BC, events)
        assert kept_back(BC, events, state) == state  # the state kept beside the view (#16)

    events, state = play_randomly(data, players, seed, 250, rebuilt_equals_incremental)
    assert audit(BC, events).state == state  # `campaign verify` re-decides every event the same way
    assert state.phase in (
        "final",
        "finished",
    )  # Final Battles may be drawn again and again (BC-8.4)


@settings(
    max_examples=examples(8),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), st.integers(3, 6))
def test_the_store_gives_back_every_state_and_export_import_export_is_stable(data, count):
    """Read back from the store, the campaign is the one built step by step; `--as-of N` is the
    state
    recorded when the log had N events; an export imported elsewhere exports the same again."""
    players = NAMES[:count]
    campaigns, loaded = start(players, "store")
    state, seen = loaded.state, {len(loaded.events): loaded.state}
    for _ in range(60):
        if state.phase == "finished":
            break
        for event in campaigns.act("Prop", choose(data, state), "organiser"):
            state = loaded.kind.apply(state, event)
        # decimals and plain rows: both of campaign.store.rows's paths
        read = campaigns.load("Prop")
        seen[len(read.events)] = state
        assert read.state == state and read.chain_break is None
        # the writer's links, as the reader's: those it read (a fold), or, where it resumed from
        # what is kept beside the log (#31) and read no links, the link of each event it stamped
        after = campaigns.after
        assert after.links == read.links if after.resumed is None else after.links is None
        assert [e.chain for e in after.events[-3:]] == list(read.links[-3:])
    for length, then in seen.items():
        assert campaigns.load("Prop", as_of=length).state == then
    exported = exchange.export_lines(campaigns.load("Prop"))
    elsewhere = Campaigns(":memory:")
    exchange.import_campaign(elsewhere, "\n".join(exported), None)
    assert exchange.export_lines(elsewhere.load("Prop")) == exported


@settings(
    max_examples=examples(3),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_seventeen_players_one_region_each_play_to_the_end(data):
    """BC-2.1 at its limit: 17 players share 17 regions, one each; every invariant holds and verify
    agrees."""
    players = [f"Warlord {n}" for n in range(1, 18)]
    assert (
        sorted(Counter(start(players, "seventeen")[1].state.control.values()).values()) == [1] * 17
    )
    events, state = play_randomly(data, players, "seventeen", 400)
    assert audit(BC, events).state == state == fold(BC, events)
