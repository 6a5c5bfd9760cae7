"""Issue #54: a spectator follows a campaign in a feed reader: `/c/NAME/feed.atom`, an Atom feed
(RFC 4287) of its finished rounds' reports, each entry's id kept as later rounds are added."""

from __future__ import annotations

import xml.etree.ElementTree as tree

import pytest
from helpers.shell import Shell

pytest.importorskip("starlette", reason="the hub's libraries come with the test extras")

from starlette.testclient import TestClient  # noqa: E402

from campaign.web.hub import hub  # noqa: E402

ATOM = "{http://www.w3.org/2005/Atom}"


def entries(client: TestClient) -> list[dict[str, str]]:
    answer = client.get("/c/Spring%20869/feed.atom")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/atom+xml")
    feed = tree.fromstring(answer.content)
    assert feed.tag == f"{ATOM}feed"
    for required in ("id", "title", "updated", "author"):  # RFC 4287 4.1.1
        assert feed.find(f"{ATOM}{required}") is not None, required
    return [
        {part: entry.findtext(f"{ATOM}{part}") or "" for part in ("id", "title", "updated")}
        | {"link": entry.find(f"{ATOM}link").get("href"), "text": entry.findtext(f"{ATOM}content")}
        for entry in feed.findall(f"{ATOM}entry")
    ]


def until_round(shell: Shell, steps: list[list[str]], number: int) -> list[list[str]]:
    """Play `steps` until round `number` has begun; the steps left."""
    for at, words in enumerate(steps):
        shell.ok(*words)
        if shell.json("status")["round"] >= number:
            return steps[at + 1 :]
    return []


def test_54_each_finished_round_is_an_entry_whose_id_stays(tmp_path, spring):
    shell = Shell(tmp_path / "club.sqlite")
    client = TestClient(hub(str(shell.db)))
    shell.ok(*spring.step("new"))
    assert entries(client) == []  # no round has finished
    left = until_round(shell, spring.steps[1:], 2)
    first = entries(client)
    assert len(first) == 1 and "round 1" in first[0]["title"].lower()
    shell.play(left)  # the campaign to its end
    later = entries(client)
    assert len(later) > len(first)
    kept = {e["id"]: e for e in later}
    assert all(e["id"] in kept and kept[e["id"]]["updated"] == e["updated"] for e in first)
    assert len(kept) == len(later)  # one id a round
    newest = later[0]
    assert newest["link"].startswith("http") and "/report/" in newest["link"]
    assert newest["text"] and "Spring 869" in newest["title"]


def test_54_names_and_notes_in_the_feed_are_text(tmp_path, spring):
    """A note with markup in it is escaped by the XML writer: the feed parses, and the note reads
    back as it was typed."""
    shell = Shell(tmp_path / "club.sqlite")
    shell.ok(*spring.step("new"))
    typed = '<script>alert("x")</script> & ]]> [bold]done[/bold] :smile:'
    shell.ok("note", typed)
    until_round(shell, spring.steps[1:], 2)
    client = TestClient(hub(str(shell.db)))
    assert any(typed in e["text"] for e in entries(client))
