"""What a form's fields hold beyond one line typed: what its person typed, drawn again in the
form he sent when it was refused (`refilled`, issue #50: a refused muster erased every figure),
and choices offered for a set the kind knows, composed into the line its decision reads
(`composed`: a list of choices ticked, rows of selects), the free text still taken beside them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from campaign.errors import CampaignError
from campaign.input.names import folded

PART = re.compile(r"[^.]+\.\d+(\.\d+)?")
"""A box ticked (NAME.N) or a row's select (NAME.ROW.PART) of a field composed of choices."""
DRAWN = frozenset({"csrf", "shown", "latest", "for"})
"""A form's hidden fields: drawn with the page, never typed, so never given back as typed."""


def refilled(
    forms: list[dict[str, Any]], action: str, values: Mapping[str, str]
) -> list[dict[str, Any]]:
    """`forms`, the one `values` were sent from (its action, for the same player, showing what
    it showed where it still does) carrying what was typed in it (`typed`); the others, and the
    forms as kept for every reader, untouched."""
    sent = _sent_from(forms, action, values)
    typed = {k: v for k, v in values.items() if k not in DRAWN}
    return [{**form, "typed": typed} if form is sent else form for form in forms]


def _sent_from(
    forms: list[dict[str, Any]], action: str, values: Mapping[str, str]
) -> dict[str, Any] | None:
    """The form `values` came from: of its action and player; the one whose digest they carry,
    else one offering their choice, else the first."""
    whom = folded(values.get("for", ""))
    same = [
        f
        for f in forms
        if f["action"] == action and folded(f.get("hidden", {}).get("for", "")) == whom
    ]
    shown = [f for f in same if f.get("hidden", {}).get("shown") == values.get("shown")]
    picked = [f for f in same if values.get("choice", "") in (f.get("choices") or {})]
    return next(iter(shown + picked + same), None)


def composed(forms: list[dict[str, Any]], action: str, values: Mapping[str, str]) -> dict[str, str]:
    """`values` as the kind reads them: each field of the form `action` offered as a list of
    choices to tick (`many`) or as rows of selects (`rows`) made the one line its decision
    reads, what was typed beside them after it (the free text still says what the choices
    cannot)."""
    form = _sent_from(forms, action, values)
    if form is None:
        return dict(values)
    made, parts = dict(values), set()
    for field in [_choice_field(form), *form.get("fields", [])]:
        name = field.get("name", "")
        if field.get("many") or field.get("rows"):
            line = " ".join([*_ticked(field, values), *_rows(field, values)])
            made[name] = " ".join(part for part in (line, values.get(name, "").strip()) if part)
            parts |= {k for k in values if PART.fullmatch(k) and k.split(".")[0] == name}
    return {k: v for k, v in made.items() if k not in parts}  # the line alone, as typed


def _choice_field(form: dict[str, Any]) -> dict[str, Any]:
    """The form's own `choice`, as a field: composed where the form declares how (`compose`)."""
    return {"name": "choice", **form.get("compose", {})}


def _ticked(field: dict[str, Any], values: Mapping[str, str]) -> list[str]:
    """The choices ticked of a `many` field, in the order offered (each sent as NAME.N)."""
    name, offered = field["name"], list(field.get("choices") or {})
    return [
        value
        for number, value in enumerate(offered)
        if field.get("many") and values.get(f"{name}.{number}") == value
    ]


def _rows(field: dict[str, Any], values: Mapping[str, str]) -> list[str]:
    """Each row of a `rows` field, its parts written by its `format` (e.g. "{0}={1}"); a row
    left blank is no row, a row half chosen is refused (what it meant is not known)."""
    name, parts = field["name"], field.get("parts", [])
    written = field.get("format") or " ".join("{%d}" % i for i in range(len(parts)))
    made = []
    for row in range(int(field.get("rows") or 0)):
        chosen = [values.get(f"{name}.{row}.{part}", "").strip() for part in range(len(parts))]
        if any(chosen) and not all(chosen):
            missing = parts[chosen.index("")].get("label", "a choice")
            raise CampaignError(f"{field.get('label', 'A row')}, row {row + 1}: choose {missing}.")
        if chosen and all(chosen):
            made.append(written.format(*chosen))
    return made
