"""Issue #47: nothing confirmed unseen. Every form of the hub carries what it showed (`shown`):
a form that would confirm another person's claim is refused when the claim changed after the
page was drawn ("… now reads …; look again"), one mechanism for every kind; and while a
Boiling Cauldron battle is in dispute, neither side may change its figures (BC-6.2). The
attacker's reproductions: a form sent after the claim changed."""

from __future__ import annotations

import re

import pytest
from helpers.hub import form_fields
from helpers.shell import Script, Shell

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")

from helpers.hub import link, said, send  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from campaign.web.hub import hub  # noqa: E402


def arbiter(shell: Shell) -> str:
    return "/a/" + re.search(r"/a/(\S+)", shell.ok("invite", "Ulf", "--role", "arbiter").stdout)[1]


@pytest.fixture
def kent(store_url, spring):
    """Round 1's battles: Cid attacked Dag's Kent; Cid, Dag and Ulf (the arbiter) have links."""
    shell = Shell(store_url)
    shell.play(spring.through("attack Hwicce West Anglia"))
    client = TestClient(hub(str(store_url)))
    return shell, client, link(shell, "Cid"), link(shell, "Dag"), arbiter(shell)


def test_bc_6_2_the_arbiters_confirmation_is_refused_when_the_figures_changed(kent):
    """The arbiter's page showed Cid's 65/30 awaiting confirmation; Cid reported 5/95 since:
    the form of 65/30 records nothing, and the page drawn again confirms what it shows."""
    shell, client, cid, dag, ulf = kent
    assert send(client, cid, "report", choice="Kent", attacker="65", defender="30").is_success
    page = client.get(ulf).text
    assert "Cid 65%, Dag 30%" in page
    assert send(client, cid, "report", choice="Kent", attacker="5", defender="95").is_success
    before = shell.json("log")
    stale = client.post(
        f"{ulf}/settle", data=form_fields(page, "settle", choice="Kent|Cid", reason="seen")
    )
    assert stale.status_code == 400 and shell.json("log") == before
    assert said(stale.text).startswith("What your page showed has changed since it was drawn")
    assert "Cid 5%, Dag 95%" in said(stale.text)
    fresh = send(client, ulf, "settle", choice="Kent|Cid", reason="the photo shows 5/95")
    assert fresh.is_success
    assert shell.json("status")["attacks"][0]["result"]["attacker_casualties"] == 5


def test_bc_6_2_a_disputed_claim_stands_as_reported_until_the_arbiter_settles_it(kent):
    """The attacker's run: the arbiter's page showed Dag's 45/20 in dispute with Cid's 20/45,
    Dag reported 5/95 meanwhile, and "Dag's figures stand" recorded figures nobody had shown
    the arbiter. Now the figures of a dispute cannot change but through him."""
    shell, client, cid, dag, ulf = kent
    send(client, cid, "report", choice="Kent", attacker="20", defender="45")
    send(client, dag, "report", choice="Kent", attacker="45", defender="20")
    assert "The disputed battle for Kent" in client.get(ulf).text
    again = send(client, dag, "report", choice="Kent", attacker="5", defender="95")
    assert again.status_code == 400 and "is in dispute" in said(again.text)
    assert "(BC-6.2)" in said(again.text)
    assert send(client, ulf, "settle", choice="Kent|Dag", reason="Dag's photo").is_success
    result = shell.json("status")["attacks"][0]["result"]
    assert (result["attacker_casualties"], result["defender_casualties"]) == (45, 20)


def test_hw_3_2_a_confirmation_is_refused_when_the_report_changed(store_url):
    """The attacker's run: Bob's page showed "lost BE4", the log recorded "lost R1" by Bob.
    Ann's second report changes what Bob confirms: his old form records nothing."""
    wall = Script("hadrians-wall")
    shell = Shell(store_url)
    shell.play(wall.through("move R1"))
    shell.ok(*wall.step("advance", 2))  # the Romans' battles
    client = TestClient(hub(str(store_url)))
    ann, bob = link(shell, "Ann"), link(shell, "Bob")
    assert send(client, ann, "battle", choice="kent", lost="BE4").is_success
    page = client.get(bob).text
    assert "lost BE4" in page
    assert send(client, ann, "battle", choice="kent", lost="R1").is_success  # her correction
    before = shell.json("log")
    stale = client.post(f"{bob}/confirm", data=form_fields(page, "confirm", choice="kent"))
    assert stale.status_code == 400 and shell.json("log") == before
    assert "lost R1" in said(stale.text) and "Look again" in said(stale.text)
    assert send(client, bob, "confirm", choice="kent").is_success
    last = shell.json("log")[-1]
    assert last["type"] == "BattleResolved" and last["actor"] == "Bob"


def test_a_form_without_what_it_showed_is_refused(kent):
    """A form sent without its `shown` (a page from before, or one made by hand) confirms
    nothing it cannot prove it showed."""
    shell, client, cid, dag, ulf = kent
    page = client.get(cid).text
    fields = form_fields(page, "report", choice="Kent", attacker="20", defender="45")
    del fields["shown"]
    answer = client.post(f"{cid}/report", data=fields)
    assert answer.status_code == 400 and "Look again" in said(answer.text)
