"""`campaign`: the command line. Parse → call the application → render; nothing else.

Every refusal is one sentence on stderr and a non-zero exit; nothing is appended.
The commands live in `campaign/commandline/`, one module per kind of campaign.
"""

from __future__ import annotations

import sys

import typer

from campaign.commandline import generic  # noqa: F401 - imported first: the order of `campaign --help`
from campaign.boiling_cauldron import cli as _bc  # noqa: F401
from campaign.onus import cli as _onus  # noqa: F401
from campaign.commandline.core import EXIT_REFUSED, app
from campaign.errors import CampaignError
from regions import MapError

__all__ = ["app", "main", "only_the_command"]


GLOBAL_OPTIONS_WITH_VALUES = {"--db", "-c", "--campaign", "--actor"}


def only_the_command(argv: list[str]) -> typer.Typer:
    """The app with just the command being run: typer builds every command's parameters
    before running one, and that costs more than the command itself (benchmarks/README.md).
    Help, and anything unrecognised, get the whole app."""
    words = iter(argv)
    for word in words:
        if word in GLOBAL_OPTIONS_WITH_VALUES:
            next(words, None)
        elif not word.startswith("-"):
            chosen = [c for c in app.registered_commands if (c.name or c.callback.__name__.replace("_", "-")) == word]
            if not chosen or {"--help", "-h"} & set(argv):
                return app
            lean = typer.Typer(name="campaign", add_completion=False, pretty_exceptions_enable=False, help=app.info.help)
            lean.registered_callback = app.registered_callback
            lean.registered_commands = chosen
            return lean
    return app


def main() -> None:
    """The console script: no traceback ever reaches a user."""
    try:
        only_the_command(sys.argv[1:])(prog_name="campaign")
    except (CampaignError, MapError) as error:
        typer.secho(str(error), err=True, fg="red")
        sys.exit(EXIT_REFUSED)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as error:  # noqa: BLE001 - the last line of defence against tracebacks
        typer.secho(f"Something went wrong that the program did not expect: {error}. Please report it.", err=True, fg="red")
        sys.exit(70)


if __name__ == "__main__":
    main()
