"""The registry of campaign kinds: one line per kind, its name and its package.

The only module outside a kind's package that names kinds. A package is
imported when a campaign of its kind is read or one of its commands runs.
"""

from __future__ import annotations

from importlib import import_module

from campaign.domain.kind import Kind
from campaign.input.names import resolve

PACKAGES = {
    "boiling-cauldron": "campaign.kinds.boiling_cauldron",
    "onus-under-the-eagle": "campaign.kinds.onus",
    "hadrians-wall": "campaign.kinds.hadrians_wall",
    "thunderbolt": "campaign.kinds.thunderbolt",
}
DEFAULT = "boiling-cauldron"


def kind(rules: str) -> Kind:
    """The kind named `rules` exactly (case-insensitive), or a refusal suggesting the closest:
    a prefix such as `boiling` is never taken silently for a kind."""
    name = resolve("kind of campaign", rules, PACKAGES)
    found: Kind = import_module(f"{PACKAGES[name]}.kind").KIND
    return found


def command_modules() -> list[str]:
    """The modules holding each kind's commands, in the order of `campaign --help`."""
    return [f"{package}.cli" for package in PACKAGES.values()]


def cli_module(rules: str) -> str:
    """The module of the kind `rules`'s commands, with its START_OPTIONS for `campaign new`."""
    return f"{PACKAGES[rules]}.cli"
