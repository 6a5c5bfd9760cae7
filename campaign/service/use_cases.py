"""The use cases that record, called alike by the command line and the hub (issue #25): an entry
point parses what a person typed or sent into a typed command (`Act`: on which campaign, of
which kind, by whom, deciding what), and `perform` does load → decide → settle → append, then
keeps beside the log what its next readers ask for first. Neither entry point knows how a view
or a report is kept; both tell the person what the `Outcome` says.

Whatever fails after the append (a dropped connection, a busy file) never turns what was
recorded into a refusal: `Outcome.unkept` says what was not kept, for the entry point to say.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from campaign.domain import registry
from campaign.domain.drafts import AUTOMATIC_ACTOR, Draft
from campaign.domain.log import Loaded
from campaign.errors import CampaignError
from campaign.service.unit_of_work import Campaigns
from events.common import CampaignEvent

Decide = Callable[[Loaded], list[Draft]]


@dataclass(frozen=True)
class Act:
    """A command that records, as an entry point parsed it: `decide` of the campaign's log
    (`Loaded`), on the campaign called `campaign`, recorded as `actor`. `rules`: the kind whose
    command it is (a command of another kind is refused); `again`: whether the decision is made
    again on the new log when another writer appended first (not for a decision about the log
    itself, an undo); `when`: the instant it is recorded at (a deadline's tick)."""

    campaign: str
    decide: Decide
    actor: str
    rules: str | None = None
    again: bool = True
    when: datetime | None = None


@dataclass(frozen=True)
class Outcome:
    """What a command recorded, and the campaign as it stands after it."""

    campaign: str
    recorded: list[CampaignEvent]
    after: Loaded
    unkept: str | None
    states: tuple[Any, ...] = ()
    """The campaign's state just after each event recorded (the last one's is `after`'s)."""

    def lines(self) -> list[str]:
        """What the entry point tells: each event recorded, in the campaign's words, with what
        it brought about as it stood just after it (a round is over after its last event, not
        after each of them)."""
        from campaign.views.narrate import describe

        of = self.after.kind
        states = self.states or (self.after.state,) * len(self.recorded)
        told = []
        for event, state in zip(self.recorded, states):
            automatic = "  [automatic]" if event.actor == AUTOMATIC_ACTOR else ""
            told += [describe(event, of) + automatic, *of.outcome(state, event)]
        return told

    @property
    def next_step(self) -> str:
        return self.after.kind.next_step(self.after.state)


def perform(campaigns: Campaigns, act: Act) -> Outcome:
    """Record what `act` decides, keep beside the log what its next readers ask for first, and
    say how it came out."""

    before: list[Loaded] = []

    def decide(loaded: Loaded) -> list[Draft]:
        if act.rules:
            require(act.campaign, act.rules, loaded)
        before[:] = [loaded]
        decided = list(act.decide(loaded))
        loaded.kind.check_actor(loaded.state, decided, act.actor)
        return decided

    recorded = record(campaigns, act.campaign, decide, act.actor, again=act.again, when=act.when)
    if recorded and campaigns.after is not None:
        _notices_due(campaigns, before[0].state, campaigns.after, act.actor, recorded)
    after = campaigns.after or campaigns.load(act.campaign)
    states = campaigns.stepped if recorded else ()
    return Outcome(
        act.campaign, recorded, after, campaigns.database.unkept if recorded else None, states
    )


def require(name: str, rules: str, loaded: Loaded) -> Loaded:
    """The campaign's log, refusing a command meant for another kind of campaign."""
    if loaded.kind.rules != rules:
        meant = registry.kind(rules).title
        raise CampaignError(
            f"That is a command of {meant}; {name} is a campaign of {loaded.kind.title}."
        )
    return loaded


def record(
    campaigns: Campaigns, name: str, decide: Decide, actor: str, **options: Any
) -> list[CampaignEvent]:
    """What `decide` makes of the campaign's log, recorded as `actor` (`Campaigns.act_on_log`'s
    options: `again`, `when`), and kept beside the log for its next readers."""
    recorded = campaigns.act_on_log(name, decide, actor, **options)
    _keep_for_readers(campaigns, recorded)
    return recorded


def start(
    campaigns: Campaigns,
    started: dict[str, Any],
    then: Callable[[Any], list[Draft]],
    actor: str,
) -> Outcome:
    """A new campaign's first event and what `then` decides on its initial state, recorded and
    kept beside the log for its next readers."""
    recorded = campaigns.start(started, then, actor)
    _keep_for_readers(campaigns, recorded)
    after = campaigns.after
    assert after is not None  # set by the start just recorded
    _notices_due(campaigns, None, after, actor, recorded)
    return Outcome(after.facts.name, recorded, after, campaigns.database.unkept)


def _notices_due(
    campaigns: Campaigns, before: Any, after: Loaded, actor: str, recorded: Sequence[CampaignEvent]
) -> None:
    """The turn notices a write made due (`campaign.notify.notices`): for each person with a task he
    had not before it, and each whose task a ruling, an undo or a passed deadline took away,
    kept beside the log under the write's last event."""
    from campaign.notify import notices
    from campaign.views.narrate import describe

    step, deadline, _ = notices.now_due(after)
    said = ""
    if before is not None and notices.takes_away(recorded, actor):
        said = "; ".join(describe(e, after.kind) for e in recorded)
    of, name = after.kind, after.facts.name
    disputed = of.arbiter_tasks(after.state) or (before is not None and of.arbiter_tasks(before))
    arbiters = notices.linked(campaigns.secrets.unseal(name)) if disputed else ()
    due = notices.due_after(
        of, before, after.state, actor, len(after.events), step, deadline, said, arbiters
    )
    if not due:
        return
    campaigns.database.beside_the_log(
        lambda: campaigns.secrets.keep_all(name, due), "the turn notices it made due were not kept"
    )


def _keep_for_readers(campaigns: Campaigns, recorded: list[CampaignEvent]) -> None:
    """The reports readers ask for first after an append, and the states their rounds ended in
    (`service.reports.keep_after_append`), from the log the writer has just extended."""
    after = campaigns.after
    if recorded and after is not None:
        from campaign.service.reports import keep_after_append

        name = after.facts.name
        campaigns.database.beside_the_log(lambda: keep_after_append(campaigns, name, after))
