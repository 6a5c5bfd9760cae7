"""Names typed by users: matched case-insensitively, with "did you mean"."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable

from campaign.errors import UnknownName


def folded(name: str) -> str:
    """How names compare: NFC, spaces collapsed, case folded (`spring  869` is `Spring 869`)."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def resolve_all(what: str, given: Iterable[str], choices: Iterable[str]) -> list[str]:
    """Every name of `given` resolved, or one UnknownName that names every unknown one."""
    by_fold = {folded(choice): choice for choice in choices}
    resolved, unknown = [], []
    for name in given:
        wanted = folded(name)
        if wanted in by_fold:
            resolved.append(by_fold[wanted])
        else:
            unknown.append((name, _suggestion(wanted, by_fold)))
    if len(unknown) == 1:
        name, suggestion = unknown[0]
        raise UnknownName(f"There is no {what} called {name!r}{suggestion}")
    if unknown:
        said = [
            f"{name!r} ({suggestion.lstrip('; ').rstrip('.?')}?)"
            if "mean" in suggestion
            else repr(name)
            for name, suggestion in unknown
        ]
        raise UnknownName(f"There is no {what} called {' or '.join(said)}.")
    return resolved


def resolve(what: str, given: str, choices: Iterable[str]) -> str:
    """The canonical spelling of `given` among `choices`, or UnknownName suggesting the closest."""
    by_fold = {folded(choice): choice for choice in choices}
    wanted = folded(given)
    if wanted in by_fold:
        return by_fold[wanted]
    raise UnknownName(f"There is no {what} called {given!r}{_suggestion(wanted, by_fold)}")


def _suggestion(wanted: str, by_fold: dict[str, str]) -> str:
    """The closest choice: one the typed name begins (a name typed short, "Cynan" for "Cynan
    ap Rhodri"), else the most alike, else one of the same first letters."""
    begun = [f for f in by_fold if wanted and f.startswith(wanted)]
    close = difflib.get_close_matches(
        wanted, begun or list(by_fold), n=1, cutoff=0.0 if begun else 0.5
    )
    if not close:
        close = [f for f in by_fold if f.startswith(wanted[:3])][:1] if wanted else []
    if close:
        return f"; did you mean {by_fold[close[0]]}?"
    if len(by_fold) <= 20:
        return "; the choices are " + ", ".join(sorted(by_fold.values())) + "."
    return "."
