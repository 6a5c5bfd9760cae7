"""Issue #50, The Boiling Cauldron: the arbiter rules figures of his own where neither side's
claim stands (BC-6.2), from his page; the organiser's walkover is told as the walkover it was
(BC-9.3), not as a battle's casualty difference; and a battle reported or disputed is not listed
as still to be fought. Expectations come from the rules page (rules/boiling-cauldron.md: BC-6.1's
rout, BC-6.2's figures, BC-7.1's arithmetic, BC-9.3) and the demo's round 1 (Cid attacks Dag at
Kent, Dag attacks Eve at Sussex, Eve attacks Bob at Dumnonia, Bob attacks Cid at West Anglia)."""

from __future__ import annotations

import math
import re
from decimal import Decimal
from pathlib import Path

import pytest
from helpers.browser import served
from helpers.shell import Script, Shell

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
from helpers.hub import link, said, send, sent_from  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from campaign.web.hub import hub  # noqa: E402

REASON = "the table's photo shows 30 and 70"


def arbiter(shell: Shell, who: str = "Ulf") -> str:
    return "/a/" + re.search(r"/a/(\S+)", shell.ok("invite", who, "--role", "arbiter").stdout)[1]


def disputed_at_kent(tmp_path: Path, spring: Script) -> tuple[Shell, TestClient, str]:
    """Round 1 declared; Cid reports Kent as 20 and 45 from his page, Dag as 45 and 20 from his:
    the result is disputed (BC-6.2). The shell, a client of the hub, the arbiter Ulf's link."""
    shell = Shell(tmp_path / "bc.sqlite")
    shell.play(spring.through("attack Hwicce West Anglia"))
    ulf, cid, dag = arbiter(shell), link(shell, "Cid"), link(shell, "Dag")
    client = TestClient(hub(str(shell.db)))
    assert send(client, cid, "report", choice="Kent", attacker="20", defender="45").is_success
    assert send(client, dag, "report", choice="Kent", attacker="45", defender="20").is_success
    return shell, client, ulf


def due(difference: int, held: int) -> int:
    """BC-7.1: ceil(d × n / 100)."""
    return math.ceil(Decimal(difference) * held / 100)


def held_by(shell: Shell, player: str) -> int:
    return sum(1 for owner in shell.json("status")["control"].values() if owner == player)


# BC-6.2: the arbiter's own figures, from his page ------------------------------------------------


@pytest.fixture(scope="module")
def browser(browser):
    """Chromium at a desktop's width: the two claims and the arbiter's own figures side by side."""
    browser.set_window_size(1280, 900)
    return browser


def test_50_bc_6_2_the_arbiter_rules_other_figures_from_his_page(tmp_path, spring, browser):
    """Issue #50 (BC-6.2): neither claim is right; on his page the arbiter Ulf types Cid's and
    Dag's casualties, 30 and 70, and his reason. Dag's 70 % is a rout (BC-6.1: 60 % or more),
    Cid's 30 % none: Cid wins by 40, and takes ceil(40 × n / 100) of the n regions Dag held
    (BC-7.1). The ruling and the result are Ulf's in the log; the round's report files his
    reason with the battle and says both sides' claims and that he ruled other figures."""
    from selenium.webdriver.common.by import By

    shell, _, ulf = disputed_at_kent(tmp_path, spring)
    dag_held = held_by(shell, "Dag")  # as the round began: nothing changed hands in it yet
    before = len(shell.json("log"))
    with served(shell.db) as base:
        browser.get(base + ulf)
        forms = browser.find_elements(By.CSS_SELECTOR, "form[action$='/settle']")
        (others,) = [f for f in forms if f.find_elements(By.NAME, "attacker")]
        assert "Kent" in others.text and "Cid" in others.text and "Dag" in others.text
        for name, value in (("attacker", "30"), ("defender", "70"), ("reason", REASON)):
            others.find_element(By.NAME, name).send_keys(value)
        sent_from(browser, others.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        assert "Recorded: " in browser.find_element(By.ID, "message").text
    (result,) = [a["result"] for a in shell.json("status")["attacks"] if a["to"] == "Kent"]
    assert (result["attacker_casualties"], result["defender_casualties"]) == (30, 70)
    assert (result["winner"], result["regions_due"]) == ("Cid", due(70 - 30, dag_held))
    ruled = shell.json("log")[before:]
    assert [(e["type"], e["actor"]) for e in ruled[:2]] == [
        ("NoteRecorded", "Ulf"),
        ("BattleFought", "Ulf"),
    ]
    report = shell.json("report", "--round", "1")
    sections = {s["heading"]: s.get("items", []) for s in report["sections"]}
    (kent,) = [line for line in sections["Battles declared"] if "attacks Kent" in line]
    assert "reported by Cid" in kent and "disputed by Dag" in kent
    assert "Cid 20%, Dag 45%" in kent and "Cid 45%, Dag 20%" in kent
    assert "the arbiter Ulf ruled figures other than either side's" in kent
    assert "Cid 30%, Dag 70%" in kent
    reasons = sections["Reasons recorded with the battles"]
    assert f"The battle for Kent, Ulf's ruling (BC-6.2): {REASON}" in reasons
    assert "Organiser's notes" not in sections
    assert shell.json("verify")["verified"]


def test_50_bc_6_2_the_arbiters_own_figures_are_refused_where_the_rules_refuse_them(
    tmp_path, spring
):
    """Issue #50 (BC-6.2): figures of the arbiter's own are held to the rules as any result:
    both sides' casualties given, each from 0 to 100 (BC-6.2); both routed (65 % and 70 %, each
    40 % or more with a difference under 25, and 70 % past 60 %) needs who routed first
    (BC-6.2); a winner the figures contradict is refused (BC-6.1: 30 and 70 is Cid's win); a
    claim chosen with other figures typed beside it is not guessed at. Each refusal names its
    rule and records nothing."""
    shell, client, ulf = disputed_at_kent(tmp_path, spring)
    before = shell.json("log")
    refused = {
        "BC-6.2": [
            {"choice": "Kent|", "reason": REASON},
            {"choice": "Kent|", "attacker": "30", "defender": "120", "reason": REASON},
            {"choice": "Kent|", "attacker": "65", "defender": "70", "reason": REASON},
            {"choice": "Kent|Dag", "attacker": "30", "defender": "70", "reason": REASON},
        ],
        "BC-6.1": [
            {
                "choice": "Kent|",
                "attacker": "30",
                "defender": "70",
                "winner": "Dag",
                "reason": REASON,
            },
        ],
    }
    for rule, tries in refused.items():
        for fields in tries:
            answer = send(client, ulf, "settle", **fields)
            assert answer.status_code == 400 and f"({rule})" in said(answer.text), fields
    assert shell.json("log") == before
    both = {"attacker": "65", "defender": "70", "winner": "Dag", "reason": REASON}
    assert send(client, ulf, "settle", choice="Kent|", **both).is_success
    assert shell.json("status")["attacks"][0]["result"]["winner"] == "Dag"


# BC-9.3: the organiser's walkover, told as one ---------------------------------------------------


def test_50_bc_9_3_the_organisers_walkover_is_told_as_a_walkover(tmp_path, spring):
    """Issue #50 (BC-9.3): Cid does not turn up at Kent, which he attacked; the organiser
    records a walkover to Dag, who did. The absent side counts as routed with 100 % casualties,
    so BC-7.1 gives Dag ceil(100 × n / 100) = n of Cid's n regions, fewer where BC-7.2 leaves
    fewer: what the command says the result means is the walkover and the regions due, not a
    casualty difference (it was not fought)."""
    shell = Shell(tmp_path / "bc.sqlite")
    shell.play(spring.through("attack Hwicce West Anglia"))
    told = shell.ok("walkover", "Kent", "defender", "--reason", "Cid did not turn up").stdout
    assert "The battle for Kent: walkover to Dag, Cid absent (BC-9.3)" in told
    assert "due from Cid" in told
    assert "casualty difference" not in told


# A reported or disputed battle is not "still to be fought" ----------------------------------------


def test_50_bc_6_2_a_refused_gain_tells_each_battle_as_it_stands(tmp_path, spring):
    """Issue #50 (BC-6.2, BC-7.2): nobody is waiting to choose regions, so `gain` is refused,
    saying what the round waits for: Kent reported by Cid and disputed by Dag (the arbiter's
    ruling), Sussex reported by Dag, its attacker, awaiting Eve's confirmation, and only
    Dumnonia and West Anglia, which nobody reported, still to be fought."""
    shell, client, _ = disputed_at_kent(tmp_path, spring)
    dag = link(shell, "Dag")
    assert send(client, dag, "report", choice="Sussex", attacker="10", defender="80").is_success
    refused = shell.refuses("gain", "Kent")
    assert "the battles still to be fought: Dumnonia and West Anglia" in refused
    assert "the battle for Sussex, reported by Dag, awaiting Eve's confirmation (BC-6.2)" in refused
    assert (
        "the battle for Kent, reported by Cid and disputed by Dag, awaiting the arbiter's ruling "
        "(BC-6.2)"
    ) in refused
    assert refused.count("Kent") == 1 and refused.count("Sussex") == 1
