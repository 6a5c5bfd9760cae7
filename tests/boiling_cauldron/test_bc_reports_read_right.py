"""Issue #50: The Boiling Cauldron's reports and map read as what happened, checked in the text a
reader gets from the command line (`campaign report` in plain text, Markdown and BBCode,
`campaign map -o`) against the rules page and the commands typed, on a real SQLite file.

Spring 869's round 1 (examples/spring-869.campaign): Cid attacks Dag's Kent from Essex, Dag
attacks Eve's Sussex from Wessex, Eve attacks Bob's Dumnonia from Gwynedd, Bob attacks Cid's
West Anglia from Hwicce; Ann, attacked by nobody and with nobody left to attack, forfeits."""

from __future__ import annotations

import math
import re

import pytest
from helpers.shell import Shell

ROUND_1 = "attack Hwicce West Anglia"
"""The last declaration of round 1: its battles are all to be fought."""


@pytest.fixture
def shell(tmp_path) -> Shell:
    """A real SQLite file (the shared `shell` runs on PostgreSQL too: not needed here)."""
    return Shell(tmp_path / "campaigns.sqlite")


def unwrapped(report: str) -> list[str]:
    """A report's lines as written, the plain text's wrapping at 100 columns undone (a line that
    goes on starts neither a heading, an item nor a numbered line, and follows a non-blank one)."""
    lines: list[str] = []
    for line in report.splitlines():
        item = re.match(r"^(\d+\. |• |- |\*\*)", line)
        if lines and lines[-1].strip() and line.strip() and not item:
            lines[-1] += ("" if lines[-1].endswith(" ") else " ") + line
        else:
            lines.append(line)
    return lines


def line_of(report: str, region: str) -> str:
    """The report's line of the battle for `region` (its numbered item)."""
    found = [
        line
        for line in unwrapped(report)
        if re.match(r"^\d+\. ", line) and re.search(rf" {region}\b", line)
    ]
    assert len(found) == 1, report
    return found[0]


def section(report: str, heading: str, *, markdown: bool = False) -> list[str]:
    """The lines under a heading of a report, up to the next heading (plain text: a line after a
    blank one; Markdown: a bold line)."""
    lines = unwrapped(report)
    start = lines.index(f"**{heading}**" if markdown else heading) + 1
    out = []
    for line in lines[start:]:
        if not line.strip() or (markdown and re.fullmatch(r"\*\*[^*]+\*\*", line)):
            break
        out.append(line)
    return out


def markdown(shell: Shell, *args: str) -> str:
    return shell.ok("report", *args, "--format", "markdown").stdout


# BC-9.6 and BC-9.3: a withdrawn player's defence is a walkover, not a battle.


def test_bc_9_6_a_withdrawn_defenders_walkover_reads_as_a_walkover(shell, spring):
    """Eve withdraws with Dag's attack on her Sussex declared: the battle is a walkover to Dag
    (BC-9.6 → BC-9.3). It counts as a rout at 100 % to 0 %, so Dag is due ceil(100 × 3 / 100) = 3
    of Eve's 3 regions (BC-7.1), of which BC-7.2 leaves Sussex (tier 1) and Deira (tier 3,
    coastal; Gwynedd is involved in Eve's own attack): he gains those two. Nothing was fought:
    no casualty figures, no difference."""
    shell.play(spring.through(ROUND_1))
    shell.ok("withdraw", "Eve", "--reason", "no time any more")
    for told in (shell.ok("report", "--round", "1").stdout, markdown(shell, "--round", "1")):
        sussex = line_of(told, "Sussex").replace("**", "")
        assert "→ walkover to Dag: Eve withdrew from the campaign (BC-9.6, BC-9.3)" in sussex
        assert sussex.endswith("Dag gains Sussex, Deira")
        assert "%" not in sussex and "casualties" not in sussex and "difference" not in sussex
        assert "wins" not in sussex
    assert "walkover to **Dag**: **Eve** withdrew" in markdown(shell, "--round", "1")


# BC-8.5: the finished campaign's report opens with who won and where everyone finished.


def held_at_the_end(log: list[dict]) -> tuple[dict[str, int], dict[str, int]]:
    """From the log's own records: the regions each player holds at the end (the draw, then every
    region that changed hands), and the round in which each player lost his last one."""
    control = dict(next(e for e in log if e["type"] == "RegionsAllocated")["data"]["allocation"])
    out = {}
    for event in log:
        if event["type"] == "RegionTransferred":
            data = event["data"]
            control[data["region"]] = data["to_player"]
            if data["from_player"] not in control.values():
                out[data["from_player"]] = data["round"]
    held = {p: sum(1 for owner in control.values() if owner == p) for p in control.values()}
    return held, out


def test_bc_8_5_the_finished_report_opens_with_the_final_standings(finished, spring):
    """The second Final Battle, Dag 25 % v Cid 65 %: Cid routed (BC-6.1), Dag wins (BC-8.4). By
    BC-8.5: Dag, then Cid, then the players out in reverse order of their elimination — each with
    the regions he holds, or the round he went out in. All of it before the battles."""
    final = spring.step("final-result", 2)
    assert final[-2:] == ["--casualties", "Cid=65"] and "Dag=25" in final  # Cid routed
    held, out = held_at_the_end(finished.json("log"))
    assert set(held) == {"Dag", "Cid"} and held["Dag"] + held["Cid"] == 17
    eliminated = sorted(out, key=lambda p: out[p], reverse=True)
    expected = [
        f"1. Dag: {held['Dag']} regions",
        f"2. Cid: {held['Cid']} regions",
        *(f"{place}. {p}: out in round {out[p]}" for place, p in enumerate(eliminated, 3)),
    ]
    text = finished.ok("report").stdout
    opening = text.split("\nBattles\n", 1)[0]
    assert "Dag wins the Final Battle and the campaign (BC-8.4)" in opening
    standings = section(text, "Final standings (BC-8.5)")
    assert len(standings) == 5
    for line, start in zip(standings, expected):
        assert line.startswith(start), (line, start)
    eve = section(finished.ok("report", "--for", "Eve").stdout, "Final standings (BC-8.5)")
    assert eve == standings  # a player's own report shows where everyone finished
    first_message = markdown(finished).split("-------- ✂", 1)[0].split("**Battles**", 1)[0]
    for place, player in enumerate(["Dag", "Cid", *eliminated], 1):
        assert f"{place}. **{player}**:" in first_message


# The map of a round in progress says so.


def test_the_map_of_the_round_in_progress_says_it_is_in_progress(shell, spring, tmp_path):
    """Round 2 has begun (Dag declared his attack on Lindsey): `map -o` draws it as it stands,
    titled as the round in progress — not "round 2", as if it were over."""
    shell.play(spring.through("attack Deira Lindsey"))
    picture = tmp_path / "now.svg"
    shell.ok("map", "-o", str(picture))
    svg = picture.read_text(encoding="utf-8")
    title = re.search(r"<title>([^<]*)</title>", svg).group(1)
    assert title == "Spring 869: round 2 in progress"
    drawn = [t for t in re.findall(r">([^<>]*Spring 869[^<>]*)<", svg) if "<title>" not in t]
    assert drawn and all("round 2 in progress" in t for t in drawn), drawn


# BC-6.2: reports awaiting confirmation, disputes, and the arbiter's ruling, told as they were.


@pytest.fixture
def dumnonia(shell, spring):
    """Round 1 declared; Bob (defending Dumnonia) and Eve (attacking it) can report from their
    pages; Ulf is the arbiter."""
    pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
    from helpers.hub import link
    from starlette.testclient import TestClient

    from campaign.web.hub import hub

    shell.play(spring.through(ROUND_1))
    ulf = "/a/" + re.search(
        r"/a/(\S+)", shell.ok("invite", "Ulf", "--role", "arbiter").stdout
    ).group(1)
    links = {"Bob": link(shell, "Bob"), "Eve": link(shell, "Eve"), "Ulf": ulf}
    return shell, TestClient(hub(str(shell.db))), links


def seq_of(shell: Shell, kind: str, **data: str) -> int:
    """The number of the last event of `kind` whose data holds `data`."""
    found = [
        e["seq"]
        for e in shell.json("log")
        if e["type"] == kind and all(e["data"].get(k) == v for k, v in data.items())
    ]
    assert found, (kind, data)
    return found[-1]


def test_bc_6_2_a_reported_and_a_disputed_battle_read_as_such_not_to_be_fought(dumnonia):
    """Bob reports Eve 65 %, Bob 30 %: the battle awaits Eve's confirmation. Eve then reports Eve
    30 %, Bob 65 %: the two claims differ, the battle is disputed until the arbiter rules (or a
    side confirms the other's figures). Neither is "to be fought": it was fought."""
    from helpers.hub import send

    shell, client, links = dumnonia
    send(client, links["Bob"], "report", choice="Dumnonia", attacker="65", defender="30")
    bob = seq_of(shell, "ResultReported", by="Bob")
    told = line_of(shell.ok("report", "--round", "1").stdout, "Dumnonia")
    assert "to be fought" not in told
    assert told.endswith(
        f"→ reported by Bob (event {bob}): Eve 65%, Bob 30%; awaiting Eve's confirmation (BC-6.2)"
    )
    assert "reported by **Bob**" in line_of(markdown(shell, "--round", "1"), "Dumnonia")
    send(client, links["Eve"], "report", choice="Dumnonia", attacker="30", defender="65")
    eve = seq_of(shell, "ResultReported", by="Eve")
    told = line_of(shell.ok("report", "--round", "1").stdout, "Dumnonia")
    assert "to be fought" not in told
    assert f"→ disputed (BC-6.2): Bob (event {bob}) reports Eve 65%, Bob 30%; " in told
    assert f"Eve (event {eve}) reports Eve 30%, Bob 65%; awaiting the arbiter's ruling" in told
    assert "to be fought" in line_of(shell.ok("report", "--round", "1").stdout, "Kent")
    picture = shell.db.parent / "now.svg"
    shell.ok("map", "-o", str(picture))
    titles = re.findall(r"<title>([^<]*)</title>", picture.read_text(encoding="utf-8"))
    assert "Eve attacks Dumnonia from Gwynedd: disputed, awaiting the arbiter (BC-6.2)" in titles
    assert "Cid attacks Kent from Essex: to be fought" in titles


def test_bc_6_2_an_arbiters_ruling_says_who_reported_who_disputed_and_is_filed_with_it(dumnonia):
    """Bob reports, Eve disputes, Ulf rules that Bob's figures stand: the battle's line says so,
    with the events' numbers — not "entered by Ulf alone" — and the ruling's reason is told with
    the battles, not among the organiser's notes, as Ulf wrote it (Eve's name in it is text)."""
    from helpers.hub import said, send

    shell, client, links = dumnonia
    send(client, links["Bob"], "report", choice="Dumnonia", attacker="65", defender="30")
    send(client, links["Eve"], "report", choice="Dumnonia", attacker="30", defender="65")
    why = "Eve sent no screenshot; Bob's shows her army routed"
    ruled = send(client, links["Ulf"], "settle", choice="Dumnonia|Bob", reason=why)
    assert ruled.status_code == 200, said(ruled.text)
    bob, eve = (seq_of(shell, "ResultReported", by=who) for who in ("Bob", "Eve"))
    ruling = seq_of(shell, "NoteRecorded")
    text = shell.ok("report", "--round", "1").stdout
    told = line_of(text, "Dumnonia")
    assert "alone" not in told
    assert f"reported by Bob (event {bob})" in told
    assert f"disputed by Eve (event {eve})" in told
    assert f"the arbiter Ulf ruled that Bob's figures stand (event {ruling}, BC-6.2)" in told
    # Bob's figures: Eve 65 % (routed, BC-6.1), Bob 30 %: Bob wins by 35
    assert "→ Bob wins (casualties: Eve 65%, Bob 30%; difference +35)" in told
    assert "Organiser's notes" not in text
    reasons = section(text, "Reasons recorded with the battles")
    assert reasons == [f"• The battle for Dumnonia, Ulf's ruling (BC-6.2): {why}"]
    md = markdown(shell, "--round", "1")
    (written,) = section(md, "Reasons recorded with the battles", markdown=True)
    assert written.endswith(f": {why}") and "**Eve**" not in written and "**Bob**" not in written
    assert "disputed by **Eve**" in line_of(md, "Dumnonia")


# Names inside what people wrote are text.


def test_bc_9_3_names_in_a_walkovers_reason_are_text_and_the_line_is_a_walkover(shell, spring):
    """The organiser records a walkover to Cid at Kent because Dag did not turn up (BC-9.3): the
    line tells a walkover without figures; the reason is shown as he wrote it — Dag and Cid in it
    are not bolded as the players of the program's own lines are."""
    shell.play(spring.through(ROUND_1))
    why = "Dag did not answer Cid's three messages"
    shell.ok("walkover", "Kent", "attacker", "--reason", why)
    md = markdown(shell, "--round", "1")
    kent = line_of(md, "Kent")
    assert "→ walkover to **Cid**, **Dag** absent (BC-9.3)" in kent and "%" not in kent
    assert why not in kent  # the battle's line is the program's; the reason is told apart
    (written,) = section(md, "Reasons recorded with the battles", markdown=True)
    assert written == f"- The battle for Kent, walkover to **Cid** (BC-9.3): {why}"
    bbcode = shell.ok("report", "--round", "1", "--format", "bbcode").stdout
    (item,) = [line for line in bbcode.splitlines() if why in line]
    assert item.endswith(f"(BC-9.3): {why}") and item.count("[b]") == 1  # Cid, before it


# Plurals said in words.


def test_bc_7_2_regions_still_due_are_counted_in_words(shell, spring):
    """Round 2: Cid wins at Wessex 35 % v 71 %, d = 36; Dag held 5 regions as the round began (4
    drawn, Kent lost, Sussex and Deira gained in round 1), so ceil(36 × 5 / 100) = 2 are due
    (BC-7.1); Wessex is forced (tier 1), so 1 region is left for Cid to choose (BC-7.2)."""
    shell.play(spring.through("result Gwynedd"))
    told = shell.ok(*spring.step("result Wessex")).stdout
    assert "Next: Cid chooses 1 region to gain (gain)." in told
    refused = shell.refuses("gain", "Sussex", "South Anglia")
    assert "Cid gains 1 more region from Dag, not 2" in refused
    assert "(s)" not in told + refused
    assert math.ceil(36 * 5 / 100) == 2
