"""Thunderbolt's decisions joined: what the rules force after any event, and each recorded
event turned back into the decision that made it (verify, import, fork)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from campaign.drafts import Draft, forced
from campaign.errors import CampaignError
from campaign.kinds.thunderbolt.allies.decide import devastate, diplomacy, presence, sack, victory
from campaign.kinds.thunderbolt.carthage import armies as carthage
from campaign.kinds.thunderbolt.carthage.decide import (
    appoint,
    detach,
    disband,
    name_oc,
    politics,
    post_army,
    recall,
    reinforce,
    rejoin,
)
from campaign.kinds.thunderbolt.dice import Recorded, RecordedDraw
from campaign.kinds.thunderbolt.legions.decide import (
    deliver,
    disband_legions,
    legion_request,
    manpower,
    marine,
    naval,
    reinforcements,
    slave_legions,
    train,
)
from campaign.kinds.thunderbolt.magistrates import roman
from campaign.kinds.thunderbolt.magistrates.decide import (
    assign,
    designate,
    disband_extraordinary,
    elect,
    empty_offices,
    imperium,
    pluto,
    prorogue,
    release,
)
from campaign.kinds.thunderbolt.reports.decide import (
    battle,
    besieged,
    ca_of,
    facts,
    fell,
    islands,
    legions_fought,
    losses,
    move,
    named_unit,
    siege_report,
    situation,
)
from campaign.kinds.thunderbolt.senate.decide import ask_senate, censure, dictator, earned, triumph
from campaign.kinds.thunderbolt.state import State
from campaign.kinds.thunderbolt.turn.decide import (
    choose_settings,
    close,
    draw,
    finish,
    initiative,
    pu_phase,
    reveal,
    take_sides,
)
from events.common import CampaignEvent
from events.thunderbolt import (
    ArmiesTrained,
    ArmyDetached,
    ArmyLost,
    ArmyPosted,
    ArmyReinforced,
    AssignmentNamed,
    BattleReported,
    CitySacked,
    CommanderAppointed,
    CommanderRecalled,
    DetachmentRejoined,
    DictatorTakesTheField,
    DiplomacyAttempted,
    DisbandChecked,
    ExtraordinaryDisbanded,
    FactsReported,
    GovernorDesignated,
    ImperiumGiven,
    InitiativeDrawn,
    IslandsReported,
    LeaderBesieged,
    LeaderFell,
    LegateDelivered,
    LegionsBesieged,
    LegionsDisbanded,
    LegionsFought,
    LegionsReinforced,
    LegionsRequested,
    MagistrateCensured,
    MagistrateElected,
    MagistrateProrogued,
    MagistrateReleased,
    ManpowerOperation,
    MarineRaised,
    MarkerDrawn,
    MasterOfHorseNamed,
    NavalBuilt,
    OfficeLeftEmpty,
    OverallCommanderNamed,
    PhaseGivenToPU,
    PlutoVisited,
    PoliticsRolled,
    PresenceClaimed,
    ProvinceDevastated,
    SenateAsked,
    SettingsChosen,
    SidesTaken,
    SiegeReported,
    SituationReported,
    SlavesRaised,
    StepClosed,
    StepFinished,
    TrainingRolled,
    TriumphCelebrated,
    TriumphEarned,
    TurnRevealed,
    UnitMoved,
    VictoryReported,
)


def consequences(state: State) -> list[Draft]:
    """TB-7.4: while B1a is in hand, a magistrate besieged in a city that is neither a port nor
    Rome is prorogued by the rules; TB-14.7: as G2 opens, the Armies that earned it gain 1
    (steps nobody acts in pass in the fold)."""
    if not state.set_up:
        return []
    c = state.carthaginians
    if "G2" in state.position.open and not c.trained:
        gains = carthage.training_gains(c)
        if gains:
            return [forced(ArmiesTrained, turn=state.turn, armies=gains)]
    if "B1a" not in state.position.open:
        return []
    return [
        forced(
            MagistrateProrogued,
            turn=state.turn,
            leader=lid,
            office=held,
            theater=None,
            province=None,
            forced=True,
        )
        for lid, held in roman.forced_prorogues(state.romans)
    ][:1]


def replay(event: CampaignEvent) -> Callable[[State], list[Draft]]:
    return _REPLAY[type(event)](event)


_REPLAY: dict[type, Callable[[Any], Callable[[State], list[Draft]]]] = {
    SidesTaken: lambda e: (
        lambda s: take_sides(e.rome, e.carthage, e.dice, e.campaign, e.commitments)
    ),
    StepFinished: lambda e: (
        lambda s: [d for d in finish(s, e.step, e.side) if d.kind is StepFinished]
    ),
    StepClosed: lambda e: lambda s: close(s, e.step, e.reason)[:1],
    TurnRevealed: lambda e: lambda s: reveal(s, e.turn, e.secret),
    InitiativeDrawn: lambda e: lambda s: initiative(s, e.drawn),
    MarkerDrawn: lambda e: lambda s: draw(s, RecordedDraw(e.marker, e.evidence)),
    PhaseGivenToPU: lambda e: lambda s: pu_phase(s),
    PoliticsRolled: lambda e: (
        lambda s: politics(s, e.what, e.modifiers, Recorded([e.face], e.evidence), e.outcome)
    ),
    VictoryReported: lambda e: lambda s: victory(s, e.cause, e.province, e.victor),
    ProvinceDevastated: lambda e: lambda s: devastate(s, e.province, e.by),
    CitySacked: lambda e: lambda s: sack(s, e.province, Recorded(list(e.faces.values()))),
    MagistrateProrogued: lambda e: lambda s: prorogue(s, e.leader, e.office, e.theater, e.province),
    MagistrateReleased: lambda e: lambda s: release(s, e.leader),
    AssignmentNamed: lambda e: lambda s: assign(s, e.leader, e.theater, e.province),
    LeaderBesieged: lambda e: lambda s: besieged(s, e.leader, e.where),
    LegionsBesieged: lambda e: lambda s: besieged(s, ca_of(s, e.legions), e.where),
    SlavesRaised: lambda e: lambda s: slave_legions(s, e.provinces),
    NavalBuilt: lambda e: lambda s: naval(s, e.levels),
    SiegeReported: lambda e: (
        lambda s: [
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
    ),  # fmt: skip
    LegateDelivered: lambda e: lambda s: deliver(s, e.given),
    SituationReported: lambda e: lambda s: situation(s, e.fact, e.value),
    ManpowerOperation: lambda e: lambda s: manpower(s, e.leader)[0],
    LegionsFought: lambda e: (
        lambda s: legions_fought(
            s, e.province, e.winner, e.major, e.engaged, e.losses, e.promoted, e.demoted
        )
    ),
    GovernorDesignated: lambda e: lambda s: designate(s, e.leader, e.province),
    IslandsReported: lambda e: lambda s: islands(s, e.held or ["none"]),
    ExtraordinaryDisbanded: lambda e: lambda s: disband_extraordinary(s),
    UnitMoved: lambda e: (
        lambda s: move(s, named_unit(s, e.what, e.unit), e.province, e.place, e.override)
    ),
    PlutoVisited: lambda e: (
        lambda s: pluto(s, e.leader, e.modifiers, Recorded(e.faces, e.evidence), e.outcome)
    ),
    MagistrateElected: lambda e: (
        lambda s: elect(
            s,
            e.office,
            RecordedDraw(e.leader, e.evidence),
            e.leader if e.chosen else None,
            e.ca,
            e.legions if e.ca is None else (),
            e.theater,
            e.province,
        )
    ),
    ImperiumGiven: lambda e: (
        lambda s: imperium(
            s, e.leader, e.ca, e.legions if e.ca is None else (), e.theater, none=not e.legions
        )
    ),
    OfficeLeftEmpty: lambda e: (
        lambda s: [d for d in empty_offices(s) if d.fields["office"] == e.office][:1]
    ),
    BattleReported: lambda e: (
        lambda s: battle(s, e.province, e.winner, e.major, e.ca_engaged, e.rome_lost_percent)
    ),
    FactsReported: lambda e: (
        lambda s: facts(s, e.occupied_cities, e.city_near_roma, e.roma_besieged, e.enemy_near_rome)
    ),
    SenateAsked: lambda e: (
        lambda s: ask_senate(
            s, e.leader, e.purpose, e.modifiers, e.guile, Recorded([e.face], e.evidence)
        )
    ),
    DictatorTakesTheField: lambda e: lambda s: dictator(s, e.leader, e.cas, None, None),
    MasterOfHorseNamed: lambda e: lambda s: dictator(s, e.dictator, (), e.leader, e.ca),
    DisbandChecked: lambda e: (
        lambda s: disband(
            s,
            e.army,
            Recorded([e.face], e.evidence),
            e.face < 0,
            e.sp_to,
            (e.low, e.high) if e.face >= 0 else None,
        )
    ),
    CommanderAppointed: lambda e: (
        lambda s: appoint(
            s, e.army, RecordedDraw(e.leader, e.evidence), e.leader if e.chosen else None
        )
    ),
    ArmyPosted: lambda e: lambda s: post_army(s, e.army, e.theater),
    SettingsChosen: lambda e: lambda s: choose_settings(e.settings, complete=False),
    ArmiesTrained: lambda e: _rules_only,
    ArmyReinforced: lambda e: lambda s: reinforce(s, e.army, e.sp, e.uncounted),
    ArmyLost: lambda e: (
        lambda s: losses(
            s,
            e.detachment or e.army,
            e.sp,
            e.cause,
            Recorded([e.face][: int(e.face >= 0)], e.evidence),
            e.successor,
            e.promoted,
        )
    ),
    ArmyDetached: lambda e: lambda s: detach(s, e.army, e.sp, e.leader or None),
    DetachmentRejoined: lambda e: lambda s: rejoin(s, e.detachment, e.received),
    PresenceClaimed: lambda e: lambda s: presence(s, e.province, e.side, e.force),
    OverallCommanderNamed: lambda e: lambda s: name_oc(s, e.leader),
    LeaderFell: lambda e: (
        lambda s: fell(
            s, e.leader, e.outcome, bool(e.replacement), RecordedDraw(e.replacement, e.evidence)
        )
    ),
    MagistrateCensured: lambda e: (
        lambda s: censure(
            s,
            e.leader,
            e.modifiers,
            Recorded([e.face], e.evidence),
            RecordedDraw(e.replacement or "", e.evidence),
        )
    ),
    TriumphEarned: lambda e: lambda s: earned(s, e.leader, e.how, e.inflicted, True),
    LegionsDisbanded: lambda e: lambda s: disband_legions(s, e.legions),
    LegionsRequested: lambda e: (
        lambda s: legion_request(
            s,
            e.modifiers,
            e.ns,
            Recorded([e.face], e.evidence),
            e.raised,
            e.province or None,
            e.filled,
            e.train,
            e.auxiliary,
            e.auxiliary_to,
        )
    ),
    LegionsReinforced: lambda e: (
        lambda s: reinforcements(
            s, e.modifiers, e.ns, Recorded([e.face], e.evidence), e.given, e.sp
        )
    ),
    MarineRaised: lambda e: lambda s: marine(s, e.take, e.province, Recorded([e.face], e.evidence)),
    TrainingRolled: lambda e: (
        lambda s: train(s, e.left, e.pu_left, Recorded(list(e.faces.values()), e.evidence))
    ),
    TriumphCelebrated: lambda e: (
        lambda s: triumph(
            s,
            e.leader,
            e.lost_percent,
            e.guile,
            Recorded([e.face] if e.face >= 0 else [], e.evidence),
        )
    ),
    DiplomacyAttempted: lambda e: (
        lambda s: diplomacy(s, e.province, e.result, Recorded([e.face], e.evidence))
    ),
    CommanderRecalled: lambda e: (
        lambda s: recall(
            s,
            e.army,
            Recorded([e.face, e.crucifixion][: 1 + e.recalled], e.evidence),
            e.by_choice,
            (e.low, e.high),
        )
    ),
}


def _rules_only(state: State) -> list[Draft]:
    raise CampaignError("Only the rules record what they force; no command does.")
