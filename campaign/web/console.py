"""The organiser's and the arbiter's console on the hub: a line typed as on the command line,
parsed by the same command declarations into the same command, recorded through the same
service (`campaign.service.use_cases`), and refused in the same sentence. What the command says is
collected in streams of this request's own (`Output`) for the page: nothing is redirected,
nothing waits on another request, and the console script is not run.

Only the commands that record in this campaign are taken (`allowed`): none reads or writes a
file on the server or acts on another campaign; an arbiter only his rulings.
"""

from __future__ import annotations

import io
import shlex
from importlib import import_module
from typing import Any

from typer.main import get_command_from_info

from campaign.commandline.core import SHARED, Output, Session, command_name, guarded, speaking
from campaign.domain import registry
from campaign.errors import CampaignError
from campaign.input.text import TEXT_LIMIT

SHARED_COMMANDS = (
    "note",
    "undo",
    "redo",
    "deadline",
    "replace-player",
    "rename-player",
    "withdraw",
    "tick",
    "away",
    "contact",
    "notify",
)
"""What an organiser's link may run besides his kind's own commands: everything that records in
the campaign, and how its players are told (issue #50: a holiday, a contact, the notices due);
nothing that reads or writes a file on the server, or another campaign."""
ARBITER_COMMANDS = ("note", "undo", "redo")
"""An arbiter's rulings in every kind: notes, undo and redo with a reason; his kind adds its own
(`Kind.arbiter_commands`: a result against the figures, a die corrected)."""
ELSEWHERE = ("-c", "--campaign", "--db", "--actor")
"""Options that would aim a command at another campaign, store or person."""
CHANNELS = ("--smtp", "--from", "--webhook", "--keep")
"""`notify`'s options that name a server to reach or keep one: from the hub, its notices go
through the channels kept for the campaign (the hub's server connects to no host typed in a
page); the command line keeps them (`post --webhook URL --keep`, `notify --smtp URL --keep`)."""


def run(
    campaigns, name: str, actor: str, typed: str, role: str = "organiser", latest: int | None = None
) -> tuple[str, bool]:
    """An organiser's (or an arbiter's) command typed on campaign `name`'s page, run as the
    command line runs it, as `actor`: what it said, and whether it was refused. An `undo` takes
    back the action that was `latest` when the page was drawn, or nothing (`undo --expect`)."""
    of = registry.kind(campaigns.listing.rules(name))
    words, refusal = _read(typed, allowed(of, role), role)
    if refusal:
        return refusal, True
    if words[0] == "undo" and latest is not None and "--expect" not in words:
        words += ["--expect", str(latest)]
    return _run(campaigns, name, actor, of, words)


def _run(campaigns, name: str, actor: str, of, words: list[str]) -> tuple[str, bool]:
    """The command `words` run on campaign `name` as the command line runs it, as `actor`, its
    words collected for the page: what it said, and whether it was refused."""
    said = Output(io.StringIO(), io.StringIO())
    session = Session(None, name, actor, campaigns=campaigns)
    command = get_command_from_info(
        _declared(of.rules, words[0]), pretty_exceptions_short=True, rich_markup_mode=None
    )
    with speaking(said):
        status = guarded(
            lambda: command.main(
                args=words[1:], prog_name=f"campaign {words[0]}", standalone_mode=False, obj=session
            )
        )
    spoken = " ".join((said.err if status else said.out).getvalue().split())
    return spoken or "Done.", status != 0


def allowed(of, role: str) -> set[str]:
    """The commands a person of `role` may run from the hub on a campaign of kind `of`."""
    own = {command_name(info) for info in _module(of.rules).commands.registered_commands}
    here = {*SHARED_COMMANDS, *own}
    return here & {*ARBITER_COMMANDS, *of.arbiter_commands} if role == "arbiter" else here


def _read(typed: str, allowed_here: set[str], role: str) -> tuple[list[str], str | None]:
    """The words of a typed line, or the sentence refusing it."""
    if len(typed) > TEXT_LIMIT:
        return [], f"A command is at most {TEXT_LIMIT} characters long, not {len(typed)}."
    try:
        words = shlex.split(typed)
    except ValueError as error:
        return [], f"The command cannot be read: {error}."
    if words and words[0] == "notify" and any(w.startswith(CHANNELS) for w in words):
        return [], (
            "From the hub, notify sends the notices due through the channels kept for this "
            "campaign; a webhook or a mail server is kept from the command line."
        )
    if not words or words[0] not in allowed_here or any(w.startswith(ELSEWHERE) for w in words):
        listed = ", ".join(sorted(allowed_here))
        return [], (
            f"From the hub an {role} runs the campaign's commands, on this campaign and "
            f"under the name on the link: {listed}."
        )
    return words, None


def _declared(rules: str, name: str):
    """The declaration of the command `name`: the kind's own, else the shared one."""
    for module in (_module(rules), *map(import_module, SHARED)):
        for info in module.commands.registered_commands:
            if command_name(info) == name:
                return info
    raise LookupError(name)  # `allowed` named only declared commands


def _module(rules: str):
    return import_module(registry.cli_module(rules))


FORMS = ("away", "contact", "notify")
"""The organiser's forms for what the command line does beside the log's rulings (issue #50):
a player's holiday (`campaign away`), how a person is told of his turns (`campaign contact`),
the notices due sent (`campaign notify`); each made the command's words and run as the typed
line is (`run_form`)."""


def organiser_forms(players: list[str], kept: dict[str, str]) -> list[dict[str, Any]]:
    """The organiser's `FORMS`, their people to choose from: the players for a holiday, the
    players and the arbiters and organisers with a personal link (`kept`) for a contact."""
    from campaign.notify.notices import linked

    others = sorted(linked(kept, ("arbiter", "organiser")), key=str.casefold)
    people = list(dict.fromkeys([*players, *others]))
    return [
        {
            "action": "away",
            "label": "A player's holiday, from his bank of 14 days (campaign away)",
            "choices": {p: p for p in players},
            "fields": [
                {"name": "days", "label": "Days", "type": "number", "required": True},
                {"name": "reason", "label": "Why, for everyone to read (holiday if blank)"},
            ],
            "button": "Grant",
        },
        {
            "action": "contact",
            "label": "How a person is told it is his turn (campaign contact)",
            "choices": {p: p for p in people},
            "fields": [
                {"name": "discord", "label": "His Discord user id (Copy User ID), to be pinged"},
                {"name": "email", "label": "His e-mail address"},
                {
                    "name": "clear",
                    "label": "Or, instead of the two above",
                    "choices": {"yes": "forget how he is reached"},
                },
            ],
            "button": "Save",
        },
        {
            "action": "notify",
            "label": "Send the turn notices due now, through the channels kept (campaign notify)",
            "choices": {},
            "button": "Send",
        },
    ]


def run_form(
    campaigns, name: str, actor: str, action: str, values: dict[str, str]
) -> tuple[str, bool]:
    """One of the organiser's `FORMS` sent: its command run as the command line runs it (the same
    declaration, the same words), as `actor`; what it said, and whether it was refused. A form
    not filled in enough is refused in one sentence of the page's words, before it runs."""
    try:
        words = _form_words(action, {k: v.strip() for k, v in values.items()})
    except CampaignError as error:
        return str(error), True
    return _run(campaigns, name, actor, registry.kind(campaigns.listing.rules(name)), words)


def _form_words(action: str, values: dict[str, str]) -> list[str]:
    """The command line a form of `FORMS` stands for (its person after `--`: a name is never
    read as an option)."""
    if action == "notify":
        return ["notify"]
    who = values.get("choice", "")
    if action == "away":
        days = values.get("days", "")
        if not who:
            raise CampaignError("Choose the player going on holiday.")
        if not (days.isascii() and days.isdigit() and len(days) <= 3):
            raise CampaignError("Give the holiday's length as a whole number of days.")
        reason = ["--reason", values["reason"]] if values.get("reason") else []
        return ["away", "--days", days, *reason, "--", who]
    return _contact_words(who, values)


def _contact_words(who: str, values: dict[str, str]) -> list[str]:
    """`campaign contact`'s words for the contact form: a new way to reach him, or none."""
    ways = [(f"--{way}", values[way]) for way in ("discord", "email") if values.get(way)]
    clear = values.get("clear") == "yes"
    if not who:
        raise CampaignError("Choose whose contact this is.")
    if clear and ways:
        raise CampaignError("Give a new way to reach him, or forget how he is reached: not both.")
    if not (clear or ways):
        raise CampaignError(
            "Give his Discord user id, his e-mail address, or choose to forget how he is reached."
        )
    return ["contact", *(["--clear"] if clear else [w for way in ways for w in way]), "--", who]
