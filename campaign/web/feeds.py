"""Deadlines as iCalendar feeds on the hub (`campaign.notify.calendar`): a campaign's, and a
personal link's own."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from campaign.service.unit_of_work import Campaigns
from campaign.web.base import NO_LINK, of, with_store


@with_store
def campaign_calendar(request: Request, campaigns: Campaigns) -> Response:
    """The campaign's deadlines as an iCalendar feed (`campaign.notify.calendar`)."""
    name = campaigns.choose(request.path_params["name"])
    return _calendar(request, f"{name}: deadlines", campaigns, name, None)


@with_store
def personal_calendar(request: Request, campaigns: Campaigns) -> Response:
    """A person's own deadlines as an iCalendar feed: while it is his turn, the step's."""
    granted = campaigns.links.access(request.path_params["token"])
    if granted is None:
        return of(request).refusal(NO_LINK, 403)
    name, role, player = granted
    mine = player if role == "player" else None
    title = f"{name}: {player}'s deadlines" if mine else f"{name}: deadlines"
    return _calendar(request, title, campaigns, name, mine)


def _calendar(
    request: Request, title: str, campaigns: Campaigns, name: str, player: str | None
) -> Response:
    from urllib.parse import quote

    from campaign.input.clock import now
    from campaign.notify import calendar

    page = str(request.base_url).rstrip("/") + f"/c/{quote(name, safe='')}"
    seen, awaited, stream = _seen(campaigns, name)
    body = calendar.feed(title, calendar.deadlines(seen, awaited, stream, player, page), now())
    return Response(body, media_type="text/calendar; charset=utf-8")


def _seen(campaigns: Campaigns, name: str) -> tuple[dict[str, Any], tuple[str, ...], str]:
    """The campaign's view, who its step waits for and its stream: as the last writer kept them
    beside the log, no log read (issue #46: a feed polled every few minutes folded the whole
    log each time), else from the log, folded."""
    from campaign.readmodel import status

    kept = campaigns.kept.resumable(name)
    if kept is not None:
        seen, of, state, first = kept
        return seen, of.awaited(state), first.originator_id.hex
    loaded = campaigns.load(name)
    awaited = loaded.kind.awaited(loaded.state)
    return status.view(loaded), awaited, loaded.started.originator_id.hex
