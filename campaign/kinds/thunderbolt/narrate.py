"""Thunderbolt's events told in one line each."""

from __future__ import annotations

from functools import singledispatch

from campaign.kinds.thunderbolt import rules
from campaign.kinds.thunderbolt.turn.sequence import STEPS
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

SIEGED_IN = {"city": "in a city (neither a port nor Rome)", "port": "in a port", "Roma": "in Roma"}
"""TB-5.4: where a leader or Legion is reported besieged."""

DRAWN = {
    "leader": "a leader's LAM: Operations",
    "siege": "a Siege Attrition marker: Operations for siege results",
    "delivery": "a Legate or Reinforcement LAM: its delivery",
    "augury": "the Augury marker: the Augury Phase",
    "legate": "the Legate LAM: the delivery of the reinforcements waiting (TB-11.8)",
    "empty": "no LAM left: on to the Devastation Phase",
}


@singledispatch
def describe(event: CampaignEvent) -> str:
    return type(event).__name__


@describe.register
def _(event: SidesTaken) -> str:
    dice = (
        "committed dice (a commitment published for each Game Turn)"
        if event.dice == "committed"
        else "dice rolled at the table, entered with evidence"
    )
    return f"{event.rome} plays Rome, {event.carthage} Carthage; {dice}"


@describe.register
def _(event: StepFinished) -> str:
    return (
        f"Game Turn {event.turn}: {event.side} has finished {event.step} ({STEPS[event.step][0]})"
    )


@describe.register
def _(event: StepClosed) -> str:
    return f"Game Turn {event.turn}: the organiser closes {event.step}: {event.reason}"


@describe.register
def _(event: InitiativeDrawn) -> str:
    return f"Game Turn {event.turn}, Initiative: {DRAWN[event.drawn]}"


@describe.register
def _(event: MarkerDrawn) -> str:
    if not event.marker:
        return f"Game Turn {event.turn}, Initiative: {DRAWN['empty']} (TB-4.4)"
    _, kind, leader, _ = event.marker.split("/")
    if kind == "lam":
        what = f"{who(leader)}'s LAM: his Operations Phase"
    else:
        what = DRAWN[kind]
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}, Initiative: drawn from {len(event.candidates)} markers, {what} "
        f"(random event {event.number}, TB-4.4){source}"
    )


@describe.register
def _(event: PhaseGivenToPU) -> str:
    return (
        f"Game Turn {event.turn}: {who(event.consul)}'s Operations Phase goes to the PU, "
        f"{who(event.pu)} (TB-4.5)"
    )


@describe.register
def _(event: PoliticsRolled) -> str:
    drms = "".join(f" {v:+d} ({k})" for k, v in event.modifiers.items())
    adjusted = event.face + sum(event.modifiers.values())
    what = "Family in Power" if event.what == "family" else "Political Climate"
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}: {what}: die {event.face}{drms} = {adjusted}: {event.outcome} "
        f"(random event {event.number}, TB-12.1){source}"
    )


@describe.register
def _(event: VictoryReported) -> str:
    how, side = rules.VICTORY_BY[event.cause], rules.SIDES[event.victor]
    return f"Game Turn {event.turn}: Major Victory for {side} by {how} in {event.province}"


@describe.register
def _(event: ProvinceDevastated) -> str:
    return f"Game Turn {event.turn}: {event.by} devastates {event.province}"


@describe.register
def _(event: CitySacked) -> str:
    rolls = ", ".join(f"{p} {f}" for p, f in event.faces.items()) or "no adjacent track province"
    return (
        f"Game Turn {event.turn}: Rome sacks a city in {event.province}: Roman Retribution, "
        f"dice {rolls} (TB-15.7)"
    )


@describe.register
def _(event: PresenceClaimed) -> str:
    return (
        f"Game Turn {event.turn}: {event.side} claims Watchful Presence in {who(event.province)} "
        f"({event.force}): 1 box toward {event.side} (TB-15.8)"
    )


@describe.register
def _(event: DiplomacyAttempted) -> str:
    source = f" [{event.evidence}]" if event.evidence else ""
    result = "D (-2)" if event.result == "D" else event.result
    return (
        f"Game Turn {event.turn}: Hannibal's Diplomacy in {who(event.province)}, 1 Guile spent: "
        f"die {event.face}, Ambassador Table {result} (random event {event.number}, "
        f"TB-15.6){source}"
    )


@describe.register
def _(event: MagistrateCensured) -> str:
    drms = "".join(f" {v:+d} ({k})" for k, v in event.modifiers.items())
    adjusted = event.face + sum(event.modifiers.values())
    source = f" [{event.evidence}]" if event.evidence else ""
    if not event.censured:
        verdict = "not above his Campaign Rating: he stays"
    elif event.replacement:
        verdict = (
            f"censured, never to return; {who(event.replacement)}, drawn from the pool (random "
            f"event {event.number + 1}), takes his office, Imperium and assignment (TB-10.7)"
        )
    else:
        verdict = "censured, never to return; the pool is empty: his office stays empty"
    return (
        f"Game Turn {event.turn}: {who(event.leader)} rolls for Censure: die {event.face}{drms} = "
        f"{adjusted}: {verdict} (random event {event.number}, TB-10.6){source}"
    )


@describe.register
def _(event: TriumphEarned) -> str:
    how = {"battle": "wins a battle", "assault": "takes a city by Assault",
           "attrition": "takes a city by Siege Attrition"}[event.how]  # fmt: skip
    return (
        f"Game Turn {event.turn}: {who(event.leader)} {how} with enemy infantry present, "
        f"{event.inflicted} SP inflicted: a Triumph is earned (TB-10.9)"
    )


@describe.register
def _(event: TriumphCelebrated) -> str:
    if event.face < 0:
        how = f"losses {event.lost_percent} %, no roll"
    else:
        spent = f" - {event.guile} Guile" if event.guile else ""
        how = (
            f"losses {event.lost_percent} %: the Senate's die {event.face}{spent} (random event "
            f"{event.number})"
        )
    if not event.granted:
        return (
            f"Game Turn {event.turn}: {who(event.leader)} enters Rome; {how}: the Triumph is "
            "denied and the victory spent (TB-10.9)"
        )
    return (
        f"Game Turn {event.turn}: {who(event.leader)} celebrates a Triumph as {event.office}; "
        f"{how}; he is Finished for the Game Turn (TB-10.9)"
    )


@describe.register
def _(event: LegionsRequested) -> str:
    drms = "".join(f" {v:+d} ({k})" for k, v in event.modifiers.items())
    ns = f" {-2 * event.ns:+d} ({event.ns} NS)" if event.ns else ""
    adjusted = event.face - 2 * event.ns + sum(event.modifiers.values())
    source = f" [{event.evidence}]" if event.evidence else ""
    raised = (
        f"{event.raised} Legion(s) raised, {', '.join(event.legions)}, Recruit and full, in "
        f"{who(event.province)}"
        if event.raised
        else "no Legion raised"
    )
    if event.train:
        raised += f"; {event.train} to Rome for the PU to train"
    if event.auxiliary:
        raised += f"; a {event.auxiliary} contingent of 6 SP with {event.auxiliary_to}"
    return (
        f"Game Turn {event.turn}: Rome's Legion Request with {event.in_play} Legions in play: die "
        f"{event.face}{ns}{drms} = {adjusted}: {raised} (random event {event.number}, "
        f"TB-11.4){source}"
    )


@describe.register
def _(event: LegionsReinforced) -> str:
    drms = "".join(f" {v:+d} ({k})" for k, v in event.modifiers.items())
    ns = f" {-2 * event.ns:+d} ({event.ns} NS)" if event.ns else ""
    adjusted = event.face - 2 * event.ns + sum(event.modifiers.values())
    given = "; ".join(
        f"{lg} " + ", ".join(f"{n} {c.replace('-', ' ')}" for c, n in classes.items())
        for lg, classes in event.given.items()
    )
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}: Rome's reinforcements instead of Legions: die {event.face}{ns}"
        f"{drms} = {adjusted}: {event.sp} SP; {given or 'none given'} (random event "
        f"{event.number}, TB-11.8){source}"
    )


@describe.register
def _(event: MarineRaised) -> str:
    source = f" [{event.evidence}]" if event.evidence else ""
    raised = (
        f"{event.take} Ala infantry SP in {who(event.province)}, {event.take} NS levels given up"
        if event.take
        else "nothing raised"
    )
    return (
        f"Game Turn {event.turn}: the Marine Legion: die {event.face}, its most; {raised} "
        f"(random event {event.number}, TB-11.12){source}"
    )


@describe.register
def _(event: TrainingRolled) -> str:
    if event.pu_left:
        return f"Game Turn {event.turn}: the PU left Rome: no Legion is trained (TB-11.9)"
    rolls = ", ".join(
        f"{lg} {face} ({'Veteran' if face >= 7 else 'Recruit'})" for lg, face in event.faces.items()
    )
    gone = f"; left Rome: {', '.join(event.left)}" if event.left else ""
    return f"Game Turn {event.turn}: the PU's training in Rome: {rolls or 'none'}{gone} (TB-11.9)"


@describe.register
def _(event: ArmyReinforced) -> str:
    elite = f" ({event.uncounted} Citizens or Elite, not counted)" if event.uncounted else ""
    drop = f": its AER drops {event.drop}" if event.drop else ": its AER holds"
    return (
        f"Game Turn {event.turn}: {event.sp} SP join Army {event.army}{elite}{drop} "
        "(TB-14.3, TB-14.4)"
    )


@describe.register
def _(event: ArmyLost) -> str:
    unit = event.detachment or f"Army {event.army}"
    said = f"Game Turn {event.turn}: {unit} loses {event.sp} SP ({event.cause})"
    after = ""
    if event.successor or event.promoted:
        led = ", its leader promoted (TB-14.2)" if event.promoted else ""
        named = f" {event.successor}" if event.successor else ""
        after = f"; its Detachment{named} becomes the Army{led} (TB-14.6)"
    if event.face < 0:
        return said + after + " (TB-5.5)"
    fate = "crucified, out of the game" if event.crucified else "to the pool"
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"{said} and is eliminated: {who(event.leader)} recalled (TB-13.4), crucifixion die "
        f"{event.face}: {fate} (random event {event.number}, TB-13.5){after}{source}"
    )


@describe.register
def _(event: ArmyDetached) -> str:
    led = f", led by {who(event.leader)}" if event.leader else ""
    return (
        f"Game Turn {event.turn}: Army {event.army} makes Detachment {event.detachment} of "
        f"{event.sp} SP{led} (TB-13.9)"
    )


@describe.register
def _(event: DetachmentRejoined) -> str:
    drop = f"; it received SP away: the Army's AER drops {event.drop}" if event.received else ""
    return (
        f"Game Turn {event.turn}: Detachment {event.detachment} rejoins Army {event.army}{drop} "
        "(TB-13.9)"
    )


@describe.register
def _(event: LegionsDisbanded) -> str:
    return f"Game Turn {event.turn}: Rome disbands Legion {', '.join(event.legions)} (TB-11.11)"


@describe.register
def _(event: LeaderFell) -> str:
    said = f"Game Turn {event.turn}: {who(event.leader)} is {event.outcome}"
    if not event.replacement:
        return f"{said} (TB-5.1)"
    rule = "TB-10.8" if event.side == "rome" else "TB-13.8"
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"{said}; {who(event.replacement)}, drawn from the pool (random event {event.number}), "
        f"takes his place ({rule}){source}"
    )


@describe.register
def _(event: OverallCommanderNamed) -> str:
    named = who(event.leader)
    return f"Game Turn {event.turn}: Carthage names {named} its Overall Commander (TB-13.7)"


@describe.register
def _(event: TurnRevealed) -> str:
    grouped = " ".join(event.secret[i : i + 16] for i in range(0, len(event.secret), 16))
    return f"Game Turn {event.turn}'s dice secret is revealed: {grouped} (TB-16.2)"


def who(leader: str) -> str:
    """A leader as the set-up file keys him (the log is read without the set-up at hand)."""
    return leader.replace("-", " ").replace("_", " ").title()


def assignment(theater: str | None, province: str | None) -> str:
    if province:
        return f", assigned to {who(province)}"
    return f", assigned to {theater}" if theater else ""


@describe.register
def _(event: MagistrateProrogued) -> str:
    if event.forced:
        return (
            f"Game Turn {event.turn}: {who(event.leader)}, besieged in a city that is neither a "
            f"port nor Rome, is prorogued as {event.office} with his Legions (TB-7.4)"
        )
    return (
        f"Game Turn {event.turn}: {who(event.leader)} prorogued as {event.office}"
        f"{assignment(event.theater, event.province)} (TB-7.2)"
    )


@describe.register
def _(event: AssignmentNamed) -> str:
    return (
        f"Game Turn {event.turn}: {who(event.leader)}"
        f"{assignment(event.theater, event.province)} (TB-7.4)"
    )


@describe.register
def _(event: LeaderBesieged) -> str:
    if event.where == "free":
        return f"Game Turn {event.turn}: {who(event.leader)} is no longer besieged (TB-5.4)"
    return (
        f"Game Turn {event.turn}: {who(event.leader)} is besieged {SIEGED_IN[event.where]} (TB-5.4)"
    )


@describe.register
def _(event: GovernorDesignated) -> str:
    return (
        f"Game Turn {event.turn}: Praetor {who(event.leader)} designated governor, assigned to "
        f"{who(event.province)} (TB-8.6)"
    )


@describe.register
def _(event: IslandsReported) -> str:
    held = " and ".join(i.capitalize() for i in event.held) or "no island"
    return f"Game Turn {event.turn}: Carthage controls the whole of {held} (TB-5.3)"


@describe.register
def _(event: LegionsFought) -> str:
    lost = "; ".join(
        f"{lg} lost " + ", ".join(f"{n} {c.replace('-', ' ')}" for c, n in classes.items() if n)
        for lg, classes in event.losses.items()
        if any(classes.values())
    )
    said = [f"Legion(s) engaged: {', '.join(event.engaged)}" + (f" ({lost})" if lost else "")]
    if event.promoted:
        said.append(f"promoted to Veteran: {', '.join(event.promoted)}")
    if event.demoted:
        said.append(f"demoted to Recruit: {', '.join(event.demoted)}")
    if event.eliminated:
        said.append(f"eliminated at 0 SP: {', '.join(event.eliminated)} (TB-5.5)")
    return f"Game Turn {event.turn}: in {who(event.province)}, " + "; ".join(said) + " (TB-11.10)"


@describe.register
def _(event: SituationReported) -> str:
    facts = {"enemy-in-italy": "20+ enemy SP in Roman Italy"}
    said = facts.get(event.fact, event.fact)
    return f"Game Turn {event.turn}: {said}: {'yes' if event.value else 'no longer'} (TB-5.3)"


@describe.register
def _(event: ManpowerOperation) -> str:
    return f"Game Turn {event.turn}: {who(event.leader)} makes a Manpower Operation (TB-11.3)"


@describe.register
def _(event: LegateDelivered) -> str:
    joined = "; ".join(
        f"{lg} " + ", ".join(f"{n} {c.replace('-', ' ')}" for c, n in classes.items())
        for lg, classes in event.given.items()
    )
    boxes = ", ".join(event.waited)
    return (
        f"Game Turn {event.turn}: the Legate delivers from the {boxes} Holding Box(es): "
        f"{joined or 'nothing arrived'}; the boxes are emptied (TB-11.8)"
    )


ENDED = {
    "assault": "by Assault",
    "attrition": "by Attrition",
    "surrender": "by Involuntary Surrender",
    "treachery": "by Treachery",
}


@describe.register
def _(event: SiegeReported) -> str:
    city = f"{event.city} ({who(event.province)}, {event.size}{', a port' if event.port else ''})"
    if event.ended == "lifted":
        said = [f"the siege of {city} is lifted"]
    else:
        said = [f"{city} taken by {event.taken_by.capitalize()} {ENDED[event.ended]}"]
    if event.major:
        said.append("a Major Victory")
    if event.inflicted:
        said.append(
            f"{event.inflicted} SP inflicted"
            + (", enemy infantry present" if event.enemy_infantry else "")
        )
    if event.leaders:
        said.append(f"present: {', '.join(who(lid) for lid in event.leaders)}")
    if event.sacked:
        said.append("the city sacked")
    if event.recall_due:
        armies = ", ".join(event.recall_due)
        said.append(f"the commander of Army {armies} rolls for recall at once (TB-13.3)")
    return f"Game Turn {event.turn}: " + "; ".join(said) + " (TB-5.2)"


@describe.register
def _(event: NavalBuilt) -> str:
    return f"Game Turn {event.turn}: Rome built {event.levels} NS level(s) (TB-11.4, TB-18.7)"


@describe.register
def _(event: SlavesRaised) -> str:
    placed = ", ".join(
        f"{lg} in {who(where)}" for lg, where in zip(event.legions, event.provinces, strict=True)
    )
    return (
        f"Game Turn {event.turn}: the Slave Legions raised in a Major Emergency, each 8 Ala "
        f"infantry with 6 Italian Auxiliary SP: {placed} (TB-11.13)"
    )


@describe.register
def _(event: ExtraordinaryDisbanded) -> str:
    return (
        f"Game Turn {event.turn}: B1c ends with no Emergency: Legion "
        f"{' and '.join(event.legions)} disbanded (TB-8.8)"
    )


@describe.register
def _(event: LegionsBesieged) -> str:
    legions = ("Legions " if len(event.legions) > 1 else "Legion ") + " and ".join(event.legions)
    if event.where == "free":
        return f"Game Turn {event.turn}: {legions} no longer besieged (TB-5.4)"
    return f"Game Turn {event.turn}: {legions} besieged {SIEGED_IN[event.where]} (TB-5.4)"


UNITS = {"leader": "", "legion": "Legion ", "ca": "CA ", "army": "Army ", "detachment": ""}
IN_PLACE = {"field": "", "Roma": ", in Roma", "Carthago": ", in Carthago", "port": ", in a port"}


@describe.register
def _(event: UnitMoved) -> str:
    named = who(event.unit) if event.what in ("leader", "army") else event.unit
    unit = f"{UNITS[event.what]}{named}"
    place = IN_PLACE.get(event.place, ", in a city")
    said = f"Game Turn {event.turn}: {unit} moves to {who(event.province)}{place} (TB-1.4)"
    if event.with_it:
        said += f", with {', '.join(event.with_it)}"
    if event.unasked:
        said += (
            f"; leaving the assignment {who(event.unasked)} without the Senate's leave (TB-10.2; "
            "shown, not refused, TB-10.4)"
        )
    if event.override:
        said += f"; an organiser's ruling against TB-5.4: {event.override}"
    return said


@describe.register
def _(event: MagistrateReleased) -> str:
    return f"Game Turn {event.turn}: {who(event.leader)} released from office (TB-7.5)"


@describe.register
def _(event: PlutoVisited) -> str:
    drms = "".join(f" {v:+d} ({k})" for k, v in event.modifiers.items())
    first = f"die {event.faces[0]}{drms} = {event.faces[0] + sum(event.modifiers.values())}"
    second = f", a casualty's die {event.faces[1]}" if len(event.faces) > 1 else ""
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}, A Visit from Pluto: {who(event.leader)}: {first}{second}: "
        f"{event.outcome} (random event {event.number}, TB-7.7){source}"
    )


@describe.register
def _(event: MagistrateElected) -> str:
    how = (
        "chosen from the Triumph Holding Box"
        if event.chosen
        else f"drawn from {len(event.candidates)} in the pool (random event {event.number})"
    )
    army = (
        f", with CA {event.ca}"
        if event.ca
        else f", with Legion{'s' if len(event.legions) > 1 else ''} {', '.join(event.legions)}"
        if event.legions
        else ""
    )
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}: {who(event.leader)} elected {event.office}, {how}{army}"
        f"{assignment(event.theater, event.province)} (TB-8){source}"
    )


@describe.register
def _(event: ImperiumGiven) -> str:
    if not event.legions:
        return f"Game Turn {event.turn}: Consul {who(event.leader)} stands in Rome without Imperium"
    army = f"CA {event.ca}" if event.ca else f"a new CA of Legions {', '.join(event.legions)}"
    return (
        f"Game Turn {event.turn}: Consul {who(event.leader)} takes {army}"
        f"{assignment(event.theater, None)} (TB-8.3)"
    )


@describe.register
def _(event: OfficeLeftEmpty) -> str:
    return f"Game Turn {event.turn}: the office of {event.office} stays empty: {event.reason}"


@describe.register
def _(event: BattleReported) -> str:
    result = "no winner" if event.winner == "none" else f"won by {event.winner}"
    major = ", a Major Victory" if event.major else ""
    force = "a CA or larger" if event.ca_engaged else "less than a CA"
    return (
        f"Game Turn {event.turn}: a land battle in {who(event.province)}, {result}{major}; Rome "
        f"fought with {force} and lost {event.rome_lost_percent} % of its SP (TB-5.1)"
    )


@describe.register
def _(event: FactsReported) -> str:
    said = [f"{event.occupied_cities} Medium/Large cities of Roman Italy enemy-occupied"]
    if event.city_near_roma:
        said.append("an enemy-occupied city within 3 hexes of Roma")
    said.append("Roma besieged" if event.roma_besieged else "Roma not besieged")
    return f"Game Turn {event.turn}: the situation: {'; '.join(said)} (TB-5.3)"


@describe.register
def _(event: DictatorTakesTheField) -> str:
    cas = " and ".join(f"CA {n}" for n in event.cas) or "no CA"
    return (
        f"Game Turn {event.turn}: Dictator {who(event.leader)} takes the field with {cas} (TB-9.4)"
    )


@describe.register
def _(event: MasterOfHorseNamed) -> str:
    ca = f", with CA {event.ca}" if event.ca else ""
    return (
        f"Game Turn {event.turn}: Dictator {who(event.dictator)} stays in Rome; "
        f"{who(event.leader)} is his Magister Equitum{ca} (TB-9.4)"
    )


@describe.register
def _(event: DisbandChecked) -> str:
    went = f"; its SP: {event.sp_to}" if event.sp_to else ""
    if event.face < 0:
        return f"Game Turn {event.turn}: Army {event.army} disbanded without a roll{went} (TB-12.4)"
    result = "disbanded" if event.disbanded else "stays"
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}: Army {event.army} checked for disbanding: die {event.face}, "
        f"disband on {event.low}-{event.high}: {result}{went} (random event {event.number}, "
        f"TB-12.4){source}"
    )


@describe.register
def _(event: CommanderAppointed) -> str:
    how = (
        "chosen from the map"
        if event.chosen
        else f"drawn blind from {len(event.candidates)} in the pool (random event {event.number})"
    )
    return (
        f"Game Turn {event.turn}: {who(event.leader)} commands Army {event.army}, {how}; its AER "
        "drops 2 (TB-13.2, TB-14.2)"
    )


@describe.register
def _(event: ArmyPosted) -> str:
    return f"Game Turn {event.turn}: Army {event.army} is assigned to {event.theater} (TB-12.6)"


@describe.register
def _(event: SettingsChosen) -> str:
    chosen = ", ".join(f"{k} = {v}" for k, v in event.settings.items())
    return f"The settings where the rules page leaves a choice (TB-18): {chosen}"


@describe.register
def _(event: ArmiesTrained) -> str:
    gains = ", ".join(f"Army {a} to {aer:+d}" for a, aer in event.armies.items())
    return f"Game Turn {event.turn}, G2: Army Efficiency gained (TB-14.7): {gains}"


@describe.register
def _(event: SenateAsked) -> str:
    drms = "".join(f" {v:+d} ({k})" for k, v in event.modifiers.items())
    guile = f" -{event.guile} (Guile)" if event.guile else ""
    dictator = f" -{event.dictator_drm} (the Dictator in Rome)" if event.dictator_drm else ""
    adjusted = event.face + sum(event.modifiers.values()) - event.guile - event.dictator_drm
    result = "granted" if event.granted else "denied"
    source = f" [{event.evidence}]" if event.evidence else ""
    return (
        f"Game Turn {event.turn}: {who(event.leader)} asks the Senate ({event.purpose}): die "
        f"{event.face}{drms}{guile}{dictator} = {adjusted}: {result} (random event "
        f"{event.number}, TB-10.1){source}"
    )


@describe.register
def _(event: CommanderRecalled) -> str:
    if event.by_choice:
        return (
            f"Game Turn {event.turn}: Carthage recalls {who(event.leader)} from Army {event.army} "
            "by choice; Army leaderless until B2d (TB-13.4)"
        )
    head = (
        f"Game Turn {event.turn}: {who(event.leader)}'s recall roll for Army {event.army}: die "
        f"{event.face}, recall on {event.low}-{event.high}"
    )
    source = f" [{event.evidence}]" if event.evidence else ""
    if not event.recalled:
        return f"{head}: he stays (random event {event.number}, TB-13.3){source}"
    fate = "crucified, out of the game" if event.crucified else "to the pool"
    return (
        f"{head}: recalled; crucifixion die {event.crucifixion}: {fate} (random events "
        f"{event.number}-{event.number + 1}, TB-13.3, TB-13.5){source}"
    )
