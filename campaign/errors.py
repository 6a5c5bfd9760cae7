"""Domain errors: each carries one sentence a player understands."""

from __future__ import annotations


class CampaignError(Exception):
    """A refused command; `str(error)` is the sentence to show."""


class RuleViolation(CampaignError):
    """A command broke a numbered rule of a rules page: the rule's id and a sentence in the
    rulebook's words, e.g. "Ann has already been attacked this round" citing rule 4.2."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{message.rstrip('.')} ({rule}).")


class UnknownName(CampaignError):
    """A region, player, culture or campaign name that does not exist."""


class StoreError(CampaignError):
    """The event store cannot be opened, read or written."""
