"""#28 item 4: a Thunderbolt Game Turn report fit for Discord. Every line of it began with the
Game Turn its title names, each magistrate prorogued, released or left unharmed by Pluto took a
line, each draw from the cup too, and neither the track at the turn's end nor Carthage's Armies
were shown. The report now says each once, the like in one line, with the Armies and the track."""

from __future__ import annotations

from test_tb_7_8_magistrates import EXAMPLE
from test_tb_10_senate_requests import to_operations

from campaign.kinds.thunderbolt import setup


def sections(shell) -> dict[str, list[str]]:
    return {
        s["heading"]: s.get("items", []) for s in shell.json("report", "--round", "1")["sections"]
    }


def test_the_game_turns_report_names_its_turn_once_and_shows_the_armies_and_the_track(shell):
    to_operations(shell)
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "empty")
    told = sections(shell)
    every = [line for items in told.values() for line in items]
    assert not [line for line in every if line.startswith("Game Turn 1")]
    released = [e for e in shell.json("log") if e["type"] == "MagistrateReleased"]
    (line,) = [x for x in told["Rome's magistrates (TB-7, TB-8)"] if x.startswith("Released")]
    assert line.count(",") == len(released) - 1  # one line for all of them
    assert "In office at the turn's end (TB-6)" in told
    example = setup.load(EXAMPLE)
    for army in example.armies.values():  # as the set-up gives them, Hispania's with Mago now
        (shown,) = [x for x in told["Carthage (TB-12)"] if x.startswith(f"Army {army.id}:")]
        assert f"{army.sp} SP" in shown and example.provinces[army.province].name in shown
    (track,) = [x for x in told["Italian Allies (TB-15)"] if x.startswith("The track")]
    assert all(example.provinces[p].name in track for p in example.track)
    draws = [x for x in told["What happened"] if x.startswith("Initiative draws (TB-4.4)")]
    assert draws == ["Initiative draws (TB-4.4): a leader's LAM, no LAM left"]
