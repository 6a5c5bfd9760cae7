"""Thunderbolt's events: Rome's magistrates: offices, prorogues, elections (TB-6 to TB-8). Facts
only; the chapter's decisions and fold are in
`campaign/kinds/thunderbolt/chapters/magistrates/`."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("thunderbolt.MagistrateProrogued")
class MagistrateProrogued(CampaignEvent):
    """TB-7.2: in B1a a magistrate kept in office (as `office`), his assignment chosen anew; or,
    `forced`, TB-7.4: one besieged in a city that is neither a port nor Rome, prorogued by the
    rules, his assignment named after (AssignmentNamed)."""

    turn: int
    leader: str
    office: str
    theater: str | None
    province: str | None
    forced: bool


@topic("thunderbolt.MagistrateReleased")
class MagistrateReleased(CampaignEvent):
    """TB-7.5: in B1a a magistrate released: to the Triumph Holding Box or the pool."""

    turn: int
    leader: str


@topic("thunderbolt.PlutoVisited")
class PlutoVisited(CampaignEvent):
    """TB-7.7: a Leader Loss roll in B1b: its die or two (the second for a casualty), the chart's
    DRMs as entered, and the outcome (unharmed, wounded, killed) read from the set-up's chart or
    entered."""

    turn: int
    leader: str
    number: int
    faces: list[int]
    modifiers: dict[str, int]
    outcome: str
    evidence: str


@topic("thunderbolt.MagistrateElected")
class MagistrateElected(CampaignEvent):
    """TB-8.2 to TB-8.7: an office filled in B1c: the leader drawn (random event `number`, from
    `candidates` sorted by number) or chosen from the Triumph Holding Box (number 0), with his CA
    or Legion and assignment where the office takes them."""

    turn: int
    office: str
    leader: str
    number: int
    candidates: list[str]
    chosen: bool
    ca: int | None
    legions: list[str]
    theater: str | None
    province: str | None
    evidence: str


@topic("thunderbolt.ImperiumGiven")
class ImperiumGiven(CampaignEvent):
    """TB-8.3: an elected Consul's army — a leaderless CA, a new CA of loose Legions, or none —
    and his Theater."""

    turn: int
    leader: str
    ca: int | None
    legions: list[str]
    theater: str | None


@topic("thunderbolt.OfficeLeftEmpty")
class OfficeLeftEmpty(CampaignEvent):
    """TB-8.2 (Interpretation): no leader could be had for an office; it stays empty."""

    turn: int
    office: str
    reason: str


@topic("thunderbolt.AssignmentNamed")
class AssignmentNamed(CampaignEvent):
    """TB-7.4: the assignment the Roman player names for a magistrate the rules prorogued."""

    turn: int
    leader: str
    theater: str | None
    province: str | None


@topic("thunderbolt.ExtraordinaryDisbanded")
class ExtraordinaryDisbanded(CampaignEvent):
    """TB-8.8 [5.53]: B1c ended with no Emergency in effect: every Marine and Slave Legion is
    disbanded (forced by the rules)."""

    turn: int
    legions: list[str]


@topic("thunderbolt.GovernorDesignated")
class GovernorDesignated(CampaignEvent):
    """TB-8.6: in B1c an unbesieged Praetor on the map designated governor of Sicily or Sardinia;
    `province`, of the island, is his assignment."""

    turn: int
    leader: str
    province: str
