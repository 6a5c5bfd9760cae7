"""Thunderbolt's events: Emergencies, the Dictator and the Senate (TB-9, TB-10). Facts only; the
chapter's decisions and fold are in `campaign/kinds/thunderbolt/chapters/senate/`."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("thunderbolt.MasterOfHorseNamed")
class MasterOfHorseNamed(CampaignEvent):
    """TB-9.4: a Dictator staying in Rome; the ME the Roman player picks from the pool, numbered
    within 5 of him, with the leaderless CA he takes (or none)."""

    turn: int
    leader: str
    dictator: str
    ca: int | None


@topic("thunderbolt.DictatorTakesTheField")
class DictatorTakesTheField(CampaignEvent):
    """TB-9.4: a Dictator in the field, with one or two leaderless CAs or none."""

    turn: int
    leader: str
    cas: list[int]


@topic("thunderbolt.SenateAsked")
class SenateAsked(CampaignEvent):
    """TB-10.1 to TB-10.5: a Senate Permission request in an Operations Phase (`phase`, counted
    in the Game Turn): the leader, the purpose, the die (random event `number`), the chart's
    DRMs as entered, Guile spent, the Initiative of a Dictator staying in Rome taken off, and
    whether it was granted (the adjusted DR at most his Campaign Rating)."""

    turn: int
    phase: int
    leader: str
    purpose: str
    number: int
    face: int
    modifiers: dict[str, int]
    guile: int
    dictator_drm: int
    granted: bool
    evidence: str


@topic("thunderbolt.MagistrateCensured")
class MagistrateCensured(CampaignEvent):
    """TB-10.6 and TB-10.7: a Consul, Proconsul or Praetor who went out by Hot Pursuit (or by
    Interception or Coordination without leave) rolls when Finished: the die (random event
    `number`) and the Censure Chart's DRMs as entered; above his Campaign Rating he is censured and
    the leader drawn from the pool (random event `number` + 1, among `candidates`) takes his
    office, Imperium and assignment (none when the pool is empty)."""

    turn: int
    phase: int
    leader: str
    number: int
    face: int
    modifiers: dict[str, int]
    censured: bool
    replacement: str | None
    candidates: list[str]
    evidence: str


@topic("thunderbolt.TriumphEarned")
class TriumphEarned(CampaignEvent):
    """TB-10.9: a magistrate with Imperium won a battle, or took a city by Assault or Attrition,
    with enemy infantry present, inflicting `inflicted` infantry/cavalry SP in it."""

    turn: int
    leader: str
    how: str
    inflicted: int


@topic("thunderbolt.TriumphCelebrated")
class TriumphCelebrated(CampaignEvent):
    """TB-10.9: still holding Imperium, he entered Rome alone: with losses of 15 % or more in the
    victory's Game Turn (`lost_percent`, entered) a Senate roll whose only DRM is Guile spent
    (random event `number`; no roll: `number` 0, `face` -1); granted, the Triumph is recorded with
    his office and this Game Turn and he is Finished for it; denied, the victory is spent."""

    turn: int
    leader: str
    office: str
    lost_percent: int
    number: int
    face: int
    guile: int
    granted: bool
    evidence: str
