"""Commands every kind of campaign takes: notes and undo."""

from __future__ import annotations

from collections.abc import Sequence

from campaign.drafts import AUTOMATIC_ACTOR, Draft, draft
from campaign.errors import CampaignError
from campaign.text import words
from events.common import ActionsRetracted, CampaignEvent, CampaignStarted, NoteRecorded

NOT_ACTIONS = (NoteRecorded, ActionsRetracted)


def note(text: str) -> list[Draft]:
    """An organiser's note or ruling, as plain text."""
    return [draft(NoteRecorded, text=words(text, "a note"))]


def retractions(events: Sequence[CampaignEvent]) -> dict[int, ActionsRetracted]:
    """Which retraction took back each retracted event."""
    return {seq: e for e in events if isinstance(e, ActionsRetracted) for seq in e.seqs}


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
