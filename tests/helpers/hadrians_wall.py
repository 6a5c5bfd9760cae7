"""Britannia with Hadrian's Wall: a campaign at turn 1 (`Wall`), and a log rechained after an edit
(`rechained`)."""

from __future__ import annotations

from typing import Any

from campaign.domain import chain
from campaign.domain.drafts import AUTOMATIC_ACTOR, Draft
from campaign.domain.settle import stamp
from campaign.service.unit_of_work import Campaigns
from helpers.story import Story


class Wall(Story):
    """A campaign of Britannia with Hadrian's Wall: Ann plays purple (the Romans), Bob blue (the
    Picts), Cid red (the Brigantes), Dee green (the Welsh). `at` moves the clock, `move` moves
    counters with the program's committed dice (or, with `--dice external`, the dice given)."""

    name = "demo"

    def __init__(self, secrets: dict[str, str] | None = None, **options: Any) -> None:
        """`secrets`: the dice secrets the store is to keep (by default, fresh ones)."""
        from campaign.domain.registry import kind

        self.campaigns = Campaigns(":memory:")
        players = {"purple": "Ann", "blue": "Bob", "red": "Cid", "green": "Dee"}
        started, then = kind("hadrians-wall").new(
            self.name,
            {**players, **options},
            seal=lambda labels: self.campaigns.secrets.seal(self.name, labels, given=secrets),
        )
        self.campaigns.start(started, then, "organiser")

    @property
    def secrets(self) -> dict[str, str]:
        return self.campaigns.secrets.unseal(self.name)

    def advance(self, to: str | None = None) -> list[tuple[str, dict]]:
        from campaign.kinds.hadrians_wall import commands as hw

        return self.when(hw.advance, to, self.secrets)

    def at(self, turn: int, nation: str, phase: str) -> None:
        """The clock moved forward to turn, nation and phase (through each turn's end)."""
        while self.state.turn < turn:
            if self.state.phase != "end-of-turn":
                self.advance("end-of-turn")
            else:
                self.advance(nation if self.state.turn + 1 == turn else None)
        if self.state.nation != nation:
            self.advance(nation)
        if self.state.phase != phase:
            self.advance(phase)

    def roll(self, dice: list[int] | None = None) -> Any:
        from campaign.kinds.hadrians_wall import commands as hw

        if self.state.dice == "committed":
            return hw.Committed(self.state, self.secrets)
        return hw.Entered(dice or [], ["https://dice.example/roll"] if dice else [])

    def move(
        self, *moves: str, dice: list[int] | None = None, through: bool = False
    ) -> list[tuple[str, dict]]:
        """`move("R1:york,bernicia", …)` as the command line takes it."""
        from campaign.kinds.hadrians_wall import commands as hw

        wanted = [(m.split(":")[0], m.split(":")[1].split(",")) for m in moves]
        return self.when(lambda state: hw.move(state, wanted, self.roll(dice), through))

    def refused_move(self, *moves: str, dice: list[int] | None = None) -> str:
        from campaign.kinds.hadrians_wall import commands as hw

        wanted = [(m.split(":")[0], m.split(":")[1].split(",")) for m in moves]
        return self.refused(lambda state: hw.move(state, wanted, self.roll(dice)))

    def place(self, nation: str, area: str, kind: str = "infantry", count: int = 1) -> list[str]:
        from campaign.kinds.hadrians_wall import commands as hw

        recorded = self.when(hw.place, nation, kind, area, count, "set-up for a test")
        return recorded[0][1]["counters"]

    def clear(self, *areas: str) -> None:
        """Every counter in `areas` back to its pool."""
        from campaign.kinds.hadrians_wall import commands as hw

        for area in areas:
            here = [c.id for c in self.state.here(area)]
            if here:
                self.when(hw.remove, here, "cleared for a test")

    def battle(
        self, area: str, lost: list[str] = (), retreats: dict[str, str] | None = None
    ) -> list[tuple[str, dict]]:
        from campaign.kinds.hadrians_wall import commands as hw

        return self.when(hw.battle, area, list(lost), retreats or {})


def rechained(loaded, changes):
    """The log with some events' data changed and the hash chain computed again, as a forger
    would: only the rules can tell."""
    events, previous = [], chain.GENESIS
    for event in loaded.events:
        fields = {**chain.data_of(event), **changes.get(event.originator_version, {})}
        decided = Draft(type(event), fields, automatic=event.actor == AUTOMATIC_ACTOR)
        event = stamp(
            loaded.kind,
            event.originator_id,
            previous,
            event.originator_version,
            decided,
            event.actor,
            event.timestamp,
        )
        events.append(event)
        previous = event.chain
    return events
