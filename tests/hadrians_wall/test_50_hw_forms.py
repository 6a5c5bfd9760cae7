"""Issue #50, Britannia with Hadrian's Wall in the hub: what the state knows is offered as
choices — a move a step long as one of the nation's counters where it stands and an area
adjacent to it (HW-1.1, HW-3.7), a battle's losses as a box for each counter in the contested
areas, its retreats as rows of a counter and an area adjacent to the battle (HW-3.2) — and the
battle form only where a battle is due. A player chooses in his page; what is recorded is what
the command line's words (`COUNTER:FROM,TO`, `COUNTER=AREA`) record. Expectations come from the
rules page (rules/hadrians-wall.md), the board's data (regions/britannia-ah-1987.toml) and the
example campaign's commands (examples/hadrians-wall.campaign)."""

from __future__ import annotations

import html
import json
import os
import re
import tomllib
from pathlib import Path

import pytest
from helpers.browser import served as serving
from helpers.shell import Script, Shell

from regions import map_source

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
from helpers.hub import form_fields, link, said  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from campaign.web.hub import hub  # noqa: E402

BOARD = tomllib.loads(map_source("britannia-ah-1987.toml"))
"""The Avalon Hill board as data (HW-1.1), read here without the program's board model."""
NAME = {area: spec["name"] for area, spec in BOARD["areas"].items()}
START = BOARD["start"]["nation"]
"""HW-2.4: the nation of the army each land area starts with."""
PHONE = 360


@pytest.fixture(scope="module")
def browser(browser):
    """Chromium at a phone's width."""
    browser.set_window_size(PHONE, 900)
    return browser


def adjacent(area: str) -> set[str]:
    """HW-1.1: the areas a border or a strait joins to `area` (the later board's pairs aside)."""
    pairs = [*BOARD["adjacency"]["borders"], *BOARD["adjacency"]["straits"]]
    return {b for a, b in pairs if a == area} | {a for a, b in pairs if b == area}


# What a player sees and sends, read from his page as a browser reads it.


def forms(page: str) -> list[str]:
    """The actions a page offers, its turn-notice form aside."""
    return [f for f in re.findall(r'action="/a/[^/"]+/([a-z-]+)"', page) if f != "contact"]


def options(page: str, select: str) -> dict[str, str]:
    """The options of the select named `select`: its words → the value a browser sends."""
    found = re.search(rf'<select name="{re.escape(select)}"[^>]*>(.*?)</select>', page, re.S)
    assert found, f"no select {select}"
    return {
        html.unescape(words): html.unescape(value)
        for value, words in re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)<', found.group(1))
    }


def boxes(page: str, field: str) -> dict[str, tuple[str, str]]:
    """The boxes to tick of `field`: their words → (the name, the value) a browser sends."""
    found = re.findall(
        rf'<input type="checkbox" name="({re.escape(field)}\.\d+)" value="([^"]+)"[^>]*> ([^<]*)<',
        page,
    )
    return {html.unescape(words): (name, html.unescape(value)) for name, value, words in found}


def post(client: TestClient, personal: str, action: str, fields: dict[str, str]):
    """The form `action` of the link's page, sent as a browser sends it with `fields` filled."""
    page = client.get(personal).text
    return client.post(f"{personal}/{action}", data=form_fields(page, action, **fields))


def counter_of(words: str) -> str:
    """`P1 (Dunedin)` → `P1`: the counter a choice's words name."""
    return words.split(" ")[0]


def exported(shell: Shell) -> list[dict]:
    """The campaign's events as `campaign export` writes them (its first line is the header)."""
    return [json.loads(line) for line in shell.ok("export").stdout.splitlines()[1:]]


def compared(rows: list[dict]) -> list[tuple[str, str, dict]]:
    """What each event says: its topic, who entered it, what it holds (its number, time and
    hash follow from the store and the clock)."""
    return [(row["topic"], row["actor"], row["data"]) for row in rows]


@pytest.fixture
def two_stores(tmp_path: Path):
    """The same opening played by the organiser into two stores: the one the hub serves, and
    another, read by another reader (its own checkpoints)."""

    def start(steps: list[list[str]]) -> tuple[Shell, Shell]:
        served = Shell(tmp_path / "hub.sqlite")
        other = Shell(tmp_path / "other.sqlite", tmp_path / "another-reader.json")
        for shell in (served, other):
            shell.play(steps)
        return served, other

    return start


@pytest.fixture
def one_store(tmp_path: Path):
    """A store the hub serves, with `steps` played by the organiser."""

    def start(steps: list[list[str]]) -> Shell:
        shell = Shell(tmp_path / "hub.sqlite")
        shell.play(steps)
        return shell

    return start


def picts_moving(script: Script) -> list[list[str]]:
    """Turn 3 up to the Picts' movement phase, before their move (the example's turn 3)."""
    return script.through("move P1")[:-1]


# HW-3.7: moves chosen a step each.


def test_50_hw_3_7_a_move_chosen_from_the_selects_records_what_the_command_line_records(
    two_stores,
):
    """Issue #50 (HW-3.7, HW-1.1): in the Picts' movement phase of turn 3 Bob's move form
    offers each Pictish army where it stands (they have not moved: the areas HW-2.4 gives the
    Picts) and, as destinations, the areas adjacent to them on the board. He chooses P1 from
    Dunedin to Lothian and P2 from Dalriada to the first of its neighbours by name, and types a
    path of two steps beside them; the log then holds what `move` with the same words holds on
    the command line, in the same order: the chosen steps, then the typed path."""
    script = Script("hadrians-wall")
    served, cli = two_stores(picts_moving(script))
    opening = len(exported(cli))
    client, bob = TestClient(hub(str(served.db))), link(served, "Bob")
    page = client.get(bob).text
    assert forms(page) == ["move", "advance"]
    counters = options(page, "choice.0.0")
    picts = {a for a, nation in START.items() if nation == "picts"}
    assert sorted(w.split(" (")[1].rstrip(")") for w in counters) == sorted(NAME[a] for a in picts)
    assert all(counter_of(w).startswith("P") for w in counters)
    reachable = set().union(*(adjacent(a) for a in picts))
    assert set(options(page, "choice.0.1")) == {NAME[a] for a in reachable}
    assert "lothian" in adjacent("dunedin")  # the board's data: a step joins them
    beyond = min(adjacent("dalriada"), key=NAME.get)
    p1 = next(w for w in counters if w.endswith("(Dunedin)"))
    p2 = next(w for w in counters if w.endswith("(Dalriada)"))
    p3 = next(w for w in counters if w.endswith("(Alban)"))
    typed = f"{counter_of(p3)}:alban,dunedin,lothian"
    assert "dunedin" in adjacent("alban")
    to = options(page, "choice.0.1")
    sent = post(
        client,
        bob,
        "move",
        {
            "choice.0.0": counters[p1],
            "choice.0.1": to["Lothian"],
            "choice.1.0": counters[p2],
            "choice.1.1": to[NAME[beyond]],
            "choice": typed,
        },
    )
    assert sent.status_code == 200, said(sent.text)
    words = [
        f"{counter_of(p1)}:dunedin,lothian",
        f"{counter_of(p2)}:dalriada,{beyond}",
        typed,
    ]
    cli.ok("--actor", "Bob", "move", *words)
    ours, theirs = exported(served)[opening:], exported(cli)[opening:]
    assert [r["data"]["counter"] for r in ours] == [counter_of(p) for p in (p1, p2, p3)]
    assert compared(ours) == compared(theirs)


# HW-3.2: a battle's losses ticked, its retreats in rows.


def romans_fighting(script: Script) -> list[list[str]]:
    """Turn 1: the Romans' moves, then their battle phase (the example's first battles)."""
    return [*script.through("move R1"), ["advance"]]


def test_50_hw_3_2_losses_ticked_and_retreats_chosen_record_what_typed_ones_record(two_stores):
    """Issue #50 (HW-3.2): after the Romans' landing of turn 1, Ann's battle form offers a box
    for every counter in the areas where the Romans and another nation both stand — the
    Romans the move put in Kent, Sussex and York, and the army HW-2.4 started in each — and,
    for retreats, those counters and the areas adjacent to the battles. In York she ticks the
    Brigantes' army and one Roman lost, and retreats another Roman to a neighbour of York;
    in the other store the same is typed as the command line writes it (`lost` separated by
    spaces, `COUNTER=AREA`): the two logs record the same report."""
    script = Script("hadrians-wall")
    served, typed = two_stores(romans_fighting(script))
    opening = len(exported(typed))
    moved = script.step("move R1")[1:]
    ends = {m.split(":")[0]: m.split(",")[-1] for m in moved}
    fought = sorted({a for a in ends.values() if a in START})  # land: an army started there
    client, ann = TestClient(hub(str(served.db))), link(served, "Ann")
    page = client.get(ann).text
    assert forms(page) == ["battle", "advance"]
    assert set(options(page, "choice").values()) == set(fought)
    ticks = boxes(page, "lost")
    expected = sorted(
        [("Romans", NAME[a]) for a in ends.values() if a in fought]
        + [(START[a].title(), NAME[a]) for a in fought]
    )
    assert sorted(tuple(w.split(" (")[1].rstrip(")").split(", ")) for w in ticks) == expected
    in_york = [w for w in ticks if w.endswith(", York)")]
    brigante = next(w for w in in_york if "Brigantes" in w)
    lost_roman, retreating = [w for w in in_york if "Romans" in w][:2]
    away = min(adjacent("york"), key=NAME.get)
    retreats_to = options(page, "retreats.0.1")
    assert set(retreats_to) == {NAME[a] for a in set().union(*map(adjacent, fought))}
    chosen = {
        "choice": "york",
        ticks[brigante][0]: ticks[brigante][1],
        ticks[lost_roman][0]: ticks[lost_roman][1],
        "retreats.0.0": options(page, "retreats.0.0")[retreating],
        "retreats.0.1": retreats_to[NAME[away]],
    }
    assert post(client, ann, "battle", chosen).status_code == 200
    other = TestClient(hub(str(typed.db)))
    ann_there = link(typed, "Ann")
    words = {
        "choice": "york",
        "lost": f"{counter_of(brigante)} {counter_of(lost_roman)}",
        "retreats": f"{counter_of(retreating)}={away}",
    }
    assert post(other, ann_there, "battle", words).status_code == 200
    ours, theirs = exported(served)[opening:], exported(typed)[opening:]
    assert compared(ours) == compared(theirs)
    (report,) = ours
    assert sorted(report["data"]["lost"]) == sorted(map(counter_of, (brigante, lost_roman)))
    assert report["data"]["retreats"] == {counter_of(retreating): away}


# A row half chosen.


def one_sentence(words: str) -> bool:
    """One sentence: a single full stop, at its end."""
    return words.endswith(".") and "." not in words[:-1]


def test_50_a_half_chosen_row_is_refused_in_one_sentence_and_records_nothing(one_store):
    """Issue #50: a move row with its counter chosen and no destination, and a retreat row
    with a destination and no counter, are each refused in one sentence naming the row and
    what is missing; nothing is recorded, and the move form comes back with the counter still
    chosen."""
    script = Script("hadrians-wall")
    served = one_store(picts_moving(script))
    client, bob = TestClient(hub(str(served.db))), link(served, "Bob")
    page = client.get(bob).text
    before = exported(served)
    counters = options(page, "choice.1.0")
    p1 = next(w for w in counters if w.endswith("(Dunedin)"))
    half = post(client, bob, "move", {"choice.1.0": counters[p1]})
    message = html.unescape(said(half.text))
    assert half.status_code == 400 and one_sentence(message), message
    assert "row 2: choose To." in message
    again = re.search(r'<select name="choice\.1\.0">(.*?)</select>', half.text, re.S).group(1)
    assert f'<option value="{html.escape(counters[p1])}" selected>' in again
    assert exported(served) == before


def test_50_a_half_chosen_retreat_is_refused_in_one_sentence(one_store):
    """Issue #50 (HW-3.2): a retreat row with an area and no counter is refused, one sentence
    naming its row and the counter missing; nothing is recorded."""
    script = Script("hadrians-wall")
    served = one_store(romans_fighting(script))
    client, ann = TestClient(hub(str(served.db))), link(served, "Ann")
    page = client.get(ann).text
    before = exported(served)
    away = min(adjacent("york"), key=NAME.get)
    chosen = {"choice": "york", "retreats.0.1": options(page, "retreats.0.1")[NAME[away]]}
    half = post(client, ann, "battle", chosen)
    message = html.unescape(said(half.text))
    assert half.status_code == 400 and one_sentence(message), message
    assert message.startswith("Retreats, row 1: choose Counter")
    assert exported(served) == before


# HW-3.2: the battle form only where a battle is due.


def test_50_hw_3_2_no_battle_form_where_no_area_is_contested(one_store):
    """Issue #50 (HW-3.2): the battle form was offered in every battle phase, a bare button
    where no area held two nations, refused once pressed. In turn 1 the Picts' battle phase
    comes after the Romans landed in Kent, Sussex and York: every Pictish army stands alone in
    the area HW-2.4 gave it, so no battle is due and Bob's page offers no battle form (only the
    clock's next step); what the bare button sent is still refused, recording nothing."""
    script = Script("hadrians-wall")
    steps = [*script.through("battle york"), ["advance", "--to", "picts"]]
    served = one_store([*steps, ["advance", "--to", "battle"]])
    landed = {m.split(",")[-1] for m in script.step("move R1")[1:]}
    picts = {a for a, nation in START.items() if nation == "picts"}
    assert not picts & landed  # no other nation in a Pictish area
    client, bob = TestClient(hub(str(served.db))), link(served, "Bob")
    page = client.get(bob).text
    assert forms(page) == ["advance"]
    before = exported(served)
    pressed = post(client, bob, "battle", {})
    assert pressed.status_code == 400 and exported(served) == before


# At a phone's width, in Chromium.


EDGES = """
const form = document.querySelector("form[action$='/move']");
return Array.from(form.querySelectorAll('select, input, button')).map(e => {
  const r = e.getBoundingClientRect();
  return [e.name || e.tagName, r.left, r.right];
});
"""
"""Each control of the move form as drawn: its name, where it starts and ends."""


def test_50_the_picts_move_form_fits_a_phone(one_store, browser):
    """Issue #50: Bob's page in the Picts' movement phase at 360 px: the page is no wider than
    the screen and every select, box and button of the move form lies within it. The picture
    goes to the folder `CAMPAIGN_SCREENSHOTS` names, when it is set."""
    from selenium.webdriver.common.by import By

    served = one_store(picts_moving(Script("hadrians-wall")))
    bob = link(served, "Bob")
    with serving(served.db) as base:
        browser.get(base + bob)
        form = browser.find_element(By.CSS_SELECTOR, "form[action$='/move']")
        browser.execute_script("arguments[0].scrollIntoView()", form)
        wide = browser.execute_script("return document.documentElement.scrollWidth")
        edges = browser.execute_script(EDGES)
        kept = os.environ.get("CAMPAIGN_SCREENSHOTS")
        if kept:
            Path(kept).mkdir(parents=True, exist_ok=True)
            browser.save_screenshot(str(Path(kept) / f"hw-moves-{PHONE}.png"))
    assert wide <= PHONE
    assert {"choice.0.0", "choice.0.1"} <= {e[0] for e in edges}  # a counter, where to
    assert [e for e in edges if e[1] < 0 or e[2] > PHONE] == []
