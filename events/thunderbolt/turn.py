"""Thunderbolt's events: The Sequence of Play and the LAM cup (TB-1.1, TB-3, TB-4). Facts only; the
chapter's decisions and fold are in `campaign/kinds/thunderbolt/chapters/turn/`."""

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


@topic("thunderbolt.TurnRevealed")
class TurnRevealed(CampaignEvent):
    """TB-3.5 and TB-16.2: a Game Turn ended; its dice secret, for anyone to check."""

    turn: int
    secret: str


@topic("thunderbolt.SettingsChosen")
class SettingsChosen(CampaignEvent):
    """TB-18: the campaign's answer to each question the text leaves open that the program
    applies, chosen at creation (every setting written out, defaults included)."""

    settings: dict[str, str]


@topic("thunderbolt.MarkerDrawn")
class MarkerDrawn(CampaignEvent):
    """TB-4.3 and TB-4.4: the C2 draw from the markers in the cup (random event `number`, among
    `candidates` sorted by side, kind, leader and copy, the void LAMs set aside): a leader's LAM
    (`rome/lam/LEADER/k`), a Siege Attrition marker (`none/siege/-/k`) or the Augury marker; with
    no LAM left, no draw (`marker` empty, `number` 0): play passes to F."""

    turn: int
    number: int
    candidates: list[str]
    marker: str
    evidence: str


@topic("thunderbolt.PhaseGivenToPU")
class PhaseGivenToPU(CampaignEvent):
    """TB-4.5: a Consul's LAM was drawn and the Roman player gives that Operations Phase to the PU
    instead, at most once a Game Turn."""

    turn: int
    phase: int
    consul: str
    pu: str
