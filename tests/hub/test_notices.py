"""Turn notices (issue #27): a player is told once when it becomes his turn, in the campaign's
Discord channel (a stand-in on 127.0.0.1 that records what it receives) pinging only him, and by
e-mail through a real SMTP server started here (aiosmtpd on 127.0.0.1); nobody is told to do
what is done; names stay text in every channel."""

from __future__ import annotations

import re
import socket
import time

import pytest
from helpers.hub import form_fields
from helpers.notices import BOB, CID, payloads
from helpers.shell import Shell

pytest.importorskip("aiosmtpd.controller", reason="aiosmtpd comes with the test extras")
pytestmark = pytest.mark.dated


def test_the_player_on_turn_is_pinged_once_and_nobody_else(spring_store, discord):
    """BC-4: Cid attacks first; his notice, due since the draw, pings him alone; a second run
    sends nothing."""
    said = spring_store.ok("notify", "--webhook", discord.url, "--keep").stdout
    assert "Cid: told by Discord" in said
    (message,) = payloads(discord)
    assert f"<@{CID}>" in message["content"] and "attack" in message["content"]
    assert message["allowed_mentions"] == {"parse": [], "users": [CID]}
    assert "no turn notice is due" in spring_store.ok("notify").stdout
    assert len(discord.requests) == 1


def test_each_declaration_tells_the_next_player_on_turn_by_his_own_channel(
    spring_store, spring, discord, mailbox
):
    """BC-4, BC-3.2: after Cid's attack Dag is on turn, then Eve, then Bob: each is told when
    his turn comes, by the channels that reach him (Bob by e-mail too); a notice whose turn was
    over before it went is dropped, unsent."""
    spring_store.ok("notify", "--webhook", discord.url, "--keep")
    spring_store.ok(*spring.step("attack Essex Kent"))  # Dag on turn
    spring_store.ok(*spring.step("attack Wessex Sussex"))  # Dag's turn over before any notice
    spring_store.ok(*spring.step("attack Gwynedd Dumnonia"))  # Bob on turn
    said = spring_store.ok("notify", "--smtp", mailbox.url, "--from", "org@example.org").stdout
    assert "Bob: told by Discord and e-mail" in said and "Dag" not in said and "Eve" not in said
    told = [m["content"] for m in payloads(discord)]
    assert len(told) == 2 and "Bob" in told[1] and "Dag" not in told[1]
    assert payloads(discord)[1]["allowed_mentions"] == {"parse": []}  # Bob left no Discord id
    (mail,) = mailbox.messages
    assert mailbox.envelopes == [("org@example.org", ["bob@example.org"])]
    assert mail["To"] == "Bob <bob@example.org>" and mail["Subject"] == "Spring 869: your turn"
    assert "it is your turn in Spring 869" in mail.get_body(("plain",)).get_content()
    kept = spring_store.ok("notify", "--smtp", mailbox.url, "--from", "org@example.org").stdout
    assert "no turn notice is due" in kept and len(mailbox.messages) == 1


def test_an_undo_that_makes_it_his_turn_again_tells_him_again(spring_store, spring, discord):
    """Issue #46: Cid's attack, entered by the organiser, ends his task without a notice; Dag is
    told it is his turn; the undo gives Cid his turn back (told again) and takes Dag's away (told
    that it is over, with what the log says of the undo)."""
    spring_store.ok("contact", "dag", "--discord", BOB)
    spring_store.ok("notify", "--webhook", discord.url, "--keep")
    spring_store.ok(*spring.step("attack Essex Kent"))
    assert spring_store.ok("notify").stdout.splitlines() == ["Spring 869: Dag: told by Discord."]
    spring_store.ok("undo", "--reason", "Cid meant another region")
    said = spring_store.ok("notify").stdout
    assert "Cid: told by Discord" in said and "Dag: told their turn is over by Discord" in said
    turn, over = payloads(discord)[2:]
    assert f"<@{CID}>" in turn["content"] and "Declare your attack" in turn["content"]
    assert f"<@{BOB}>" in over["content"] and "is over" in over["content"]
    assert "Cid meant another region" in over["content"] and CID not in over["content"]
    assert over["allowed_mentions"]["users"] == [BOB]


def test_names_are_text_in_a_notice(store_url, discord, mailbox):
    """A campaign and players named to look like Markdown and mentions: escaped on Discord (no
    bold, no @everyone), plain text and one address per header in the e-mail."""
    shell = Shell(store_url)
    shell.ok(
        "new", "**Loud** @everyone", "--rules", "boiling-cauldron",
        "--player", "_Ann_", "--player", "Bob", "--player", "@here", "--seed", "s",
    )  # fmt: skip
    on_turn = shell.json("status")["on_turn"]
    shell.ok("contact", on_turn, "--email", "first@example.org")
    shell.ok(
        "notify", "--webhook", discord.url, "--keep", "--smtp", mailbox.url, "--from", "o@x.org"
    )
    (message,) = payloads(discord)
    assert "\\*\\*Loud\\*\\* @\u200beveryone" in message["content"]
    assert message["allowed_mentions"] == {"parse": []}
    (mail,) = mailbox.messages
    assert mail["Subject"] == "**Loud** @everyone: your turn"
    assert mailbox.envelopes[0][1] == ["first@example.org"]


@pytest.mark.parametrize(
    "given, says",
    [
        (["--discord", "12345"], "17 to 20 digits"),
        (["--email", "bob@example.org\r\nBcc: all@example.org"], "one e-mail address"),
        (["--email", "two@example.org, three@example.org"], "one e-mail address"),
        ([], "--discord USER_ID, --email ADDRESS, or --clear"),
    ],
)
def test_a_contact_is_one_id_or_one_address(spring_store, given, says):
    assert says in spring_store.refuses("contact", "Ann", *given)


def test_a_contact_names_a_player_and_is_never_exported(spring_store, tmp_path):
    assert "did you mean Ann?" in spring_store.refuses("contact", "Anne", "--email", "a@b.org")
    spring_store.ok("export", "-o", str(tmp_path / "spring.json"))
    exported = (tmp_path / "spring.json").read_text()
    assert "bob@example.org" not in exported and CID not in exported


def test_a_renamed_players_contact_follows_him(spring_store):
    """rename-player carried his personal links but not how he is reached: Cid's turn notices,
    kept under his old name, reached nobody once he was Cynan (and a new player called Cid would
    have had them)."""
    spring_store.ok("rename-player", "Cid", "Cynan", "--reason", "his name as he spells it")
    said = spring_store.ok("contact", "Cynan", "--email", "cynan@example.org").stdout
    assert f"discord {CID}" in said and "email cynan@example.org" in said


def test_notices_need_a_channel_and_say_so(spring_store):
    said = spring_store.ok("notify").stdout
    assert "Cid not told: no channel reaches them" in said


def test_a_mail_server_that_is_not_there_is_one_sentence(spring_store):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    spring_store.ok("contact", "Cid", "--email", "cid@example.org")
    says = spring_store.refuses("notify", "--smtp", f"smtp://127.0.0.1:{port}", "--from", "o@x.org")
    assert f"The mail server 127.0.0.1:{port} did not take the notices" in says


@pytest.mark.clock("2026-12-01T12:00Z")
def test_a_notice_gives_the_deadline_standing_when_it_goes(spring_store, discord, mailbox):
    """The deadline set after the turn began is the one the notice gives: Discord's relative
    timestamp, and the date in words by e-mail."""
    from datetime import UTC, datetime

    spring_store.ok("deadline", "set", "2026-12-14T18:00Z")
    spring_store.ok("contact", "Cid", "--email", "cid@example.org")
    spring_store.ok(
        "notify", "--webhook", discord.url, "--keep", "--smtp", mailbox.url, "--from", "o@x.org"
    )
    at = int(datetime(2026, 12, 14, 18, 0, tzinfo=UTC).timestamp())
    assert f"Deadline: <t:{at}:R>." in payloads(discord)[0]["content"]
    plain = mailbox.messages[0].get_body(("plain",)).get_content()
    assert "Deadline: Monday 14 December 2026, 18:00 UTC." in plain


def test_on_2_1_the_scenarios_winner_is_told_to_upgrade(store_url, under_the_eagle, discord):
    shell = Shell(store_url)
    shell.ok(*under_the_eagle.step("new"))
    assert "no turn notice is due" in shell.ok("notify", "--webhook", discord.url, "--keep").stdout
    shell.ok(*under_the_eagle.step("scenario-result"))  # Rome (Marcus) won scenario 1
    assert "Marcus: told by Discord" in shell.ok("notify").stdout
    assert "upgrade" in payloads(discord)[0]["content"]


def test_hw_2_3_the_player_of_the_nation_whose_turn_comes_is_told(store_url, discord):
    from helpers.shell import Script

    wall = Script("hadrians-wall")
    shell = Shell(store_url)
    shell.ok(*wall.step("new"))
    assert "Ann: told by Discord" in shell.ok("notify", "--webhook", discord.url, "--keep").stdout
    shell.play(wall.between("new", "advance --to brigantes"))  # the Brigantes: Cid's
    said = shell.ok("notify").stdout
    assert "Cid: told by Discord" in said and "Ann" not in said
    assert len(discord.requests) == 2


@pytest.mark.clock("2026-12-01T12:00Z")
def test_reminders_go_at_the_times_set_before_the_deadline_once_each(spring_store, discord):
    """`deadline remind 24h,2h`: whoever must still act is reminded a day and two hours before
    the deadline, once each; a run that comes late sends the nearest reminder only."""
    spring_store.ok("deadline", "set", "2026-12-14T18:00Z")
    assert "reminded 24h, 2h before" in spring_store.ok("deadline", "remind", "2h,24h").stdout
    hook = ["--webhook", discord.url, "--keep"]
    spring_store.ok("notify", *hook, "--now", "2026-12-10T12:00Z")  # the turn notice alone
    assert len(discord.requests) == 1
    said = {}
    for moment in ("2026-12-13T17:59Z", "2026-12-13T19:00Z", "2026-12-13T20:00Z",
                   "2026-12-14T16:30Z", "2026-12-14T17:00Z", "2026-12-14T18:30Z"):  # fmt: skip
        said[moment] = spring_store.ok("notify", "--now", moment).stdout
    assert [m for m, out in said.items() if "reminded" in out] == [
        "2026-12-13T19:00Z",
        "2026-12-14T16:30Z",
    ]
    reminders = [p["content"] for p in payloads(discord)[1:]]
    assert len(reminders) == 2 and all("the deadline is near" in r for r in reminders)
    assert all(p["allowed_mentions"]["users"] == [CID] for p in payloads(discord)[1:])


@pytest.mark.clock("2026-12-01T12:00Z")
def test_a_late_run_sends_one_reminder_not_every_one_missed(spring_store, discord):
    spring_store.ok("deadline", "set", "2026-12-14T18:00Z")
    spring_store.ok("deadline", "remind", "24h 2h")
    spring_store.ok("notify", "--webhook", discord.url, "--keep", "--now", "2026-12-14T17:00Z")
    spring_store.ok("notify", "--now", "2026-12-14T17:30Z")
    contents = [p["content"] for p in payloads(discord)]
    assert len(contents) == 2 and "the deadline is near" in contents[1]


def test_a_hub_with_notify_tells_the_next_player_as_soon_as_a_form_is_recorded(
    spring_store, spring, discord
):
    """Issue #27: on `serve --notify`, Cid declaring from his page makes it Dag's turn, and Dag
    is pinged in the channel at once, not at the next `notify`; the answer does not wait."""
    from starlette.testclient import TestClient

    from campaign.web.hub import hub

    spring_store.ok("contact", "Dag", "--discord", BOB)
    spring_store.ok("notify", "--webhook", discord.url, "--keep")  # Cid's own notice, sent
    app = hub(str(spring_store.db), notify=True)
    client = TestClient(app)
    cid = "/a/" + re.search(r"/a/(\S+)", spring_store.ok("invite", "Cid").stdout).group(1)
    page = client.get(cid).text
    client.post(f"{cid}/attack", data=form_fields(page, "attack", choice="Essex|Kent"))
    from campaign.notify.notices import kept_notices
    from campaign.service.unit_of_work import Campaigns

    def dags() -> str:
        store = Campaigns(str(spring_store.db))
        try:
            kept = kept_notices(store.secrets.unseal("Spring 869"))
        finally:
            store.close()
        return next((n.state for n in kept if n.player == "Dag"), "none")

    for _ in range(200):  # the hub's thread: sent, then marked
        if dags() == "sent":
            break
        time.sleep(0.05)
    assert dags() == "sent" and len(discord.requests) == 2
    second = payloads(discord)[1]
    assert f"<@{BOB}>" in second["content"] and second["allowed_mentions"]["users"] == [BOB]
    assert "no turn notice is due" in spring_store.ok("notify").stdout


def test_a_notice_discord_refused_stays_due_and_goes_the_next_time(spring_store, discord):
    discord.answers.append((403, {}))
    says = spring_store.refuses("notify", "--webhook", discord.url, "--keep")
    assert "Discord refused the post (HTTP 403" in says
    assert "Cid: told by Discord" in spring_store.ok("notify").stdout
    assert len(discord.requests) == 2


def test_a_round_played_to_its_end_tells_each_player_exactly_when_his_turn_comes(
    store_url, spring, discord
):
    """Issue #27: round 1 of Spring 869 with `notify` after every command. BC-4: each player on
    turn is told as his turn comes (Cid, Dag, Eve, Bob); Ann forfeits by the rules (BC-4.4), so
    the battles begin and those who must report them are told together, Bob too: his turn to
    declare is over and his battle is a new task (issue #46); the results tell nobody until
    round 2 makes it Dag's turn (BC-3.2); the note tells nobody."""
    ids = {p: str(10**17 + i) for i, p in enumerate(("Ann", "Bob", "Cid", "Dag", "Eve"))}
    shell = Shell(store_url)
    told = []

    def notified() -> list[str]:
        before = len(discord.requests)
        shell.ok("notify")
        sent = payloads(discord)[before:]
        return [p for m in sent for p, i in ids.items() if f"<@{i}>" in m["content"]]

    shell.ok(*spring.step("new"))
    for player, given in ids.items():
        shell.ok("contact", player, "--discord", given)
    shell.ok("notify", "--webhook", discord.url, "--keep")
    told.append([p for m in payloads(discord) for p, i in ids.items() if f"<@{i}>" in m["content"]])
    for words in spring.between("new", "note"):
        shell.ok(*words)
        told.append(notified())
    assert told == [
        ["Cid"],
        ["Dag"],
        ["Eve"],
        ["Bob"],
        ["Bob", "Cid", "Dag", "Eve"],
        [],
        [],
        [],
        ["Dag"],
        [],
    ]
    for message in payloads(discord):  # each message pings the people it names, nobody else
        named = [i for i in ids.values() if f"<@{i}>" in message["content"]]
        assert message["allowed_mentions"] == {"parse": [], "users": named}


def test_two_senders_at_once_send_each_notice_once(spring_store, discord):
    """#31: the hub's processes (`serve --workers N --notify`) and `campaign notify` run by cron
    may send at the same instant: each notice is claimed for sending by one insert in the store,
    so eight senders at once ping Cid once (before, each marked it "sending" after reading it
    due, and every sender that read it before the first mark sent it too)."""
    from concurrent.futures import ThreadPoolExecutor

    from campaign.input.clock import now
    from campaign.notify import delivery
    from campaign.service.unit_of_work import Campaigns

    spring_store.ok("contact", "cid", "--discord", CID)
    discord.slow = [0.3]  # the first sender is slow to be answered: the others read it due

    def send(_: int) -> list[str]:
        campaigns = Campaigns(str(spring_store.db), existing=True)
        try:
            return delivery.send_due(campaigns, "Spring 869", None, now(), discord.url).told
        finally:
            campaigns.close()

    with ThreadPoolExecutor(8) as pool:
        told = [line for lines in pool.map(send, range(8)) for line in lines]
    assert told == ["Cid: told by Discord."]
    assert len(discord.requests) == 1
