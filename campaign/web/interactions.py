"""Playing from Discord (issue #49): the hub's interactions endpoint, `POST /discord/interactions`.

Discord sends each slash command and each button press here, signed with the application's
Ed25519 key over the timestamp and the body; the hub checks the signature with the application's
public key (`CAMPAIGN_DISCORD_PUBLIC_KEY`, hex) and refuses, 401, what it does not sign or what
was signed more than `FRESH` seconds ago. A PING is answered PONG (Discord's own probe).

Who acts is the person whose contact holds the Discord user id (`campaign contact NAME
--discord ID`), in the campaign the channel is bound to (`campaign discord bind CHANNEL_ID`).
`/campaign`'s subcommands (`SUBCOMMANDS`): `status` says where the campaign stands; `options`
what the person may do now, in words; `report` puts the last finished round's Markdown report
in the channel; `turn` shows the person his forms (`discord.layout`: a few choices as buttons,
more as select menus, a form with no choice one button), each carrying what his form showed
(`pages.as_shown`), so that a press on a message the campaign has moved on from is refused, as a
stale page's form is. A turn notice the bot posted (`delivery.step_buttons`) carries instead
where the log stood and whose the button is (`discord.at_notice`): decided only while nothing
was recorded since, for that person. A form that asks for more than its choice opens a modal
(at most five inputs: the rest as NAME=VALUE lines in the last; a field with choices takes one
of them). A press is decided as the hub's form is (`hub.decide`: the same service, the same
actor), once: the interaction's id is claimed beside the log before anything is recorded, so a
retried delivery, on any worker, records nothing twice. Refusals are the command line's
sentences, shown to him alone; what is recorded is said in the channel. No message pings anyone
(`allowed_mentions`)."""

from __future__ import annotations

import json
import os
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from campaign.errors import CampaignError, StoreError
from campaign.input.names import folded
from campaign.notify.discord import BOUND, ROWS, at_notice, layout, short, whose
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
LIMIT = 2000
"""Characters in a message (Discord's limit)."""
CUT = "\n… the rest of the report: campaign report, or the report's page on the hub."

SUBCOMMANDS = {
    "turn": "Your step now, each choice a button (only you see it).",
    "status": "Where the campaign stands, and what next.",
    "options": "What you may do now, in words (only you see it).",
    "report": "The last finished round's report, in the channel.",
}
"""`/campaign`'s subcommands, the same for every kind (Discord's words, no kind's command), by
name: what Discord's list says of each."""
COMMANDS = [
    {
        "name": "campaign",
        "type": 1,
        "description": "Play the campaign this channel is bound to.",
        "options": [
            {"type": 1, "name": name, "description": says} for name, says in SUBCOMMANDS.items()
        ],
    }
]
"""The slash commands this endpoint answers, as Discord registers them (`campaign discord
register`): `/campaign turn`, `status`, `options` and `report`."""
INPUTS = 5
"""Text inputs in a modal (Discord's limit): a form that asks for more takes the rest in one
input, a line each."""
MORE = ":more"
"""The custom id of a modal's input that holds the fields beyond `INPUTS`, as NAME=VALUE lines
(a colon: never a field's name)."""


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
        answers = {
            "turn": lambda: _turn(campaigns, name, person, role),
            "options": lambda: said(_options(campaigns, name, person, role), True, escaped=True),
            "report": lambda: said(_report(campaigns, name), escaped=True),
        }
        return answers.get(asked, lambda: said(_status(campaigns, name), alone=True))()
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


def _options(campaigns: Campaigns, name: str, person: str, role: str) -> str:
    """What he may do now, in words: each form's label, its choices and what it asks for (the
    `/campaign turn` message without its buttons), escaped and within one message."""
    from campaign.views.formats import markdown_escape
    from campaign.web.pages import actions

    of_kind, state = _now(campaigns, name)
    forms = actions(of_kind, state, role, person)
    if not forms:
        return markdown_escape(
            f"Nothing waits for you in {name} now. Next: {of_kind.next_step(state)}"
        )
    lines = [f"What {person} may do in {name} now:"]
    for form in forms:
        lines.append(f"• {form['label']}")
        lines += [f"    ◦ {words}" for words in (form.get("choices") or {}).values()]
        asked = [f["label"] for f in _asked(form)]
        lines += [f"    ◦ asks for: {'; '.join(asked)}"] if asked else []
    return _fitted([markdown_escape(line) for line in lines], "/campaign turn offers every one")


def _fitted(lines: list[str], rest: str, limit: int = LIMIT) -> str:
    """`lines` within one message: those that fit, and how many more there are."""
    kept: list[str] = []
    for at, line in enumerate(lines):
        more = f"… and {len(lines) - at} more line(s): {rest}."
        if len("\n".join([*kept, line, more])) > limit:
            return "\n".join([*kept, more])
        kept.append(line)
    return "\n".join(kept)


def _report(campaigns: Campaigns, name: str) -> str:
    """The last finished round's report as Markdown (what `campaign report` and `post` show,
    every name and note escaped), in one message: its first, and where the rest may be read."""
    from campaign.proof.witness import gave
    from campaign.service.reports import kept_report
    from campaign.views import formats
    from campaign.views.reports import sealed

    data = kept_report(campaigns, name, None, lambda: campaigns.refresh(name))
    gave(campaigns.witness, name, data)
    messages = formats.markdown(sealed(data))
    if len(messages) == 1:
        return messages[0]
    return formats.markdown(sealed(data), limit=LIMIT - len(CUT))[0] + CUT


def _turn(campaigns: Campaigns, name: str, person: str, role: str) -> Answer:
    """His forms now: a form of a few choices as buttons (one button where it has none), of more
    as select menus; one that asks for more than its choice opens a modal when chosen."""
    from campaign.web.pages import actions

    of_kind, state = _now(campaigns, name)
    forms = actions(of_kind, state, role, person)
    if not forms:
        step = of_kind.next_step(state)
        return said(f"Nothing waits for you in {name} now. Next: {step}", alone=True)
    guarded = [(form, form.get("hidden", {}).get("shown", ""), "") for form in forms]
    rows = layout(guarded)
    lines = [form["label"] for form in forms]
    if len(rows) > ROWS:
        lines.append("A message holds five rows of choices: the rest follow once these are done.")
    return said("\n".join(lines), alone=True, rows=rows[:ROWS])


def _pressed(
    request: Request, campaigns: Campaigns, granted: tuple[str, str, str], interaction: dict
) -> Answer:
    """A button of `_turn` pressed, a choice of its menus picked, or the modal either opened
    sent: its form decided as the hub decides a form, once; a form that asks for more than its
    choice opens a modal first."""
    from campaign.web.hub import decide

    name, role, person = granted
    data = interaction.get("data") or {}
    action, index, shown = _chosen(data)
    form = _offered(campaigns, granted, action, shown, index)
    if _asked(form) and interaction.get("type") == COMPONENT:
        return _modal(form, f"act:{action}:{index}:{shown}")
    choices = list(form.get("choices") or {})
    values = {**_typed(data, form), **form.get("hidden", {})}
    if choices:
        values["choice"] = choices[index]
    stream = campaigns.listing.stream(name).hex
    if not campaigns.secrets.claim(stream, SEEN + str(interaction.get("id", "")), "pressed"):
        return said("This was answered already.", alone=True)
    hub = of(request)
    with hub.writers.writing(name):
        told, recorded = decide(campaigns, granted, action, values)
    if recorded and hub.notifier is not None:
        hub.notifier.soon(name)
    return said(f"{person}: {told}") if recorded else said(told, alone=True)


def _chosen(data: dict[str, Any]) -> tuple[str, int, str]:
    """The form a component names (`act:ACTION:INDEX:SHOWN`, or a menu's `pick:ACTION:PAGE:SHOWN`
    with the index picked), and the choice's place in it."""
    parts = str(data.get("custom_id", "")).split(":")
    if len(parts) != 4 or parts[0] not in ("act", "pick"):
        raise CampaignError("This button is not one the campaign made.")
    made, action, at, shown = parts
    picked = data.get("values") if made == "pick" else [at]
    if not (isinstance(picked, list) and len(picked) == 1 and _index(picked[0])):
        raise CampaignError("This button is not one the campaign made.")
    return action, int(picked[0]), shown


def _index(typed: Any) -> bool:
    return isinstance(typed, str) and typed.isascii() and typed.isdigit() and len(typed) <= 4


def _offered(
    campaigns: Campaigns, granted: tuple[str, str, str], action: str, shown: str, index: int
) -> dict[str, Any]:
    """The form offered now that showed what the pressed message showed, or the refusal of a
    message the campaign moved on from."""
    from campaign.web.pages import actions, state_now

    name, role, person = granted
    of_kind, state, at, _ = state_now(campaigns, name)
    forms = actions(of_kind, state, role, person)
    if shown.startswith("@"):  # a turn notice's: where the log stood, the form's place, whose
        _, _, place, whom = (shown[1:].split(".") + ["", "", "", ""])[:4]
        if whom != whose(person):
            raise CampaignError("This button is another person's: /campaign turn shows you yours.")
        placed = int(place) if _index(place) and int(place) < len(forms) else None
        here = placed is not None and at is not None and at_notice(*at, placed, person) == shown
        offered = [forms[placed]] if here and placed is not None else []
    else:
        offered = [f for f in forms if f.get("hidden", {}).get("shown", "") == shown]
    form = next((f for f in offered if f["action"] == action), None)
    if form is None or index >= max(1, len(form.get("choices") or {})):
        raise CampaignError(
            "The campaign moved on since this message: "
            f"{of_kind.next_step(state).rstrip('.')} (/campaign turn shows your step now)."
        )
    return form


def _asked(form: dict[str, Any]) -> list[dict[str, Any]]:
    """What a form asks to be typed: its choice where it offers none to pick (`choices` None),
    then its fields."""
    typed = {"name": "choice", "label": form["label"], "required": True, "hint": form["label"]}
    return [*([typed] if form.get("choices") is None else []), *form.get("fields", [])]


def _modal(form: dict[str, Any], custom: str) -> Answer:
    """What the form asks for, as a Discord modal: a text input each (labels of at most 45
    characters; a field with choices names them), and where it asks for more than `INPUTS`,
    the rest in one input, a line NAME=VALUE each."""
    asked = _asked(form)
    inputs = [_input(field) for field in asked]
    if len(asked) > INPUTS:
        rest = "\n".join(f"{field['name']}=" for field in asked[INPUTS - 1 :])
        more = {
            "type": 4,
            "custom_id": MORE,
            "label": "The rest: a line each, NAME=VALUE",
            "style": 2,
            "required": False,
            "value": rest[:4000],
        }
        inputs = [*inputs[: INPUTS - 1], more]
    return {
        "type": MODAL,
        "data": {
            "custom_id": custom,
            "title": short(form["label"], 45),
            "components": [{"type": 1, "components": [entry]} for entry in inputs],
        },
    }


def _input(field: dict[str, Any]) -> dict[str, Any]:
    hint = field.get("hint") or " or ".join(field.get("choices") or {}) or None
    return {
        "type": 4,
        "custom_id": field["name"],
        "label": short(field["label"], 45),
        "style": 1,
        "required": bool(field.get("required")),
        **({"placeholder": short(hint, 100)} if hint else {}),
    }


def _typed(data: dict[str, Any], form: dict[str, Any]) -> dict[str, str]:
    """What a modal's text inputs hold, by the name of the field the form asks for (nothing
    else: a value the form does not ask for is not read); a field with choices holds one of
    them, as its key or its words. None for a button."""
    asked = {field["name"]: field for field in _asked(form)}
    sent: dict[str, str] = {}
    for row in data.get("components") or []:
        for entry in row.get("components") or []:
            if entry.get("type") == 4 and isinstance(entry.get("value"), str):
                sent[str(entry.get("custom_id"))] = entry["value"]
    typed = {name: value for name, value in sent.items() if name in asked}
    for line in sent.get(MORE, "").splitlines():
        key, sep, value = line.partition("=")
        named = next((n for n in asked if folded(n) == folded(key.strip())), None)
        if line.strip() and (not sep or named is None):
            raise CampaignError(
                "Write each line of the rest as NAME=VALUE, a name the form asks for: not "
                f"{line!r}."
            )
        if named is not None:
            typed[named] = value.strip()
    return {name: _picked(asked[name], value) for name, value in typed.items()}


def _picked(field: dict[str, Any], typed: str) -> str:
    """A value typed for `field`: where it has choices, the one it names (by its key or its
    words, in any case); else as typed."""
    choices = field.get("choices") or {}
    if not choices or not typed.strip():
        return typed
    for key, words in choices.items():
        if folded(typed.strip()) in (folded(key), folded(words)):
            return str(key)
    raise CampaignError(f"{field['label']}: write {' or '.join(choices)}, not {typed!r}.")


def said(
    words: str,
    alone: bool = False,
    rows: list[list[dict[str, Any]]] | None = None,
    escaped: bool = False,
) -> Answer:
    """An answer in the channel (or to its sender alone), pinging nobody; `words` escaped unless
    they are Markdown the program made (`escaped`: a report, whose names are escaped)."""
    from campaign.views.formats import markdown_escape

    # names and notes are text: Discord's Markdown escaped, as the turn notices escape it
    content = words if escaped else markdown_escape(words)
    data: dict[str, Any] = {"content": content[:LIMIT], "allowed_mentions": QUIET}
    if alone:
        data["flags"] = EPHEMERAL
    if rows:
        data["components"] = [{"type": 1, "components": row} for row in rows]
    return {"type": MESSAGE, "data": data}
