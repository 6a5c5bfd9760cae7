"""Disputed results (BC-6.2): when the two sides of a battle report different figures, both
claims are kept (`State.disputed`) and shown on the campaign's page; the arbiter settles the
dispute from his page with a click — one side's figures, with his reason — recorded as a ruling
(a note) and the battle's result, decided as `campaign result` decides it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from campaign.domain.drafts import Draft
from campaign.domain.shared_commands import note
from campaign.errors import CampaignError
from campaign.kinds.boiling_cauldron import commands
from campaign.kinds.boiling_cauldron.narrate import pct
from campaign.kinds.boiling_cauldron.state import State

Claim = tuple[Decimal, Decimal, str, str | None]

RULING = re.compile(
    r"Ruling on the (disputed )?battle for (.+?): (.+?)'s figures stand\. (.*)", re.S
)
"""The note `settle` records just before the result it rules: the battle, whose figures stand,
and the arbiter's reason (the report files it with the battle, not among the notes)."""


def claim_text(state: State, where: str, claim: Claim) -> str:
    """One side's claim in words: "Cid reports Cid 20%, Dag 45%" (", both routed, Cid won")."""
    battle = state.battle_at(where)
    attacker, defender, by, winner = claim
    won = f", both routed, {winner} won" if winner else ""
    return f"{by} reports {battle.attacker} {pct(attacker)}, {battle.defender} {pct(defender)}{won}"


def page_sections(state: State) -> list[dict[str, Any]]:
    """The disputed battles of the round, each with both claims side by side."""
    items = [
        f"The battle for {where}: " + "; ".join(claim_text(state, where, c) for c in claims)
        for where, claims in state.disputed.items()
    ]
    return [{"heading": "Disputed results (BC-6.2)", "items": items}] if items else []


def arbiter_actions(state: State) -> list[dict[str, Any]]:
    """For each disputed battle: settle it with one side's figures, and the reason; for each
    report still awaiting its confirmation: confirm it in the opponent's place."""
    return disputes(state) + _pending(state)


def _pending(state: State) -> list[dict[str, Any]]:
    return [
        {
            "action": "settle",
            "label": f"The battle for {where} awaits its confirmation (BC-6.2)",
            "choices": {f"{where}|{claim[2]}": claim_text(state, where, claim)},
            "fields": [{"name": "reason", "label": "Your reason, for the log", "required": True}],
            "button": "Confirm these figures",
        }
        for where, claim in state.reported.items()
        if where not in state.disputed
    ]


def disputes(state: State) -> list[dict[str, Any]]:
    return [
        {
            "action": "settle",
            "label": f"The disputed battle for {where}: whose figures stand (BC-6.2)",
            "choices": {f"{where}|{claim[2]}": claim_text(state, where, claim) for claim in claims},
            "fields": [{"name": "reason", "label": "Your reason, for the log", "required": True}],
            "button": "Settle",
        }
        for where, claims in state.disputed.items()
    ]


def settle(state: State, values: Mapping[str, str]) -> list[Draft]:
    """The arbiter's ruling: the chosen claim becomes the battle's result, his reason a note
    just before it."""
    where, _, by = values.get("choice", "").partition("|")
    claims = {claim[2]: claim for claim in state.disputed.get(where, ())}
    pending = state.reported.get(where)
    if pending is not None and not claims:
        claims = {pending[2]: pending}
    if by not in claims:
        raise CampaignError(f"The battle for {where or '…'} awaits no ruling now (BC-6.2).")
    reason = values.get("reason", "").strip()
    if not reason:
        raise CampaignError("Give the reason for your ruling, for the log.")
    attacker, defender, _, winner = claims[by]
    disputed = "disputed " if where in state.disputed else ""
    ruling = note(f"Ruling on the {disputed}battle for {where}: {by}'s figures stand. {reason}")
    # the report reads this note back (RULING) and files it with the battle
    return [*ruling, *commands.result(state, where, attacker, defender, winner)]
