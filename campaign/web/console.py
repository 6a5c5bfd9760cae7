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

from typer.main import get_command_from_info

from campaign.commandline.core import SHARED, Output, Session, command_name, guarded, speaking
from campaign.domain import registry
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
)
"""What an organiser's link may run besides his kind's own commands: everything that records in
the campaign; nothing that reads or writes a file on the server, or another campaign."""
ARBITER_COMMANDS = ("note", "undo", "redo")
"""An arbiter's rulings in every kind: notes, undo and redo with a reason; his kind adds its own
(`Kind.arbiter_commands`: a result against the figures, a die corrected)."""
ELSEWHERE = ("-c", "--campaign", "--db", "--actor")
"""Options that would aim a command at another campaign, store or person."""


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
