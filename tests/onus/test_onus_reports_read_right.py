"""Issue #50, ONUS!: the reports read as a forum reader reads them — the text `campaign report`
prints, in Markdown (Discord) and plain text — held to the inputs (the commands typed, the log they
made) and the rules page (ON-n), never to the program's own words: the audit line covers the
upgrade the report tells, an upgrade the deadline declined is not the player's choice, a finished
campaign's report opens with its result, sides and conditions are written as the rules write
them, and the sides' two colours are told apart by every reader."""

from __future__ import annotations

import re

import pytest
from helpers.colours import MACHADO, apart
from helpers.shell import tick_at

FORMATS = ["markdown", "text"]


def read(shell, *args: str, output_format: str) -> str:
    """The report as printed, its lines joined (plain text wraps at 100 columns), without
    Markdown's bold and escapes: the words a reader reads."""
    printed = shell.ok("report", *args, "--format", output_format).stdout
    return " ".join(printed.split()).replace("**", "").replace("\\", "")


def section(text: str, heading: str, following: str) -> str:
    """What a report says between a section's heading and the next one's."""
    return text.split(heading, 1)[1].split(following, 1)[0]


def card_name(card_id: str) -> str:
    """A unit card as typed (`celtic-spearmen-1`) as a player names it: Celtic Spearmen 1."""
    return " ".join(word.capitalize() for word in card_id.split("-"))


def after(script, start: str, occurrence: int, through: int) -> list[list[str]]:
    """The example's steps after its `occurrence`-th step starting with `start`, through its
    `through`-th upgrade (the upgrade of scenario `through`)."""
    return script.steps[script.index(start, occurrence) + 1 : script.index("upgrade", through) + 1]


AUDIT = re.compile(r"This report tells events 1 to (\d+) of the log; .*?--head ([0-9a-f]{64})")


# ON-2.1: a scenario's report tells its winner's upgrade, recorded after the scenario.


@pytest.mark.parametrize("output_format", FORMATS)
@pytest.mark.parametrize("scenario", [1, 4, 5])
def test_on_2_1_the_audit_line_covers_the_upgrade_the_report_tells(
    shell_at, tmp_path, under_the_eagle, scenario, output_format
):
    """Issue #50: scenario 1's report told the upgrade (event 4) under "events 1 to 3"; a player
    who kept the report held a chain head that vouched for none of it."""
    shell = shell_at(tmp_path / "eagle.sqlite")
    steps = under_the_eagle.through("upgrade", scenario)  # the n-th upgrade follows scenario n
    shell.play(steps)
    typed = steps[-1]
    upgraded = shell.json("log")[-1]  # the event the upgrade typed last made
    assert (upgraded["type"], upgraded["data"]["unit"]) == ("UnitUpgraded", typed[1])
    report = read(shell, "--round", str(scenario), output_format=output_format)
    assert f"upgrades {card_name(typed[1])} to" in report
    told, head = AUDIT.search(report).groups()
    assert (int(told), head) == (upgraded["seq"], upgraded["hash"])
    assert shell.ok("verify", "--head", head).exit_code == 0


def test_on_2_1_read_after_the_campaign_each_audit_line_still_covers_its_upgrade(
    shell_at, tmp_path, under_the_eagle
):
    shell = shell_at(tmp_path / "eagle.sqlite")
    shell.play(under_the_eagle.steps)
    chosen = [e for e in shell.json("log") if e["type"] in ("UnitUpgraded", "UpgradeDeclined")]
    assert [e["data"]["scenario"] for e in chosen] == list(range(1, 8))  # none after the eighth
    for event in chosen:
        report = read(shell, "--round", str(event["data"]["scenario"]), output_format="markdown")
        assert int(AUDIT.search(report).group(1)) >= event["seq"], event


# ON-4.2: an upgrade not chosen by its deadline is declined, by the actor `deadline`.


@pytest.mark.clock("2026-12-01T12:00Z")
@pytest.mark.parametrize("output_format", FORMATS)
def test_on_4_2_an_upgrade_the_deadline_declined_is_not_told_as_the_players_choice(
    shell_at, tmp_path, under_the_eagle, monkeypatch, output_format
):
    """Issue #50: "Marcus declined the upgrade" though the log's actor is `deadline`. Scenario 1
    is Rome's (ON-3.1: vitellius_survived=yes), and Marcus plays Rome (`new --rome Marcus`)."""
    shell = shell_at(tmp_path / "eagle.sqlite")
    shell.play(under_the_eagle.through("scenario-result --fact vitellius"))
    shell.ok("deadline", "rule", "auto")
    shell.ok("deadline", "set", "2030-01-01T00:00Z")
    tick_at(monkeypatch, shell, "2030-01-02T00:00Z")
    declined = shell.json("log")[-1]
    assert (declined["type"], declined["actor"]) == ("UpgradeDeclined", "deadline")
    report = read(shell, "--round", "1", output_format=output_format)
    told = section(report, "Upgrade (ON-2.1)", "Score")
    assert "Marcus declined" not in told
    assert "deadline" in told and "passed" in told and "declined" in told and "Marcus" in told
    assert "ON-4.2" in told
    assert "ON-4.2" in shell.ok("log").stdout  # the log's line for it says the rule, too


@pytest.mark.parametrize("output_format", FORMATS)
def test_on_2_1_an_upgrade_the_player_declined_is_his_choice(
    shell_at, tmp_path, under_the_eagle, output_format
):
    shell = shell_at(tmp_path / "eagle.sqlite")
    shell.play(under_the_eagle.through("scenario-result --fact vitellius"))
    shell.ok("--actor", "Marcus", "upgrade", "--decline")
    told = section(read(shell, "--round", "1", output_format=output_format), "Upgrade", "Score")
    assert "Marcus declined the upgrade" in told and "deadline" not in told


# ON-1.3: the player who wins the most scenarios wins the campaign.

ROME_WINS = {  # ON-3.1's table, from the rules page: the facts that make Rome the winner
    1: lambda facts: facts["vitellius_survived"] == "yes",
    2: lambda facts: facts["narcissus_killed"] != "yes",
    3: lambda facts: (
        facts["vespasian_survived"] == "yes" and int(facts["roman_units_available"]) >= 4
    ),
    4: lambda facts: facts["ended_by"] == "celtic_rout",
    5: lambda facts: facts["ended_by"] == "celtic_rout",
    6: lambda facts: int(facts["briton_units_captured"]) >= 4,
    7: lambda facts: facts["ended_by"] in ("escaped", "deck_exhausted"),
    8: lambda facts: facts["ended_by"] in ("druids_eliminated", "celtic_rout"),
}


def typed_facts(words: list[str]) -> dict[str, str]:
    """The facts of a `scenario-result` as typed: `--fact KEY=VALUE`."""
    pairs = [words[i + 1] for i, word in enumerate(words) if word == "--fact"]
    return dict(pair.split("=", 1) for pair in pairs)


@pytest.mark.parametrize("output_format", FORMATS)
def test_on_1_3_the_finished_campaigns_report_opens_with_its_result(
    shell_at, tmp_path, under_the_eagle, output_format
):
    """Issue #50: "Rome wins the campaign" only under Next, nine sections down."""
    shell = shell_at(tmp_path / "eagle.sqlite")
    shell.play(under_the_eagle.steps)
    results = [
        typed_facts(words) for words in under_the_eagle.steps if words[0] == "scenario-result"
    ]
    rome = sum(ROME_WINS[n](facts) for n, facts in enumerate(results, 1))
    enemies = len(results) - rome
    assert (len(results), rome, enemies) == (8, 5, 3)  # the demo: Rome wins five of eight
    printed = shell.ok("report", "--format", output_format).stdout
    items = [
        line.strip().lstrip("-•").strip()
        for line in printed.splitlines()
        if line.strip().startswith(("-", "•"))
    ]
    opening = items[0].replace("**", "")
    assert opening.startswith("Rome wins the campaign (Marcus)"), opening
    assert f"{rome} scenarios to {enemies}" in opening
    report = read(shell, output_format=output_format)
    assert report.index("wins the campaign") < report.index("Result")


# Sides and names as the rules page writes them; the victory conditions as its sentences.


@pytest.mark.parametrize("output_format", FORMATS)
def test_on_3_3_a_briefing_names_who_plays_first_as_the_rules_page_does(
    shell_at, tmp_path, under_the_eagle, output_format
):
    """Issue #50: "first turn: rome". The rules page's first-turn column: scenario 2,
    Mercenaries; scenario 4, Rome. Marcus plays Rome, Boudica its enemies."""
    shell = shell_at(tmp_path / "eagle.sqlite")
    shell.play(under_the_eagle.through("upgrade", 1))
    second = read(shell, "--round", "2", output_format=output_format)
    assert re.search(r"first turn: (the )?Mercenaries \(Boudica", second), second
    shell.play(after(under_the_eagle, "upgrade", 1, through=3))  # scenarios 2 and 3
    assert shell.json("status")["scenario"] == 4
    fourth = read(shell, "--round", "4", output_format=output_format)
    assert "first turn: Rome (Marcus" in fourth
    for briefing in (second, fourth):
        assert re.search(r"first turn: (rome|enemies)\b", briefing) is None


@pytest.mark.parametrize("output_format", FORMATS)
def test_on_3_1_a_briefing_says_the_victory_conditions_as_sentences(
    shell_at, tmp_path, under_the_eagle, output_format
):
    """Issue #50: "Rome wins if vitellius survived is yes", "Rome wins if ended by is celtic
    rout". The rules page: scenario 1, "Vitellius survived (even wounded) → Rome, else Germanic";
    scenario 4, "Celts fail a leadership check below 600 points left → Rome" (the fact
    `ended_by`: celtic_rout)."""
    shell = shell_at(tmp_path / "eagle.sqlite")
    shell.play(under_the_eagle.through("new"))
    first = section(
        read(shell, "--round", "1", output_format=output_format),
        "Victory and the result",
        "The result, once played",
    )
    assert "Rome wins if Vitellius survived" in first and "Germanic Peoples win" in first
    shell.play(after(under_the_eagle, "new", 1, through=3))  # scenarios 1 to 3 and upgrades
    fourth = section(
        read(shell, "--round", "4", output_format=output_format),
        "Victory and the result",
        "The result, once played",
    )
    assert "Rome wins if the battle ended by a Celtic rout" in fourth
    assert "leadership check below 600 points" in fourth and "Celts win" in fourth
    for said in (first, fourth):
        assert " is yes" not in said and "ended by is" not in said
        assert re.search(r"\b(vitellius|celtic|rome)\b", said) is None, said


def test_on_1_3_a_players_page_counts_his_scenarios_in_words(shell_at, tmp_path, under_the_eagle):
    """Issue #50: "1 scenario(s) won"."""
    pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
    from helpers.hub import link
    from starlette.testclient import TestClient

    from campaign.web.hub import hub

    shell = shell_at(tmp_path / "eagle.sqlite")
    shell.play(under_the_eagle.through("scenario-result --fact vitellius"))  # Rome's (ON-3.1)
    page = TestClient(hub(str(shell.db))).get(link(shell, "Marcus")).text
    assert "1 scenario won, 0 lost, of 1 played" in page and "(s)" not in page


# The two sides' colours, as every reader sees them (issue #50: 4.9 apart to a deuteranope).


def test_the_two_sides_colours_are_told_apart_under_every_colour_vision(
    shell_at, tmp_path, under_the_eagle
):
    """Every pair at least 10 apart (CIEDE2000) for normal vision and under protanopia,
    deuteranopia and tritanopia, as the report's own readers see them."""
    shell = shell_at(tmp_path / "eagle.sqlite")
    shell.play(under_the_eagle.through("scenario-result --fact vitellius"))
    colours = shell.json("report", "--round", "1")["players"]
    assert sorted(colours) == ["Boudica", "Marcus"]
    rome, enemies = colours["Marcus"], colours["Boudica"]
    html = shell.ok("report", "--round", "1", "--format", "html").stdout.lower()
    assert rome in html and enemies in html  # the colours the page shows
    for vision in (None, *MACHADO):
        assert apart(rome, enemies, vision) >= 10, (vision, rome, enemies)
