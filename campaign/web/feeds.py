"""Deadlines as iCalendar feeds on the hub (`campaign.notify.calendar`): a campaign's, and a
personal link's own."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from campaign.service.unit_of_work import Campaigns
from campaign.web.base import NO_LINK, of, with_store


@with_store
def campaign_calendar(request: Request, campaigns: Campaigns) -> Response:
    """The campaign's deadlines as an iCalendar feed (`campaign.notify.calendar`)."""
    name = campaigns.choose(request.path_params["name"])
    return _calendar(request, f"{name}: deadlines", campaigns.load(name), name, None)


@with_store
def personal_calendar(request: Request, campaigns: Campaigns) -> Response:
    """A person's own deadlines as an iCalendar feed: while it is his turn, the step's."""
    granted = campaigns.links.access(request.path_params["token"])
    if granted is None:
        return of(request).refusal(NO_LINK, 403)
    name, role, player = granted
    mine = player if role == "player" else None
    title = f"{name}: {player}'s deadlines" if mine else f"{name}: deadlines"
    return _calendar(request, title, campaigns.load(name), name, mine)


def _calendar(request: Request, title: str, loaded, name: str, player: str | None) -> Response:
    from urllib.parse import quote

    from campaign.input.clock import now
    from campaign.notify import calendar

    page = str(request.base_url).rstrip("/") + f"/c/{quote(name, safe='')}"
    body = calendar.feed(title, calendar.deadlines(loaded, name, player, page), now())
    return Response(body, media_type="text/calendar; charset=utf-8")
