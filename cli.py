"""`campaign`: the console entry. Parse → call the application → render; nothing else.

Every refusal is one sentence on stderr and a non-zero exit; nothing is appended.
The commands live in `campaign/commandline/` (the shared ones) and in each kind's package
(`campaign/kinds/<kind>/cli.py`); the group in `campaign/commandline/core.py` builds only
the command being run.
"""

from __future__ import annotations

import gc
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from campaign.commandline.core import app

__all__ = ["app", "main", "run"]


def main() -> None:
    """The console script: one command, then the process ends.

    What the imports make (some 40,000 objects: modules, classes, the kinds' tables) lives as
    long as the process, so the garbage collector is kept from walking it again and again: off
    while the command group is imported, then frozen (`gc.freeze`) before the command runs and
    once more as it ends, when the interpreter's last collections would walk every object to
    free nothing that ending the process does not (~50 ms of a 250 ms command, measured in
    `benchmarks/README.md`). Files, connections and locks are closed by the commands
    themselves, not left to a collection."""
    gc.disable()
    from campaign.commandline import core  # noqa: F401 - imported before collections resume

    gc.freeze()
    gc.enable()
    status = run(sys.argv[1:])
    gc.freeze()
    sys.exit(status)


def run(arguments: list[str]) -> int:
    """Run one command line and return its exit status: no traceback ever reaches a user, and
    every refusal is one sentence on stderr."""
    from campaign.commandline.core import EXIT_USAGE, app, complain, guarded
    from campaign.input.text import printable

    undecodable = next((arg for arg in arguments if _undecodable(arg)), None)
    if undecodable is not None:
        complain(f"An argument is not valid UTF-8 text: {printable(undecodable)!r}.")
        return EXIT_USAGE
    return guarded(lambda: app(args=arguments, prog_name="campaign", standalone_mode=False))


def __getattr__(name: str) -> Any:
    """`cli.app`, the command group (for typer's test runner), imported when asked for: the
    console script imports it inside `main`."""
    if name == "app":
        from campaign.commandline.core import app

        return app
    raise AttributeError(f"module 'cli' has no attribute {name!r}")


def _undecodable(argument: str) -> bool:
    """An argument the shell passed as bytes that are not UTF-8 (Python keeps them as
    surrogates)."""
    return any("\udc80" <= c <= "\udcff" for c in argument)


if __name__ == "__main__":
    main()
