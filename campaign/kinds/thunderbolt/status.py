"""`campaign status --json` for Thunderbolt (pure): the Game Turn and its year, the steps in hand
and who they wait for, Carthage's politics and army limit, the Armies, the Italian Allies track,
the dice."""

from __future__ import annotations

from typing import Any

from campaign.kinds.thunderbolt import RULES
from campaign.kinds.thunderbolt.board import cup, offices, positions, roman, rules
from campaign.kinds.thunderbolt.board import raising as legions
from campaign.kinds.thunderbolt.board.armies import Carthage, Force
from campaign.kinds.thunderbolt.board.offices import Magistrate
from campaign.kinds.thunderbolt.board.politics import Legion
from campaign.kinds.thunderbolt.board.roman import number_key, numeral_key
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.chapters.tribes import status as tribal


def _victory(state: State) -> dict[str, Any] | None:
    """TB-20: the game's result, once determined, with its Game Turn's year."""
    v = state.victory
    if v is None:
        return None
    return {
        "turn": v.turn,
        "year": state.setup.year(v.turn),
        "winner": v.winner,
        "automatic": v.automatic,
        "level": v.level,
        "reason": v.reason,
        "told": str(v),
    }


def status(state: State, name: str) -> dict[str, Any]:
    from campaign.kinds.thunderbolt.kind import next_step

    climate = state.current_climate()
    return {
        "campaign": name,
        "rules": RULES,
        "scenario": state.setup.name,
        "turn": state.turn,
        "year": state.year,
        "over": state.position.over,
        "victory": _victory(state),
        "auguries": [
            {"turn": a.turn, "roll": None if a.roll < 0 else a.roll, "event": a.event}
            for a in state.auguries
        ],
        "steps": list(state.position.open),
        "waiting": {s: list(state.position.waiting_for(s)) for s in state.position.open},
        "players": {"rome": state.rome, "carthage": state.carthage},
        "family_in_power": state.family_in_power(),
        "climate": climate,
        "army_limit": rules.ARMY_LIMIT.get(climate) if climate else None,
        "rome": _rome(state),
        "emergency": _emergency(state),
        "carthage": _carthage(state.carthaginians),
        "armies": [_army(state, a) for a in state.carthaginians.armies.values()],
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
        "cup": _cup(state),
        "tribes": tribal.tribes(state),
        "guile": tribal.guile(state),
        "levies": tribal.levies(state),
        "manpower": dict(state.pools) if state.setup.manpower else None,
        "citizens_in_play": state.citizens,
        "naval": dict(state.naval) if state.setup.naval else None,
        "macedonia": _macedonia(state),
        **_manpower_operations(state),
        "settings": dict(state.settings),
        "dice": state.dice,
        "commitments": {str(t): c for t, c in state.commitments.items()},
        "revealed": {str(t): s for t, s in state.revealed.items()},
        "pending": next_step(state),
    }


def _manpower_operations(state: State) -> dict[str, Any]:
    """TB-28: each province with its PIC's manpower (TB-28.1), and this Game Turn's Carthaginian
    Manpower Operations (TB-28.2, TB-28.3)."""
    return {
        "provinces": {
            pid: {"name": p.name, "theater": p.theater, "manpower": p.manpower}
            for pid, p in state.setup.provinces.items()
        },
        "manpower_operations": [
            {"phase": phase, "leader": lid, "name": state.named(lid), "kind": what}
            for phase, lid, what in sorted(state.carthage_ops)
        ],
    }


def _rome(state: State) -> dict[str, Any]:
    """Rome: every leader's place, the magistrates with their office, Imperium, assignment and
    where each stands (TB-1.4, TB-6), the Legions and the CAs, the Triumphs and the victories,
    the reinforcements held (TB-11.8), the Overall Commanders (TB-6.7)."""
    r = state.romans
    by_office = sorted(
        r.magistrates.values(),
        key=lambda m: (offices.PRECEDENCE.index(m.office), number_key(r.leaders[m.leader].number)),
    )
    return {
        "leaders": {
            lid: {"name": r.leaders[lid].name, "number": r.leaders[lid].number, "place": place}
            for lid, place in sorted(
                r.places.items(), key=lambda i: number_key(r.leaders[i[0]].number)
            )
        },
        "magistrates": [_magistrate(state, m) for m in by_office],
        "legions": [
            _legion(state, lg)
            for lg in sorted(r.legions.values(), key=lambda lg: numeral_key(lg.id))
        ],
        "cas": {str(n): list(members) for n, members in sorted(r.cas.items())},
        "triumphs": {lid: {"turn": t, "office": o} for lid, (t, o) in r.triumphs.items()},
        "victories": {lid: {"turn": t, "how": how} for lid, (t, how) in r.victories.items()},
        "finished": sorted(r.finished),
        "holding": {t: dict(classes) for t, classes in r.holding.items()},
        "overall_commanders": state.overall_commanders(),
    }


def _magistrate(state: State, m: Magistrate) -> dict[str, Any]:
    """A magistrate: his office, Imperium (CAs and Legions), assignment, where he stands."""
    place = m.province and state.setup.provinces[m.province].name
    spot = positions.standing(state.romans, m.leader)  # TB-1.4
    return {
        "leader": m.leader,
        "office": m.office,
        "cas": list(m.cas),
        "legions": list(m.legions),
        "theater": m.theater,
        "theaters": [t for t in (m.theater, m.also) if t],
        "province": m.province,
        "governor": m.governor,
        "assignment": place or m.assignment,
        "stands": {
            "province": spot[0] or None,
            "province_name": spot[0] and state.setup.provinces[spot[0]].name or None,
            "place": spot[1],
        }
        if spot
        else None,
        "besieged": state.romans.besieged.get(m.leader),
    }


def _legion(state: State, lg: Legion) -> dict[str, Any]:
    """A Legion: its kind, discipline, SP by class, where it stands, its CA and leader."""
    r = state.romans
    return {
        "id": lg.id,
        "kind": lg.kind,
        "discipline": lg.discipline,
        "sp": list(lg.sp),
        "province": lg.province,
        "ca": r.in_ca(lg.id),
        "leader": r.legion_leader(lg.id),
        "province_name": state.setup.provinces[lg.province].name if lg.province else lg.place,
        "place": lg.place or positions.FIELD,
        "besieged": lg.besieged or None,
        "auxiliary": lg.auxiliary,
        "opponent_drm": legions.OPPONENT_DRM if lg.kind == roman.SLAVE else 0,
    }


def _macedonia(state: State) -> dict[str, Any] | None:
    """TB-27: the Macedonian War's stage, each side's ambassador in the box (and whether used),
    the Legions there, and each later instance of its event as resolved."""
    war = state.macedonia
    if not war.in_play:
        return None
    return {
        "war": war.stage,
        "ambassadors": {
            side: {"leader": lid, "name": state.named(lid), "used": lid in war.returning}
            for side, lid in war.ambassadors.items()
        },
        "legions": list(war.legions),
        "resolutions": [
            {"turn": r.turn, "adjusted": r.adjusted, "result": r.result} for r in war.resolutions
        ],
    }


def _emergency(state: State) -> dict[str, Any]:
    level, reasons = state.emergency()
    return {
        "level": level,
        "reasons": reasons,
        "dictator_due": state.dictator_due or None,
        "awaiting_a_roman_lam": state.dictator_chance or None,
    }


def _carthage(c: Carthage) -> dict[str, Any]:
    """Carthage's leaders with their families and places, the OC, the recalls pending."""
    return {
        "leaders": {
            lid: {
                "name": who.name,
                "number": who.number,
                "family": who.family,
                "place": c.places[lid],
            }
            for lid, who in sorted(c.leaders.items(), key=lambda i: i[1].number)
        },
        "hannibals_army": c.hannibals(),
        "oc": c.oc,
        "oc_due": c.oc_due,
        "recalls_pending": {army: leader for army, (leader, _) in c.pending.items()},
        "disbanded_this_turn": c.disbanded,
        "postings": dict(c.postings),
    }


def _army(state: State, a: Force) -> dict[str, Any]:
    """An Army: its commander, SP, stored and effective AER (TB-14), its Detachments."""
    return {
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


def _cup(state: State) -> dict[str, Any]:
    """The LAM cup (TB-4): what C1 puts in, what is left to draw and what is void."""
    lams = cup.at_c1(state.romans, state.carthaginians)
    return {
        "rome": lams.rome,
        "carthage": lams.carthage,
        "lams": lams.lams,
        "legate": lams.legate,
        "siege_attrition": lams.siege,
        "augury": lams.augury,
        "left": _drawable(state, void=False),
        "void": _drawable(state, void=True),
        "phase_leader": state.phase_leader,
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
