"""ONUS! Under the Eagle's commands (`--rules onus-under-the-eagle`)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.kinds.onus import RULES as ONUS
from campaign.input.text import printable_data
from campaign.input.values import whole_number
from campaign.commandline.core import (
    CampaignOption,
    JsonOption,
    console,
    pairs,
    print_json,
    registrar,
    say,
)
from campaign.errors import CampaignError

commands = typer.Typer()
command = registrar(commands, "ONUS! Under the Eagle")


def start_options(
    rome: Annotated[
        Optional[str], typer.Option("--rome", help="The player of Rome (ON-1.1).")
    ] = None,
    enemies: Annotated[
        Optional[str], typer.Option("--enemies", help="The player of Rome's enemies (ON-1.1).")
    ] = None,
    reset_eliminated: Annotated[
        bool,
        typer.Option("--reset-eliminated", help="Eliminated units go back to regular (ON-2.2)."),
    ] = False,
) -> None:
    """The options of `campaign new` for ONUS! Under the Eagle."""


@command()
def briefing(
    ctx: typer.Context,
    campaign: CampaignOption = None,
    as_json: JsonOption = False,
    output_format: Annotated[
        str,
        typer.Option(
            "--format",
            help="text, or a post: markdown (Discord), bbcode (forums) or html; the same as "
            "report --round N for the scenario to be played.",
        ),
    ] = "text",
) -> None:
    """The next scenario's set-up: armies with unit statuses, Generals, Characters, rules, fact keys
    (ON-3.3)."""
    from campaign.kinds.onus import status as onus_data
    from campaign.input.names import resolve

    chosen = resolve("briefing format", output_format, ("text", "markdown", "bbcode", "html"))
    name = ctx.obj.name(campaign)
    loaded = ctx.obj.require(name, ONUS)
    brief = onus_data.briefing(loaded.state)
    if as_json:
        return print_json(brief)
    if brief is None:
        return say("All eight scenarios have been played.")
    if chosen != "text":  # the opening post: report of the scenario to be played
        from campaign.proof.signing import for_report
        from campaign.views.reports import render, report_data

        post, _ = report_data(name, loaded, brief["scenario"])
        return typer.echo(render(post, chosen, signer=for_report(post)))
    from campaign.kinds.onus.dashboard import briefing_panel

    console().print(briefing_panel(printable_data(brief)))


@command()
def muster(
    ctx: typer.Context,
    side: Annotated[str, typer.Argument(help="rome or enemies.")],
    units: Annotated[
        Optional[list[str]],
        typer.Argument(metavar="UNIT=COUNT...", help="Unit types and how many of each."),
    ] = None,
    listing: Annotated[
        bool, typer.Option("--list", help="The unit types and points this army may muster.")
    ] = False,
    campaign: CampaignOption = None,
    as_json: JsonOption = False,
) -> None:
    """A free-choice army for the next scenario, checked against its points and constraints
    (ON-3.2); --list shows what it may muster."""
    from campaign.kinds.onus import commands as onus_commands

    if listing or not units:
        state = ctx.obj.require(ctx.obj.name(campaign), ONUS).state
        choices = onus_commands.muster_choices(state, side)
        if as_json:
            return print_json(choices)
        say(
            f"{choices['people']} for scenario {choices['scenario']}: at most {choices['points']} "
            "points"
            + (f", at most {choices['max_units']} units" if choices["max_units"] else "")
            + "".join(f", at least {n} {t}" for t, n in choices["required"].items())
            + ":"
        )
        for unit_type, points in choices["units"].items():
            say(f"  {unit_type}={points} points")
        return None
    items = {
        unit: whole_number(n, f"The count of {unit}")
        for unit, n in pairs(units, "UNIT=COUNT").items()
    }
    ctx.obj.act(campaign, lambda state: onus_commands.muster(state, side, items), ONUS)


@command("scenario-result")
def scenario_result(
    ctx: typer.Context,
    fact: Annotated[
        Optional[list[str]],
        typer.Option("--fact", help="KEY=VALUE, as the briefing lists (ON-3.1)."),
    ] = None,
    eliminated: Annotated[
        Optional[list[str]], typer.Option("--eliminated", help="A unit eliminated (its id).")
    ] = None,
    lost_with_unit: Annotated[
        Optional[list[str]],
        typer.Option("--lost-with-unit", help="A Character whose unit was eliminated (ON-2.5)."),
    ] = None,
    wounded: Annotated[
        Optional[list[str]], typer.Option("--wounded", help="A wounded Character (ON-2.4).")
    ] = None,
    officer_casualty: Annotated[
        Optional[list[str]],
        typer.Option("--officer-casualty", help="A unit with Officer Casualties (ON-2.3)."),
    ] = None,
    winner: Annotated[
        Optional[str], typer.Option("--winner", help="rome or enemies; checked against the facts.")
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """The result of the scenario being played: its facts decide the winner (ON-3.1)."""
    from campaign.kinds.onus import commands as onus_commands

    facts = pairs(fact or [], "KEY=VALUE")
    ctx.obj.act(
        campaign,
        lambda state: onus_commands.scenario_result(
            state,
            facts,
            eliminated or [],
            lost_with_unit or [],
            wounded or [],
            officer_casualty or [],
            winner,
        ),
        ONUS,
    )


@command()
def upgrade(
    ctx: typer.Context,
    unit: Annotated[
        Optional[str], typer.Argument(metavar="UNIT_ID", help="The unit card, e.g. legionaries-1.")
    ] = None,
    decline: Annotated[bool, typer.Option("--decline", help="Decline the upgrade.")] = False,
    campaign: CampaignOption = None,
) -> None:
    """The scenario winner's upgrade of one unit, regular → Veteran → Elite, or --decline
    (ON-2.1)."""
    from campaign.kinds.onus import commands as onus_commands

    if (unit is None) == (not decline):
        raise CampaignError("Name one unit to upgrade (e.g. legionaries-1), or --decline.")
    ctx.obj.act(campaign, lambda state: onus_commands.upgrade(state, unit), ONUS)
