"""Issue #50, The Boiling Cauldron, second pass: what the organiser and the players read while a
round is under way, checked in what they read (the `campaign status` dashboard, the echo of the
command, the log, a player's page on the hub, the report in every format) against the rules page
and the commands typed, on a real SQLite file.

Spring 869's round 1 (examples/spring-869.campaign): Cid attacks Dag's Kent from Essex, Dag
attacks Eve's Sussex from Wessex, Eve attacks Bob's Dumnonia from Gwynedd, Bob attacks Cid's
West Anglia from Hwicce; Ann, attacked by nobody and with nobody left to attack, forfeits. At the
draw Eve holds Deira, Gwynedd and Sussex, Dag Bernicia, Kent, South Anglia and Wessex."""

from __future__ import annotations

import html
import math
import re

import pytest
from helpers.shell import Shell

ROUND_1 = "attack Hwicce West Anglia"
"""The last declaration of round 1: its battles are all to be fought."""
ATTACKS = {
    "Kent": ("Cid", "Dag", "Essex"),
    "Sussex": ("Dag", "Eve", "Wessex"),
    "Dumnonia": ("Eve", "Bob", "Gwynedd"),
    "West Anglia": ("Bob", "Cid", "Hwicce"),
}
"""Round 1's attacks as the example declares them: defending region → attacker, defender, from."""
FIGURES = re.compile(r"\d+(\.\d+)?\s*%|\b\d+\s*[–-]\s*\d+\b|[+-]\d+\)|casualt|difference")
"""What tells a battle's figures: a percentage, a score (100–0), a difference (+100), the
words."""


@pytest.fixture
def shell(tmp_path, monkeypatch) -> Shell:
    """A real SQLite file; the terminal wide enough that a dashboard's cell is one line."""
    monkeypatch.setenv("COLUMNS", "300")
    return Shell(tmp_path / "campaigns.sqlite")


def result_cell(shell: Shell, region: str) -> str:
    """The Result cell of the dashboard's row of the battle for `region` (`campaign status`)."""
    attacker, defender, source = ATTACKS[region]
    rows = [
        line for line in shell.ok("status").stdout.splitlines() if f"{source} → {region}" in line
    ]
    assert len(rows) == 1, rows
    cells = [cell.strip() for cell in rows[0].split("│")]
    assert attacker in cells and defender in cells
    return cells[-3]  # the last of the table's columns, inside the round's panel


def hub(shell: Shell):
    """The hub on the same store, and each player's personal link."""
    pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
    from helpers.hub import link
    from starlette.testclient import TestClient

    from campaign.web.hub import hub as the_hub

    links = {who: link(shell, who) for who in ("Bob", "Cid", "Dag", "Eve")}
    return TestClient(the_hub(str(shell.db))), links


def page_text(client, personal: str) -> str:
    """A player's page as he reads it: its words, without markup, spaces collapsed."""
    page = client.get(personal).text
    page = re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


# BC-6.2: a battle reported, or disputed, is not "to be fought" ----------------------------------


def test_50_bc_6_2_the_dashboard_tells_a_reported_and_a_disputed_battle_as_they_stand(
    shell, spring
):
    """Bob (defending Dumnonia) reports Eve 65 %, Bob 30 %: the battle was fought and awaits the
    other side's confirmation — Eve's, the attacker (BC-6.2). Eve then reports other figures: the
    battle is disputed by her until the arbiter rules. The battles nobody reported are still to
    be fought. The dashboard and Bob's and Eve's pages say so."""
    from helpers.hub import send

    shell.play(spring.through(ROUND_1))
    client, links = hub(shell)
    send(client, links["Bob"], "report", choice="Dumnonia", attacker="65", defender="30")
    told = result_cell(shell, "Dumnonia")
    assert told == "reported by Bob (Eve 65%, Bob 30%), awaiting Eve's confirmation (BC-6.2)"
    assert "to be fought" not in told
    assert "reported by you, awaiting Eve's confirmation (BC-6.2)" in page_text(
        client, links["Bob"]
    )
    assert "reported by Bob, awaiting your confirmation (BC-6.2)" in page_text(client, links["Eve"])
    send(client, links["Eve"], "report", choice="Dumnonia", attacker="30", defender="65")
    told = result_cell(shell, "Dumnonia")
    assert told.startswith("reported by Bob, disputed by Eve: awaiting the arbiter's ruling")
    assert "to be fought" not in told and "confirmation" not in told
    assert "reported by Bob, disputed by you; awaiting the arbiter's ruling (BC-6.2)" in (
        page_text(client, links["Eve"])
    )
    for nobody_reported in ("Kent", "Sussex", "West Anglia"):
        assert result_cell(shell, nobody_reported) == "to be fought"


def test_50_bc_6_2_a_report_where_both_routed_names_the_winner_it_claims(shell, spring):
    """Cid (attacking Kent) reports Cid 61 %, Dag 62 %, Dag having routed first: both reached
    60 % (BC-6.1), so the report says who won (BC-6.2), and the dashboard says it with the
    figures, awaiting Dag's confirmation."""
    from helpers.hub import send

    shell.play(spring.through(ROUND_1))
    client, links = hub(shell)
    send(client, links["Cid"], "report", choice="Kent", attacker="61", defender="62", winner="Dag")
    assert result_cell(shell, "Kent") == (
        "reported by Cid (Cid 61%, Dag 62%, both routed, Dag won), awaiting Dag's confirmation "
        "(BC-6.2)"
    )


# BC-9.6 and BC-9.3: a withdrawn player's walkover is no battle ---------------------------------


def test_50_bc_9_6_a_withdrawn_players_walkover_shows_no_figures_where_it_is_told(shell, spring):
    """Eve withdraws with Dag's attack on her Sussex declared: a walkover to Dag (BC-9.6 →
    BC-9.3). It counts as a rout, so BC-7.1 makes all of Eve's regions at the round's start due,
    ceil(100 × 3 / 100) = 3, of which BC-7.2 leaves Sussex (tier 1) and Deira (coastal, tier 3;
    Gwynedd is in her own attack): 2. Nothing was fought: the echo of `withdraw`, the log, the
    dashboard, and after the round Dag's and Eve's pages tell a walkover, with no casualties,
    score or difference."""
    shell.play(spring.through(ROUND_1))
    echoed = shell.ok("withdraw", "Eve", "--reason", "no time any more").stdout
    said = [line for line in echoed.splitlines() if "Sussex" in line and "must take" not in line]
    assert said and not [line for line in said if FIGURES.search(line)], said
    walkover = "walkover to Dag: Eve withdrew from the campaign (BC-9.6, BC-9.3)"
    assert f"The battle for Sussex: {walkover}" in echoed
    due = math.ceil(100 * 3 / 100)
    assert f"{due} regions due from Eve by BC-7.1; only 2 can be taken (BC-7.2)" in echoed
    logged = [e for e in shell.json("log") if e["type"] == "BattleFought"]
    assert [e["data"]["region"] for e in logged] == ["Sussex"]
    lines = shell.ok("log").stdout.splitlines()
    told = [line.split("│")[-2] for line in lines if "battle for Sussex" in line]  # what happened
    assert told and not [line for line in told if FIGURES.search(line)], told
    cell = result_cell(shell, "Sussex")
    assert cell.startswith(walkover) and not FIGURES.search(cell), cell
    for step in ("result Kent", "result Dumnonia", "result West Anglia"):
        shell.ok(*spring.step(step))
    assert shell.json("status")["round"] == 2
    client, links = hub(shell)
    dag = page_text(client, links["Dag"])
    assert (
        "Round 1: you attacked Sussex (Eve) from Wessex: walkover to you: Eve withdrew from the "
        "campaign (BC-9.6, BC-9.3); you gained Sussex and Deira."
    ) in dag
    eve = page_text(client, links["Eve"])
    assert (
        "Round 1: Dag attacked your Sussex from Wessex: walkover to Dag: you withdrew from the "
        "campaign (BC-9.6, BC-9.3); Dag gained Sussex and Deira."
    ) in eve
    for page in (dag, eve):  # no battle of round 1 was fought at 0 % or 100 %
        assert "100%" not in page and " 0%" not in page and "+100" not in page


def test_50_bc_9_3_the_organisers_walkover_and_double_loss_read_as_such_on_the_dashboard(
    shell, spring
):
    """The organiser records a walkover to Cid at Kent (Dag absent) and a double loss at
    Dumnonia (BC-9.3): the dashboard tells them as the report does, not as a score of 100–0 or a
    draw 0–0."""
    shell.play(spring.through(ROUND_1))
    shell.ok("walkover", "Kent", "attacker", "--reason", "no answer")
    shell.ok("double-loss", "Dumnonia", "--reason", "neither side played")
    kent = result_cell(shell, "Kent")
    assert kent.startswith("walkover to Cid, Dag absent (BC-9.3)") and not FIGURES.search(kent)
    dumnonia = result_cell(shell, "Dumnonia")
    assert dumnonia == "double loss: neither side played (BC-9.3)"


# Names in what the organiser wrote are text, in every format ------------------------------------


def reason_lines(report: str, reason: str) -> list[str]:
    """The lines of a report in which `reason` is told (the HTML page's list items)."""
    if "<li>" in report:
        return [item for item in re.findall(r"<li>(.*?)</li>", report, re.S) if reason in item]
    return [line for line in report.splitlines() if reason in line]


@pytest.mark.parametrize("fmt", ["markdown", "bbcode", "html", "text"])
def test_50_bc_9_3_names_inside_walkover_and_double_loss_reasons_are_not_bolded(shell, spring, fmt):
    """Already so since 8cc10c8 and adbd431 (#50), and held here in every format, for the whole
    report and a player's own: the organiser's reasons for a walkover (BC-9.3) and a double loss
    name players, and are shown as he wrote them, after the program's words — no player's mark
    (bold, colour, span) inside them."""
    shell.play(spring.through(ROUND_1))
    walkover, double = "Dag did not answer Cid", "Bob and Eve never met"
    shell.ok("walkover", "Kent", "attacker", "--reason", walkover)
    shell.ok("double-loss", "Dumnonia", "--reason", double)
    for whose in ([], ["--for", "Dag"], ["--for", "Bob"]):
        report = shell.ok("report", "--round", "1", "--format", fmt, *whose).stdout
        for reason, where in ((walkover, "Kent"), (double, "Dumnonia")):
            if whose and whose[1] not in reason:
                continue
            (line,) = reason_lines(report, reason)
            assert f"The battle for {where}, " in line and line.endswith(f"(BC-9.3): {reason}")
