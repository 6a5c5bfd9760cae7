"""Issue #50, Thunderbolt in the hub: a player's page said "You play Rome." and nothing of his
side. It now shows his side as the rules track it — Rome's magistrates with their office,
Imperium, assignment and where each stands (TB-6, TB-1.4) and its Legions (TB-11.1); Carthage's
Armies with their commander, SP, AER and where each stands (TB-14, TB-1.4) and its Overall
Commander (TB-13.7) — and what each step in hand asks of him (TB-3.1, TB-3.4). Its forms offer
the offices, Theaters, provinces, DRMs, outcomes and leaders they ask for as choices built from
the state, and a choice picked records what the command line's words record. Every expectation
is read from the example set-up file (examples/thunderbolt-setup.toml), never from the page."""

from __future__ import annotations

import html
import os
import re
import tomllib
from pathlib import Path

import pytest
from helpers.browser import served
from helpers.shell import Shell
from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
from helpers.hub import link, said, send  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from campaign.web.hub import hub  # noqa: E402

SETUP = tomllib.loads(EXAMPLE)
LEADERS, PROVINCES, START = SETUP["leaders"], SETUP["provinces"], SETUP["start"]
OFFICES = ("Dictator", "ME", "Consul", "Proconsul", "Praetor", "PU")
"""TB-6.1: the Roman offices."""


def standing(page: str) -> list[str]:
    """The lines of the page's "Where you stand", as a reader reads them."""
    found = re.search(r"<h2>Where you stand</h2>\s*<ul>(.*?)</ul>", page, re.S)
    assert found, "the page says nothing of where he stands"
    return [html.unescape(li) for li in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)]


def the_line(lines: list[str], start: str) -> str:
    """The one line that starts with `start`."""
    found = [line for line in lines if line.startswith(start)]
    assert len(found) == 1, (start, lines)
    return found[0]


def named(key: str) -> str:
    """A leader as the counter sheet prints him: a Roman's name and #number (TB-16.3), a
    Carthaginian's name and number (2P-10)."""
    who = LEADERS[key]
    number = f"#{who['number']}" if who["side"] == "rome" else who["number"]
    return f"{who['name']} {number}"


def pages(shell: Shell) -> tuple[TestClient, str, str]:
    return TestClient(hub(str(shell.db))), link(shell, "Fabius"), link(shell, "Hanno")


def test_50_romes_page_lists_its_magistrates_and_legions_as_the_setup_places_them(tmp_path):
    """Issue #50 (TB-6, TB-1.4, TB-11.1): Rome's page lists exactly the set-up's magistrates,
    each with his office, the CAs and Legions of his Imperium, his Theater or province and the
    province he stands in (with the first Legion of his Imperium; the PU in Roma, TB-8.7); every
    Legion with its discipline (Recruit unless the set-up says Veteran, TB-11.2), its province
    and its CA; the set-up's Consuls as Overall Commanders (TB-6.7); nothing of Carthage's."""
    shell = Shell(tmp_path / "tb.sqlite")
    shell.ok(*NEW)
    client, fabius, _ = pages(shell)
    lines = standing(client.get(fabius).text)
    legions = {lg["id"]: lg for lg in START["legions"]}
    cas = {ca["number"]: ca["legions"] for ca in START["cas"]}
    for m in START["magistrates"]:
        line = the_line(lines, f"{m['office']} {named(m['leader'])}:")
        held = cas[m["ca"]] if "ca" in m else [m["legion"]] if "legion" in m else []
        stands = PROVINCES[legions[held[0]]["province"]]["name"] if held else "Roma"
        assigned = PROVINCES[m["province"]]["name"] if "province" in m else m.get("theater", "")
        assert all(re.search(rf"\b{lg}\b", line) for lg in held), (held, line)
        assert ("ca" not in m or f"CA {m['ca']}" in line) and stands in line, line
        assert assigned in line, line
    offices = [line for line in lines if line.split(" ")[0] in OFFICES]
    assert len(offices) == len(START["magistrates"])
    consuls = [named(m["leader"]) for m in START["magistrates"] if m["office"] == "Consul"]
    assert all(c in the_line(lines, "Overall Commander") for c in consuls)
    for lg in START["legions"]:
        line = the_line(lines, f"Legion {lg['id']},")
        ca = next((n for n, members in cas.items() if lg["id"] in members), None)
        assert PROVINCES[lg["province"]]["name"] in line, line
        assert lg.get("discipline", "Recruit") in line and (ca is None or f"CA {ca}" in line)
    assert len([line for line in lines if line.startswith("Legion ")]) == len(legions)
    theirs = [line for line in lines if "2P-" in line or "Army" in line or "Carthag" in line]
    assert theirs == []


def test_50_carthages_page_lists_its_armies_commanders_and_oc_as_the_setup_places_them(tmp_path):
    """Issue #50 (TB-14.1, TB-13.7, TB-1.3, TB-1.4): Carthage's page lists exactly the set-up's
    Armies, each with its commander (or none), its SP, its AER and the province it stands in with
    that province's Theater; Hannibal's (the Army 2P-1 commands) said to be his; the set-up's
    Overall Commander; its Family in Power; nothing of Rome's."""
    shell = Shell(tmp_path / "tb.sqlite")
    shell.ok(*NEW)
    client, _, hanno = pages(shell)
    lines = standing(client.get(hanno).text)
    for army in START["armies"]:
        line = the_line(lines, f"Army {army['id']}")
        commander = named(army["commander"]) if army.get("commander") else "no commander"
        province = PROVINCES[army["province"]]
        assert commander in line and f"{army['sp']} SP" in line, line
        assert int(re.search(r"AER ([+-]?\d+)", line).group(1)) == army["aer"], line
        assert province["name"] in line and province["theater"] in line, line
        hannibals = army.get("commander") and LEADERS[army["commander"]]["number"] == "2P-1"
        assert ("Hannibal's" in line) == bool(hannibals), line
    assert len([line for line in lines if line.startswith("Army ")]) == len(START["armies"])
    assert named(START["oc"]) in the_line(lines, "Overall Commander")
    assert SETUP["scenario"]["family_in_power"] in the_line(lines, "Family in Power")
    theirs = [line for line in lines if re.search(r"#\d|Legion|Consul|Rome", line)]
    assert theirs == []


STEP_NAMES = {"B1a": "Imperium Prorogue, then disbanding of Legions", "B2a": "Family in Power"}
"""TB-3.1's table: the steps' names in the Sequence of Play."""


def test_50_each_page_says_what_the_step_in_hand_asks_of_its_side(tmp_path):
    """Issue #50 (TB-3.3, TB-3.4): with A2 done, B1 and B2 run side by side. Rome's page says B1a,
    by its name, asks it to prorogue or release each magistrate of the set-up (TB-7.2, TB-7.5);
    Carthage's that B2a asks it to roll for the Family in Power (TB-12.1); neither tells the
    other side's step, and neither writes the command line's syntax (the forms are the way in)."""
    shell = Shell(tmp_path / "tb.sqlite")
    shell.ok(*NEW)
    into_b2(shell)
    client, fabius, hanno = pages(shell)
    rome, carthage = standing(client.get(fabius).text), standing(client.get(hanno).text)
    b1a = the_line(rome, f"B1a ({STEP_NAMES['B1a']}):")
    assert all(named(m["leader"]) in b1a for m in START["magistrates"]), b1a
    assert "prorogue or release" in b1a and "TB-7.2" in b1a and "TB-7.5" in b1a
    b2a = the_line(carthage, f"B2a ({STEP_NAMES['B2a']}):")
    assert "Family in Power" in b2a and "TB-12.1" in b2a
    assert not [line for line in rome if line.startswith("B2")]
    assert not [line for line in carthage if line.startswith("B1")]
    assert not [line for line in rome + carthage if "--" in line or "NAME" in line]


def form_of(page: str, action: str) -> str:
    found = re.search(rf'<form[^>]*action="/a/[^/"]+/{action}"[^>]*>(.*?)</form>', page, re.S)
    assert found, f"no form for {action}"
    return found.group(1)


def option(form: str, select: str, words: str) -> str:
    """The value of the option of `select` that reads `words` (or contains them), as a person
    picks it."""
    body = re.search(rf'<select name="{re.escape(select)}"[^>]*>(.*?)</select>', form, re.S)
    assert body, f"no select {select}"
    found = [
        html.unescape(value)
        for value, shown in re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', body[1])
        if value and (html.unescape(shown) == words or words in html.unescape(shown))
    ]
    assert len(found) == 1, (select, words, found)
    return found[0]


def recorded(shell: Shell, since: int) -> list[tuple[str, str, dict]]:
    """What was recorded after event `since`: each event's kind, actor and data."""
    return [(e["type"], e["actor"], e["data"]) for e in shell.json("log")[since:]]


def twin_stores(tmp_path, *options: str) -> tuple[Shell, Shell]:
    """The same campaign in two stores at B1a and B2a: one played from the hub, one from the
    command line."""
    shells = Shell(tmp_path / "hub.sqlite"), Shell(tmp_path / "cli.sqlite")
    for shell in shells:
        shell.ok(*NEW, *options)
        into_b2(shell)
    return shells


def test_50_a_prorogue_chosen_from_selects_records_what_the_command_line_records(tmp_path):
    """Issue #50 (TB-7.2, TB-6.4): Rome's player picks, from the prorogue form's selects, Gracchus
    as Proconsul of the province the set-up names Lucania, then Marcellus to the Theater of
    Sicily: the log holds what `prorogue Gracchus --as Proconsul --province Lucania` and
    `prorogue Marcellus --theater Sicily`, entered as Fabius, hold."""
    served, cli = twin_stores(tmp_path)
    client, fabius, _ = pages(served)
    since = len(served.json("log"))
    lucania = PROVINCES["lucania"]["name"]
    for who, field, words in (
        ("gracchus", "province", lucania),
        ("marcellus", "theater", "Sicily"),
    ):
        form = form_of(client.get(fabius).text, "prorogue")
        picked = {"choice": option(form, "choice", named(who)), field: option(form, field, words)}
        if who == "gracchus":
            picked["as"] = option(form, "as", "Proconsul")
        answer = send(client, fabius, "prorogue", **picked)
        assert answer.status_code == 200, said(answer.text)
    cli.ok("--actor", "Fabius", "prorogue", "Gracchus", "--as", "Proconsul", "--province", lucania)
    cli.ok("--actor", "Fabius", "prorogue", "Marcellus", "--theater", "Sicily")
    ours = recorded(served, since)
    assert [kind for kind, _, _ in ours] == ["MagistrateProrogued"] * 2
    assert ours == recorded(cli, since)


def test_50_tb_12_1_drms_chosen_in_rows_record_what_the_command_line_records(tmp_path):
    """Issue #50 (TB-12.1's example [6.21], TB-16.4): with dice from the table Hanno picks, in
    the rows of the Family in Power's DRMs, +1 for the Barcids in power last Game Turn and +2 for
    the 2nd Punic War, and enters the die 4: the log holds what the docs' `family --drm
    barcids-last-turn=+1 --drm second-punic-war=+2` with that face holds, and 4 + 1 + 2 = 7
    reads Barcid on the set-up's chart."""
    served, cli = twin_stores(tmp_path, "--dice", "external")
    client, _, hanno = pages(served)
    since = len(served.json("log"))
    form = form_of(client.get(hanno).text, "family")
    rows = {
        "drm.0.0": option(form, "drm.0.0", "Barcids"),
        "drm.0.1": option(form, "drm.0.1", "+1"),
        "drm.1.0": option(form, "drm.1.0", "Punic War"),
        "drm.1.1": option(form, "drm.1.1", "+2"),
    }
    answer = send(client, hanno, "family", face="4", evidence="table photo", **rows)
    assert answer.status_code == 200, said(answer.text)
    cli.ok(
        "--actor", "Hanno", "family", "--face", "4", "--evidence", "table photo",
        "--drm", "barcids-last-turn=+1", "--drm", "second-punic-war=+2",
    )  # fmt: skip
    ours = recorded(served, since)
    assert ours == recorded(cli, since) and [kind for kind, _, _ in ours] == ["PoliticsRolled"]
    chart = SETUP["tables"]["family_in_power"]
    (family,) = [row[2] for row in chart if row[0] <= 4 + 1 + 2 <= row[1]]
    assert ours[0][2]["outcome"] == family


def test_50_tb_8_a_leader_drawn_at_the_table_is_picked_from_the_pool(tmp_path):
    """Issue #50 (TB-16.4, TB-8.2): with dice from the table, the leader drawn for B1c's Consul is
    picked from the Roman leaders of the pool — every magistrate released to it in B1a (TB-7.5:
    none of them ever triumphed), every other Roman but the set-up's Triumph Holding Box (TB-2.3),
    whose leader Pluto left unharmed (TB-7.7: 1 is unharmed on the set-up's chart) — and records
    what `elect consul --leader 415` records."""
    served, cli = twin_stores(tmp_path, "--dice", "external")
    for shell in (served, cli):
        shell.ok("release", "--all")
        shell.ok("done", "B1a")
        shell.ok("pluto", "--face", "1")  # the Triumph Holding Box's leader alone rolls
        shell.ok("done", "B1b")
    client, fabius, _ = pages(served)
    form = form_of(client.get(fabius).text, "elect")
    away = set(START["triumphs"])
    pool = {named(k) for k, who in LEADERS.items() if who["side"] == "rome" and k not in away}
    offered = re.search(r'<select name="leader">(.*?)</select>', form, re.S)[1]
    assert {html.unescape(w) for w in re.findall(r'<option value="[^"]+">([^<]*)<', offered)} == (
        pool
    )
    since = len(served.json("log"))
    albinus = option(form, "leader", named("albinus"))
    answer = send(client, fabius, "elect", leader=albinus, evidence="drawn on stream")
    assert answer.status_code == 200, said(answer.text)
    cli.ok(
        "--actor", "Fabius", "elect", "consul", "--leader", "415", "--evidence", "drawn on stream"
    )
    assert recorded(served, since) == recorded(cli, since)


def test_50_tb_23_3_a_tribe_ticked_as_devastated_records_what_the_command_line_records(tmp_path):
    """Issue #50 (TB-23.3): in B4b Rome's page offers the tribes due to roll as boxes to tick for
    a Devastated province; Fabius ticks the Ausetani (the set-up's Pacified tribe): the log holds
    what `tribal --devastated Ausetani` entered as Fabius holds — the tribe passed, B4b done."""
    from helpers.thunderbolt.tribes import DEPLETED_AND_PACIFIED, to_operations

    shells = Shell(tmp_path / "hub.sqlite"), Shell(tmp_path / "cli.sqlite")
    for shell in shells:
        to_operations(shell, setup=DEPLETED_AND_PACIFIED, tmp_path=tmp_path)
        shell.ok("tribal", "--face", "3", "--evidence", "table photo")  # Carthage's B4a
    served, cli = shells
    client, fabius, _ = pages(served)
    form = form_of(client.get(fabius).text, "tribal")
    boxes = re.findall(r'<input type="checkbox" name="([^"]+)" value="([^"]+)"> ([^<]*)<', form)
    ausetani = SETUP["tribes"]["ausetani"]["name"]
    assert [words for _, _, words in boxes] == [ausetani]  # the one tribe due in B4b
    since = len(served.json("log"))
    answer = send(client, fabius, "tribal", face="", evidence="", **{boxes[0][0]: boxes[0][1]})
    assert answer.status_code == 200, said(answer.text)
    cli.ok("--actor", "Fabius", "tribal", "--devastated", ausetani)
    ours = recorded(served, since)
    assert ours == recorded(cli, since) and ours[-1][0] == "StepFinished"


PHONE = 360


@pytest.fixture(scope="module")
def browser(browser):
    """Chromium at a phone's width."""
    browser.set_window_size(PHONE, 900)
    return browser


def test_50_each_sides_page_reads_whole_on_a_phone(tmp_path, browser):
    """Issue #50: at 360 px Rome's and Carthage's pages, with the set-up's magistrates, Legions
    and Armies and B1a's and B2a's forms with dice from the table (rows of DRMs), scroll not
    sideways, and every line of where each stands lies within the screen. Screenshots go to the
    folder `CAMPAIGN_SCREENSHOTS` names, when it is set."""
    from selenium.webdriver.common.by import By

    shell = Shell(tmp_path / "tb.sqlite")
    shell.ok(*NEW, "--dice", "external")
    into_b2(shell)
    kept = os.environ.get("CAMPAIGN_SCREENSHOTS")
    with served(shell.db) as base:
        for side, who in (("rome", "Fabius"), ("carthage", "Hanno")):
            browser.get(base + link(shell, who))
            wide = browser.execute_script("return document.documentElement.scrollWidth")
            items = browser.find_elements(By.CSS_SELECTOR, "h2 + ul li")
            outside = [li.text for li in items if li.rect["x"] + li.rect["width"] > PHONE]
            assert wide <= PHONE and items and outside == [], (side, wide, outside)
            if kept:
                Path(kept).mkdir(parents=True, exist_ok=True)
                browser.set_window_size(PHONE, 900)
                height = browser.execute_script("return document.body.scrollHeight")
                browser.set_window_size(PHONE, height + 100)
                browser.save_screenshot(str(Path(kept) / f"tb-{side}-{PHONE}.png"))
                browser.set_window_size(PHONE, 900)
