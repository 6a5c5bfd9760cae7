"""Rome's Legions after a land battle, as pure moves (TB-5.1, TB-5.5, TB-11.10): the SP they lost
by class, a Legion at 0 SP eliminated, and the promotions and demotions the result brings; each
check (`check_fought`) apart from its application (`fought`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from campaign.domain.grammar import plural
from campaign.errors import RuleViolation
from campaign.kinds.thunderbolt.board import politics as senate
from campaign.kinds.thunderbolt.board.politics import Legion
from campaign.kinds.thunderbolt.board.raising import FIELDS, eliminate
from campaign.kinds.thunderbolt.board.roman import Romans


def fought(
    r: Romans,
    engaged: Sequence[str],
    losses: Mapping[str, Mapping[str, int]],
    rome_won: bool | None,
    major: bool,
    promote: Sequence[str] = (),
    demote: Sequence[str] = (),
) -> tuple[Romans, list[str], list[str], list[str]]:
    """TB-5.1 and TB-11.10: the Legions engaged in a land battle lose their SP by class (a Legion
    at 0 SP eliminated, TB-5.5); then Rome won: the player may promote one Recruit that fought,
    two after a Major Victory (never a Marine or Slave Legion); Rome lost: the Veteran that lost
    most SP is demoted, or in a Major defeat every Veteran left with 5 or fewer Citizen infantry
    (Interpretation: instead), the player choosing one where the rule leaves a choice; a draw
    changes nothing. Returns the Legions after, and those promoted, demoted and eliminated.
    `check_fought` decides whether it may be."""
    legions, lost = _lost(r.legions, losses)
    rule = senate.after_battle([legions[lg] for lg in engaged], rome_won, major, lost)
    promoted = list(promote)
    demoted = list(rule.get("demoted", []))
    choice = [lg for lg in demote if lg not in demoted]
    if rule.get("choose_one"):
        demoted.append(choice[0])
    for lg in promoted:
        legions[lg] = replace(legions[lg], discipline=senate.VETERAN)
    for lg in demoted:
        legions[lg] = replace(legions[lg], discipline=senate.RECRUIT)
    gone = [lg for lg in engaged if not any(legions[lg].sp)]
    r = replace(r, legions=legions)
    if gone:
        r = eliminate(r, gone)
    return r, promoted, demoted, gone


def check_fought(
    r: Romans,
    engaged: Sequence[str],
    losses: Mapping[str, Mapping[str, int]],
    rome_won: bool | None,
    major: bool,
    promote: Sequence[str] = (),
    demote: Sequence[str] = (),
) -> None:
    """TB-5.1 and TB-11.10: each Legion engaged named once, losing at most the SP it has; only
    Legions that fought promoted or demoted, as the battle's outcome allows."""
    if not engaged or len(set(engaged)) != len(engaged):
        raise RuleViolation("TB-5.1", "Name each Legion engaged once")
    strange = [lg for lg in (*losses, *promote, *demote) if lg not in engaged]
    if strange:
        raise RuleViolation("TB-11.10", f"Legion {strange[0]} did not fight in this battle")
    _check_lost(r.legions, losses)
    legions, lost = _lost(r.legions, losses)
    rule = senate.after_battle([legions[lg] for lg in engaged], rome_won, major, lost)
    _check_promoted(rule, promote, rome_won)
    _check_demoted(rule, demote)


def _check_lost(legions: Mapping[str, Legion], losses: Mapping[str, Mapping[str, int]]) -> None:
    """TB-5.1: each Legion loses, by class, at most the SP it has."""
    for lg, classes in losses.items():
        legion = legions[lg]
        for name, n in classes.items():
            if n < 0 or getattr(legion, FIELDS[name]) < n:
                raise RuleViolation(
                    "TB-5.1",
                    f"Legion {lg} has {getattr(legion, FIELDS[name])} {name.replace('-', ' ')} "
                    f"SP to lose, not {n}",
                )


def _lost(
    before: Mapping[str, Legion], losses: Mapping[str, Mapping[str, int]]
) -> tuple[dict[str, Legion], dict[str, int]]:
    """TB-5.1: each Legion's SP lost by class: the Legions after, and the SP each lost."""
    legions, lost = dict(before), {}
    for lg, classes in losses.items():
        legion = legions[lg]
        for name, n in classes.items():
            legion = replace(legion, **{FIELDS[name]: getattr(legion, FIELDS[name]) - n})
        legions[lg] = legion
        lost[lg] = sum(classes.values())
    return legions, lost


def _check_promoted(rule: Mapping[str, Any], promote: Sequence[str], rome_won: bool | None) -> None:
    """TB-11.10: the Recruits the player promotes after a Roman victory, as many as it allows."""
    if not promote:
        return
    if rome_won is not True:
        raise RuleViolation("TB-11.10", "Only a Roman victory promotes a Legion")
    most = int(rule["how_many"][0])
    if len(promote) > most or not set(promote) <= set(rule.get("may_promote", [])):
        raise RuleViolation(
            "TB-11.10",
            f"A Roman victory promotes {plural(most, 'Recruit Legion')} that fought, "
            "never a Marine "
            f"or Slave Legion: {', '.join(rule.get('may_promote', [])) or 'none'}",
        )


def _check_demoted(rule: Mapping[str, Any], demote: Sequence[str]) -> None:
    """TB-11.10: the Veterans a defeat demotes, the player picking one where the rule leaves a
    choice."""
    demoted = list(rule.get("demoted", []))
    choice = [lg for lg in demote if lg not in demoted]
    if rule.get("choose_one"):
        if len(choice) != 1 or choice[0] not in rule["choose_one"]:
            raise RuleViolation(
                "TB-11.10",
                f"The player demotes one of {', '.join(rule['choose_one'])}: say which (--demote)",
            )
    elif choice:
        raise RuleViolation("TB-11.10", f"Legion {choice[0]} is not to be demoted")
