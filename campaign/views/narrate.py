"""Each event told in one line of the campaign's language (log, confirmations).

The events every kind shares are told here; a kind tells its own (`Kind.describe`).
"""

from __future__ import annotations

from datetime import datetime
from functools import singledispatch

from campaign.domain.grammar import plural
from campaign.domain.kind import Kind
from events.common import (
    ActionsRestored,
    ActionsRetracted,
    BeaconRoundEntered,
    CampaignArchived,
    CampaignEvent,
    CampaignRenamed,
    CampaignStarted,
    DeadlineCleared,
    DeadlineDefaultChosen,
    DeadlineRuleChosen,
    DeadlineSet,
    KeyAnnounced,
    NoteRecorded,
    PlayerAway,
    PlayerRenamed,
    PlayerReplaced,
    PlayerWithdrew,
    QuietHoursChosen,
    TimeZoneChosen,
)


def describe(event: CampaignEvent, of: Kind) -> str:
    """The line for `event` of a campaign of kind `of`."""
    return _common(event) or of.describe(event)


@singledispatch
def _common(event: CampaignEvent) -> str | None:
    return None


@_common.register
def _(event: CampaignStarted) -> str:
    commitment = " (seed commitment published)" if event.seed_commitment else ""
    return f"Campaign {event.name} started with {', '.join(event.players)}{commitment}"


@_common.register
def _(event: NoteRecorded) -> str:
    return f"Note: {event.text}"


@_common.register
def _(event: BeaconRoundEntered) -> str:
    return (
        f"Beacon round {event.beacon_round} entered, its signature verified against the "
        f"network's public key: randomness {event.randomness[:16]}…"
    )


@_common.register
def _(event: ActionsRetracted) -> str:
    numbers = ", ".join(f"#{seq}" for seq in event.seqs)
    return f"Undo: events {numbers} retracted: {event.reason}"


@_common.register
def _(event: ActionsRestored) -> str:
    return f"Redo: undo #{event.undo} no longer counts: {event.reason}"


@_common.register
def _(event: CampaignRenamed) -> str:
    return f"The campaign is called {event.name} from now on"


@_common.register
def _(event: CampaignArchived) -> str:
    return "Archived: hidden from list" if event.archived else "Shown in list again"


@_common.register
def _(event: DeadlineSet) -> str:
    when = datetime.fromisoformat(event.at).strftime("%Y-%m-%d %H:%M UTC")
    why = f" ({event.reason})" if event.reason else ""
    return f"Deadline for {event.step.rstrip('.')}: {when}{why}"


@_common.register
def _(event: DeadlineCleared) -> str:
    return f"Deadline cleared: {event.reason}"


@_common.register
def _(event: DeadlineRuleChosen) -> str:
    what = (
        "the program records what the rules say"
        if event.rule == "auto"
        else "the organiser decides"
    )
    return f"Missed deadlines: {what} ({event.rule})"


@_common.register
def _(event: PlayerReplaced) -> str:
    return f"{event.by} replaces {event.player} from now on: {event.reason}"


@_common.register
def _(event: PlayerRenamed) -> str:
    return f"{event.player} is called {event.to} from now on: {event.reason}"


@_common.register
def _(event: PlayerWithdrew) -> str:
    return f"{event.player} withdraws, with no replacement: {event.reason}"


@_common.register
def _(event: PlayerAway) -> str:
    from campaign.domain.deadlines import clock

    until = clock(datetime.fromisoformat(event.until), None)
    return f"{event.player} is away for {plural(event.days, 'day')}, until {until}: {event.reason}"


@_common.register
def _(event: QuietHoursChosen) -> str:
    if not event.start:
        return "No quiet hours any more"
    return f"Quiet hours {event.start}-{event.end}: a deadline in them falls at {event.end}"


@_common.register
def _(event: KeyAnnounced) -> str:
    return (
        f"The organiser's signing key is {event.key}: every report's checkpoint from here on is "
        "signed by it"
    )


@_common.register
def _(event: TimeZoneChosen) -> str:
    return f"Time zone: {event.zone}; deadlines are read and shown in it"


@_common.register
def _(event: DeadlineDefaultChosen) -> str:
    if not event.length:
        return "No default deadline any more"
    return f"Default deadline: each step is due {event.length} after the last thing that happened"
