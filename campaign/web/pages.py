"""What the hub's pages show, drawn from a campaign's state: as the last writer kept it beside
the log where it can (`state_now`), kept in this process under the last event it was drawn from
(`Drawn`), and drawn only of what the page shows."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

from campaign.domain.log import finished
from campaign.domain.shared_commands import Ledger
from campaign.errors import CampaignError
from campaign.input.names import folded
from campaign.service.unit_of_work import Campaigns
from campaign.store.memory import bounded

LOG_PAGE = 200
"""The log page's events at a time (issue #16: a page costs the same at any length)."""
DRAWN = 64
"""How many pages drawn from a campaign's state the hub keeps in memory (`Drawn`)."""
BODIES = 4
"""How many bodies of one kept page the hub keeps, each as it was shown at one moment (`Page`)."""


@dataclass
class Page:
    """A page drawn from a campaign's state: the values its template shows, and the bodies it was
    rendered to (`Hub.shown`), one for each thing it said of the moment it was shown (a
    deadline's distance, who is away), so that the next reader of a kept page is sent bytes."""

    values: dict[str, Any]
    at: tuple | None = None
    """The log's last event it was drawn from (`drawn_at`): kept only where it is known."""
    bodies: dict[tuple, bytes] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def body(self, now: tuple, render: Callable[[], str]) -> bytes:
        """The page as shown with `now` (what it says of the moment), rendered once."""
        with self.lock:
            shown = self.bodies.get(now)
        if shown is None:
            shown = render().encode()
            with self.lock:
                self.bodies[now] = shown
                bounded(self.bodies, BODIES)
        return shown


class Drawn:
    """Pages drawn from a campaign's state (its page, a round's report, a player's own page), kept
    in this process under the log's last event they were drawn from — its number and hash — and
    served again while the store's view vouches that the log still ends there (issue #16: the
    next reader does not fold the whole log again). A hand edit of any event drops the view (its
    triggers), an event appended by hand leaves it behind the log: either way the page is drawn
    anew from the log. Only a page drawn from an intact chain is kept; never in the store (its map
    is markup)."""

    def __init__(self, limit: int = DRAWN) -> None:
        self.limit, self.pages, self.lock = limit, {}, threading.Lock()
        self.drawing: dict[tuple, threading.Lock] = {}
        """The pages being drawn now, each by one request (`get`)."""
        self.addressed: dict[tuple[str, str], tuple[uuid.UUID, str, Page]] = {}
        """The page last kept for each address (the campaign's name as typed in it, the page):
        the campaign's stream and name, and the page (`again`)."""

    def get(self, campaigns: Campaigns, name: str, what: str, draw) -> Page:
        """The page `what` of campaign `name`: as kept, or `draw()`n → (values, at) — by one
        request at a time: those asking for it meanwhile (readers let in together when a form
        has been recorded) wait, then find it kept, instead of each drawing it again (eight
        arbiters' pages after every note cost 11.6 ms of the processor a note, against 6.5 ms
        for one arbiter)."""
        seen = campaigns.kept.view(name)
        if seen is None:
            values, at = draw()
            return self.keep(name, what, Page(values, at))
        key = (name, what, seen["events"], seen["head"])
        with self.lock:
            kept = self.pages.get(key)
            drawing = None if kept is not None else self.drawing.setdefault(key, threading.Lock())
        if kept is not None:
            return kept
        with drawing:
            with self.lock:
                kept = self.pages.get(key)
            if kept is not None:
                return kept
            try:
                values, at = draw()
                return self.keep(name, what, Page(values, at))
            finally:
                with self.lock:
                    self.drawing.pop(key, None)

    def keep(self, name: str, what: str, page: Page) -> Page:
        """Keep page `what` drawn from the log ending `page.at` (`drawn_at`), unless None."""
        if page.at is not None:
            with self.lock:
                self.pages[(name, what, *page.at)] = page
                bounded(self.pages, self.limit)
        return page

    def address(self, typed: str, what: str, stream: uuid.UUID, name: str, page: Page) -> None:
        """Page `what` of campaign `name` (its `stream`), as kept, is the one its address names
        (`typed`: the name as typed in it) — until the log moves on (`again`)."""
        if page.at is not None:
            with self.lock:
                self.addressed[(typed, what)] = (stream, name, page)
                bounded(self.addressed, self.limit)

    def again(self, campaigns: Campaigns, typed: str, what: str) -> Page | None:
        """The page an address named last (`address`), while the store's view vouches that the
        log still ends where it was drawn — one query, no catalogue read, nothing rendered (the
        witness holds the view as it does every reader's); else None, and the page is drawn as
        usual."""
        with self.lock:
            found = self.addressed.get((typed, what))
        if found is None:
            return None
        stream, name, page = found
        seen = campaigns.kept.view(name, stream)
        return page if seen is not None and (seen["events"], seen["head"]) == page.at else None


def drawn_at(loaded: Any) -> tuple[int, str] | None:
    """The last event a page was drawn from (its number and hash), or None when the log's chain
    is broken: such a page is never kept."""
    return (len(loaded.events), loaded.events[-1].chain) if loaded.chain_break is None else None


def standing(campaigns: Campaigns, name: str, of: Any, loaded: Any) -> Ledger:
    """The organiser's actions standing (what an undo would take back): of the log as read
    (`loaded`), else as the stored view keeps them, else of the whole log."""
    if loaded is not None:
        return loaded.ledger
    seen = campaigns.kept.view(name)
    kept = None if seen is None else Ledger.kept(seen.get("ledger"), of)
    return kept if kept is not None else campaigns.load(name).ledger


def state_now(campaigns: Campaigns, name: str) -> tuple[Any, Any, tuple[int, str] | None, Any]:
    """The campaign's kind and state now, the last event they stand at (`drawn_at`), and the
    log they were folded from: as the last writer kept them beside the view, no log read (#16),
    the log then None; else from the whole log, read, checked and its view kept again."""
    kept = campaigns.kept.state(name)
    if kept is not None:
        seen, of, state = kept
        return of, state, (seen["events"], seen["head"]), None
    loaded = campaigns.refresh(name)
    return loaded.kind, loaded.state, drawn_at(loaded), loaded


NUMBER_DIGITS = 9
"""Digits of a number in a hub address (an event, a round): more is no event nor round there is."""


def whole(typed: str) -> int | None:
    """A whole number typed in an address, in ASCII digits and at most `NUMBER_DIGITS` of them
    (`str.isdigit` takes superscripts and other scripts' digits, which `int` then refuses, and
    `int` refuses more than 4,300 digits), else None."""
    if typed.isascii() and typed.isdigit() and len(typed) <= NUMBER_DIGITS:
        return int(typed)
    return None


def campaign_values(
    name: str, of: Any, state: Any, events: int, intact: bool, report: Callable[[int | None], Any]
) -> dict[str, Any]:
    """What the campaign's page shows: what is next, the deadline, the map, the report of the
    step in hand (`report(number)`'s data), the chain's badge."""
    ended = finished(of, state)
    number = in_hand(of, state, ended)
    data = report(number) if number is not None else {"sections": []}  # nothing to report yet
    picture = of.picture(state, name, None)
    return dict(
        title=name,
        name=name,
        slug=quote(name, safe="/"),
        kind_title=of.title,
        chain_intact=intact,
        events=events,
        finished=ended,
        period=of.period,
        next_step=of.next_step(state),
        deadline=data.get("deadline"),
        picture=Markup(picture) if picture else None,
        sections=[*of.page_sections(state), *data["sections"]],
    )


def brief(campaigns: Campaigns, name: str) -> dict[str, Any]:
    from campaign.readmodel.status import view

    return view(campaigns.refresh(name))  # an out-of-date view kept again for the next reader


def in_hand(of: Any, state: Any, ended: list[int]) -> int | None:
    """The report a campaign's page shows: the step in hand, or the last when all are over."""
    if of.period_over(state, len(ended) + 1):
        return ended[-1] if ended else None
    try:
        of.report(None, state, len(ended) + 1, [], state)
    except CampaignError:
        return ended[-1] if ended else None
    except Exception:  # noqa: BLE001 - a kind's report of a step not begun: show the last
        return ended[-1] if ended else None
    return len(ended) + 1


CONTACT_FORM = {
    "action": "contact",
    "label": "How you are told it is your turn (kept beside the log, never shown to others)",
    "choices": {},
    "fields": [
        {"name": "discord", "label": "Your Discord user id (Copy User ID), to be pinged"},
        {"name": "email", "label": "Your e-mail address"},
    ],
    "button": "Save",
}
"""A player's own contact for his turn notices (`campaign contact`), on his page in every kind."""


def on_behalf(of: Any, state: Any) -> list[dict[str, Any]]:
    """The forms of the step in hand for the organiser: each player's whom it waits for, to
    enter for him (his result sent by e-mail, his upgrade told on the phone)."""
    return [
        {
            **form,
            "label": f"For {player}: {form['label']}",
            "hidden": {**form.get("hidden", {}), "for": player},
        }
        for player in of.awaited(state)
        for form in of.player_actions(state, player)
    ]


UNGUARDED = ("note", "command", "contact")
"""Forms that show nothing they could confirm: what is typed in them is the whole of it."""


def as_shown(form: dict[str, Any]) -> str:
    """A digest of what a form shows its person — its words, its choices in words, its fields
    — carried by the form (`shown`) so that what it confirms is what he saw (issue #47)."""
    import hashlib
    import json

    words = {
        "label": form.get("label"),
        "choices": form.get("choices"),
        "fields": [f.get("label") for f in form.get("fields", [])],
        "for": form.get("hidden", {}).get("for"),
    }
    return hashlib.sha256(json.dumps(words, sort_keys=True).encode()).hexdigest()[:24]


def guarded(forms: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`forms`, each that could confirm what it shows carrying its digest (`as_shown`)."""
    return [
        form
        if form["action"] in UNGUARDED
        else {**form, "hidden": {**form.get("hidden", {}), "shown": as_shown(form)}}
        for form in forms
    ]


def still_shown(forms: list[dict[str, Any]], action: str, values: dict[str, str]) -> None:
    """Refuse a form whose page showed what no form of the page now shows (another person's
    claim changed since it was drawn, a step moved on): one mechanism for every kind's forms.
    A form its person is not offered at all is left to the kind to refuse, with its rule."""
    offered = [f for f in forms if f["action"] == action and action not in UNGUARDED]
    whom = values.get("for")
    if whom is not None:  # the organiser's form for one player: that player's forms
        offered = [f for f in offered if folded(f.get("hidden", {}).get("for", "")) == folded(whom)]
    if not offered or values.get("shown") in {as_shown(f) for f in offered}:
        return
    now = offered[0]
    chosen = (now.get("choices") or {}).get(values.get("choice", ""))
    reads = f"{now['label']}: {chosen}" if chosen else now["label"]
    raise CampaignError(
        f"What your page showed has changed since it was drawn; it now reads: {reads}. Look "
        "again before you send it."
    )


def actions(of: Any, state: Any, role: str, player: str | None) -> list[dict[str, Any]]:
    """What a link's person may do now, each form guarded (`guarded`)."""
    return guarded(_actions(of, state, role, player))


def _actions(of: Any, state: Any, role: str, player: str | None) -> list[dict[str, Any]]:
    if role == "player" and player:
        return of.player_actions(state, player)
    if role == "arbiter":
        return [
            *of.arbiter_actions(state),
            {"action": "note", "label": "A ruling or note for the log", "choices": None},
            {
                "action": "command",
                "label": "A ruling as on the command line ("
                + ", ".join(["undo --reason …", *of.arbiter_commands])
                + ")",
                "choices": None,
                "button": "Run",
            },
        ]
    if role == "organiser":
        example = f" (e.g. {of.console_example})" if of.console_example else ""
        return [
            *on_behalf(of, state),
            {
                "action": "command",
                "label": f"A command, as on the command line{example}",
                "choices": None,
                "button": "Run",
            },
        ]
    return []
