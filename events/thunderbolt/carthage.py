"""Thunderbolt's events: Carthage: its politics, Armies, manpower and Citizens (TB-12 to TB-14,
TB-21, TB-25, TB-28 to TB-30). Facts only; the chapter's decisions and fold are in
`campaign/kinds/thunderbolt/chapters/carthage/`."""

from __future__ import annotations

from events.common import CampaignEvent, topic


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


@topic("thunderbolt.DisbandChecked")
class DisbandChecked(CampaignEvent):
    """TB-12.4 and TB-12.5: an Army checked in B2c: disbanded without a roll (face -1), or the
    die (random event `number`) read against the Disband range of its commander's row; where a
    disbanded Army's SP went, as entered."""

    turn: int
    army: str
    number: int
    face: int
    low: int
    high: int
    disbanded: bool
    sp_to: str
    evidence: str


@topic("thunderbolt.CommanderAppointed")
class CommanderAppointed(CampaignEvent):
    """TB-13.2 and TB-14.2: an Army Commander appointed in B2d: drawn blind from the pool (random
    event `number` among `candidates`) or chosen from the map (number 0)."""

    turn: int
    army: str
    leader: str
    number: int
    candidates: list[str]
    chosen: bool
    evidence: str


@topic("thunderbolt.ArmyPosted")
class ArmyPosted(CampaignEvent):
    """TB-12.6: in B2e an Army assigned to Africa or Hispania for the Game Turn."""

    turn: int
    army: str
    theater: str


@topic("thunderbolt.ArmiesTrained")
class ArmiesTrained(CampaignEvent):
    """TB-14.7: as G2 opens, each Army that kept its commander all Game Turn (none appointed in
    B2d) and was not lowered gains 1, capped: Army → its new stored AER."""

    turn: int
    armies: dict[str, int]


@topic("thunderbolt.CommanderRecalled")
class CommanderRecalled(CampaignEvent):
    """TB-13.3 to TB-13.5: an Army Commander's recall: by a roll after a lost battle or a lost
    city (the die, random event `number`, read against the Recall range of his row) and then, if
    recalled, his crucifixion die (+2 when his family is not in power; above his Mortality he is
    removed from the game); or by the Carthaginian player's choice in Operations (no roll)."""

    turn: int
    army: str
    leader: str
    by_choice: bool
    number: int
    face: int
    low: int
    high: int
    recalled: bool
    crucifixion: int
    crucified: bool
    evidence: str


@topic("thunderbolt.ArmyReinforced")
class ArmyReinforced(CampaignEvent):
    """TB-14.3 and TB-14.4: SP join a Carthaginian Army from no other Army (`uncounted` of them
    Carthaginian Citizens or Elite), in a window of additions (B3b, or an Operations Phase); the
    stored AER's drop this entry brings (the window's sum against its start)."""

    turn: int
    army: str
    sp: int
    uncounted: int
    window: str
    drop: int


@topic("thunderbolt.ArmyDetached")
class ArmyDetached(CampaignEvent):
    """TB-13.9: a Detachment made from an Army (named after it: hannibal-1), its SP and leader
    (none: empty)."""

    turn: int
    army: str
    detachment: str
    sp: int
    leader: str


@topic("thunderbolt.DetachmentRejoined")
class DetachmentRejoined(CampaignEvent):
    """TB-13.9: a Detachment returns to its Army; one that received SP brings them all into the
    window's additions (`window`, the AER's `drop`, TB-14.3)."""

    turn: int
    army: str
    detachment: str
    received: bool
    window: str
    drop: int


@topic("thunderbolt.OverallCommanderNamed")
class OverallCommanderNamed(CampaignEvent):
    """TB-13.7: the Carthaginian player names another Army Commander OC (one of the Family in
    Power if there is one) after the OC was killed, captured or sent to the pool."""

    turn: int
    leader: str


@topic("thunderbolt.ArmyRaised")
class ArmyRaised(CampaignEvent):
    """TB-21.1 (rulebook 7.21, 7.13): a new Carthaginian Army raised in B3b below the army limit,
    its SP as the Carthaginian Manpower Table gave them (entered), in Carthage province, its
    stored AER -3; its commander is appointed with it (CommanderAppointed)."""

    turn: int
    army: str
    sp: int
    province: str


@topic("thunderbolt.ManpowerDrawn")
class ManpowerDrawn(CampaignEvent):
    """TB-25.2 (rulebook 7.32): SP drawn from a contingent's Carthaginian Manpower Holding Box for
    a new Army, reinforcements or troops raised from a tribe (`cause`)."""

    turn: int
    contingent: str
    sp: int
    cause: str


@topic("thunderbolt.ManpowerPlaced")
class ManpowerPlaced(CampaignEvent):
    """TB-30.1 (rulebook 7.12, 7.32): SP drawn from a contingent's Holding Box for a new Army or
    reinforcements, placed with `army` (where 7.12 lets them be placed); earlier logs recorded
    such draws as ManpowerDrawn, which names no Army."""

    turn: int
    contingent: str
    sp: int
    cause: str
    army: str


@topic("thunderbolt.CitizensLost")
class CitizensLost(CampaignEvent):
    """TB-29.3 (rulebook 7.31): of the SP an Army just lost (ArmyLost), `sp` were Carthaginian
    Citizens, as entered."""

    turn: int
    army: str
    sp: int


@topic("thunderbolt.ManpowerReturned")
class ManpowerReturned(CampaignEvent):
    """TB-25.3 (7.32, 9.42, 9.44): SP put back in a contingent's Holding Box, as a rule directs."""

    turn: int
    contingent: str
    sp: int
    reason: str


@topic("thunderbolt.ProvincesLevied")
class ProvincesLevied(CampaignEvent):
    """TB-28.2 (7.27): a Provincial Manpower Operation: `leader`, commanding `army` (or its
    `detachment`), raises each province's SP from the PIC (province → SP); `stated`, the provinces
    off the Italian Allies track taken on the player's word that Carthage controls them."""

    turn: int
    phase: int
    leader: str
    army: str
    detachment: str
    provinces: dict[str, int]
    stated: list[str]
    sp: int


@topic("thunderbolt.OCManpowerRaised")
class OCManpowerRaised(CampaignEvent):
    """TB-28.3 (7.26): the OC's Manpower Operation in Carthago: the SP the Manpower Table gave
    (0: the attempt failed), which join his Army as reinforcements (the `ArmyReinforced`
    recorded with it)."""

    turn: int
    phase: int
    leader: str
    army: str
    sp: int


@topic("thunderbolt.SubordinateDrawn")
class SubordinateDrawn(CampaignEvent):
    """TB-28.4 (7.21, 7.22): with 20 SP or more raised in B3b, a Subordinate drawn blind from
    Carthage's pool, placed with `army` (the new Army, or one the reinforcements joined)."""

    turn: int
    army: str
    leader: str
    number: int
    candidates: list[str]
    evidence: str
