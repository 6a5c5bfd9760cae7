"""Carthage's side between the battles, as pure data and pure moves: its Armies with their stored
AER (TB-14.1), its leaders' places, and Phase B2's steps after the politics — Disband Armies
(TB-12.4, TB-12.5), Appoint Army Commanders (TB-13.1, TB-13.2, TB-14.2) and Assign Theaters
(TB-12.6). Each move checks the rules it applies and raises the RuleViolation that cites them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import rules
from campaign.kinds.thunderbolt.board.setup import Leader, SetUp

POOL, MAP, REMOVED, SET_ASIDE, CAPTURED = "pool", "map", "removed", "set aside", "captured"
HANNIBAL = "2P-1"
"""TB-1.3: Hannibal's Army is the one the leader numbered 2P-1 commands."""
AFRICA, HISPANIA = "Africa", "Hispania"


@dataclass(frozen=True)
class Detachment:
    """TB-13.9: a Detachment of an Army: its name (the Army's, numbered), SP and leader."""

    id: str
    sp: int
    leader: str | None = None
    province: str = ""
    """TB-1.4: where it stands when moved apart from its Army ("": with its Army)."""
    place: str = ""


@dataclass(frozen=True)
class Force:
    """A Carthaginian Army: its commander, strength in SP, stored AER, province, Detachments."""

    id: str
    commander: str | None
    sp: int
    aer: int
    province: str
    parts: tuple[Detachment, ...] = ()
    place: str = ""
    """TB-1.4: the kind of place in its province: "" in the field, Carthago, a port or a city."""

    @property
    def detachments(self) -> int:
        return len(self.parts)

    def part(self, detachment: str) -> Detachment:
        return next(d for d in self.parts if d.id == detachment)

    @property
    def effective(self) -> int:
        """TB-14.5: the stored AER minus the Detachments in play, capped (TB-14.4)."""
        return rules.effective(rules.capped(self.aer, self.sp), self.detachments)


@dataclass(frozen=True)
class Carthage:
    leaders: dict[str, Leader]
    places: dict[str, str]
    armies: dict[str, Force]
    theater_of: dict[str, str]
    checked: frozenset[str] = frozenset()
    """TB-12.4: the Armies checked for disbanding this Game Turn."""
    disbanded: bool = False
    """TB-12.3: an Army was disbanded in this Game Turn's B2c."""
    appointed: frozenset[str] = frozenset()
    """TB-14.7: Armies whose commander was appointed in this Game Turn's B2d."""
    lowered: frozenset[str] = frozenset()
    """TB-14.7: Armies whose stored AER was lowered this Game Turn (TB-14.2, TB-14.3)."""
    postings: dict[str, str] = field(default_factory=dict)
    """TB-12.6: this Game Turn's Theater assignments, Theater → Army."""
    trained: bool = False
    """TB-14.7: this Game Turn's G2 gains are recorded."""
    oc: str | None = None
    """TB-13.7: Carthage's Overall Commander, an Army Commander."""
    pending: dict[str, tuple[str, bool]] = field(default_factory=dict)
    """TB-13.6: recalls awaiting the next draw of a Carthaginian LAM: Army → (its commander,
    crucified)."""
    oc_due: bool = False
    """TB-13.7: the OC was killed, captured or sent to the pool: another is to be named."""
    returning: dict[str, str] = field(default_factory=dict)
    """TB-13.8: wounded leaders set aside, and where each goes as the next Game Turn begins: back
    to his Army (not replaced) or to the pool (replaced)."""
    windows: dict[str, tuple[str, int, int, int]] = field(default_factory=dict)
    """TB-14.3: each Army's window of additions in hand: (window, S at its start, SP added that
    count, the drop applied so far)."""
    raised: frozenset[str] = frozenset()
    """TB-21.1: the Army raised in this Game Turn's B3b, if any."""
    b3b_sp: dict[str, int] = field(default_factory=dict)
    """TB-28.4: the SP raised into each Army in this Game Turn's B3b (new, or reinforcements)."""
    drafted: str = ""
    """TB-28.4: the Army a Subordinate drawn in this Game Turn's B3b joined."""

    def name(self, leader: str) -> str:
        who = self.leaders[leader]
        return f"{who.name} {who.number}"

    def hannibals(self) -> str | None:
        """TB-1.3: the Army Hannibal commands (Interpretation: none when he commands none)."""
        return next(
            (
                a.id
                for a in self.armies.values()
                if a.commander and self.leaders[a.commander].number == HANNIBAL
            ),
            None,
        )

    def counted(self) -> list[str]:
        """TB-12.2: the Armies the limit counts, Hannibal's not."""
        return [aid for aid in self.armies if aid != self.hannibals()]

    def theater(self, army: str) -> str:
        return self.theater_of[self.armies[army].province]

    def pool(self) -> list[str]:
        return sorted(
            (lid for lid, place in self.places.items() if place == POOL),
            key=lambda lid: self.leaders[lid].number,
        )


def opening(setup: SetUp) -> Carthage:
    """TB-2.3: the set-up's Armies; every Carthaginian leader commanding none is in the pool."""
    leaders = {lid: who for lid, who in setup.leaders.items() if who.side == "carthage"}
    commanders = {a.commander for a in setup.armies.values() if a.commander}
    places = {lid: MAP if lid in commanders else POOL for lid in leaders}
    armies = {
        a.id: Force(a.id, a.commander, a.sp, a.aer, a.province) for a in setup.armies.values()
    }
    theaters = {p.id: p.theater for p in setup.provinces.values()}
    return Carthage(leaders, places, armies, theaters, oc=setup.carthaginian_oc)


def new_turn(c: Carthage) -> Carthage:
    c = take_effect(c)  # TB-13.6: a recall never outlives its Game Turn
    places = {**c.places, **c.returning}  # TB-13.8: the wounded return in A2
    return replace(
        c,
        places=places,
        returning={},
        checked=frozenset(),
        disbanded=False,
        appointed=frozenset(),
        lowered=frozenset(),
        postings={},
        trained=False,
        windows={},
        raised=frozenset(),
        b3b_sp={},
        drafted="",
    )


# B2c: Disband Armies (TB-12.4).


def over_limit(c: Carthage, climate: str) -> bool:
    """TB-12.4: B2c runs only while the Armies in play exceed the limit."""
    return len(c.counted()) > rules.ARMY_LIMIT[climate]


def eligible(c: Carthage) -> list[str]:
    """TB-12.4: the Armies that may be checked: never Hannibal's, never the only Army in Africa,
    each once a Game Turn."""
    in_africa = [aid for aid in c.armies if c.theater(aid) == AFRICA]
    return [aid for aid in c.counted() if aid not in c.checked and not (in_africa == [aid])]


def check_disband(c: Carthage, army: str, climate: str) -> None:
    """TB-12.4: one Army at a time, while over the limit, never Hannibal's, never the only one in
    Africa, each once."""
    if not over_limit(c, climate):
        limit = rules.ARMY_LIMIT[climate]
        raise RuleViolation(
            "TB-12.4", f"Carthage is at or under its limit of {limit} Armies: none is disbanded"
        )
    if army == c.hannibals():
        raise RuleViolation("TB-12.4", "Hannibal's Army is never disbanded")
    if army in c.checked:
        raise RuleViolation("TB-12.4", f"Army {army} has been checked this Game Turn")
    if army not in eligible(c):
        raise RuleViolation("TB-12.4", f"Army {army} is the only Army in Africa")


def disband(c: Carthage, army: str, disbanded: bool) -> Carthage:
    """TB-12.4 and TB-12.5: the check made; a disbanded Army's commander goes to the pool."""
    checked = c.checked | {army}
    if not disbanded:
        return replace(c, checked=checked)
    commander = c.armies[army].commander
    places = {**c.places, commander: POOL} if commander else c.places
    armies = {aid: a for aid, a in c.armies.items() if aid != army}
    return replace(c, checked=checked, disbanded=True, armies=armies, places=places)


def due_b2c(c: Carthage, climate: str | None) -> bool:
    """TB-3.4: a check is due while over the limit and an eligible Army is unchecked."""
    return climate is not None and over_limit(c, climate) and bool(eligible(c))


# B2d: Appoint Army Commanders (TB-13.1, TB-13.2, TB-14.2).


def leaderless(c: Carthage) -> list[str]:
    return sorted(aid for aid, a in c.armies.items() if a.commander is None)


def due_b2d(c: Carthage) -> list[str]:
    """TB-3.4: Armies without a commander while a leader could be had (Interpretation, TB-13.2:
    with none to be had, the Army stays without)."""
    return leaderless(c) if c.pool() else []


def check_appoint(c: Carthage, army: str, leader: str, from_map: bool, in_power: str) -> None:
    """TB-13.1 and TB-13.2: an Army without a commander takes one drawn blind from the pool or
    chosen among map leaders commanding no Army, of the Family in Power."""
    if army not in c.armies:
        raise RuleViolation("TB-13.1", f"There is no Army {army}")
    if c.armies[army].commander is not None:
        raise RuleViolation("TB-13.1", f"Army {army} has a commander")
    commanding = {a.commander for a in c.armies.values()}
    if from_map:
        if c.places.get(leader) != MAP or leader in commanding:
            raise RuleViolation(
                "TB-13.2", f"{c.name(leader)} is no map leader free of an Army's command"
            )
        if c.leaders[leader].family != in_power:
            raise RuleViolation(
                "TB-13.2", f"A chosen commander is of the Family in Power ({in_power})"
            )
    elif c.places.get(leader) != POOL:
        raise RuleViolation("TB-13.2", f"{c.name(leader)} is not in the pool to be drawn")


def appoint(c: Carthage, army: str, leader: str) -> Carthage:
    """TB-13.2: the commander appointed (`check_appoint` decides whether he may be); TB-14.2: a
    new commander takes 2 off the stored AER, not below −3."""
    force = c.armies[army]
    lowered = rules.new_commander(force.aer)
    armies = {**c.armies, army: replace(force, commander=leader, aer=lowered)}
    return replace(
        c,
        armies=armies,
        places={**c.places, leader: MAP},
        appointed=c.appointed | {army},
        lowered=c.lowered | ({army} if lowered < force.aer else set()),
    )


# Recalls (TB-13.3 to TB-13.6).


def recall(c: Carthage, army: str, recalled: bool, crucified: bool) -> Carthage:
    """TB-13.3 to TB-13.6: a recall (by the dice or by choice) waits to take effect at the next
    draw of a Carthaginian LAM, or when C2 finds none left (`take_effect`); until then the
    commander keeps his Army."""
    if not recalled:
        return c
    return replace(c, pending={**c.pending, army: (c.armies[army].commander, crucified)})


def take_effect(c: Carthage) -> Carthage:
    """TB-13.6: the recalls waiting take effect: each commander goes to the pool, or out of the
    game when crucified (TB-13.5); his LAMs leave the cup (void, TB-4.3); his Army is leaderless
    until B2d."""
    if not c.pending:
        return c
    armies, places = dict(c.armies), dict(c.places)
    for army, (leader, crucified) in c.pending.items():
        if army in armies and armies[army].commander == leader:
            armies[army] = replace(armies[army], commander=None)
        if places.get(leader) == MAP:
            places[leader] = REMOVED if crucified else POOL
    return replace(c, armies=armies, places=places, pending={})


# Strength: additions and losses (TB-14.3, TB-14.4, TB-5.5, TB-13.4).


def check_reinforce(c: Carthage, army: str, sp: int, uncounted: int) -> None:
    """TB-14.3: SP join an Army in play, 1 or more, the Citizens and Elite among them at most
    all."""
    if army not in c.armies:
        raise RuleViolation("TB-14.3", f"There is no Army {army}")
    if sp < 1 or not 0 <= uncounted <= sp:
        raise RuleViolation(
            "TB-14.3", "SP joining are 1 or more, the Citizens and Elite among them at most all"
        )


def reinforce(
    c: Carthage,
    army: str,
    sp: int,
    uncounted: int,
    window: str,
    thirty: Callable[[int], int | None] = lambda start: None,
) -> tuple[Carthage, int]:
    """TB-14.3 and TB-14.4: SP join an Army from no other Army, `uncounted` of them Carthaginian
    Citizens or Elite (all Numidian cavalry); the others are summed over the window (S its
    strength at the window's start, Interpretation) and the stored AER drops 0, 1, 2 or 3 by the
    sum against S, never below -3 — applied as entries come, so the window's end holds the
    drop its whole sum earns; the caps follow the new strength at once. Returns the drop
    (`check_reinforce` decides whether they may join)."""
    force = c.armies[army]
    opened, start, added, dropped = c.windows.get(army, ("", force.sp, 0, 0))
    if opened != window:
        start, added, dropped = force.sp, 0, 0
    added += sp - uncounted
    owed = rules.addition_penalty(added, start, thirty(start))
    drop = owed - dropped
    stored = max(rules.AER_LOWEST, force.aer - drop)
    strength = force.sp + sp
    armies = {**c.armies, army: replace(force, sp=strength, aer=rules.capped(stored, strength))}
    return (
        replace(
            c,
            armies=armies,
            windows={**c.windows, army: (window, start, added, owed)},
            lowered=c.lowered | ({army} if drop > 0 else set()),
        ),
        drop,
    )


def lose(
    c: Carthage,
    army: str,
    sp: int,
    crucified: bool = False,
    detachment: str = "",
    successor: str = "",
    promoted: bool = False,
) -> Carthage:
    """TB-5.5: SP lost, entered with a cause, by an Army or one of its Detachments. A Detachment
    at 0 is gone (its leader is never recalled, TB-13.4). An Army at 0 is eliminated and its
    commander recalled without a roll (TB-13.4), to the pool unless his crucifixion roll removes
    him (TB-13.5); with a Detachment in play, the Detachment becomes the Army (of Hannibal's two
    the player picks, `successor`) at the old stored AER - 1, 2 more when its leader is promoted
    to command it (TB-14.6, TB-14.2), else it waits for B2d (TB-13.2). `check_lose` decides
    whether it may be."""
    force = c.armies[army]
    if detachment:
        parts = tuple(
            replace(d, sp=d.sp - sp) if d.id == detachment else d
            for d in force.parts
            if d.id != detachment or d.sp > sp
        )
        return replace(c, armies={**c.armies, army: replace(force, parts=parts)})
    if sp < force.sp:
        return replace(c, armies={**c.armies, army: replace(force, sp=force.sp - sp)})
    places = dict(c.places)
    if force.commander:
        places[force.commander] = REMOVED if crucified else POOL
    armies = {aid: a for aid, a in c.armies.items() if aid != army}
    if force.parts:
        chosen = force.part(successor) if successor else force.parts[0]
        leader = chosen.leader if promoted else None
        aer = max(rules.AER_LOWEST, force.aer - 1)
        aer = rules.new_commander(aer) if promoted else aer
        rest = tuple(d for d in force.parts if d.id != chosen.id)
        armies[army] = replace(
            force,
            commander=leader,
            sp=chosen.sp,
            aer=rules.capped(aer, chosen.sp),
            parts=rest,
            province=chosen.province or force.province,  # TB-1.4: where the Detachment stood
            place=chosen.place if chosen.province else force.place,
        )
        if leader is not None:
            places[leader] = MAP
    return replace(c, armies=armies, places=places)


def check_lose(
    c: Carthage, army: str, sp: int, detachment: str, successor: str, promoted: bool
) -> None:
    """TB-5.5: an Army in play, or one of its Detachments, loses at most the SP it has; an Army
    at 0 with Detachments is followed by one of them (TB-14.6), its leader promoted only if it
    has one."""
    if army not in c.armies:
        raise RuleViolation("TB-5.5", f"There is no Army {army}")
    force = c.armies[army]
    if detachment:
        part = force.part(detachment)
        if not 1 <= sp <= part.sp:
            raise RuleViolation("TB-5.5", f"{detachment} has {part.sp} SP to lose, not {sp}")
        return
    if not 1 <= sp <= force.sp:
        raise RuleViolation("TB-5.5", f"Army {army} has {force.sp} SP to lose, not {sp}")
    if sp < force.sp:
        return
    if force.parts:
        chosen = check_successor(force, successor)
        if promoted and chosen.leader is None:
            raise RuleViolation("TB-14.6", f"{chosen.id} has no leader to promote")
    elif successor or promoted:
        raise RuleViolation("TB-14.6", f"Army {army} has no Detachment to take its place")


def check_successor(force: Force, successor: str) -> Detachment:
    """TB-14.6: the Detachment that becomes the Army: the only one, or the player's pick."""
    if successor:
        if successor not in {d.id for d in force.parts}:
            raise RuleViolation("TB-14.6", f"{successor} is no Detachment of Army {force.id}")
        return force.part(successor)
    if len(force.parts) > 1:
        names = " or ".join(d.id for d in force.parts)
        raise RuleViolation("TB-14.6", f"Say which Detachment becomes the Army: {names}")
    return force.parts[0]


# Leaders wounded, killed or captured (TB-5.1, TB-13.8).


def check_replaceable(c: Carthage, leader: str) -> None:
    """TB-13.8: an Army Commander may be replaced; a Subordinate never."""
    if not any(a.commander == leader for a in c.armies.values()):
        raise RuleViolation(
            "TB-13.8", f"{c.name(leader)} commands no Army: a Subordinate is never replaced"
        )


def fall(c: Carthage, leader: str, outcome: str, replacement: str | None) -> Carthage:
    """TB-13.8: an Army Commander wounded, killed or captured may be replaced by a leader drawn
    from the pool (TB-13.2; the stored AER drops 2, TB-14.2); a Subordinate never. Wounded and
    replaced, he goes to the pool as the next Game Turn begins; wounded and not replaced, he
    returns to his Army in A2 (its AER unchanged). `check_fall` decides whether it may be."""
    army = next((a for a in c.armies.values() if a.commander == leader), None)
    places = dict(c.places)
    returning = dict(c.returning)
    armies = dict(c.armies)
    lowered = c.lowered
    if outcome == "wounded":
        places[leader] = SET_ASIDE
        returning[leader] = POOL if replacement else MAP
    else:
        places[leader] = REMOVED if outcome == "killed" else CAPTURED
    if army is not None and (replacement is not None or outcome != "wounded"):
        armies[army.id] = replace(army, commander=None)
    if replacement is not None:
        aer = rules.new_commander(army.aer)
        armies[army.id] = replace(army, commander=replacement, aer=aer)
        places[replacement] = MAP
        lowered = lowered | ({army.id} if aer < army.aer else set())
    parts = {
        aid: replace(
            a, parts=tuple(replace(d, leader=None) if d.leader == leader else d for d in a.parts)
        )
        for aid, a in armies.items()
    }
    return replace(c, armies=parts, places=places, returning=returning, lowered=lowered)


def check_fall(c: Carthage, leader: str, outcome: str, replacement: str | None) -> None:
    """TB-5.1 and TB-13.8: a leader in play is wounded, killed or captured; a replacement, for an
    Army Commander only, is drawn from the pool (TB-13.2)."""
    if outcome not in rules.FALLEN:
        raise RuleViolation("TB-5.1", f"A leader is {', '.join(rules.FALLEN)}, not {outcome}")
    if c.places.get(leader) not in (MAP, POOL) or leader not in c.leaders:
        raise RuleViolation("TB-5.1", f"{c.name(leader)} is not in play")
    if replacement is not None:
        check_replaceable(c, leader)
        if c.places.get(replacement) != POOL:
            raise RuleViolation("TB-13.2", f"{c.name(replacement)} is not in the pool to be drawn")


# The Overall Commander (TB-13.7).


def commanders(c: Carthage) -> list[str]:
    return sorted(a.commander for a in c.armies.values() if a.commander)


def oc_lost(c: Carthage) -> Carthage:
    """TB-13.7: an OC who no longer commands an Army (killed, captured, sent to the pool) leaves
    the post to be filled."""
    if c.oc is None or c.oc in commanders(c):
        return c
    return replace(c, oc=None, oc_due=True)


def oc_candidates(c: Carthage, in_power: str) -> list[str]:
    """TB-13.7: the Army Commanders, those of the Family in Power when there is one."""
    everyone = commanders(c)
    of_family = [lid for lid in everyone if c.leaders[lid].family == in_power]
    return of_family or everyone


def check_name_oc(c: Carthage, leader: str, in_power: str) -> None:
    """TB-13.7: with no OC in play, an Army Commander of the Family in Power, if there is one."""
    if c.oc is not None:
        raise RuleViolation("TB-13.7", f"{c.name(c.oc)} is Carthage's Overall Commander")
    if leader not in oc_candidates(c, in_power):
        if leader not in commanders(c):
            raise RuleViolation("TB-13.7", f"{c.name(leader)} commands no Army")
        raise RuleViolation(
            "TB-13.7", f"The OC is an Army Commander of the Family in Power ({in_power})"
        )


def name_oc(c: Carthage, leader: str) -> Carthage:
    """TB-13.7: the OC named (`check_name_oc` decides whether he may be)."""
    return replace(c, oc=leader, oc_due=False)


# G2: Army Efficiency (TB-14.7).


def training_gains(c: Carthage) -> dict[str, int]:
    """TB-14.7: the Armies that gain 1 in G2 (capped, TB-14.4) and their new stored AER: each
    that had the same commander all Game Turn (none appointed in B2d), was not lowered under
    TB-14.2 or TB-14.3 (Interpretation: the text's "may" applied by the program; Useless and
    Disorganized results are not reported in this slice, so none counts)."""
    gains = {}
    for army in c.armies.values():
        year = rules.Year(
            same_commander=army.commander is not None,
            never_useless=True,
            disorganized=False,
            lowered=army.id in c.lowered,
            appointed_in_b2d=army.id in c.appointed,
        )
        after = rules.training(army.aer, army.sp, year)
        if after > army.aer:
            gains[army.id] = after
    return gains


def train(c: Carthage, gains: dict[str, int]) -> Carthage:
    armies = {aid: replace(a, aer=gains.get(aid, a.aer)) for aid, a in c.armies.items()}
    return replace(c, armies=armies, trained=True)


# B2e: Assign Theaters (TB-12.6).


def postings_due(c: Carthage, climate: str | None, alert_assigns: bool = False) -> list[str]:
    """TB-12.6: under Cautious or Interested (Alert with the setting `alert-assigns-theaters`,
    TB-18.2) one Army, never Hannibal's, to Africa and, if there is another, one to Hispania."""
    assigning = ("Cautious", "Interested") + (("Alert",) if alert_assigns else ())
    if climate not in assigning:
        return []
    others = [aid for aid in c.counted()]
    due = []
    if others and AFRICA not in c.postings:
        due.append(AFRICA)
    if len(others) >= 2 and HISPANIA not in c.postings:
        due.append(HISPANIA)
    return due


def check_post(
    c: Carthage, army: str, theater: str, climate: str | None, alert_assigns: bool = False
) -> None:
    """TB-12.6: an Army, never Hannibal's, assigned once to a Theater the Political Climate
    calls for."""
    due = postings_due(c, climate, alert_assigns)
    if not due:
        raise RuleViolation(
            "TB-12.6", f"No Theater is assigned under {climate or 'no Political Climate yet'}"
        )
    if theater not in due:
        raise RuleViolation("TB-12.6", f"The Theater due is {' or '.join(due)}, not {theater}")
    if army == c.hannibals():
        raise RuleViolation("TB-12.6", "Hannibal's Army is never assigned a Theater")
    if army in c.postings.values():
        raise RuleViolation("TB-12.6", f"Army {army} is assigned already")


def post(c: Carthage, army: str, theater: str) -> Carthage:
    """TB-12.6: an Army assigned to Africa or Hispania for the Game Turn (`check_post` decides
    whether it may be)."""
    return replace(c, postings={**c.postings, theater: army})
