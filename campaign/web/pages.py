"""What the hub's pages show, drawn from a campaign's state: as the last writer kept it beside
the log where it can (`state_now`), kept in this process under the last event it was drawn from
(`Drawn`), and drawn only of what the page shows."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

from campaign.app import Campaigns, finished
from campaign.errors import CampaignError

LOG_PAGE = 200
"""The log page's events at a time (issue #16: a page costs the same at any length)."""
DRAWN = 64
"""How many pages drawn from a campaign's state the hub keeps in memory (`Drawn`)."""


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

    def get(self, campaigns: Campaigns, name: str, what: str, draw) -> dict[str, Any]:
        """The page `what` of campaign `name`: as kept, or `draw()`n → (values, at)."""
        seen = campaigns.kept.view(name)
        if seen is not None:
            with self.lock:
                kept = self.pages.get((name, what, seen["events"], seen["head"]))
            if kept is not None:
                return kept
        values, at = draw()
        self.keep(name, what, values, at)
        return values

    def keep(self, name: str, what: str, values: dict[str, Any], at: tuple | None) -> None:
        """Keep page `what` drawn from the log ending `at` (`drawn_at`), unless None."""
        if at is not None:
            key = (name, what, *at)
            with self.lock:
                self.pages[key] = values
                while len(self.pages) > self.limit:
                    del self.pages[next(iter(self.pages))]


def drawn_at(loaded: Any) -> tuple[int, str] | None:
    """The last event a page was drawn from (its number and hash), or None when the log's chain
    is broken: such a page is never kept."""
    return (len(loaded.events), loaded.events[-1].chain) if loaded.chain_break is None else None


def recent(campaigns: Campaigns, name: str, loaded: Any) -> tuple:
    """The log as read (`loaded`), or its last `LOG_PAGE` events read alone while the stored
    view vouches for it, else the whole log."""
    if loaded is not None:
        return loaded.events
    read = campaigns.kept.tail(name, LOG_PAGE)
    return read[1] if read is not None else campaigns.load(name).events


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
    from campaign.readmodel import view

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


def actions(of: Any, state: Any, role: str, player: str | None) -> list[dict[str, Any]]:
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
