"""#28 item 4: a Thunderbolt Game Turn report fit for Discord. Every line of it began with the
Game Turn its title names, each magistrate prorogued, released or left unharmed by Pluto took a
line, each draw from the cup too, and neither the track at the turn's end nor Carthage's Armies
were shown. The report now says each once, the like in one line, with the Armies and the track."""

from __future__ import annotations

from helpers.thunderbolt.senate import to_operations
from helpers.thunderbolt.start import EXAMPLE

from campaign.kinds.thunderbolt.board import setup


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


def test_a_busy_game_turn_is_two_discord_messages_each_entry_told_once(shell):
    """#28 item 4, "the turn in at most two messages": the example's first Game Turn with dice from
    the table, its B1 and B2 entered, a siege taken with a Major Victory, Hannibal's Diplomacy, a
    devastation, Diplomacy with a tribe and a tribe's battle. Before, the elections took a line
    each and the Consuls' armies two more (both in "In office" too), the Family in Power and the
    Political Climate were told twice, a Major Victory and a devastation both as an entry and as
    the track's moves, the audit line printed the chain head twice: three messages."""
    from campaign.views.formats import markdown

    to_operations(shell)
    shell.ok("march", "Hannibal", "--to", "Lucania")
    shell.ok(
        "siege", "lucania", "--city", "Grumentum", "--size", "medium", "--ended", "assault",
        "--taken-by", "carthage", "--major", "--leader", "Hannibal",
    )  # fmt: skip
    shell.ok("diplomacy", "samnium", "--result", "1", "--face", "4")
    shell.ok("tribe-diplomacy", "Ausetani", "--by", "hispania", "--face", "2")
    shell.ok("tribe-muster", "Allobroges", "--against", "carthage", "--face", "3")
    shell.ok("tribe-battle", "Allobroges", "--winner", "carthage", "--major")
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "empty")
    shell.ok("devastate", "campania", "--by", "carthage")
    report = shell.json("report", "--round", "1")
    assert len(markdown(report)) <= 2
    told = {s["heading"]: s.get("items", []) for s in report["sections"]}
    elected = [e for e in shell.json("log") if e["type"] == "MagistrateElected"]
    (line,) = [x for x in told["Rome's magistrates (TB-7, TB-8)"] if x.startswith("Elected")]
    assert line.split(": ", 1)[1].count(",") == len(elected) - 1  # one line for all of them
    first, last = elected[0]["data"]["number"], elected[-1]["data"]["number"]
    assert line.endswith(f"(random events {first} to {last})")
    every = [line for items in told.values() for line in items]
    assert sum("Family in Power: die" in x for x in every) == 1  # in Carthage's section
    assert [x for x in told["Carthage (TB-12)"] if x.startswith("Political Climate: die")]
    assert sum("Grumentum" in x for x in every) == 1  # the siege; its shifts name the Victory
    assert not [x for x in told["What happened"] if "devastates" in x]  # its move is the Allies'
    assert [x for x in told["Italian Allies (TB-15)"] if "devastated by Carthage" in x]
    (tribes,) = [told[h] for h in told if h == "Tribes (TB-23)"]
    assert (
        tribes[-1] == "At the turn's end: Ausetani (Rome, Active); Allobroges (Neutral, Pacified)"
    )
    (audit,) = told["Audit"]
    assert audit.count(report["chain_head"]) == 1
