"""The reports from the table, each event told in one line (TB-5, TB-1.4)."""

from __future__ import annotations

from campaign.kinds.thunderbolt.board.naming import who
from campaign.kinds.thunderbolt.handlers import ByEvent
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

TOLD = ByEvent()
"""Each event of the chapter in one line, as the log and the report say it."""


SIEGED_IN = {"city": "in a city (neither a port nor Rome)", "port": "in a port", "Roma": "in Roma"}
"""TB-5.4: where a leader or Legion is reported besieged."""


@TOLD.on
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


@TOLD.on
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


@TOLD.on
def _(event: LeaderBesieged) -> str:
    if event.where == "free":
        return f"Game Turn {event.turn}: {who(event.leader)} is no longer besieged (TB-5.4)"
    return (
        f"Game Turn {event.turn}: {who(event.leader)} is besieged {SIEGED_IN[event.where]} (TB-5.4)"
    )


@TOLD.on
def _(event: IslandsReported) -> str:
    held = " and ".join(i.capitalize() for i in event.held) or "no island"
    return f"Game Turn {event.turn}: Carthage controls the whole of {held} (TB-5.3)"


@TOLD.on
def _(event: LegionsFought) -> str:
    lost = "; ".join(
        f"{lg} lost " + ", ".join(f"{n} {c.replace('-', ' ')}" for c, n in classes.items() if n)
        for lg, classes in event.losses.items()
        if any(classes.values())
    )
    engaged = "Legion" if len(event.engaged) == 1 else "Legions"
    said = [f"{engaged} engaged: {', '.join(event.engaged)}" + (f" ({lost})" if lost else "")]
    if event.promoted:
        said.append(f"promoted to Veteran: {', '.join(event.promoted)}")
    if event.demoted:
        said.append(f"demoted to Recruit: {', '.join(event.demoted)}")
    if event.eliminated:
        said.append(f"eliminated at 0 SP: {', '.join(event.eliminated)} (TB-5.5)")
    return f"Game Turn {event.turn}: in {who(event.province)}, " + "; ".join(said) + " (TB-11.10)"


@TOLD.on
def _(event: SituationReported) -> str:
    facts = {"enemy-in-italy": "20+ enemy SP in Roman Italy"}
    said = facts.get(event.fact, event.fact)
    return f"Game Turn {event.turn}: {said}: {'yes' if event.value else 'no longer'} (TB-5.3)"


ENDED = {
    "assault": "by Assault",
    "attrition": "by Attrition",
    "surrender": "by Involuntary Surrender",
    "treachery": "by Treachery",
}


@TOLD.on
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


@TOLD.on
def _(event: LegionsBesieged) -> str:
    legions = ("Legions " if len(event.legions) > 1 else "Legion ") + " and ".join(event.legions)
    if event.where == "free":
        return f"Game Turn {event.turn}: {legions} no longer besieged (TB-5.4)"
    return f"Game Turn {event.turn}: {legions} besieged {SIEGED_IN[event.where]} (TB-5.4)"


UNITS = {"leader": "", "legion": "Legion ", "ca": "CA ", "army": "Army ", "detachment": ""}


IN_PLACE = {"field": "", "Roma": ", in Roma", "Carthago": ", in Carthago", "port": ", in a port"}


@TOLD.on
def _(event: UnitMoved) -> str:
    named = who(event.unit) if event.what in ("leader", "army") else event.unit
    unit = f"{UNITS[event.what]}{named}"
    place = IN_PLACE.get(event.place, ", in a city")
    said = f"Game Turn {event.turn}: {unit} moves to {who(event.province)}{place} (TB-1.4)"
    if event.with_it:
        said += f", with {', '.join(event.with_it)}"
    if event.unasked:  # a province's key, or a Theater (two, TB-6.4) as the rules name it
        left = event.unasked if event.unasked[0].isupper() else who(event.unasked)
        said += (
            f"; leaving the assignment {left} without the Senate's leave (TB-10.2; "
            "shown, not refused, TB-10.4)"
        )
    if event.override:
        said += f"; an organiser's ruling against TB-5.4: {event.override}"
    return said


@TOLD.on
def _(event: BattleReported) -> str:
    result = "no winner" if event.winner == "none" else f"won by {event.winner}"
    major = ", a Major Victory" if event.major else ""
    force = "a CA or larger" if event.ca_engaged else "less than a CA"
    return (
        f"Game Turn {event.turn}: a land battle in {who(event.province)}, {result}{major}; Rome "
        f"fought with {force} and lost {event.rome_lost_percent} % of its SP (TB-5.1)"
    )


@TOLD.on
def _(event: FactsReported) -> str:
    said = [f"{event.occupied_cities} Medium/Large cities of Roman Italy enemy-occupied"]
    if event.city_near_roma:
        said.append("an enemy-occupied city within 3 hexes of Roma")
    said.append("Roma besieged" if event.roma_besieged else "Roma not besieged")
    return f"Game Turn {event.turn}: the situation: {'; '.join(said)} (TB-5.3)"


@TOLD.on
def _(event: ArmyInBattle) -> str:
    how = "lost" if event.lost else "fought"
    due = (
        f"; its commander rolls for recall at once (recall {event.army}, TB-13.3)"
        if event.recall_due
        else ""
    )
    return f"Game Turn {event.turn}: Army {event.army} {how} the battle with {event.sp} SP{due}"


@TOLD.on
def _(event: TreacheryUsed) -> str:
    return (
        f"Game Turn {event.turn}: {who(event.leader)} took {event.city} by Treachery, 1 Guile "
        "Point spent (TB-24.3)"
    )
