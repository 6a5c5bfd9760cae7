"""What a Thunderbolt player does himself from his link in the hub: his side's "done" for each
step in hand that waits for it (TB-3.4), decided by the same command as the command line's
`done`, the Game Turn's dice secret revealed when his "done" ends it (TB-16.2); and Carthage's
player his side's rolls of B2a and B2b, the Family in Power and the Political Climate (TB-12.1),
decided as `family` and `climate` decide them; Rome's player his B1a prorogues and releases,
B1b's Leader Loss rolls and B1c's elections, Carthage's his B2d commanders and B2e postings.
Each roll and draw is the program's committed one (TB-16.2), or, with dice from the table, the
face or the leader drawn entered by the side that rolled, with its evidence (TB-16.4). The
other entries — the Senate, battles, operations — are the organiser's: the page says which
steps wait for whom."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign.drafts import Draft
from campaign.errors import CampaignError
from campaign.kinds.thunderbolt import dice as dice_rules
from campaign.kinds.thunderbolt.carthage import decide as carthage_rules
from campaign.kinds.thunderbolt.legions import decide as legions_rules
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


ON_THE_PAGE = {
    "rome": {"A2", "B1a", "B1b", "B1c", "B3a", "B3b"},
    "carthage": {"A2", "B2a", "B2b", "B2c", "B2d", "B2e", "B3b"},
}
"""The steps whose entries a side makes from its own page; in the others its decisions are the
organiser's to enter (the Senate, operations, battles, sieges), its "done" its own."""


def lines(state: State, player: str) -> list[str]:
    """TB-1.1: the side he plays; TB-3.4: each step in hand waiting for his side whose entries
    the organiser makes, said so."""
    side = side_of(state, player)
    if side is None:
        return []
    told = [f"You play {'Rome' if side == 'rome' else 'Carthage'}."]
    if state.victory is not None:
        return [*told, f"The game is over: {state.victory} (TB-20)."]
    if _result_due(state):
        told.append(
            "G4 (Victory Determination): the scenario's result is entered by the organiser or an "
            "arbiter (TB-20.2, TB-20.4)."
        )
    for step in state.position.open if not state.position.over else ():
        if step == "G4":  # its "done" is each side's; its result is neither side's (TB-20.4)
            continue
        if side in state.position.waiting_for(step) and step not in ON_THE_PAGE[side]:
            told.append(
                f"{step} ({STEPS[step][0]}): your side's decisions in it are entered by the "
                "organiser (Next says which); say it is done here when they are."
            )
    return told


def actions(state: State, player: str) -> list[dict[str, Any]]:
    """TB-3.4: a "done" for each open step that waits for his side."""
    side = side_of(state, player)
    if side is None or state.position.over:
        return []
    steps = {
        step: f"{step}: {STEPS[step][0]}"
        for step in state.position.open
        if side in state.position.waiting_for(step) and not (step == "G4" and _result_due(state))
    }
    rolls = (
        [*_rolls(state), *_b2c(state), *_b2d(state), *_b2e(state), *_manpower(state)]
        if side == "carthage"
        else [*_b1a(state), *_b1b_c(state), *_b3(state)]
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


def _result_due(state: State) -> bool:
    """TB-20.2: the last Game Turn's G4, finished by its result alone."""
    return "G4" in state.position.open and state.turn == state.setup.turns


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
    """B1b, Rome's Leader Loss rolls for every leader due (TB-7.7), and B1c, the offices due
    elected as TB-8 gives them: under the program's committed dice all at once; with dice from
    the table one leader's roll or one office at a time, the face or the leader drawn entered
    with its evidence (TB-16.4)."""
    from campaign.kinds.thunderbolt.magistrates import elections, prorogues

    offered = []
    external = state.dice != "committed"
    due = prorogues.due_pluto(state.romans)
    if "B1b" in state.position.open and due:
        names = ", ".join(state.romans.name(lid) for lid in due)
        table = [*_faces("The die rolled at the table"), _OUTCOME] if external else []
        offered.append(
            {
                "action": "pluto",
                "label": f"B1b: A Visit from Pluto, a Leader Loss roll for {names} (TB-7.7)",
                "choices": {state.romans.leaders[lid].name: state.romans.name(lid) for lid in due}
                if external
                else {},
                "fields": [*table, {"name": "drm", "label": "The chart's DRMs as NAME=VALUE"}],
                "button": "Roll",
            }
        )
    post = elections.next_post(state.romans, state.turn) if "B1c" in state.position.open else None
    if post is not None and post.office != "Dictator's army":
        offered.append(_election(post, external))
    return offered


_OUTCOME = {
    "name": "outcome",
    "label": "The outcome (unharmed, wounded or killed), where the set-up has no chart",
}


def _faces(label: str) -> list[dict[str, str]]:
    """The fields of a roll made at the table (TB-16.4): its die, its evidence."""
    return [
        {"name": "face", "label": label, "type": "number"},
        {"name": "evidence", "label": "Where it was rolled: a link or a note"},
    ]


def _drawn(label: str) -> list[dict[str, str]]:
    """The fields of a draw made at the table (TB-16.4): who was drawn, its evidence."""
    return [
        {"name": "leader", "label": label},
        {"name": "evidence", "label": "Where it was drawn: a link or a note"},
    ]


def _election(post: Any, external: bool) -> dict[str, Any]:
    """B1c's form: every office at once under committed draws; the office due, with the leader
    drawn at the table, under external ones (TB-8, TB-16.4)."""
    if not external:
        return {
            "action": "elect",
            "label": "B1c: elect every office due, in order, as TB-8 gives them",
            "choices": {},
            "button": "Elect",
        }
    drawn = [] if post.office == "Imperium" else _drawn("The leader drawn from the pool")
    return {
        "action": "elect",
        "label": f"B1c: {post} (TB-8)",
        "choices": {},
        "fields": [
            *drawn,
            {"name": "theater", "label": "His theater, where the rules give one"},
            {"name": "province", "label": "A Governor's or Proconsul's province"},
        ],
        "button": "Elect",
    }


def _b3(state: State) -> list[dict[str, Any]]:
    """B3a, the NS levels Rome built (TB-11.4), once a Game Turn; B3b, Rome's Legion Request
    (TB-11.4 to TB-11.7), its die the program's or the table's (TB-16)."""
    from campaign.kinds.thunderbolt import checks

    offered = []
    position = state.position
    if "B3a" in position.open and "rome" in position.waiting_for("B3a"):
        if state.turn not in state.ns_built:
            offered.append(
                {
                    "action": "naval",
                    "label": "B3a: the NS levels Rome built this Game Turn, whose DRM the Legion "
                    "Request takes (TB-11.4)",
                    "choices": {},
                    "fields": [{"name": "built", "label": "NS levels built", "type": "number"}],
                    "button": "Record",
                }
            )
    if "B3b" in position.open and "rome" in position.waiting_for("B3b"):
        try:
            checks.check_request(state)
        except CampaignError:
            return offered
        table = _faces("The die rolled at the table") if state.dice != "committed" else []
        offered.append(
            {
                "action": "legion-request",
                "label": "B3b: Rome's Legion Request (TB-11.4 to TB-11.7)",
                "choices": {},
                "fields": [
                    *table,
                    {"name": "at", "label": "Where the new Legions go: a province of Roman Italy"},
                    {"name": "drm", "label": "The chart's DRMs as NAME=VALUE"},
                    {
                        "name": "train",
                        "label": "New Legions sent to Rome to train (0 to 2)",
                        "type": "number",
                    },
                    {
                        "name": "legions",
                        "label": "The Legions raised, where the set-up has no chart",
                        "type": "number",
                    },
                ],
                "button": "Request",
            }
        )
    return offered


def _b2c(state: State) -> list[dict[str, Any]]:
    """B2c, Carthage's: while over the limit, one Army at a time checked for disbanding
    (TB-12.4), its die the program's or the table's (TB-12.5, TB-16); without a roll where its
    commander is not of the Family in Power."""
    from campaign.kinds.thunderbolt.carthage import armies as carthage

    c = state.carthaginians
    if "B2c" not in state.position.open or not carthage.due_b2c(c, state.current_climate()):
        return []
    table = _faces("The die rolled at the table") if state.dice != "committed" else []
    return [
        {
            "action": "disband",
            "label": "B2c: an Army over the limit checked for disbanding (TB-12.4, TB-12.5)",
            "choices": {aid: f"Army {aid}" for aid in carthage.eligible(c)},
            "fields": [
                *table,
                {
                    "name": "without_roll",
                    "label": "Its commander is not of the Family in Power: yes, or leave empty",
                },
                {"name": "sp_to", "label": "Where a disbanded Army's SP went"},
                {
                    "name": "range",
                    "label": "The Disband range LOW-HIGH, where the set-up has no chart",
                },
            ],
            "button": "Check",
        }
    ]


def _manpower(state: State) -> list[dict[str, Any]]:
    """B3b, Carthage's (7.13): below the army limit a new Army, its commander drawn with it
    (TB-21.1); within it reinforcements for an Army (TB-12.3, TB-14.3); never both (TB-21.2)."""
    from campaign.kinds.thunderbolt import rules
    from campaign.kinds.thunderbolt.carthage import manpower

    c = state.carthaginians
    climate = state.current_climate()
    position = state.position
    if "B3b" not in position.open or "carthage" not in position.waiting_for("B3b"):
        return []
    if climate is None or c.raised:
        return []
    new, more = rules.may_raise(climate, len(c.counted()), c.disbanded)
    offered = []
    if new and not manpower.in_b3b(c):
        drawn = _drawn("The leader drawn at the table") if state.dice != "committed" else []
        offered.append(
            {
                "action": "raise-army",
                "label": "B3b: a new Army in Carthage province, its AER -3, its commander drawn "
                "with it (TB-21.1; instead of reinforcements, TB-21.2)",
                "choices": {},
                "fields": [
                    {"name": "name", "label": "The new Army's name (its holding box)"},
                    {"name": "sp", "label": "The SP the Manpower Table gave", "type": "number"},
                    *drawn,
                ],
                "button": "Raise",
            }
        )
    if more and c.armies:
        offered.append(
            {
                "action": "reinforce",
                "label": "B3b: reinforcements join an Army (TB-12.3, TB-14.3)",
                "choices": {aid: f"Army {aid}" for aid in sorted(c.armies)},
                "fields": [
                    {"name": "sp", "label": "SP joining", "type": "number"},
                    {
                        "name": "uncounted",
                        "label": "Of them Carthaginian Citizens or Elite "
                        "(not counted against the 30 %)",
                        "type": "number",
                    },
                ],
                "button": "Reinforce",
            }
        )
    return offered


def _b2d(state: State) -> list[dict[str, Any]]:
    """B2d, Carthage's: a commander for each Army without one, drawn blind from the pool
    (TB-13.2) by the program's committed draws, or at the table and entered with its evidence
    (TB-16.4); a map leader chosen is the organiser's (appoint --from-map)."""
    from campaign.kinds.thunderbolt.carthage import armies as carthage

    due = carthage.due_b2d(state.carthaginians)
    if "B2d" not in state.position.open or not due:
        return []
    external = state.dice != "committed"
    return [
        {
            "action": "appoint",
            "label": "B2d: a commander for an Army without one, drawn blind from the pool "
            "(TB-13.2)",
            "choices": {army: f"Army {army}" for army in due},
            "fields": _drawn("The leader drawn at the table") if external else [],
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
        who, outcome = values.get("choice") or None, values.get("outcome") or None
        faces = _rolled(state, values, secrets)
        return magistrates.pluto(state, who, _drms(values.get("drm", "")), faces, outcome)
    if action == "elect" and side == "rome":
        return _elected(state, values, secrets)
    if action == "naval" and side == "rome":
        return legions_rules.naval(state, whole_number(values.get("built", ""), "NS levels"))
    if action == "legion-request" and side == "rome":
        return _requested(state, values, secrets)
    if action == "disband" and side == "carthage":
        return _disbanded(state, values, secrets)
    if action == "raise-army" and side == "carthage":
        sp = whole_number(values.get("sp", ""), "The new Army's SP")
        draws = _draws(state, values, secrets, "carthage")
        return carthage_rules.raise_and_appoint(state, values.get("name", ""), sp, draws)
    if action == "reinforce" and side == "carthage":
        sp = whole_number(values.get("sp", ""), "The SP joining")
        uncounted = values.get("uncounted", "").strip()
        of = whole_number(uncounted, "The Citizens or Elite") if uncounted else 0
        return carthage_rules.reinforce(state, values.get("choice", ""), sp, of)
    if action == "station" and side == "carthage":
        return carthage_rules.post_army(state, values.get("choice") or None, values.get("theater"))
    if action == "appoint" and side == "carthage":
        draws = _draws(state, values, secrets, "carthage")
        return carthage_rules.appoint(state, values.get("choice") or None, draws, None)
    if action in ROLLS and side == "carthage":
        dice = _rolled(state, values, secrets)
        outcome = values.get("outcome") or None
        return carthage_rules.politics(state, action, _drms(values.get("drm", "")), dice, outcome)
    raise CampaignError(f"There is no action called {action!r} for a player of Thunderbolt.")


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
    from campaign.kinds.thunderbolt import naming

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
