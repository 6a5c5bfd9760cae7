"""What every page of the hub shares: the `Hub` (its store, templates, forms, pages drawn,
notifier), the request's way to it (`of`), and `with_store`, which opens the store for a
request and turns a refusal into its sentence on a page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jinja2 import Environment
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from campaign.app import STORE_FAILURES, Campaigns, first_line
from campaign.errors import CampaignError, StoreError
from campaign.web.forms import Forms
from campaign.web.notifier import Notifier
from campaign.web.pages import Drawn
from campaign.witness import Witness

NO_LINK = "This link opens no campaign (it may have been revoked)."


@dataclass(frozen=True)
class Hub:
    """What every request of one served hub shares: its store, its page templates, the forms it
    handed out, the pages it drew."""

    db: str
    templates: Environment
    forms: Forms
    drawn: Drawn
    notifier: Notifier | None = None
    """Who sends the turn notices a form made due, if the hub sends them (`serve --notify`)."""
    witness: Witness | None = None
    """The checkpoints this hub saw (campaign.witness): a log that does not extend them is
    refused, never shown."""

    def page(self, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        shown = self.templates.get_template(template).render(**values)
        return HTMLResponse(shown, status_code=status)

    def refusal(self, sentence: str, status: int) -> HTMLResponse:
        return self.page("refused.html", status, title="Refused", sentence=sentence)


def of(request: Request) -> Hub:
    return request.app.state.hub


def with_store(handler):
    """A page over the hub's store, opened for the request and closed after it; a refusal is its
    sentence on a page, with the status it earns."""

    def handle(request: Request, *more: Any) -> Response:
        try:
            campaigns = Campaigns(of(request).db, existing=True, witness=of(request).witness)
        except CampaignError as error:
            return of(request).refusal(str(error), 503)
        try:
            return handler(request, campaigns, *more)
        except CampaignError as error:
            return of(request).refusal(str(error), _status(error))
        except STORE_FAILURES as failure:  # the store broke while it was read
            sentence = f"The campaign store cannot be read now ({first_line(failure)})."
            return of(request).refusal(sentence, 503)
        finally:
            campaigns.close()

    return handle


def _status(error: CampaignError) -> int:
    if isinstance(error, StoreError):
        return 503
    return 404 if "no campaign called" in str(error) else 400
