"""Commands every kind of campaign takes: notes, undo and redo, renaming and archiving."""

from __future__ import annotations

from collections.abc import Sequence

from campaign.drafts import AUTOMATIC_ACTOR, Draft, draft
from campaign.errors import CampaignError
from campaign.text import name as name_text
from campaign.text import words
from events.common import (
    ActionsRestored,
    ActionsRetracted,
    CampaignArchived,
    CampaignEvent,
    CampaignRenamed,
    CampaignStarted,
    NoteRecorded,
)

NOT_ACTIONS = (NoteRecorded, ActionsRetracted, ActionsRestored, CampaignRenamed, CampaignArchived)
"""Events that are not actions of the campaign: undo never takes them back."""


def note(text: str) -> list[Draft]:
    """An organiser's note or ruling, as plain text."""
    return [draft(NoteRecorded, text=words(text, "a note"))]


def retractions(events: Sequence[CampaignEvent]) -> dict[int, ActionsRetracted]:
    """Which undo took back each retracted event; an undo that a redo restored counts for
    nothing."""
    restored = {e.undo for e in events if isinstance(e, ActionsRestored)}
    return {
        seq: e
        for e in events
        if isinstance(e, ActionsRetracted) and e.originator_version not in restored
        for seq in e.seqs
    }


def retracted(events: Sequence[CampaignEvent]) -> set[int]:
    """The numbers of the events that `campaign undo` took back."""
    return set(retractions(events))


def actions(events: Sequence[CampaignEvent]) -> list[list[int]]:
    """The organiser's actions still standing, each with the events the rules recorded after it.
    The campaign's start (its creation, the allocation of regions and what they forced) is not
    one."""
    taken_back = retracted(events)
    groups: list[list[int]] = []
    at_start = True
    for event in events:
        if event.originator_version in taken_back or isinstance(event, NOT_ACTIONS):
            continue
        if event.actor == AUTOMATIC_ACTOR:
            if not at_start:
                groups[-1].append(event.originator_version)
        elif isinstance(event, CampaignStarted) or (
            at_start and type(event).__name__ == "RegionsAllocated"
        ):
            at_start = True
        else:
            at_start = False
            groups.append([event.originator_version])
    return groups


def undo(events: Sequence[CampaignEvent], steps: int, reason: str) -> list[Draft]:
    """Retract the latest `steps` actions: the log keeps them, the state forgets them."""
    if not reason.strip():
        raise CampaignError(
            "Say why with --reason: the log keeps the retracted actions and the reason."
        )
    reason = words(reason, "the reason")
    if steps < 1:
        raise CampaignError("--steps takes a whole number of actions, 1 or more.")
    standing = actions(events)
    if not standing:
        raise CampaignError("There is nothing to undo: the campaign's start cannot be retracted.")
    if steps > len(standing):
        raise CampaignError(
            f"Only {len(standing)} action(s) can be undone; the campaign's start cannot be "
            "retracted."
        )
    seqs = [seq for group in standing[-steps:] for seq in group]
    return [draft(ActionsRetracted, seqs=seqs, reason=reason.strip())]


def current_name(events: Sequence[CampaignEvent]) -> str:
    """The campaign's name now: the last it was renamed to, or the one it started under."""
    renamed = [e.name for e in events if isinstance(e, CampaignRenamed)]
    return renamed[-1] if renamed else events[0].name


def redo(events: Sequence[CampaignEvent], reason: str) -> list[Draft]:
    """Restore what the latest undo took back, when no action was recorded since it."""
    reason = words(reason, "the reason")
    restored = {e.undo for e in events if isinstance(e, ActionsRestored)}
    undos = [
        e
        for e in events
        if isinstance(e, ActionsRetracted) and e.originator_version not in restored
    ]
    if not undos:
        raise CampaignError("There is nothing to redo: no undo stands.")
    latest = undos[-1]
    later = [e for e in events[latest.originator_version :] if not isinstance(e, NOT_ACTIONS)]
    if later:
        raise CampaignError(
            f"Event {later[0].originator_version} was recorded after the undo "
            f"(event {latest.originator_version}), so it cannot be redone."
        )
    return [draft(ActionsRestored, undo=latest.originator_version, reason=reason)]


def rename(name: str) -> list[Draft]:
    """The campaign's new name (its log stays one stream; the store checks the name is free)."""
    return [draft(CampaignRenamed, name=name_text(name, "the campaign's name"))]


def archive(archived: bool) -> list[Draft]:
    """Hidden from `campaign list` (unless --all), or shown again."""
    return [draft(CampaignArchived, archived=archived)]
