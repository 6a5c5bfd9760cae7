"""Britannia with Hadrian's Wall as the shared core sees it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from campaign.domain.kind import Decide, PackageKind, Seal
from campaign.errors import RuleViolation
from campaign.input.names import resolve
from campaign.input.text import printable
from campaign.kinds.hadrians_wall import RULES, checks, commands, narrate, players, rules, state
from campaign.kinds.hadrians_wall import interpretations as chosen
from campaign.kinds.hadrians_wall.state import State
from events.common import CampaignEvent, CampaignStarted
from events.hadrians_wall import CounterMoved, GameSetUp, RollCorrected, SecretRevealed
from regions import MapError, map_source
from regions.board import parse_board

BOARD_FILE = "britannia-ah-1987.toml"


class HadriansWall(PackageKind):
    rules = RULES
    rules_version = f"{RULES}/1"
    title = "Britannia with Hadrian's Wall"
    period = "turn"
    period_field = "turn"
    period_heading = "Turn"
    example = "hadrians-wall.campaign"
    arbiter_commands = ("ruling",)  # HW-6.10: a crossing's die corrected
    console_example = "advance --to movement"
    history_sections = ("Wall crossings", "Moves and results")
    state, commands, narrate, player_forms = state, commands, narrate, players
    setup_events = (GameSetUp,)
    unkept = ("board",)  # its links are keyed by pairs of areas: built again from the source
    standing_reason = (
        "a wall crossing's die stands once rolled, and a revealed secret stays revealed "
        "(HW-6.10); an organiser's ruling corrects a die (campaign ruling)"
    )

    def rebuilt(self, initial: State, kept: Mapping[str, Any]) -> dict[str, Any]:
        """HW-1.3: the board as the set-up chose it (the Fantasy Flight one is the one with a
        choice for its gap; before the set-up, the board of the first event)."""
        gap = kept["ffg_gap"]
        return {"board": state.board_for(kept["source"], "ffg" if gap else "ah", gap)}

    def new(
        self, title: str, options: Mapping[str, Any], seal: Seal | None = None
    ) -> tuple[dict[str, Any], Decide]:
        """HW-2.3: four players by colour; HW-1.3: the board; the settings of HW-4.6, HW-6.8 and
        HW-7.1; in committed mode the secrets drawn and kept by the store, their commitments
        published (HW-7.2)."""
        options = settings(options)
        players = {colour: options.get(colour) or "" for colour in chosen.SPLIT}
        checks.check_players(players)
        board = options.get("board") or "ah"
        checks.check_board_choice(board, options.get("ffg_gap"))
        dice = options.get("dice") or chosen.DICE
        promised = (
            commands.commitments(title, seal(commands.SECRET_LABELS))
            if dice == "committed" and seal is not None
            else {}
        )
        decided = commands.set_up(
            title,
            players,
            board,
            options.get("ffg_gap"),
            options.get("wall_trigger") or chosen.WALL_TRIGGER,
            chosen.LEADERS_ROLL if options.get("leaders_roll") is None else options["leaders_roll"],
            dice,
            promised,
        )
        started = dict(
            name=title,
            rules=self.rules,
            players=[players[c] for c in chosen.SPLIT],
            map_source=map_source(BOARD_FILE),
            seed_commitment=None,
        )
        return started, lambda current: decided

    def check_start(self, started: CampaignStarted) -> None:
        checks.check_four_players(started.players)
        try:
            parse_board(started.map_source, "the campaign's board")
        except MapError as refusal:
            raise RuleViolation("HW-1.1", str(refusal)) from None

    def stands(self, event: CampaignEvent) -> bool:
        """HW-6.10: a roll once made stands; HW-7.2: a revealed secret cannot be hidden again."""
        return isinstance(event, (SecretRevealed, RollCorrected)) or (
            isinstance(event, CounterMoved) and bool(event.dice)
        )

    def players(self, current: State) -> list[str]:
        return list(current.colours.values())

    def check_leaving(self, current: State, player: str, how: str) -> None:
        super().check_leaving(current, player, how)
        checks.check_going(current)

    def next_step(self, current: State) -> str:
        return next_step(current)

    def outcome(self, current: State, event: CampaignEvent) -> list[str]:
        return narrate.outcome(current, event)

    def status(self, current: State, name: str) -> dict[str, Any]:
        from campaign.kinds.hadrians_wall.status import status

        return status(current, name)

    def dashboard(self, current: State, data: dict[str, Any]) -> Any:
        from campaign.kinds.hadrians_wall.dashboard import dashboard

        return dashboard(data)

    def report(
        self, name: str, at_end: State, number: int, events: Sequence[CampaignEvent], now: State
    ) -> dict[str, Any]:
        from campaign.kinds.hadrians_wall.report import turn_report

        return turn_report(name, at_end, number, events, now)

    def picture(
        self, current: State, name: str, number: int | None, player: str | None = None
    ) -> str | None:
        from campaign.kinds.hadrians_wall.picture import picture

        return picture(current, printable(name), number, player)


def settings(options: Mapping[str, Any]) -> dict[str, Any]:
    """The settings as typed, resolved to their values (did you mean …)."""
    settled = dict(options)
    for key, choices in (
        ("board", chosen.BOARDS),
        ("ffg_gap", chosen.FFG_GAPS),
        ("wall_trigger", chosen.WALL_TRIGGERS),
        ("dice", chosen.DICE_MODES),
    ):
        if options.get(key) is not None:
            settled[key] = resolve(key.replace("_", " "), options[key], choices)
    if isinstance(options.get("leaders_roll"), str):
        settled["leaders_roll"] = resolve("answer", options["leaders_roll"], ("yes", "no")) == "yes"
    return settled


def next_step(current: State) -> str:
    """What the game waits for, in the clock's words (HW-2)."""
    if current.phase == rules.GAME_OVER:
        return f"nothing: the game is over after turn {rules.TURNS}."
    if current.phase == rules.END_OF_TURN:
        if current.turn == rules.TURNS:
            return "advance to end the game (advance)."
        return f"turn {current.turn} is over: advance to turn {current.turn + 1} (advance)."
    nation = narrate.nation_name(current.nation)
    who = f"the {nation} ({current.player_of(current.nation)})"
    if current.phase in rules.MOVEMENT:
        return f"{who} move (move COUNTER:FROM,TO), then advance."
    if current.phase in rules.BATTLE:
        return (
            f"{who} enter their battles (battle AREA --lost COUNTER --retreat COUNTER=AREA), "
            "then advance."
        )
    return f"{who} enter their {current.phase.replace('-', ' ')} (place, remove), then advance."


KIND = HadriansWall()
