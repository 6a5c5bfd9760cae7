"""Playing from Discord (issue #49): the hub's interactions endpoint, `POST /discord/interactions`.

Discord sends each slash command and each button press here, signed with the application's
Ed25519 key over the timestamp and the body; the hub checks the signature with the application's
public key (`CAMPAIGN_DISCORD_PUBLIC_KEY`, hex) and refuses, 401, what it does not sign or what
was signed more than `FRESH` seconds ago. A PING is answered PONG (Discord's own probe).

Who acts is the person whose contact holds the Discord user id (`campaign contact NAME
--discord ID`), in the campaign the channel is bound to (`campaign discord bind CHANNEL_ID`).
`/campaign status` says where the campaign stands; `/campaign turn` shows the person his forms,
each choice a button carrying what his form showed (`pages.as_shown`), so that a press on a
message the campaign has moved on from is refused, as a stale page's form is. A press is decided
as the hub's form is (`hub.decide`: the same service, the same actor), once: the interaction's
id is claimed beside the log before anything is recorded, so a retried delivery, on any worker,
records nothing twice. Refusals are the command line's sentences, shown to him alone; what is
recorded is said in the channel. No message pings anyone (`allowed_mentions`)."""

from __future__ import annotations

import json
import os
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from campaign.errors import CampaignError, StoreError
from campaign.input.names import folded
from campaign.notify.discord import BOUND
from campaign.service.unit_of_work import Campaigns
from campaign.web.base import Stores, of

PUBLIC_KEY = "CAMPAIGN_DISCORD_PUBLIC_KEY"
"""The environment setting that holds the Discord application's public key, in hex."""
FRESH = 300
"""Seconds an interaction's signed timestamp may lie from the hub's clock."""
BODY_BYTES = 64 * 1024
"""The largest interaction read: Discord's are a few kilobytes."""
SEEN = "interaction:"
"""In a campaign's kept labels: an interaction recorded (or answered), by its id, claimed once."""
PING, COMMAND, COMPONENT, SUBMITTED = 1, 2, 3, 5
PONG, MESSAGE, MODAL = 1, 4, 9
EPHEMERAL = 64
QUIET = {"parse": []}
"""`allowed_mentions` of every answer: a name or a note that reads @everyone pings nobody."""
Answer = dict[str, Any]
"""An interaction's answer, as Discord reads it."""
ROW, ROWS = 5, 5
"""Buttons in a row, rows in a message (Discord's limits)."""

COMMANDS = [
    {
        "name": "campaign",
        "type": 1,
        "description": "Play the campaign this channel is bound to.",
        "options": [
            {
                "type": 1,
                "name": "turn",
                "description": "Your step now, each choice a button (only you see it).",
            },
            {
                "type": 1,
                "name": "status",
                "description": "Where the campaign stands, and what next.",
            },
        ],
    }
]
"""The slash commands this endpoint answers, as Discord registers them (`campaign discord
register`): `/campaign turn` and `/campaign status`."""


async def endpoint(request: Request) -> Response:
    """An interaction, its signature checked before its body is read as JSON."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > BODY_BYTES:
            return JSONResponse({"error": "too large"}, status_code=413)
    if not signed(request.headers, bytes(body)):
        return Response("invalid request signature", status_code=401)
    try:
        interaction = json.loads(body)
    except ValueError:
        return JSONResponse({"error": "not JSON"}, status_code=400)
    if not isinstance(interaction, dict):
        return JSONResponse({"error": "not an interaction"}, status_code=400)
    if interaction.get("type") == PING:
        return JSONResponse({"type": PONG})
    return await run_in_threadpool(answer, request, interaction)


def signed(headers: Any, body: bytes) -> bool:
    """Whether Discord signed `body`: an Ed25519 signature, by the application's key, over the
    timestamp and the body, the timestamp within `FRESH` seconds of now."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    key, signature = os.environ.get(PUBLIC_KEY, ""), headers.get("x-signature-ed25519", "")
    stamp = headers.get("x-signature-timestamp", "")
    if not (key and signature and stamp.isascii() and stamp.isdigit()):
        return False
    from campaign.input.clock import now

    if abs(now().timestamp() - int(stamp)) > FRESH:
        return False
    try:
        public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(key))
        public.verify(bytes.fromhex(signature), stamp.encode() + body)
    except (ValueError, InvalidSignature):
        return False
    return True


def answer(request: Request, interaction: dict[str, Any]) -> Response:
    """A slash command, a button press or a modal sent, answered in the channel or to its sender
    alone."""
    hub = of(request)
    stores = hub.stores or Stores(hub.db, hub.witness, limit=0)
    try:
        campaigns = stores.take()
    except CampaignError as error:
        return JSONResponse(said(str(error), alone=True))
    failed = True
    try:
        answered = _answered(request, campaigns, interaction)
        failed = False
        return JSONResponse(answered)
    except CampaignError as error:
        failed = isinstance(error, StoreError)
        return JSONResponse(said(str(error), alone=True))
    finally:
        stores.give(campaigns, failed)


def _answered(request: Request, campaigns: Campaigns, interaction: dict[str, Any]) -> Answer:
    name = bound(campaigns, str(interaction.get("channel_id", "")))
    user = (interaction.get("member") or {}).get("user") or interaction.get("user") or {}
    person, role = who(campaigns, name, str(user.get("id", "")))
    data = interaction.get("data") or {}
    if interaction.get("type") == COMMAND:
        asked = next((o.get("name") for o in data.get("options") or []), "status")
        if asked == "turn":
            return _turn(campaigns, name, person, role)
        return said(_status(campaigns, name), alone=True)
    if interaction.get("type") in (COMPONENT, SUBMITTED):
        return _pressed(request, campaigns, (name, role, person), interaction)
    raise CampaignError("This kind of interaction is not one the campaign answers.")


def bound(campaigns: Campaigns, channel: str) -> str:
    """The campaign this Discord channel is bound to (`campaign discord bind`)."""
    for entry in campaigns.listing.entries(archived=False):
        if channel and campaigns.secrets.unseal(entry.name).get(BOUND) == channel:
            return str(entry.name)
    raise CampaignError(
        "No campaign is played in this channel: its organiser binds one with campaign discord "
        "bind CHANNEL_ID."
    )


def who(campaigns: Campaigns, name: str, user: str) -> tuple[str, str]:
    """The person whose contact holds Discord user `user` in campaign `name`, and his role: a
    player, else an arbiter or the organiser (whose personal links say so)."""
    from campaign.notify import notices

    kept = campaigns.secrets.unseal(name)
    mine = [n for n, c in notices.contacts(kept).items() if user and c.get("discord") == user]
    of_kind, state = _now(campaigns, name)
    for role, people in (
        ("player", of_kind.players(state)),
        ("arbiter", notices.linked(kept, ("arbiter",))),
        ("organiser", notices.linked(kept, ("organiser",))),
    ):
        person = next((p for p in people if folded(p) in mine), None)
        if person is not None:
            return person, role
    raise CampaignError(
        f"You are not one of the people of {name} here: the organiser links your Discord "
        "account with campaign contact NAME --discord YOUR_ID."
    )


def _now(campaigns: Campaigns, name: str) -> tuple[Any, Any]:
    """The campaign's kind and state now, as the last writer kept them beside the log (no log
    read), else folded from it (`pages.state_now`)."""
    from campaign.web.pages import state_now

    of_kind, state, _, _ = state_now(campaigns, name)
    return of_kind, state


def _status(campaigns: Campaigns, name: str) -> str:
    of_kind, state = _now(campaigns, name)
    return f"{name}: {of_kind.summary(state)}\nNext: {of_kind.next_step(state)}"


def _turn(campaigns: Campaigns, name: str, person: str, role: str) -> Answer:
    """His forms now, each choice a button (one whose form asks for more opens a modal)."""
    from campaign.web.pages import actions

    of_kind, state = _now(campaigns, name)
    forms = actions(of_kind, state, role, person)
    if not forms:
        step = of_kind.next_step(state)
        return said(f"Nothing waits for you in {name} now. Next: {step}", alone=True)
    lines, buttons = [], []
    for form in forms:
        lines.append(form["label"])
        shown = form.get("hidden", {}).get("shown", "")
        for index, (_, words) in enumerate((form.get("choices") or {}).items()):
            custom = f"act:{form['action']}:{index}:{shown}"
            buttons.append({"type": 2, "style": 1, "label": words[:80], "custom_id": custom})
    return said("\n".join(lines), alone=True, buttons=buttons[: ROW * ROWS])


def _pressed(
    request: Request, campaigns: Campaigns, granted: tuple[str, str, str], interaction: dict
) -> Answer:
    """A button of `_turn` pressed, or the modal it opened sent: its form decided as the hub
    decides a form, once; a form that asks for more than its choice opens a modal first."""
    from campaign.web.hub import decide
    from campaign.web.pages import actions

    name, role, person = granted
    data = interaction.get("data") or {}
    parts = str(data.get("custom_id", "")).split(":")
    if len(parts) != 4 or parts[0] != "act" or not parts[2].isdigit():
        raise CampaignError("This button is not one the campaign made.")
    _, action, index, shown = parts
    of_kind, state = _now(campaigns, name)
    forms = [f for f in actions(of_kind, state, role, person) if f["action"] == action]
    form = next((f for f in forms if f.get("hidden", {}).get("shown") == shown), None)
    if form is None or int(index) >= len(form.get("choices") or {}):
        raise CampaignError(
            f"The campaign moved on since this message: {of_kind.next_step(state)} "
            "(/campaign turn shows your step now)."
        )
    if form.get("fields") and interaction.get("type") == COMPONENT:
        return _modal(form, str(data["custom_id"]))
    stream = campaigns.listing.stream(name).hex
    if not campaigns.secrets.claim(stream, SEEN + str(interaction.get("id", "")), "pressed"):
        return said("This was answered already.", alone=True)
    choice = list(form["choices"])[int(index)]
    values = {**_typed(data), "choice": choice, **form.get("hidden", {})}
    hub = of(request)
    with hub.writers.writing(name):
        told, recorded = decide(campaigns, granted, action, values)
    if recorded and hub.notifier is not None:
        hub.notifier.soon(name)
    return said(f"{person}: {told}") if recorded else said(told, alone=True)


def _modal(form: dict[str, Any], custom: str) -> Answer:
    """The form's fields to fill in, as a Discord modal (its text inputs: at most five, labels of
    at most 45 characters); a field with choices names them."""
    inputs = []
    for field in form["fields"][:5]:
        hint = " or ".join(field.get("choices") or {}) or None
        entry = {
            "type": 4,
            "custom_id": field["name"],
            "label": field["label"][:45],
            "style": 1,
            "required": bool(field.get("required")),
            **({"placeholder": hint[:100]} if hint else {}),
        }
        inputs.append({"type": 1, "components": [entry]})
    return {
        "type": MODAL,
        "data": {"custom_id": custom, "title": form["label"][:45], "components": inputs},
    }


def _typed(data: dict[str, Any]) -> dict[str, str]:
    """What a modal's text inputs hold, by field name (none for a button)."""
    typed = {}
    for row in data.get("components") or []:
        for entry in row.get("components") or []:
            if entry.get("type") == 4 and isinstance(entry.get("value"), str):
                typed[str(entry.get("custom_id"))] = entry["value"]
    return typed


def said(words: str, alone: bool = False, buttons: list[dict[str, Any]] | None = None) -> Answer:
    """An answer in the channel (or to its sender alone), pinging nobody."""
    from campaign.views.formats import markdown_escape

    # names and notes are text: Discord's Markdown escaped, as the turn notices escape it
    data: dict[str, Any] = {"content": markdown_escape(words)[:2000], "allowed_mentions": QUIET}
    if alone:
        data["flags"] = EPHEMERAL
    if buttons:
        rows = [buttons[at : at + ROW] for at in range(0, len(buttons), ROW)]
        data["components"] = [{"type": 1, "components": row} for row in rows]
    return {"type": MESSAGE, "data": data}
