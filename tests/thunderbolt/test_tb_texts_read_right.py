"""Issue #50, Thunderbolt: what players read, read as they read it. The leader Hanno was bolded as
the player Hanno in every report; the step in hand named a player and then said what the other
side may do ("B3b: Hanno (Rome may make a legion-request …)", "C2: the table (initiative …)");
B2a still asked for the Family in Power once it was rolled; "drawn from 1 markers", "carthage
devastates campania", "1 NS level(s)". Each expectation is drawn from the inputs (the players,
the example set-up file) and the rules page's terms (TB-3.1, TB-11.4, TB-4.4), not from the
program's output."""

from __future__ import annotations

import re
from types import SimpleNamespace

from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2, through_b1

from campaign.kinds.thunderbolt.board import setup
from campaign.kinds.thunderbolt.narrate import TOLD
from events.thunderbolt.turn import MarkerDrawn

ROME, CARTHAGE = NEW[NEW.index("--rome") + 1], NEW[NEW.index("--carthage") + 1]
STEP_NAMES = {"B2a": "Family in Power", "B3b": "Raise Manpower", "C2": "Initiative Determination"}
"""TB-3.1's names of the steps these tests pass through."""


def said(result) -> str:
    """What a command printed, its lines joined as a reader reads them (wrapping aside)."""
    return " ".join(result.stdout.split())


def step_in_hand(shell, step: str) -> str:
    """The words `Next:` says of `step` as the command line prints them after a command."""
    text = said(shell.ok("status"))
    following = re.sub(r"^Game Turn \d+ \(\d+ BCE\): ", "", text.split("Next: ", 1)[1])
    (part,) = [p for p in re.split(r"; (?=[A-G]\d?[a-e]? \()", following) if p.startswith(step)]
    return part


def to_b2a(shell) -> None:
    shell.ok(*NEW)
    into_b2(shell)


def to_b3a(shell) -> None:
    """Phase B the quickest lawful way, up to B3a (its NS levels not yet recorded)."""
    to_b2a(shell)
    for step, entry in (("B2a", "family"), ("B2b", "climate"), ("B2d", "appoint")):
        shell.ok(entry)
        shell.ok("done", step)
        if step == "B2b":
            shell.ok("done", "B2c")
    shell.ok("station")
    shell.ok("done", "B2e")
    through_b1(shell)


# The leader Hanno is not the player Hanno ---------------------------------------------------------


def test_a_leader_who_shares_a_players_name_is_not_marked_as_him_in_any_format(shell):
    example = setup.load(EXAMPLE)
    namesake = next(lid for lid, who in example.leaders.items() if who.name == CARTHAGE)
    (army,) = [a for a in example.armies.values() if a.commander == namesake]
    to_b2a(shell)
    marked = {
        "markdown": f"**{CARTHAGE}**",
        "bbcode": f"[b]{CARTHAGE}[/b]",
        "html": f">{CARTHAGE}</span>",
    }
    for fmt, as_the_player in marked.items():
        report = shell.ok("report", "--round", "1", "--format", fmt).stdout
        # the leader commands his Army, and is named there by his name as the set-up writes it
        assert f"Army {army.id}: {CARTHAGE} " in report, fmt
        assert as_the_player not in report, fmt
        assert f"**{ROME}**" not in report and f"[b]{ROME}[/b]" not in report  # Fabius #438 too


# The step in hand, in sentences ------------------------------------------------------------------


def test_tb_3_2_b3b_says_each_side_with_its_player_and_what_that_side_may_do(shell):
    to_b3a(shell)
    shell.ok("done", "B3a")
    b3b = step_in_hand(shell, "B3b")
    assert b3b.startswith(f"B3b ({STEP_NAMES['B3b']}): Rome ({ROME}) may make a Legion Request")
    assert f"Carthage ({CARTHAGE}) may" in b3b
    shell.ok("done", "B3b", "--side", "rome")
    b3b = step_in_hand(shell, "B3b")
    assert b3b.startswith(f"B3b ({STEP_NAMES['B3b']}): Carthage ({CARTHAGE}) may")
    assert "Legion Request" not in b3b and "legion-request" not in b3b  # Rome's is over
    shell.ok("done", "B3b", "--side", "carthage")
    c2 = step_in_hand(shell, "C2")
    assert c2.startswith(f"C2 ({STEP_NAMES['C2']}): the initiative draw from the LAM cup")
    assert "the table (" not in c2  # no side is "the table"


def test_tb_3_4_b2a_once_the_family_is_rolled_asks_only_for_done(shell):
    to_b2a(shell)
    before = step_in_hand(shell, "B2a")
    assert before.startswith(f"B2a ({STEP_NAMES['B2a']}): Carthage ({CARTHAGE}) must roll")
    assert "family" in before
    shell.ok("family")
    after = step_in_hand(shell, "B2a")
    assert "family" not in after.removeprefix(f"B2a ({STEP_NAMES['B2a']})")
    assert after.endswith("(done B2a)") or "(done B2a)" in after


# Names as the set-up writes them, plurals by count -----------------------------------------------


def test_tb_15_2_a_devastation_names_the_side_and_the_province_as_written(shell):
    example = setup.load(EXAMPLE)
    to_b3a(shell)
    for step in ("B3a",):
        shell.ok("done", step)
    shell.ok("done", "B3b", "--side", "rome")
    shell.ok("done", "B3b", "--side", "carthage")
    shell.ok("initiative", "empty")
    told = said(shell.ok("devastate", "campania", "--by", "carthage"))
    assert f"Carthage devastates {example.provinces['campania'].name}" in told
    told = said(shell.ok("done", "F2", "--side", "rome"))
    assert "Rome has finished F2" in told


def test_tb_11_4_the_ns_levels_built_are_counted_in_words(shell):
    to_b3a(shell)
    told = said(shell.ok("naval", "--built", "1"))
    assert "1 NS level " in told and "(s)" not in told


def test_tb_4_4_a_draw_from_one_marker_says_one_marker():
    tell = TOLD[MarkerDrawn]
    for count, words in ((1, "1 marker,"), (2, "2 markers,")):
        candidates = [f"none/siege/-/{k}" for k in range(1, count + 1)]
        event = SimpleNamespace(
            turn=1, number=7, candidates=candidates, marker=candidates[0], evidence=""
        )
        assert f"drawn from {words}" in tell(event)
