"""Boiling Cauldron: a campaign on the six-region test map (`boiling_cauldron`), and the random
lawful moves the property tests play (`choose`, `NAMES`)."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import strategies as st

from campaign.kinds.boiling_cauldron import checks, commands
from campaign.kinds.boiling_cauldron import rules as bc
from helpers import TESTS
from helpers.story import Story

SMALL_MAP = (TESTS / "maps" / "small.toml").read_text(encoding="utf-8")


def boiling_cauldron(
    allocation: dict[str, str] | None = None,
    players: list[str] | None = None,
    map_source: str = SMALL_MAP,
    seed: str | None = None,
) -> Story:
    """A Boiling Cauldron campaign on the small test map (or `map_source`)."""
    players = players or list(dict.fromkeys((allocation or {}).values()))
    started = dict(
        rules="boiling-cauldron", players=players, map_source=map_source, seed_commitment=None
    )
    return Story(started, lambda s: [commands.allocate(s.world, players, allocation, seed)])


NAMES = ["Ann", "Bob", "Cid", "Dag", "Eve", "Finn", "Gyda", "Hild"]


CASUALTIES = st.integers(0, 100).map(Decimal) | st.decimals(0, 100, places=1, allow_nan=False)


def choose(data, state):
    """A lawful command for the state, drawn at random."""
    if state.phase == "declaration":
        legal = checks.legal_attacks(state, state.on_turn)
        if data.draw(st.integers(0, 9)) == 0:
            return lambda s: commands.forfeit(s, "inactive")
        source, target = data.draw(st.sampled_from(legal))
        return lambda s: commands.attack(s, source, target)
    if state.phase == "battles":
        pending = state.awaiting_choice
        if pending:
            tier, _ = state.open_tier(pending)
            picks = data.draw(
                st.lists(
                    st.sampled_from(tier),
                    min_size=1,
                    max_size=pending.result.regions_due - len(pending.gained),
                    unique=True,
                )
            )
            return lambda s: commands.gain(s, picks)
        open_battles = [b for b in state.round_battles() if b.result is None]
        battle = data.draw(st.sampled_from(open_battles))
        a, d = data.draw(CASUALTIES), data.draw(CASUALTIES)
        winner = (
            None
            if bc.outcome((a, d)).decided_by_figures
            else data.draw(st.sampled_from(["attacker", "defender"]))
        )
        return lambda s: commands.result(s, battle.to_region, a, d, winner)
    missing = [p for p in state.finalists if p not in state.final_armies]
    if missing:
        cultures = sorted(bc.final_cultures(state.held(missing[0]), state.world))
        main = data.draw(st.sampled_from(cultures))
        ally = (
            data.draw(st.sampled_from([c for c in cultures if c != main]))
            if len(cultures) > 1
            else None
        )
        return lambda s: commands.final_armies(s, missing[0], main, ally)
    a, d = data.draw(CASUALTIES), data.draw(CASUALTIES)
    first, second = state.finalists
    winner = (
        None
        if bc.outcome((a, d)).decided_by_figures
        else data.draw(st.sampled_from([first, second]))
    )
    return lambda s: commands.final_result(s, {first: a, second: d}, winner)
