"""Commands every kind of campaign takes that record or run it: note, undo, redo, deadline, tick,
demo, post, and `new` (built from every kind's options when asked for)."""

from __future__ import annotations

import inspect
import io
from importlib import import_module
from typing import Annotated, Any, Optional

import typer

from campaign.commandline.core import (
    CampaignOption,
    KeepOption,
    NowOption,
    Output,
    WebhookOption,
    app,
    registrar,
    say,
    speaking,
)
from campaign.domain import registry
from campaign.domain.deadlines import instant
from campaign.domain.grammar import plural
from campaign.errors import CampaignError
from campaign.input.clock import now

commands = typer.Typer()
command = registrar(commands, "Every campaign")


@command()
def deadline(
    ctx: typer.Context,
    action: Annotated[
        str,
        typer.Argument(
            metavar="set|clear|rule|default|remind|zone|quiet",
            help="Set (or extend), clear, choose the house rule, a default for every step, "
            "when players are reminded before a deadline, the campaign's time zone, or its "
            "quiet hours.",
        ),
    ],
    when: Annotated[
        Optional[str],
        typer.Argument(
            metavar="ISO-TIME|auto|organiser|14d|24h,2h|ZONE",
            help="e.g. 2026-12-14T18:00Z, or in a campaign with a time zone 2026-12-14 18:00 or "
            "'Friday 21:00'; with rule, what a missed deadline does; with default, how long each "
            "step is given (none: no default); with remind, how long before a deadline `notify` "
            "reminds whoever must still act (none: never); with zone, an IANA time zone "
            "(Europe/London); with quiet, 22:00-08:00 (none: no quiet hours).",
        ),
    ] = None,
    within: Annotated[
        Optional[str], typer.Option("--in", help="From now instead: 14d, 36h, 2w.")
    ] = None,
    reason: Annotated[Optional[str], typer.Option("--reason", help="Why, for the record.")] = None,
    campaign: CampaignOption = None,
) -> None:
    """A deadline for the step in hand (the rules page's house rules): set, extend, clear."""
    from campaign.input.names import resolve

    actions = ["set", "clear", "rule", "default", "remind", "zone", "quiet"]
    chosen = resolve("deadline action", action, actions)
    name, moment = ctx.obj.name(campaign), now()
    if chosen == "remind":
        return _remind(ctx, name, when)
    asked: dict = {}  # the instant a deadline is asked for, told if quiet hours move it
    ctx.obj.perform(
        name, _deadline_decision(chosen, when, within, reason, moment, asked), asked=asked
    )


def _deadline_decision(chosen: str, when, within, reason, moment, asked: dict):
    """What `deadline ACTION WHEN` decides of the campaign's log (for `set`, the instant asked
    for in `asked`)."""
    from campaign.domain import deadlines

    needed = {
        "zone": "Give the campaign's time zone: deadline zone Europe/London.",
        "default": "Give the default as 14d, 36h or 2w (or none for no default).",
    }
    if chosen in needed and when is None:
        raise CampaignError(needed[chosen])
    simple = {
        "quiet": lambda loaded: deadlines.choose_quiet(when or ""),
        "zone": lambda loaded: deadlines.choose_zone(when),
        "rule": lambda loaded: deadlines.choose_rule(when or ""),
        "default": lambda loaded: deadlines.choose_default(when),
        "clear": lambda loaded: deadlines.clear(reason or "cleared"),
    }
    if chosen in simple:
        return simple[chosen]
    if (when is None) == (within is None):
        raise CampaignError("Give the deadline as an ISO time or --in 14d (one of them).")

    def decide(loaded):
        asked["at"] = deadlines.asked(loaded.events, when, within, moment)
        step = loaded.kind.next_step(loaded.state)
        return deadlines.set_typed(loaded.events, step, when, within, moment, reason)

    return decide


def _remind(ctx: typer.Context, name: str, when: str | None) -> None:
    """How long before each deadline its reminders go: kept beside the log, for `notify`."""
    from campaign.notify import notices

    if when is None:
        raise CampaignError("Say when players are reminded: deadline remind 24h,2h (or none).")
    kept = notices.spans(when)
    ctx.obj.campaigns.secrets.keep(name, notices.REMIND, kept)
    if not kept:
        return say(f"Nobody is reminded of a deadline in {name} now.")
    say(
        f"In {name}, whoever must still act is reminded {', '.join(kept.split())} before a "
        "deadline (campaign notify sends them)."
    )


@command()
def tick(
    ctx: typer.Context,
    at: NowOption = None,
    campaign: CampaignOption = None,
) -> None:
    """Apply each campaign's missed-deadline house rule (its rules page): under `auto` the
    program records what a passed deadline does, as the actor `deadline`."""
    from campaign.domain.deadlines import DEADLINE_ACTOR
    from campaign.readmodel.status import deadline_of

    moment = instant(at) if at else now()
    if moment > now():  # its events are stamped at `moment`: never ahead of the one clock
        raise CampaignError(
            f"tick --now reckons deadlines at a time the clock has reached; {at} is ahead of it "
            f"({now().isoformat(timespec='minutes')}): to rehearse, pin the clock (CAMPAIGN_NOW) "
            "on a copy of the store, whose log then runs ahead of the real time."
        )
    names = (
        [ctx.obj.name(campaign)]
        if campaign or ctx.obj.campaign
        else [e.name for e in ctx.obj.campaigns.catalogue(archived=False)]
    )
    for name in names:
        seen = ctx.obj.campaigns.kept.view(name)  # kept at the log's last event, or None
        due = None if seen is None else deadline_of(seen, moment)
        if seen is not None and (due is None or not due["overdue"]):
            continue  # no deadline has passed: the log is not read (issue #31)
        # passed: decided from what is kept where it is current (a deadline the organiser
        # decides stays passed, tick after tick: the log is not read each time either)
        loaded = ctx.obj.campaigns.as_it_stands(name)
        step, reckoning = loaded.kind.next_step(loaded.state), loaded.facts.reckoning
        if reckoning.missed(step, moment) is None:
            continue
        if not reckoning.automatic(step, moment) or not loaded.kind.missed(loaded.state):
            say(f"{name}: the deadline for {step.rstrip('.')} passed; the organiser decides.")
            continue
        decide = lambda log: log.kind.missed(log.state)  # noqa: E731
        say(f"{name}:")
        ctx.obj.perform(name, decide, DEADLINE_ACTOR, when=moment)


@command()
def note(
    ctx: typer.Context,
    text: Annotated[str, typer.Argument(help="The note or ruling, as plain text.")],
    campaign: CampaignOption = None,
) -> None:
    """Record an organiser's note or ruling in the log at this point."""
    from campaign.domain.shared_commands import note as write_note

    ctx.obj.act(campaign, lambda state: write_note(text))


@command()
def undo(
    ctx: typer.Context,
    reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")],
    steps: Annotated[int, typer.Option("--steps", help="How many of the latest actions.")] = 1,
    expect: Annotated[
        Optional[int],
        typer.Option(
            "--expect",
            help="The latest action's event number, as the log shows it: nothing is undone if "
            "another action is the latest by then.",
        ),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """Retract the latest actions: the log keeps them, struck through, and the state forgets
    them."""
    from campaign.domain.shared_commands import undo as retract

    name = ctx.obj.name(campaign)

    def decide(loaded):
        return retract(loaded.ledger, steps, reason, expect)

    ctx.obj.perform(name, decide, again=False)


@command()
def redo(
    ctx: typer.Context,
    reason: Annotated[str, typer.Option("--reason", help="Why, for the record.")],
    campaign: CampaignOption = None,
) -> None:
    """Take back the latest undo, when nothing was recorded since: what it retracted stands
    again."""
    from campaign.domain.shared_commands import redo as restore

    name = ctx.obj.name(campaign)
    decide = lambda loaded: restore(loaded.ledger, reason)  # noqa: E731
    ctx.obj.perform(name, decide, again=False)


@command()
def demo(
    ctx: typer.Context,
    rules: Annotated[
        str, typer.Option("--rules", help="Which kind of campaign to play.")
    ] = registry.DEFAULT,
    db: Annotated[
        Optional[str], typer.Option("--into", help="Keep the demo's store in this file.")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Only the final dashboard.")] = False,
) -> None:
    """Play a bundled example campaign into a fresh store of its own and show the dashboard."""
    from campaign.service.demo import play

    play(rules, db, quiet, run=_invoke)


@command()
def post(
    ctx: typer.Context,
    webhook: WebhookOption = None,
    keep: KeepOption = False,
    round_number: Annotated[
        Optional[int], typer.Option("--round", help="Which round or scenario (as report).")
    ] = None,
    again: Annotated[
        bool, typer.Option("--again", help="Post a report that was posted already once more.")
    ] = False,
    no_map: Annotated[bool, typer.Option("--no-map", help="Without the map.")] = False,
    delivered_already: Annotated[
        Optional[int],
        typer.Option(
            "--delivered",
            help="The first N messages are in the channel already (after a post left "
            "unanswered): send from message N+1.",
        ),
    ] = None,
    campaign: CampaignOption = None,
) -> None:
    """Post a report to a Discord channel through its webhook: the Markdown report in messages
    of at most 2,000 characters, the map attached; a post cut short resumes where it stopped."""
    from campaign.notify import discord as posting
    from campaign.proof.signing import for_report
    from campaign.views import formats
    from campaign.views.reports import report_data, sealed

    name, loaded = ctx.obj.view(campaign)
    kept = ctx.obj.campaigns.secrets.unseal(name)
    url = _webhook(ctx, name, kept, webhook, keep)
    data, at_end = report_data(name, loaded, round_number)
    messages = formats.markdown(sealed(data, for_report(data)))
    png = None if no_map else _map_png(at_end, name, data.get("round"))
    label = posting.POSTED + posting.digest(messages, png)
    delivered = 0 if again else int(kept.get(label, "0"))
    if delivered_already is not None:
        if not 0 <= delivered_already <= len(messages):
            raise CampaignError(
                f"--delivered counts the messages in the channel already: 0 to {len(messages)}."
            )
        delivered = delivered_already
        ctx.obj.campaigns.secrets.keep(name, label, str(delivered))
    what = f"{loaded.kind.period} {data['round']}'s report"
    if delivered >= len(messages):
        return say(
            f"The {what} was posted already ({plural(len(messages), 'message')}); add --again to "
            "post it once more."
        )
    sent = posting.post(
        posting.Delivery(url),
        messages,
        None if png is None else (f"{loaded.kind.period}-{data['round']}.png", png),
        delivered,
        lambda n: ctx.obj.campaigns.secrets.keep(name, label, str(n)),
    )
    resumed = f" (resuming after message {delivered})" if delivered else ""
    said = f"Posted the {what}: {plural(sent, 'message')}{' and the map' if png else ''}{resumed}."
    say(said)


def _webhook(ctx: typer.Context, name: str, kept: dict, given: str | None, keep: bool) -> str:
    """The channel's webhook: the one given (checked, and kept with --keep), else the kept one."""
    from campaign.notify import discord as posting

    url = posting.checked_url(given) if given is not None else kept.get(posting.WEBHOOK)
    if url is None:
        raise CampaignError(
            "Give the channel's webhook: post --webhook URL (add --keep to keep it for this "
            "campaign)."
        )
    if keep:
        ctx.obj.campaigns.secrets.keep(name, posting.WEBHOOK, url)
    return url


def _map_png(at_end, name: str, round_number) -> bytes | None:
    """The report's map as a PNG to attach; none where the kind draws none, or (said) where the
    picture cannot be converted here."""
    from campaign.views.reports import svg_to_png

    picture = at_end.kind.picture(at_end.state, name, round_number)
    if picture is None:
        return None
    try:
        return svg_to_png(picture)
    except CampaignError as missing:
        say(f"The map is not attached: {missing}")
        return None


def _invoke(args: list[str], shown: bool = True) -> None:
    """One command of the demo's script, what it says shown or not."""
    command = typer.main.get_command(app)
    with speaking(Output() if shown else Output(io.StringIO(), io.StringIO())):
        code = command.main(args=args, prog_name="campaign", standalone_mode=False)
    if code:
        raise CampaignError(f"The example stopped at: campaign {' '.join(args[2:])}")


def new(ctx: typer.Context, name: str, rules: str, **options: Any) -> None:
    """Start a campaign: its name, its kind (--rules) and the options that kind takes."""
    from campaign.domain.registry import kind

    title = " ".join(name.split())
    if not title:
        raise CampaignError("A campaign needs a name.")
    from campaign.domain.deadlines import choose_default, choose_zone

    chosen = kind(rules)
    every, zone = options.pop("deadlines", None), options.pop("time_zone", None)
    _check_options(chosen, options, {p.name: p.opts[0] for p in ctx.command.params if p.opts})
    default = [] if every is None else choose_default(every)
    default += [] if zone is None else choose_zone(zone)
    started, then = chosen.new(
        title, options, seal=lambda labels: ctx.obj.campaigns.secrets.seal(title, labels)
    )
    from campaign.service import use_cases

    ctx.obj.tell(
        use_cases.start(
            ctx.obj.campaigns, started, lambda state: [*then(state), *default], ctx.obj.actor
        )
    )


def _check_options(chosen, given: dict[str, Any], flags: dict[str, str]) -> None:
    """Refuse the options of other kinds in one sentence naming those this kind takes."""
    own = start_options(chosen.rules)
    foreign = [flags[n] for n, v in given.items() if n not in own and v not in (None, [], False)]
    if foreign:
        takes = ", ".join(flags[n] for n in own)
        raise CampaignError(
            f"A campaign of {chosen.title} takes {takes}; not {', '.join(foreign)}."
        )


def start_options(rules: str) -> dict[str, inspect.Parameter]:
    """The options of `campaign new` that a kind takes: the parameters of its cli's
    `start_options`."""
    from campaign.domain.registry import cli_module

    declared = import_module(cli_module(rules)).start_options
    return dict(inspect.signature(declared, eval_str=True).parameters)


def _every_option() -> dict[str, inspect.Parameter]:
    """The start options of every kind (an option two kinds share is declared by the first)."""
    from campaign.domain.registry import PACKAGES

    every: dict[str, inspect.Parameter] = {}
    for rules in PACKAGES:
        every.update({n: p for n, p in start_options(rules).items() if n not in every})
    return every


def _new_base(
    ctx: typer.Context,
    name: Annotated[
        str, typer.Argument(metavar="NAME", help="The campaign's name, e.g. 'Spring 869'.")
    ],
    rules: Annotated[str, typer.Option("--rules", help="The kind of campaign.")],
    deadlines: Annotated[
        Optional[str],
        typer.Option(
            "--deadlines", help="Each step due this long after the last thing that happened: 14d."
        ),
    ] = None,
    time_zone: Annotated[
        Optional[str],
        typer.Option(
            "--time-zone", help="The campaign's time zone, deadlines read and shown in it."
        ),
    ] = None,
) -> None: ...


def new_command() -> typer.models.CommandInfo:
    """`campaign new NAME --rules KIND …`, taking the start options of every kind."""
    from campaign.domain.registry import DEFAULT, PACKAGES

    base = list(inspect.signature(_new_base, eval_str=True).parameters.values())
    base[2] = base[2].replace(default=DEFAULT)
    parameters = [*base, *_every_option().values()]
    new.__signature__ = inspect.Signature(parameters)
    new.__annotations__ = {p.name: p.annotation for p in parameters}
    built = typer.Typer()
    registrar(built, "Every campaign")("new")(new)
    info = built.registered_commands[0]
    info.help = f"{new.__doc__} Kinds: {', '.join(PACKAGES)}."
    return info


BUILT = {"new": new_command}
