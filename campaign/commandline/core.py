"""The command line's machinery: the lazy group of commands, global options, the session,
refusals, output.

Commands live in modules, each with its own `typer.Typer` (`commands`): the shared ones in
`campaign/commandline/` (`SHARED`: generic, reading, people, keeping, calling), each kind's in
its package's `cli.py`. The group builds only the command being run (click's
`list_commands`/`get_command` hooks), because typer spends longer building every command's
parameters than most commands take to run.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, Optional

import typer
from typer.core import TyperGroup
from typer.main import get_command_from_info

from campaign.domain import registry
from campaign.errors import CampaignError
from campaign.input import text
from campaign.input.names import folded
from regions import MapError

GENERIC = "campaign.commandline.generic"
SHARED = (
    GENERIC,
    "campaign.commandline.reading",
    "campaign.commandline.people",
    "campaign.commandline.keeping",
    "campaign.commandline.proving",
    "campaign.commandline.beacon_commands",
    "campaign.commandline.calling",
    "campaign.commandline.hosting",
)
"""The modules of the commands every kind takes, in the order of `campaign --help`."""
EXIT_REFUSED = 1
EXIT_USAGE = 2

CampaignOption = Annotated[
    Optional[str],
    typer.Option(
        "-c", "--campaign", help="The campaign (optional when the store holds one, or after use)."
    ),
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print one JSON document instead of tables.")
]
AsOfOption = Annotated[
    Optional[int], typer.Option("--as-of", help="As it stood just after event N of the log.")
]
WebhookOption = Annotated[
    Optional[str],
    typer.Option("--webhook", help="The Discord channel's webhook URL (kept with --keep)."),
]
KeepOption = Annotated[
    bool, typer.Option("--keep", help="Keep the webhook for this campaign (not in its log).")
]
NowOption = Annotated[Optional[str], typer.Option("--now", help="As if it were this ISO time.")]
RoundOption = Annotated[
    Optional[int], typer.Option("--round", help="As it stood at the end of round N.")
]


def command_modules() -> Iterator[ModuleType]:
    """The shared commands first, then each kind's, in the registry's order."""
    for name in (*SHARED, *registry.command_modules()):
        yield import_module(name)


def command_name(info: typer.models.CommandInfo) -> str:
    return info.name or info.callback.__name__.replace("_", "-")


class LazyCommands(TyperGroup):
    """A click group that imports and builds a command only when it is asked for."""

    def list_commands(self, ctx: typer.Context) -> list[str]:
        return [name for module in command_modules() for name in _names(module)]

    def get_command(self, ctx: typer.Context, cmd_name: str) -> typer.core.TyperCommand | None:
        key = (cmd_name, self.rich_markup_mode)
        if key not in BUILT_HERE:
            built = self._build(cmd_name)
            if built is None:
                return None
            BUILT_HERE[key] = built
        return BUILT_HERE[key]

    def _build(self, cmd_name: str) -> typer.core.TyperCommand | None:
        for module in command_modules():
            info = _info(module, cmd_name)
            if info is not None:
                return once(
                    get_command_from_info(
                        info, pretty_exceptions_short=True, rich_markup_mode=self.rich_markup_mode
                    )
                )
        return None


BUILT_HERE: dict[tuple[str, Any], Any] = {}
"""The commands this process has built, by name: a process that runs many (the hub's console, the
tests) builds each once — typer reads a command's parameters from its signature, evaluating
every annotation, some 3 ms a command."""


def once(command: Any) -> Any:
    """`command`, refusing an option of one value given twice (#28: a repeated --theater kept
    the last in silence): click would keep the last one typed."""
    single = {
        name: param
        for param in command.params
        if param.param_type_name == "option" and not param.multiple and not param.is_flag
        for name in param.opts
    }
    parse = command.parse_args

    def parse_args(ctx: Any, args: list[str]) -> list[str]:
        given: dict[str, list[str]] = {}
        at = 0
        while at < len(args) and args[at] != "--":
            name, equals, value = args[at].partition("=")
            param = single.get(name)
            if param is not None and not equals:  # its value is the next word, whatever it is
                value, at = (args[at + 1] if at + 1 < len(args) else ""), at + 1
            if param is not None:
                given.setdefault(param.opts[-1], []).append(value)
            at += 1
        for name, values in given.items():
            if len(values) > 1:
                shown = ", then ".join(repr(text.printable(v)) for v in values)
                said = f"{name} was given {len(values)} times ({shown}): give it once."
                raise CampaignError(said)
        return parse(ctx, args)

    command.parse_args = parse_args
    return command


def _info(module: ModuleType, name: str) -> typer.models.CommandInfo | None:
    """A module's command called `name`: declared, or built when asked for (BUILT)."""
    built = getattr(module, "BUILT", {}).get(name)
    if built is not None:
        return built()
    return next((i for i in module.commands.registered_commands if command_name(i) == name), None)


def _names(module: ModuleType) -> list[str]:
    return [
        *getattr(module, "BUILT", {}),
        *(command_name(i) for i in module.commands.registered_commands),
    ]


app = typer.Typer(
    name="campaign",
    cls=LazyCommands,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="Run historical wargame campaigns from an append-only log of what happened.",
)


def default_db() -> str:
    """A SQLite file in the user's data directory (XDG on Linux), created on first use."""
    if sys.platform.startswith("linux") or os.environ.get("XDG_DATA_HOME"):
        base = (
            Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "campaign"
        )
    else:
        base = Path(typer.get_app_dir("campaign"))
    base.mkdir(parents=True, exist_ok=True)
    return str(base / "campaigns.sqlite")


class Output:
    """Where a command's words go: the terminal (`out`, `err` None), or streams of the entry
    point's own (the hub's console shows them on its page). Stored text in them is shown
    printable, never as escape codes."""

    def __init__(self, out: Any = None, err: Any = None) -> None:
        self.out, self.err = out, err

    def say(self, line: str, err: bool = False, style: str | None = None, **colour: Any) -> None:
        stream = self.err if err else self.out
        typer.secho(text.printable(line), file=stream, err=err, bold=style == "bold", **colour)

    def echo(self, document: str, nl: bool = True) -> None:
        typer.echo(document, file=self.out, nl=nl)


class Session:
    """What the global options select: the store, the campaign, who is recording. An entry
    point that holds its own store (the hub) hands it over as `campaigns` and keeps it open."""

    def __init__(
        self, db: str | None, campaign: str | None, actor: str, campaigns: Any = None
    ) -> None:
        self.db, self.campaign, self.typed_actor = db, campaign, actor
        self._campaigns, self._own = campaigns, campaigns is None

    @property
    def actor(self) -> str:
        """Who records: checked only when something is recorded (never one of the program's
        names)."""
        return text.actor(self.typed_actor)

    def close(self) -> None:
        """Let go of the store (a PostgreSQL server's connections) when the command is done."""
        if self._campaigns is not None and self._own:
            self._campaigns.close()
            self._campaigns = None

    @property
    def campaigns(self):
        if self._campaigns is None:
            from campaign.proof.witness import Witness, reader_file
            from campaign.service.unit_of_work import Campaigns

            db = self.db or default_db()
            self._campaigns = Campaigns(db, witness=Witness(reader_file(), db))
        return self._campaigns

    def name(self, override: str | None = None) -> str:
        """The campaign meant: -c on the command, -c (or CAMPAIGN) before it, the current one
        (`campaign use`), or the only one in the store."""
        return self.campaigns.choose(override or self.campaign or self.current())

    @property
    def current_file(self) -> Path | None:
        """Where `campaign use` keeps the current campaign: beside the store, never in its log;
        for a store on a server, in this user's data folder, one file per store."""
        from campaign.store.dialects import is_server

        db = self.db or default_db()
        if db == ":memory:":
            return None
        if is_server(db):
            digest = hashlib.sha256(db.encode()).hexdigest()[:16]
            return Path(default_db()).parent / f"current-{digest}"
        return Path(f"{db}-current")

    def current(self) -> str | None:
        path = self.current_file
        if path is None or not path.is_file():
            return None
        name = path.read_text(encoding="utf-8").strip()
        known = {folded(entry.name) for entry in self.campaigns.catalogue()}
        return name if folded(name) in known else None

    def view(self, override: str | None, as_of: int | None = None, round_number: int | None = None):
        """The campaign to show: now, after event N, or at the end of round N. Warns if the chain is
        broken."""
        name = self.name(override)
        if as_of is not None and round_number is not None:
            raise CampaignError("Give --as-of or --round, not both.")
        from campaign.domain.log import as_it_stood, round_end

        whole = self.campaigns.load(name)  # read once: what is shown, and the chain's verdict
        if round_number is not None:
            loaded = round_end(whole, round_number)
        elif as_of is not None:
            loaded = as_it_stood(whole, as_of)
        else:
            loaded = whole
        broken = whole.chain_break
        if broken:
            warning = (
                f"Warning: the log has been tampered with: {broken[1]}. Run 'campaign verify'."
            )
            output().say(warning, err=True, fg="yellow")
        return name, loaded

    def require(self, name: str, rules: str, loaded=None):
        """The campaign, refusing a command meant for another kind of campaign."""
        from campaign.service.use_cases import require

        return require(name, rules, loaded or self.campaigns.load(name))

    def act(self, override: str | None, decide, rules: str | None = None) -> None:
        """Record what `decide` makes of the campaign's state (a command of the kind `rules`),
        then say what happened and what is next."""
        self.perform(self.name(override), lambda loaded: decide(loaded.state), rules=rules)

    def perform(
        self, name: str, decide, actor: str | None = None, asked: dict | None = None, **options
    ) -> list:
        """What `decide` makes of the campaign's log, recorded as `actor` (by default whoever
        runs the command) through the service (`campaign.service.use_cases.Act`'s options), then
        told; `asked["at"]`, where the decision puts it, the instant a deadline was asked for."""
        from campaign.service import use_cases

        act = use_cases.Act(name, decide, actor or self.actor, **options)
        outcome = use_cases.perform(self.campaigns, act)
        self.tell(outcome, (asked or {}).get("at"))
        return outcome.recorded

    def tell(self, outcome, asked=None) -> None:
        """What a command recorded (deadlines on the campaign's clock: `telling`), what it
        brought about, and what is next."""
        from campaign.commandline.telling import told

        if not outcome.recorded:
            say("Nothing was due, so nothing was recorded.")
        for line in told(outcome, asked):
            say(line)
        say(f"Next: {outcome.next_step}", style="bold")
        if outcome.unkept:
            say(unkept(outcome.unkept), err=True)


def unkept(why: str) -> str:
    """What a command that recorded says when what is kept beside the log could not be."""
    return (
        f"Recorded, but what is kept beside the log for its readers could not be written "
        f"({why.rstrip('.')}): the next reader reads the whole log instead."
    )


SPEAKING: ContextVar[Output | None] = ContextVar("speaking", default=None)
"""Where the command being run in this thread or task speaks (`speaking`); unset, the terminal."""


def output() -> Output:
    """Where the command being run speaks: the entry point's own streams, else the terminal."""
    return SPEAKING.get() or Output()


@contextmanager
def speaking(out: Output) -> Iterator[Output]:
    """Run a command whose words go to `out`: for this thread or task alone, nothing else's
    output is touched (the hub's console, many requests at once)."""
    token = SPEAKING.set(out)
    try:
        yield out
    finally:
        SPEAKING.reset(token)


def say(line: str, err: bool = False, style: str | None = None) -> None:
    """One line for a person: stored text in it is shown printable, never as escape codes."""
    output().say(line, err=err, style=style)


def say_lines(lines: Iterable[str]) -> None:
    """Lines for a person (as many `say`), written at once: a thousand campaigns listed."""
    output().echo("\n".join(text.printable(line) for line in lines))


def complain(sentence: str) -> None:
    """A refusal: one red sentence on stderr, stored text in it made printable."""
    output().say(sentence, err=True, fg="red")


def refusals(function: Callable) -> Callable:
    """Turn a domain refusal into one red sentence on stderr and a non-zero exit."""

    @functools.wraps(function)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except (CampaignError, MapError) as error:
            complain(str(error))
            raise typer.Exit(EXIT_REFUSED) from None

    return guarded


def registrar(commands: typer.Typer, panel: str) -> Callable:
    """A decorator registering commands on `commands`, under a heading of `campaign --help`,
    with refusals turned into one sentence."""

    def command(name: str | None = None, **settings: Any):
        def register(function):
            settings.setdefault("help", flowing(function.__doc__ or ""))
            return commands.command(name, rich_help_panel=panel, **settings)(refusals(function))

        return register

    return command


def flowing(doc: str) -> str:
    """A docstring as help reads it: each paragraph's lines joined (the help wraps them to the
    terminal; a docstring's own line breaks showed in the middle of sentences)."""
    paragraphs = [" ".join(p.split()) for p in doc.strip().split("\n\n")]
    return "\n\n".join(p for p in paragraphs if p)


def print_json(data: Any) -> None:
    """One JSON document; characters that are not text are written as \\u escapes."""
    document = json.dumps(data, indent=2, ensure_ascii=False, default=str)
    if not document.replace("\n", " ").isprintable():  # else nothing to escape: `list` of 1,000
        document = "".join(
            f"\\u{ord(c):04x}" if text.unseen(c) and c != "\n" else c for c in document
        )
    output().echo(document)


@app.callback()
def options(
    ctx: typer.Context,
    db: Annotated[
        Optional[str],
        typer.Option(
            "--db",
            envvar="CAMPAIGN_DB",
            help="The campaign store: a SQLite file, or postgresql://USER@HOST/DATABASE.",
        ),
    ] = None,
    campaign: Annotated[
        Optional[str],
        typer.Option(
            "-c",
            "--campaign",
            envvar="CAMPAIGN",
            help="The campaign (optional when the store holds one, or after use).",
        ),
    ] = None,
    actor: Annotated[
        str, typer.Option("--actor", envvar="CAMPAIGN_ACTOR", help="Who is recording, for the log.")
    ] = "organiser",
) -> None:
    ctx.obj = Session(db, campaign, actor)
    ctx.call_on_close(ctx.obj.close)


def console():
    """Rich output that fits the terminal it is in; to a file or a pipe, `COLUMNS` wide where it
    says (#29: it was ignored), else 100 columns. Stored text is never read as markup or emoji
    codes."""
    from rich.console import Console

    stream = output().out
    width = None if stream is None and sys.stdout.isatty() else piped_width()
    return Console(file=stream, width=width, markup=False, emoji=False, highlight=False)


def piped() -> bool:
    """Whether the command writes to a file or a pipe, not a terminal (nor the hub's page)."""
    return output().out is None and not sys.stdout.isatty()


def piped_width() -> int:
    """The width of output that is not a terminal: `COLUMNS` (20 to 1,000), else 100."""
    asked = os.environ.get("COLUMNS", "")
    return int(asked) if asked.isascii() and asked.isdigit() and 20 <= int(asked) <= 1000 else 100


def write_file(path: Path, content: str | bytes, quiet: bool = False) -> None:
    try:
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    except OSError as exc:
        raise CampaignError(
            f"Cannot write {path} ({exc.strerror or exc.__class__.__name__})."
        ) from None
    if not quiet:
        say(f"Written to {path}.")


def pairs(items: list[str], shape: str) -> dict[str, str]:
    """`KEY=VALUE` words as a mapping, split at the first `=`; `shape` names the form in a
    refusal."""
    return dict(_pair(item, shape) for item in items)


def _pair(item: str, shape: str) -> tuple[str, str]:
    key, sep, value = item.partition("=")
    if not sep or not key.strip():
        raise CampaignError(f"Write {shape}, not {item!r}.")
    return key.strip(), value.strip()


def usage_sentence(error: Exception) -> str | None:
    """A usage error (unknown option, missing argument …) as one sentence with the usage line."""
    if not hasattr(error, "format_message") or not hasattr(error, "ctx"):
        return None
    message = error.format_message().rstrip(".")
    context = error.ctx
    if context is None:
        return f"{message}."
    usage = " ".join(context.get_usage().split())
    more = (
        "campaign --help"
        if isinstance(context.command, TyperGroup)
        else f"{context.command_path} --help"
    )
    return f"{message}. {usage} ('{more}' says more)."


def guarded(call: Callable[[], int | None]) -> int:
    """Run one command (`call`, click's `main` outside standalone mode) and return its exit
    status: no traceback ever reaches a person, and every refusal is one sentence on the error
    stream of where it speaks (`output`)."""
    try:
        return call() or 0
    except (CampaignError, MapError) as error:
        return _refused(str(error), EXIT_REFUSED)
    except typer.Abort:
        return _refused("Stopped.", 130)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # noqa: BLE001 - the last line of defence against tracebacks
        if hasattr(error, "format_message") and not error.format_message():
            return EXIT_USAGE  # `campaign` alone: its help is shown, there is nothing to add
        usage = usage_sentence(error)
        if usage is not None:
            return _refused(usage, EXIT_USAGE)
        unexpected = f"Something went wrong that the program did not expect: {error}."
        return _refused(f"{unexpected} Please report it.", 70)


def _refused(sentence: str, status: int) -> int:
    complain(sentence)
    return status
