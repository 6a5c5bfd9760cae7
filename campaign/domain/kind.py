"""The Kind interface: everything the shared core asks of a kind of campaign.

Each kind is one package under `campaign/kinds/` (its rules, its fold, its decisions, its views
and its command-line commands) whose `KIND` implements this class; `campaign/domain/registry.py`
lists them. Its `cli.py` holds its commands (a `typer.Typer` called `commands`) and, as the
parameters of `start_options`, the options `campaign new` takes. The store, the audit, export and
import and the generic commands ask the kind and never branch on which kind it is.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar

from campaign.domain.drafts import Draft
from campaign.errors import CampaignError
from events.common import CampaignEvent, CampaignStarted

State = Any
"""A kind's own state: a frozen value folded from the events."""
Decide = Callable[[State], list[Draft]]
"""A command bound to its inputs: the state in, the events to record out (or a refusal)."""
Seal = Callable[[Sequence[str]], dict[str, str]]
"""Secrets drawn and kept by the store for a new campaign, by label (campaign.domain.dice)."""


class Kind(ABC):
    rules: ClassVar[str]
    """Its name on the command line (`--rules`) and in the log."""
    rules_version: ClassVar[str]
    title: ClassVar[str]
    period: ClassVar[str] = "round"
    """What the campaign's steps are called: rounds, scenarios."""
    period_field: ClassVar[str] = "round"
    """The field its events name their period by (the log's period column)."""
    period_heading: ClassVar[str] = "Rd"
    """The log's period column, headed short."""
    example: ClassVar[str]
    """The example campaign in `examples/` that `campaign demo` plays."""
    setup_events: ClassVar[tuple[type, ...]] = ()
    """Events of the campaign's set-up (the draw, the sides taken): not actions, never undone."""
    standing_reason: ClassVar[str] = ""
    """Why, in words, no undo reaches past an event that `stands`."""

    # Starting a campaign.

    @abstractmethod
    def new(
        self, title: str, options: Mapping[str, Any], seal: Seal | None = None
    ) -> tuple[dict[str, Any], Decide]:
        """The fields of the CampaignStarted event, and what to decide on the initial state.
        `seal(labels)` has the store draw and keep secrets for the campaign
        (campaign.domain.dice)."""

    @abstractmethod
    def check_start(self, started: CampaignStarted) -> None:
        """The rules a campaign's first event must meet; raises a RuleViolation (verify, import)."""

    # The fold: pure, no checks.

    @abstractmethod
    def start(self, started: CampaignStarted) -> State: ...

    @abstractmethod
    def apply(self, state: State, event: CampaignEvent) -> State: ...

    # What the hub's console offers (campaign.web.hub).

    arbiter_commands: ClassVar[tuple[str, ...]] = ()
    """The kind's own commands an arbiter's link may run (his rulings), besides notes and undo."""
    console_example: ClassVar[str] = ""
    """A command of the kind as an organiser types it, shown by the hub's console."""

    # What a player's own report keeps (campaign.views.reports.for_player).

    report_kept_whole: ClassVar[tuple[str, ...]] = ()
    history_sections: ClassVar[tuple[str, ...]] = ()
    """The beginnings of the headings of the kind's report sections that tell what a round (or
    scenario) brought about, which the campaign's history keeps of each (`campaign history`)."""
    history_labelled: ClassVar[tuple[str, ...]] = ()
    """Those of them whose lines need their heading to say what they are ("Forfeits: Ann: no
    legal attack"); the others' lines say it themselves."""
    """The beginnings of the headings of the kind's report sections that a player's report keeps
    whole (tables of the whole campaign, settings, what is next); of the others it keeps only the
    lines that name him."""

    # The state kept beside the log (campaign.readmodel.snapshot).

    unkept: ClassVar[tuple[str, ...]] = ()
    """Fields of the state a kept snapshot leaves out: objects built from text the log holds (a
    map, a board), which `rebuilt` builds again."""

    def rebuilt(self, initial: State, kept: Mapping[str, Any]) -> dict[str, Any]:
        """The unkept fields, from the state after the first event (`initial`) and the fields
        kept; by default as the first event left them."""
        return {name: getattr(initial, name) for name in self.unkept}

    # The rules.

    @abstractmethod
    def consequences(self, state: State) -> list[Draft]:
        """The events the rules force now, recorded by the program itself."""

    @abstractmethod
    def replay(self, event: CampaignEvent) -> Decide:
        """The command that records `event`, to decide it again from the state before it."""

    # Reading the state.

    @abstractmethod
    def summary(self, state: State) -> str:
        """One line for `campaign list` and `verify`."""

    @abstractmethod
    def next_step(self, state: State) -> str:
        """What must happen next, as a sentence after "Next: "."""

    @abstractmethod
    def period_over(self, state: State, number: int) -> bool:
        """Whether round (or scenario) `number` is over in `state`."""

    @abstractmethod
    def describe(self, event: CampaignEvent) -> str:
        """One line of the log for one of its own events."""

    def stands(self, event: CampaignEvent) -> bool:
        """Whether an event stands once recorded (a die rolled, a secret revealed): neither it
        nor anything before it can be undone."""
        return False

    def players(self, state: State) -> list[str]:
        """The players now, by their names now (a replaced player's newcomer in his place)."""
        return list(state.players)

    def check_actor(self, state: State, decided: Sequence[Draft], actor: str) -> None:
        """Refuses, with the rule, a player recording what is another side's to decide; the
        organiser and the arbiters record anything. By default nothing is refused here (a kind
        whose decisions know their actor checks it in them)."""
        return None

    def check_leaving(self, state: State, player: str, how: str) -> None:
        """Refuses, with the rule, a player being `replaced` or `withdrawn` now; by default a
        player may be replaced, and withdrawing (which the kind's rules page must say what to do
        with) is refused."""
        if how == "withdrawn":
            raise CampaignError(
                f"A campaign of {self.title} has no rule for a player who leaves without a "
                f"replacement: replace {player} instead (replace-player)."
            )

    def page_sections(self, state: State) -> list[dict[str, Any]]:
        """What the hub's campaign page shows before the report of the step in hand (headings
        and items, as a report's sections); nothing by default."""
        return []

    def player_actions(self, state: State, player: str) -> list[dict[str, Any]]:
        """What `player` may do himself now, for the hub's forms: each `{"action", "label",
        "choices": {value: words} or None, "fields": [{"name", "label"}] (optional)}`; none by
        default (the organiser enters everything)."""
        return []

    def player_decide(
        self,
        state: State,
        player: str,
        action: str,
        values: Mapping[str, str],
        secrets: Mapping[str, str] | None = None,
    ) -> list[Draft]:
        """`player`'s own action from the hub (the form's `choice` and fields), decided as the
        command line decides it; `secrets`: the campaign's sealed secrets, for the dice the
        program rolls from them."""
        raise CampaignError(f"A campaign of {self.title} takes no actions from its players' pages.")

    def player_lines(self, state: State, player: str) -> list[str]:
        """Where `player` stands, for his page in the hub: what he holds, what is being done to
        him, whether he is out; none by default."""
        return []

    def player_history(self, state: State, player: str) -> list[str]:
        """What `player` has done and had done to him in the rounds before this one (his
        battles, their results, what they won or lost), oldest first, for his page; none by
        default."""
        return []

    def awaited(self, state: State) -> tuple[str, ...]:
        """The players who must act now, by name (the turn notices, `campaign.notify.notices`):
        those the step in hand waits for; none where it waits for the organiser alone."""
        return ()

    def tasks(self, state: State) -> dict[str, tuple[str, ...]]:
        """What each person the step in hand waits for must do, in his own words (the turn
        notices, `campaign.notify.notices`): the forms his page offers him, by their labels. A
        person is told when a task of his is new, never twice for the same one."""
        tasks = {}
        for player in self.awaited(state):
            labels = tuple(a["label"] for a in self.player_actions(state, player))
            tasks[player] = labels or (self.next_step(state),)
        return tasks

    def arbiter_tasks(self, state: State) -> tuple[str, ...]:
        """What waits for an arbiter now, in his words (the turn notices): by default, every
        form his page offers."""
        return tuple(a["label"] for a in self.arbiter_actions(state))

    def arbiter_actions(self, state: State) -> list[dict[str, Any]]:
        """What an arbiter's page offers besides a note and the console (forms as in
        `player_actions`): the disputes he settles with a click; none by default."""
        return []

    def arbiter_decide(self, state: State, action: str, values: Mapping[str, str]) -> list[Draft]:
        """An arbiter's form from the hub, decided as the command line decides the ruling."""
        raise CampaignError(f"There is no ruling called {action!r} in a campaign of {self.title}.")

    def missed(self, state: State) -> list[Draft]:
        """What a missed deadline does to the step in hand under the rule `auto`, as the kind's
        rules page says; nothing where the organiser decides."""
        return []

    def outcome(self, state: State, event: CampaignEvent) -> list[str]:
        """What a just-recorded event means, in sentences (who won, what is due)."""
        return []

    # Views.

    @abstractmethod
    def status(self, state: State, name: str) -> dict[str, Any]:
        """`campaign status --json`."""

    @abstractmethod
    def dashboard(self, state: State | None, data: dict[str, Any]) -> Any:
        """`campaign status`: a rich renderable built from the status data alone (it may come
        from the stored read model, without a state: `state` is None then)."""

    @abstractmethod
    def report(
        self, name: str, at_end: State, number: int, events: Sequence[CampaignEvent], now: State
    ) -> dict[str, Any]:
        """The report of round (or scenario) `number`: plain data with `title`, `players` and
        `sections`."""

    def told_later(self, now: State, number: int) -> Any:
        """What the report of finished round `number` tells of the campaign `now` (its last
        parameter), as JSON carries it: while this is the same, a write changes nothing that
        report says, and it is kept again as it was (issue #31). None: it tells nothing of it."""
        return None

    def picture(
        self, state: State, name: str, number: int | None, player: str | None = None
    ) -> str | None:
        """An SVG picture of campaign `name` now (or at the end of round `number`), with what
        `player` holds marked where the kind can (his own page); None without a map."""
        return None


class PackageKind(Kind):
    """A Kind laid out as its package's modules are by convention: `state` (start, apply, summary,
    round_over), `commands` (consequences, replay), `narrate` (describe) and, where its players
    act on the hub, `player_forms` (its `players` module). A kind names its modules; what the
    core asks of them is answered here once."""

    state: ClassVar[ModuleType]
    commands: ClassVar[ModuleType]
    narrate: ClassVar[ModuleType]
    player_forms: ClassVar[ModuleType | None] = None
    """Where it has one, the module of its players' own forms on the hub: `actions`, `decide`,
    `lines` (where a player stands) and who is `awaited` now."""

    def player_actions(self, state: State, player: str) -> list[dict[str, Any]]:
        return [] if self.player_forms is None else self.player_forms.actions(state, player)

    def player_decide(
        self,
        state: State,
        player: str,
        action: str,
        values: Mapping[str, str],
        secrets: Mapping[str, str] | None = None,
    ) -> list[Draft]:
        if self.player_forms is None:
            return super().player_decide(state, player, action, values, secrets)
        decided: list[Draft] = self.player_forms.decide(state, player, action, values, secrets)
        return decided

    def player_lines(self, state: State, player: str) -> list[str]:
        return [] if self.player_forms is None else self.player_forms.lines(state, player)

    def player_history(self, state: State, player: str) -> list[str]:
        told = getattr(self.player_forms, "history", None)
        return [] if told is None else told(state, player)

    def awaited(self, state: State) -> tuple[str, ...]:
        return () if self.player_forms is None else self.player_forms.awaited(state)

    def tasks(self, state: State) -> dict[str, tuple[str, ...]]:
        told = getattr(self.player_forms, "tasks", None)
        return super().tasks(state) if told is None else told(state)

    def start(self, started: CampaignStarted) -> State:
        return self.state.start(started)

    def apply(self, state: State, event: CampaignEvent) -> State:
        return self.state.apply(state, event)

    def consequences(self, state: State) -> list[Draft]:
        forced: list[Draft] = self.commands.consequences(state)
        return forced

    def replay(self, event: CampaignEvent) -> Decide:
        decide: Decide = self.commands.replay(event)
        return decide

    def summary(self, state: State) -> str:
        return str(self.state.summary(state))

    def period_over(self, state: State, number: int) -> bool:
        return bool(self.state.round_over(state, number))

    def describe(self, event: CampaignEvent) -> str:
        return str(self.narrate.describe(event))
