"""The story of a whole ONUS! campaign: the bundled example, step by step, through the command line.

Each check below reads like the organiser's notes after that step of
`examples/under-the-eagle.campaign`.
"""

from __future__ import annotations

import pytest

from campaign.demo import script
from tests.test_cli import Shell

STEPS = [words for _, words in script("onus-under-the-eagle")]


@pytest.fixture
def shell(tmp_path):
    return Shell(tmp_path / "eagle.sqlite")


def play_until(shell, last):
    """Play the example's steps 0 to `last` (an index: the same command can come twice)."""
    for step in STEPS[: last % len(STEPS) + 1]:
        shell.ok(*step)


def test_the_whole_campaign_as_the_organiser_records_it(shell):
    # Marcus takes Rome, Boudica the enemies; scenario 1 is next, and nobody has won anything.
    shell.ok(*STEPS[0])
    status = shell.json("status")
    assert (status["scenario"], status["wins"], status["winner"]) == (
        1,
        {"rome": 0, "enemies": 0},
        None,
    )

    # Vitellius survives the Rhine: Rome wins, and the VI Centuria fell with Macro and Cato in it.
    shell.ok(*STEPS[1])
    status = shell.json("status")
    assert status["results"][0]["winner"] == "rome"
    assert (status["characters"]["Macro"], status["characters"]["Cato"]) == ("absent", "absent")

    # Rome makes the I Centuria Veteran.
    shell.ok(*STEPS[2])
    assert {c["id"]: c["status"] for c in shell.json("status")["roster"]["rome"]}[
        "legionaries-1"
    ] == "veteran"

    # In Gaul, Macro is absent: a Sine Nomine General commands in his place, and the Veteran
    # marches.
    briefing = shell.json("briefing")
    assert briefing["armies"]["rome"]["general"]["stands_in_for"] == "Macro"
    assert {
        "id": "legionaries-1",
        "type": "Legionaries",
        "status": "veteran",
        "points": 100,
    } in briefing["armies"]["rome"]["units"]
    assert [f["key"] for f in briefing["facts"]] == ["narcissus_killed"]

    # Narcissus is killed: the enemies' first win; Macro and Cato are back for scenario 3.
    for step in STEPS[3:5]:
        shell.ok(*step)
    status = shell.json("status")
    assert (
        status["wins"] == {"rome": 1, "enemies": 1} and status["characters"]["Macro"] == "available"
    )

    # At the Medway the Celts must muster; their army shows in the briefing once mustered.
    for step in STEPS[5:7]:
        shell.ok(*step)
    assert shell.json("briefing")["armies"]["enemies"]["muster_needed"] is True
    shell.ok(*STEPS[7])
    assert (
        shell.json("briefing")["armies"]["enemies"]["points"] == 6 * 70 + 4 * 85 + 2 * 120 + 2 * 30
    )  # of 1,200 allowed

    # All eight scenarios: Rome wins five, the enemies three, and the campaign is Rome's (ON-1.3).
    for step in STEPS[8:]:
        shell.ok(*step)
    status = shell.json("status")
    assert (status["scenario"], status["wins"], status["winner"]) == (
        None,
        {"rome": 5, "enemies": 3},
        "rome",
    )
    assert {c["id"]: c["status"] for c in status["roster"]["rome"]}["legionaries-1"] == "elite"
    assert {c["id"]: c["status"] for c in status["roster"]["enemies"]}[
        "celtic-chariots-1"
    ] == "elite"
    assert "lawful" in shell.ok("verify").stdout


REFUSALS = [
    (0, ["scenario-result", "--fact", "vitellius_survived=maybe"], "ON-3.1"),
    (0, ["scenario-result"], "takes the facts vitellius_survived=yes|no"),
    (0, ["scenario-result", "--fact", "vitellius_survived=yes", "--winner", "enemies"], "ON-3.1"),
    (
        0,
        ["scenario-result", "--fact", "vitellius_survived=yes", "--eliminated", "legionaries-9"],
        "legionaries-9",
    ),
    (
        0,
        ["scenario-result", "--fact", "vitellius_survived=yes", "--lost-with-unit", "Narcissus"],
        "ON-2.5",
    ),
    (0, ["upgrade", "legionaries-1"], "ON-2.1"),
    (1, ["upgrade", "berserkir-1"], "ON-2.1"),
    (1, ["upgrade", "legionaries-99"], "did you mean"),
    (1, ["scenario-result", "--fact", "narcissus_killed=no"], "ON-2.1"),
    (2, ["upgrade", "legionaries-2"], "ON-2.1"),
    (6, ["scenario-result", "--fact", "ended_by=celtic_rout"], "ON-3.2"),
    (6, ["muster", "enemies", "Celtic Chariots=8"], "ON-3.2"),
    (6, ["muster", "enemies", "Legionaries=2"], "ON-3.2"),
    (6, ["muster", "enemies", "Celtic Spermen=2"], "did you mean Celtic Spearmen?"),
    (-1, ["scenario-result", "--fact", "ended_by=celtic_rout"], "ON-1.2"),
    (-1, ["upgrade", "legionaries-2"], "ON-1.2"),
    (0, ["attack", "Essex", "Kent"], "That is a command of The Boiling Cauldron"),
]


@pytest.mark.parametrize(
    "played, command, says", REFUSALS, ids=[" ".join(c) for _, c, _ in REFUSALS]
)
def test_refused_onus_commands_say_why_and_append_nothing(shell, played, command, says):
    play_until(shell, played)
    assert says in shell.refuses(*command)


def test_status_json_has_the_contract_keys(shell):
    play_until(shell, 2)
    status = shell.json("status")
    for key in ["rules", "scenario", "wins", "results", "roster", "characters", "winner"]:
        assert key in status
    assert status["results"][0] == status["results"][0] | {
        "number": 1,
        "title": "Blood on the banks of the Rhine",
        "winner": "rome",
        "facts": {"vitellius_survived": "yes"},
    }
    assert set(status["roster"]) == {"rome", "enemies"}


def test_an_onus_campaign_exports_imports_and_verifies_like_any_other(shell, tmp_path):
    play_until(shell, -1)
    exported = tmp_path / "eagle.jsonl"
    shell.ok("export", "-o", str(exported))
    player = Shell(tmp_path / "player.sqlite")
    player.ok("import", str(exported))
    assert player.json("status") == shell.json("status")
    assert player.json("verify")["scenarios"] == 8
    assert shell.json("status", "--round", "3")["wins"] == {"rome": 2, "enemies": 1}


def test_undo_takes_back_an_onus_upgrade(shell):
    play_until(shell, 2)
    shell.ok("undo", "--reason", "Marcus meant the II Centuria")
    assert shell.json("status")["upgrade_due"] == "rome"
    shell.ok("upgrade", "legionaries-2")
    assert {c["id"]: c["status"] for c in shell.json("status")["roster"]["rome"]}[
        "legionaries-1"
    ] == "regular"
