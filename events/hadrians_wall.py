"""Britannia with Hadrian's Wall's events (rules page HW-n): facts only. Where counters stand,
which walls stand, which moves crossed a wall and what the crossing did are projections of them
over the board the campaign started with."""

from __future__ import annotations

from events.common import CampaignEvent, topic


@topic("hadrians-wall.GameSetUp")
class GameSetUp(CampaignEvent):
    """HW-1.3, HW-2.3, HW-2.4, HW-4.6, HW-6.8, HW-7.1: the players by colour, the settings, and
    in committed mode the commitments to each walled turn's dice secret (turn → SHA-256 hex)."""

    players: dict[str, str]
    board: str
    ffg_gap: str
    wall_trigger: str
    leaders_roll: bool
    dice: str
    campaign: str
    commitments: dict[str, str]


@topic("hadrians-wall.ClockAdvanced")
class ClockAdvanced(CampaignEvent):
    """HW-2.1: one step of the clock, to the turn, nation and phase now in hand."""

    turn: int
    nation: str
    phase: str


@topic("hadrians-wall.CounterMoved")
class CounterMoved(CampaignEvent):
    """HW-3.2: a counter's move with its whole path, and the die of each wall crossing on it in
    path order (HW-6), with the evidence of dice rolled outside (HW-7.5)."""

    counter: str
    path: list[str]
    dice: list[int]
    evidence: list[str]


@topic("hadrians-wall.BattleResolved")
class BattleResolved(CampaignEvent):
    """HW-3.2: a battle entered as its result: the counters lost, and retreats (counter → the
    adjacent area it retreats to)."""

    area: str
    lost: list[str]
    retreats: dict[str, str]


@topic("hadrians-wall.BattleReported")
class BattleReported(CampaignEvent):
    """HW-3.2 from a player's page (#26): a battle's result as the player of the nation whose
    turn it is reported it, for the player of the other side to confirm (it is then the
    battle's result, `BattleResolved`); the log keeps who reported what."""

    area: str
    lost: list[str]
    retreats: dict[str, str]
    by: str


@topic("hadrians-wall.CountersPlaced")
class CountersPlaced(CampaignEvent):
    """HW-3.2: counters put on the map (population, arrival, reinforcement, a fort built)."""

    nation: str
    counter_kind: str
    area: str
    counters: list[str]
    reason: str


@topic("hadrians-wall.CountersRemoved")
class CountersRemoved(CampaignEvent):
    """HW-3.2: counters taken off the map to their pool (overpopulation, raider withdrawal, a
    fort destroyed)."""

    counters: list[str]
    reason: str


@topic("hadrians-wall.AreaTriggered")
class AreaTriggered(CampaignEvent):
    """HW-4: the Romans became a trigger area's sole occupant for the first time; the walls of it
    not yet built are built (possibly none, HW-4.4)."""

    area: str
    turn: int
    walls: list[str]


@topic("hadrians-wall.WallsRemoved")
class WallsRemoved(CampaignEvent):
    """HW-5.1: at the start of turn 6 every wall is removed."""

    turn: int
    walls: list[str]


@topic("hadrians-wall.SecretRevealed")
class SecretRevealed(CampaignEvent):
    """HW-7.2: the dice secret of a turn that ended, for anyone to check against its commitment
    and every roll of the turn."""

    turn: int
    secret: str


@topic("hadrians-wall.RollCorrected")
class RollCorrected(CampaignEvent):
    """HW-6.10: an organiser's ruling correcting a crossing's die; the log keeps the original."""

    number: int
    die: int
    reason: str
