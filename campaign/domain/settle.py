"""A decision's drafts made events, before the store appends them (pure): each stamped (numbered,
timed, signed by its actor, linked into the chain), then the consequences the rules force
settled; and the campaign as those events leave it."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from campaign.domain import chain
from campaign.domain.deadlines import QUIET, Reckoning, held, instant
from campaign.domain.drafts import AUTOMATIC_ACTOR, Draft
from campaign.domain.kind import Kind
from campaign.domain.log import Loaded, Resumed, fold, fold_after, tail
from campaign.errors import CampaignError
from events.common import ActionsRestored, ActionsRetracted, CampaignEvent, DeadlineSet

SETTLING_LIMIT = 10_000
"""Events a decision and its forced consequences may come to before the rules count as unsettled."""


def stamp(
    of: Kind,
    originator: uuid.UUID,
    previous: str,
    version: int,
    draft: Draft,
    actor: str,
    when: datetime,
) -> CampaignEvent:
    """The event for a draft: numbered, timed (`when`, read off the one clock by whoever
    records it), signed by its actor, and linked into the chain."""
    actor = AUTOMATIC_ACTOR if draft.automatic else actor
    link = chain.link(
        previous, version, draft.kind.TOPIC, when, actor, of.rules_version, draft.fields
    )
    return draft.kind(
        originator_id=originator,
        originator_version=version,
        timestamp=when,
        actor=actor,
        rules_version=of.rules_version,
        chain=link,
        **draft.fields,
    )


def settle(
    loaded: Loaded,
    drafts: list[Draft],
    actor: str,
    head: list[CampaignEvent],
    when: datetime,
) -> list[CampaignEvent]:
    """Stamp the decided events after `head` (events already stamped), then the consequences
    the rules force, until none is left."""
    state, new = loaded.state, list(head)
    previous, version = chain.head(loaded.events), len(loaded.events)
    pending = list(drafts)
    for _ in range(SETTLING_LIMIT):
        if not pending:
            pending = loaded.kind.consequences(state) or _held(loaded, new, state, when)
            if not pending:
                return new
        version += 1
        event = stamp(
            loaded.kind,
            loaded.started.originator_id,
            previous,
            version,
            pending.pop(0),
            actor,
            when,
        )
        state, previous = loaded.kind.apply(state, event), event.chain
        new.append(event)
    raise CampaignError("The rules did not settle; please report this campaign.")


def _held(loaded: Loaded, new: list[CampaignEvent], state: Any, when: datetime) -> list[Draft]:
    """Where the events just stamped moved the campaign on to a step that waits for a player on
    holiday, its deadline held until he is back (`deadlines.held`), once an append."""
    if not any(not isinstance(e, QUIET) for e in new) or any(
        isinstance(e, DeadlineSet) for e in new
    ):
        return []
    facts = loaded.facts
    if not any(instant(h["until"]) > when for h in facts.holidays):
        return []  # nobody away: the log need not be read
    after = facts.after(new)
    reckoning = Reckoning.of(loaded.events + tuple(new)) if after is None else after.reckoning
    of = loaded.kind
    return held(reckoning, facts.holidays, of.awaited(state), of.next_step(state), when)


def extended(loaded: Loaded, new: list[CampaignEvent], skip: int) -> tuple[Loaded, tuple[Any, ...]]:
    """`loaded` with the events just recorded (after the first `skip`, which it holds), and the
    state just after each of them (an undo or redo changes what counts: the log is folded
    again, and each is told as after them all)."""
    added = new[skip:]
    events = loaded.events + tuple(added)
    # the links read with the log, and the new events' own: stamped here, each is its link
    links = None if loaded.links is None else loaded.links + tuple(e.chain for e in added)
    resumed = loaded.resumed
    if resumed is not None:
        resumed = replace(resumed, new=resumed.new + tuple(added))
    if any(isinstance(e, (ActionsRetracted, ActionsRestored)) for e in new):
        state = refolded(loaded.kind, events, resumed)
        states: tuple[Any, ...] = (state,) * len(added)
    else:
        stepped, state = [], loaded.state
        for event in added:
            state = loaded.kind.apply(state, event)
            stepped.append(state)
        states = tuple(stepped)
    after = Loaded(loaded.kind, events, state, links, resumed)
    if resumed is not None:  # the writer's own events extend a chain the view vouches for
        after.__dict__["chain_break"] = None
    return after, states


def refolded(of: Kind, events: Sequence[CampaignEvent], resumed: Resumed | None) -> Any:
    """The state of a log an undo or a redo has just changed: folded on from where the round in
    progress began, where that is kept and all it changes is after it (`fold_after`: the round
    alone is read), else from the whole log."""
    base = None if resumed is None or resumed.base is None else resumed.base()
    if base is not None:
        state = fold_after(of, base, tail(events, base[0]))
        if state is not None:
            return state
    return fold(of, events)
