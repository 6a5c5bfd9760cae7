"""The story of a whole ONUS! campaign: the bundled example, step by step, through the command line.

Each check below reads like the organiser's notes after that step of
`examples/under-the-eagle.campaign`.
"""

from __future__ import annotations

import pytest

SCENARIO_1_UPGRADED = ("upgrade legionaries-1", 1)
SCENARIO_3_UPGRADED = ("upgrade legionaries-1", 2)


def test_the_whole_campaign_as_the_organiser_records_it(under_the_eagle, shell):
    # Marcus takes Rome, Boudica the enemies; scenario 1 is next, and nobody has won anything.
    shell.ok(*under_the_eagle.step("new"))
    status = shell.json("status")
    assert (status["scenario"], status["wins"], status["winner"]) == (
        1,
        {"rome": 0, "enemies": 0},
        None,
    )

    # Vitellius survives the Rhine: Rome wins, and the VI Centuria fell with Macro and Cato in it.
    shell.ok(*under_the_eagle.step("scenario-result --fact vitellius"))
    status = shell.json("status")
    assert status["results"][0]["winner"] == "rome"
    assert (status["characters"]["Macro"], status["characters"]["Cato"]) == ("absent", "absent")

    # Rome makes the I Centuria Veteran.
    shell.ok(*under_the_eagle.step("upgrade legionaries-1"))
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
    shell.play(under_the_eagle.between("upgrade legionaries-1", "upgrade celtic-spearmen-1"))
    status = shell.json("status")
    assert (
        status["wins"] == {"rome": 1, "enemies": 1} and status["characters"]["Macro"] == "available"
    )

    # At the Medway the Celts must muster; their army shows in the briefing once mustered.
    shell.play(
        under_the_eagle.between("upgrade celtic-spearmen-1", "scenario-result --fact vespasian")
    )
    shell.ok(*under_the_eagle.step(*SCENARIO_3_UPGRADED))
    assert shell.json("briefing")["armies"]["enemies"]["muster_needed"] is True
    shell.ok(*under_the_eagle.step("muster enemies Celtic Spearmen=6"))
    assert (
        shell.json("briefing")["armies"]["enemies"]["points"] == 6 * 70 + 4 * 85 + 2 * 120 + 2 * 30
    )  # of 1,200 allowed

    # All eight scenarios: Rome wins five, the enemies three, and the campaign is Rome's (ON-1.3).
    shell.play(
        under_the_eagle.steps[under_the_eagle.index("muster enemies Celtic Spearmen=6") + 1 :]
    )
    status = shell.json("status")
    assert (status["scenario"], status["wins"], status["winner"]) == (
        None,
        {"rome": 5, "enemies": 3},
        "rome",
    )
    assert {c["id"]: c["status"] for c in status["roster"]["rome"]}["legionaries-1"] == "elite"
    enemies = {c["id"]: c["status"] for c in status["roster"]["enemies"]}
    assert (enemies["celtic-spearmen-1"], enemies["briton-riders-1"]) == ("elite", "veteran")
    assert "lawful" in shell.ok("verify").stdout


REFUSALS = [  # (played through this step, command, what the refusal says)
    (("new",), ["scenario-result", "--fact", "vitellius_survived=maybe"], "ON-3.1"),
    (("new",), ["scenario-result"], "takes the facts vitellius_survived=yes|no"),
    (
        ("new",),
        ["scenario-result", "--fact", "vitellius_survived=yes", "--winner", "enemies"],
        "ON-3.1",
    ),
    (
        ("new",),
        ["scenario-result", "--fact", "vitellius_survived=yes", "--eliminated", "legionaries-9"],
        "legionaries-9",
    ),
    (
        ("new",),
        ["scenario-result", "--fact", "vitellius_survived=yes", "--lost-with-unit", "Narcissus"],
        "ON-2.5",
    ),
    (("new",), ["upgrade", "legionaries-1"], "ON-2.1"),
    (("scenario-result --fact vitellius",), ["upgrade", "berserkir-1"], "ON-2.1"),
    (("scenario-result --fact vitellius",), ["upgrade", "legionaries-99"], "did you mean"),
    (
        ("scenario-result --fact vitellius",),
        ["scenario-result", "--fact", "narcissus_killed=no"],
        "ON-2.1",
    ),
    (SCENARIO_1_UPGRADED, ["upgrade", "legionaries-2"], "ON-2.1"),
    (SCENARIO_3_UPGRADED, ["scenario-result", "--fact", "ended_by=celtic_rout"], "ON-3.2"),
    (SCENARIO_3_UPGRADED, ["muster", "enemies", "Celtic Chariots=8"], "ON-3.2"),
    (SCENARIO_3_UPGRADED, ["muster", "enemies", "Legionaries=2"], "ON-3.2"),
    (
        SCENARIO_3_UPGRADED,
        ["muster", "enemies", "Celtic Spermen=2"],
        "did you mean Celtic Spearmen?",
    ),
    (("",), ["scenario-result", "--fact", "ended_by=celtic_rout"], "ON-1.2"),
    (("",), ["upgrade", "legionaries-2"], "ON-1.2"),
    (("new",), ["attack", "Essex", "Kent"], "That is a command of The Boiling Cauldron"),
]


@pytest.mark.parametrize(
    "played, command, says", REFUSALS, ids=[" ".join(c) for _, c, _ in REFUSALS]
)
def test_refused_onus_commands_say_why_and_append_nothing(
    shell, under_the_eagle, played, command, says
):
    shell.play(under_the_eagle.through(*played) if played != ("",) else under_the_eagle.steps)
    assert says in shell.refuses(*command)


def test_status_json_has_the_contract_keys(under_the_eagle, shell):
    shell.play(under_the_eagle.through(*SCENARIO_1_UPGRADED))
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


def test_an_onus_campaign_exports_imports_and_verifies_like_any_other(
    shell_at, under_the_eagle, shell, tmp_path
):
    shell.play(under_the_eagle.steps)
    exported = tmp_path / "eagle.jsonl"
    shell.ok("export", "-o", str(exported))
    player = shell_at(tmp_path / "player.sqlite")
    player.ok("import", str(exported))
    assert player.json("status") == shell.json("status")
    assert player.json("verify")["scenarios"] == 8
    assert shell.json("status", "--round", "3")["wins"] == {"rome": 2, "enemies": 1}


def test_undo_takes_back_an_onus_upgrade(under_the_eagle, shell):
    shell.play(under_the_eagle.through(*SCENARIO_1_UPGRADED))
    shell.ok("undo", "--reason", "Marcus meant the II Centuria")
    assert shell.json("status")["upgrade_due"] == "rome"
    shell.ok("upgrade", "legionaries-2")
    assert {c["id"]: c["status"] for c in shell.json("status")["roster"]["rome"]}[
        "legionaries-1"
    ] == "regular"


def test_29_the_scenario_to_be_played_is_posted_as_its_briefing(under_the_eagle, shell):
    """#29: ONUS! had no postable briefing. After scenario 5, the Ambush's set-up is the report
    of scenario 6 (the opening post) in every format, and its own note naming Macro says he is
    absent (ON-2.5: he fell with his unit in scenario 5)."""
    steps = under_the_eagle.steps
    sixth = [i for i, words in enumerate(steps) if words[0] == "scenario-result"][5]
    shell.play(steps[:sixth])
    post = shell.ok("briefing", "--format", "markdown").stdout
    assert post.startswith("## Under the Eagle — ONUS! Under the Eagle, scenario 6: Ambush")
    assert "in one unit; Hortensius in another (Macro: absent this scenario, ON-2.5)" in post
    # the rules page: "4 or more Briton units captured → Rome, else Celts"
    assert "Rome wins if 4 or more Briton units were captured; otherwise the Celts win" in post
    assert "--fact briton\\_units\\_captured=0-99" in post  # Markdown-escaped for Discord
    assert shell.ok("report", "--round", "6", "--format", "markdown").stdout == post
    bbcode = shell.ok("briefing", "--format", "bbcode").stdout
    assert "[b]Rome — Marcus[/b]" in bbcode and "Absent (lost with their unit, ON-2.5): Macro" in (
        bbcode
    )
    page = shell.ok("briefing", "--format", "html").stdout
    assert "<h2>Enemies — Boudica, Celts</h2>" in page
    assert shell.json("report", "--round", "6")["kind"] == "briefing"
    refused = shell("report", "--round", "7")
    assert refused.exit_code == 1 and "Scenario 7 has not finished" in refused.stderr
