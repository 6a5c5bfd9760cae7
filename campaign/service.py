"""The use cases that record, one function each, called alike by the command line and the hub
(issue #25, begun): load → decide → settle → append, then keep beside the log what its next
readers ask for first. Neither entry point knows how a view or a report is kept.

Whatever fails after the append (a dropped connection, a busy file) never turns what was
recorded into a refusal: `Campaigns.unkept` says what was not kept, for the entry point to say.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from campaign.app import Campaigns, Loaded
from campaign.common import current_name
from campaign.drafts import Draft
from events.common import CampaignEvent

Decide = Callable[[Loaded], Sequence[Draft]]


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
) -> list[CampaignEvent]:
    """A new campaign's first event and what `then` decides on its initial state, recorded and
    kept beside the log for its next readers."""
    recorded = campaigns.start(started, then, actor)
    _keep_for_readers(campaigns, recorded)
    return recorded


def _keep_for_readers(campaigns: Campaigns, recorded: list[CampaignEvent]) -> None:
    """The reports readers ask for first after an append, and the states their rounds ended in
    (`views.reports.keep_after_append`), from the log the writer has just extended."""
    after = campaigns.after
    if recorded and after is not None:
        from campaign.views.reports import keep_after_append

        name = current_name(after.events)
        campaigns.beside_the_log(lambda: keep_after_append(campaigns, name, after))
