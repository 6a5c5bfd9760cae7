"""Property tests: how many examples each asks for under the Hypothesis profile in use
(`examples`: `ci` or `dev`), and the state as the store keeps it, read back (`kept_back`)."""

from __future__ import annotations

import os
from typing import Any

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
"""Issue #48: how hard the property tests look — `ci` (the default: the examples each test
asks for) or `dev` (at most `DEV_EXAMPLES` each, for a loop of seconds while writing code)."""


DEV_EXAMPLES = 3


def examples(wanted: int) -> int:
    """The examples a property test asks for, under the profile in use (`PROFILE`)."""
    return wanted if PROFILE == "ci" else min(wanted, DEV_EXAMPLES)


def kept_back(of: Any, events: Any, state: Any) -> Any:
    """Issue #16: the state as the store keeps it beside the view (campaign.readmodel.snapshot),
    read back — equal to `state`, where the codec holds."""
    from campaign.readmodel import snapshot

    return snapshot.read(of, snapshot.kept(of, state), of.start(events[0]))
