"""What Thunderbolt's commands share: the command group they are registered on, the options
of dice and draws (TB-16), of leaders, Theaters and provinces."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.commandline.core import pairs, registrar
from campaign.errors import CampaignError
from campaign.input import text
from campaign.input.values import whole_number
from campaign.kinds.thunderbolt import RULES as TB

commands = typer.Typer()


command = registrar(commands, "Thunderbolt")


FaceOption = Annotated[
    Optional[list[int]], typer.Option("--face", help="With --dice external: the die, 0-9.")
]


EvidenceOption = Annotated[
    str, typer.Option("--evidence", help="Where it was rolled: a VASSAL log line, a link.")
]


DrawnOption = Annotated[
    Optional[str], typer.Option("--leader", help="With --dice external: who was drawn.")
]
"""TB-16.4: the leader a draw at the table gave."""


FromMapOption = Annotated[
    Optional[str],
    typer.Option("--from-map", help="A map leader of the Family in Power (TB-13.2)."),
]


MarkerOption = Annotated[
    Optional[str],
    typer.Option(
        "--drawn", help="With --dice external: the leader whose LAM, legate, siege, augury."
    ),
]
"""TB-4.4, TB-16.4: what the table drew from the cup."""


def rolled(ctx: typer.Context, campaign: str | None, face, evidence: str, decide) -> None:
    """Run a command that rolls (TB-16): `decide(state, faces)` with the program's committed
    dice, or with the faces entered from the table under --dice external."""
    from campaign.kinds.thunderbolt.board import dice

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)

    def decided(state):
        return decide(state, dice.faces_for(state, secrets, face or [], evidence))

    ctx.obj.act(name, decided, TB)


def dice_range(written: str | None) -> tuple[int, int] | None:
    """A chart's range of dice as typed: LOW-HIGH (TB-12.4, TB-13.3)."""
    if written is None:
        return None
    low, _, high = written.partition("-")
    return whole_number(low, "The range's low"), whole_number(high, "The range's high")


def drms(drm: list[str] | None) -> dict[str, int]:
    """A chart's DRMs as entered: NAME=VALUE each, +2, -1 or 3; the name is text (kept in the
    log and told in every report), refused with a control or invisible character."""
    return {
        text.name(key, "a DRM's name"): signed(value, key)
        for key, value in pairs(drm or [], "NAME=VALUE").items()
    }


def signed(text: str, what: str) -> int:
    """A DRM as written: +2, -1, 3."""
    written = text.strip()
    sign = -1 if written.startswith("-") else 1
    return sign * whole_number(written.lstrip("+-"), f"The DRM {what}")


FromOption = Annotated[
    Optional[list[str]],
    typer.Option("--from", help="CONTINGENT=SP drawn from its Manpower Holding Box (TB-25.2)."),
]


def taken(given: list[str] | None) -> dict[str, int]:
    """TB-25.2: the SP drawn from each Holding Box, as typed: CONTINGENT=SP each."""
    return {
        key: whole_number(value, f"The SP from {key}")
        for key, value in pairs(given or [], "CONTINGENT=SP").items()
    }


DrmOption = Annotated[
    Optional[list[str]], typer.Option("--drm", help="NAME=VALUE, the chart's DRMs.")
]


OutcomeOption = Annotated[
    Optional[str], typer.Option("--outcome", help="The outcome, where the set-up has no chart.")
]


ByOption = Annotated[
    Optional[str],
    typer.Option(
        "--by",
        help="In D: the Dictator or Consul whose Manpower Operation this is (TB-11.3).",
    ),
]


LeaderArgument = Annotated[str, typer.Argument(help="A Roman leader: name or number (416).")]


TheaterOption = Annotated[
    Optional[str], typer.Option("--theater", help="His Theater (TB-6.4), e.g. Sicily.")
]


ProvinceOption = Annotated[
    Optional[str],
    typer.Option("--province", help="A Proconsul's province of Roman Italy (TB-6.4)."),
]


ArmyArgument = Annotated[str, typer.Argument(help="A Carthaginian Army, e.g. hispania.")]


def given_sp(items: list[str]) -> dict[str, dict[str, int]]:
    """`--give LEGION:CLASS=N`, e.g. X:citizen-infantry=4 (TB-11.8)."""
    given: dict[str, dict[str, int]] = {}
    for item in items:
        legion, sep, rest = item.partition(":")
        kind, eq, count = rest.partition("=")
        if not (sep and eq and legion.strip() and kind.strip()):
            raise CampaignError(
                f"Write a Legion's SP as LEGION:CLASS=N, e.g. X:citizen-infantry=4, not {item!r}."
            )
        classes = given.setdefault(legion.strip(), {})
        classes[kind.strip()] = classes.get(kind.strip(), 0) + whole_number(count, "The SP")
    return given
