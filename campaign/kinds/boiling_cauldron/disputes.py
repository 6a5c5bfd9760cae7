"""Disputed results (BC-6.2): when the two sides of a battle report different figures, both
claims are kept (`State.disputed`) and shown on the campaign's page; the arbiter settles the
dispute from his page — one side's figures, or figures of his own where neither side's stand
(#50), with his reason — recorded as a ruling (a note) and the battle's result, decided as
`campaign result` decides it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from campaign.domain.drafts import Draft
from campaign.domain.shared_commands import note
from campaign.errors import CampaignError, RuleViolation
from campaign.input.values import percentage
from campaign.kinds.boiling_cauldron import commands
from campaign.kinds.boiling_cauldron import rules as bc
from campaign.kinds.boiling_cauldron.narrate import pct
from campaign.kinds.boiling_cauldron.state import Battle, State

Claim = tuple[Decimal, Decimal, str, str | None]

OTHERS = "figures other than either side's"
"""What stands where the arbiter rules figures of his own (the choice `WHERE|`, no claimant)."""
RULING = re.compile(
    r"Ruling on the (?P<disputed>disputed )?battle for (?P<where>.+?): "
    rf"(?:{re.escape(OTHERS)}|(?P<standing>.+?)'s figures) stand\. (?P<reason>.*)",
    re.S,
)
"""The note `settle` records just before the result it rules: the battle, whose figures stand
(none where the arbiter ruled his own: the result after it holds them), and the arbiter's reason
(the report files it with the battle, not among the notes)."""


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
    """For each disputed battle: settle it with one side's figures, or with figures of his own
    (#50: he had no field for them), and the reason; for each report still awaiting its
    confirmation: confirm it in the opponent's place."""
    ruled = zip(disputes(state), others(state))
    return [form for both in ruled for form in both] + _pending(state)


def _pending(state: State) -> list[dict[str, Any]]:
    return [
        {
            "action": "settle",
            "label": f"The battle for {where} awaits its confirmation (BC-6.2)",
            "choices": {f"{where}|{claim[2]}": claim_text(state, where, claim)},
            "fields": [REASON],
            "button": "Confirm these figures",
        }
        for where, claim in state.reported.items()
        if where not in state.disputed
    ]


REASON = {"name": "reason", "label": "Your reason, for the log", "required": True}


def disputes(state: State) -> list[dict[str, Any]]:
    """Each disputed battle: whose claim stands (the arbiter's task, BC-6.2)."""
    return [
        {
            "action": "settle",
            "label": f"The disputed battle for {where}: whose figures stand (BC-6.2)",
            "choices": {f"{where}|{claim[2]}": claim_text(state, where, claim) for claim in claims},
            "fields": [REASON],
            "button": "Settle",
        }
        for where, claims in state.disputed.items()
    ]


def others(state: State) -> list[dict[str, Any]]:
    """Each disputed battle, where neither side's figures stand: the arbiter's own, as a player
    reports them (BC-6.2: each side's casualties and, where both routed, who won); a form of
    its own, so that the claims he chooses between above are the two sides' alone."""
    return [
        {
            "action": "settle",
            "label": f"Or rule other figures for the battle for {where} (BC-6.2):",
            "choices": {f"{where}|": "neither side's claim"},
            "fields": [*_figures(state.battle_at(where)), REASON],
            "button": "Rule these figures",
        }
        for where in state.disputed
    ]


def _figures(battle: Battle) -> list[dict[str, Any]]:
    """Both sides' casualties, the attacker's first, and who won where both routed (BC-6.2)."""
    sides = (("attacker", battle.attacker), ("defender", battle.defender))
    return [
        *(
            {"name": side, "label": f"{who}'s casualties %", "type": "decimal", "required": True}
            for side, who in sides
        ),
        {
            "name": "winner",
            "label": "Only where both reached a rout: who won, the other having routed first",
            "choices": {battle.attacker: battle.attacker, battle.defender: battle.defender},
        },
    ]


def settle(state: State, values: Mapping[str, str]) -> list[Draft]:
    """The arbiter's ruling: the chosen claim, or the figures he gave where neither side's
    stand, becomes the battle's result, his reason a note just before it."""
    where, _, by = values.get("choice", "").partition("|")
    claims = _claims(state, where)
    if by not in claims and not (by == "" and where in state.disputed):
        raise CampaignError(f"The battle for {where or '…'} awaits no ruling now (BC-6.2).")
    reason = values.get("reason", "").strip()
    if not reason:
        raise CampaignError("Give the reason for your ruling, for the log.")
    typed = any(values.get(side, "").strip() for side in ("attacker", "defender"))
    if by and typed:
        raise RuleViolation(
            "BC-6.2",
            f"You chose {by}'s figures and gave others: rule yours in the form for other "
            "figures, or leave the figures out",
        )
    attacker, defender, _, winner = claims[by] if by else _ruled(state, where, values)
    standing = f"{by}'s figures" if by else OTHERS
    disputed = "disputed " if where in state.disputed else ""
    ruling = note(f"Ruling on the {disputed}battle for {where}: {standing} stand. {reason}")
    # the report reads this note back (RULING) and files it with the battle
    return [*ruling, *commands.result(state, where, attacker, defender, winner)]


def _claims(state: State, where: str) -> dict[str, Claim]:
    """The claims made of the battle for `where`, by who made them: both sides' where they
    disputed it, else the one report awaiting its confirmation."""
    claims = {claim[2]: claim for claim in state.disputed.get(where, ())}
    pending = state.reported.get(where)
    return claims or ({pending[2]: pending} if pending is not None else {})


def _ruled(state: State, where: str, values: Mapping[str, str]) -> Claim:
    """The figures of the arbiter's own (BC-6.2): both sides' casualties, and who won where both
    reached a rout; a winner the figures already name is theirs, not said again."""
    figures = [percentage(values.get(side, "")) for side in ("attacker", "defender")]
    attacker, defender = figures
    if attacker is None or defender is None:
        raise RuleViolation(
            "BC-6.2",
            f"Other figures for the battle for {where}: write both sides' casualties as "
            "percentages, e.g. 35 or 35.5",
        )
    winner = values.get("winner", "").strip() or None
    battle = state.battle_at(where)
    found = bc.outcome((attacker, defender))
    named = None if found.winner is None else (battle.attacker, battle.defender)[found.winner]
    if found.decided_by_figures and winner == named:
        winner = None
    return attacker, defender, "", winner
