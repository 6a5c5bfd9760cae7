"""The Dictator and the Senate, each event told in one line (TB-9.4, TB-10)."""

from __future__ import annotations

from campaign.kinds.thunderbolt.board.naming import who
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.senate import (
    DictatorTakesTheField,
    MagistrateCensured,
    MasterOfHorseNamed,
    SenateAsked,
    TriumphCelebrated,
    TriumphEarned,
)

TOLD = ByEvent()
"""Each event of the chapter in one line, as the log and the report say it."""


@TOLD.on
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


@TOLD.on
def _(event: TriumphEarned) -> str:
    how = {"battle": "wins a battle", "assault": "takes a city by Assault",
           "attrition": "takes a city by Siege Attrition"}[event.how]  # fmt: skip
    return (
        f"Game Turn {event.turn}: {who(event.leader)} {how} with enemy infantry present, "
        f"{event.inflicted} SP inflicted: a Triumph is earned (TB-10.9)"
    )


@TOLD.on
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


@TOLD.on
def _(event: DictatorTakesTheField) -> str:
    cas = " and ".join(f"CA {n}" for n in event.cas) or "no CA"
    return (
        f"Game Turn {event.turn}: Dictator {who(event.leader)} takes the field with {cas} (TB-9.4)"
    )


@TOLD.on
def _(event: MasterOfHorseNamed) -> str:
    ca = f", with CA {event.ca}" if event.ca else ""
    return (
        f"Game Turn {event.turn}: Dictator {who(event.dictator)} stays in Rome; "
        f"{who(event.leader)} is his Magister Equitum{ca} (TB-9.4)"
    )


@TOLD.on
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
