"""BC-2 Starting the campaign: shares, the draw, the round-1 attack order."""

from __future__ import annotations

import hashlib

import pytest

from campaign.errors import RuleViolation
from campaign.input import clock
from campaign.kinds.boiling_cauldron import checks
from campaign.kinds.boiling_cauldron import commands as commands
from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.starting import default_map_source
from regions import parse_map

BRITAIN = parse_map(default_map_source())
FIVE = ["Ann", "Bob", "Cid", "Dag", "Eve"]


def test_bc_2_1_three_players_share_seventeen_regions_six_six_five():
    assert sorted(bc.fair_shares(3, 17).elements(), reverse=True) == [6, 6, 5]


@pytest.mark.parametrize("seed", ["Spring 869", "x", "", "ünïcode"])
def test_bc_2_1_every_draw_gives_shares_that_differ_by_at_most_one(seed):
    allocation = bc.draw(seed, FIVE, BRITAIN.names)
    held = sorted(list(allocation.values()).count(p) for p in FIVE)
    assert held == [3, 3, 3, 4, 4]


def test_bc_2_4_anyone_can_repeat_the_draw_from_the_seed():
    """The rules page's formula, computed here by hand for the first three regions."""
    seed, allocation = "Spring 869", bc.draw("Spring 869", FIVE, BRITAIN.names)
    pick = lambda i, n: int(hashlib.sha256(f"{seed}:{i}".encode()).hexdigest(), 16) % n  # noqa: E731
    first = FIVE[pick(0, 5)]
    second = [p for p in FIVE if p != first][pick(1, 4)]
    third = [p for p in FIVE if p not in (first, second)][pick(2, 3)]
    assert (allocation["Bernicia"], allocation["Deira"], allocation["Dumnonia"]) == (
        first,
        second,
        third,
    )


def test_bc_2_2_the_allocation_and_its_seed_are_recorded_as_one_fact(britain):
    story = britain(players=FIVE, seed="Spring 869")
    allocated = story.log[1]
    assert allocated["type"] == "RegionsAllocated"
    assert allocated["data"] == {
        "allocation": bc.draw("Spring 869", FIVE, BRITAIN.names),
        "seed": "Spring 869",
    }


def test_bc_2_4_without_a_seed_the_program_makes_one_and_records_it(britain):
    story = britain(players=FIVE)
    allocated = story.log[1]["data"]
    assert len(allocated["seed"]) == 32
    assert allocated["allocation"] == bc.draw(allocated["seed"], FIVE, BRITAIN.names)


def test_bc_2_2_an_allocation_made_elsewhere_must_respect_the_shares():
    lopsided = (
        {r: "Ann" for r in BRITAIN.names[:7]}
        | {r: "Bob" for r in BRITAIN.names[7:12]}
        | {r: "Cid" for r in BRITAIN.names[12:]}
    )
    with pytest.raises(RuleViolation) as refusal:
        commands.allocate(BRITAIN, ["Ann", "Bob", "Cid"], lopsided, None)
    assert refusal.value.rule == "BC-2.1"


def test_bc_2_2_an_allocation_missing_a_region_is_refused():
    partial = {
        r: p for r, p in bc.draw("s", ["Ann", "Bob", "Cid"], BRITAIN.names).items() if r != "Kent"
    }
    with pytest.raises(RuleViolation) as refusal:
        commands.allocate(BRITAIN, ["Ann", "Bob", "Cid"], partial, None)
    assert refusal.value.rule == "BC-2.2" and "Kent" in refusal.value.message


def test_bc_2_2_an_allocation_naming_a_region_twice_is_refused():
    allocation = bc.draw("s", ["Ann", "Bob", "Cid"], BRITAIN.names) | {"kent": "Ann"}
    with pytest.raises(RuleViolation) as refusal:
        commands.allocate(BRITAIN, ["Ann", "Bob", "Cid"], allocation, None)
    assert refusal.value.rule == "BC-2.2"


@pytest.mark.parametrize("players", [["Ann", "Bob"], ["Ann", "Bob", "ann"]])
def test_bc_2_1_three_or_more_different_players(players):
    with pytest.raises(RuleViolation) as refusal:
        checks.check_players(players)
    assert refusal.value.rule == "BC-2.1"


def test_bc_2_3_the_player_allocated_the_last_region_attacks_first(given):
    """Regions in alphabetical order: Aber Ann, Bryn Bob, Caer Cid, Dun Ann, Eske Cid, Fenn Bob.
    Bob got the last region, then Cid (Eske), then Ann (Dun)."""
    story = given(
        {"Aber": "Ann", "Bryn": "Bob", "Caer": "Cid", "Dun": "Ann", "Eske": "Cid", "Fenn": "Bob"}
    )
    assert story.state.attack_order == ("Bob", "Cid", "Ann")
    assert story.state.on_turn == "Bob"


def test_bc_2_1_verify_refuses_a_log_started_with_two_players():
    """A log written by hand (or by an older program) with two players: `new` would have refused
    it, and verify and import apply the same check to the campaign's first event."""
    from campaign.domain import chain
    from campaign.domain.chain import campaign_id
    from campaign.domain.drafts import Draft
    from campaign.domain.registry import kind
    from campaign.domain.settle import stamp
    from campaign.service.verify import AuditFailure, audit
    from events.common import CampaignStarted

    of = kind("boiling-cauldron")
    fields = dict(
        name="Pair",
        rules=of.rules,
        players=["Ann", "Bob"],
        map_source=default_map_source(),
        seed_commitment=None,
    )
    started = stamp(
        of,
        campaign_id("Pair"),
        chain.GENESIS,
        1,
        Draft(CampaignStarted, fields),
        "organiser",
        clock.now(),
    )
    with pytest.raises(AuditFailure) as failure:
        audit(of, [started])
    assert failure.value.rule == "BC-2.1" and failure.value.event == 1
