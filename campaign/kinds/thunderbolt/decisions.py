"""Thunderbolt's decisions joined: what the rules force after any event, and each recorded
event turned back into the decision that made it (verify, import, fork)."""

from __future__ import annotations

from collections.abc import Callable

from campaign.domain.drafts import Draft, forced
from campaign.kinds.thunderbolt.board import armies as carthage
from campaign.kinds.thunderbolt.board import prorogues, war_effects
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.board.war import THEATER
from campaign.kinds.thunderbolt.chapters import joined
from events.common import CampaignEvent
from events.thunderbolt.carthage import ArmiesTrained
from events.thunderbolt.magistrates import MagistrateProrogued


def consequences(state: State) -> list[Draft]:
    """TB-7.4: while B1a is in hand, a magistrate besieged in a city that is neither a port nor
    Rome is prorogued by the rules, and (TB-27.6) once the Macedonian War has ended one whose
    Legions stand in its Holding Box; TB-14.7: as G2 opens, the Armies that earned it gain 1
    (steps nobody acts in pass in the fold)."""
    if not state.set_up:
        return []
    c = state.carthaginians
    if "G2" in state.position.open and not c.trained:
        gains = carthage.training_gains(c)
        if gains:
            return [forced(ArmiesTrained, turn=state.turn, armies=gains)]
    if "B1a" not in state.position.open:
        return []
    besieged = [(lid, held, None) for lid, held in prorogues.forced_prorogues(state.romans)]
    boxed = [(lid, held, THEATER) for lid, held in war_effects.prorogued_by_the_war(state)]
    return [
        forced(
            MagistrateProrogued,
            turn=state.turn,
            leader=lid,
            office=held,
            theater=theater,
            province=None,
            forced=True,
        )
        for lid, held, theater in besieged + boxed
    ][:1]


REPLAY = joined("decide", "REPLAY")
"""Each recorded event turned back into its command, by its class: the chapters' tables joined."""


def replay(event: CampaignEvent) -> Callable[[State], list[Draft]]:
    """The decision that made `event`, to be taken again from the state before it."""
    again = REPLAY[type(event)]
    return lambda state: again(event, state)
