"""Rules tests: one campaign in an in-memory store, driven through the same service as the command
line (`Story`: given a campaign, when a command, then events or the rule that refused it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from campaign.errors import CampaignError, RuleViolation
from campaign.service.unit_of_work import Campaigns
from campaign.views.log import entries


class Story:
    """One campaign in an in-memory store; `when` runs a command, `refused` one that must fail."""

    name = "Test"

    def __init__(self, started: dict[str, Any], then: Callable[[Any], list]) -> None:
        self.campaigns = Campaigns(":memory:")
        self.campaigns.start({"name": self.name, **started}, then, "organiser")

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
        """Run a command that must be refused; return the rule it cites (or its sentence),
        checking that nothing was recorded."""
        before = self.log
        with pytest.raises(CampaignError) as refusal:
            self.when(command, *args)
        assert self.log == before
        if isinstance(refusal.value, RuleViolation):
            return refusal.value.rule
        return str(refusal.value)
