"""The Boiling Cauldron as the shared core sees it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from campaign.domain.drafts import Draft
from campaign.domain.grammar import listing, plural, possessive
from campaign.domain.kind import Decide, PackageKind, Seal
from campaign.errors import CampaignError
from campaign.input.values import percentage
from campaign.kinds.boiling_cauldron import RULES, checks, commands, disputes, narrate, state
from campaign.kinds.boiling_cauldron.narrate import pct
from campaign.kinds.boiling_cauldron.state import Battle, Phase, State
from events.boiling_cauldron import (
    AttackDeclared,
    AttackForfeited,
    BattleFought,
    FinalBattleFought,
    RegionsAllocated,
    RegionTransferred,
)
from events.common import CampaignEvent, CampaignStarted


class BoilingCauldron(PackageKind):
    rules = RULES
    rules_version = f"{RULES}/1"
    title = "The Boiling Cauldron"
    period = "round"
    example = "spring-869.campaign"
    state, commands, narrate = state, commands, narrate
    setup_events = (RegionsAllocated,)
    unkept = ("world",)  # the map of the first event: no later event changes it
    arbiter_commands = ("result", "walkover", "double-loss")  # BC-6, BC-9.3: against the figures
    console_example = "result Kent 20 45"
    report_kept_whole = (
        "Battle settings",
        "Next",
        "Attack order",
        "Still to come",
        "Final standings",  # BC-8.5: a player's own report shows where everyone finished
    )
    history_sections = ("Outcome", "Battles", "Forfeits", "Eliminated", "The Final Battle")
    history_labelled = ("Forfeits",)

    def new(
        self, title: str, options: Mapping[str, Any], seal: Seal | None = None
    ) -> tuple[dict[str, Any], Decide]:
        from campaign.kinds.boiling_cauldron.starting import new

        return new(title, self.rules, options)

    def player_lines(self, current: State, player: str) -> list[str]:
        """BC-7.3: whether he is out and by whom; his regions; this round's battles he is in."""
        return player_lines(current, player)

    def player_history(self, current: State, player: str) -> list[str]:
        """BC-6, BC-7: his battles of the rounds before this one, with their figures and gains;
        the attacks he forfeited (BC-4.3, BC-9.2); the Final Battles he fought (BC-8)."""
        return player_history(current, player)

    def awaited(self, current: State) -> tuple[str, ...]:
        """BC-4: the player on turn declares; BC-6.2: both sides of each battle without a result
        report it; BC-7.2: a victor chooses his gains; BC-8: the finalists choose their
        armies. The draw and the Final's result are the organiser's."""
        return awaited(current)

    def page_sections(self, current: State) -> list[dict[str, Any]]:
        """BC-6.2: the round's disputed results, both claims side by side."""
        return disputes.page_sections(current)

    def arbiter_actions(self, current: State) -> list[dict[str, Any]]:
        """BC-6.2: each disputed result, settled with one side's figures."""
        return disputes.arbiter_actions(current)

    def arbiter_tasks(self, current: State) -> tuple[str, ...]:
        """BC-6.2: the disputes wait for him; a report awaiting its confirmation waits for the
        other side, whom the arbiter may stand in for, unasked."""
        return tuple(a["label"] for a in disputes.disputes(current))

    def arbiter_decide(self, current: State, action: str, values: Mapping[str, str]) -> list[Draft]:
        if action == "settle":
            return disputes.settle(current, values)
        return super().arbiter_decide(current, action, values)

    def missed(self, current: State) -> list[Draft]:
        """BC-9.2: a missed declaration is forfeited, with the reason "deadline"."""
        return commands.forfeit(current, "deadline") if current.on_turn else []

    def check_start(self, started: CampaignStarted) -> None:
        checks.check_players(list(started.players))

    def tasks(self, current: State) -> dict[str, tuple[str, ...]]:
        """As its forms say, but a victor's choice of gains is one task however many regions are
        still due (BC-7.2): he is not told again after each region he chooses."""
        tasks = super().tasks(current)
        waiting = current.awaiting_choice
        if waiting is not None and waiting.result.winner in tasks:
            gains = f"Choose the regions you gain from {waiting.result.loser} (BC-7.2)"
            tasks[waiting.result.winner] = (gains,)
        return tasks

    def player_actions(self, current: State, player: str) -> list[dict[str, Any]]:
        """BC-4: the player on turn declares his attack, among the attacks open to him; BC-6.2:
        each side of a battle reports its result, the other confirms it; BC-7.2: a victor
        chooses the regions he gains, one at a time, from the open tier."""
        waiting = current.awaiting_choice
        if waiting is not None and waiting.result.winner == player:
            tier, _ = current.open_tier(waiting)
            due = waiting.result.regions_due - len(waiting.gained)
            return [
                {
                    "action": "gain",
                    "label": f"Choose a region to gain from {waiting.result.loser} ({due} due)",
                    "choices": {region: region for region in tier},
                }
            ]
        if current.phase == Phase.BATTLES:
            return _battle_actions(current, player)
        if current.on_turn != player:
            return []
        from campaign.kinds.boiling_cauldron.status import army_text, options

        return [
            {
                "action": "attack",
                "label": f"Declare your attack for round {current.round} (BC-4; the armies, BC-5)",
                "choices": {
                    f"{o['from']}|{o['to']}": f"from {o['from']} on {o['to']} ({o['defender']}): "
                    f"{army_text(o['attacker_army'])} v {army_text(o['defender_army'])}"
                    for o in options(current, player)
                },
            }
        ]

    def player_decide(
        self,
        current: State,
        player: str,
        action: str,
        values: Mapping[str, str],
        secrets: Mapping[str, str] | None = None,
    ) -> list[Draft]:
        """The hub's forms, decided as the command line decides them: BC-4.1 `attack`, BC-6.2
        `report` and `confirm`, BC-7.2 `gain`."""
        choice = values.get("choice", "")
        if action == "gain":
            waiting = current.awaiting_choice
            if waiting is None or waiting.result.winner != player:
                raise CampaignError(f"{player} has no regions to choose now.")
            return commands.gain(current, [choice])
        if action == "report":
            figures = [percentage(values.get(side, "")) for side in ("attacker", "defender")]
            if None in figures:
                raise CampaignError("Write both casualties as percentages, e.g. 35 or 35.5.")
            winner = values.get("winner") or None
            return commands.report_result(current, player, choice, *figures, winner)
        if action == "confirm":
            figures = [percentage(values.get(side, "")) for side in ("attacker", "defender")]
            if None in figures or not values.get("by"):
                raise CampaignError(
                    "This confirmation does not say which figures it confirms: open your link "
                    "again."
                )
            shown = (*figures, values["by"], values.get("winner") or None)
            return commands.confirm_result(current, player, choice, shown)
        if action == "attack":
            source, _, target = choice.partition("|")
            return commands.attack(current, source, target, who=player)
        raise CampaignError(f"There is no action called {action!r} in this campaign.")

    def check_leaving(self, current: State, player: str, how: str) -> None:
        checks.check_leaving(current, player, how)

    def next_step(self, current: State) -> str:
        return next_step(current)

    def outcome(self, current: State, event: CampaignEvent) -> list[str]:
        """A result's meaning, an elimination, the end of a round: told by the event that did it."""
        told = []
        if isinstance(event, BattleFought):
            told.append(narrate.battle_outcome(current, event.region, event.round))
        if isinstance(event, RegionTransferred):
            told.append(narrate.elimination(current, event))
        if isinstance(event, (BattleFought, RegionTransferred, AttackForfeited, AttackDeclared)):
            told.append(narrate.rounds_moved_on(current, event.round))
        if isinstance(event, FinalBattleFought):
            told.append(narrate.final_outcome(current, event.number))
        return [line for line in told if line]

    def status(self, current: State, name: str) -> dict[str, Any]:
        from campaign.kinds.boiling_cauldron.status import status

        return status(current, name)

    def dashboard(self, current: State, data: dict[str, Any]) -> Any:
        from campaign.kinds.boiling_cauldron.dashboard import dashboard

        return dashboard(data)

    def report(
        self, name: str, at_end: State, number: int, events: Sequence[CampaignEvent], now: State
    ) -> dict[str, Any]:
        from campaign.kinds.boiling_cauldron.report import round_report

        return round_report(name, at_end, number, events, now)

    def told_later(self, now: State, number: int) -> Any:
        """A round's report tells the Final Battles fought since, and who won (BC-8)."""
        from campaign.kinds.boiling_cauldron.report import final_data

        final = final_data(now) if now.finals else None
        return {"phase": str(now.phase), "final": final, "winner": now.winner}

    def picture(
        self, current: State, name: str, number: int | None, player: str | None = None
    ) -> str:
        """Britain with its regions as territories when the campaign is on the bundled map; on
        a map of the organiser's own, the regions at their places as a diagram."""
        from campaign.kinds.boiling_cauldron.picture import drawn_map, svg_map
        from campaign.kinds.boiling_cauldron.starting import default_map_source
        from regions import parse_map, territories

        drawn = territories("boiling-cauldron.toml")
        if drawn is not None and current.world == parse_map(default_map_source()):
            mine = current.held(player) if player else set()
            return drawn_map(current, name, number, drawn, mine)
        contested = {r for b in current.round_battles(number or current.round) for r in b.regions}
        return svg_map(current, f"{name}: {_when(current, number)}", contested)


def _when(current: State, number: int | None) -> str:
    from campaign.kinds.boiling_cauldron.picture import _now, _then

    return _then(current, number) if number else _now(current)


def _battle_actions(current: State, player: str) -> list[dict[str, Any]]:
    """For each battle of the round he fought and that has no result: confirm what his opponent
    reported, or report it himself."""
    actions = []
    for battle in current.round_battles():
        if battle.result is not None or player not in (battle.attacker, battle.defender):
            continue
        reported = current.reported.get(battle.to_region)
        if reported is not None and reported[2] != player:
            actions.append(_confirm_form(current, battle, reported))
        actions.append(_report_form(battle))
    return actions


def _confirm_form(current: State, battle: Any, reported: tuple) -> dict[str, Any]:
    """BC-6.2: confirm the figures the opponent reported (they become the result)."""
    attacker, defender, by, winner = reported
    where = battle.to_region
    disputed = (
        f"; you reported other figures: the result is disputed until you confirm "
        f"{by}'s or the arbiter settles it (BC-6.2)"
        if where in current.disputed
        else ""
    )
    won = f", both routed, {winner} won" if winner else ""
    figures = f"{battle.attacker} {pct(attacker)}, {battle.defender} {pct(defender)}{won}"
    return {
        "action": "confirm",
        "label": f"{by} reports the battle for {where}{disputed}",
        "choices": {where: f"{figures}: confirm"},
        "hidden": {
            "attacker": str(attacker),
            "defender": str(defender),
            "by": by,
            "winner": winner or "",
        },
    }


def _report_form(battle: Any) -> dict[str, Any]:
    """BC-6.2: report the battle's casualties (and, where both routed, who won)."""
    sides = (("attacker", battle.attacker), ("defender", battle.defender))
    casualties = [
        {"name": side, "label": f"{who}'s casualties %", "type": "decimal", "required": True}
        for side, who in sides
    ]
    both_routed = {
        "name": "winner",
        "label": "Only where both reached a rout: who won, the other having routed first (BC-6.2)",
        "choices": {battle.attacker: battle.attacker, battle.defender: battle.defender},
    }
    return {
        "action": "report",
        "label": f"Report the battle for {battle.to_region} ({battle.attacker} attacking)",
        "choices": {battle.to_region: battle.to_region},
        "fields": [*casualties, both_routed],
    }


def next_step(current: State) -> str:
    """What the campaign waits for: the draw, a declaration, results, a choice, the Final."""
    if current.phase == Phase.FINISHED:
        return f"{current.winner} has won the campaign."
    if current.phase == Phase.FINAL:
        return _final_step(current)
    if current.phase == Phase.ALLOCATION:
        return "reveal the seed and draw the regions (draw --seed)."
    if current.on_turn:
        return f"round {current.round}, {current.on_turn} declares an attack."
    pending = current.awaiting_choice
    if pending:
        due = pending.result.regions_due - len(pending.gained)
        return f"{pending.result.winner} chooses {plural(due, 'region')} to gain (gain)."
    waiting = [b.to_region for b in current.round_battles() if b.result is None]
    return f"round {current.round}, enter the results of the battles for {', '.join(waiting)}."


def player_lines(current: State, player: str) -> list[str]:
    out = next((e for e in current.eliminations if e.player == player), None)
    if out is not None:
        return [f"You are out of the campaign (round {out.round}, by {out.by}) (BC-7.3)."]
    held = sorted(current.held(player))
    lines = [
        f"You hold {plural(len(held), 'region')}: {', '.join(held)}." if held else "You hold none."
    ]
    for b in current.round_battles():
        if player not in (b.attacker, b.defender):
            continue
        against = (
            f"You attack {b.to_region} ({b.defender}) from {b.from_region}"
            if b.attacker == player
            else f"{b.attacker} attacks your {b.to_region} from {b.from_region}"
        )
        lines.append(f"Round {b.round}: {against}{_standing(current, b, player)}.")
    return lines


def _standing(current: State, b: Battle, player: str) -> str:
    """Where one of his battles of this round stands: its winner, a walkover or a double loss
    (BC-9.3, BC-9.6), or without a result, the figures reported and whom they await (BC-6.2)."""
    r = b.result
    if r is None:
        return _claimed(current, b, player)
    if b.unplayed is not None:
        return f": {_unplayed_for(b, player)}"
    return f": {r.winner} wins" if r.winner else ": a draw"


def _claimed(current: State, b: Battle, player: str) -> str:
    """BC-6.2: who reported the figures and whose confirmation they await, or who disputed them
    (#50: such a battle read as if nobody had reported it)."""
    made = current.disputed.get(b.to_region)
    if made:
        first, *others = (_you(claim[2], player) for claim in made)
        return (
            f": reported by {first}, disputed by {listing(others)}; awaiting the arbiter's "
            "ruling (BC-6.2)"
        )
    reported = current.reported.get(b.to_region)
    if reported is None:
        return ""
    by = reported[2]
    other = b.defender if by == b.attacker else b.attacker
    awaiting = "your" if other == player else possessive(other)
    return f": reported by {_you(by, player)}, awaiting {awaiting} confirmation (BC-6.2)"


def _you(name: str | None, player: str) -> str | None:
    return "you" if name == player else name


def _unplayed_for(b: Battle, player: str) -> str:
    """A battle not played as his page tells it: the report's words, he being "you", without
    figures (#50: a withdrawn player's walkover was told as casualties of 0 % and 100 %)."""
    r = b.result
    if b.unplayed == "walkover" and r.loser == player:
        return f"walkover to {r.winner}: you were absent (BC-9.3)"
    return narrate.unplayed(b.unplayed or "", _you(r.winner, player), _you(r.loser, player))


def player_history(current: State, player: str) -> list[str]:
    told = [
        ((b.round, 0), _battle_told(b, player))
        for b in current.battles
        if b.round < current.round and player in (b.attacker, b.defender)
    ]
    told += [
        ((f.round, 1), f"Round {f.round}: you forfeited your attack ({f.reason}).")
        for f in current.forfeits
        if f.player == player and f.round < current.round
    ]
    last = current.round + 1  # the Final Battles come after every round
    told += [
        ((last, f.number), f"Final Battle {f.number}: {_won(f.winner, player)}.")
        for f in current.finals
        if player in f.casualties
    ]
    return [line for _, line in sorted(told, key=lambda found: found[0])]


def _won(winner: str | None, player: str) -> str:
    return "you won" if winner == player else f"{winner} won" if winner else "a draw"


def _battle_told(b: Battle, player: str) -> str:
    """One of his battles as his page tells it: who attacked what, the figures, who won what."""
    mine = b.attacker == player
    other = b.defender if mine else b.attacker
    against = (
        f"you attacked {b.to_region} ({other}) from {b.from_region}"
        if mine
        else f"{other} attacked your {b.to_region} from {b.from_region}"
    )
    r = b.result
    if r is None:
        return f"Round {b.round}: {against}; no result was recorded."
    if b.unplayed is not None:
        gained = f"; {_you(r.winner, player)} gained {listing(list(b.gained))}" if b.gained else ""
        return f"Round {b.round}: {against}: {_unplayed_for(b, player)}{gained}."
    own, theirs = (
        (r.attacker_casualties, r.defender_casualties)
        if mine
        else (r.defender_casualties, r.attacker_casualties)
    )
    figures = f"you {pct(own)}, {other} {pct(theirs)}"
    gains = f", gaining {listing(list(b.gained))}" if b.gained else ""
    return f"Round {b.round}: {against}: {_won(r.winner, player)} ({figures}){gains}."


def awaited(current: State) -> tuple[str, ...]:
    waiting = current.awaiting_choice
    if waiting is not None:
        return (waiting.result.winner,)
    if current.phase == Phase.DECLARATION and current.on_turn:
        return (current.on_turn,)
    if current.phase == Phase.BATTLES:
        open_battles = [b for b in current.round_battles() if b.result is None]
        return tuple(dict.fromkeys(p for b in open_battles for p in (b.attacker, b.defender)))
    if current.phase == Phase.FINAL:
        return tuple(p for p in current.finalists if p not in current.final_armies)
    return ()


def _final_step(current: State) -> str:
    number = len(current.finals) + 1
    missing = [p for p in current.finalists if p not in current.final_armies]
    if missing:
        verb = "chooses" if len(missing) == 1 else "choose"
        return f"Final Battle {number}: {listing(missing)} {verb} armies (final-armies)."
    return (
        f"Final Battle {number}: {' v '.join(current.finalists)}; enter its result (final-result)."
    )


KIND = BoilingCauldron()
