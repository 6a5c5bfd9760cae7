"""Thunderbolt's events (rules page TB-n): facts only. The Sequence of Play's position, the
Italian Allies track, Carthage's politics and its Armies' efficiency are projections of them over
the set-up file the campaign started with."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("thunderbolt.SidesTaken")
class SidesTaken(CampaignEvent):
    """TB-1.1 and TB-16.2: who plays Rome and Carthage, the dice mode, and in committed mode the
    commitment to each Game Turn's secret (turn → SHA-256 hex)."""

    rome: str
    carthage: str
    dice: str
    campaign: str
    commitments: dict[str, str]


@topic("thunderbolt.StepFinished")
class StepFinished(CampaignEvent):
    """TB-3.4: a side says it has finished a step in hand."""

    turn: int
    step: str
    side: str


@topic("thunderbolt.StepClosed")
class StepClosed(CampaignEvent):
    """TB-3.4: an organiser closes a step in hand, with the reason."""

    turn: int
    step: str
    reason: str


@topic("thunderbolt.InitiativeDrawn")
class InitiativeDrawn(CampaignEvent):
    """TB-4.4: what the C2 draw from the LAM cup was (entered from the table): a leader's LAM, a
    Siege Attrition marker, a delivery LAM, the Augury marker, or an empty cup."""

    turn: int
    drawn: str


@topic("thunderbolt.PoliticsRolled")
class PoliticsRolled(CampaignEvent):
    """TB-12.1: the Family in Power or the Political Climate: the die (the program's, or entered
    with evidence), the chart's DRMs as entered, and the outcome (read from the set-up's chart,
    or entered)."""

    turn: int
    what: str
    number: int
    face: int
    modifiers: dict[str, int]
    outcome: str
    evidence: str


@topic("thunderbolt.VictoryReported")
class VictoryReported(CampaignEvent):
    """TB-5.1 and TB-15.2: a Major Victory in a land battle or by a siege, where and whose."""

    turn: int
    cause: str
    province: str
    victor: str


@topic("thunderbolt.ProvinceDevastated")
class ProvinceDevastated(CampaignEvent):
    """TB-15.2: a player devastates a track province: 4 boxes toward his opponent."""

    turn: int
    province: str
    by: str


@topic("thunderbolt.CitySacked")
class CitySacked(CampaignEvent):
    """TB-15.7: Rome sacked a city in a Carthage-allied track province; the adjacent track
    provinces' dice (in their order), each 1 toward Rome on an even face."""

    turn: int
    province: str
    number: int
    faces: dict[str, int]


@topic("thunderbolt.TurnRevealed")
class TurnRevealed(CampaignEvent):
    """TB-3.5 and TB-16.2: a Game Turn ended; its dice secret, for anyone to check."""

    turn: int
    secret: str
