"""Issue #50, the organiser's console: from his page he grants a holiday (`campaign away`), sets
how a person is told of his turns (`campaign contact`) and sends the notices due (`campaign
notify`), each by a form whose person is chosen among the campaign's people; each refusal is one
sentence; each recorded as the command line records it — the same events in the log, the same
rows kept beside it — checked against a twin store where the organiser types the commands."""

from __future__ import annotations

import html
import json
import re

import pytest
from helpers.notices import BOB, CID
from helpers.shell import Shell

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")
from helpers.hub import said, send
from starlette.testclient import TestClient  # noqa: E402

from campaign.notify import notices  # noqa: E402
from campaign.service.unit_of_work import Campaigns  # noqa: E402
from campaign.web.hub import hub  # noqa: E402

NAME = "Spring 869"


def organiser(shell: Shell) -> str:
    """Olga's personal link, as organiser."""
    invited = shell.ok("invite", "Olga", "--role", "organiser").stdout
    return "/a/" + re.search(r"/a/(\S+)", invited).group(1)


def twins(store_url, tmp_path, spring, *steps: str) -> tuple[Shell, Shell, TestClient, str]:
    """The same campaign in two stores, played through `steps`: the hub's (Olga acts from her
    page) and the command line's (she types the commands); an arbiter invited in both."""
    served = Shell(store_url)
    typed = Shell(tmp_path / "typed.sqlite", reader=tmp_path / "typed-reader")  # its own witness
    for shell in (served, typed):
        shell.ok(*spring.step("new"))
        for step in steps:
            shell.ok(*spring.step(step))
        shell.ok("invite", "Ulf", "--role", "arbiter")
    olga = organiser(served)
    organiser(typed)
    return served, typed, TestClient(hub(str(store_url))), olga


def recorded(log: list[dict], after: int) -> list[tuple]:
    """The events after event `after`, as the log says them: type, actor, data."""
    return [(e["type"], e["actor"], e["data"]) for e in log[after:]]


def options(page: str, action: str) -> list[str]:
    """The people a form of the page offers to choose, as offered."""
    form = re.search(rf'action="/a/[^/"]+/{action}">(.*?)</form>', page, re.S).group(1)
    chosen = re.search(r'<select name="choice"[^>]*>(.*?)</select>', form, re.S).group(1)
    return [html.unescape(v) for v in re.findall(r'<option value="([^"]+)"', chosen)]


@pytest.mark.clock("2026-12-01T14:00Z")
def test_50_a_holiday_granted_from_the_console_is_recorded_as_away_records_it(
    store_url, tmp_path, spring
):
    """Issue #50: the console could not grant a holiday. Bob is on turn to attack (BC-4) under
    a deadline; Olga grants him 3 days for his exams from her page: the log records what
    `campaign --actor Olga away Bob --days 3 --reason exams` records, his holiday and the
    deadline moved on by as many days."""
    steps = ("attack Essex Kent", "attack Wessex Sussex", "attack Gwynedd Dumnonia")
    served, typed, client, olga = twins(store_url, tmp_path, spring, *steps)
    for shell in (served, typed):
        shell.ok("deadline", "set", "2026-12-14 18:00Z")
    assert served.json("status")["on_turn"] == typed.json("status")["on_turn"] == "Bob"
    before = len(served.json("log"))
    answer = send(client, olga, "away", choice="Bob", days="3", reason="exams")
    assert answer.status_code == 200, said(answer.text)
    typed.ok("--actor", "Olga", "away", "Bob", "--days", "3", "--reason", "exams")
    by_hub, by_hand = recorded(served.json("log"), before), recorded(typed.json("log"), before)
    assert by_hub == by_hand
    assert [(kind, actor) for kind, actor, _ in by_hub][0] == ("PlayerAway", "Olga")
    assert by_hub[0][2]["days"] == 3 and by_hub[0][2]["reason"] == "exams"
    assert len(by_hub) == 2  # Bob is awaited: the deadline moves on with him


def test_50_a_contact_set_from_the_console_is_kept_as_contact_keeps_it(store_url, tmp_path, spring):
    """Issue #50: the console could not set a contact. Olga gives Bob's Discord id, the
    arbiter Ulf's e-mail address, and forgets how Cid is reached: the rows kept beside the log
    are those `campaign contact` keeps."""
    served, typed, client, olga = twins(store_url, tmp_path, spring)
    for shell in (served, typed):
        shell.ok("contact", "Cid", "--email", "cid@example.org")
    sent = [
        dict(choice="Bob", discord=BOB),
        dict(choice="Ulf", email="ulf@example.org"),
        dict(choice="Cid", clear="yes"),
    ]
    for fields in sent:
        answer = send(client, olga, "contact", **fields)
        assert answer.status_code == 200, said(answer.text)
    typed.ok("contact", "Bob", "--discord", BOB)
    typed.ok("contact", "Ulf", "--email", "ulf@example.org")
    typed.ok("contact", "Cid", "--clear")
    kept = [
        notices.contacts(Campaigns(str(db)).secrets.unseal(NAME)) for db in (store_url, typed.db)
    ]
    assert kept[0] == kept[1]
    assert kept[0]["bob"] == {"discord": BOB} and kept[0]["ulf"] == {"email": "ulf@example.org"}
    assert not kept[0].get("cid")


@pytest.mark.clock("2026-12-01T14:00Z")
def test_50_notices_sent_from_the_console_are_those_notify_sends(
    store_url, tmp_path, spring, discord
):
    """Issue #50: the console could not send notices. In both stores the campaign's Discord
    channel is kept and Cid told of his first attack (BC-4); Cid attacks and Dag is on turn
    (BC-3.2). Olga sends the notices due from her page: Discord receives what `campaign notify`
    sends from the twin store, and the notices kept are the same."""
    served, typed, client, olga = twins(store_url, tmp_path, spring)
    for shell in (served, typed):
        shell.ok("contact", "Cid", "--discord", CID)
        shell.ok("notify", "--webhook", discord.url, "--keep")
        shell.ok(*spring.step("attack Essex Kent"))
    first = len(discord.requests)
    answer = send(client, olga, "notify")
    assert answer.status_code == 200 and "Dag: told by Discord" in said(answer.text)
    from_hub = discord.requests[first:]
    assert "Dag: told by Discord" in typed.ok("notify").stdout
    from_hand = discord.requests[first + len(from_hub) :]
    assert [json.loads(b) for _, _, b in from_hub] == [json.loads(b) for _, _, b in from_hand]
    assert len(from_hub) == 1 and "Dag" in json.loads(from_hub[0][2])["content"]
    kept = [
        notices.kept_notices(Campaigns(str(db)).secrets.unseal(NAME))
        for db in (store_url, typed.db)
    ]
    assert kept[0] == kept[1]
    assert [(n.player, n.state) for n in kept[0]] == [("Cid", "sent"), ("Dag", "sent")]


def test_50_the_console_forms_choose_among_the_people_and_refuse_in_one_sentence(
    store_url, tmp_path, spring
):
    """Issue #50: a holiday is chosen among the players (BC-2: Ann to Eve), a contact among
    them and the arbiters and organisers holding a link; a form not filled in, or refused by
    the command (BC: 14 days of holiday a campaign), is refused in one sentence, recording
    nothing; `notify` typed in the console takes no channel of its own."""
    served, _, client, olga = twins(store_url, tmp_path, spring)
    players = [p["name"] for p in served.json("status")["players"]]
    page = client.get(olga).text
    assert options(page, "away") == players
    contact = options(page, "contact")
    assert contact[: len(players)] == players and sorted(contact[len(players) :]) == ["Olga", "Ulf"]
    before = served.json("log")
    for action, fields in (
        ("away", dict(choice="", days="3")),
        ("away", dict(choice="Bob", days="three")),
        ("away", dict(choice="Bob", days="15")),
        ("contact", dict(choice="Bob")),
        ("contact", dict(choice="Bob", clear="yes", email="bob@example.org")),
        ("contact", dict(choice="Bob", discord="123")),
        ("command", dict(choice=f"notify --webhook http://127.0.0.1:9/{'x' * 8}")),
    ):
        answer = send(client, olga, action, **fields)
        sentence = html.unescape(said(answer.text))
        assert answer.status_code == 400, (action, fields, sentence)
        assert sentence.endswith(".") and ". " not in sentence.rstrip("."), sentence
    assert served.json("log") == before
    assert notices.contacts(Campaigns(str(store_url)).secrets.unseal(NAME)) == {}
