"""Thunderbolt's events: The First Macedonian War (TB-27). Facts only; the chapter's decisions and
fold are in `campaign/kinds/thunderbolt/chapters/macedonia/`."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("thunderbolt.MacedonianWarChanged")
class MacedonianWarChanged(CampaignEvent):
    """TB-27.2 (rulebook 11.1, 11.32): an Augury's Macedonian War event begins the war (its first
    instance) or ends it (`stage`: "underway" or "ended")."""

    turn: int
    stage: str


@topic("thunderbolt.MacedonianWarResolved")
class MacedonianWarResolved(CampaignEvent):
    """TB-27.4 (11.4): a later instance of the Macedonian War event: the ambassadors' results on
    the Ambassador Table (side → DRM, entered), the First Macedonian War Table's other DRMs
    (entered), the Legions in the Macedonia Holding Box, Rome's die, the adjusted roll and the
    result as the table gives it; `ended` when the result ends the war."""

    turn: int
    ambassadors: dict[str, int]
    modifiers: dict[str, int]
    legions: int
    number: int
    face: int
    adjusted: int
    result: str
    ended: bool
    evidence: str


@topic("thunderbolt.AmbassadorSent")
class AmbassadorSent(CampaignEvent):
    """TB-27.3 (11.2): in an Operations Phase of `by` (Hannibal, or a Roman OC), a Diplomacy
    Operation spending 1 Guile Point sends `leader` (from the pool, or Carthage's Subordinate
    leading `detachment`) to the Macedonia Holding Box."""

    turn: int
    phase: int
    side: str
    by: str
    leader: str
    detachment: str


@topic("thunderbolt.LegionsCommitted")
class LegionsCommitted(CampaignEvent):
    """TB-27.5 (11.31): in B3b, one or two Legions raised in it placed in the Macedonia Holding
    Box instead of on the map (`ca`: the CA two of them form, 0 for one)."""

    turn: int
    legions: list[str]
    ca: int


@topic("thunderbolt.LegionsReturned")
class LegionsReturned(CampaignEvent):
    """TB-27.6 (11.32): in a B3b after the war's end, Legions out of the Macedonia Holding Box
    placed in `province` (TB-11.6)."""

    turn: int
    legions: list[str]
    province: str
