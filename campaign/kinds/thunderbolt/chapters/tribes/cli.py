"""The commands of the tribes (TB-23, TB-24): the Tribal Segment's rolls, troops raised and
Diplomacy by Guile, a tribe's battle, and an Augury's revolt."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.commandline.core import CampaignOption
from campaign.kinds.thunderbolt import RULES as TB
from campaign.kinds.thunderbolt.options import EvidenceOption, FaceOption, command, rolled

TribeArgument = Annotated[str, typer.Argument(help="The tribe, as the set-up file names it.")]
ByOption = Annotated[
    str,
    typer.Option(
        "--by",
        help="The leader: a Roman magistrate, a Carthaginian Army or Detachment (its leader).",
    ),
]
GuileOption = Annotated[
    int, typer.Option("--guile", help="Guile Points spent, each a DRM (TB-24.1).", min=0)
]
VictoryOption = Annotated[
    str,
    typer.Option("--victory", help="none, minor or major: a land battle won this Game Turn."),
]


@command()
def tribal(
    ctx: typer.Context,
    passed: Annotated[
        Optional[list[str]],
        typer.Option(
            "--devastated", help="A tribe that rolls nothing: its province is Devastated."
        ),
    ] = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """B4a or B4b: every due tribe's Depletion Recovery (Carthage rolls) or Pacification Removal
    (Rome rolls), then the step finished (TB-23.3)."""
    from campaign.kinds.thunderbolt.chapters.tribes import decide as tribes

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: tribes.tribal(state, faces, passed or [], evidence),
    )


@command("tribe-levy")
def tribe_levy(
    ctx: typer.Context,
    tribe: TribeArgument,
    by: ByOption,
    guile: GuileOption = 0,
    victory: VictoryOption = "none",
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D: a Manpower Operation raising troops from an allied tribe in the leader's province
    (TB-23.4)."""
    from campaign.kinds.thunderbolt.chapters.tribes import decide as tribes

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: tribes.levy(state, tribe, by, guile, victory, faces),
    )


@command("tribe-diplomacy")
def tribe_diplomacy(
    ctx: typer.Context,
    tribe: TribeArgument,
    by: ByOption,
    guile: GuileOption = 0,
    victory: VictoryOption = "none",
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D: a Diplomacy Operation to change a tribe's allegiance (TB-23.5)."""
    from campaign.kinds.thunderbolt.chapters.tribes import decide as tribes

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: tribes.sway(state, tribe, by, guile, victory, faces),
    )


@command("tribe-muster")
def tribe_muster(
    ctx: typer.Context,
    tribe: TribeArgument,
    against: Annotated[str, typer.Option("--against", help="rome or carthage: whom it fights.")],
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D or E: the SP a tribe musters for one battle, an interception or an attack (TB-23.6)."""
    from campaign.kinds.thunderbolt.chapters.tribes import decide as tribes

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: tribes.muster(state, tribe, against, faces),
    )


@command("tribe-battle")
def tribe_battle(
    ctx: typer.Context,
    tribe: TribeArgument,
    winner: Annotated[
        str, typer.Option("--winner", help="tribe, rome, carthage or none, as the table fought it.")
    ],
    major: Annotated[bool, typer.Option("--major", help="A Major Victory.")] = False,
    campaign: CampaignOption = None,
) -> None:
    """D or E: a battle with a tribe's mustered force, its result; a Major Defeat pacifies the
    tribe (TB-23.6)."""
    from campaign.kinds.thunderbolt.chapters.tribes import decide as tribes

    ctx.obj.act(campaign, lambda state: tribes.fought(state, tribe, winner, major), TB)


@command("tribe-revolt")
def tribe_revolt(
    ctx: typer.Context,
    tribe: TribeArgument,
    ended: Annotated[
        bool, typer.Option("--ended", help="The Augury removes the In Revolt marker.")
    ] = False,
    campaign: CampaignOption = None,
) -> None:
    """E: as the Augury's event directs, a tribe In Revolt against its ally, or no longer
    (TB-23.7)."""
    from campaign.kinds.thunderbolt.chapters.tribes import decide as tribes

    ctx.obj.act(campaign, lambda state: tribes.revolt(state, tribe, ended), TB)


@command()
def parley(
    ctx: typer.Context,
    tribe: TribeArgument,
    by: ByOption,
    guile: Annotated[
        int, typer.Option("--guile", help="Guile Points spent, 1 or more, each +1 (TB-24.2).")
    ] = 1,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D: the leader of a force the tribe intercepted parleys with it: the die plus the Guile
    spent above its Aggression Rating cancels the attack (TB-24.2)."""
    from campaign.kinds.thunderbolt.chapters.tribes import decide as tribes

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: tribes.parley(state, tribe, by, guile, faces),
    )


@command()
def guile(
    ctx: typer.Context,
    leader: Annotated[str, typer.Argument(help="The leader who spends: name or number.")],
    use: Annotated[
        str,
        typer.Option(
            "--for", help="roman-gauls (9.43), carthaginian-gauls (9.44) or avoidance (13.52)."
        ),
    ],
    spend: Annotated[int, typer.Option("--spend", help="Guile Points spent, 1 or more.")] = 1,
    campaign: CampaignOption = None,
) -> None:
    """D or E: Guile Points spent on a roll the table makes, recorded so that what the leader
    has left is right (TB-24.4)."""
    from campaign.kinds.thunderbolt.chapters.tribes import decide as tribes

    ctx.obj.act(campaign, lambda state: tribes.spent(state, leader, spend, use), TB)
