"""Macedonia folded (TB-27): the war's stage, the ambassadors, the Legions in the box; it
applies, never checks."""

from __future__ import annotations

from dataclasses import replace

from campaign.kinds.thunderbolt.board import offices, rules
from campaign.kinds.thunderbolt.board.state import Roll, State, spend
from campaign.kinds.thunderbolt.board.war import BOX, ENDED, THEATER, Resolution
from campaign.kinds.thunderbolt.handlers import ByEvent
from events.thunderbolt.macedonia import (
    AmbassadorSent,
    LegionsCommitted,
    LegionsReturned,
    MacedonianWarChanged,
    MacedonianWarResolved,
)

FOLD = ByEvent()
"""How each event of the chapter changes the state: it applies, never checks."""


@FOLD.on
def _(event: MacedonianWarChanged, state: State) -> State:
    war = replace(state.macedonia, stage=event.stage, decided=len(state.auguries))
    return replace(state, macedonia=war)


@FOLD.on
def _(event: MacedonianWarResolved, state: State) -> State:
    war = state.macedonia
    used = {war.ambassadors[side]: event.turn for side in event.ambassadors}
    war = replace(
        war,
        stage=ENDED if event.ended else war.stage,
        decided=len(state.auguries),
        returning={**war.returning, **used},
        resolutions=(*war.resolutions, Resolution(event.turn, event.adjusted, event.result)),
    )
    roll = Roll(event.number, event.turn, "macedonian-war", "rome", event.face)
    return replace(state, macedonia=war, rolls=(*state.rolls, roll))


@FOLD.on
def _(event: AmbassadorSent, state: State) -> State:
    war = state.macedonia
    war = replace(
        war,
        ambassadors={**war.ambassadors, event.side: event.leader},
        came_from={**war.came_from, event.leader: event.detachment or "pool"},
    )
    state = spend(replace(state, macedonia=war), event.phase, event.by, 1)
    if event.side == rules.ROME:
        r = state.romans
        return replace(state, romans=replace(r, places={**r.places, event.leader: BOX}))
    c = state.carthaginians
    armies = {
        aid: replace(
            force,
            parts=tuple(
                replace(d, leader=None) if d.id == event.detachment else d for d in force.parts
            ),
        )
        for aid, force in c.armies.items()
    }
    places = {**c.places, event.leader: BOX}
    return replace(state, carthaginians=replace(c, armies=armies, places=places))


@FOLD.on
def _(event: LegionsCommitted, state: State) -> State:
    r = state.romans
    legions = {**r.legions}
    for lg in event.legions:
        legions[lg] = replace(legions[lg], province="", place=BOX)
    cas = {**r.cas, event.ca: tuple(event.legions)} if event.ca else r.cas
    magistrates = {
        lid: _assigned(m, THEATER, None) if set(m.legions) & set(event.legions) else m
        for lid, m in r.magistrates.items()
    }
    war = replace(state.macedonia, legions=(*state.macedonia.legions, *event.legions))
    romans = replace(r, legions=legions, cas=cas, magistrates=magistrates)
    return replace(state, romans=romans, macedonia=war)


@FOLD.on
def _(event: LegionsReturned, state: State) -> State:
    r = state.romans
    legions = {**r.legions}
    for lg in event.legions:
        legions[lg] = replace(legions[lg], province=event.province, place="")
    magistrates = {
        lid: _assigned(m, offices.ROMAN_ITALY, event.province)
        if set(m.legions) & set(event.legions)
        else m
        for lid, m in r.magistrates.items()
    }
    kept = tuple(lg for lg in state.macedonia.legions if lg not in event.legions)
    war = replace(state.macedonia, legions=kept)
    romans = replace(r, legions=legions, magistrates=magistrates)
    return replace(state, romans=romans, macedonia=war)


def _assigned(m: offices.Magistrate, theater: str, province: str | None) -> offices.Magistrate:
    """TB-27.5, TB-27.6 (11.31, 11.32): the Consul or Proconsul of Legions sent to Macedonia is
    assigned its Theater; back, a Proconsul the province his CA is placed in, a Consul Roman
    Italy. A Praetor keeps his Legion, and no Theater."""
    if m.office == "Consul":
        return replace(m, theater=theater, also=None)
    if m.office == "Proconsul":
        if province:
            return replace(m, theater=None, province=province)
        return replace(m, theater=theater, province=None)
    return m
