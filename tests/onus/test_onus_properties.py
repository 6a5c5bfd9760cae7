"""Invariants over random lawful ONUS! campaigns (hypothesis): random facts, casualties,
musters and upgrades through all eight scenarios."""

from __future__ import annotations

from helpers.properties import examples, kept_back
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.domain.log import Loaded, fold
from campaign.domain.settle import settle
from campaign.input import clock
from campaign.kinds.onus import commands as commands
from campaign.kinds.onus.book import SIDES
from campaign.kinds.onus.rules import STATUSES, placements
from campaign.service.verify import audit


def fact_value(fact):
    if fact.kind == "yesno":
        return st.sampled_from(["yes", "no"])
    if fact.kind == "count":
        return st.integers(fact.low, min(fact.high, 12)).map(str)
    return st.sampled_from(fact.choices)


def choose(data, state, cheapest):
    if state.upgrade_due:
        cards = [c.id for c in commands.upgradable(state).values() if c.status != "elite"]
        pick = data.draw(st.sampled_from([None, *cards]))
        return lambda s: commands.upgrade(s, pick)
    upgraded = state.results[-1].upgrade if state.results else None
    for side in SIDES:
        unfielded = (
            upgraded
            and side == state.results[-1].winner
            and upgraded[0] not in {c.id for c in state.fielded(side)}
        )
        if state.army_units(side) is None or unfielded:
            units = cheapest(state, side, upgraded[0] if unfielded else None)
            return lambda s: commands.muster(s, side, units)
    scenario = state.next_scenario
    facts = {f.key: data.draw(fact_value(f)) for f in scenario.facts}
    fielded = [c.id for side in SIDES for c in state.fielded(side)]
    eliminated = data.draw(st.lists(st.sampled_from(fielded), max_size=3, unique=True))
    fell = {side for side in SIDES for c in state.fielded(side) if c.id in eliminated}
    named = {
        side: {*scenario.armies[side].characters, scenario.armies[side].general} for side in SIDES
    }
    placed = {
        c: card
        for side in SIDES
        for c, card in placements(scenario.armies[side], state.fielded(side), state.absent).items()
    }

    def may_fall(character: str) -> bool:  # ON-2.5: lost with his own unit, or one of his side's
        if character in placed:
            return placed[character] in eliminated
        return any(character in named[side] for side in fell)

    present = sorted(c for c in commands.present_characters(state) if may_fall(c))
    lost = data.draw(st.lists(st.sampled_from(present), max_size=2, unique=True)) if present else []
    return lambda s: commands.scenario_result(s, facts, eliminated, lost)


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), st.booleans())
def test_random_lawful_onus_campaigns_keep_the_invariants(eagle, cheapest, data, reset_eliminated):
    story = eagle(reset_eliminated)
    loaded = story.campaigns.load(story.name)
    events, state = list(loaded.events), loaded.state
    for _ in range(40):
        if state.phase == "finished":
            break
        before = {c.id: c.status for side in SIDES for c in state.roster[side]}
        new = settle(
            Loaded(loaded.kind, tuple(events), state),
            choose(data, state, cheapest)(state),
            "organiser",
            [],
            clock.now(),
        )
        for event in new:
            state = loaded.kind.apply(state, event)
        events += new
        after = {c.id: c.status for side in SIDES for c in state.roster[side]}
        # ON-2.1: statuses rise one step at a time, at most one card per upgrade, never past Elite
        risen = [i for i in before if STATUSES.index(after[i]) > STATUSES.index(before[i])]
        assert len(risen) <= 1 and all(
            STATUSES.index(after[i]) - STATUSES.index(before[i]) == 1 for i in risen
        )
        if not reset_eliminated:
            assert all(STATUSES.index(after[i]) >= STATUSES.index(before[i]) for i in before)
        # ON-1.3: wins add up to the scenarios played
        assert sum(state.wins().values()) == len(state.results)
        # ON-2.5: a Character lost with his unit misses the next scenario only
        lost_last = set(state.results[-1].lost_with_unit) if state.results else set()
        assert state.absent == lost_last
        if state.next_scenario is not None:
            assert not state.absent & commands.present_characters(state)
        assert state == fold(loaded.kind, events)
        assert kept_back(loaded.kind, events, state) == state  # kept beside the view (#16)
    assert state.phase == "finished" and len(state.results) == 8
    assert audit(loaded.kind, events).state == state
