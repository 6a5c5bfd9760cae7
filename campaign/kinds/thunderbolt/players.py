"""What a Thunderbolt player does himself from his link in the hub: his side's "done" for each
step in hand that waits for it (TB-3.4), decided by the same command as the command line's
`done`, the Game Turn's dice secret revealed when his "done" ends it (TB-16.2); and Carthage's
player his side's rolls of B2a and B2b, the Family in Power and the Political Climate (TB-12.1),
the program's committed dice or his own entered with their evidence (TB-16), decided as
`family` and `climate` decide them. The other entries — elections, battles — are the
organiser's for now: the page says which steps wait for whom."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign.drafts import Draft
from campaign.errors import CampaignError
from campaign.kinds.thunderbolt import dice as dice_rules
from campaign.kinds.thunderbolt.carthage import decide as carthage_rules
from campaign.kinds.thunderbolt.magistrates import decide as magistrates
from campaign.kinds.thunderbolt.state import State
from campaign.kinds.thunderbolt.turn import decide as turn
from campaign.kinds.thunderbolt.turn.sequence import STEPS
from campaign.names import folded
from campaign.values import whole_number


def side_of(state: State, player: str) -> str | None:
    """The side `player` plays, rome or carthage, or None."""
    sides = {folded(state.rome): "rome", folded(state.carthage): "carthage"}
    return sides.get(folded(player))


def lines(state: State, player: str) -> list[str]:
    """TB-1.1: the side he plays."""
    side = side_of(state, player)
    return [] if side is None else [f"You play {'Rome' if side == 'rome' else 'Carthage'}."]


def actions(state: State, player: str) -> list[dict[str, Any]]:
    """TB-3.4: a "done" for each open step that waits for his side."""
    side = side_of(state, player)
    if side is None or state.position.over:
        return []
    steps = {
        step: f"{step}: {STEPS[step][0]}"
        for step in state.position.open
        if side in state.position.waiting_for(step)
    }
    rolls = (
        [*_rolls(state), *_b2d(state), *_b2e(state)]
        if side == "carthage"
        else [*_b1a(state), *_b1b_c(state)]
    )
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


def awaited(state: State) -> tuple[str, ...]:
    """TB-3.4: the players of the sides the steps in hand wait for."""
    return tuple(p for p in state.players if actions(state, p))


ROLLS = {"family": ("B2a", "the Family in Power"), "climate": ("B2b", "the Political Climate")}
"""Carthage's rolls its player enters (TB-12.1): the step each belongs to."""


def _rolls(state: State) -> list[dict[str, Any]]:
    """B2a and B2b while in hand: the roll, its DRMs, and under external dice the face."""
    forms = []
    for what, (step, title) in ROLLS.items():
        if step not in state.position.open or not _open(state, what):
            continue
        fields = [{"name": "drm", "label": "The chart's DRMs as NAME=VALUE, separated by spaces"}]
        if state.dice != "committed":
            fields += [
                {"name": "face", "label": "The die rolled at the table", "type": "number"},
                {"name": "evidence", "label": "Where it was rolled: a link or a note"},
            ]
        fields += [{"name": "outcome", "label": "The outcome, where the set-up has no chart"}]
        forms.append(
            {
                "action": what,
                "label": f"{step}: roll for {title} (TB-12.1)",
                "choices": {},
                "fields": fields,
                "button": "Roll",
            }
        )
    return forms


def _b1a(state: State) -> list[dict[str, Any]]:
    """B1a, Rome's: each magistrate still to decide prorogued or released (TB-7.2, TB-7.5)."""
    from campaign.kinds.thunderbolt.magistrates import prorogues

    r = state.romans
    if "B1a" not in state.position.open or not prorogues.due_b1a(r):
        return []
    due = {r.leaders[lid].name: r.name(lid) for lid in prorogues.due_b1a(r)}
    return [
        {
            "action": "release",
            "label": "B1a: release a magistrate, to the Triumph Holding Box or the pool (TB-7.5)",
            "choices": {"--all": "every one not yet prorogued or released", **due},
            "button": "Release",
        },
        {
            "action": "prorogue",
            "label": "B1a: keep a magistrate in office another year (TB-7.2, TB-6.4)",
            "choices": due,
            "fields": [
                {"name": "as", "label": "As Proconsul or Praetor (Proconsul if left empty)"},
                {"name": "theater", "label": "His theater, where the rules give one"},
                {"name": "province", "label": "A Proconsul's province of Roman Italy"},
            ],
            "button": "Prorogue",
        },
    ]


def _b1b_c(state: State) -> list[dict[str, Any]]:
    """B1b, Rome's Leader Loss rolls for every leader due (TB-7.7), and B1c, every office due
    elected as TB-8 gives it — under the program's committed dice; with dice from the table the
    organiser enters the faces and the drawn."""
    from campaign.kinds.thunderbolt.magistrates import elections, prorogues

    if state.dice != "committed":
        return []
    offered = []
    if "B1b" in state.position.open and prorogues.due_pluto(state.romans):
        names = ", ".join(state.romans.name(lid) for lid in prorogues.due_pluto(state.romans))
        offered.append(
            {
                "action": "pluto",
                "label": f"B1b: A Visit from Pluto, a Leader Loss roll for {names} (TB-7.7)",
                "choices": {},
                "fields": [{"name": "drm", "label": "The chart's DRMs as NAME=VALUE"}],
                "button": "Roll",
            }
        )
    if "B1c" in state.position.open and elections.next_post(state.romans, state.turn) is not None:
        offered.append(
            {
                "action": "elect",
                "label": "B1c: elect every office due, in order, as TB-8 gives them",
                "choices": {},
                "button": "Elect",
            }
        )
    return offered


def _b2d(state: State) -> list[dict[str, Any]]:
    """B2d, Carthage's: a commander for each Army without one, drawn blind from the pool by the
    program's committed draws (TB-13.2); a map leader chosen, or draws from the table, are the
    organiser's (appoint --from-map, --leader)."""
    from campaign.kinds.thunderbolt.carthage import armies as carthage

    due = carthage.due_b2d(state.carthaginians)
    if state.dice != "committed" or "B2d" not in state.position.open or not due:
        return []
    return [
        {
            "action": "appoint",
            "label": "B2d: a commander for an Army without one, drawn blind from the pool "
            "(TB-13.2)",
            "choices": {army: f"Army {army}" for army in due},
            "button": "Draw",
        }
    ]


def _b2e(state: State) -> list[dict[str, Any]]:
    """B2e, Carthage's: an Army assigned to each Theater the Political Climate calls for
    (TB-12.6), never Hannibal's."""
    from campaign.kinds.thunderbolt.carthage import armies as carthage

    c = state.carthaginians
    due = carthage.postings_due(c, state.current_climate(), state.alert_assigns)
    if "B2e" not in state.position.open or not due:
        return []
    armies = {aid: f"Army {aid}" for aid in c.counted()}
    return [
        {
            "action": "station",
            "label": "B2e: an Army assigned to a Theater for the Game Turn (TB-12.6)",
            "choices": armies,
            "fields": [
                {"name": "theater", "label": "To", "choices": {t: t for t in due}},
            ],
            "button": "Assign",
        }
    ]


def _open(state: State, what: str) -> bool:
    """Whether the roll is still to be made this Game Turn (`checks.check_once`)."""
    from campaign.kinds.thunderbolt import checks

    try:
        checks.check_once(state, what)
    except CampaignError:
        return False
    return True


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
        dice = dice_rules.faces_for(state, secrets or {}, [], "")
        return magistrates.pluto(state, None, _drms(values.get("drm", "")), dice)
    if action == "elect" and side == "rome":
        return magistrates.elect_all(state, dice_rules.draws_for(state, secrets or {}, None, ""))
    if action == "station" and side == "carthage":
        return carthage_rules.post_army(state, values.get("choice") or None, values.get("theater"))
    if action == "appoint" and side == "carthage":
        draws = dice_rules.draws_for(state, secrets or {}, None, "", "draw-carthage")
        return carthage_rules.appoint(state, values.get("choice") or None, draws, None)
    if action in ROLLS and side == "carthage":
        faces = [whole_number(f, "A die") for f in values.get("face", "").split()]
        dice = dice_rules.faces_for(state, secrets or {}, faces, values.get("evidence", ""))
        outcome = values.get("outcome") or None
        return carthage_rules.politics(state, action, _drms(values.get("drm", "")), dice, outcome)
    raise CampaignError(f"There is no action called {action!r} for a player of Thunderbolt.")
