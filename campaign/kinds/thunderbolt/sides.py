"""What a Thunderbolt side's page says of where it stands (issue #50: it said "You play Rome."
and nothing of his side): Rome's magistrates with their office, Imperium, assignment and where
each stands (TB-6, TB-1.4), its Overall Commander (TB-6.7) and its Legions (TB-11.1); Carthage's
Family in Power and Political Climate (TB-12.1), its Armies with their commander, SP, AER and
where each stands (TB-14, TB-1.4), its Overall Commander (TB-13.7); and for either side what
each step in hand asks of it (TB-3.1, TB-3.4), in the Sequence of Play's words and the duty
`kind.duty` says, without the command line's syntax (the page's forms are the way in)."""

from __future__ import annotations

import re

from campaign.domain.grammar import listing
from campaign.kinds.thunderbolt.board import offices, positions, rules
from campaign.kinds.thunderbolt.board.armies import Force
from campaign.kinds.thunderbolt.board.offices import Magistrate
from campaign.kinds.thunderbolt.board.politics import Legion
from campaign.kinds.thunderbolt.board.roman import TRIUMPH, number_key, numeral_key
from campaign.kinds.thunderbolt.board.sequence import STEPS
from campaign.kinds.thunderbolt.board.state import State

PLACES = {
    positions.ROMA: "in Roma",
    positions.CARTHAGO: "in Carthago",
    positions.PORT: "in a port",
    positions.CITY: "in a city",
}
"""TB-1.4: the kinds of place within a province, as a sentence says them (the field unsaid)."""


def where(state: State, province: str, place: str, besieged: str = "") -> str:
    """TB-1.4: a province by its name and the kind of place in it; besieged as reported
    (TB-5.4); a holding box by its name."""
    named = state.setup.provinces[province].name if province in state.setup.provinces else ""
    inside = "" if place in ("", positions.FIELD) else PLACES.get(place, place)
    said = ", ".join(part for part in (named, inside) if part) or "not placed"
    return said + (f" (besieged {PLACES.get(besieged, besieged)})" if besieged else "")


def rome(state: State) -> list[str]:
    """TB-6 and TB-11: Rome's magistrates by precedence (TB-6.7), its Overall Commander, those in
    the Triumph Holding Box (TB-10.9), its Legions in the order of their numerals."""
    r = state.romans
    ranked = sorted(
        r.magistrates.values(),
        key=lambda m: (offices.PRECEDENCE.index(m.office), number_key(r.leaders[m.leader].number)),
    )
    told = [magistrate(state, m) for m in ranked] or ["No Roman magistrate is in office."]
    commanders = [r.name(lid) for lid in state.overall_commanders()]
    told.append(f"Overall Commander (TB-6.7): {listing(commanders) or 'none'}.")
    boxed = sorted((lid for lid, at in r.places.items() if at == TRIUMPH), key=r.name)
    if boxed:
        names = listing([r.name(lid) for lid in boxed])
        told.append(f"In the Triumph Holding Box (TB-10.9): {names}.")
    ordered = sorted(r.legions.values(), key=lambda lg: numeral_key(lg.id))
    return told + [legion(state, lg) for lg in ordered]


def magistrate(state: State, m: Magistrate) -> str:
    """A magistrate: his office and name, his Imperium (TB-6.2, TB-6.3), his assignment (TB-6.4)
    and where he stands (TB-1.4)."""
    r = state.romans
    office = f"{m.office} {r.name(m.leader)}" + (" (governor, TB-8.6)" if m.governor else "")
    said = [f"Imperium: {imperium(m)}"]
    if m.province:
        said.append(f"province {state.setup.provinces[m.province].name}")
    elif m.theater:
        said.append(f"Theater {m.assignment}" if not m.also else f"Theaters {m.assignment}")
    spot = positions.standing(r, m.leader)
    stands = where(state, *spot, r.besieged.get(m.leader, "")) if spot else "not placed"
    return f"{office}: {'; '.join(said)}; stands: {stands}."


def imperium(m: Magistrate) -> str:
    """TB-6.3: his CAs with their Legions, or the Legions he holds alone; none without."""
    if m.cas:
        return f"{listing([f'CA {n}' for n in m.cas])} ({legions(m.legions)})"
    return legions(m.legions) if m.legions else "none"


def legions(ids: tuple[str, ...]) -> str:
    return f"{'Legion' if len(ids) == 1 else 'Legions'} {listing(list(ids))}"


def legion(state: State, lg: Legion) -> str:
    """A Legion: its kind and discipline, its SP by class (TB-11.1), where it stands (TB-1.4),
    its CA and the magistrate whose Imperium holds it (or none)."""
    r = state.romans
    kind = "" if lg.kind == "regular" else f"{lg.kind} "
    sp = "/".join(str(n) for n in lg.sp)
    sp += f" and {lg.auxiliary} Auxiliary" if lg.auxiliary else ""
    leader, ca = r.legion_leader(lg.id), r.in_ca(lg.id)
    under = [f"CA {ca}"] if ca else []
    under += [f"{r.office(leader)} {r.name(leader)}"] if leader else []
    stands = where(state, lg.province, lg.place, lg.besieged)
    return (
        f"{kind}Legion {lg.id}, {lg.discipline}, {sp} SP: {stands}; "
        f"{', '.join(under) or 'leaderless'}."
    )


def carthage(state: State) -> list[str]:
    """TB-12 to TB-14: the Family in Power and the Political Climate with its Army limit, each
    Army, the Overall Commander, this Game Turn's Theater assignments (TB-12.6)."""
    c = state.carthaginians
    climate = state.current_climate()
    limit = (
        f"{climate}, an Army limit of {rules.ARMY_LIMIT[climate]}, Hannibal's not counted"
        if climate
        else "not yet rolled this Game Turn"
    )
    told = [f"Family in Power (TB-12.1): {state.family_in_power()}; Political Climate: {limit}."]
    told += [army(state, a) for a in c.armies.values()] or ["Carthage has no Army in play."]
    told.append(overall_commander(state))
    if c.postings:
        posted = listing([f"Army {aid} to {theater}" for theater, aid in c.postings.items()])
        told.append(f"Assigned this Game Turn (TB-12.6): {posted}.")
    return told


def army(state: State, a: Force) -> str:
    """An Army: its commander, SP and AER (TB-14.1, its effective AER with Detachments in play,
    TB-14.5), where it stands and in which Theater (TB-1.4); its Detachments (TB-13.9)."""
    c = state.carthaginians
    whose = ", Hannibal's" if a.id == c.hannibals() else ""
    commander = f"commanded by {c.name(a.commander)}" if a.commander else "no commander"
    aer = rules.capped(a.aer, a.sp)
    rating = f"AER {signed(aer)}"
    rating += f" (stored; {signed(a.effective)} with its Detachments, TB-14.5)" if a.parts else ""
    theater = c.theater_of.get(a.province, "")
    stands = where(state, a.province, a.place) + (f" ({theater})" if theater else "")
    said = f"Army {a.id}{whose}: {commander}; {a.sp} SP, {rating}; stands: {stands}."
    for part in a.parts:
        spot = positions.detachment_at(c, a.id, part.id)
        leader = f"under {c.name(part.leader)}" if part.leader else "no leader"
        said += f" Detachment {part.id}: {part.sp} SP, {leader}, {where(state, *spot)}."
    return said


def signed(n: int) -> str:
    """TB-14.1: an AER as the counter shows it: +2, -1, 0."""
    return f"{n:+d}" if n else "0"


def overall_commander(state: State) -> str:
    """TB-13.7: Carthage's Overall Commander and his Army; one to be named when he was lost."""
    c = state.carthaginians
    if c.oc_due or c.oc is None:
        return "Overall Commander (TB-13.7): none; one is to be named among the Army Commanders."
    led = next((a.id for a in c.armies.values() if a.commander == c.oc), None)
    return f"Overall Commander (TB-13.7): {c.name(c.oc)}" + (f", Army {led}." if led else ".")


COMMAND = re.compile(r"\(([^()]*\bTB-[^()]*)\)")
"""A parenthesis of a duty that names the command line's syntax beside the rules it cites."""


def duty(state: State, step: str, side: str) -> str:
    """What `step` asks of `side` now, in `kind.duty`'s words: the rules cited kept, the command
    line's syntax dropped (the page's forms are the way in), its "done" said in words."""
    from campaign.kinds.thunderbolt.kind import duty as said

    words = said(state, step, side).replace("enter done ({done})", "say it is done")
    return COMMAND.sub(_rules_alone, words)


def _rules_alone(found: re.Match[str]) -> str:
    """`(prorogue NAME or release NAME, TB-7.2, TB-7.5)` as `(TB-7.2, TB-7.5)`."""
    cited = [part.strip() for part in found.group(1).split(",") if part.strip().startswith("TB-")]
    return f"({', '.join(cited)})"


def step_named(step: str) -> str:
    """TB-3.1: a step by its number and its name in the Sequence of Play."""
    return f"{step} ({STEPS[step][0]})"
