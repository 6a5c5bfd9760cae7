"""`campaign`: the console entry. Parse → call the application → render; nothing else.

Every refusal is one sentence on stderr and a non-zero exit; nothing is appended.
The commands live in `campaign/commandline/generic.py` and in each kind's package
(`campaign/kinds/<kind>/cli.py`); the group in `campaign/commandline/core.py` builds only
the command being run.
"""

from __future__ import annotations

import sys

import typer
from typer.core import TyperGroup

from campaign.commandline.core import EXIT_REFUSED, app, complain
from campaign.errors import CampaignError
from campaign.text import printable
from regions import MapError

__all__ = ["app", "main"]
EXIT_USAGE = 2


def main() -> None:
    """The console script."""
    sys.exit(run(sys.argv[1:]))


def run(arguments: list[str]) -> int:
    """Run one command line and return its exit status: no traceback ever reaches a user, and
    every refusal is one sentence on stderr."""
    undecodable = next((arg for arg in arguments if _undecodable(arg)), None)
    if undecodable is not None:
        return refuse(
            f"An argument is not valid UTF-8 text: {printable(undecodable)!r}.", EXIT_USAGE
        )
    try:
        return app(args=arguments, prog_name="campaign", standalone_mode=False) or 0
    except (CampaignError, MapError) as error:
        return refuse(str(error), EXIT_REFUSED)
    except typer.Abort:
        return refuse("Stopped.", 130)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # noqa: BLE001 - the last line of defence against tracebacks
        usage = _usage(error)
        if usage is not None:
            return refuse(usage, EXIT_USAGE)
        return refuse(
            f"Something went wrong that the program did not expect: {error}. Please report it.", 70
        )


def refuse(sentence: str, status: int) -> int:
    complain(sentence)
    return status


def _undecodable(argument: str) -> bool:
    """An argument the shell passed as bytes that are not UTF-8 (Python keeps them as
    surrogates)."""
    return any("\udc80" <= c <= "\udcff" for c in argument)


def _usage(error: Exception) -> str | None:
    """A usage error (unknown option, missing argument …) as one sentence with the usage line."""
    if not hasattr(error, "format_message") or not hasattr(error, "ctx"):
        return None
    message = error.format_message().rstrip(".")
    context = error.ctx
    if context is None:
        return f"{message}."
    usage = " ".join(context.get_usage().split())
    more = (
        "campaign --help"
        if isinstance(context.command, TyperGroup)
        else f"{context.command_path} --help"
    )
    return f"{message}. {usage} ('{more}' says more)."


if __name__ == "__main__":
    main()
