"""Round reports and map pictures: what an organiser pastes into the forum or Discord.

Content is checked against the campaign's own state (every battle, gain,
elimination and standing), formats against their hosts' limits, the map as
XML, and the HTML page in a real headless Chromium.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path
from xml.etree import ElementTree

import pytest
from helpers import TESTS
from helpers.shell import copied

from campaign.domain.log import round_end
from campaign.kinds.boiling_cauldron.starting import default_map_source
from campaign.service.unit_of_work import Campaigns
from regions import parse_map

BRITAIN = parse_map(default_map_source())


@pytest.fixture(scope="module")
def played(finished_store, shell_at, tmp_path_factory):
    """Spring 869, finished, in a store of this module's own (a reader keeps what it read
    beside the view: the store the session shares is not written)."""
    return shell_at(copied(finished_store, tmp_path_factory.mktemp("played") / "c.sqlite"))


def round_state(shell, number):
    return round_end(Campaigns(str(shell.db)).load("Spring 869"), number).state


@pytest.mark.parametrize("number", [1, 2, 3])
@pytest.mark.parametrize("output_format", ["text", "markdown", "bbcode", "html"])
def test_a_report_names_every_battle_gain_elimination_and_standing(played, number, output_format):
    text = " ".join(
        played.ok("report", "--round", str(number), "--format", output_format).stdout.split()
    )
    state = round_state(played, number)
    for battle in state.round_battles(number):
        assert battle.attacker in text and battle.to_region in text and battle.from_region in text
        for region in battle.gained:
            assert region in text
    for elimination in (e for e in state.eliminations if e.round == number):
        assert re.search(rf"{elimination.player}\W.*lost the last region", text)
    standings = played.json("report", "--round", str(number))["standings"]
    assert {s["player"]: s["regions"] for s in standings} == {
        p: len(r) for p, r in state.holdings().items()
    }


def test_the_json_report_is_the_same_content_as_data(played):
    report = played.json("report", "--round", "2")
    assert [(b["attacker"], b["to"], b["winner"], b["gained"]) for b in report["battles"]] == [
        ("Dag", "Lindsey", "Dag", ["Lindsey", "East Anglia"]),
        ("Bob", "West Anglia", None, []),
        ("Cid", "Wessex", "Cid", ["Wessex", "Sussex"]),
        ("Ann", "Gwynedd", "Bob", ["Powys"]),
    ]
    assert report["eliminations"] == [{"player": "Ann", "by": "Bob"}]
    assert report["next"] == {"what": "round", "round": 3, "attack_order": ["Dag", "Bob", "Cid"]}


def test_the_report_line_reads_as_a_forum_post(played):
    """The winner first, the casualties labelled as casualties, the difference that BC-7.1 uses."""
    text = played.ok("report", "--round", "2", "--format", "markdown").stdout
    assert (
        "3. **Cid** (Vikings + Welsh) attacks Wessex (**Dag**: Late Anglo-Saxons + Vikings) from "
        "Essex → **Cid** wins (casualties: **Cid** 35%, **Dag** 71%; difference +36) and gains "
        "Wessex, Sussex"
    ) in text
    assert "draw (casualties: **Bob** 30%, **Cid** 35%), no region changes hands (BC-6.3)" in text


def test_the_round_in_progress_reads_as_the_organisers_opening_post(shell_at, spring, tmp_path):
    """Round 1 after the declarations and one result: every battle with both armies and allies,
    the settings, and what is still to come, in every format."""
    shell = shell_at(tmp_path / "c.sqlite")
    shell.play(spring.through("result Kent"))
    data = shell.json("report", "--round", "1")
    assert data["in_progress"] and data["still_to_fight"] == ["Sussex", "Dumnonia", "West Anglia"]
    assert [b["to"] for b in data["battles"]] == ["Kent", "Sussex", "Dumnonia", "West Anglia"]
    assert data["battles"][1]["attacker_army"] == {"main": "Late Anglo-Saxons", "ally": "Vikings"}
    for output_format in ("text", "markdown", "bbcode", "html"):
        text = shell.ok("report", "--round", "1", "--format", output_format).stdout
        assert "Sussex, Dumnonia, West Anglia" in " ".join(text.split()), output_format
        assert "North European Plain" in " ".join(text.split()) and "to be fought" in text


def test_notes_belong_to_the_round_they_follow(played):
    assert played.json("report", "--round", "1")["notes"] == [
        "Round 1 checked against the players' screenshots."
    ]
    assert played.json("report", "--round", "2")["notes"] == []


def test_the_default_report_is_the_last_finished_round(played):
    assert played.json("report")["round"] == 3


def balanced(bbcode: str) -> bool:
    stack = []
    for closing, tag in re.findall(r"\[(/?)([a-z*]+)(?:=[^\]]*)?\]", bbcode):
        if tag == "*":
            continue
        if not closing:
            stack.append(tag)
        elif not stack or stack.pop() != tag:
            return False
    return not stack


def test_bbcode_tags_are_balanced_and_tables_are_code_blocks(played):
    for number in (1, 2, 3):
        text = played.ok("report", "--round", str(number), "--format", "bbcode").stdout
        assert balanced(text)
        assert "[table" not in text and "[code]" in text and "[color=#" in text


def test_discord_messages_stay_under_2000_characters_without_tables(shell_at, spring, tmp_path):
    """A round with long organiser's notes is split into several messages at line boundaries."""
    shell = shell_at(tmp_path / "long.sqlite")
    shell.play(spring.through("note Round 1"))
    for n in range(12):
        shell.ok(
            "note",
            f"Ruling {n}: "
            + "the screenshots show the casualties as entered, and the organiser confirms them. "
            * 3,
        )
    text = shell.ok("report", "--round", "1", "--format", "markdown").stdout
    messages = re.split(r"\n\n-------- ✂ message \d+ of \d+: post separately --------\n\n", text)
    assert len(messages) >= 2
    assert all(len(m) <= 2000 for m in messages)
    assert not any(line.lstrip().startswith("|") for line in text.splitlines())
    assert all(m.count("```") % 2 == 0 for m in messages)
    assert "".join(messages).count("Ruling") == 12


def test_the_map_is_svg_naming_every_region_with_its_owner(played, tmp_path):
    path = tmp_path / "map.svg"
    played.ok("map", "--round", "2", "-o", str(path))
    root = ElementTree.parse(path).getroot()
    ns = {"svg": "http://www.w3.org/2000/svg"}
    regions = {
        g.get("data-region"): g.get("data-owner")
        for g in root.iterfind(".//svg:g[@class='region']", ns)
    }
    assert regions == round_state(played, 2).control
    texts = {t.text for t in root.iterfind(".//svg:text", ns)}
    assert set(BRITAIN.names) <= texts


def test_a_map_of_the_organisers_own_is_drawn_as_a_diagram_of_its_regions(shell, tmp_path):
    """A corrected map (BC-1) has no territories of Britain: its regions stand at their places,
    joined by their land borders, the sea lane through the coastal ones, the contested ringed."""
    small = TESTS / "maps" / "small.toml"
    shell.ok(
        "new", "Small", "--map", str(small), "--seed", "s",
        "--player", "Ann", "--player", "Bob", "--player", "Cid",
    )  # fmt: skip
    world = parse_map(small.read_text())
    path = tmp_path / "small.svg"
    shell.ok("map", "-o", str(path))
    root = ElementTree.parse(path).getroot()
    ns = {"svg": "http://www.w3.org/2000/svg"}
    drawn = {g.get("data-region") for g in root.iterfind(".//svg:g[@class='region']", ns)}
    assert drawn == set(world.names)
    assert len(root.findall(".//svg:line[@class='land-border']", ns)) == len(world.land_borders())


def test_the_map_as_png(played, tmp_path):
    try:
        import cairosvg  # noqa: F401
    except (
        ImportError,
        OSError,
    ):  # cairocffi raises OSError when the Cairo library itself is missing
        pytest.skip(
            "PNG maps need the png extra: cairosvg and the Cairo library (Debian libcairo2)"
        )
    path, picture = tmp_path / "map.png", tmp_path / "map.svg"
    played.ok("map", "-o", str(path))
    played.ok("map", "-o", str(picture))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = ElementTree.parse(picture).getroot()
    width, height = round(float(svg.get("width"))), round(float(svg.get("height")))
    assert png_size(path) == (2 * width, 2 * height)  # #29: drawn at twice the SVG's size
    ns = {"svg": "http://www.w3.org/2000/svg"}
    names = [
        float(t.get("font-size"))
        for t in svg.iterfind(".//svg:text", ns)
        if t.text and t.get("font-size") and t.get("aria-hidden") is None
    ]
    assert min(names) * 2 >= 12  # #29: the smallest name at least 12 pixels high in the PNG


def test_29_every_attack_arrow_has_a_head_whatever_its_result(played, tmp_path):
    """#29: an attack to be fought, or drawn, had a dotted bar and no head; every arrow points
    now, in its own colour, drawn over a dark outline."""
    ns = {"svg": "http://www.w3.org/2000/svg"}
    for round_number in ("1", "2"):
        picture = tmp_path / f"round{round_number}.svg"
        played.ok("map", "-o", str(picture), "--round", round_number)
        svg = ElementTree.parse(picture).getroot()
        markers = {m.get("id") for m in svg.iterfind(".//svg:marker", ns)}
        attacks = list(svg.iterfind(".//svg:g[@class='attack']", ns))
        assert attacks
        for attack in attacks:
            coloured = attack.findall("svg:line", ns)[-1]
            assert coloured.get("marker-end")[5:-1] in markers, attack.get("data-result")
    drawn = [a.get("data-result") for a in attacks]
    assert "draw" in drawn  # round 2's West Anglia


@pytest.mark.parametrize(
    "args, says",
    [
        (["report", "--round", "4"], "There is no round 4: the rounds ended with round 3 (BC-3.1)"),
        (["report", "--format", "pdf"], "There is no report format called 'pdf'"),
        (
            ["report", "--format", "html", "-o", "/nonexistent/folder/r.html"],
            "Cannot write /nonexistent/folder/r.html",
        ),
        (["map", "-o", "/nonexistent/folder/m.svg"], "Cannot write"),
        (["map", "-o", "map.gif"], "drawn as .svg or .png"),
    ],
)
def test_bad_report_and_map_requests_are_refused_in_one_sentence(played, args, says):
    result = played(*args)
    assert (
        result.exit_code != 0
        and says in result.stderr
        and len(result.stderr.strip().splitlines()) == 1
    )


def test_a_report_before_any_round_has_finished_is_refused(shell_at, spring, tmp_path):
    shell = shell_at(tmp_path / "fresh.sqlite")
    shell.ok(*spring.step("new"))
    assert "No round has finished yet" in shell("report").stderr


def png_size(path: Path) -> tuple[int, int]:
    width, height = struct.unpack(">II", path.read_bytes()[16:24])
    return width, height


def png_colours(path: Path) -> int:
    """How many different byte values the image's pixels use: a blank page has a handful."""
    data, chunks = path.read_bytes(), b""
    at = 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        if kind == b"IDAT":
            chunks += data[at + 8 : at + 8 + length]
        at += 12 + length
    return len(set(zlib.decompress(chunks)))


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def screenshot(page: Path, out: Path) -> None:
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                f"--screenshot={out}",
                "--window-size=1200,900",
                "--hide-scrollbars",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )


@pytest.mark.skipif(
    CHROMIUM is None,
    reason="Chromium is not installed here (Debian package 'chromium'; .ci/run installs it)",
)
@pytest.mark.browser
def test_the_html_report_renders_in_headless_chromium(played, tmp_path):
    page, blank = tmp_path / "round2.html", tmp_path / "blank.html"
    played.ok("report", "--round", "2", "--format", "html", "-o", str(page))
    blank.write_text("<!DOCTYPE html><html><body></body></html>")
    screenshot(page, tmp_path / "round2.png")
    screenshot(blank, tmp_path / "blank.png")
    assert png_size(tmp_path / "round2.png") == (1200, 900)
    assert png_colours(tmp_path / "blank.png") < 10 < 100 < png_colours(tmp_path / "round2.png")


@pytest.fixture(scope="module")
def eagle_played(shell_at, tmp_path_factory):
    from campaign.service.demo import script

    shell = shell_at(tmp_path_factory.mktemp("eagle") / "eagle.sqlite")
    for _, words in script("onus-under-the-eagle"):
        shell.ok(*words)
    return shell


@pytest.mark.parametrize("output_format", ["text", "markdown", "bbcode", "html"])
def test_an_onus_scenario_report_has_armies_result_casualties_upgrade_and_score(
    eagle_played, output_format
):
    """Scenario 5, Camulodunum: the Celts destroy the Romans; the Elite legionaries-1 falls with
    Macro in it."""
    text = " ".join(
        eagle_played.ok("report", "--round", "5", "--format", output_format).stdout.split()
    )
    played = eagle_played.json("status")["results"][4]
    assert "Battle for Camulodunum" in text and "Ended by: Romans destroyed" in text
    assert "Legionaries 1 (Elite)" in text and "Celtic Chariots 1" in text
    assert "legionaries-1" not in text and "ended_by" not in text.replace("\\_", "_")
    for name in [*(unit_name(u) for u in played["eliminated"]), *played["lost_with_unit"]]:
        assert name in text
    assert f"upgrades {unit_name(played['upgrade']['unit'])} to Veteran" in text
    score = eagle_played.json("report", "--round", "5")["score"]
    assert score == {
        "rome": sum(r["winner"] == "rome" for r in eagle_played.json("status")["results"][:5]),
        "enemies": 2,
    }
    if output_format == "bbcode":
        assert balanced(text)


def test_an_onus_campaign_has_no_map_and_reports_name_scenarios(eagle_played):
    assert "no map of regions" in eagle_played("map", "-o", "x.svg").stderr
    assert "There are eight scenarios (ON-1.2)" in eagle_played("report", "--round", "9").stderr


def test_the_last_rounds_report_carries_the_final_battles_and_standings(played):
    """Once the rounds are over, the report of the last round also tells the Final (BC-8.4,
    BC-8.5)."""
    report = played.json("report", "--round", "3")
    status = played.json("status")
    assert [b["winner"] for b in report["final"]["battles"]] == [
        b["winner"] for b in status["final_battles"]
    ]
    assert report["final"]["standings"] == status["standings"]
    assert "The Final Battle" in played.ok("report", "--round", "3", "--format", "bbcode").stdout
    assert played.json("report", "--round", "2")["final"] is None


def unit_name(card_id: str) -> str:
    """How a report names a card: `legionaries-1` → `Legionaries 1`."""
    kind, number = card_id.rsplit("-", 1)
    return f"{kind.replace('-', ' ').title()} {number}"


def test_a_log_asked_where_its_rounds_ended_is_freed_once_let_go(played):
    """Issue #16: where each round ended is kept with the log read (`Loaded.round_ends`) without
    a reference back to it: a log nobody holds is freed at once, not at the garbage collector's
    next full pass (which paused the hub ~35 ms at 100,000 events, at whichever request)."""
    import gc
    import weakref

    loaded = Campaigns(str(played.db)).load("Spring 869")
    round_end(loaded, 2)  # where rounds 1 and 2 ended, now kept with the log
    gone = weakref.ref(loaded)
    gc.disable()
    try:
        del loaded
        assert gone() is None
    finally:
        gc.enable()


def test_a_thunderbolt_report_for_one_player_keeps_its_tables_whole(tmp_path, shell_at):
    """Issue #25: the sections a player's report keeps whole were Boiling Cauldron headings in
    shared code, so a Thunderbolt report `--for` a side's player dropped the magistrates (TB-7,
    TB-8), Carthage (TB-12), the Italian Allies (TB-15) and the dice (TB-16): none names him.
    Each kind now says which of its sections are kept whole (`Kind.report_kept_whole`)."""
    shell = shell_at(tmp_path / "tb.sqlite")
    shell.ok("demo", "--rules", "thunderbolt", "--into", str(shell.db), "--quiet")
    whole = {s["heading"]: s for s in shell.json("report")["sections"]}
    for_him = {s["heading"]: s for s in shell.json("report", "--for", "Fabius")["sections"]}
    for heading in ("Rome's magistrates", "Carthage", "Italian Allies", "Dice"):
        kept = [h for h in for_him if h.startswith(heading)]
        assert len(kept) == 1, (heading, list(for_him))
        assert for_him[kept[0]] == whole[kept[0]]


def test_bc_8_4_a_finished_campaigns_last_report_vouches_for_the_final_and_says_who_won(finished):
    """Issue #29: the last report of a finished campaign told the Final Battles (events after
    round 3) yet its audit line named events 1 to 40 only, so `verify --head` with it proved
    nothing about the Final; it had no outcome and still said the Final was next."""
    report = finished.json("report")
    log = finished.json("log")
    head = report["chain_head"]
    assert report["events"] == len(log) and head == log[-1]["hash"]
    headings = [s["heading"] for s in report["sections"]]
    assert headings[0] == "Outcome"
    assert report["sections"][0]["items"] == ["Dag wins the Final Battle and the campaign (BC-8.4)"]
    (following,) = [s for s in report["sections"] if s["heading"] == "Next"]
    assert following["items"] == ["Nothing: Dag has won the campaign."]
    # the regions table is named for what it is: the final standings are BC-8.5's
    assert "Standings" not in headings and "Regions at the end of round 3" in headings
    assert finished.ok("verify", "--head", head).exit_code == 0


def test_bc_9_3_a_walkover_and_a_double_loss_are_reported_as_what_they_were(shell, spring):
    """Issue #29: a walkover was reported as a battle "casualties 0% v 100%"; the report tells
    the walkover and the double loss with their reasons, and does not repeat them as notes."""
    shell.play(spring.through("attack Hwicce West Anglia"))
    shell.ok("walkover", "Kent", "attacker", "--reason", "Dag did not turn up")
    shell.ok("double-loss", "Sussex", "--reason", "neither came")
    sections = {s["heading"]: s for s in shell.json("report", "--round", "1")["sections"]}
    lines = sections["Battles declared"]["items"]
    kent = next(line for line in lines if "attacks Kent" in line)
    assert "→ walkover to Cid, Dag absent (BC-9.3); Cid gains Kent" in kent
    assert "casualties" not in kent
    assert next(line for line in lines if "attacks Sussex" in line).endswith(
        "→ double loss: neither side played (BC-9.3), no region changes hands"
    )
    # the reasons as the organiser typed them, beside the battles, as text (#50)
    assert sections["Reasons recorded with the battles"]["items"] == [
        "The battle for Kent, walkover to Cid (BC-9.3): Dag did not turn up",
        "The battle for Sussex, double loss (BC-9.3): neither came",
    ]
    assert "Organiser's notes" not in sections


def test_on_3_1_the_scenario_report_says_who_won_with_the_verb_agreeing(shell_at, tmp_path):
    """Issue #29: "Rome (Quintus) win"; Rome wins, the enemies of Rome win."""
    shell = shell_at(tmp_path / "onus.sqlite")
    shell.ok("demo", "--rules", "onus-under-the-eagle", "--into", str(shell.db), "--quiet")
    results = [
        item
        for number in range(1, 9)
        for section in shell.json("report", "--round", str(number))["sections"]
        if section["heading"] == "Result"
        for item in section["items"]
    ]
    assert any(item.startswith("Rome wins the scenario (Marcus)") for item in results)
    assert any(
        item.startswith("The enemies of Rome win the scenario (Boudica)") for item in results
    )
    assert not any(" win the scenario" in item and item.startswith("Rome") for item in results)


def test_29_the_campaign_on_one_page_in_every_format(finished, tmp_path):
    """#29: a one-page history — each round with its battles (who gained what), forfeits and
    eliminations, then where the campaign stands; a player's own history with --for."""
    shown = finished.ok("history").stdout
    rounds = [line for line in shown.splitlines() if re.fullmatch(r"Round \d", line.strip())]
    assert rounds == ["Round 1", "Round 2", "Round 3"]
    assert "Cid (Vikings + Welsh) attacks Kent" in shown and "gains Kent" in shown
    assert "Forfeits: Ann: no legal attack (BC-4.4)" in shown
    assert "Eve lost the last region to Bob and is out of the campaign (BC-7.3)" in shown
    assert "Won by Dag" in shown.split("Now", 1)[1]
    data = finished.json("history")
    assert (data["kind"], data["events"], data["checkpoint"]["size"]) == ("history", 44, 44)
    markdown = finished.ok("history", "--format", "markdown").stdout
    for message in markdown.split("-------- ✂"):
        last = message.strip().splitlines()[-1]
        assert not re.fullmatch(r"\*\*[^*]+\*\*", last), last  # no message ends on a heading
    assert "[b]Round 2[/b]" in finished.ok("history", "--format", "bbcode").stdout
    assert "<h2>Round 3</h2>" in finished.ok("history", "--format", "html").stdout
    eve = finished.ok("history", "--for", "Eve").stdout
    assert "Eve lost the last region" in eve and "attacks Lindsey" not in eve


def test_29_an_onus_history_names_each_scenario_and_its_winner(eagle_played):
    shown = eagle_played.ok("history").stdout
    assert "Scenario 1: Blood on the banks of the Rhine" in shown
    assert "Rome wins the scenario (Marcus): Vitellius survived: yes" in shown


def test_29_a_player_named_in_the_organisers_note_is_not_bolded(shell, spring):
    """#29: the organiser's free text was coloured like the program's own lines."""
    shell.play(spring.through("result Kent"))
    shell.ok("note", "Bob sent his screenshot late")
    report = shell.ok("report", "--round", "1", "--format", "markdown").stdout
    notes = report.split("**Organiser's notes**", 1)[1].splitlines()[1]
    assert notes == "- Bob sent his screenshot late"
    assert "**Cid**" in report  # the program's own lines still colour the players
    bbcode = shell.ok("report", "--round", "1", "--format", "bbcode").stdout
    assert "[*]Bob sent his screenshot late" in bbcode


def test_29_a_forfeits_reason_is_shown_as_the_organiser_wrote_it(shell, spring):
    """#29: a player named inside a forfeit's reason was bolded; the forfeiting player, before
    it, still is."""
    shell.ok(*spring.step("new"))
    shell.ok("forfeit", "--reason", "Cid is away, Dag agreed")
    report = shell.ok("report", "--round", "1", "--format", "markdown").stdout
    line = next(x for x in report.splitlines() if "is away" in x)
    assert line.startswith("- **Cid**: Cid is away, Dag agreed")
    bbcode = shell.ok("report", "--round", "1", "--format", "bbcode").stdout
    assert "[b]Cid[/b]: Cid is away, Dag agreed" in bbcode
