"""`campaign`: the console entry. Parse → call the application → render; nothing else.

Every refusal is one sentence on stderr and a non-zero exit; nothing is appended.
The commands live in `campaign/commandline/generic.py` and in each kind's package
(`campaign/<kind>/cli.py`); the group in `campaign/commandline/core.py` builds only
the command being run.
"""

from __future__ import annotations

import sys

import typer

from campaign.commandline.core import EXIT_REFUSED, app
from campaign.errors import CampaignError
from regions import MapError

__all__ = ["app", "main"]


def main() -> None:
    """The console script: no traceback ever reaches a user."""
    try:
        app(prog_name="campaign")
    except (CampaignError, MapError) as error:
        typer.secho(str(error), err=True, fg="red")
        sys.exit(EXIT_REFUSED)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as error:  # noqa: BLE001 - the last line of defence against tracebacks
        message = (
            f"Something went wrong that the program did not expect: {error}. Please report it."
        )
        typer.secho(message, err=True, fg="red")
        sys.exit(70)


if __name__ == "__main__":
    main()
