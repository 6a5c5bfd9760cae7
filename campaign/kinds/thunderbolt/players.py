"""What a Thunderbolt player does himself from his link in the hub (its forms: `forms.py`): his
side's "done" for each step in hand that waits for it (TB-3.4), decided by the same command as
the command line's `done`, the Game Turn's dice secret revealed when his "done" ends it
(TB-16.2); Rome's player his B1a prorogues and releases, B1b's Leader Loss rolls, B1c's
elections, B3a's NS levels and B3b's Legion Request; Carthage's his B2a and B2b rolls, B2c's
disband checks, B2d's commanders, B2e's postings and B3b's new Army or reinforcements (TB-21);
the side that rolls in B4a or B4b its tribes' rolls (TB-23.3); either side the Augury (TB-22).
Each roll and draw is the program's committed one (TB-16.2), or, with dice from the table, the
face or the leader drawn entered by the side that rolled, with its evidence (TB-16.4). The other
entries — the Senate, battles, operations, the game's result — are the organiser's: the page
says which steps wait for whom."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign.domain.drafts import Draft
from campaign.errors import CampaignError
from campaign.input.names import folded
from campaign.input.values import whole_number
from campaign.kinds.thunderbolt import forms, sides
from campaign.kinds.thunderbolt.board import dice as dice_rules
from campaign.kinds.thunderbolt.board.result import result_due
from campaign.kinds.thunderbolt.board.sequence import STEPS
from campaign.kinds.thunderbolt.board.state import State
from campaign.kinds.thunderbolt.board.tribes import ROLLER, due
from campaign.kinds.thunderbolt.chapters.auguries import decide as auguries
from campaign.kinds.thunderbolt.chapters.carthage import decide as carthage_rules
from campaign.kinds.thunderbolt.chapters.legions import decide as legions_rules
from campaign.kinds.thunderbolt.chapters.magistrates import decide as magistrates
from campaign.kinds.thunderbolt.chapters.tribes import decide as tribes_rules
from campaign.kinds.thunderbolt.chapters.turn import decide as turn


def side_of(state: State, player: str) -> str | None:
    """The side `player` plays, rome or carthage, or None."""
    sides = {folded(state.rome): "rome", folded(state.carthage): "carthage"}
    return sides.get(folded(player))


ON_THE_PAGE = {
    "rome": {"A2", "B1a", "B1b", "B1c", "B3a", "B3b", "B4b", "E"},
    "carthage": {"A2", "B2a", "B2b", "B2c", "B2d", "B2e", "B3b", "B4a", "E"},
}
"""The steps whose entries a side makes from its own page; in the others its decisions are the
organiser's to enter (the Senate, operations, battles, sieges), its "done" its own."""


def lines(state: State, player: str) -> list[str]:
    """TB-1.1: the side he plays; TB-3.4: what each step in hand waiting for his side asks of it
    (those whose entries the organiser makes said so); then his side as the rules track it
    (issue #50: the page said "You play Rome." and nothing more): Rome's magistrates and Legions,
    Carthage's politics and Armies (`sides`)."""
    side = side_of(state, player)
    if side is None:
        return []
    told = [f"You play {'Rome' if side == 'rome' else 'Carthage'}."]
    board = sides.rome(state) if side == "rome" else sides.carthage(state)
    if state.victory is not None:
        return [*told, f"The game is over: {state.victory} (TB-20).", *board]
    if result_due(state):
        told.append(
            "G4 (Victory Determination): the scenario's result is entered by the organiser or an "
            "arbiter (TB-20.2, TB-20.4)."
        )
    return told + steps_asked(state, side) + board


def steps_asked(state: State, side: str) -> list[str]:
    """TB-3.1 and TB-3.4: each step in hand that waits for `side`, by its number and name, with
    what it asks of that side (`sides.duty`); where the organiser enters its decisions, said so.
    G4's result is neither side's (TB-20.4): `lines` says it."""
    if state.position.over:
        return []
    told = []
    for step in state.position.open:
        if step == "G4" or side not in state.position.waiting_for(step):
            continue
        asked = sides.duty(state, step, side)
        if step in ON_THE_PAGE[side]:
            told.append(f"{sides.step_named(step)}: you {asked}.")
            continue
        told.append(
            f"{sides.step_named(step)}: your side's decisions in it are entered by the "
            f"organiser (Next says which); say it is done here when they are. Your side "
            f"{asked}."
        )
    return told or ["No step in hand waits for your side now: Next says whose it is."]


def actions(state: State, player: str) -> list[dict[str, Any]]:
    """TB-3.4: a "done" for each open step that waits for his side."""
    side = side_of(state, player)
    if side is None or state.position.over:
        return []
    steps = {
        step: f"{step}: {STEPS[step][0]}"
        for step in state.position.open
        if side in state.position.waiting_for(step)
        and not (step == "G4" and result_due(state))
        and not (step in ROLLER and due(state.setup, state.tribes, step))  # the roll's form ends it
    }
    rolls = (
        [
            *forms.politics(state),
            *forms.b2c(state),
            *forms.b2d(state),
            *forms.b2e(state),
            *forms.b3_carthage(state),
        ]
        if side == "carthage"
        else [*forms.b1a(state), *forms.b1b_c(state), *forms.b3_rome(state)]
    )
    rolls += [*forms.b4_tribal(state, side), *forms.e_augury(state)]
    if not steps:
        return rolls
    return rolls + [
        {
            "action": "done",
            "label": f"{'Rome' if side == 'rome' else 'Carthage'} has finished a step "
            "(TB-3.4): what it had to do in it is entered",
            "choices": steps,
            "button": "Done",
        }
    ]


def tasks(state: State) -> dict[str, tuple[str, ...]]:
    """What each side's player must do (the turn notices, issue #46): his forms, the "done"
    of each step by name (the step is the task: a new step is a new task, TB-3.4)."""
    told = {}
    for player in awaited(state):
        told[player] = tuple(
            f"Finish {', '.join(form['choices'].values())} (TB-3.4)"
            if form["action"] == "done"
            else form["label"]
            for form in actions(state, player)
        )
    return told


def awaited(state: State) -> tuple[str, ...]:
    """TB-3.4: the players of the sides the steps in hand wait for."""
    return tuple(p for p in state.players if actions(state, p))


def _drms(typed: str) -> dict[str, int]:
    """The chart's DRMs as typed on the page: NAME=VALUE each, +2, -1 or 3."""
    found = {}
    for item in typed.split():
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise CampaignError(f"Write a DRM as NAME=VALUE, not {item!r} (TB-12.1).")
        sign = -1 if value.strip().startswith("-") else 1
        found[key] = sign * whole_number(value.strip().lstrip("+-"), f"The DRM {key}")
    return found


def decide(
    state: State,
    player: str,
    action: str,
    values: Mapping[str, str],
    secrets: Mapping[str, str] | None = None,
) -> list[Draft]:
    """The form `action` of `player`'s page, decided as `done STEP --side SIDE` decides it."""
    side = side_of(state, player)
    if side is None:
        raise CampaignError(f"{player} plays no side of this campaign.")
    if action == "done":
        return turn.finish(state, values.get("choice", ""), side, secrets)
    if action == "release" and side == "rome":
        chosen = values.get("choice", "")
        return (
            magistrates.release_all(state)
            if chosen == "--all"
            else magistrates.release(state, chosen)
        )
    if action == "prorogue" and side == "rome":
        office = values.get("as") or "Proconsul"
        theater, province = values.get("theater") or None, values.get("province") or None
        return magistrates.prorogue(state, values.get("choice", ""), office, theater, province)
    if action == "pluto" and side == "rome":
        who, outcome = values.get("choice") or None, values.get("outcome") or None
        faces = _rolled(state, values, secrets)
        return magistrates.pluto(state, who, _drms(values.get("drm", "")), faces, outcome)
    if action == "elect" and side == "rome":
        return _elected(state, values, secrets)
    if action == "naval" and side == "rome":
        return legions_rules.naval(state, whole_number(values.get("built", ""), "NS levels"))
    if action == "legion-request" and side == "rome":
        return _requested(state, values, secrets)
    if side == "carthage" and action in CARTHAGE_ACTIONS:
        return _carthage(state, action, values, secrets)
    if action == "tribal":
        passed = _passed(state, values.get("devastated", ""))
        return tribes_rules.tribal(state, _rolled(state, values, secrets), passed)
    if action == "augury":
        roll = values.get("roll", "").strip()
        rolled = whole_number(roll, "The Augury roll") if roll else None
        return auguries.augury(state, values.get("event", ""), rolled)
    raise CampaignError(f"There is no action called {action!r} for a player of Thunderbolt.")


CARTHAGE_ACTIONS = (
    "disband", "raise-army", "reinforce", "subordinate", "station", "appoint", *forms.ROLLS
)  # fmt: skip
"""The forms of Carthage's page (B2, B3b)."""


def _carthage(
    state: State, action: str, values: Mapping[str, str], secrets: Mapping[str, str] | None
) -> list[Draft]:
    """A form of Carthage's page: B2a and B2b's rolls, B2c to B2e, B3b (TB-12, TB-13, TB-21,
    TB-28.4)."""
    if action == "disband":
        return _disbanded(state, values, secrets)
    if action == "raise-army":
        sp = whole_number(values.get("sp", ""), "The new Army's SP")
        draws = _draws(state, values, secrets, "carthage")
        name, boxes = values.get("name", ""), _boxes(values)
        return carthage_rules.raise_and_appoint(state, name, sp, draws, None, boxes)
    if action == "reinforce":
        sp = whole_number(values.get("sp", ""), "The SP joining")
        uncounted = values.get("uncounted", "").strip()
        of = whole_number(uncounted, "The Citizens or Elite") if uncounted else 0
        return carthage_rules.reinforce_from(
            state, values.get("choice", ""), sp, of, _boxes(values)
        )
    if action == "subordinate":
        draws = _draws(state, values, secrets, "carthage")
        return carthage_rules.subordinate(state, values.get("choice", ""), draws)
    if action == "station":
        return carthage_rules.post_army(state, values.get("choice") or None, values.get("theater"))
    if action == "appoint":
        draws = _draws(state, values, secrets, "carthage")
        return carthage_rules.appoint(state, values.get("choice") or None, draws, None)
    dice = _rolled(state, values, secrets)
    outcome = values.get("outcome") or None
    return carthage_rules.politics(state, action, _drms(values.get("drm", "")), dice, outcome)


def _passed(state: State, typed: str) -> list[str]:
    """TB-23.3: the tribes passed for a Devastated province, as ticked (their keys, separated by
    spaces) or typed (names separated by commas): a part that names no tribe whole is read word
    by word."""
    from campaign.kinds.thunderbolt.board.tribe_checks import tribe_of

    named = []
    for part in (p.strip() for p in typed.split(",")):
        if part and forms.lawful(tribe_of, state, part):
            named.append(part)
        else:
            named += part.split()
    return named


def _boxes(values: Mapping[str, str]) -> dict[str, int]:
    """TB-25.2: the Holding Boxes a form's SP come from, typed CONTINGENT=SP, comma-separated."""
    from campaign.kinds.thunderbolt.options import taken

    return taken([item for item in values.get("from", "").replace(",", " ").split() if item])


def _rolled(state: State, values: Mapping[str, str], secrets: Mapping[str, str] | None) -> Any:
    """The dice of a roll made from the page: the program's committed ones, or the faces typed
    with their evidence under dice from the table (TB-16)."""
    faces = [whole_number(f, "A die") for f in values.get("face", "").split()]
    return dice_rules.faces_for(state, secrets or {}, faces, values.get("evidence", ""))


def _draws(
    state: State, values: Mapping[str, str], secrets: Mapping[str, str] | None, side: str
) -> Any:
    """The draws of a form: the program's committed ones, or the leader typed as drawn at the
    table with its evidence (TB-16.3, TB-16.4)."""
    from campaign.kinds.thunderbolt.board import naming

    typed = values.get("leader", "").strip()
    drawn = naming.leader(state, typed, side) if typed else None
    return dice_rules.draws_for(
        state, secrets or {}, drawn, values.get("evidence", ""), f"draw-{side}"
    )


def _elected(
    state: State, values: Mapping[str, str], secrets: Mapping[str, str] | None
) -> list[Draft]:
    """B1c from the page: every office due under committed draws, as `elect --all`; the office
    due with the leader drawn at the table under external ones, as `elect --leader`."""
    draws = _draws(state, values, secrets, "rome")
    if state.dice == "committed":
        return magistrates.elect_all(state, draws)
    theater, province = values.get("theater") or None, values.get("province") or None
    return magistrates.elect(state, None, draws, None, None, (), theater, province)


def _requested(
    state: State, values: Mapping[str, str], secrets: Mapping[str, str] | None
) -> list[Draft]:
    """B3b from the page, as `legion-request` decides it (TB-11.4 to TB-11.7)."""
    train = values.get("train", "").strip()
    raised = values.get("legions", "").strip()
    return legions_rules.legion_request(
        state,
        _drms(values.get("drm", "")),
        None,
        _rolled(state, values, secrets),
        whole_number(raised, "The Legions raised") if raised else None,
        values.get("at", "").strip() or None,
        (),
        whole_number(train, "The Legions to train") if train else 0,
    )


def _disbanded(
    state: State, values: Mapping[str, str], secrets: Mapping[str, str] | None
) -> list[Draft]:
    """B2c from the page, as `disband` decides it (TB-12.4, TB-12.5)."""
    low, dash, high = values.get("range", "").strip().partition("-")
    entered = (
        (whole_number(low, "The range's low"), whole_number(high, "The range's high"))
        if dash
        else None
    )
    without_roll = values.get("without_roll", "").strip().lower() in ("yes", "y", "true", "on")
    return carthage_rules.disband(
        state,
        values.get("choice", ""),
        _rolled(state, values, secrets),
        without_roll,
        values.get("sp_to", "").strip(),
        entered,
    )
