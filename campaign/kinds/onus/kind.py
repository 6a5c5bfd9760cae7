"""ONUS! Under the Eagle as the shared core sees it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from campaign.domain.drafts import Draft
from campaign.domain.kind import Decide, PackageKind, Seal
from campaign.kinds.onus import RULES, checks, commands, narrate, players, state
from campaign.kinds.onus.book import SIDE_NAMES, SIDES
from campaign.kinds.onus.state import Phase, State
from events.common import CampaignEvent, CampaignStarted
from events.onus import ScenarioPlayed, SidesTaken


class Onus(PackageKind):
    rules = RULES
    rules_version = f"{RULES}/1"
    title = "ONUS! Under the Eagle"
    period = "scenario"
    period_field = "scenario"
    period_heading = "Sc"
    example = "under-the-eagle.campaign"
    console_example = "scenario-result --fact walkover=rome"
    report_kept_whole = ("Outcome", "Next")
    history_sections = ("Outcome", "Result", "Casualties", "Upgrade")
    state, commands, narrate, player_forms = state, commands, narrate, players
    setup_events = (SidesTaken,)

    def new(
        self, title: str, options: Mapping[str, Any], seal: Seal | None = None
    ) -> tuple[dict[str, Any], Decide]:
        """ON-1.1: Rome and its enemies, each played by one player."""
        rome, enemies = (options.get(side) or "" for side in SIDES)
        sides = commands.take_sides(rome, enemies, bool(options.get("reset_eliminated")))
        players = [sides[0].fields[side] for side in SIDES]
        started = dict(
            name=title, rules=self.rules, players=players, map_source="", seed_commitment=None
        )
        return started, lambda current: sides

    def missed(self, current: State) -> list[Draft]:
        """ON-4.2: a missed upgrade is declined."""
        return commands.upgrade(current, None) if current.upgrade_due else []

    def check_start(self, started: CampaignStarted) -> None:
        checks.check_players(started.players)

    def page_sections(self, current: State) -> list[dict[str, Any]]:
        """The hub's scenario page: the next scenario's set-up (ON-3.3), as the briefing gives
        it."""
        from campaign.kinds.onus.status import briefing
        from campaign.kinds.onus.words import first_turn_text

        brief = briefing(current)
        if brief is None:
            return []
        sections = [
            {
                "heading": f"Next: scenario {brief['scenario']}, {brief['title']}",
                "items": [
                    f"{brief['book']} · {first_turn_text(brief)}",
                    f"Duration {brief['duration']} · scale {brief['scale']} · battlefield "
                    f"{brief['battlefield']}",
                    *(f"Special rule: {rule}" for rule in brief["special_rules"]),
                    "Result facts: "
                    + ", ".join(f"{f['key']}={f['values']}" for f in brief["facts"]),
                ],
            }
        ]
        for side, army in brief["armies"].items():
            units = ", ".join(
                u["id"] + ("" if u["status"] == "regular" else f" ({u['status']})")
                for u in army["units"]
            )
            general = (army.get("general") or {}).get("name")
            sections.append(
                {
                    "heading": f"{side.capitalize()}: {army['player']} ({army['people']})",
                    "items": [
                        f"Units: {units or 'to be mustered (ON-3.2)'}",
                        *([f"General: {general}"] if general else []),
                        *(
                            [f"Characters: {', '.join(army['characters'])}"]
                            if army.get("characters")
                            else []
                        ),
                    ],
                }
            )
        return sections

    def check_leaving(self, current: State, player: str, how: str) -> None:
        super().check_leaving(current, player, how)
        checks.check_open(current, "take over")

    def next_step(self, current: State) -> str:
        return next_step(current)

    def outcome(self, current: State, event: CampaignEvent) -> list[str]:
        if isinstance(event, ScenarioPlayed):
            return [narrate.scenario_outcome(current, event.scenario)]
        return []

    def status(self, current: State, name: str) -> dict[str, Any]:
        from campaign.kinds.onus.status import status

        return status(current, name)

    def dashboard(self, current: State | None, data: dict[str, Any]) -> Any:
        from campaign.kinds.onus.dashboard import dashboard

        return dashboard(data, data.get("briefing"))

    def report(
        self, name: str, at_end: State, number: int, events: Sequence[CampaignEvent], now: State
    ) -> dict[str, Any]:
        from campaign.kinds.onus.report import scenario_report

        return scenario_report(name, at_end, number, events, now)

    def told_later(self, now: State, number: int) -> Any:
        """A scenario's report tells its winner's upgrade as it stands now (ON-2.1)."""
        from campaign.kinds.onus.report import upgrade_now

        return upgrade_now(now, number)


def next_step(current: State) -> str:
    """What the campaign waits for: a muster, a result, an upgrade, or nothing more."""
    if current.phase == Phase.FINISHED:
        won = (
            "a drawn campaign."
            if current.winner == "draw"
            else f"{SIDE_NAMES[current.winner]} won the campaign."
        )
        return f"all eight scenarios are played: {won}"
    if current.upgrade_due:
        who = _side(current, current.upgrade_due)
        return (
            f"the winner, {who}, upgrades a unit (upgrade UNIT_ID) or declines (upgrade --decline)."
        )
    missing = [side for side in SIDES if current.army_units(side) is None]
    number = current.next_number
    if missing:
        armies = "the army of" if len(missing) == 1 else "the armies of"
        sides = " and ".join(_side(current, side) for side in missing)
        how = f"muster {missing[0]}" if len(missing) == 1 else "muster SIDE"
        return f"muster {armies} {sides} for scenario {number} ({how} UNIT=COUNT ...)."
    return (
        f"play scenario {number}, {current.next_scenario.title}, then enter its result "
        "(scenario-result)."
    )


def _side(current: State, side: str) -> str:
    """A side as the rules page names it, with its player: `Rome (Marcus)`."""
    return f"{SIDE_NAMES[side]} ({current.side_names[side]})"


KIND = Onus()
