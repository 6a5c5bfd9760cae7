"""`campaign status --json` for Thunderbolt (pure): the Game Turn and its year, the steps in hand
and who they wait for, Carthage's politics and army limit, the Armies, the Italian Allies track,
the dice."""

from __future__ import annotations

from typing import Any

from campaign.kinds.thunderbolt import RULES, positions, rules
from campaign.kinds.thunderbolt.carthage import armies as carthage
from campaign.kinds.thunderbolt.legions import raising as legions
from campaign.kinds.thunderbolt.magistrates import offices, roman
from campaign.kinds.thunderbolt.state import State
from campaign.kinds.thunderbolt.turn import cup


def status(state: State, name: str) -> dict[str, Any]:
    from campaign.kinds.thunderbolt.kind import next_step

    climate = state.current_climate()
    rome = dict(roman.roman_view(state.romans))
    r = state.romans
    for m in rome["magistrates"]:
        place = m["province"] and state.setup.provinces[m["province"]].name
        m["assignment"] = place or m["theater"]
        spot = positions.standing(r, m["leader"])  # TB-1.4
        m["stands"] = (
            {
                "province": spot[0] or None,
                "province_name": spot[0] and state.setup.provinces[spot[0]].name or None,
                "place": spot[1],
            }
            if spot
            else None
        )
        m["besieged"] = r.besieged.get(m["leader"])
    for legion in rome["legions"]:
        legion["province_name"] = state.setup.provinces[legion["province"]].name
        legion["place"] = r.legions[legion["id"]].place or positions.FIELD
        legion["besieged"] = r.legions[legion["id"]].besieged or None
        legion["auxiliary"] = r.legions[legion["id"]].auxiliary
        legion["opponent_drm"] = legions.OPPONENT_DRM if legion["kind"] == roman.SLAVE else 0
    rome["holding"] = {t: dict(classes) for t, classes in r.holding.items()}  # TB-11.8
    rome["overall_commanders"] = offices.overall_commanders(
        list(r.magistrates.values()),
        dictator_in_rome=bool(r.in_rome),
        rome_dictator_oc=state.settings.get("rome-dictator-oc", "dictator") == "dictator",
    )
    lams = cup.at_c1(state.romans, state.carthaginians)
    return {
        "campaign": name,
        "rules": RULES,
        "scenario": state.setup.name,
        "turn": state.turn,
        "year": state.year,
        "over": state.position.over,
        "steps": list(state.position.open),
        "waiting": {s: list(state.position.waiting_for(s)) for s in state.position.open},
        "players": {"rome": state.rome, "carthage": state.carthage},
        "family_in_power": state.family_in_power(),
        "climate": climate,
        "army_limit": rules.ARMY_LIMIT.get(climate) if climate else None,
        "rome": rome,
        "emergency": {
            "level": state.emergency()[0],
            "reasons": state.emergency()[1],
            "dictator_due": state.dictator_due or None,
            "awaiting_a_roman_lam": state.dictator_chance or None,
        },
        "carthage": carthage.carthage_view(state.carthaginians),
        "armies": [
            {
                "id": a.id,
                "commander": a.commander,
                "commander_name": state.carthaginians.name(a.commander) if a.commander else None,
                "sp": a.sp,
                "aer": rules.capped(a.aer, a.sp),
                "effective_aer": a.effective,
                "detachments": a.detachments,
                "parts": [_part(state, a, d) for d in a.parts],
                "province": a.province,
                "place": a.place or positions.FIELD,
                "province_name": state.setup.provinces[a.province].name,
                "hannibals": a.id == state.carthaginians.hannibals(),
            }
            for a in state.carthaginians.armies.values()
        ],
        "italian_allies": {
            p: {"name": state.setup.provinces[p].name, "level": level, "allied_to": allied}
            for p, (level, allied) in state.track.items()
        },
        "defections": [
            {"turn": d.turn, "province": d.province, "to": d.to, "sp": d.sp}
            for d in state.defections
        ],
        "rolls": [
            {
                "number": r.number,
                "turn": r.turn,
                "kind": r.kind,
                "subject": r.subject,
                "face": r.face,
            }
            for r in state.rolls
        ],
        "cup": {
            "rome": lams.rome,
            "carthage": lams.carthage,
            "lams": lams.lams,
            "legate": lams.legate,
            "siege_attrition": lams.siege,
            "augury": lams.augury,
            "left": _drawable(state, void=False),
            "void": _drawable(state, void=True),
            "phase_leader": state.phase_leader,
        },
        "settings": dict(state.settings),
        "dice": state.dice,
        "commitments": {str(t): c for t, c in state.commitments.items()},
        "revealed": {str(t): s for t, s in state.revealed.items()},
        "pending": next_step(state),
    }


def _part(state: State, army: Any, part: Any) -> dict[str, Any]:
    """A Detachment of `army` (TB-13.9): its SP, leader, where it stands, and its AER, the
    Army's effective AER (TB-14.5)."""
    province = positions.detachment_at(state.carthaginians, army.id, part.id)[0]
    return {
        "id": part.id,
        "sp": part.sp,
        "leader": part.leader,
        "province": province,
        "aer": army.effective,
        "leader_name": state.carthaginians.name(part.leader) if part.leader else None,
        "province_name": state.setup.provinces[province].name,
    }


def _drawable(state: State, void: bool) -> list[str] | None:
    """The markers in the cup this Game Turn (None before C1 filled it): those still to draw,
    or (`void`) the void LAMs set aside when drawn (TB-4.3: out of office or command, or
    Finished; #28: they were listed as left)."""
    if state.cup_turn != state.turn:
        return None
    out = cup.void_leaders(state.romans, state.carthaginians)
    return [m for m in state.cup if (cup.leader_of(m) in out) == void]
