"""The forms of a Thunderbolt side's page, step by step (TB-3.4): each builder offers what the
step in hand lets that side enter now, as `players.decide` decides it; the program's dice or
the table's (TB-16). A field whose set the state knows (an office, a Theater, a province, a DRM,
an outcome, a leader of the pool) offers it as choices (`choices`, issue #50)."""

from __future__ import annotations

from typing import Any

from campaign.errors import CampaignError
from campaign.kinds.thunderbolt import choices
from campaign.kinds.thunderbolt.board import checks
from campaign.kinds.thunderbolt.board.charts import FAMILIES
from campaign.kinds.thunderbolt.board.rules import CLIMATES
from campaign.kinds.thunderbolt.board.state import State

ROLLS = {"family": ("B2a", "the Family in Power"), "climate": ("B2b", "the Political Climate")}
"""Carthage's rolls its player enters (TB-12.1): the step each belongs to."""


def politics(state: State) -> list[dict[str, Any]]:
    """B2a and B2b while in hand: the roll, its DRMs, and under external dice the face."""
    forms = []
    for what, (step, title) in ROLLS.items():
        if step not in state.position.open or not lawful(checks.check_once, state, what):
            continue
        fields = [choices.drm_field(what)]
        if state.dice != "committed":
            fields += [
                {"name": "face", "label": "The die rolled at the table", "type": "number"},
                {"name": "evidence", "label": "Where it was rolled: a link or a note"},
            ]
        fields += _outcome(state, what)
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


CHARTS = {"family": ("family_in_power", FAMILIES), "climate": ("political_climate", CLIMATES)}
"""TB-12.1: each roll's chart in the set-up (`[tables]`) and the outcomes it gives."""


def _outcome(state: State, what: str) -> list[dict[str, Any]]:
    """TB-12.1: the outcome entered, chosen among the chart's, where the set-up has no chart."""
    table, outcomes = CHARTS[what]
    if table in state.setup.tables:
        return []
    return [
        {
            "name": "outcome",
            "label": "The outcome (the set-up has no chart)",
            "choices": {o: o for o in outcomes},
        }
    ]


def b1a(state: State) -> list[dict[str, Any]]:
    """B1a, Rome's: each magistrate still to decide prorogued or released (TB-7.2, TB-7.5)."""
    from campaign.kinds.thunderbolt.board import prorogues

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
                {
                    "name": "as",
                    "label": "As (Proconsul if left empty)",
                    "choices": choices.prorogued_as(state, prorogues.due_b1a(r)),
                },
                {
                    "name": "theater",
                    "label": "A Proconsul's Theater, outside Roman Italy (TB-6.4)",
                    "choices": choices.theaters(state, roman_italy=False),
                },
                {
                    "name": "province",
                    "label": "Or a Proconsul's province of Roman Italy (TB-6.4)",
                    "choices": choices.provinces(state),
                },
            ],
            "button": "Prorogue",
        },
    ]


def b1b_c(state: State) -> list[dict[str, Any]]:
    """B1b, Rome's Leader Loss rolls for every leader due (TB-7.7), and B1c, the offices due
    elected as TB-8 gives them: under the program's committed dice all at once; with dice from
    the table one leader's roll or one office at a time, the face or the leader drawn entered
    with its evidence (TB-16.4)."""
    from campaign.kinds.thunderbolt.board import elections, prorogues

    offered = []
    external = state.dice != "committed"
    due = prorogues.due_pluto(state.romans)
    if "B1b" in state.position.open and due:
        names = ", ".join(state.romans.name(lid) for lid in due)
        table = [*face_fields("The die rolled at the table"), OUTCOME] if external else []
        offered.append(
            {
                "action": "pluto",
                "label": f"B1b: A Visit from Pluto, a Leader Loss roll for {names} (TB-7.7)",
                "choices": {state.romans.leaders[lid].name: state.romans.name(lid) for lid in due}
                if external
                else {},
                "fields": [*table, choices.drm_field("pluto")],
                "button": "Roll",
            }
        )
    post = elections.next_post(state.romans, state.turn) if "B1c" in state.position.open else None
    if post is not None and post.office != "Dictator's army":
        offered.append(election(state, post, external))
    return offered


OUTCOME = {
    "name": "outcome",
    "label": "The outcome, where the set-up has no chart",
    "choices": choices.outcomes(),
}


def face_fields(label: str) -> list[dict[str, str]]:
    """The fields of a roll made at the table (TB-16.4): its die, its evidence."""
    return [
        {"name": "face", "label": label, "type": "number"},
        {"name": "evidence", "label": "Where it was rolled: a link or a note"},
    ]


def draw_fields(label: str, state: State, side: str) -> list[dict[str, Any]]:
    """The fields of a draw made at the table (TB-16.4): who was drawn, one of the side's pool
    (its candidates), and its evidence."""
    return [
        {"name": "leader", "label": label, "choices": choices.pool(state, side)},
        {"name": "evidence", "label": "Where it was drawn: a link or a note"},
    ]


def election(state: State, post: Any, external: bool) -> dict[str, Any]:
    """B1c's form: every office at once under committed draws; the office due, with the leader
    drawn at the table, under external ones (TB-8, TB-16.4)."""
    if not external:
        return {
            "action": "elect",
            "label": "B1c: elect every office due, in order, as TB-8 gives them",
            "choices": {},
            "button": "Elect",
        }
    drawn = (
        []
        if post.office == "Imperium"
        else draw_fields("The leader drawn from the pool", state, "rome")
    )
    return {
        "action": "elect",
        "label": f"B1c: {post} (TB-8)",
        "choices": {},
        "fields": [*drawn, *assignment_fields(state, post)],
        "button": "Elect",
    }


def assignment_fields(state: State, post: Any) -> list[dict[str, Any]]:
    """TB-6.4 and TB-8.6: where the magistrate elected is assigned, where the rules give it: a
    Theater (a Proconsul's outside Roman Italy), a Proconsul's province of Roman Italy, a
    governor's province of his island; left empty, where his army stands."""
    if post.island:
        provinces = choices.island(state, post.island)
        label = f"His province of {post.island.capitalize()} (TB-8.6)"
    else:
        provinces, label = choices.provinces(state), "A Proconsul's province of Roman Italy"
    proconsul = post.office == "Proconsul"
    return [
        {
            "name": "theater",
            "label": "His Theater, where the rules give one (TB-6.4)",
            "choices": choices.theaters(state, roman_italy=not proconsul),
        },
        {"name": "province", "label": label, "choices": provinces},
    ]


def b3_rome(state: State) -> list[dict[str, Any]]:
    """B3a, the NS levels Rome built (TB-11.4), once a Game Turn; B3b, Rome's Legion Request
    (TB-11.4 to TB-11.7), its die the program's or the table's (TB-16)."""
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
        if not lawful(checks.check_request, state):
            return offered
        table = face_fields("The die rolled at the table") if state.dice != "committed" else []
        offered.append(
            {
                "action": "legion-request",
                "label": "B3b: Rome's Legion Request (TB-11.4 to TB-11.7)",
                "choices": {},
                "fields": [
                    *table,
                    {
                        "name": "at",
                        "label": "Where the new Legions go: a province of Roman Italy (TB-11.6)",
                        "choices": choices.placements(state),
                    },
                    choices.drm_field("legion-request"),
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


def b2c(state: State) -> list[dict[str, Any]]:
    """B2c, Carthage's: while over the limit, one Army at a time checked for disbanding
    (TB-12.4), its die the program's or the table's (TB-12.5, TB-16); without a roll where its
    commander is not of the Family in Power."""
    from campaign.kinds.thunderbolt.board import armies as carthage

    c = state.carthaginians
    if "B2c" not in state.position.open or not carthage.due_b2c(c, state.current_climate()):
        return []
    table = face_fields("The die rolled at the table") if state.dice != "committed" else []
    return [
        {
            "action": "disband",
            "label": "B2c: an Army over the limit checked for disbanding (TB-12.4, TB-12.5)",
            "choices": {aid: f"Army {aid}" for aid in carthage.eligible(c)},
            "fields": [
                *table,
                {
                    "name": "without_roll",
                    "label": "Its commander is not of the Family in Power (TB-12.4)",
                    "choices": {"yes": "disbanded without a roll"},
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


def b3_carthage(state: State) -> list[dict[str, Any]]:
    """B3b, Carthage's (7.13): below the army limit a new Army, its commander drawn with it
    (TB-21.1); within it reinforcements for an Army (TB-12.3, TB-14.3); never both (TB-21.2)."""
    from campaign.kinds.thunderbolt.chapters.carthage import manpower

    c = state.carthaginians
    climate = state.current_climate()
    position = state.position
    if "B3b" not in position.open or "carthage" not in position.waiting_for("B3b"):
        return []
    offered = []
    boxes = choices.boxes_field(state)
    if lawful(manpower.check_new_army, c, climate):
        drawn = (
            draw_fields("The leader drawn at the table", state, "carthage")
            if state.dice != "committed"
            else []
        )
        offered.append(
            {
                "action": "raise-army",
                "label": "B3b: a new Army in Carthage province, its AER -3, its commander drawn "
                "with it (TB-21.1; instead of reinforcements, TB-21.2)",
                "choices": {},
                "fields": [
                    {"name": "name", "label": "The new Army's name (its holding box)"},
                    {"name": "sp", "label": "The SP the Manpower Table gave", "type": "number"},
                    *boxes,
                    *drawn,
                ],
                "button": "Raise",
            }
        )
    if c.armies and lawful(manpower.check_b3b_reinforcements, c, climate):
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
                    *boxes,
                ],
                "button": "Reinforce",
            }
        )
    return offered + _subordinate(state)


def _subordinate(state: State) -> list[dict[str, Any]]:
    """TB-28.4 (7.21, 7.22): with 20 SP or more raised in this B3b, a Subordinate drawn blind
    from the pool joins the new Army or an Army the reinforcements joined."""
    from campaign.kinds.thunderbolt.chapters.carthage import operations

    c = state.carthaginians
    armies = [aid for aid in sorted(c.b3b_sp) if lawful(operations.check_subordinate, c, aid)]
    if not armies:
        return []
    drawn = (
        draw_fields("The leader drawn at the table", state, "carthage")
        if state.dice != "committed"
        else []
    )
    return [
        {
            "action": "subordinate",
            "label": "B3b: with 20 SP or more raised, a Subordinate drawn blind from the pool "
            "joins an Army (TB-28.4)",
            "choices": {aid: f"Army {aid}" for aid in armies},
            "fields": drawn,
            "button": "Draw",
        }
    ]


def b4_tribal(state: State, side: str) -> list[dict[str, Any]]:
    """B4a (Carthage's) and B4b (Rome's): every due tribe's roll and the step finished in one
    form (TB-23.3); under dice from the table the dice in the order the form lists the tribes,
    and the tribes in a Devastated province passed."""
    from campaign.kinds.thunderbolt.board.tribes import ROLLER, due

    offered = []
    for step in state.position.open:
        waiting = due(state.setup, state.tribes, step) if step in ROLLER else []
        if not waiting or ROLLER[step] != side:
            continue
        named = ", ".join(state.setup.tribes[t].name for t in waiting)
        fields: list[dict[str, Any]] = [
            {
                "name": "devastated",
                "label": "Tribes in a Devastated province (no roll)",
                "many": True,
                "choices": {t: state.setup.tribes[t].name for t in waiting},
            }
        ]
        if state.dice != "committed":
            fields = [
                {"name": "face", "label": f"The dice, one a tribe, in this order: {named}"},
                {"name": "evidence", "label": "Where they were rolled: a link or a note"},
                *fields,
            ]
        what = "Depletion Recovery" if step == "B4a" else "Pacification Removal"
        offered.append(
            {
                "action": "tribal",
                "label": f"{step}: {what} for {named}, then {step} done (TB-23.3)",
                "choices": {},
                "fields": fields,
                "button": "Roll",
            }
        )
    return offered


def e_augury(state: State) -> list[dict[str, Any]]:
    """E: the Augury Phase's roll made at the table and its event, entered by either side
    (TB-22.1, TB-16.6); what it brings about is entered with its own commands."""
    if "E" not in state.position.open or state.augured:
        return []
    return [
        {
            "action": "augury",
            "label": "E: the Augury Phase: the roll on the scenario's Augury Table and what "
            "it gave (TB-22.1)",
            "choices": {},
            "fields": [
                {"name": "event", "label": "What the Augury Table gave, as it reads"},
                {"name": "roll", "label": "The roll made at the table (0 to 18)", "type": "number"},
            ],
            "button": "Enter",
        }
    ]


def b2d(state: State) -> list[dict[str, Any]]:
    """B2d, Carthage's: a commander for each Army without one, drawn blind from the pool
    (TB-13.2) by the program's committed draws, or at the table and entered with its evidence
    (TB-16.4); a map leader chosen is the organiser's (appoint --from-map)."""
    from campaign.kinds.thunderbolt.board import armies as carthage

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
            "fields": draw_fields("The leader drawn at the table", state, "carthage")
            if external
            else [],
            "button": "Draw",
        }
    ]


def b2e(state: State) -> list[dict[str, Any]]:
    """B2e, Carthage's: an Army assigned to each Theater the Political Climate calls for
    (TB-12.6), never Hannibal's."""
    from campaign.kinds.thunderbolt.board import armies as carthage

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


def lawful(check: Any, *args: Any) -> bool:
    """Whether `check(*args)` lets it be: a form is offered only where its command would not be
    refused by the same check."""
    try:
        check(*args)
    except CampaignError:
        return False
    return True
