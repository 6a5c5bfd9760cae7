"""The hub's pages of a campaign's story: each finished round's report (a page with its map, or
its Markdown or BBCode as text) and the campaign on one page (#29), kept while the log ends where
they were drawn (`kept_page`), each report given a checkpoint the hub remembers (#30)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from campaign.errors import CampaignError
from campaign.proof.witness import gave
from campaign.service.reports import kept_report
from campaign.service.unit_of_work import Campaigns
from campaign.views import formats
from campaign.views.reports import history_data, report_data, sealed
from campaign.web.base import kept_page, reading, with_store
from campaign.web.pages import drawn_at, whole


def _report_number(request: Request) -> str:
    """The report page an address names (`report N`: `report_page` sends no other here)."""
    return f"report {whole(request.path_params['file'])}"


async def report_page(request: Request) -> Response:
    """A finished round's report: a page with its map, or its Markdown or BBCode as text."""
    if whole(request.path_params["file"]) is not None:
        return await _report_page(request)
    return await run_in_threadpool(report_text, request)


@kept_page(_report_number, lambda hub, page: hub.shown(page, "report.html"))
def _report_page(request: Request, campaigns: Campaigns, name: str) -> tuple[dict[str, Any], Any]:
    return _report(campaigns, name, int(request.path_params["file"]))


@with_store
def report_text(request: Request, campaigns: Campaigns) -> Response:
    """A finished round's report as Markdown or BBCode, read beside the stored view while it
    vouches for the log."""
    name = campaigns.choose(request.path_params["name"])
    reading(request, name)
    number, _, form = request.path_params["file"].partition(".")
    if whole(number) is None:
        raise CampaignError(f"There is no report called {request.path_params['file']!r}.")
    if form not in ("md", "bbcode"):
        raise CampaignError(f"A report is shown as a page, .md or .bbcode, not .{form}.")
    data = kept_report(campaigns, name, int(number), lambda: campaigns.refresh(name))
    shown = formats.markdown_text if form == "md" else formats.bbcode
    _gave(campaigns, name, data)
    return PlainTextResponse(shown(sealed(data)))


@kept_page(lambda request: "history", lambda hub, page: hub.shown(page, "history.html"))
def history_page(request: Request, campaigns: Campaigns, name: str) -> tuple[dict[str, Any], Any]:
    """The campaign on one page (#29: `campaign history`), drawn once while the log ends where
    it did."""
    loaded = campaigns.refresh(name)
    data = sealed(history_data(name, loaded))
    _gave(campaigns, name, data)
    values = dict(
        title=data["title"],
        report_title=data["title"],
        slug=quote(name, safe="/"),
        sections=data["sections"],
    )
    return values, drawn_at(loaded)


def _gave(campaigns: Campaigns, name: str, data: dict[str, Any]) -> None:
    """A report the hub gives: its checkpoint the latest the hub saw of the log (#30), where it
    is later than what it remembers."""
    gave(campaigns.witness, name, data)


def _report(campaigns: Campaigns, name: str, number: int) -> tuple[dict[str, Any], Any]:
    """A round's report page, and the last event it was drawn from."""
    kept = campaigns.kept.state(name, number)  # kept by the last writer (#16)
    if kept is not None:
        seen, kind, at_end = kept
        data = kept_report(campaigns, name, number, lambda: campaigns.refresh(name))
        at = seen["events"], seen["head"]
    else:
        loaded = campaigns.refresh(name)
        data, ended = report_data(name, loaded, number)
        kind, at_end, at = ended.kind, ended.state, drawn_at(loaded)
    picture = kind.picture(at_end, name, data.get("round"))
    _gave(campaigns, name, data)
    values = dict(
        title=data["title"],
        report_title=data["title"],
        slug=quote(name, safe="/"),
        number=number,
        picture=Markup(picture) if picture else None,
        sections=sealed(data)["sections"],
    )
    return values, at
