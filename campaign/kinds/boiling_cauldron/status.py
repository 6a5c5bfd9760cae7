"""The Boiling Cauldron's state as plain data: `status --json` and `options --json`."""

from __future__ import annotations

from typing import Any

from campaign.kinds.boiling_cauldron import RULES, checks
from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.state import Army, Battle, Phase, State, armies
from campaign.views.jsonable import number


def army(value: Army) -> dict[str, str | None]:
    return {"main": value.main, "ally": value.ally}


def result(battle: Battle) -> dict[str, Any] | None:
    """A battle's result; for a battle not played, how (`unplayed`: BC-9.6's walkover of a
    withdrawn defender, BC-9.3's walkover or double loss), a key only such a result has, so that
    the status of a log stored before it reads as it did."""
    if battle.result is None:
        return None
    r = battle.result
    told = {
        "attacker_casualties": number(r.attacker_casualties),
        "defender_casualties": number(r.defender_casualties),
        "winner": r.winner,
        "regions_due": r.regions_due,
        "gained": list(battle.gained),
        "awaiting_choice": battle.awaiting_gains,
        "override": r.override,
    }
    return told | ({"unplayed": battle.unplayed} if battle.unplayed else {})


def claims(state: State, battle: Battle) -> dict[str, Any]:
    """BC-6.2: the figures reported for a battle without a result, each side's claim (`claims`,
    the first first) and whether they are `disputed`; nothing where none was reported (a key only
    such a battle has, as `result`'s `unplayed`)."""
    made = state.disputed.get(battle.to_region) or (
        (state.reported[battle.to_region],) if battle.to_region in state.reported else ()
    )
    if battle.result is not None or not made:
        return {}
    told = [
        {
            "by": by,
            "attacker_casualties": number(attacker),
            "defender_casualties": number(defender),
            "winner": winner,
        }
        for attacker, defender, by, winner in made
    ]
    return {"claims": told, "disputed": battle.to_region in state.disputed}


def army_text(value: dict[str, str | None]) -> str:
    """`Vikings + Welsh`: a main army and its allies (BC-5.2, BC-5.3), as every view writes it."""
    return value["main"] + (f" + {value['ally']}" if value["ally"] else "")


def declared(battle: Battle) -> dict[str, Any]:
    """A battle as declared: who attacks whom from where, with both armies (BC-5)."""
    return {
        "attacker": battle.attacker,
        "defender": battle.defender,
        "from": battle.from_region,
        "to": battle.to_region,
        "attacker_army": army(battle.attacker_army),
        "defender_army": army(battle.defender_army),
    }


def attack(battle: Battle, state: State) -> dict[str, Any]:
    told = declared(battle) | {"result": result(battle), "settings": bc.BATTLE_SETTINGS}
    return told | claims(state, battle)


def status(state: State, name: str) -> dict[str, Any]:
    held = state.holdings()
    eliminated = {e.player: {"round": e.round, "by": e.by} for e in state.eliminations}
    return {
        "name": name,
        "rules": RULES,
        "round": state.round,
        "phase": state.phase,
        "control": {r: state.control[r] for r in state.world.names} if state.control else {},
        "regions": [
            {
                "name": r,
                "culture": state.world.culture(r),
                "coastal": state.world.is_coastal(r),
                "owner": state.control.get(r),
            }
            for r in state.world.names
        ],
        "players": [
            {
                "name": p,
                "regions": len(held[p]),
                "eliminated": eliminated.get(p),
                "withdrawn": p in state.withdrawn,
            }
            for p in state.players
        ],
        "attack_order": list(state.attack_order)
        if state.phase in ("declaration", "battles")
        else [],
        "on_turn": state.on_turn,
        "attacks": [attack(b, state) for b in state.round_battles()],
        "forfeits": [
            {"player": f.player, "reason": f.reason, "automatic": f.automatic}
            for f in state.round_forfeits()
        ],
        "eliminations": [
            {"player": e.player, "round": e.round, "by": e.by} for e in state.eliminations
        ],
        "finalists": list(state.finalists) if state.finalists else None,
        "final_armies": {p: army(a) for p, a in state.final_armies.items()},
        "final_battles": [
            {
                "number": f.number,
                "casualties": {p: number(v) for p, v in f.casualties.items()},
                "winner": f.winner,
            }
            for f in state.finals
        ],
        "winner": state.winner,
        "standings": state.standings if state.phase == Phase.FINISHED else None,
        "awaiting_choice": _awaiting(state),
        "seed": state.seed,
    }


def _awaiting(state: State) -> dict[str, Any] | None:
    battle = state.awaiting_choice
    if battle is None:
        return None
    tier, _ = state.open_tier(battle)
    still_due = battle.result.regions_due - len(battle.gained)
    return {
        "victor": battle.result.winner,
        "battle": battle.to_region,
        "regions": still_due,
        "choose_from": tier,
    }


def options(state: State, player: str | None = None) -> list[dict[str, Any]]:
    """The legal attacks of the player on turn (or of `player`, as the round stands now), with the
    armies each would bring (BC-4, BC-5)."""
    player = player or state.on_turn
    if player is None or state.phase != Phase.DECLARATION or not state.held(player):
        return []
    rows = []
    for source, target in checks.legal_attacks(state, player):
        attacker_army, defender_army = armies(state, source, target)
        rows.append(
            {
                "from": source,
                "to": target,
                "defender": state.control[target],
                "attacker_army": army(attacker_army),
                "defender_army": army(defender_army),
            }
        )
    return rows
