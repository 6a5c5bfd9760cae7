"""Shared test helpers: given a campaign → when a command → then events, or the rule that refused
it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from campaign.app import Campaigns
from campaign.errors import CampaignError, RuleViolation
from campaign.kinds.boiling_cauldron import commands as commands
from campaign.kinds.boiling_cauldron.starting import default_map_source
from campaign.views.log import entries

SMALL_MAP = (Path(__file__).parent / "maps" / "small.toml").read_text(encoding="utf-8")


class Story:
    """One campaign in an in-memory store, driven through the same service as the command line."""

    def __init__(
        self,
        players: list[str],
        allocation: dict[str, str] | None,
        map_source: str,
        seed: str | None,
    ) -> None:
        self.campaigns = Campaigns(":memory:")
        self.name = "Test"
        started = dict(
            name=self.name,
            rules="boiling-cauldron",
            players=players,
            map_source=map_source,
            seed_commitment=None,
        )
        self.campaigns.start(
            started, lambda s: [commands.allocate(s.world, players, allocation, seed)], "organiser"
        )

    @property
    def state(self) -> Any:
        return self.campaigns.load(self.name).state

    @property
    def log(self) -> list[dict]:
        return entries(self.campaigns.load(self.name).events)

    def when(self, command: Callable[..., list], *args: Any) -> list[tuple[str, dict]]:
        """Run a command; return the events it recorded as (type, data) pairs."""
        new = self.campaigns.act(self.name, lambda state: command(state, *args), "organiser")
        return [(e["type"], e["data"]) for e in entries(new)]

    def refused(self, command: Callable[..., list], *args: Any) -> str:
        """Run a command that must be refused; return the rule it cites, checking nothing was
        recorded."""
        before = self.log
        with pytest.raises(CampaignError) as refusal:
            self.when(command, *args)
        assert self.log == before
        return (
            refusal.value.rule if isinstance(refusal.value, RuleViolation) else str(refusal.value)
        )


def given(
    allocation: dict[str, str] | None = None,
    players: list[str] | None = None,
    map_source: str = SMALL_MAP,
    seed: str | None = None,
) -> Story:
    players = players or list(dict.fromkeys((allocation or {}).values()))
    return Story(players, allocation, map_source, seed)


def britain(
    allocation: dict[str, str] | None = None,
    players: list[str] | None = None,
    seed: str | None = None,
) -> Story:
    return given(allocation, players, default_map_source(), seed)


class Eagle(Story):
    """An ONUS! campaign in an in-memory store: Marcus plays Rome, Boudica its enemies."""

    def __init__(self, reset_eliminated: bool = False) -> None:
        from campaign.kinds.onus import commands as onus

        self.campaigns = Campaigns(":memory:")
        self.name = "Eagle"
        started = dict(
            name=self.name,
            rules="onus-under-the-eagle",
            players=["Marcus", "Boudica"],
            map_source="",
            seed_commitment=None,
        )
        self.campaigns.start(
            started, lambda s: onus.take_sides("Marcus", "Boudica", reset_eliminated), "organiser"
        )

    def play(self, facts: dict[str, str], upgrade: str | None = None, **casualties) -> None:
        """Record a scenario's result, then its winner's upgrade (or decline)."""
        from campaign.kinds.onus import commands as onus

        self.when(
            onus.scenario_result,
            facts,
            casualties.get("eliminated", []),
            casualties.get("lost", []),
            casualties.get("wounded", []),
            casualties.get("officers", []),
        )
        self.when(onus.upgrade, upgrade)


def eagle(reset_eliminated: bool = False) -> Eagle:
    return Eagle(reset_eliminated)
