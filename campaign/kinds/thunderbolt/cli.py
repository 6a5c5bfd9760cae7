"""Thunderbolt's commands (`--rules thunderbolt`)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from campaign.commandline.core import CampaignOption, pairs, registrar
from campaign.kinds.thunderbolt import RULES as TB
from campaign.errors import CampaignError
from campaign.kinds.thunderbolt.interpretations import SETTINGS
from campaign.values import whole_number

SETTING_CHOICES = ", ".join(f"{name}={'|'.join(choices)}" for name, choices in SETTINGS.items())
"""Every TB-18 setting `new --setting` takes, with its choices (#29: the help named 5 of 7)."""

commands = typer.Typer()
command = registrar(commands, "Thunderbolt")


def start_options(
    rome: Annotated[
        Optional[str], typer.Option("--rome", help="The player of Rome (TB-1.1).")
    ] = None,
    carthage: Annotated[
        Optional[str], typer.Option("--carthage", help="The player of Carthage (TB-1.1).")
    ] = None,
    setup: Annotated[
        Optional[str],
        typer.Option("--setup", help="The set-up file (TB-2.3); the example's by default."),
    ] = None,
    dice: Annotated[
        Optional[str], typer.Option("--dice", help="committed (default) or external (TB-16.2).")
    ] = None,
    setting: Annotated[
        Optional[list[str]],
        typer.Option(
            "--setting",
            help="NAME=VALUE, a TB-18 setting (the default first): " + SETTING_CHOICES + ".",
        ),
    ] = None,
) -> None:
    """The options of `campaign new` for Thunderbolt."""


FaceOption = Annotated[
    Optional[list[int]], typer.Option("--face", help="With --dice external: the die, 0-9.")
]
EvidenceOption = Annotated[
    str, typer.Option("--evidence", help="Where it was rolled: a VASSAL log line, a link.")
]


@command()
def done(
    ctx: typer.Context,
    step: Annotated[str, typer.Argument(help="The step in hand, e.g. B1a.")],
    side: Annotated[Optional[str], typer.Option("--side", help="rome or carthage.")] = None,
    campaign: CampaignOption = None,
) -> None:
    """A side has finished a step (TB-3.4); the Game Turn's end reveals its dice secret."""
    from campaign.kinds.thunderbolt.turn import decide as turn

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)

    def decide(state):
        return turn.finish(state, step, side, secrets)

    ctx.obj.act(name, decide, TB)


@command("close-step")
def close_step(
    ctx: typer.Context,
    step: Annotated[str, typer.Argument(help="The step in hand.")],
    reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")] = "",
    campaign: CampaignOption = None,
) -> None:
    """An organiser closes a step in hand, with the reason (TB-3.4)."""
    from campaign.kinds.thunderbolt.turn import decide as turn

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)
    ctx.obj.act(name, lambda state: turn.close(state, step, reason, secrets), TB)


@command()
def initiative(
    ctx: typer.Context,
    drawn: Annotated[
        Optional[str],
        typer.Argument(help="As drawn at the table: leader, siege, delivery, augury or empty."),
    ] = None,
    marker: Annotated[
        Optional[str],
        typer.Option(
            "--drawn", help="With --dice external: the leader whose LAM, legate, siege, augury."
        ),
    ] = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """C2: the program draws from the LAM cup (TB-4.4), or what the table drew is entered."""
    from campaign.kinds.thunderbolt.turn import decide as turn

    if drawn is not None:
        ctx.obj.act(campaign, lambda state: turn.initiative(state, drawn), TB)
        return
    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)
    ctx.obj.act(
        name, lambda state: turn.draw(state, turn.cup_draws(state, secrets, marker, evidence)), TB
    )


@command("pu-phase")
def pu_phase(ctx: typer.Context, campaign: CampaignOption = None) -> None:
    """D: a Consul's LAM was drawn: the PU takes that Operations Phase instead (TB-4.5)."""
    from campaign.kinds.thunderbolt.turn import decide as turn

    ctx.obj.act(campaign, turn.pu_phase, TB)


def rolled(ctx: typer.Context, campaign: str | None, face, evidence: str, decide) -> None:
    """Run a command that rolls (TB-16): `decide(state, faces)` with the program's committed
    dice, or with the faces entered from the table under --dice external."""
    from campaign.kinds.thunderbolt import dice

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
    """A chart's DRMs as entered: NAME=VALUE each, +2, -1 or 3."""
    return {key: signed(value, key) for key, value in pairs(drm or [], "NAME=VALUE").items()}


def signed(text: str, what: str) -> int:
    """A DRM as written: +2, -1, 3."""
    written = text.strip()
    sign = -1 if written.startswith("-") else 1
    return sign * whole_number(written.lstrip("+-"), f"The DRM {what}")


def _politics(ctx, campaign, what, drm, face, evidence, outcome) -> None:
    from campaign.kinds.thunderbolt.carthage import decide as carthage

    modifiers = drms(drm)
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: carthage.politics(state, what, modifiers, faces, outcome),
    )


DrmOption = Annotated[
    Optional[list[str]], typer.Option("--drm", help="NAME=VALUE, the chart's DRMs.")
]
OutcomeOption = Annotated[
    Optional[str], typer.Option("--outcome", help="The outcome, where the set-up has no chart.")
]


@command()
def family(
    ctx: typer.Context,
    drm: DrmOption = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    outcome: OutcomeOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B2a: the Family in Power for the Game Turn, Barcid or Magonid (TB-12.1)."""
    _politics(ctx, campaign, "family", drm, face, evidence, outcome)


@command()
def climate(
    ctx: typer.Context,
    drm: DrmOption = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    outcome: OutcomeOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B2b: the Political Climate, and with it the army limit (TB-12.1, TB-12.2)."""
    _politics(ctx, campaign, "climate", drm, face, evidence, outcome)


@command()
def victory(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="Where the Major Victory was won.")],
    by: Annotated[str, typer.Option("--by", help="rome or carthage.")],
    kind: Annotated[
        str, typer.Option("--kind", help="land-in-italy, land-outside-italy or siege.")
    ] = "land-in-italy",
    campaign: CampaignOption = None,
) -> None:
    """A Major Victory reported from the table; the Italian Allies move (TB-15.2)."""
    from campaign.kinds.thunderbolt.allies import decide as allies

    ctx.obj.act(campaign, lambda state: allies.victory(state, kind, province, by), TB)


@command()
def devastate(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="The track province devastated.")],
    by: Annotated[str, typer.Option("--by", help="rome or carthage.")],
    campaign: CampaignOption = None,
) -> None:
    """A devastation (F2): 4 boxes toward the devastator's opponent (TB-15.2)."""
    from campaign.kinds.thunderbolt.allies import decide as allies

    ctx.obj.act(campaign, lambda state: allies.devastate(state, province, by), TB)


@command()
def sack(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="The Carthage-allied track province.")],
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """Rome sacked a city: Roman Retribution, the neighbours rolling (TB-15.7)."""
    from campaign.kinds.thunderbolt.allies import decide as allies

    rolled(ctx, campaign, face, evidence, lambda state, faces: allies.sack(state, province, faces))


@command()
def presence(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="The track province.")],
    side: Annotated[str, typer.Option("--side", help="rome or carthage: who claims it.")],
    force: Annotated[
        str, typer.Option("--force", help="The force of 20+ SP that stayed there all Game Turn.")
    ] = "",
    campaign: CampaignOption = None,
) -> None:
    """G1: Watchful Presence, 1 box toward the player (TB-15.8)."""
    from campaign.kinds.thunderbolt.allies import decide as allies

    ctx.obj.act(campaign, lambda state: allies.presence(state, province, side, force), TB)


@command()
def diplomacy(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="The Roman-allied track province.")],
    result: Annotated[
        str, typer.Option("--result", help="The Ambassador Table's result: 2, -1 … or D.")
    ],
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D: Hannibal's Diplomacy, 1 Guile spent, the die and the Ambassador Table (TB-15.6)."""
    from campaign.kinds.thunderbolt.allies import decide as allies

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: allies.diplomacy(state, province, result, faces),
    )


# Phase B1: Rome's magistrates (TB-7, TB-8).

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


@command()
def prorogue(
    ctx: typer.Context,
    leader: LeaderArgument,
    as_office: Annotated[
        str, typer.Option("--as", help="Proconsul or Praetor (TB-7.2).")
    ] = "Proconsul",
    theater: TheaterOption = None,
    province: ProvinceOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B1a: keep a magistrate in office for another year, assigned anew (TB-7.2, TB-6.4)."""
    from campaign.kinds.thunderbolt.magistrates import decide as magistrates

    ctx.obj.act(
        campaign,
        lambda state: magistrates.prorogue(state, leader, as_office, theater, province),
        TB,
    )


@command()
def release(
    ctx: typer.Context,
    leader: Annotated[Optional[str], typer.Argument(help="A Roman magistrate.")] = None,
    every: Annotated[
        bool, typer.Option("--all", help="Every magistrate not yet prorogued or released.")
    ] = False,
    campaign: CampaignOption = None,
) -> None:
    """B1a: release a magistrate, to the Triumph Holding Box or the pool (TB-7.5)."""
    from campaign.kinds.thunderbolt.magistrates import decide as magistrates

    def decide(state):
        if every == (leader is not None):
            raise CampaignError("Name the magistrate to release, or say --all.")
        return magistrates.release_all(state) if every else magistrates.release(state, leader)

    ctx.obj.act(campaign, decide, TB)


@command()
def pluto(
    ctx: typer.Context,
    leader: Annotated[
        Optional[str], typer.Argument(help="The leader; every leader due when left out.")
    ] = None,
    drm: DrmOption = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    outcome: Annotated[
        Optional[str],
        typer.Option(
            "--outcome", help="unharmed, wounded or killed, where the set-up has no chart."
        ),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """B1b: A Visit from Pluto: a Leader Loss roll for each Roman leader not in the pool
    (TB-7.7)."""
    from campaign.kinds.thunderbolt.magistrates import decide as magistrates

    modifiers = drms(drm)
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: magistrates.pluto(state, leader, modifiers, faces, outcome),
    )


@command()
def elect(
    ctx: typer.Context,
    office: Annotated[
        Optional[str],
        typer.Argument(
            help="Consul, Proconsul, Praetor, Governor (with --province) or PU; the office due "
            "when left out."
        ),
    ] = None,
    every: Annotated[
        bool, typer.Option("--all", help="Every office due, in order, as TB-8 gives them.")
    ] = False,
    leader: Annotated[
        Optional[str], typer.Option("--leader", help="With --dice external: who was drawn.")
    ] = None,
    from_triumph: Annotated[
        Optional[str],
        typer.Option("--from-triumph", help="Chosen from the Triumph Holding Box (TB-8.2)."),
    ] = None,
    ca: Annotated[Optional[int], typer.Option("--ca", help="A Proconsul's CA (TB-8.4).")] = None,
    legions: Annotated[
        Optional[list[str]],
        typer.Option("--legion", help="A Praetor's Legion; two for a Proconsul's new CA."),
    ] = None,
    theater: TheaterOption = None,
    province: ProvinceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """B1c: elect the next magistrate, drawn from the pool or chosen from the Triumph Holding Box
    (TB-8); --all fills every office due."""
    from campaign.kinds.thunderbolt import dice
    from campaign.kinds.thunderbolt.magistrates import decide as magistrates
    from campaign.kinds.thunderbolt import naming

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)

    def decide(state):
        draws = dice.draws_for(
            state, secrets, naming.leader(state, leader) if leader else None, evidence
        )
        if every:
            return magistrates.elect_all(state, draws)
        return magistrates.elect(
            state, office, draws, from_triumph, ca, tuple(legions or ()), theater, province
        )

    ctx.obj.act(name, decide, TB)


@command()
def imperium(
    ctx: typer.Context,
    leader: Annotated[
        Optional[str], typer.Argument(help="The Consul; the first awaiting his army if left out.")
    ] = None,
    ca: Annotated[Optional[int], typer.Option("--ca", help="A leaderless CA.")] = None,
    legions: Annotated[
        Optional[list[str]], typer.Option("--legion", help="Loose Legions made a new CA.")
    ] = None,
    none: Annotated[bool, typer.Option("--none", help="No army is left for him.")] = False,
    theater: TheaterOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B1c: an elected Consul's army and Theater (TB-8.3, TB-6.4)."""
    from campaign.kinds.thunderbolt.magistrates import decide as magistrates

    ctx.obj.act(
        campaign,
        lambda state: magistrates.imperium(state, leader, ca, tuple(legions or ()), theater, none),
        TB,
    )


@command()
def assign(
    ctx: typer.Context,
    leader: LeaderArgument,
    theater: TheaterOption = None,
    province: ProvinceOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B1a: the assignment of a magistrate the rules prorogued (TB-7.4, TB-6.4)."""
    from campaign.kinds.thunderbolt.magistrates import decide as magistrates

    ctx.obj.act(campaign, lambda state: magistrates.assign(state, leader, theater, province), TB)


@command()
def besieged(
    ctx: typer.Context,
    leader: Annotated[
        str, typer.Argument(help="A Roman leader (name or number), a Legion (X) or a CA (CA 3).")
    ],
    where: Annotated[
        str, typer.Option("--in", help="city (neither port nor Rome), port, roma, or free.")
    ],
    campaign: CampaignOption = None,
) -> None:
    """A Roman leader, Legion or CA reported besieged, or free again (TB-5.4), at any step; no
    magistrate is placed with Legions besieged in a city (TB-6.5)."""
    from campaign.kinds.thunderbolt.reports import decide as reports

    ctx.obj.act(campaign, lambda state: reports.besieged(state, leader, where), TB)


@command()
def march(
    ctx: typer.Context,
    unit: Annotated[
        str,
        typer.Argument(
            help="A magistrate (name or number), a Legion (X), a CA (CA 3), an Army or its "
            "commander, a Detachment (hannibal-1) or its leader."
        ),
    ],
    to: Annotated[str, typer.Option("--to", help="The province it moves to (key or name).")],
    place: Annotated[
        str, typer.Option("--in", help="field, roma, carthago, port or city (TB-1.4).")
    ] = "field",
    override: Annotated[
        str,
        typer.Option(
            "--override",
            help="An organiser lets through a move a rule about places refuses (TB-5.4): why.",
        ),
    ] = "",
    campaign: CampaignOption = None,
) -> None:
    """A move made on the map, by land or sea, at province level (TB-1.4), at any step (Hadrian's
    Wall's `move` is another command): a magistrate takes the
    Legions that stand with him. Refused, citing the rule, when it breaks one about places
    (TB-5.4, TB-12.7) unless an organiser overrides it with a reason."""
    from campaign.kinds.thunderbolt.reports import decide as reports

    ctx.obj.act(campaign, lambda state: reports.move(state, unit, to, place, override), TB)


@command()
def dictator(
    ctx: typer.Context,
    leader: Annotated[
        Optional[str], typer.Argument(help="The Dictator; the one just elected if left out.")
    ] = None,
    ca: Annotated[
        Optional[list[int]],
        typer.Option("--ca", help="In the field: a leaderless CA (two at most)."),
    ] = None,
    me: Annotated[
        Optional[str], typer.Option("--me", help="He stays in Rome: the ME picked from the pool.")
    ] = None,
    me_ca: Annotated[
        Optional[int], typer.Option("--me-ca", help="The leaderless CA the ME takes.")
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """B1c: the Dictator takes the field with his CAs, or stays in Rome with an ME (TB-9.4)."""
    from campaign.kinds.thunderbolt.senate import decide as senate

    ctx.obj.act(campaign, lambda state: senate.dictator(state, leader, ca or [], me, me_ca), TB)


@command("land-battle")
def land_battle(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="Where the land battle was fought.")],
    winner: Annotated[str, typer.Option("--winner", help="rome, carthage or none.")],
    major: Annotated[bool, typer.Option("--major", help="A Major Victory.")] = False,
    ca: Annotated[
        bool, typer.Option("--ca", help="Rome fought with a CA or larger force (TB-9.1).")
    ] = False,
    lost: Annotated[
        int, typer.Option("--lost", help="The share of Rome's SP lost, in percent (TB-9.1).")
    ] = 0,
    legion: Annotated[
        Optional[list[str]], typer.Option("--legion", help="A Legion engaged (TB-5.1).")
    ] = None,
    legion_loss: Annotated[
        Optional[list[str]],
        typer.Option(
            "--legion-loss", help="SP a Legion lost: LEGION:CLASS=N, e.g. X:citizen-infantry=2."
        ),
    ] = None,
    promote: Annotated[
        Optional[list[str]],
        typer.Option("--promote", help="After a victory: a Recruit Legion promoted (TB-11.10)."),
    ] = None,
    demote: Annotated[
        Optional[list[str]],
        typer.Option("--demote", help="After a defeat: the Veteran of the player's choice."),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """A land battle reported from the table (TB-5.1): Emergencies, the Italian Allies; with the
    Legions engaged, their losses, promotions and demotions (TB-11.10)."""
    from campaign.kinds.thunderbolt.reports import decide as reports

    losses = given_sp(legion_loss or [])
    engaged = list(legion or [])

    def decide(state):
        return reports.battle(
            state, province, winner, major, ca, lost, engaged, losses, promote or (), demote or ()
        )

    ctx.obj.act(campaign, decide, TB)


@command()
def facts(
    ctx: typer.Context,
    occupied: Annotated[
        Optional[int],
        typer.Option("--occupied", help="Medium/Large cities of Roman Italy enemy-occupied."),
    ] = None,
    near_roma: Annotated[
        Optional[bool],
        typer.Option("--near-roma/--not-near-roma", help="An enemy-occupied city within 3 hexes."),
    ] = None,
    roma_besieged: Annotated[
        Optional[bool], typer.Option("--roma-besieged/--roma-free", help="Roma besieged.")
    ] = None,
    enemy_near_rome: Annotated[
        Optional[bool],
        typer.Option(
            "--enemy-near-rome/--no-enemy-near-rome",
            help="20+ enemy SP within 10 hexes of Rome (TB-10.2).",
        ),
    ] = None,
    enemy_in_italy: Annotated[
        Optional[bool],
        typer.Option(
            "--enemy-in-italy/--no-enemy-in-italy",
            help="20+ enemy SP in Roman Italy (TB-11.3: Manpower Operations).",
        ),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """The situation facts Emergencies, the Senate and Manpower Operations read (TB-5.3, TB-9.1,
    TB-11.3), at any step."""
    from campaign.kinds.thunderbolt.reports import decide as reports

    def decide(state):
        said = (occupied, near_roma, roma_besieged, enemy_near_rome, enemy_in_italy)
        return reports.facts(state, *said)

    ctx.obj.act(campaign, decide, TB)


# Phase B2: Carthage's Armies (TB-12.4 to TB-12.6, TB-13.2).


@command()
def disband(
    ctx: typer.Context,
    army: Annotated[str, typer.Argument(help="The Army checked.")],
    without_roll: Annotated[
        bool,
        typer.Option("--without-roll", help="Its commander is not of the Family in Power."),
    ] = False,
    sp_to: Annotated[str, typer.Option("--sp-to", help="Where a disbanded Army's SP went.")] = "",
    disband_range: Annotated[
        Optional[str],
        typer.Option("--range", help="The Disband range LOW-HIGH, where the set-up has no chart."),
    ] = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """B2c: an Army over the limit checked for disbanding (TB-12.4, TB-12.5)."""
    from campaign.kinds.thunderbolt.carthage import decide as carthage

    entered = dice_range(disband_range)
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: carthage.disband(state, army, faces, without_roll, sp_to, entered),
    )


@command()
def appoint(
    ctx: typer.Context,
    army: Annotated[
        Optional[str], typer.Argument(help="The Army; the first without a commander if left out.")
    ] = None,
    leader: Annotated[
        Optional[str], typer.Option("--leader", help="With --dice external: who was drawn.")
    ] = None,
    from_map: Annotated[
        Optional[str],
        typer.Option("--from-map", help="A map leader of the Family in Power (TB-13.2)."),
    ] = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """B2d: a commander for an Army without one, drawn blind from the pool (TB-13.2)."""
    from campaign.kinds.thunderbolt.carthage import decide as carthage
    from campaign.kinds.thunderbolt import dice
    from campaign.kinds.thunderbolt import naming

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)

    def decide(state):
        drawn = naming.leader(state, leader, "carthage") if leader else None
        draws = dice.draws_for(state, secrets, drawn, evidence, "draw-carthage")
        return carthage.appoint(state, army, draws, from_map)

    ctx.obj.act(name, decide, TB)


@command()
def station(
    ctx: typer.Context,
    army: Annotated[
        Optional[str], typer.Argument(help="The Army; every Theater due if left out.")
    ] = None,
    theater: Annotated[Optional[str], typer.Argument(help="Africa or Hispania.")] = None,
    campaign: CampaignOption = None,
) -> None:
    """B2e: an Army assigned to Africa or Hispania for the Game Turn (TB-12.6)."""
    from campaign.kinds.thunderbolt.carthage import decide as carthage

    ctx.obj.act(campaign, lambda state: carthage.post_army(state, army, theater), TB)


@command("ask-senate")
def ask_senate(
    ctx: typer.Context,
    leader: LeaderArgument,
    purpose: Annotated[
        str, typer.Argument(help="leave, enter-rome, pu-out or over-8 (TB-10.2).")
    ] = "leave",
    drm: DrmOption = None,
    guile: Annotated[int, typer.Option("--guile", help="Guile Points spent, -1 each.")] = 0,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D: a Senate Permission request, granted at most the leader's Campaign Rating (TB-10.1)."""
    from campaign.kinds.thunderbolt.senate import decide as senate

    modifiers = drms(drm)
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: senate.ask_senate(state, leader, purpose, modifiers, guile, faces),
    )


@command()
def recall(
    ctx: typer.Context,
    army: Annotated[str, typer.Argument(help="The Army whose commander is recalled.")],
    by_choice: Annotated[
        bool, typer.Option("--by-choice", help="The player's choice in D: no roll (TB-13.4).")
    ] = False,
    recall_range: Annotated[
        Optional[str],
        typer.Option("--range", help="The Recall range LOW-HIGH, where the set-up has no chart."),
    ] = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D or E: an Army Commander's recall roll and crucifixion roll (TB-13.3, TB-13.5)."""
    from campaign.kinds.thunderbolt.carthage import decide as carthage

    entered = dice_range(recall_range)
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: carthage.recall(state, army, faces, by_choice, entered),
    )


@command()
def censure(
    ctx: typer.Context,
    leader: LeaderArgument,
    drm: DrmOption = None,
    face: FaceOption = None,
    drawn: Annotated[
        Optional[str],
        typer.Option("--leader", help="With --dice external: his replacement drawn (TB-10.7)."),
    ] = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D: a magistrate who went out by Hot Pursuit rolls for Censure when Finished (TB-10.6)."""
    from campaign.kinds.thunderbolt import dice
    from campaign.kinds.thunderbolt import naming
    from campaign.kinds.thunderbolt.senate import decide as senate

    modifiers = drms(drm)
    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)

    def decide(state):
        faces = dice.faces_for(state, secrets, face or [], evidence)
        chosen = naming.leader(state, drawn) if drawn else None
        draws = dice.draws_for(state, secrets, chosen, evidence)
        return senate.censure(state, leader, modifiers, faces, draws)

    ctx.obj.act(name, decide, TB)


@command()
def victor(
    ctx: typer.Context,
    leader: LeaderArgument,
    how: Annotated[
        str, typer.Option("--how", help="battle, assault or attrition (a city taken).")
    ] = "battle",
    inflicted: Annotated[
        int, typer.Option("--inflicted", help="Enemy infantry/cavalry SP he inflicted in it.")
    ] = 0,
    enemy_infantry: Annotated[
        bool, typer.Option("--enemy-infantry", help="Enemy infantry was present.")
    ] = False,
    campaign: CampaignOption = None,
) -> None:
    """D or E: a magistrate's victory that earns him a Triumph (TB-10.9)."""
    from campaign.kinds.thunderbolt.senate import decide as senate

    ctx.obj.act(
        campaign, lambda state: senate.earned(state, leader, how, inflicted, enemy_infantry), TB
    )


@command()
def triumph(
    ctx: typer.Context,
    leader: LeaderArgument,
    lost: Annotated[
        int, typer.Option("--lost", help="% of his force lost in the victory's Game Turn.")
    ] = 0,
    guile: Annotated[int, typer.Option("--guile", help="Guile Points spent, -1 each.")] = 0,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D: he enters Rome alone and celebrates; 15 % losses or more need the Senate (TB-10.9)."""
    from campaign.kinds.thunderbolt.senate import decide as senate

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: senate.triumph(state, leader, lost, guile, faces),
    )


@command("legion-request")
def legion_request(
    ctx: typer.Context,
    at: Annotated[
        Optional[str],
        typer.Option("--at", help="Where the new Legions go: a province of Roman Italy."),
    ] = None,
    ns: Annotated[
        Optional[int],
        typer.Option("--ns", help="NS levels Rome built (recorded with `naval`, or entered)."),
    ] = None,
    drm: DrmOption = None,
    legions: Annotated[
        Optional[int],
        typer.Option("--legions", help="The Legions raised, where the set-up has no chart."),
    ] = None,
    ca: Annotated[
        Optional[list[int]],
        typer.Option("--ca", help="A one-Legion CA to fill, when they outnumber the new Legions."),
    ] = None,
    train: Annotated[
        int, typer.Option("--train", help="One or two new Legions to Rome for the PU to train.")
    ] = 0,
    auxiliary: Annotated[
        str, typer.Option("--auxiliary", help="At an adjusted DR of 9+: Italian, Gallic, …")
    ] = "",
    auxiliary_to: Annotated[
        str, typer.Option("--auxiliary-to", help="The CA (CA 3) or Legion that takes it.")
    ] = "",
    by: ByOption = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """B3b: Rome's Legion Request; the new Legions placed and led in order (TB-11.4 to 11.7); in
    D, with --by, a Manpower Operation's (TB-11.3)."""
    from campaign.kinds.thunderbolt.legions import decide as legions_rules

    modifiers = drms(drm)
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: legions_rules.legion_request(
            state, modifiers, ns, faces, legions, at, ca or [], train, auxiliary, auxiliary_to, by
        ),
    )


@command()
def train(
    ctx: typer.Context,
    left: Annotated[
        Optional[list[str]], typer.Option("--left", help="A Legion that left Rome: no roll.")
    ] = None,
    pu_left: Annotated[
        bool, typer.Option("--pu-left", help="The PU left Rome since: no training.")
    ] = False,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """G2: a die for each Legion the PU trains in Rome; 7 or more: Veteran (TB-11.9)."""
    from campaign.kinds.thunderbolt.legions import decide as legions

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: legions.train(state, left or [], pu_left, faces),
    )


ArmyArgument = Annotated[str, typer.Argument(help="A Carthaginian Army, e.g. hispania.")]


@command()
def reinforce(
    ctx: typer.Context,
    army: ArmyArgument,
    sp: Annotated[int, typer.Option("--sp", help="SP joining from no other Army.")],
    elite: Annotated[
        int,
        typer.Option("--elite", help="Of them, Carthaginian Citizens or Elite (not counted)."),
    ] = 0,
    campaign: CampaignOption = None,
) -> None:
    """B3b or D: SP join an Army; its AER drops by the window's sum (TB-14.3, TB-14.4)."""
    from campaign.kinds.thunderbolt.carthage import decide as carthage

    ctx.obj.act(campaign, lambda state: carthage.reinforce(state, army, sp, elite), TB)


@command()
def losses(
    ctx: typer.Context,
    army: ArmyArgument,
    sp: Annotated[int, typer.Option("--sp", help="SP lost.")],
    cause: Annotated[
        str, typer.Option("--cause", help="What cost them: a battle, attrition.")
    ] = "",
    successor: Annotated[
        str, typer.Option("--successor", help="Of Hannibal's two Detachments, the new Army.")
    ] = "",
    promote: Annotated[
        bool, typer.Option("--promote", help="Its leader commands the new Army (TB-14.6).")
    ] = False,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """SP an Army or Detachment lost; an Army at 0 is eliminated (TB-5.5, TB-13.4, TB-14.6)."""
    from campaign.kinds.thunderbolt.reports import decide as reports

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: reports.losses(state, army, sp, cause, faces, successor, promote),
    )


@command("disband-legions")
def disband_legions(
    ctx: typer.Context,
    legions: Annotated[Optional[list[str]], typer.Argument(help="Legions, e.g. IX X.")] = None,
    ca: Annotated[Optional[list[int]], typer.Option("--ca", help="A CA: both its Legions.")] = None,
    campaign: CampaignOption = None,
) -> None:
    """B1a, after the prorogues: leaderless Legions disbanded by choice (TB-11.11)."""
    from campaign.kinds.thunderbolt.legions import decide as legions_rules

    ctx.obj.act(
        campaign, lambda state: legions_rules.disband_legions(state, legions or [], ca or []), TB
    )


@command()
def detach(
    ctx: typer.Context,
    army: ArmyArgument,
    sp: Annotated[int, typer.Option("--sp", help="At most half the Army's SP.")],
    leader: Annotated[
        Optional[str], typer.Option("--leader", help="The Carthaginian leader who leads it.")
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """D: a Detachment made from an Army (TB-13.9); both act at the lower AER (TB-14.5)."""
    from campaign.kinds.thunderbolt.carthage import decide as carthage

    ctx.obj.act(campaign, lambda state: carthage.detach(state, army, sp, leader), TB)


@command()
def rejoin(
    ctx: typer.Context,
    detachment: Annotated[str, typer.Argument(help="The Detachment, e.g. hannibal-1.")],
    received: Annotated[
        bool, typer.Option("--received", help="It received SP while away (TB-14.3).")
    ] = False,
    campaign: CampaignOption = None,
) -> None:
    """D: a Detachment returns to its Army (TB-13.9)."""
    from campaign.kinds.thunderbolt.carthage import decide as carthage

    ctx.obj.act(campaign, lambda state: carthage.rejoin(state, detachment, received), TB)


@command()
def casualty(
    ctx: typer.Context,
    leader: Annotated[str, typer.Argument(help="A leader of either side: name or number.")],
    outcome: Annotated[str, typer.Option("--outcome", help="wounded, killed or captured.")],
    replace_him: Annotated[
        bool, typer.Option("--replace", help="A leader drawn from the pool takes his place.")
    ] = False,
    drawn: Annotated[
        Optional[str], typer.Option("--leader", help="With --dice external: who was drawn.")
    ] = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """D or E: a leader wounded, killed or captured, perhaps replaced (TB-5.1, 10.8, 13.8)."""
    from campaign.kinds.thunderbolt import dice
    from campaign.kinds.thunderbolt import naming
    from campaign.kinds.thunderbolt.reports import decide as reports

    name = ctx.obj.name(campaign)
    secrets = ctx.obj.campaigns.secrets.unseal(name)

    def decide(state):
        fallen = naming.leader(state, leader, "any")
        side = "rome" if fallen in state.romans.leaders else "carthage"
        chosen = naming.leader(state, drawn, side) if drawn else None
        draws = dice.draws_for(state, secrets, chosen, evidence, f"draw-{side}")
        return reports.fell(state, leader, outcome, replace_him, draws)

    ctx.obj.act(name, decide, TB)


@command()
def oc(
    ctx: typer.Context,
    leader: Annotated[str, typer.Argument(help="An Army Commander of Carthage.")],
    campaign: CampaignOption = None,
) -> None:
    """Carthage names its Overall Commander after the last was lost (TB-13.7)."""
    from campaign.kinds.thunderbolt.carthage import decide as carthage

    ctx.obj.act(campaign, lambda state: carthage.name_oc(state, leader), TB)


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


@command()
def reinforcements(
    ctx: typer.Context,
    give: Annotated[
        Optional[list[str]],
        typer.Option(
            "--give", help="LEGION:CLASS=N, e.g. X:citizen-infantry=4 or XIV:ala-cavalry=1."
        ),
    ] = None,
    sp: Annotated[
        Optional[int], typer.Option("--sp", help="The SP raised, where the set-up has no chart.")
    ] = None,
    ns: Annotated[
        Optional[int],
        typer.Option("--ns", help="NS levels Rome built (recorded with `naval`, or entered)."),
    ] = None,
    drm: DrmOption = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    by: ByOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B3b: reinforcements instead of Legions, given to Legions by class (TB-11.8)."""
    from campaign.kinds.thunderbolt.legions import decide as legions

    modifiers = drms(drm)
    given = given_sp(give or [])
    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: legions.reinforcements(state, modifiers, ns, faces, given, sp, by),
    )


@command()
def marine(
    ctx: typer.Context,
    at: Annotated[str, typer.Option("--at", help="Ostia's province (or Roma's).")],
    take: Annotated[
        Optional[int], typer.Option("--take", help="SP taken, up to the die (all by default).")
    ] = None,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    by: ByOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B3b, in a Major Emergency: the Marine Legion instead of a Legion Request (TB-11.12)."""
    from campaign.kinds.thunderbolt.legions import decide as legions

    rolled(
        ctx,
        campaign,
        face,
        evidence,
        lambda state, faces: legions.marine(state, take, at, faces, by),
    )


@command("slave-legions")
def slave_legions(
    ctx: typer.Context,
    at: Annotated[
        list[str],
        typer.Option(
            "--at", help="A Roman-controlled province of Roman Italy: once for both, or each."
        ),
    ],
    by: ByOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B3b, in a Major Emergency: both Slave Legions instead of a Legion Request, with the Marine
    Legion if wished (TB-11.13)."""
    from campaign.kinds.thunderbolt.legions import decide as legions

    ctx.obj.act(campaign, lambda state: legions.slave_legions(state, at, by), TB)


@command()
def governor(
    ctx: typer.Context,
    praetor: Annotated[str, typer.Argument(help="An unbesieged Praetor on the map.")],
    province: ProvinceOption = None,
    campaign: CampaignOption = None,
) -> None:
    """B1c: a Praetor designated governor of Sicily or Sardinia instead of one elected (TB-8.6);
    the island's province he governs (his Legion's, when it is on the island)."""
    from campaign.kinds.thunderbolt.magistrates import decide as magistrates

    ctx.obj.act(campaign, lambda state: magistrates.designate(state, praetor, province), TB)


@command()
def islands(
    ctx: typer.Context,
    held: Annotated[list[str], typer.Argument(help="sicily and/or sardinia, or none (TB-5.3).")],
    campaign: CampaignOption = None,
) -> None:
    """The islands Carthage controls whole, at any step (TB-5.3): a governor is then optional
    (TB-8.6)."""
    from campaign.kinds.thunderbolt.reports import decide as reports

    ctx.obj.act(campaign, lambda state: reports.islands(state, held), TB)


@command()
def deliver(
    ctx: typer.Context,
    give: Annotated[
        Optional[list[str]],
        typer.Option("--give", help="SP arriving: LEGION:CLASS=N, e.g. VII:citizen-infantry=3."),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """D, the Legate LAM drawn: the reinforcement SP arriving join their Theater's Legions; the
    Holding Boxes are emptied (TB-11.8)."""
    from campaign.kinds.thunderbolt.legions import decide as legions

    given = given_sp(give or [])
    ctx.obj.act(campaign, lambda state: legions.deliver(state, given), TB)


@command()
def siege(
    ctx: typer.Context,
    province: Annotated[str, typer.Argument(help="The besieged city's province.")],
    city: Annotated[str, typer.Option("--city", help="The city, as the map names it.")],
    ended: Annotated[
        str,
        typer.Option(
            "--ended", help="assault, attrition, surrender (involuntary), treachery or lifted."
        ),
    ],
    size: Annotated[str, typer.Option("--size", help="small, medium or large.")] = "small",
    port: Annotated[bool, typer.Option("--port", help="The city is a port.")] = False,
    taken_by: Annotated[
        Optional[str], typer.Option("--taken-by", help="rome or carthage (not when lifted).")
    ] = None,
    major: Annotated[bool, typer.Option("--major", help="A Major Victory (TB-15.2).")] = False,
    enemy_infantry: Annotated[
        bool, typer.Option("--enemy-infantry", help="Enemy infantry present (TB-10.9).")
    ] = False,
    inflicted: Annotated[
        int, typer.Option("--inflicted", help="Infantry/cavalry SP inflicted (TB-10.9).")
    ] = 0,
    leader: Annotated[
        Optional[list[str]],
        typer.Option("--leader", help="A leader present, of either side (TB-10.9, TB-13.3)."),
    ] = None,
    sacked: Annotated[
        bool, typer.Option("--sacked", help="Rome sacked the city (TB-15.7).")
    ] = False,
    face: FaceOption = None,
    evidence: EvidenceOption = "",
    campaign: CampaignOption = None,
) -> None:
    """A siege reported from the table (TB-5.2), with what it sets off: the track's shifts, Roman
    Retribution and its dice, a Triumph earned, a recall due (TB-15.2, 15.7, 10.9, 13.3)."""
    from campaign.kinds.thunderbolt.reports import decide as reports

    def decide(state, faces):
        report = reports.siege_report(
            state, city, province, size, port, ended, taken_by, major, enemy_infantry,
            inflicted, leader or [], sacked,
        )  # fmt: skip
        return reports.siege(state, report, faces)

    rolled(ctx, campaign, face, evidence, decide)


@command()
def naval(
    ctx: typer.Context,
    built: Annotated[int, typer.Option("--built", help="NS levels Rome built this Game Turn.")],
    campaign: CampaignOption = None,
) -> None:
    """B3a: the NS levels Rome built, whose DRM the Legion Request takes (TB-11.4, TB-18.7)."""
    from campaign.kinds.thunderbolt.legions import decide as legions

    ctx.obj.act(campaign, lambda state: legions.naval(state, built), TB)
