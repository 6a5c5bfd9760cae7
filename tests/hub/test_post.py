"""`campaign post`: a report to a Discord webhook, against a local HTTP server started here on
127.0.0.1 that records every request (no test reaches the internet)."""

from __future__ import annotations

import json
import time

import pytest

LONG_NOTE = "The organiser's ruling, read out in full. " * 40  # about 1,700 characters


@pytest.fixture
def long_round(shell, spring):
    """Spring 869 after round 1, with three long notes just after it: round 1's report, the last
    finished, is more than one Discord message."""
    shell.play(spring.through("note"))
    for number in range(1, 4):
        shell.ok("note", f"Ruling {number}. {LONG_NOTE}")
    return shell


def test_a_report_goes_as_messages_of_at_most_2000_characters_with_the_map(long_round, discord):
    said = long_round.ok("post", "--webhook", discord.url).stdout
    messages = discord.contents()
    assert len(messages) >= 2 and all(len(m) <= 2000 for m in messages)
    assert messages[0].startswith("## Spring 869")
    assert sum(m.count("The organiser's ruling") for m in messages) == 3 * 40
    paths = {path for path, _, _ in discord.requests}
    assert paths == {"/api/webhooks/1/secret-token?wait=true"}
    *text_only, last = discord.requests
    assert all(kind == "application/json" for _, kind, _ in text_only)
    assert last[1].startswith("multipart/form-data") and b"\x89PNG" in last[2]
    assert all(json.loads(body)["allowed_mentions"] == {"parse": []} for _, _, body in text_only)
    assert f"{len(messages)} messages and the map" in said  # two at least: no "(s)"
    assert "secret-token" not in said


def test_a_rate_limit_is_waited_out_as_retry_after_says(long_round, discord):
    discord.answers = [(429, {"Retry-After": "0.05"})]
    long_round.ok("post", "--webhook", discord.url, "--no-map")
    messages = discord.contents()
    assert messages[0] == messages[1]  # the first was refused once, then sent again
    assert len(messages) == len(set(messages)) + 1


def test_nothing_is_posted_twice_and_a_post_cut_short_resumes(long_round, discord):
    discord.answers = [(200, {}), (404, {})]
    refused = long_round("post", "--webhook", discord.url, "--no-map")
    assert refused.exit_code == 1
    assert "Discord refused the post (HTTP 404" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    first = discord.contents()
    discord.requests.clear()
    said = long_round.ok("post", "--webhook", discord.url, "--no-map").stdout
    assert "(resuming after message 1)" in said
    resumed = discord.contents()
    assert resumed[0] == first[1] and first[0] not in resumed
    discord.requests.clear()
    again = long_round.ok("post", "--webhook", discord.url, "--no-map").stdout
    assert "posted already" in again and discord.requests == []
    long_round.ok("post", "--webhook", discord.url, "--no-map", "--again")
    assert discord.contents()[0] == first[0]


def test_a_kept_webhook_is_used_and_never_exported(long_round, discord, tmp_path):
    long_round.ok("post", "--webhook", discord.url, "--keep", "--no-map")
    discord.requests.clear()
    long_round.ok("post", "--again", "--no-map")
    assert discord.requests
    long_round.ok("export", "-o", str(tmp_path / "spring.jsonl"))
    assert "secret-token" not in (tmp_path / "spring.jsonl").read_text()


def test_a_webhook_must_be_an_http_url(finished):
    assert "https:// URL" in finished.refuses("post", "--webhook", "file:///etc/passwd")
    assert "--webhook URL" in finished.refuses("post")


def test_an_unreachable_webhook_is_one_sentence(finished):
    refused = finished("post", "--webhook", "http://127.0.0.1:9/api/webhooks/1/x", "--no-map")
    assert refused.exit_code == 1 and "cannot be reached" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1


# Issue #24.9: a post that ends, and never posts a message twice.


def test_a_message_left_unanswered_is_never_sent_again_by_itself(long_round, discord):
    """The stand-in records the first message and answers it too late: Discord may have posted
    it, so it is not sent again (it was, on a timeout); the organiser looks and says."""
    from campaign.notify import discord as posting

    discord.slow = [3.0]
    delivery = posting.Delivery(discord.url, timeout=0.5, sleep=lambda s: None)
    with pytest.raises(posting.Uncertain) as unanswered:
        posting.post(delivery, ["first", "second"], None, 0, lambda n: None)
    assert discord.contents() == ["first"]
    assert str(unanswered.value) == (
        "Discord did not answer within 0.5 s to message 1 of 2, which may have been posted: look "
        "in the channel; if it is there, run the same post with --delivered 1, else run it again."
    )


def test_a_server_that_trickles_its_answer_is_given_up_on(discord):
    from campaign.notify import discord as posting

    discord.trickle = True
    delivery = posting.Delivery(discord.url, timeout=1.0, deadline=2.0, sleep=lambda s: None)
    started = time.monotonic()
    with pytest.raises(posting.Uncertain):
        posting.post(delivery, ["only"], None, 0, lambda n: None)
    assert time.monotonic() - started < 10  # it ends (it waited while each byte came in time)
    assert len(discord.requests) == 1


@pytest.mark.parametrize("header", ["nan", "inf", "-inf", "soon"])
def test_a_retry_after_that_is_no_number_of_seconds_waits_one_second(discord, header):
    from campaign.notify import discord as posting

    discord.answers = [(429, {"Retry-After": header})]
    waits: list[float] = []
    posting.post(posting.Delivery(discord.url, sleep=waits.append), ["x"], None, 0, print)
    assert waits == [1.0] and discord.contents() == ["x", "x"]


def test_the_organiser_says_how_many_messages_are_in_the_channel(long_round, discord):
    long_round.ok("post", "--webhook", discord.url, "--no-map")
    first = discord.contents()
    discord.requests.clear()
    said = long_round.ok("post", "--webhook", discord.url, "--no-map", "--delivered", "1")
    assert "(resuming after message 1)" in said.stdout
    assert discord.contents() == first[1:]
    refusal = long_round.refuses("post", "--webhook", discord.url, "--delivered", "99")
    assert refusal.startswith("--delivered counts the messages in the channel already: 0 to")
