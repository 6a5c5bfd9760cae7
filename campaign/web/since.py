"""What a personal page tells its person of what happened since he was last here (issues #27 and
#50): what the others recorded — never his own actions —, the dice among it (a crossing's roll,
a marker drawn: whatever his kind says stands once recorded, `Kind.stands`), and on a player's
page where the kind draws a map, the map as it stood when he was last here beside the map now.

The rule that keeps it: it stays on his page, reload after reload, until he has seen it — until
he acts (an action of his own recorded, from his page, Discord or the command line under his
name: what came before it was before him when he acted; what the rules forced at once after it,
`AUTOMATIC_ACTOR`, is his action's too) or presses "Seen" under it (his page marked read up to
the last event it showed, `SEEN`). His first visit marks his page read where the log ends: he
has missed nothing yet. Where he was last here is kept beside the log under the hash of his
link (`label`), as since #27; a store that cannot be written forgets nothing."""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from campaign.domain import registry
from campaign.domain.drafts import AUTOMATIC_ACTOR
from campaign.domain.kind import Kind
from campaign.domain.log import fold_after, tail
from campaign.domain.shared_commands import retracted
from campaign.errors import CampaignError, StoreError
from campaign.input.names import folded
from campaign.service.unit_of_work import Campaigns
from campaign.views.narrate import describe
from campaign.web.pages import LOG_PAGE, whole

SINCE = 30
"""The most a personal page lists of what happened since its person was last here."""
READ = LOG_PAGE
"""The most events read to find what he missed: of more, the page lists the latest and says how
many came before them (the log page has them all)."""
SEEN = "seen"
"""The field of the "Seen" button under the list (`?seen=N`): his page marked read up to the
last event it showed. A mark of his reading, not a record: asked for by an address, as a link
is followed, whose secret alone lets anyone ask it."""


def label(token: str) -> str:
    """Where a link's page was last read is kept: under the hash of the link, never the link."""
    return "seen:" + hashlib.sha256(token.encode()).hexdigest()


def since(hub: Any, campaigns: Campaigns, granted: tuple, token: str) -> dict[str, Any] | None:
    """What the page of the link `token` (`granted`: its campaign, role and person) tells of
    what its person missed, or None where he missed nothing (the first visit marks his page read
    where the log ends)."""
    name, role, player = granted
    mark = _mark(campaigns, name, token)
    events = _tail(campaigns, name, mark)
    if not events:
        return None
    newest = events[-1].originator_version
    if mark is None or mark > newest:  # his first visit (or a log begun again under its name)
        _keep(campaigns, name, token, newest)
        return None
    base = seen_before(events, mark, player or role)
    missed = [e for e in events if e.originator_version > base]
    if not missed:
        return None
    of = registry.kind(campaigns.listing.rules(name))
    then = _then(hub, campaigns, name, player, base) if role == "player" and maps(of) else None
    return _told(of, events, missed, base) | {"upto": newest, "then": then}


def maps(of: Kind) -> bool:
    """Whether kind `of` draws a map (`Kind.picture`, which draws none unless a kind says):
    where it draws none, the state as he was last here is not folded for nothing."""
    return type(of).picture is not Kind.picture


def seen_before(events: Sequence[Any], mark: int, actor: str) -> int:
    """The last event its person had before him: where his page was marked read (`mark`), or
    his own latest action after it, and what the rules forced at once after that action."""
    base, his = mark, False
    for event in events:
        if event.originator_version <= mark:
            continue
        his = folded(event.actor) == folded(actor) or (his and event.actor == AUTOMATIC_ACTOR)
        if his:
            base = event.originator_version
    return base


def _told(of: Any, events: Sequence[Any], missed: list[Any], base: int) -> dict[str, Any]:
    """The lines of what he missed, the newest first (at most `SINCE`, and how many more), and
    the dice among them, in the order they were rolled."""
    undone = retracted(events)
    lines = [
        f"{e.originator_version}. {describe(e, of)}"
        + (" (undone since)" if e.originator_version in undone else "")
        for e in reversed(missed)
    ]
    earlier = max(0, missed[0].originator_version - base - 1)  # beyond the events read
    dice = [f"{e.originator_version}. {describe(e, of)}" for e in missed if of.stands(e)]
    return {
        "lines": lines[:SINCE],
        "more": max(0, len(lines) - SINCE) + earlier,
        "dice": dice,
        "base": base,
    }


def _then(hub: Any, campaigns: Campaigns, name: str, player: str, base: int) -> Markup | None:
    """A player's map as it stood when he was last here (after event `base`), his own marked as
    on his map now (`Kind.picture`); kept with the hub's pages drawn (`Drawn`) while the log
    ends where it did, so that a reload folds nothing."""

    def draw() -> tuple[dict[str, Any], Any]:
        seen = campaigns.kept.view(name)
        of, state = state_then(campaigns, name, base)
        picture = of.picture(state, name, None, player)
        at = None if seen is None else (seen["events"], seen["head"])
        return {"picture": Markup(picture) if picture else None}, at

    return hub.drawn.get(campaigns, name, f"then {player} {base}", draw).values["picture"]


def state_then(campaigns: Campaigns, name: str, base: int) -> tuple[Any, Any]:
    """The campaign's kind and its state as it stood after event `base`: folded on from where
    the round in progress began, as the last writer kept it, through the events since (issue
    #16: a page reads no whole log) where he was last here in that round; else the log as it
    stood then, read and folded (`Campaigns.load`, `--as-of`)."""
    resumed = campaigns.resume(name)
    begun = None
    if resumed is not None and resumed.resumed is not None and resumed.resumed.base is not None:
        begun = resumed.resumed.base()
    if resumed is not None and begun is not None and begun[0] <= base:
        later = [e for e in tail(resumed.events, begun[0]) if e.originator_version <= base]
        state = fold_after(resumed.kind, begun, later)
        if state is not None:
            return resumed.kind, state
    then = campaigns.load(name, base)
    return then.kind, then.state


def seen(campaigns: Campaigns, granted: tuple, token: str, typed: str) -> str:
    """ "Seen" pressed: the link's page marked read up to the last event it showed (`typed`),
    never back, never beyond the log's end; what the hub says of it."""
    name = granted[0]
    upto = whole(typed)
    if upto is None:
        raise CampaignError("The page sent no event to mark as seen: open it again.")
    events = _tail(campaigns, name, None)
    upto = min(upto, events[-1].originator_version if events else 0)
    mark = max(upto, _mark(campaigns, name, token) or 0)
    _keep(campaigns, name, token, mark)
    return f"Seen: what happened up to event {mark} is no longer listed on your page."


def _mark(campaigns: Campaigns, name: str, token: str) -> int | None:
    """The last event the link's page was marked read at, or None before its first visit."""
    return whole(campaigns.secrets.unseal(name).get(label(token), ""))


def _keep(campaigns: Campaigns, name: str, token: str, mark: int) -> None:
    """Keep where the link's page was read (a store that cannot be written forgets nothing: the
    page lists the same again)."""
    with contextlib.suppress(StoreError):
        campaigns.secrets.keep(name, label(token), str(mark), lasting=False)


def _tail(campaigns: Campaigns, name: str, mark: int | None) -> tuple[Any, ...]:
    """The last events of the log: `SINCE` of them, or as many as reach back to `mark` (at most
    `READ`); from the end of the log this process read last where the view vouches for it."""
    read = campaigns.kept.tail(name, SINCE)
    events = read[1] if read is not None else None
    if events is None:
        return tuple(campaigns.load(name).events[-READ:])
    if mark is not None and events and events[0].originator_version > mark + 1:
        wider = campaigns.kept.tail(name, min(READ, events[-1].originator_version - mark))
        events = wider[1] if wider is not None else events
    return tuple(events)
