"""Issue #49: playing from Discord through the hub's interactions endpoint. Discord's side is
played by the test: each interaction signed with an Ed25519 key of the test's own (its public
half the application's key the hub is given), or signed wrong, and posted to the real hub."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from conftest import BOB, CID, Shell
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from starlette.testclient import TestClient

from campaign.web.hub import hub

CHANNEL = "555555555555555555"
STRANGER = "999999999999999999"
NOW = "2026-12-01T14:00Z"
SIGNED = int(datetime.fromisoformat(NOW).timestamp())
"""When Discord signed the interactions: the hub's pinned clock's now."""


class Discord:
    """Discord as the hub sees it: the application's key, and interactions signed with it."""

    def __init__(self, client: TestClient, key: Ed25519PrivateKey) -> None:
        self.client, self.key, self.sent = client, key, 0

    def post(self, body: dict, stamp: int = SIGNED, key: Ed25519PrivateKey | None = None):
        raw = json.dumps(body).encode()
        signature = (key or self.key).sign(str(stamp).encode() + raw).hex()
        headers = {"X-Signature-Ed25519": signature, "X-Signature-Timestamp": str(stamp)}
        return self.client.post("/discord/interactions", content=raw, headers=headers)

    def command(self, user: str, sub: str, ident: str | None = None):
        self.sent += 1
        return self.post(
            {
                "id": ident or f"c{self.sent}",
                "type": 2,
                "channel_id": CHANNEL,
                "member": {"user": {"id": user}},
                "data": {"name": "campaign", "options": [{"name": sub, "type": 1}]},
            }
        ).json()

    def press(self, user: str, custom_id: str, ident: str | None = None):
        self.sent += 1
        return self.post(
            {
                "id": ident or f"p{self.sent}",
                "type": 3,
                "channel_id": CHANNEL,
                "member": {"user": {"id": user}},
                "data": {"custom_id": custom_id, "component_type": 2},
            }
        ).json()


def buttons(answer: dict) -> dict[str, str]:
    """The buttons of an answer: label → custom id."""
    rows = answer["data"].get("components", [])
    return {b["label"]: b["custom_id"] for row in rows for b in row["components"]}


@pytest.fixture
def played(store_url, spring, monkeypatch):
    """Spring 869 begun, bound to a channel; Cid and Bob linked to their Discord accounts."""
    key = Ed25519PrivateKey.generate()
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    monkeypatch.setenv("CAMPAIGN_DISCORD_PUBLIC_KEY", public)
    shell = Shell(store_url)
    shell.ok(*spring.step("new"))  # Cid declares first
    shell.ok("contact", "Cid", "--discord", CID)
    shell.ok("contact", "Bob", "--discord", BOB)
    assert CHANNEL in shell.ok("discord", "bind", CHANNEL).stdout
    return shell, Discord(TestClient(hub(str(store_url))), key)


@pytest.mark.clock(NOW)
def test_49_a_ping_is_answered_and_an_unsigned_interaction_is_401(played):
    """Discord's own probes: a signed PING is PONG; a missing, a wrong, or a stale signature is
    401, and nothing is read of the body."""
    shell, discord = played
    assert discord.post({"type": 1}).json() == {"type": 1}
    other = Ed25519PrivateKey.generate()
    assert discord.post({"type": 1}, key=other).status_code == 401
    assert discord.post({"type": 1}, stamp=SIGNED - 3600).status_code == 401
    bare = discord.client.post("/discord/interactions", content=b'{"type": 1}')
    assert bare.status_code == 401


@pytest.mark.clock(NOW)
def test_49_a_player_declares_his_attack_from_discord_as_on_the_command_line(
    played, spring, tmp_path
):
    """`/campaign turn` shows Cid his step's choices as buttons, to him alone; a press records
    the attack as the command line does — the same event, by Cid — said in the channel; the
    same interaction delivered again records nothing twice."""
    shell, discord = played
    turn = discord.command(CID, "turn")
    assert (
        turn["data"]["flags"] == 64 and "Declare your attack for round 1" in turn["data"]["content"]
    )
    choice = next(c for label, c in buttons(turn).items() if label.startswith("from Essex on Kent"))
    before = len(shell.json("log"))
    done = discord.press(CID, choice, ident="press-1")
    assert "flags" not in done["data"] and done["data"]["content"].startswith("Cid: Recorded:")
    assert done["data"]["allowed_mentions"] == {"parse": []}
    again = discord.press(CID, choice, ident="press-1")  # Discord retried the same interaction
    assert again["data"]["flags"] == 64
    log = shell.json("log")
    assert len(log) == before + 1 and log[-1]["actor"] == "Cid"
    cli = Shell(tmp_path / "cli.sqlite", tmp_path / "another-reader.json")
    cli.ok(*spring.step("new"))
    cli.ok(*spring.step("attack Essex Kent"))
    (recorded,) = [e for e in cli.json("log") if e["type"] == "AttackDeclared"]
    assert (log[-1]["type"], log[-1]["data"]) == (recorded["type"], recorded["data"])


@pytest.mark.clock(NOW)
def test_49_a_stale_button_and_a_stranger_are_refused_to_them_alone(played, spring):
    """A button from a message the campaign moved on from is refused ("moved on"), as a stale
    page's form is; a Discord user with no contact is told how to be linked; neither records."""
    shell, discord = played
    choice = next(iter(buttons(discord.command(CID, "turn")).values()))
    shell.ok(*spring.step("attack Essex Kent"))  # the organiser entered it meanwhile
    before = len(shell.json("log"))
    stale = discord.press(CID, choice)
    assert stale["data"]["flags"] == 64 and "moved on" in stale["data"]["content"]
    stranger = discord.command(STRANGER, "turn")
    assert (
        stranger["data"]["flags"] == 64
        and "campaign contact NAME --discord" in (stranger["data"]["content"])
    )
    assert "Nothing waits for you" in discord.command(BOB, "turn")["data"]["content"]
    assert len(shell.json("log")) == before


@pytest.mark.clock(NOW)
def test_49_a_channel_bound_to_no_campaign_and_a_bad_channel_id(played):
    shell, discord = played
    assert "17 to 20 digits" in shell.refuses("discord", "bind", "general")
    shell.ok("discord", "unbind")
    assert (
        "No campaign is played in this channel" in discord.command(CID, "status")["data"]["content"]
    )


class Api:
    """Discord's REST API on 127.0.0.1: records each PUT (path, Authorization, body) and answers
    with the commands it was given (or `refuse`, an HTTP status)."""

    def __init__(self) -> None:
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        self.requests: list[tuple[str, str, list]] = []
        self.refuse: int | None = None
        api = self

        class Handler(BaseHTTPRequestHandler):
            def do_PUT(self) -> None:  # noqa: N802 (the standard library's name)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                api.requests.append((self.path, self.headers["Authorization"], json.loads(body)))
                self.send_response(api.refuse or 200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(body if api.refuse is None else b'{"message": "401"}')

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/api/v10"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


NAME = r"[-_a-z0-9]{1,32}"


def within_limits(command: dict) -> list[str]:
    """What of a command (and its options, all the way down) breaks Discord's limits: a name of
    1 to 32 lower-case characters, a description of 1 to 100, at most 25 options or choices."""
    import re

    broken = []
    if not re.fullmatch(NAME, command["name"]):
        broken.append(f"name {command['name']!r}")
    if not 1 <= len(command.get("description", "")) <= 100:
        broken.append(f"description of {command['name']}")
    for many in ("options", "choices"):
        if len(command.get(many, [])) > 25:
            broken.append(f"{many} of {command['name']}")
    for option in command.get("options", []):
        broken += within_limits(option)
    return broken


def test_49_every_registered_command_is_within_discords_limits():
    """A command Discord refuses at registration breaks every command of the application in
    production (AsyncTI4's bot once left every server that way): checked here, not there."""
    from campaign.web.interactions import COMMANDS

    assert COMMANDS and [b for c in COMMANDS for b in within_limits(c)] == []


def test_49_discord_register_puts_the_commands_with_the_bots_token(tmp_path, monkeypatch):
    """`campaign discord register` overwrites the application's commands for one server with
    the bot's token from the environment, which no output shows; a refused token is one
    sentence."""
    from campaign.web.interactions import COMMANDS

    api, shell = Api(), Shell(tmp_path / "store.sqlite")
    app, guild = "123456789012345678", "234567890123456789"
    untold = shell("discord", "register", "--application", app, "--api", api.url)
    assert untold.exit_code != 0 and "CAMPAIGN_DISCORD_TOKEN" in untold.stderr
    monkeypatch.setenv("CAMPAIGN_DISCORD_TOKEN", "bot-token-secret")
    said = shell.ok(
        "discord", "register", "--application", app, "--guild", guild, "--api", api.url
    ).stdout
    assert f"server {guild}" in said and "1 command(s)" in said and "secret" not in said
    ((path, token, body),) = api.requests
    assert path == f"/api/v10/applications/{app}/guilds/{guild}/commands"
    assert (token, body) == ("Bot bot-token-secret", COMMANDS)
    api.refuse = 401
    refused = shell("discord", "register", "--application", app, "--api", api.url)
    assert refused.exit_code != 0 and "the token was refused" in refused.stderr
    assert "secret" not in refused.stderr + refused.stdout


DAG = "444444444444444444"


@pytest.mark.clock(NOW)
def test_49_a_battle_reported_in_a_modal_and_confirmed_by_a_button(played, spring):
    """BC-6.2 from Discord: Cid's "Report the battle for Kent" opens a modal for the casualty
    figures; sent, it records his report; Dag's turn then offers to confirm those figures, and
    his press records the result — each as the hub's form records it, by its own player."""
    shell, discord = played
    shell.ok("contact", "Dag", "--discord", DAG)
    shell.play(spring.between("new", "attack Hwicce West Anglia"))
    report = buttons(discord.command(CID, "turn"))["Kent"]
    modal = discord.press(CID, report)
    assert modal["type"] == 9 and modal["data"]["custom_id"] == report
    fields = [row["components"][0] for row in modal["data"]["components"]]
    assert [f["custom_id"] for f in fields] == ["attacker", "defender", "winner"]
    assert all(len(f["label"]) <= 45 for f in fields) and fields[2]["placeholder"] == "Cid or Dag"
    typed = {"attacker": "20", "defender": "45", "winner": ""}
    sent = discord.post(
        {
            "id": "modal-1",
            "type": 5,
            "channel_id": CHANNEL,
            "member": {"user": {"id": CID}},
            "data": {
                "custom_id": report,
                "components": [
                    {"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]}
                    for k, v in typed.items()
                ],
            },
        }
    ).json()
    assert sent["data"]["content"].startswith("Cid: Recorded:"), sent
    assert shell.json("log")[-1]["actor"] == "Cid"
    confirm = buttons(discord.command(DAG, "turn"))
    (choice,) = [c for label, c in confirm.items() if label.endswith(": confirm")]
    done = discord.press(DAG, choice)
    assert done["data"]["content"].startswith("Dag: Recorded:"), done
    fought = [e for e in shell.json("log") if e["type"] == "BattleFought"]
    assert [e["actor"] for e in fought] == ["Dag"]
    figures = fought[0]["data"]
    assert (figures["attacker_casualties"], figures["defender_casualties"]) == (20, 45)


@pytest.mark.clock(NOW)
def test_49_the_same_press_delivered_to_two_workers_records_once(played, store_url):
    """`serve --workers N`: Discord may deliver an interaction again, and another worker may get
    it. The id is claimed in the store beside the log, so a second hub over the same store
    records nothing twice."""
    import threading

    shell, discord = played
    other = Discord(TestClient(hub(str(store_url))), discord.key)
    choice = next(iter(buttons(discord.command(CID, "turn")).values()))
    before = len(shell.json("log"))
    answers: list[dict] = []
    presses = [
        threading.Thread(target=lambda d=d: answers.append(d.press(CID, choice, ident="twice")))
        for d in (discord, other)
    ]
    for press in presses:
        press.start()
    for press in presses:
        press.join()
    assert len(shell.json("log")) == before + 1
    assert sorted("flags" in a["data"] for a in answers) == [False, True]


@pytest.mark.clock(NOW)
def test_49_a_name_written_as_markdown_reaches_discord_as_text(played):
    """A player's name with Discord's Markdown in it (a stranger's choice) is said as typed:
    escaped, never bold nor underlined, and pinging nobody."""
    shell, discord = played
    shell.ok("rename-player", "Cid", "Cid**_x_**", "--reason", "his choice")
    shell.ok("contact", "Cid**_x_**", "--discord", CID)
    choice = next(iter(buttons(discord.command(CID, "turn")).values()))
    said = discord.press(CID, choice)["data"]
    assert said["content"].startswith("Cid\\*\\*\\_x\\_\\*\\*: Recorded:"), said
    assert said["allowed_mentions"] == {"parse": []}
