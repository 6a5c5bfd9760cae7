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


def _boiling_cauldron() -> Kind:
    from campaign.commands import boiling_cauldron as commands
    from campaign.projections import boiling_cauldron as projection

    return Kind(commands.RULES, commands.RULES_VERSION, "The Boiling Cauldron",
                projection.start, projection.apply, commands.consequences, projection.summary, commands.replay,
                projection.round_over)


_FACTORIES = {"boiling-cauldron": _boiling_cauldron}


def kind(rules: str) -> Kind:
    """The kind named `rules` (case-insensitive, with a suggestion if unknown)."""
    return _FACTORIES[resolve("kind of campaign", rules, _FACTORIES)]()
