"""Issue #50, the hub's forms: a refused form comes back as its person filled it, under the
refusal's sentence; a player with no turn still to come is not offered the form for his turn
notices; a field whose set is known is a choice (ticked or picked in rows) that makes the line
the kind's decision reads, the free text still beside it."""

from __future__ import annotations

import html
import re

import pytest
from helpers.shell import Shell

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
from helpers.hub import form_fields, link, said, send
from starlette.testclient import TestClient  # noqa: E402

from campaign.web.hub import hub  # noqa: E402


def form_of(page: str, action: str) -> str:
    """The HTML of the page's (first) form for `action`."""
    found = re.search(rf'<form[^>]*action="/a/[^/"]+/{action}"[^>]*>(.*?)</form>', page, re.S)
    assert found, f"no form for {action}"
    return found.group(1)


def typed_in(form: str) -> dict[str, str]:
    """What each typed field of a form holds as drawn (its `value`), by field name."""
    return {
        html.unescape(name): html.unescape(value)
        for name, value in re.findall(r'<input name="([^"]+)"[^>]*?value="([^"]*)"', form)
    }


# ON-3.2: scenario 4's Celts are a free-choice army of 1,200 points.
POINTS = {"Celtic Spearmen": 70, "Celtic Swordsmen": 85, "Britannia's Noblemen": 120}
"""ON-3: each unit's points, from the rules page."""


def test_50_on_3_2_a_refused_muster_comes_back_with_every_figure_typed(store_url, under_the_eagle):
    """Issue #50: a refused ONUS! muster erased every figure. Boudica musters 10 Spearmen, 4
    Swordsmen and 2 Noblemen for the Medway — more than its 1,200 points (ON-3.2); the page
    says why above her form, and the form holds the three figures she typed."""
    shell = Shell(store_url)
    shell.play(under_the_eagle.through("upgrade legionaries-1", 2))  # scenario 4 next
    client, boudica = TestClient(hub(str(store_url))), link(shell, "Boudica")
    counts = {"Celtic Spearmen": "10", "Celtic Swordsmen": "4", "Britannia's Noblemen": "2"}
    assert sum(POINTS[unit] * int(n) for unit, n in counts.items()) > 1200
    before = shell.json("log")
    answer = send(client, boudica, "muster", **counts)
    assert answer.status_code == 400 and "ON-3.2" in said(answer.text)
    form = form_of(answer.text, "muster")
    assert typed_in(form) == counts
    sentence = re.search(r'<p class="refusal">([^<]*)</p>', form)
    assert sentence and said(answer.text) in html.unescape(sentence.group(1))
    assert form.index('class="refusal"') < form.index('name="Celtic Spearmen"')
    assert shell.json("log") == before
    again = client.get(boudica).text  # opened again: a fresh form, nothing typed in it
    assert typed_in(form_of(again, "muster")) == {}


def test_50_a_refused_choice_is_drawn_chosen_again(store_url, spring):
    """Issue #50: the choice picked in a refused form stays picked. Dag, on turn after Cid's
    attack (BC-2.3), picks his attack on Sussex from Wessex in a page drawn before the campaign
    moved on (its form carries another digest of what it showed: refused as changed, #47);
    the page drawn again has his attack still picked."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    shell.ok(*spring.step("attack Essex Kent"))  # Dag on turn
    client, dag = TestClient(hub(str(store_url))), link(shell, "Dag")
    answer = send(client, dag, "attack", choice="Wessex|Sussex", shown="0" * 24)
    assert answer.status_code == 400 and "has changed" in said(answer.text)
    form = form_of(answer.text, "attack")
    assert '<option value="Wessex|Sussex" selected>' in form
    assert '<option value="" disabled>' in form  # the placeholder no longer the one chosen


def test_50_bc_7_3_an_eliminated_player_has_no_turn_notice_form(store_url, spring):
    """Issue #50 (BC-7.3): Eve loses Gwynedd, her last region, at Dumnonia in round 1: she is
    out, no turn will come to her, and her page no longer offers the form for her turn notices
    (nor takes one sent); Dag, still in, keeps his."""
    shell = Shell(store_url)
    shell.play(spring.through("result Sussex"))  # Eve still holds Gwynedd
    client = TestClient(hub(str(store_url)))
    eve, dag = link(shell, "Eve"), link(shell, "Dag")
    still_open = client.get(eve).text  # her page, open in a tab, offers the form still
    assert "/contact" in still_open
    shell.ok(*spring.step("result Dumnonia"))
    assert "/contact" not in client.get(eve).text
    assert "/contact" in client.get(dag).text
    fields = form_fields(still_open, "contact", discord="", email="eve@example.org")
    sent = client.post(f"{eve}/contact", data=fields)
    assert sent.status_code == 400 and "No turn is still to come for Eve" in said(sent.text)


def test_50_a_known_set_is_ticked_or_picked_and_makes_the_line_the_kind_reads():
    """Issue #50: a field whose set the kind knows is offered as choices — a list to tick
    (`many`), rows of selects (`rows`, each row written by the field's `format`) — and the
    hub makes of them the same line a player would type (COUNTER=AREA …), what he typed beside
    them kept after it. A row half chosen is refused rather than guessed."""
    from campaign.errors import CampaignError
    from campaign.web.fields import composed

    form = {
        "action": "battle",
        "label": "A battle",
        "choices": {"kent": "Kent"},
        "fields": [
            {"name": "lost", "label": "Lost", "many": True, "choices": {"R1": "R1", "BE4": "BE4"}},
            {
                "name": "retreats",
                "label": "Retreats",
                "rows": 2,
                "format": "{0}={1}",
                "parts": [
                    {"label": "the counter", "choices": {"R1": "R1", "R2": "R2"}},
                    {"label": "where to", "choices": {"essex": "Essex", "sussex": "Sussex"}},
                ],
                "free": "Others, as COUNTER=AREA",
            },
        ],
    }
    sent = {
        "choice": "kent",
        "lost.1": "BE4",
        "retreats.0.0": "R2",
        "retreats.0.1": "sussex",
        "retreats": "R3=essex",
    }
    assert composed([form], "battle", sent) == {
        "choice": "kent",
        "lost": "BE4",
        "retreats": "R2=sussex R3=essex",
    }
    with pytest.raises(CampaignError, match="Retreats, row 1: choose where to"):
        composed([form], "battle", {"choice": "kent", "retreats.0.0": "R2"})


def test_50_choices_of_a_known_set_are_drawn_as_boxes_and_selects():
    """Issue #50: the form above, drawn by the hub's template: a box for each counter that may
    be lost, a select of counters and one of areas in each row, and the free text labelled."""
    from importlib import resources

    from jinja2 import Environment, FileSystemLoader, select_autoescape

    folder = resources.files("campaign.web").joinpath("templates")
    env = Environment(loader=FileSystemLoader(str(folder)), autoescape=select_autoescape(["html"]))
    action = {
        "action": "battle",
        "label": "A battle",
        "choices": {"kent": "Kent"},
        "fields": [
            {"name": "lost", "label": "Lost", "many": True, "choices": {"R1": "R1 <b>"}},
            {
                "name": "retreats",
                "label": "Retreats",
                "rows": 2,
                "format": "{0}={1}",
                "parts": [
                    {"label": "the counter", "choices": {"R1": "R1"}},
                    {"label": "where to", "choices": {"essex": "Essex"}},
                ],
                "free": "Others, as COUNTER=AREA",
            },
        ],
        "typed": {"retreats.1.1": "essex"},
    }
    drawn = env.get_template("form.html").render(action=action, token="t", csrf="c")
    assert '<input type="checkbox" name="lost.0" value="R1"> R1 &lt;b&gt;' in drawn
    assert drawn.count('<select name="retreats.') == 4
    assert (
        '<select name="retreats.1.1"><option value="">—</option><option value="essex" selected>'
        in drawn
    )
    assert "Others, as COUNTER=AREA" in drawn and '<input type="text" name="retreats"' in drawn


def test_50_a_refused_console_line_comes_back_as_typed(store_url, spring):
    """Issue #50: the organiser's console line, refused (a result while attacks are still
    being declared, BC-4), is in its field again, to be corrected."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    olga = "/a/" + re.search(
        r"/a/(\S+)", shell.ok("invite", "Olga", "--role", "organiser").stdout
    ).group(1)
    client = TestClient(hub(str(store_url)))
    line = "result Mercia 20 45"
    answer = send(client, olga, "command", choice=line)
    assert answer.status_code == 400 and "BC-4" in said(answer.text)
    form = form_of(answer.text, "command")
    assert f'name="choice" size="60" required value="{html.escape(line)}"' in form


def test_50_a_refused_line_typed_with_markup_comes_back_escaped(store_url, spring):
    """Issue #50: what the organiser typed comes back in its field after a refusal — as text: a
    line that closes the attribute and opens a script is escaped, never markup."""
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))
    olga = "/a/" + re.search(
        r"/a/(\S+)", shell.ok("invite", "Olga", "--role", "organiser").stdout
    ).group(1)
    client = TestClient(hub(str(store_url)))
    line = 'result Kent 20 45 "><script>alert(1)</script>'
    answer = send(client, olga, "command", choice=line)
    assert answer.status_code == 400
    assert "<script>alert(1)" not in answer.text
    form = form_of(answer.text, "command")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in form and '"><script>' not in form
