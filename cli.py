"""`campaign`: the console entry. Parse → call the application → render; nothing else.

Every refusal is one sentence on stderr and a non-zero exit; nothing is appended.
The commands live in `campaign/commandline/` (the shared ones) and in each kind's package
(`campaign/kinds/<kind>/cli.py`); the group in `campaign/commandline/core.py` builds only
the command being run.
"""

from __future__ import annotations

import sys

from campaign.commandline.core import EXIT_USAGE, app, complain, guarded
from campaign.text import printable

__all__ = ["app", "main", "run"]


def main() -> None:
    """The console script."""
    sys.exit(run(sys.argv[1:]))


def run(arguments: list[str]) -> int:
    """Run one command line and return its exit status: no traceback ever reaches a user, and
    every refusal is one sentence on stderr."""
    undecodable = next((arg for arg in arguments if _undecodable(arg)), None)
    if undecodable is not None:
        complain(f"An argument is not valid UTF-8 text: {printable(undecodable)!r}.")
        return EXIT_USAGE
    return guarded(lambda: app(args=arguments, prog_name="campaign", standalone_mode=False))


def _undecodable(argument: str) -> bool:
    """An argument the shell passed as bytes that are not UTF-8 (Python keeps them as
    surrogates)."""
    return any("\udc80" <= c <= "\udcff" for c in argument)


if __name__ == "__main__":
    main()
