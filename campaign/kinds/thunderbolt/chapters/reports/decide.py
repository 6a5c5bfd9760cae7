"""Reports from the table (TB-5, TB-1.4): battles and the Legions in them, sieges, leaders and
Legions besieged, leaders who fell, an Army's losses, the situation facts, the islands, moves."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from campaign.domain.drafts import Draft, draft, event_of
from campaign.errors import CampaignError, RuleViolation
from campaign.input import text
from campaign.input.names import resolve
from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import battle as after_battle
from campaign.kinds.thunderbolt.board import (
    checks,
    citizens,
    guile,
    honours,
    positions,
    roman,
    rules,
    sequence,
)
from campaign.kinds.thunderbolt.board import politics as senate
from campaign.kinds.thunderbolt.board import raising as legions
from campaign.kinds.thunderbolt.board.dice import Draws, Faces, Recorded, RecordedDraw
from campaign.kinds.thunderbolt.board.naming import (
    PLACE_WORDS,
    force_of,
    leader,
    province,
    province_of,
    units,
)
from campaign.kinds.thunderbolt.board.naming import army as named_army
from campaign.kinds.thunderbolt.board.state import State, numbered
from campaign.kinds.thunderbolt.chapters.allies.decide import sack, victory
from campaign.kinds.thunderbolt.chapters.senate.decide import earned
from campaign.kinds.thunderbolt.fold import apply
from events.thunderbolt.reports import (
    ArmyInBattle,
    ArmyLost,
    BattleReported,
    FactsReported,
    IslandsReported,
    LeaderBesieged,
    LeaderFell,
    LegionsBesieged,
    LegionsFought,
    SiegeReported,
    SituationReported,
    TreacheryUsed,
    UnitMoved,
)

SIZES = ("small", "medium", "large")


ENDINGS = ("assault", "attrition", "surrender", "treachery", "lifted")
"""TB-5.2: how a siege ends (surrender: Involuntary Surrender)."""


def siege(state: State, report: Draft, faces: Faces) -> list[Draft]:
    """TB-5.2: a siege report (`siege_report`) and, recorded with it, what it sets off: a Major
    Victory's shifts (TB-15.2), Roman Retribution for a city Rome sacked in a Carthage-allied
    province (TB-15.7, its dice), a Triumph earned by each Roman magistrate present who took the
    city by Assault or Attrition with enemy infantry present and 10+ SP inflicted (TB-10.9); the
    Carthaginian commanders present when Rome takes a Medium or Large city must roll for recall
    (TB-13.3: `recall`), which the report names."""
    told = report.fields
    where, side, how = told["province"], told["taken_by"], told["ended"]
    decided = [report]
    if told["major"]:
        decided += victory(state, "siege", where, side)
    if told["sacked"]:
        decided += sack(state, where, faces)
    inflicted, enemy_infantry = told["inflicted"], told["enemy_infantry"]
    if side == sequence.ROME and how in ("assault", "attrition"):
        qualified = senate.triumph_earned(True, enemy_infantry, inflicted)
        for lid in told["leaders"]:
            held = state.romans.magistrates.get(lid)
            if qualified and held is not None and held.legions:
                decided += earned(state, lid, how, inflicted, enemy_infantry)
    return decided


def siege_ended(state: State, report: Draft, faces: Faces, by: str | None) -> list[Draft]:
    """TB-5.2 with what the siege's end brings besides (`siege`): Treachery's user, named with
    `by` and only with it, who spends his Guile Point (TB-24.3, 4.24); then each Roman leader
    present and reported besieged is besieged no longer, the siege being over (TB-5.4) — a
    magistrate without Imperium kept by it goes to the pool (TB-7.6, 4.43)."""
    decided = siege(state, report, faces)
    if (by is not None) != (report.fields["ended"] == "treachery"):
        raise RuleViolation(
            "TB-24.3", "A siege ended by Treachery names who used it, and only it: --by LEADER"
        )
    after = state
    for each in decided:
        after = apply(after, event_of(each))
    if by is not None:
        used = treachery(after, by)
        decided, after = decided + used, apply(after, event_of(used[0]))
    for lid in report.fields["leaders"]:
        if lid in after.romans.besieged:
            freed = besieged(after, lid, "free")
            decided, after = decided + freed, apply(after, event_of(freed[0]))
    return decided


def present_with(state: State, present: Sequence[str], by: str | None) -> list[str]:
    """TB-24.3: the leaders present at a siege, Treachery's user among them (added if left
    out)."""
    there = [leader(state, who, "any") for who in present]
    if by is None:
        return there
    user = leader(state, by, "any")
    return there if user in there else [*there, user]


def treachery(state: State, who: str) -> list[Draft]:
    """TB-24.3 (4.24): the leader who took the city just reported by Treachery, present, of the
    side that took it, a Roman in office (a Proconsul too), with a Guile Point: it is spent."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "Treachery")
    lid = leader(state, who, "any")
    b = guile.check_treachery(state, lid)
    return [
        draft(
            TreacheryUsed, turn=state.turn, phase=state.operations, side=b.side, leader=lid,
            city=b.city, province=b.province,
        )
    ]  # fmt: skip


def siege_report(
    state: State,
    city: str,
    province: str,
    size: str,
    port: bool,
    ended: str,
    taken_by: str | None,
    major: bool,
    enemy_infantry: bool,
    inflicted: int,
    present: Sequence[str],
    sacked: bool,
) -> Draft:
    """TB-5.2: the siege report itself, checked (also what verify decides again)."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "a siege report")
    name = text.words(city, "the city")
    where = province_of(state, province)
    big = resolve("size of city", size, SIZES)
    how = resolve("end of a siege", ended, ENDINGS)
    lifted = how == "lifted"
    if lifted and taken_by:
        raise RuleViolation("TB-5.2", "A siege lifted took no city: leave out --taken-by")
    if not lifted and not taken_by:
        raise RuleViolation("TB-5.2", "Say who took the city: --taken-by rome or carthage")
    if lifted and (major or sacked):
        raise RuleViolation("TB-5.2", "A siege lifted is no Major Victory and sacks no city")
    if sacked and resolve("side", taken_by or "", sequence.BOTH) != sequence.ROME:
        raise RuleViolation("TB-5.2", "A city sacked here is Rome's to sack (TB-15.7)")
    if inflicted < 0:
        raise RuleViolation("TB-5.2", f"SP inflicted are 0 or more, not {inflicted}")
    side = resolve("side", taken_by, sequence.BOTH) if taken_by else "none"
    there = [leader(state, who, "any") for who in present]
    due = []
    if side == sequence.ROME and big in ("medium", "large") and not lifted:  # TB-13.3
        due = [a.id for a in state.carthaginians.armies.values() if a.commander in there]
    return draft(
        SiegeReported,
        turn=state.turn,
        city=name,
        province=where,
        size=big,
        port=port,
        ended=how,
        taken_by=side,
        major=major,
        enemy_infantry=enemy_infantry,
        inflicted=inflicted,
        leaders=there,
        sacked=sacked,
        recall_due=due,
    )


def losses(
    state: State,
    which: str,
    sp: int,
    cause: str,
    faces: Faces,
    successor: str = "",
    promoted: bool = False,
    of_citizens: int = 0,
) -> list[Draft]:
    """TB-5.5: SP an Army or a Detachment lost, with the cause; an Army at 0 is eliminated and its
    commander recalled without a roll (TB-13.4), who rolls at once for crucifixion (TB-13.5,
    Interpretation); a Detachment of it becomes the Army (TB-14.6). `of_citizens`: how many of
    them were Carthaginian Citizens (TB-29.3)."""
    checks.check_revealed(state)
    c = state.carthaginians
    aid, part = force_of(state, which)
    if not cause.strip():
        raise CampaignError("Say what cost the SP: --cause (TB-5.5).")
    carthage.check_lose(c, aid, sp, part, successor, promoted)
    commander = "" if part else c.armies[aid].commander or ""
    number, face, crucified, evidence = 0, -1, False, ""
    if not part and sp == c.armies[aid].sp and commander:
        who = c.leaders[commander]
        number = state.next_number
        face, evidence = faces(state, number, "crucifixion", numbered(state, commander))
        crucified = rules.crucified(face, who.family, state.family_in_power(), who.mortality)
    return [
        draft(
            ArmyLost,
            turn=state.turn,
            army=aid,
            detachment=part,
            sp=sp,
            cause=text.words(cause, "the cause"),
            leader=commander,
            number=number,
            face=face,
            crucified=crucified,
            successor=successor,
            promoted=promoted,
            evidence=evidence,
        ),
        *citizens.lost(state, aid, of_citizens, sp),
    ]


SIEGE_WORDS = {"city": "city", "port": "port", "roma": "Roma", "rome": "Roma", "free": "free"}


def besieged(state: State, who: str, where: str) -> list[Draft]:
    """TB-5.4: a Roman leader, a Legion or a CA reported besieged in a city, a port or Roma, or
    free again; at any step (TB-3.2). No magistrate is placed with Legions shut in a city
    (TB-6.5)."""
    checks.check_revealed(state)
    if state.position.over:
        raise RuleViolation("TB-3.5", "The game is over")
    known = {k: v for k, v in units(state, "all").items() if v[0] in ("leader", "legion", "ca")}
    what, unit = known[resolve("Roman leader, Legion or CA", who, known)]
    place = SIEGE_WORDS[resolve("place of siege", where, SIEGE_WORDS)]
    if what == "leader":
        roman.check_besiege(state.romans, unit, place)
        return [draft(LeaderBesieged, turn=state.turn, leader=unit, where=place)]
    shut = list(state.romans.cas[int(unit)]) if what == "ca" else [unit]
    positions.check_siege_place(place, "A Legion")
    return [draft(LegionsBesieged, turn=state.turn, legions=shut, where=place)]


def move(
    state: State, given: str, to: str, place: str = "field", override: str = ""
) -> list[Draft]:
    """TB-1.4 and TB-5.4: a move the players made, at province level, at any step: a magistrate
    with the Legions that stood with him, Legions or a CA with a commander whose whole force
    moves, an Army with its commander, a Detachment with its leader. A move breaking a rule about
    places is refused unless an organiser overrides it with a reason; leaving an assignment
    without the Senate's leave is shown, never refused (TB-10.4)."""
    checks.check_revealed(state)
    if state.position.over:
        raise RuleViolation("TB-3.5", "The game is over")
    known = units(state)
    what, unit = known[resolve("leader, Legion, CA, Army or Detachment", given, known)]
    province = province_of(state, to)
    spot = PLACE_WORDS[resolve("kind of place", place, PLACE_WORDS)]
    reason = text.words(override, "the reason") if override.strip() else ""
    r, c, climate = state.romans, state.carthaginians, state.current_climate()
    positions.check_move(r, c, what, unit, province, spot, climate, state.grants, bool(reason))
    _, _, went, unasked = positions.relocate(r, c, what, unit, province, spot, state.grants)
    return [
        draft(
            UnitMoved,
            turn=state.turn,
            what=what,
            unit=unit,
            province=province,
            place=spot,
            with_it=went,
            unasked=unasked,
            override=reason,
        )
    ]


def battle(
    state: State,
    where: str,
    winner: str,
    major: bool,
    ca_engaged: bool,
    lost: int,
    engaged: Sequence[str] = (),
    losses: Mapping[str, Mapping[str, int]] | None = None,
    promote: Sequence[str] = (),
    demote: Sequence[str] = (),
    army: str | None = None,
    army_sp: int | None = None,
) -> list[Draft]:
    """TB-5.1: a land battle reported (D or E): Rome's Major defeats count for Emergencies
    (TB-9.2), a Major Victory moves the Italian Allies (TB-15.2); with the Legions engaged, their
    losses by class, and the promotions and demotions that follow (TB-11.10); with the
    Carthaginian Army that fought, the recall roll a defeat makes due (TB-13.3)."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "a battle report")
    place = province(state, where)
    side = resolve("winner", winner, (*sequence.BOTH, "none"))
    if not 0 <= lost <= 100:
        raise RuleViolation("TB-5.1", f"A share of SP lost is 0 to 100 percent, not {lost}")
    if side == "none" and major:
        raise RuleViolation("TB-5.1", "A battle without a winner is no Major Victory")
    reported = draft(
        BattleReported,
        turn=state.turn,
        province=place,
        winner=side,
        major=major,
        ca_engaged=ca_engaged,
        rome_lost_percent=lost,
    )
    fought = [] if army is None else army_fought(state, place, side, army, army_sp)
    if not (engaged or losses or promote or demote):
        return [reported, *fought]
    return [
        reported,
        *legions_fought(state, place, side, major, engaged, losses, promote, demote),
        *fought,
    ]


def army_fought(
    state: State, place: str, side: str, which: str, sp: int | None = None
) -> list[Draft]:
    """TB-13.3: the Carthaginian Army in the land battle just reported, its SP at the battle's
    start (Interpretation; as the tracker holds them unless entered); lost with 20+ SP, its
    commander's recall roll is due at once (`recall`), unless it has none."""
    c = state.carthaginians
    aid = named_army(state, which)
    start = c.armies[aid].sp if sp is None else sp
    if start < 0:
        raise RuleViolation("TB-13.3", f"An Army's SP are 0 or more, not {start}")
    lost = side == sequence.ROME
    due = lost and start >= 20 and c.armies[aid].commander is not None
    drafted = dict(turn=state.turn, province=place, army=aid, sp=start, lost=lost)
    return [draft(ArmyInBattle, **drafted, recall_due=due)]


def legions_fought(
    state: State,
    place: str,
    side: str,
    major: bool,
    engaged: Sequence[str],
    losses: Mapping[str, Mapping[str, int]] | None,
    promote: Sequence[str],
    demote: Sequence[str],
) -> list[Draft]:
    """TB-5.1, TB-5.5 and TB-11.10: the Legions engaged in a battle just reported, by name."""
    r = state.romans
    named = [resolve("Legion", lg, r.legions) for lg in engaged]
    lost = {
        resolve("Legion", lg, r.legions): {
            resolve("class of SP", c, legions.FIELDS): n for c, n in classes.items()
        }
        for lg, classes in (losses or {}).items()
    }
    named += [lg for lg in lost if lg not in named]  # a Legion that lost SP was engaged
    ups = [resolve("Legion", lg, r.legions) for lg in promote]
    downs = [resolve("Legion", lg, r.legions) for lg in demote]
    won = None if side == "none" else side == sequence.ROME
    after_battle.check_fought(r, named, lost, won, major, ups, downs)
    _, promoted, demoted, gone = after_battle.fought(r, named, lost, won, major, ups, downs)
    return [
        draft(
            LegionsFought,
            turn=state.turn,
            province=place,
            winner=side,
            major=major,
            engaged=named,
            losses=lost,
            promoted=promoted,
            demoted=demoted,
            eliminated=gone,
        )
    ]


def facts(
    state: State,
    occupied: int | None,
    near_roma: bool | None,
    roma_besieged: bool | None,
    enemy_near_rome: bool | None = None,
    enemy_in_italy: bool | None = None,
) -> list[Draft]:
    """TB-5.3: the situation facts, changed by the players at any step (TB-3.2); what is not
    said stays as it was."""
    checks.check_revealed(state)
    if state.position.over:
        raise RuleViolation("TB-3.5", "The game is over")
    now = state.facts
    if occupied is not None and occupied < 0:
        raise RuleViolation("TB-5.3", "A count of cities is 0 or more")
    told = [
        draft(SituationReported, turn=state.turn, fact=fact, value=value)
        for fact, value in (("enemy-in-italy", enemy_in_italy),)
        if value is not None
    ]
    said = (occupied, near_roma, roma_besieged, enemy_near_rome)
    if told and all(v is None for v in said):
        return told
    return [
        draft(
            FactsReported,
            turn=state.turn,
            occupied_cities=now.occupied_cities if occupied is None else occupied,
            city_near_roma=now.city_near_roma if near_roma is None else near_roma,
            roma_besieged=now.roma_besieged if roma_besieged is None else roma_besieged,
            enemy_near_rome=now.enemy_near_rome if enemy_near_rome is None else enemy_near_rome,
        ),
        *told,
    ]


SITUATION = ("enemy-in-italy",)
"""TB-5.3's facts kept one by one (SituationReported)."""


def situation(state: State, fact: str, value: bool) -> list[Draft]:
    """TB-5.3: one situation fact as recorded (verify, import)."""
    checks.check_revealed(state)
    if fact not in SITUATION:
        raise RuleViolation("TB-5.3", f"There is no situation fact {fact!r}")
    return [draft(SituationReported, turn=state.turn, fact=fact, value=value)]


def fell(state: State, who: str, outcome: str, replaced: bool, draws: Draws) -> list[Draft]:
    """TB-5.1 with TB-10.8 and TB-13.8: a leader of either side wounded, killed or captured in a
    battle or siege (D or E); `replaced`, a leader drawn blind from his side's pool takes his
    place (a Roman his office, Imperium and assignment; a Carthaginian his Army, its AER 2
    lower)."""
    checks.check_revealed(state)
    checks.check_step(state, ["D", "E"], "a leader's fate in a report")
    lid = leader(state, who, "any")
    side = "rome" if lid in state.romans.leaders else "carthage"
    what = resolve("outcome", outcome, roman.FALLEN)
    number, candidates, replacement = 0, [], None
    evidence = ""
    if replaced:
        of = state.romans if side == "rome" else state.carthaginians
        (honours if side == "rome" else carthage).check_replaceable(of, lid)
        candidates = [c for c in of.pool() if c != lid]
        if not candidates:
            raise RuleViolation("TB-10.8" if side == "rome" else "TB-13.8", "The pool is empty")
        number = state.next_number
        replacement, evidence = draws(state, number, numbered(state, lid), candidates)
    if side == "rome":
        honours.check_fall(state.romans, lid, what, replacement)
    else:
        carthage.check_fall(state.carthaginians, lid, what, replacement)
    return [
        draft(
            LeaderFell,
            turn=state.turn,
            side=side,
            leader=lid,
            outcome=what,
            number=number,
            candidates=list(candidates),
            replacement=replacement or "",
            evidence=evidence,
        )
    ]


def islands(state: State, held: Sequence[str]) -> list[Draft]:
    """TB-5.3: the islands Carthage controls whole (sicily, sardinia; none to clear), at any
    step; a governor is then optional (TB-8.6)."""
    checks.check_revealed(state)
    if state.position.over:
        raise RuleViolation("TB-3.5", "The game is over")
    known = sorted(set(state.romans.island_of.values()))
    named = sorted({resolve("island", given, known) for given in held if given != "none"})
    return [draft(IslandsReported, turn=state.turn, held=named)]


def ca_of(state: State, legions: Sequence[str]) -> str:
    """The Legion reported besieged, or the CA whose Legions were reported together."""
    if len(legions) == 1:
        return legions[0]
    return next(
        (f"CA {n}" for n, members in state.romans.cas.items() if list(members) == list(legions)),
        legions[0],
    )


def named_unit(state: State, what: str, unit: str) -> str:
    """A recorded move's unit as `units` names it."""
    return f"CA {unit}" if what == "ca" else unit


REPLAY: dict[type, Callable[[Any, State], list[Draft]]] = {
    LeaderBesieged: lambda e, s: besieged(s, e.leader, e.where),
    LegionsBesieged: lambda e, s: besieged(s, ca_of(s, e.legions), e.where),
    SiegeReported: lambda e, s: (
        [
            siege_report(
                s,
                e.city,
                e.province,
                e.size,
                e.port,
                e.ended,
                None if e.ended == "lifted" else e.taken_by,
                e.major,
                e.enemy_infantry,
                e.inflicted,
                e.leaders,
                e.sacked,
            )
        ]
    ),
    SituationReported: lambda e, s: situation(s, e.fact, e.value),
    LegionsFought: lambda e, s: legions_fought(
        s, e.province, e.winner, e.major, e.engaged, e.losses, e.promoted, e.demoted
    ),
    IslandsReported: lambda e, s: islands(s, e.held or ["none"]),
    ArmyInBattle: lambda e, s: army_fought(
        s, e.province, sequence.ROME if e.lost else "carthage", e.army, e.sp
    ),
    UnitMoved: lambda e, s: move(s, named_unit(s, e.what, e.unit), e.province, e.place, e.override),
    BattleReported: lambda e, s: battle(
        s, e.province, e.winner, e.major, e.ca_engaged, e.rome_lost_percent
    ),
    FactsReported: lambda e, s: facts(
        s, e.occupied_cities, e.city_near_roma, e.roma_besieged, e.enemy_near_rome
    ),
    ArmyLost: lambda e, s: losses(
        s,
        e.detachment or e.army,
        e.sp,
        e.cause,
        Recorded([e.face][: int(e.face >= 0)], e.evidence),
        e.successor,
        e.promoted,
    ),
    LeaderFell: lambda e, s: fell(
        s, e.leader, e.outcome, bool(e.replacement), RecordedDraw(e.replacement, e.evidence)
    ),
    TreacheryUsed: lambda e, s: treachery(s, e.leader),
}
"""Each recorded event of the chapter decided again from the state before it (verify, import,
fork): its command, given what the event shows."""
