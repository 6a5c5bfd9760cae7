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
(`allowed_mentions`).

`/campaign act action:… choice:…` is the same press typed: Discord asks, as he types, what each
option may hold (an autocomplete interaction, answered with at most 25 choices): his forms now
(`pages.actions`, what `turn` shows: an action's name, its forms' words), then the chosen
action's choices, each filtered by what he typed. Sent, it is decided as the press of that
button is (the same claim, actor and refusals; a form that asks for more opens its modal); an
action or a choice not offered now is refused in one sentence naming the closest. `/campaign
map` answers at once that the answer follows (deferred: Discord waits 3 seconds, no more), draws
the map as a PNG in a thread of its own and edits it into that answer through Discord's REST API
(`discord.original`); a kind without a map says so at once."""

from __future__ import annotations

import json
import logging
import os
import threading
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from campaign.domain.grammar import plural
from campaign.errors import CampaignError, StoreError
from campaign.input.names import folded
from campaign.notify.discord import BOUND, ROWS, Original, at_notice, layout, original, short, whose
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
PING, COMMAND, COMPONENT, SUGGEST, SUBMITTED = 1, 2, 3, 4, 5
PONG, MESSAGE, DEFERRED, SUGGESTED, MODAL = 1, 4, 5, 8, 9
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
    "act": "Do one of your actions now: the action, then its choice, both offered as you type.",
    "status": "Where the campaign stands, and what next.",
    "options": "What you may do now, in words (only you see it).",
    "report": "The last finished round's report, in the channel.",
    "map": "The campaign's map now, as a picture, in the channel.",
}
"""`/campaign`'s subcommands, the same for every kind (Discord's words, no kind's command), by
name: what Discord's list says of each."""
TYPED = {
    "act": [
        {
            "type": 3,
            "name": "action",
            "description": "One of your actions now (offered as you type).",
            "required": True,
            "autocomplete": True,
        },
        {
            "type": 3,
            "name": "choice",
            "description": "One of its choices now (offered as you type), or what it asks typed.",
            "required": False,
            "autocomplete": True,
        },
    ]
}
"""The options of a subcommand that takes any (strings, offered by autocomplete), by name."""
COMMANDS = [
    {
        "name": "campaign",
        "type": 1,
        "description": "Play the campaign this channel is bound to.",
        "options": [
            {
                "type": 1,
                "name": name,
                "description": says,
                **({"options": TYPED[name]} if name in TYPED else {}),
            }
            for name, says in SUBCOMMANDS.items()
        ],
    }
]
"""The slash commands this endpoint answers, as Discord registers them (`campaign discord
register`): `/campaign turn`, `act`, `status`, `options`, `report` and `map`."""
SUGGESTIONS = 25
"""Choices in an autocomplete's answer (Discord's limit), each of at most 100 characters."""
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
    # an autocomplete is answered with choices or none: Discord shows no message there
    refused = (
        (lambda words: {"type": SUGGESTED, "data": {"choices": []}})
        if interaction.get("type") == SUGGEST
        else (lambda words: said(words, alone=True))
    )
    try:
        campaigns = stores.take()
    except CampaignError as error:
        return JSONResponse(refused(str(error)))
    failed = True
    try:
        answered = _answered(request, campaigns, interaction)
        failed = False
        return JSONResponse(answered)
    except CampaignError as error:
        failed = isinstance(error, StoreError)
        return JSONResponse(refused(str(error)))
    finally:
        stores.give(campaigns, failed)


def _answered(request: Request, campaigns: Campaigns, interaction: dict[str, Any]) -> Answer:
    name = bound(campaigns, str(interaction.get("channel_id", "")))
    user = (interaction.get("member") or {}).get("user") or interaction.get("user") or {}
    person, role = who(campaigns, name, str(user.get("id", "")))
    data = interaction.get("data") or {}
    granted = (name, role, person)
    if interaction.get("type") == SUGGEST:
        return _suggested(campaigns, granted, data)
    if interaction.get("type") == COMMAND:
        asked = next((o.get("name") for o in data.get("options") or []), "status")
        answers = {
            "turn": lambda: _turn(campaigns, name, person, role),
            "act": lambda: _act(request, campaigns, granted, interaction),
            "map": lambda: _map(campaigns, name, interaction),
            "options": lambda: said(_options(campaigns, name, person, role), True, escaped=True),
            "report": lambda: said(_report(campaigns, name), escaped=True),
        }
        return answers.get(asked, lambda: said(_status(campaigns, name), alone=True))()
    if interaction.get("type") in (COMPONENT, SUBMITTED):
        return _pressed(request, campaigns, granted, interaction)
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
        more = f"… and {plural(len(lines) - at, 'more line')}: {rest}."
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
    data = interaction.get("data") or {}
    action, index, shown = _chosen(data)
    form = _offered(campaigns, granted, action, shown, index)
    if _asked(form) and interaction.get("type") == COMPONENT:
        return _modal(form, f"act:{action}:{index}:{shown}")
    choices = list(form.get("choices") or {})
    values = {**_typed(data, form), **form.get("hidden", {})}
    if choices:
        values["choice"] = choices[index]
    return _decided(request, campaigns, granted, interaction, action, values)


def _decided(
    request: Request,
    campaigns: Campaigns,
    granted: tuple[str, str, str],
    interaction: dict[str, Any],
    action: str,
    values: dict[str, str],
) -> Answer:
    """A form decided as the hub decides it (`hub.decide`), once: the interaction's id claimed
    beside the log first; what is recorded said in the channel as his, a refusal to him alone."""
    from campaign.web.hub import decide

    name, _, person = granted
    stream = campaigns.listing.stream(name).hex
    if not campaigns.secrets.claim(stream, SEEN + str(interaction.get("id", "")), "pressed"):
        return said("This was answered already.", alone=True)
    hub = of(request)
    with hub.writers.writing(name):
        told, recorded = decide(campaigns, granted, action, values)
    if recorded and hub.notifier is not None:
        hub.notifier.soon(name)
    return said(f"{person}: {told}") if recorded else said(told, alone=True)


def _given(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The options of the subcommand an interaction names, by name (Discord sends each given
    one, and in an autocomplete each so far, the one being typed `focused`)."""
    sub: dict[str, Any] = next(iter(data.get("options") or []), {})
    return {str(o.get("name")): o for o in sub.get("options") or [] if isinstance(o, dict)}


def _value(key: str) -> str:
    """A choice's value as an autocomplete gives it: its key, or where that is longer than
    Discord's 100 characters, a digest of it (still naming that choice, never its place)."""
    import hashlib

    return key if len(key) <= 100 else "~" + hashlib.sha256(key.encode()).hexdigest()[:32]


def _by_action(forms: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """His forms by action, in the order `turn` shows them (a battle's reports: one action)."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    for form in forms:
        grouped.setdefault(form["action"], []).append(form)
    return grouped


def _filtered(offered: list[tuple[str, str]], typed: str) -> list[dict[str, str]]:
    """The (words, value) offered that hold what he typed, in any case: those that begin with
    it first, at most `SUGGESTIONS`."""
    wanted = folded(typed)
    first = [o for o in offered if folded(o[0]).startswith(wanted) or folded(o[1]) == wanted]
    then = [o for o in offered if o not in first and wanted in folded(o[0])]
    return [{"name": short(w, 100), "value": v} for w, v in (first + then)[:SUGGESTIONS]]


def _suggested(campaigns: Campaigns, granted: tuple[str, str, str], data: dict[str, Any]) -> Answer:
    """What `/campaign act`'s option being typed may hold: his actions now (an action's name,
    its forms' words), or the chosen action's choices; filtered by what he typed."""
    from campaign.web.pages import actions

    name, role, person = granted
    given = _given(data)
    focused = next((o for o in given.values() if o.get("focused")), None)
    offered: list[tuple[str, str]] = []
    if focused is not None:
        forms = _by_action(actions(*_now(campaigns, name), role, person))
        if focused.get("name") == "action":
            offered = [
                ("; ".join(f["label"] for f in same), action) for action, same in forms.items()
            ]
        elif focused.get("name") == "choice":
            chosen = _action(forms, str((given.get("action") or {}).get("value", "")), None)
            offered = [
                (str(words), _value(str(key)))
                for form in chosen or []
                for key, words in (form.get("choices") or {}).items()
            ]
    typed = str((focused or {}).get("value", ""))
    return {"type": SUGGESTED, "data": {"choices": _filtered(offered, typed)}}


def _closest(typed: str, among: list[str]) -> str:
    import difflib

    by_fold = {folded(words): words for words in among}
    found = difflib.get_close_matches(folded(typed), list(by_fold), n=1, cutoff=0.0)
    return by_fold[found[0]] if found else among[0]


def _action(
    forms: dict[str, list[dict[str, Any]]], typed: str, name: str | None
) -> list[dict[str, Any]] | None:
    """The forms of the action he named (its name, or a form's words, in any case); None, or
    where `name` is given the refusal naming the closest."""
    for action, same in forms.items():
        if typed == action or folded(typed) in (
            folded(action),
            *(folded(f["label"]) for f in same),
        ):
            return same
    if name is None:
        return None
    labels = [f["label"] for same in forms.values() for f in same]
    raise CampaignError(
        f"{typed!r} is not one of your actions in {name} now; the closest: "
        f"{_closest(typed, labels)} (/campaign turn shows your step now)."
    )


def _act(
    request: Request,
    campaigns: Campaigns,
    granted: tuple[str, str, str],
    interaction: dict[str, Any],
) -> Answer:
    """`/campaign act action:… choice:…`: the form and its choice he named, offered now, decided
    as the press of its button is (a form that asks for more: its modal, which carries what the
    form shows now); an action or a choice not offered now refused, naming the closest."""
    from campaign.web.pages import actions

    name, role, person = granted
    of_kind, state = _now(campaigns, name)
    grouped = _by_action(actions(of_kind, state, role, person))
    if not grouped:
        step = of_kind.next_step(state)
        return said(f"Nothing waits for you in {name} now. Next: {step}", alone=True)
    given = _given(interaction.get("data") or {})
    typed = {k: str((given.get(k) or {}).get("value", "")).strip() for k in ("action", "choice")}
    forms = _action(grouped, typed["action"], name) or []
    form, index = _choice(forms, typed["choice"])
    action, shown = form["action"], form.get("hidden", {}).get("shown", "")
    free = form.get("choices") is None and bool(typed["choice"])  # typed, none to pick
    if _asked(form) and not (free and not form.get("fields")):
        modal = _modal(form, f"act:{action}:{index}:{shown}")
        first = modal["data"]["components"][0]["components"][0]
        if free and first["custom_id"] == "choice":
            first["value"] = typed["choice"][:4000]
        return modal
    values = {**form.get("hidden", {})}
    choices = list(form.get("choices") or {})
    if choices or free:
        values["choice"] = choices[index] if choices else typed["choice"]
    return _decided(request, campaigns, granted, interaction, action, values)


def _choice(forms: list[dict[str, Any]], typed: str) -> tuple[dict[str, Any], int]:
    """The form among `forms` (one action's) and the place of its choice that `typed` names (a
    choice's key, its autocomplete value or its words, in any case); a form without choices
    takes none (or, where its choice is typed, what he typed); refused, naming the closest."""
    picked = [
        (form, at, str(key), str(words))
        for form in forms
        for at, (key, words) in enumerate((form.get("choices") or {}).items())
    ]
    label = forms[0]["label"]
    if not picked:
        if typed and forms[0].get("choices") is not None:
            raise CampaignError(f"{label} takes no choice: leave the choice option empty.")
        return forms[0], 0
    if not typed:
        if len(picked) == 1:
            return picked[0][0], picked[0][1]
        raise CampaignError(
            f"{label}: give its choice (the choice option offers them as you type)."
        )
    for form, at, key, words in picked:
        if typed in (key, _value(key)) or folded(typed) in (folded(key), folded(words)):
            return form, at
    closest = _closest(typed, [words for _, _, _, words in picked])
    raise CampaignError(f"{typed!r} is not a choice of {label} now; the closest: {closest}.")


def _map(campaigns: Campaigns, name: str, interaction: dict[str, Any]) -> Answer:
    """`/campaign map`: the map drawn now (the SVG the hub's page shows, a few milliseconds),
    made a PNG in a thread of its own (a good part of a second, longer than Discord's 3 seconds
    on a busy host) and edited into the answer deferred at once; a kind without a map says so
    at once, to the asker alone."""
    from campaign.views.reports import map_svg

    of_kind, state = _now(campaigns, name)
    svg = map_svg(name, of_kind, state, None)  # refused in one sentence: a kind without a map
    edit = original(str(interaction.get("application_id", "")), str(interaction.get("token", "")))
    words = f"{name} now: {of_kind.summary(state)}"
    threading.Thread(target=_drawn, args=(svg, words, edit), name="discord-map").start()
    return {"type": DEFERRED}


def _drawn(svg: str, words: str, edit: Original) -> None:
    """The map as a PNG edited into the deferred answer; where it cannot be drawn here (no
    Cairo), the sentence that says why instead. What Discord refuses is logged: nobody else
    waits on this thread."""
    from campaign.views.formats import markdown_escape
    from campaign.views.reports import svg_to_png

    try:
        try:
            picture: tuple[str, bytes] | None = ("map.png", svg_to_png(svg))
        except CampaignError as missing:
            picture, words = None, str(missing)
        edit.send(markdown_escape(words)[:LIMIT], picture)
    except CampaignError as refused:
        logging.getLogger(__name__).warning("The map was not edited into Discord: %s", refused)


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
    joined = ", ".join if field.get("many") else " or ".join  # boxes: several may be typed
    hint = field.get("hint") or joined(field.get("choices") or {}) or None
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
    words, in any case); for a field of boxes to tick (`many`), the words typed, each passed on
    as it is (the kind reads them as the hub's ticked boxes, and refuses what it does not know:
    a `free` line beside the boxes takes what they cannot say); else as typed."""
    choices = field.get("choices") or {}
    if not choices or not typed.strip() or field.get("many"):
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
