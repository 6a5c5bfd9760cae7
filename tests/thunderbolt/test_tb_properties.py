"""Random lawful Thunderbolt campaigns (hypothesis), every Game Turn of the example scenario:
Rome prorogues, releases, rolls for Pluto and elects, sometimes under an Emergency, sometimes with
a magistrate besieged; Carthage rolls its politics, disbands, appoints and stations its Armies;
battles, sieges and devastations move the Italian Allies. After every command: the offices hold
TB-6's limits, the AER TB-14's bounds, the track TB-15's; at the end of each B1c the offices were
filled in TB-8.1's order; replaying the log gives the state the commands built step by step; and
at the end `verify` recomputes every committed roll and draw."""

from __future__ import annotations

from typing import Any

from helpers.properties import examples
from helpers.story import Story
from helpers.thunderbolt.carthage import TWO_IN_HISPANIA
from helpers.thunderbolt.rules import TB_16_5
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from campaign.domain.drafts import AUTOMATIC_ACTOR
from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import (
    cup,
    elections,
    guile,
    honours,
    naming,
    offices,
    positions,
    prorogues,
    roman,
    rules,
    tribes,
)
from campaign.kinds.thunderbolt.board import dice as dice_rules
from campaign.kinds.thunderbolt.board import raising as legions
from campaign.kinds.thunderbolt.board import war as macedonia
from campaign.kinds.thunderbolt.board.placement import barred
from campaign.kinds.thunderbolt.board.result import WINNERS
from campaign.kinds.thunderbolt.board.setup import THEATERS
from campaign.kinds.thunderbolt.chapters.allies import decide as allies
from campaign.kinds.thunderbolt.chapters.auguries import decide as augury_rules
from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage_rules
from campaign.kinds.thunderbolt.chapters.legions import decide as legions_rules
from campaign.kinds.thunderbolt.chapters.macedonia import decide as macedonia_rules
from campaign.kinds.thunderbolt.chapters.magistrates import decide as magistrates_rules
from campaign.kinds.thunderbolt.chapters.naval import decide as naval_rules
from campaign.kinds.thunderbolt.chapters.reports import decide as reports
from campaign.kinds.thunderbolt.chapters.senate import decide as senate
from campaign.kinds.thunderbolt.chapters.tribes import decide as tribes_rules
from campaign.kinds.thunderbolt.chapters.turn import decide as turn_rules
from campaign.kinds.thunderbolt.chapters.victory import decide as victory_rules
from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import audit

ORDER = ("Dictator", "Consul", "Proconsul", "Praetor", "PU")


class Punic(Story):
    """A Thunderbolt campaign in an in-memory store, from the example set-up with two Barcid
    Armies in Hispania (so that Carthage is sometimes over its limit)."""

    name = "Punic"

    def __init__(self, secrets: dict[str, str], dice: str, setup_file: str) -> None:
        from campaign.domain.registry import kind

        self.campaigns = Campaigns(":memory:")
        options = {"rome": "Fabius", "carthage": "Hanno", "dice": dice, "setup": setup_file}
        started, then = kind("thunderbolt").new(
            self.name,
            options,
            seal=lambda labels: self.campaigns.secrets.seal(self.name, labels, given=secrets),
        )
        self.campaigns.start(started, then, "organiser")

    @property
    def secrets(self) -> dict[str, str]:
        return self.campaigns.secrets.unseal(self.name)


class Table:
    """The dice of one campaign: the program's in committed mode, drawn by hypothesis in
    external mode (faces 0-9 and draws among the candidates)."""

    def __init__(self, campaign: Punic, data: Any) -> None:
        self.campaign, self.data = campaign, data

    def faces(self, state, count: int = 2):
        if state.dice == "committed":
            return dice_rules.faces_for(state, self.campaign.secrets, [], "")
        return dice_rules.Entered([self.data.draw(st.integers(0, 9)) for _ in range(count)])

    def draws(self, state, candidates, kind="draw-rome"):
        if state.dice == "committed":
            return dice_rules.draws_for(state, self.campaign.secrets, None, "", kind)
        return dice_rules.EnteredDraw(self.data.draw(st.sampled_from(sorted(candidates))))


def check(campaign: Punic, recorded: list, replay: bool = False) -> list:
    """TB-6, TB-14 and TB-15 hold after every command; replay equals step by step (checked as
    each step ends, a full replay being the slow part)."""
    state = campaign.campaigns.after.state
    assert campaign.campaigns.kept.state(campaign.name)[2] == state  # kept beside the view
    r = state.romans
    magistrates = list(r.magistrates.values())
    offices.check_offices(magistrates)  # TB-6.1, TB-6.6
    offices.check_imperium(magistrates)  # TB-6.2
    assert r.count("Consul") <= 2 and r.count("Dictator") <= 1 and r.count("PU") <= 1
    for m in magistrates:
        assert r.places[m.leader] == roman.MAP
        assert set(m.legions) <= set(r.legions)
    for army in state.carthaginians.armies.values():
        assert rules.AER_LOWEST <= army.aer <= rules.AER_HIGHEST  # TB-14.1
        assert rules.AER_LOWEST <= army.effective <= rules.capped(army.aer, army.sp)
        assert army.aer == rules.capped(army.aer, army.sp)  # TB-14.4: the caps at once
        assert army.detachments <= 2  # TB-13.9 (one, two for Hannibal's, as they are made)
    war = state.macedonia  # TB-27.5: four Legions at most in the box, none of them on the map
    assert len(war.legions) <= macedonia.MOST_LEGIONS
    assert {lg for lg, legion in r.legions.items() if legion.place == macedonia.BOX} == set(
        war.legions
    )
    for side, lid in war.ambassadors.items():  # TB-27.3: one a side, in the box
        places = r.places if side == rules.ROME else state.carthaginians.places
        assert places[lid] == macedonia.BOX
    lams = cup.roman_lams(r)  # TB-27.5: a magistrate whose Legions are all in the box, none
    assert all(lams[m.leader] == 0 for m in magistrates if cup.in_the_box(r, m.legions))
    for legion in r.legions.values():  # TB-1.4, TB-5.4
        if legion.place == macedonia.BOX:
            continue
        assert legion.province in state.setup.provinces
        if legion.place == positions.ROMA or legion.kind == roman.SLAVE:  # TB-11.13
            assert r.theater_of[legion.province] == offices.ROMAN_ITALY
        if legion.kind == roman.SLAVE:
            assert r.legion_leader(legion.id) in (None, *r.magistrates)
            leader = r.legion_leader(legion.id)
            assert leader is None or r.office(leader) in ("Dictator", "ME", "Consul")
    assert {roll.kind for roll in state.rolls} <= TB_16_5  # every random event of the table
    for kind, fields in recorded:  # TB-30.1: SP from a box join an Army where 7.12 lets them
        if kind == "ManpowerPlaced":
            joined = state.carthaginians.armies[fields["army"]]
            assert barred(fields["contingent"], state.setup.provinces[joined.province]) is None
    makers = {lid for _, lid in state.manpower_ops}  # TB-18.9: one leader a Game Turn
    assert len(makers) <= 1 and not state.manpower_by
    governors = [m for m in magistrates if m.governor]  # TB-8.6: one per island, a Praetor
    assert all(m.office == "Praetor" and m.province in r.island_of for m in governors)
    assert len({r.island_of[m.province] for m in governors}) == len(governors)
    assert set(r.at) <= set(r.magistrates)  # TB-1.4: a position is a magistrate's
    for lid in r.in_rome & set(r.magistrates):  # TB-5.4: the Dictator staying in Rome stays
        assert positions.standing(r, lid) == ("", positions.ROMA)
    for m in magistrates:
        spot = positions.standing(r, m.leader)
        assert spot is None or spot[0] in ("", *state.setup.provinces)
    c = state.carthaginians
    assert c.oc is None or c.oc in carthage.commanders(c)  # TB-13.7
    for level, _ in state.track.values():
        assert -rules.TOP <= level <= rules.TOP  # TB-15.1, TB-15.3
    for lid, place in r.places.items():  # TB-6.8: the censured, killed, captured never return
        if place in (roman.CENSURED, roman.KILLED, roman.CAPTURED):
            assert lid not in r.magistrates and lid not in r.pool()
    for turn, held in r.triumphs.values():  # TB-10.9: with his office and Game Turn
        assert held in offices.OFFICES and turn <= state.turn
    for turned in state.defections:  # TB-15.4: a province turns only as it enters box 4
        box = rules.TOP if turned.to == rules.ROME else -rules.TOP
        assert any(
            s.province == turned.province and s.turn == turned.turn and s.after == box
            for s in state.shifts
        )
    for province, (_, allied) in state.track.items():  # TB-15.5: every turn is recorded
        history = [t.to for t in state.defections if t.province == province]
        assert allied == (history[-1] if history else state.setup.provinces[province].allied_to)
    for tid, standing in state.tribes.standing.items():  # TB-23.2: Pacified is always Depleted
        assert standing.allegiance in ("rome", "carthage", "neutral")
        assert standing.depleted or not standing.pacified
        assert not (standing.pacified and tid in state.tribes.mustered)  # TB-23.6
    for lid in {lid for _, lid, _ in state.guile_spent}:  # TB-24.1: never more than his rating
        spent = sum(n for _, who, n in state.guile_spent if who == lid)
        of = state.romans if lid in r.leaders else c
        assert spent <= of.leaders[lid].guile
    assert all(left >= 0 for left in state.pools.values())  # TB-25.2: never below 0
    assert state.citizens is None or 0 <= state.citizens <= 50  # TB-29: 7.31
    start = state.setup.naval  # TB-26: levels move between zones or come from those built
    built = sum(state.ns_built.values()) + sum(state.carthage_built.values())
    assert abs(sum(state.naval.values()) - sum(start.values())) <= built
    for kind, fields in recorded:
        if kind == "PlutoVisited":
            assert fields["outcome"] in roman.OUTCOMES
    if replay or any(kind == "StepFinished" for kind, _ in recorded):
        assert campaign.state == state  # replay equals step by step
    return recorded


def when(campaign: Punic, command, *args) -> list:
    if command is turn_rules.finish:  # TB-13.7: Carthage names a lost OC before it finishes a step
        state = campaign.state
        c = state.carthaginians
        if c.oc_due and carthage.commanders(c):
            named = carthage.oc_candidates(c, state.family_in_power())[0]
            check(campaign, campaign.when(carthage_rules.name_oc, named))
            assert campaign.state.carthaginians.oc == named
    after = campaign.campaigns.after
    before = dict((after.state if after else campaign.state).track)
    recorded = check(campaign, campaign.when(command, *args))
    for province, (level, allied) in campaign.campaigns.after.state.track.items():
        if allied != before[province][1]:  # TB-15.4: a flip only on entering box 4
            assert level == (rules.TOP if allied == rules.ROME else -rules.TOP)
            assert before[province][0] != level
    return recorded


def b1a(campaign: Punic, data) -> None:
    state = campaign.state
    r = state.romans
    for lid in prorogues.unassigned(r):
        place = data.draw(st.sampled_from(["lucania", "samnium", "calabria", "campania"]))
        attempt(campaign, magistrates_rules.assign, lid, None, place)
        for theater in ("Sicily", "Hispania", "Africa", "Liguria"):  # two Proconsuls a Theater
            if lid in prorogues.unassigned(campaign.state.romans):
                attempt(campaign, magistrates_rules.assign, lid, theater, None)
        assert lid not in prorogues.unassigned(campaign.state.romans)
    for lid in prorogues.due_b1a(campaign.state.romans):
        held = campaign.state.romans.magistrates[lid]
        choice = data.draw(st.integers(0, 2))
        if choice and held.office in ("Consul", "Proconsul") and held.legions:
            where = data.draw(st.sampled_from([t for t in THEATERS if t != "Roman Italy"]))
            if attempt(campaign, magistrates_rules.prorogue, lid, "Proconsul", where, None):
                continue
        if choice and held.office == "Praetor":
            when(campaign, magistrates_rules.prorogue, lid, "Praetor", None, None)
            continue
        when(campaign, magistrates_rules.release, lid)


def attempt(campaign: Punic, command, *args) -> bool:
    """A command the generator may get wrong (an assignment taken): refused, it records
    nothing."""
    from campaign.errors import RuleViolation

    before = len(campaign.log)
    try:
        when(campaign, command, *args)
        return True
    except RuleViolation:
        assert len(campaign.log) == before
        return False


def b1c(campaign: Punic, data, table: Table) -> None:
    state = campaign.state
    if state.romans.emergency != "none" and data.draw(st.booleans()):
        if state.romans.pool() and not state.romans.count("Dictator"):  # one held by a siege
            when(
                campaign,
                magistrates_rules.elect,
                "dictator",
                table.draws(state, state.romans.pool()),
            )
    while elections.next_post(campaign.state.romans, campaign.state.turn) is not None:
        state = campaign.state
        post = elections.next_post(state.romans, state.turn)
        if post.office == "Dictator's army":
            r = state.romans
            mes = elections.me_candidates(r, post.leader)
            if mes and data.draw(st.booleans()):
                me = data.draw(st.sampled_from(mes))
                when(campaign, senate.dictator, post.leader, (), me, None)
            else:
                cas = r.leaderless_cas()[: data.draw(st.integers(0, 2))]
                when(campaign, senate.dictator, post.leader, cas, None, None)
            continue
        if post.office != "Imperium" and not state.romans.pool():
            chosen = elections.triumph_candidates(state.romans, post.office, state.turn)
            if not chosen:
                break  # nobody to be had: the office is recorded empty as B1c ends (TB-8.8)
            when(campaign, magistrates_rules.elect, post.office, None, chosen[0])
            continue
        when(
            campaign,
            magistrates_rules.elect,
            None,
            table.draws(state, state.romans.pool() or ["nobody"]),
        )
    elected = [
        campaign.state.romans.office(lid)
        for lid in campaign.state.romans.elected
        if campaign.state.romans.office(lid)
    ]
    assert elected == sorted(elected, key=ORDER.index)  # TB-8.1


def b2(campaign: Punic, data, table: Table, step: str) -> None:
    state = campaign.state
    c, climate = state.carthaginians, state.current_climate()
    if step == "B2a":
        when(campaign, lambda s: carthage_rules.politics(s, "family", {"war": 2}, table.faces(s)))
    elif step == "B2b":
        when(campaign, lambda s: carthage_rules.politics(s, "climate", {}, table.faces(s)))
    elif step == "B2c":
        while carthage.due_b2c(campaign.state.carthaginians, climate):
            c = campaign.state.carthaginians
            aid = data.draw(st.sampled_from(carthage.eligible(c)))
            family = c.leaders[c.armies[aid].commander].family if c.armies[aid].commander else None
            free = rules.may_disband_without_roll(family, campaign.state.family_in_power())
            if free and data.draw(st.booleans()):
                when(
                    campaign, carthage_rules.disband, aid, table.faces(campaign.state), True, "lost"
                )
                continue
            when(
                campaign, carthage_rules.disband, aid, table.faces(campaign.state, 1), False, "lost"
            )
    elif step == "B2d":
        while carthage.due_b2d(campaign.state.carthaginians):
            state = campaign.state
            when(
                campaign,
                carthage_rules.appoint,
                None,
                table.draws(state, state.carthaginians.pool(), "draw-carthage"),
            )
    elif step == "B2e":
        when(campaign, carthage_rules.post_army, None, None)


def operations(campaign: Punic, data, table: Table) -> None:
    for _ in range(data.draw(st.integers(0, 3))):
        state = campaign.state
        if data.draw(st.booleans()):  # the program's draw from the cup (TB-4.3, TB-4.4)
            void = cup.void_leaders(state.romans, state.carthaginians)
            candidates = cup.live(state.cup, void)
            if not candidates:
                break
            before = len(state.cup)
            when(campaign, turn_rules.draw, table.draws(state, candidates, "draw-cup"))
            assert len(campaign.state.cup) == before - 1
            if data.draw(st.booleans()):  # TB-4.5
                attempt(campaign, turn_rules.pu_phase)
            if campaign.state.opened_by == "delivery":  # TB-11.8: the Legate, all lost at sea
                when(campaign, legions_rules.deliver, {})
                assert not campaign.state.romans.holding
            lid = campaign.state.phase_leader
            if lid in campaign.state.romans.magistrates and data.draw(st.booleans()):
                # TB-11.3: a Manpower Operation in a Roman leader's phase
                when(campaign, reports.facts, None, None, None, None, True)
                raised = data.draw(st.integers(0, 2))
                faces = table.faces(campaign.state, 1)
                attempt(
                    campaign, legions_rules.legion_request, {}, 0, faces, raised, "latium", [], 0,
                    "", "", lid,
                )  # fmt: skip
        else:  # drawn at the table and entered
            kind = data.draw(st.sampled_from(["leader", "siege", "augury"]))
            when(campaign, turn_rules.initiative, kind)
        if data.draw(st.integers(0, 2)) == 0:  # TB-27.3: an ambassador, in one phase of three
            ambassador(campaign, data)
        if data.draw(st.integers(0, 2)) == 0:  # TB-28.2, TB-28.3: a Manpower Operation
            manpower_operation(campaign, data)
        if data.draw(st.booleans()):  # TB-23: the tribes, in one phase of two
            for _ in range(data.draw(st.integers(1, 3))):
                tribal_dealings(campaign, data, table)
        for _ in range(data.draw(st.integers(0, 2))):
            state = campaign.state
            kind = data.draw(st.integers(0, 14))
            province = data.draw(st.sampled_from(sorted(state.track)))
            if kind == 0:
                winner = data.draw(st.sampled_from(["rome", "carthage", "none"]))
                major = winner != "none" and data.draw(st.booleans())
                lost = data.draw(st.integers(0, 100))
                ca = data.draw(st.booleans())
                fought = sorted(state.romans.legions)[: data.draw(st.integers(0, 3))]
                losses = {  # TB-5.1, TB-11.10: within what each Legion has
                    lg: {"citizen-infantry": data.draw(st.integers(0, legion.citizen_infantry))}
                    for lg in fought
                    if (legion := state.romans.legions[lg])
                }
                choices = [[], *([lg] for lg in data.draw(st.permutations(fought)))]
                army = data.draw(st.sampled_from([None, *sorted(state.carthaginians.armies)]))
                reported = any(  # the player's choice where the rule leaves one (TB-11.10)
                    attempt(campaign, reports.battle, province, winner, major, ca, lost, fought,
                            losses, (), demote, army)
                    for demote in choices
                )  # fmt: skip
                if reported and army and winner == "rome":  # TB-13.3: the recall roll, at once
                    if army in campaign.state.recalls_due:
                        faces = table.faces(campaign.state, 2)
                        attempt(campaign, carthage_rules.recall, army, faces)
                if not reported:
                    when(campaign, reports.battle, province, winner, major, ca, lost)
            elif kind == 1:
                by = data.draw(st.sampled_from(["rome", "carthage"]))
                when(campaign, allies.victory, "siege", province, by)
            elif kind == 4:  # a recall roll, then perhaps a crucifixion (TB-13.3, TB-13.5)
                c = state.carthaginians
                led = sorted(a for a, f in c.armies.items() if f.commander and a not in c.pending)
                if led:
                    aid = data.draw(st.sampled_from(led))
                    when(campaign, carthage_rules.recall, aid, table.faces(state, 2))
            elif kind == 3 and "D" in state.position.open:  # TB-10.1, once per phase (TB-10.3)
                asking = sorted(
                    lid
                    for lid, m in state.romans.magistrates.items()
                    if m.legions
                    and m.office not in ("Dictator", "ME")
                    and (state.operations, lid, "leave") not in state.asked
                )
                if asking:
                    lid = data.draw(st.sampled_from(asking))
                    when(campaign, senate.ask_senate, lid, "leave", {}, 0, table.faces(state, 1))
            elif kind == 5:  # Hannibal's Diplomacy, once in a phase, a province once a GT (TB-15.6)
                wooed = sorted(
                    p
                    for p, (_, a) in state.track.items()
                    if a == rules.ROME
                    if p not in state.targeted
                )
                if (
                    wooed
                    and "D" in state.position.open
                    and state.operations not in state.diplomacy
                    and state.carthaginians.hannibals()
                    and state.phase_leader
                    in (None, state.carthaginians.armies[state.carthaginians.hannibals()].commander)
                ):
                    where = data.draw(st.sampled_from(wooed))
                    result = data.draw(st.sampled_from(["-1", "0", "1", "2", "4", "D"]))
                    when(campaign, allies.diplomacy, where, result, table.faces(state, 1))
            elif kind == 6 and "D" in state.position.open:  # TB-10.6, TB-10.7: Censure
                r = state.romans
                rolling = sorted(
                    lid
                    for lid, m in r.magistrates.items()
                    if m.office in honours.CENSURABLE
                    and (state.operations, lid, "censure") not in state.asked
                )
                if rolling:
                    lid = data.draw(st.sampled_from(rolling))
                    drm = {"chart": data.draw(st.integers(-2, 4))}
                    draws = table.draws(state, r.pool() or ["nobody"])
                    when(campaign, senate.censure, lid, drm, table.faces(state, 1), draws)
            elif kind == 7 and "D" in state.position.open:  # TB-10.9: a victory, then Rome
                armed = sorted(lid for lid, m in state.romans.magistrates.items() if m.legions)
                if armed:
                    lid = data.draw(st.sampled_from(armed))
                    when(campaign, senate.earned, lid, "battle", 10, True)
                    lost = data.draw(st.sampled_from([0, 14, 15, 40]))
                    attempt(campaign, reports.move, lid, "latium", "field")  # TB-10.9
                    near = positions.standing(campaign.state.romans, lid)
                    if near is None or near[0] == "latium":
                        faces = table.faces(campaign.state, 1)
                        when(campaign, senate.triumph, lid, lost, 0, faces)
            elif (
                kind == 8
                and "D" in state.position.open
                and state.carthaginians.armies
                and state.phase_leader not in state.romans.leaders  # TB-14.3: not Rome's phase
            ):
                aid = data.draw(st.sampled_from(sorted(state.carthaginians.armies)))
                sp = data.draw(st.integers(1, 60))
                when(
                    campaign, carthage_rules.reinforce, aid, sp, data.draw(st.integers(0, sp))
                )  # TB-14.3
            elif kind == 9 and state.carthaginians.armies:  # TB-5.5, TB-13.4
                aid = data.draw(st.sampled_from(sorted(state.carthaginians.armies)))
                force = state.carthaginians.armies[aid]
                lost = data.draw(st.integers(1, force.sp))
                successor = force.parts[0].id if lost == force.sp and force.parts else ""
                faces = table.faces(state, 1)
                citizens = data.draw(st.integers(0, min(lost, state.citizens or 0)))  # TB-29.3
                losses = (aid, lost, "a battle", faces, successor, False, citizens)
                when(campaign, reports.losses, *losses)
            elif kind == 10 and "D" in state.position.open and state.carthaginians.armies:
                aid = data.draw(st.sampled_from(sorted(state.carthaginians.armies)))
                sp = data.draw(st.integers(1, 30))
                attempt(
                    campaign, carthage_rules.detach, aid, sp, None
                )  # TB-13.9: may be one too many
            elif kind == 11 and "D" in state.position.open:
                parts = sorted(d.id for a in state.carthaginians.armies.values() for d in a.parts)
                if parts:
                    part = data.draw(st.sampled_from(parts))
                    when(campaign, carthage_rules.rejoin, part, data.draw(st.booleans()))
            elif kind == 12:  # TB-5.1, TB-10.8, TB-13.8: a leader falls, perhaps replaced
                c = state.carthaginians
                fallen = sorted(state.romans.magistrates) + sorted(
                    a.commander
                    for a in c.armies.values()  # a commander wounded earlier is set aside
                    if a.commander and c.places.get(a.commander) in (carthage.MAP, carthage.POOL)
                )
                if fallen:
                    lid = data.draw(st.sampled_from(fallen))
                    side = "rome" if lid in state.romans.leaders else "carthage"
                    of = state.romans if side == "rome" else c
                    candidates = [x for x in of.pool() if x != lid]
                    replaced = bool(candidates) and data.draw(st.booleans())
                    outcome = data.draw(st.sampled_from(roman.FALLEN))
                    draws = table.draws(state, candidates or ["nobody"], f"draw-{side}")
                    when(campaign, reports.fell, lid, outcome, replaced, draws)
            elif kind == 14:  # TB-23.4 to TB-23.6: a leader's dealings with a tribe, or a battle
                tribal_dealings(campaign, data, table)
            elif kind == 13:  # TB-1.4: a move on the map, refused where TB-5.4 or TB-12.7 say
                unit = data.draw(st.sampled_from(sorted(naming.units(state))))
                to = data.draw(st.sampled_from(sorted(state.setup.provinces)))
                place = data.draw(st.sampled_from(["field", "port", "city", "roma"]))
                attempt(campaign, reports.move, unit, to, place)
            else:
                allied = [p for p, (_, a) in state.track.items() if a == rules.CARTHAGE]
                if allied:
                    where = data.draw(st.sampled_from(allied))
                    when(campaign, allies.sack, where, table.faces(campaign.state, 4))
        open_step = campaign.state.position.open[0]
        if open_step == "E":  # TB-22.1: the Augury Phase's roll and event, from the table
            roll = data.draw(st.one_of(st.none(), st.integers(0, 18)))
            when(campaign, augury_rules.augury, "the gods are silent", roll)
            if data.draw(st.booleans()):  # TB-23.7: the event puts a tribe In Revolt, or ends it
                tid = data.draw(st.sampled_from(sorted(campaign.state.setup.tribes)))
                ended = campaign.state.tribes.standing[tid].revolt
                attempt(campaign, tribes_rules.revolt, tid, ended)
            if data.draw(st.booleans()):  # TB-27.2, TB-27.4: the event is Macedon's
                macedonian_war(campaign, data, table)
        for side in ("rome", "carthage"):
            when(campaign, turn_rules.finish, open_step, side, campaign.secrets)
    end_of_operations(campaign)


def end_of_operations(campaign: Punic) -> None:
    """TB-4.4: C2 finds no LAM left — refused while every draw of the Game Turn came from the
    program's cup and LAMs are still in it; then the rest is drawn at the table (one draw typed
    by its kind, after which the table's word is taken)."""
    state = campaign.state
    if attempt(campaign, turn_rules.initiative, "empty"):
        return
    void = cup.void_leaders(state.romans, state.carthaginians)
    assert state.cup_by == "cup" and cup.live(state.cup, void)
    when(campaign, turn_rules.initiative, "leader")
    for side in ("rome", "carthage"):
        when(campaign, turn_rules.finish, "D", side, campaign.secrets)
    when(campaign, turn_rules.initiative, "empty")


def one_game_turn(campaign: Punic, data, table: Table) -> None:
    state = campaign.state
    if data.draw(st.integers(0, 4)) == 0:  # a magistrate besieged in a city (TB-7.4)
        on_map = sorted(state.romans.magistrates)
        if on_map:
            when(campaign, reports.besieged, data.draw(st.sampled_from(on_map)), "city")
    if data.draw(st.integers(0, 3)) == 0:  # the situation (TB-5.3): an Emergency
        when(campaign, reports.facts, data.draw(st.integers(0, 3)), None, data.draw(st.booleans()))
    for side in ("rome", "carthage"):
        when(campaign, turn_rules.finish, "A2", side, campaign.secrets)
    while campaign.state.position.stage == "B":
        lanes = campaign.state.position.open
        step = data.draw(st.sampled_from(lanes))  # B1 and B2 side by side (TB-3.3)
        if step == "B1a":
            b1a(campaign, data)
        elif step == "B1b":
            when(campaign, magistrates_rules.pluto, None, {}, table.faces(campaign.state, 20))
        elif step == "B1c":
            b1c(campaign, data, table)
        else:
            b2(campaign, data, table, step)
        when(campaign, turn_rules.finish, step, None, campaign.secrets)
    naval_b3a(campaign, data)
    when(campaign, turn_rules.finish, "B3a", None, campaign.secrets)
    if campaign.state.romans.emergency == "Major" and data.draw(st.booleans()):
        # instead of the request, the Slave Legions and perhaps the Marine Legion (TB-11.13)
        attempt(campaign, legions_rules.slave_legions, ["latium"])
        if data.draw(st.booleans()):
            attempt(campaign, legions_rules.marine, 0, "latium", table.faces(campaign.state, 1))
    elif data.draw(st.booleans()):  # a Legion Request, its Legions led in order (TB-11.4, 11.7)
        raised = data.draw(st.integers(0, 5))
        short = legions.short_cas(campaign.state.romans)
        fill = sorted(data.draw(st.permutations(short))[:raised]) if raised < len(short) else []
        train = data.draw(st.integers(0, 2))
        ns = data.draw(st.integers(0, 2))
        faces = table.faces(campaign.state, 1)
        if not attempt(
            campaign, legions_rules.legion_request, {}, ns, faces, raised, "latium", fill, train
        ):
            faces = table.faces(campaign.state, 1)
            when(campaign, legions_rules.legion_request, {}, ns, faces, raised, "latium", fill, 0)
    elif data.draw(st.booleans()):  # reinforcements instead (TB-11.8), a class with room
        r = campaign.state.romans
        room = [
            (lg, c)
            for lg, legion in sorted(r.legions.items())
            if legion.kind == "regular"  # TB-11.8: beyond the near Theaters, for the Legate
            and not legion.besieged
            for c, top in legions.CEILING.items()
            if getattr(legion, legions.FIELDS[c]) < top and c not in legions.CAVALRY
        ]
        if room:
            lg, c = data.draw(st.sampled_from(room))
            faces = table.faces(campaign.state, 1)
            when(campaign, legions_rules.reinforcements, {}, 0, faces, {lg: {c: 1}}, 8)
    macedonia_b3b(campaign, data)
    carthage_b3b(campaign, data, table)
    for side in ("rome", "carthage"):
        when(campaign, turn_rules.finish, "B3b", side, campaign.secrets)
    b4(campaign, data, table)
    operations(campaign, data, table)
    for step in ("F2", "G1", "G2", "G3", "G4"):
        if step == "F2" and data.draw(st.booleans()):
            province = data.draw(st.sampled_from(sorted(campaign.state.track)))
            by = data.draw(st.sampled_from(["rome", "carthage"]))
            when(campaign, allies.devastate, province, by)
        r = campaign.state.romans
        if step == "G2" and legions.trainees(r) and not r.drilled:  # TB-11.9
            staying = legions.trainees(r)
            when(
                campaign, legions_rules.train, [], False, table.faces(campaign.state, len(staying))
            )
        if step == "G1":  # Watchful Presence, once per province per player (TB-15.8)
            for province in data.draw(st.lists(st.sampled_from(sorted(campaign.state.track)))):
                by = data.draw(st.sampled_from(["rome", "carthage"]))
                if (province, by) not in campaign.state.presences:
                    when(campaign, allies.presence, province, by, "CA I, 20 SP")
        if step == "G4" and _determined(campaign, data):
            return
        for side in ("rome", "carthage"):
            when(campaign, turn_rules.finish, step, side, campaign.secrets)


def naval_b3a(campaign: Punic, data) -> None:
    """TB-26.2, TB-26.3: now and then Carthage builds a level or two into a zone, and a side
    re-allots one (refused where it has none to move)."""
    zones = sorted(campaign.state.naval)
    if data.draw(st.booleans()):
        into = [data.draw(st.sampled_from(zones))]
        when(campaign, naval_rules.allot, "carthage", data.draw(st.integers(1, 2)), into, [])
    if data.draw(st.booleans()):
        side = data.draw(st.sampled_from(["rome", "carthage"]))
        move = (data.draw(st.sampled_from(zones)), data.draw(st.sampled_from(zones)))
        attempt(campaign, naval_rules.allot, side, 0, [], [move])


def b4(campaign: Punic, data, table: Table) -> None:
    """TB-23.3: B4a and B4b wait for their rolls while a tribe is due one; now and then a tribe
    passed, its province Devastated."""
    for step in (tribes.RECOVERY, tribes.PACIFICATION):
        state = campaign.state
        if step not in state.position.open:
            continue
        due = tribes.due(state.setup, state.tribes, step)
        assert due and state.position.waiting_for(step) == (tribes.ROLLER[step],)
        passed = [t for t in due if data.draw(st.integers(0, 4)) == 0]
        when(campaign, tribes_rules.tribal, table.faces(state, len(due) - len(passed)), passed)
        assert step not in campaign.state.position.open
    assert "C2" in campaign.state.position.open


def tribal_dealings(campaign: Punic, data, table: Table) -> None:
    """TB-23.4, TB-23.5: a leader raises troops from a tribe or sways it — as a rule an Army in
    the tribe's province whose phase it is, else any unit and tribe, refused where a rule says no
    (not there, not allied, no Guile, done this phase); TB-23.6: a tribe musters against a side
    and, unless its die was 0, the battle's result."""
    state = campaign.state
    c = state.carthaginians
    what = data.draw(st.integers(0, 3))
    if what == 3:
        guile_spending(campaign, data, table)
        return
    if what < 2 and "D" in state.position.open:
        near = [
            (a, tid)
            for a, force in sorted(c.armies.items())
            if state.phase_leader in (None, force.commander)
            for tid, t in sorted(state.setup.tribes.items())
            if t.province == force.province
        ]
        if near and data.draw(st.integers(0, 3)):
            by, tid = data.draw(st.sampled_from(near))
        else:
            by = data.draw(st.sampled_from(sorted(naming.units(state))))
            tid = data.draw(st.sampled_from(sorted(state.setup.tribes)))
        guile = data.draw(st.integers(0, 1))
        victory = data.draw(st.sampled_from(["none", "none", "none", "minor", "major"]))
        decide = tribes_rules.levy if what == 0 else tribes_rules.sway
        attempt(campaign, decide, tid, by, guile, victory, table.faces(state, 2))
        return
    tid = data.draw(st.sampled_from(sorted(state.setup.tribes)))
    against = data.draw(st.sampled_from(["rome", "carthage"]))
    if attempt(campaign, tribes_rules.muster, tid, against, table.faces(state, 1)):
        if tid in campaign.state.tribes.mustered:
            winner = data.draw(st.sampled_from(["tribe", against, "none"]))
            major = winner != "none" and data.draw(st.booleans())
            when(campaign, tribes_rules.fought, tid, winner, major)


def guile_spending(campaign: Punic, data, table: Table) -> None:
    """TB-24.2: a Parley by any unit with any tribe; TB-24.4: Guile spent at the table by any
    leader on any roll; refused where a rule says no (not in D, no Point left, a tribe that
    intercepts nobody, a Roman on Carthage's Gauls), each Point spent a record (TB-24.1)."""
    state = campaign.state
    points = data.draw(st.integers(0, 2))
    if data.draw(st.booleans()):
        lawful = [  # as a rule a led Army and a tribe allied to Rome, which intercepts it
            (aid, tid)
            for aid, force in sorted(state.carthaginians.armies.items())
            if force.commander
            for tid, s in sorted(state.tribes.standing.items())
            if s.allegiance == rules.ROME and not s.pacified and tid not in state.tribes.mustered
        ]
        if lawful and data.draw(st.integers(0, 3)):
            by, tid = data.draw(st.sampled_from(lawful))
        else:
            by = data.draw(st.sampled_from(sorted(naming.units(state))))
            tid = data.draw(st.sampled_from(sorted(state.setup.tribes)))
        attempt(campaign, tribes_rules.parley, tid, by, points, table.faces(state, 1))
        return
    who = data.draw(st.sampled_from(sorted({*state.romans.leaders, *state.carthaginians.leaders})))
    use = data.draw(st.sampled_from(sorted(guile.USES)))
    attempt(campaign, tribes_rules.spent, who, points, use)


def ambassador(campaign: Punic, data) -> None:
    """TB-27.3: Hannibal or a Roman magistrate sends a leader of the pool (or a Subordinate),
    refused where he may not (not the OC, no Guile left, not his phase, the war not underway)."""
    state = campaign.state
    c, r = state.carthaginians, state.romans
    senders = [*sorted(r.magistrates), *(a.commander for a in c.armies.values() if a.commander)]
    if not senders:
        return
    by = data.draw(st.sampled_from(senders))
    side = rules.ROME if by in r.leaders else rules.CARTHAGE
    subordinates = [d.leader for a in c.armies.values() for d in a.parts if d.leader]
    envoys = r.pool() if side == rules.ROME else [*c.pool(), *subordinates]
    if envoys:
        attempt(campaign, macedonia_rules.send, by, data.draw(st.sampled_from(sorted(envoys))))


def manpower_operation(campaign: Punic, data) -> None:
    """TB-28.2: an Army's commander or a Detachment's leader raises from the provinces in reach
    (refused where none is Carthage's, or he has raised this Game Turn); TB-28.3: the OC tries in
    Carthago (refused unless he is there, of the Family in Power, the Climate Aggressive)."""
    c = campaign.state.carthaginians
    units = sorted(c.armies) + sorted(d.id for a in c.armies.values() for d in a.parts)
    units = [*([c.hannibals()] * len(units) if c.hannibals() else []), *units]  # in Apulia
    if units and data.draw(st.integers(0, 3)):
        attempt(campaign, carthage_rules.provincial, data.draw(st.sampled_from(units)), [])
    else:
        attempt(campaign, carthage_rules.oc_manpower, data.draw(st.integers(0, 6)), {})


def macedonian_war(campaign: Punic, data, table: Table) -> None:
    """TB-27.2, TB-27.4: the Augury's Macedonian War event begins the war, ends it, or is resolved
    with the ambassadors' results and Rome's die."""
    state = campaign.state
    stage = state.macedonia.stage
    if stage == macedonia.NOT_BEGUN:
        when(campaign, macedonia_rules.changed, "begin")
    elif stage == macedonia.UNDERWAY and data.draw(st.integers(0, 3)) == 0:
        when(campaign, macedonia_rules.changed, "end")
    elif stage == macedonia.UNDERWAY:
        rolls = {side: data.draw(st.integers(-1, 3)) for side in state.macedonia.ambassadors}
        drms = {"naval": data.draw(st.integers(-2, 2))}
        ends = data.draw(st.booleans())
        faces = table.faces(state, 1)
        when(campaign, macedonia_rules.resolved, rolls, drms, "as the table reads", ends, faces)


def macedonia_b3b(campaign: Punic, data) -> None:
    """TB-27.5, TB-27.6: Legions raised now sent to the box while the war goes on (refused beyond
    four), Legions brought back after it."""
    state = campaign.state
    war, r = state.macedonia, state.romans
    if war.stage == macedonia.UNDERWAY and r.raised_now and data.draw(st.booleans()):
        raised = sorted(r.raised_now)
        attempt(campaign, macedonia_rules.commit, raised[: data.draw(st.integers(1, 2))])
    if war.stage == macedonia.ENDED and war.legions and data.draw(st.booleans()):
        back = data.draw(st.permutations(war.legions))[: data.draw(st.integers(1, 2))]
        attempt(campaign, macedonia_rules.bring_back, back, "latium")


def carthage_b3b(campaign: Punic, data, table: Table) -> None:
    """TB-21.1 (7.13): below the army limit, now and then a new Army instead of reinforcements,
    its commander drawn from the pool when there is one; else, within it, reinforcements."""
    state = campaign.state
    c = state.carthaginians
    new, more = rules.may_raise(state.current_climate(), len(c.counted()), c.disbanded)
    if new and data.draw(st.booleans()):
        name = f"new-{state.turn}"
        sp = data.draw(st.integers(1, 40))
        draws = table.draws(state, c.pool() or ["none"], "draw-carthage")
        taken = boxed(campaign, data, sp, "carthage")
        when(campaign, carthage_rules.raise_and_appoint, name, sp, draws, None, taken)
        assert campaign.state.carthaginians.armies[name].aer == -3  # TB-21.1, TB-14.2
        if data.draw(st.booleans()):  # TB-28.4: a Subordinate, refused under 20 SP
            pool = campaign.state.carthaginians.pool() or ["none"]
            draw = table.draws(campaign.state, pool, "draw-carthage")
            attempt(campaign, carthage_rules.subordinate, name, draw)
    elif more and c.armies and data.draw(st.booleans()):
        aid = data.draw(st.sampled_from(sorted(c.armies)))
        sp = data.draw(st.integers(1, 20))
        where = c.armies[aid].province
        there = state.setup.provinces[where]
        kept_out = [b for b, n in state.pools.items() if n and barred(b, there)]
        if kept_out and data.draw(st.booleans()):  # TB-30.1: refused, nothing recorded
            refused = campaign.refused(carthage_rules.reinforce_from, aid, 1, 0, {kept_out[0]: 1})
            assert refused == "TB-30.1"
        when(campaign, carthage_rules.reinforce_from, aid, sp, 0, boxed(campaign, data, sp, where))


def boxed(campaign: Punic, data, sp: int, province: str) -> dict[str, int]:
    """TB-25.2: now and then some of the SP drawn from a Holding Box that holds them, one whose
    SP may join a force in `province` (TB-30.1)."""
    pools = campaign.state.pools
    there = campaign.state.setup.provinces[province]
    held = [name for name, left in sorted(pools.items()) if left and not barred(name, there)]
    if not held or not data.draw(st.booleans()):
        return {}
    name = data.draw(st.sampled_from(held))
    room = campaign.state.citizens  # TB-29.2: no more Citizens than 50 in play
    most = min(sp, pools[name], 50 - room if name == "Carthaginian" and room is not None else sp)
    return {name: data.draw(st.integers(1, most))} if most > 0 else {}


def _determined(campaign: Punic, data) -> bool:
    """TB-20: the last Game Turn's G4 enters the result, a side's or a draw (TB-20.2); an earlier
    one now and then an automatic victory, a side's (TB-20.1). The game is over with either."""
    last = campaign.state.turn == campaign.state.setup.turns
    if not last and data.draw(st.integers(0, 9)) < 9:  # an automatic victory now and then
        return False
    winner = data.draw(st.sampled_from(WINNERS if last else WINNERS[:2]))
    why = "as the scenario's Victory section gives it"
    when(campaign, victory_rules.victory, winner, not last, "", why, campaign.secrets)
    assert campaign.state.position.over and campaign.state.victory.winner == winner
    return True


@settings(
    max_examples=examples(20),
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target],
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), dice=st.sampled_from(["committed", "external"]))
def test_random_lawful_game_turns_keep_the_invariants(data, dice, tmp_path_factory):
    folder = tmp_path_factory.mktemp("tb")
    # Without the (invented) Legion Request chart: the Legions raised are drawn, any lawful count.
    # The Allobroges start Depleted: the Tribal Segment has a roll due from the first (TB-23.3).
    setup = TWO_IN_HISPANIA.replace("legion_request =", "unused =")
    setup = setup.replace('allegiance = "neutral"\n', 'allegiance = "neutral"\ndepleted = true\n')
    setup += "\n[start.manpower]\nLibyan = 40\nIberian = 12\nCarthaginian = 20\n"  # TB-25.1
    if data.draw(st.booleans()):  # TB-29.1: the Citizens in play counted, or not
        setup = setup.replace("\n[start]\n", "\n[start]\ncitizens = 35\n")
    war = data.draw(st.sampled_from(["underway", "not begun"]))  # TB-27.1: the optional rule
    setup += f'\n[macedonia]\nwar = "{war}"\n'
    (folder / "setup.toml").write_text(setup)
    drawn = st.binary(min_size=32, max_size=32).map(bytes.hex)
    secrets = {f"S{t}": data.draw(drawn) for t in (1, 2, 3)}
    campaign = Punic(secrets, dice, str(folder / "setup.toml"))
    table = Table(campaign, data)
    while not campaign.state.position.over:
        one_game_turn(campaign, data, table)
    loaded = campaign.campaigns.load(campaign.name)
    rolls = loaded.state.rolls
    event(f"random events: {min(len(rolls) // 10 * 10, 40)}+")
    kinds = [type(e).__name__ for e in loaded.events]
    dictators = sum(k in ("DictatorTakesTheField", "MasterOfHorseNamed") for k in kinds)
    event(f"Dictators: {min(dictators, 1)}+")
    event(f"disband checks: {min(kinds.count('DisbandChecked'), 2)}+")
    event(f"Senate requests: {min(kinds.count('SenateAsked'), 2)}+")
    event(f"recalls: {min(kinds.count('CommanderRecalled'), 2)}+")
    event(f"diplomacy: {min(kinds.count('DiplomacyAttempted'), 2)}+")
    event(f"Watchful Presence claims: {min(kinds.count('PresenceClaimed'), 2)}+")
    event(f"Censure rolls: {min(kinds.count('MagistrateCensured'), 2)}+")
    event(f"Triumphs: {min(kinds.count('TriumphCelebrated'), 2)}+")
    event(f"reinforcements for Legions: {min(kinds.count('LegionsReinforced'), 1)}+")
    event(f"Legion Requests: {min(kinds.count('LegionsRequested'), 2)}+")
    event(f"training rolls: {min(kinds.count('TrainingRolled'), 1)}+")
    event(f"draws from the cup: {min(kinds.count('MarkerDrawn'), 2)}+")
    won = loaded.state.victory
    event(f"the result: {'automatic' if won.automatic else 'at the last Game Turn'}")
    event(f"reinforcements: {min(kinds.count('ArmyReinforced'), 2)}+")
    event(f"new Carthaginian Armies: {min(kinds.count('ArmyRaised'), 1)}+")
    event(f"Auguries: {min(kinds.count('AuguryEntered'), 1)}+")
    event(f"troops raised from tribes: {min(kinds.count('TribeLevied'), 1)}+")
    event(f"Diplomacy with tribes: {min(kinds.count('TribeSwayed'), 1)}+")
    event(f"tribes' battles: {min(kinds.count('TribeFought'), 1)}+")
    event(f"Parleys: {min(kinds.count('TribeParleyed'), 1)}+")
    event(f"Guile spent at the table: {min(kinds.count('GuileSpent'), 1)}+")
    event(f"Tribal Segment rolls: {min(kinds.count('TribeRolled'), 1)}+")
    event(f"Holding Box draws: {min(kinds.count('ManpowerDrawn'), 1)}+")
    event(f"draws placed with an Army: {min(kinds.count('ManpowerPlaced'), 1)}+")
    event(f"NS levels allotted: {min(kinds.count('NavalAllotted'), 1)}+")
    event(f"Macedonian War: {loaded.state.macedonia.stage}")
    event(f"ambassadors: {min(kinds.count('AmbassadorSent'), 1)}+")
    event(f"Legions sent to Macedonia: {min(kinds.count('LegionsCommitted'), 1)}+")
    event(f"Macedonian War resolved: {min(kinds.count('MacedonianWarResolved'), 1)}+")
    event(f"provincial Manpower Operations: {min(kinds.count('ProvincesLevied'), 1)}+")
    event(f"Subordinates drawn: {min(kinds.count('SubordinateDrawn'), 1)}+")
    event(f"Armies named in battle: {min(kinds.count('ArmyInBattle'), 1)}+")
    event(f"Detachments: {min(kinds.count('ArmyDetached'), 2)}+")
    event(f"leaders fallen: {min(kinds.count('LeaderFell'), 2)}+")
    event(f"OC named anew: {min(kinds.count('OverallCommanderNamed'), 1)}+")
    event(f"losses: {min(kinds.count('ArmyLost'), 2)}+")
    event(f"moves: {min(kinds.count('UnitMoved'), 2)}+")
    event(f"Slave Legions: {min(kinds.count('SlavesRaised'), 1)}+")
    event(f"Legions in battle: {min(kinds.count('LegionsFought'), 1)}+")
    event(f"Manpower Operations: {min(kinds.count('ManpowerOperation'), 1)}+")
    event(f"Legate deliveries: {min(kinds.count('LegateDelivered'), 1)}+")
    governors = sum(e.get("office") == "Governor" for e in (x.__dict__ for x in loaded.events))
    event(f"governors elected: {min(governors, 1)}+")
    event(f"defections: {min(len(campaign.state.defections), 2)}+")
    forced = sum(e.actor == AUTOMATIC_ACTOR for e in loaded.events)
    event(f"forced prorogues: {min(forced, 1)}+")
    verified = audit(loaded.kind, loaded.events)  # TB-16.3: every roll and draw recomputed
    assert verified.state == loaded.state
    if dice == "committed":
        # every Game Turn played, to the last or to an automatic victory (TB-20.1)
        assert set(loaded.state.revealed) == set(range(1, loaded.state.turn + 1))
