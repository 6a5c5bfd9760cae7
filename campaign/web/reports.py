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


ATOM = "http://www.w3.org/2005/Atom"


@with_store
def report_feed(request: Request, campaigns: Campaigns) -> Response:
    """Issue #54: the campaign's finished rounds as an Atom feed (RFC 4287), each report an entry
    whose id never changes (the campaign's identity, its first event's link, and the round's
    number: a rename keeps it), updated when the round ended, its text the report as plain text —
    so that a forum or a feed reader follows a campaign without an account."""
    from campaign.domain.log import finished
    from campaign.proof.checkpoint import origin_of

    name = campaigns.choose(request.path_params["name"])
    reading(request, name)
    loaded = campaigns.load(name)
    origin = origin_of(loaded.events[0]).removeprefix("campaign/")
    base, slug = str(request.base_url).rstrip("/"), quote(name, safe="/")
    entries = []
    for number in finished(loaded.kind, loaded.state):
        data = kept_report(campaigns, name, number, lambda: loaded)
        ended = loaded.round_ends.at(number)
        when = (ended or loaded).events[-1].timestamp.isoformat()
        page = f"{base}/report/{number}/{slug}"
        entries.append((f"urn:campaign:{origin}:report:{number}", data, when, page))
    feed = _atom(f"urn:campaign:{origin}", name, f"{base}/c/{slug}", entries, loaded)
    return Response(feed, media_type="application/atom+xml; charset=utf-8")


def _atom(ident: str, name: str, page: str, entries: list[Any], loaded: Any) -> bytes:
    """The feed's XML: ElementTree escapes every name and note as text."""
    import xml.etree.ElementTree as tree

    tree.register_namespace("", ATOM)
    root = tree.Element(f"{{{ATOM}}}feed")
    _text(root, "id", ident)
    _text(root, "title", f"{name}: reports")
    _text(root, "updated", loaded.events[-1].timestamp.isoformat())
    tree.SubElement(root, f"{{{ATOM}}}link", href=page)
    author = tree.SubElement(root, f"{{{ATOM}}}author")
    _text(author, "name", "the organiser")
    for ident_n, data, when, href in reversed(entries):  # the newest first
        entry = tree.SubElement(root, f"{{{ATOM}}}entry")
        _text(entry, "id", ident_n)
        _text(entry, "title", str(data.get("title") or ident_n))
        _text(entry, "updated", when)
        tree.SubElement(entry, f"{{{ATOM}}}link", href=href)
        content = _text(entry, "content", _plain(sealed(data)))
        content.set("type", "text")
    body: bytes = tree.tostring(root, encoding="utf-8", xml_declaration=True)
    return body


def _plain(report: dict[str, Any]) -> str:
    """The report as the terminal shows it, as plain text (no Markdown, and no rich markup made
    of what people typed: `plain_text`)."""
    from campaign.views.plain import plain_text
    from campaign.views.text_report import text_report

    return plain_text(text_report(report))


def _text(parent: Any, tag: str, value: str) -> Any:
    import xml.etree.ElementTree as tree

    element = tree.SubElement(parent, f"{{{ATOM}}}{tag}")
    element.text = value
    return element
