"""The kinds of campaign the program runs, each a fold plus its forced consequences."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from campaign.drafts import Draft
from campaign.names import resolve
from events.common import CampaignEvent, CampaignStarted


@dataclass(frozen=True)
class Kind:
    rules: str
    rules_version: str
    title: str
    start: Callable[[CampaignStarted], Any]
    apply: Callable[[Any, CampaignEvent], Any]
    consequences: Callable[[Any], list[Draft]]
    status: Callable[[Any], str]
    replay: Callable[[CampaignEvent], Callable[[Any], list[Draft]]]
    """The command that would record an event, for `verify` and imports."""
    round_over: Callable[[Any, int], bool]
    """Whether round (or scenario) N is over in a state, for `--round N`."""
    period: str = "round"
    """What the campaign's steps are called: rounds or scenarios."""


def _boiling_cauldron() -> Kind:
    from campaign.boiling_cauldron import commands as commands
    from campaign.boiling_cauldron import state as projection

    return Kind(commands.RULES, commands.RULES_VERSION, "The Boiling Cauldron",
                projection.start, projection.apply, commands.consequences, projection.summary, commands.replay,
                projection.round_over)


def _onus() -> Kind:
    from campaign.onus import commands as commands
    from campaign.onus import state as projection

    return Kind(commands.RULES, commands.RULES_VERSION, "ONUS! Under the Eagle",
                projection.start, projection.apply, commands.consequences, projection.summary, commands.replay,
                projection.round_over, "scenario")


_FACTORIES = {"boiling-cauldron": _boiling_cauldron, "onus-under-the-eagle": _onus}


def kind(rules: str) -> Kind:
    """The kind named `rules`, or by the start of its name (case-insensitive, with a suggestion if unknown)."""
    starting = [name for name in _FACTORIES if name.startswith(rules.strip().casefold())] if rules.strip() else []
    name = starting[0] if len(starting) == 1 else resolve("kind of campaign", rules, _FACTORIES)
    return _FACTORIES[name]()
