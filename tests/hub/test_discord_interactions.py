"""Issue #49: playing from Discord through the hub's interactions endpoint. Discord's side is
played by the test: each interaction signed with an Ed25519 key of the test's own (its public
half the application's key the hub is given), or signed wrong, and posted to the real hub."""

from __future__ import annotations

import json

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from helpers.discord import CHANNEL, NOW, SIGNED, application_key, choices, picked, signed
from helpers.notices import BOB, CID
from helpers.shell import Shell
from starlette.testclient import TestClient

from campaign.web.hub import hub

STRANGER = "999999999999999999"


class Discord:
    """Discord as the hub sees it: the application's key, and interactions signed with it."""

    def __init__(self, client: TestClient, key: Ed25519PrivateKey) -> None:
        self.client, self.key, self.sent = client, key, 0

    def post(self, body: dict, stamp: int = SIGNED, key: Ed25519PrivateKey | None = None):
        return signed(self.client, key or self.key, body, stamp)

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

    def press(self, user: str, choice: str | tuple[str, str], ident: str | None = None):
        """A button pressed (its custom id), or a select menu's option picked (the menu's
        custom id and the option's value)."""
        self.sent += 1
        return self.post(
            {
                "id": ident or f"p{self.sent}",
                "type": 3,
                "channel_id": CHANNEL,
                "member": {"user": {"id": user}},
                "data": picked(choice),
            }
        ).json()


@pytest.fixture
def played(store_url, spring, monkeypatch):
    """Spring 869 begun, bound to a channel; Cid and Bob linked to their Discord accounts."""
    key = application_key(monkeypatch)
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
    choice = next(c for label, c in choices(turn).items() if label.startswith("from Essex on Kent"))
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
    choice = next(iter(choices(discord.command(CID, "turn")).values()))
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
    with the commands it was given (or `refuse`, an HTTP status); records each POST of a channel
    message (`posted`) and answers it, or, while `limits` holds a wait, 429 with that
    Retry-After."""

    def __init__(self) -> None:
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        self.requests: list[tuple[str, str, list]] = []
        self.posted: list[tuple[str, str, dict]] = []
        self.edited: list[tuple[float, str, dict, bytes]] = []
        self.limits: list[float] = []
        self.refuse: int | None = None
        api = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                api.posted.append((self.path, self.headers["Authorization"], json.loads(body)))
                wait = api.limits.pop(0) if api.limits else None
                self.send_response(200 if wait is None else 429)
                if wait is not None:
                    self.send_header("Retry-After", str(wait))
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                limited = {"message": "You are being rate limited.", "retry_after": wait}
                self.wfile.write(json.dumps({"id": "1"} if wait is None else limited).encode())

            def do_PATCH(self) -> None:  # noqa: N802 (the standard library's name)
                import time

                body = self.rfile.read(int(self.headers["Content-Length"]))
                api.edited.append((time.monotonic(), self.path, dict(self.headers), body))
                wait = api.limits.pop(0) if api.limits else None
                self.send_response(200 if wait is None else 429)
                if wait is not None:
                    self.send_header("Retry-After", str(wait))
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(json.dumps({"id": "2"}).encode())

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
SUBCOMMAND, GROUP = 1, 2
OPTION_TYPES = range(1, 12)
"""Discord's application command option types: 1 a subcommand, 2 a group of them, 3 to 11
values (string, integer, boolean, user, channel, role, mentionable, number, attachment)."""


def within_limits(command: dict, depth: int = 0) -> list[str]:
    """What of a command (and its options, all the way down) breaks Discord's limits: a name of
    1 to 32 lower-case characters, a description of 1 to 100, at most 25 options or choices a
    level, names unique a level, subcommands nested at most a group deep, required options
    before the others, choices of 1 to 100 characters."""
    import re

    name, broken = command.get("name", ""), []
    if not re.fullmatch(NAME, name) or name != name.lower():
        broken.append(f"name {name!r}")
    if not 1 <= len(command.get("description", "")) <= 100:
        broken.append(f"description of {name}")
    options = command.get("options", [])
    for many in ("options", "choices"):
        if len(command.get(many, [])) > 25:
            broken.append(f"{many} of {name}")
    if len({o["name"] for o in options}) != len(options):
        broken.append(f"option names of {name} twice")
    nested = [o for o in options if o.get("type") in (SUBCOMMAND, GROUP)]
    if nested and len(nested) != len(options):
        broken.append(f"subcommands of {name} beside values")
    if command.get("type") == GROUP and any(o.get("type") != SUBCOMMAND for o in options):
        broken.append(f"group {name} holds what is not a subcommand")
    if depth and command.get("type") not in OPTION_TYPES:
        broken.append(f"type of {name}")
    required = [bool(o.get("required")) for o in options]
    if required != sorted(required, reverse=True):
        broken.append(f"an optional option of {name} before a required one")
    for choice in command.get("choices", []):
        if not 1 <= len(choice.get("name", "")) <= 100 or len(str(choice.get("value"))) > 100:
            broken.append(f"choice {choice.get('name')!r} of {name}")
    for option in options:
        broken += within_limits(option, depth + 1)
    return broken


def characters(command: dict) -> int:
    """What Discord counts against a command's 4,000 characters: every name, description,
    choice name and value, all the way down."""
    own = len(command.get("name", "")) + len(command.get("description", ""))
    own += sum(len(c["name"]) + len(str(c["value"])) for c in command.get("choices", []))
    return own + sum(characters(o) for o in command.get("options", []))


def test_49_every_registered_command_is_within_discords_limits():
    """A command Discord refuses at registration breaks every command of the application in
    production (AsyncTI4's bot once left every server that way): checked here, not there —
    and each limit checked is one this check catches when broken."""
    from campaign.web.interactions import COMMANDS

    assert COMMANDS and len(COMMANDS) <= 100
    assert [b for c in COMMANDS for b in within_limits(c)] == []
    assert all(characters(c) <= 4000 for c in COMMANDS)
    assert len({c["name"] for c in COMMANDS}) == len(COMMANDS)
    (campaign,) = COMMANDS
    subs = [o["name"] for o in campaign["options"]]
    assert {"turn", "status", "options", "report"} <= set(subs)
    broken = [
        {"name": "Campaign", "description": "x"},
        {"name": "x" * 33, "description": "x"},
        {"name": "x", "description": ""},
        {"name": "x", "description": "x" * 101},
        {
            "name": "x",
            "description": "x",
            "options": [{"name": f"o{n}", "description": "o", "type": 3} for n in range(26)],
        },
        {
            "name": "x",
            "description": "x",
            "options": [
                {
                    "name": "o",
                    "description": "o",
                    "type": 3,
                    "choices": [{"name": "c", "value": n} for n in range(26)],
                }
            ],
        },
    ]
    assert all(within_limits(c) for c in broken)


@pytest.mark.clock(NOW)
def test_49_options_tells_a_player_what_he_may_do_in_words_to_him_alone(played):
    """`/campaign options`: Cid's step now, to him alone — the attacks the command line's
    `campaign options --player Cid` lists (BC-4), in its order, as many as one message holds
    and how many more there are; Bob, whom nothing waits for, is told what is next."""
    import re

    shell, discord = played
    listed = shell.ok("options", "--player", "Cid").stdout.splitlines()[1:]
    attacks = [re.match(r"\s+(.+?) → (.+?) \((\w+)\)", line).groups() for line in listed]
    assert len(attacks) > 25  # more than one message of buttons holds: the case worth testing
    said = discord.command(CID, "options")["data"]
    assert said["flags"] == 64 and said["allowed_mentions"] == {"parse": []}
    assert len(said["content"]) <= 2000 and "components" not in said
    text = re.sub(r"\\(.)", r"\1", said["content"])  # Discord shows an escaped character as is
    assert "Declare your attack for round 1" in text
    shown = [a for a in attacks if f"from {a[0]} on {a[1]} ({a[2]})" in text]
    more = re.search(r"… and (\d+) more line", text)
    assert shown == attacks[: len(shown)]
    assert len(shown) + (int(more.group(1)) if more else 0) == len(attacks)
    told = discord.command(BOB, "options")["data"]
    assert told["flags"] == 64 and "Nothing waits for you" in told["content"]
    assert "Cid declares an attack" in told["content"]


@pytest.mark.clock(NOW)
def test_49_report_puts_the_last_finished_rounds_markdown_in_the_channel(played, spring):
    """`/campaign report`: before any round ended, the command line's refusal, to the asker
    alone; after round 1, its Markdown report — what `campaign report --format markdown` prints,
    from its start, whole lines, within Discord's 2,000 characters — in the channel, pinging
    nobody."""
    shell, discord = played
    refusal = shell("report")
    assert refusal.exit_code != 0
    early = discord.command(CID, "report")["data"]
    assert early["flags"] == 64 and early["content"] == refusal.stderr.strip()
    shell.play(spring.between("new", "result West Anglia 64 61"))
    said = discord.command(BOB, "report")["data"]
    assert "flags" not in said and said["allowed_mentions"] == {"parse": []}
    assert len(said["content"]) <= 2000
    printed = shell.ok("report", "--format", "markdown").stdout
    first = printed.split("\n\n-------- ✂")[0]
    content, _, rest = said["content"].partition("\n… the rest of the report")
    assert first.startswith(content) and first[len(content) :][:1] in ("", "\n")
    assert content.startswith("## Spring 869") and "**Battles**" in content
    assert all(f"{n}. **" in content for n in (1, 2, 3, 4))  # the round's four battles
    assert ("✂" in printed) == (rest != "")  # a report of two messages: where the rest is


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
    assert (
        f"server {guild}" in said
        and "1 command of this application" in said
        and "secret" not in said
    )
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
    report = choices(discord.command(CID, "turn"))["Kent"]
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
    confirm = choices(discord.command(DAG, "turn"))
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
    choice = next(iter(choices(discord.command(CID, "turn")).values()))
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
    choice = next(iter(choices(discord.command(CID, "turn")).values()))
    said = discord.press(CID, choice)["data"]
    assert said["content"].startswith("Cid\\*\\*\\_x\\_\\*\\*: Recorded:"), said
    assert said["allowed_mentions"] == {"parse": []}


@pytest.mark.clock(NOW)
def test_49_a_turn_notice_goes_through_the_bot_with_the_steps_choices(played, monkeypatch):
    """With the bot's token set and the campaign bound to a channel, `campaign notify` posts the
    turn notice there through Discord's REST API as the bot (not the webhook), a 429's
    Retry-After waited out, pinging only whom it is for; it carries Cid's step as
    `/campaign turn` offers it, and his pick from it records his attack, by him. The same
    choice once the campaign moved on, or another's press of Dag's next notice, is refused to
    him alone and records nothing."""
    import time

    shell, discord = played
    shell.ok("contact", "Dag", "--discord", DAG)
    api = Api()
    monkeypatch.setenv("CAMPAIGN_DISCORD_TOKEN", "bot-token-secret")
    monkeypatch.setenv("CAMPAIGN_DISCORD_API", api.url)
    api.limits = [0.3]
    started = time.monotonic()
    told = shell.ok("notify")
    assert time.monotonic() - started >= 0.3 and "Cid: told by Discord" in told.stdout
    assert "secret" not in told.stdout + told.stderr
    refused, (path, token, body) = api.posted
    assert refused == (path, token, body)  # the same message, sent again after the wait
    assert path == f"/api/v10/channels/{CHANNEL}/messages" and token == "Bot bot-token-secret"
    assert body["allowed_mentions"] == {"parse": [], "users": [CID]}
    assert f"<@{CID}>" in body["content"]
    offered = choices({"data": body})
    assert set(offered) == set(choices(discord.command(CID, "turn")))  # what his turn offers
    assert len(offered) > 25  # more than a message of buttons holds: in select menus
    choice = next(c for label, c in offered.items() if label.startswith("from Essex on Kent ("))
    before = shell.json("log")
    done = discord.press(CID, choice)["data"]
    assert done["content"].startswith("Cid: Recorded: Round 1: Cid attacks Kent"), done
    log = shell.json("log")
    assert len(log) == len(before) + 1 and (log[-1]["actor"], log[-1]["type"]) == (
        "Cid",
        "AttackDeclared",
    )
    again = discord.press(CID, choice)["data"]
    assert again["flags"] == 64 and "moved on" in again["content"]
    shell.ok("notify")
    (_, _, dags) = api.posted[-1]
    assert dags["allowed_mentions"] == {"parse": [], "users": [DAG]}
    theirs = next(iter(choices({"data": dags}).values()))
    stranger = discord.press(BOB, theirs)["data"]
    assert stranger["flags"] == 64 and "another person's" in stranger["content"]
    shell.ok("note", "Dag asked for a day more.")  # the log moves on; Dag's step does not
    late = discord.press(DAG, theirs)["data"]
    assert late["flags"] == 64 and "moved on" in late["content"]
    assert len(shell.json("log")) == len(log) + 1
    assert all(b["allowed_mentions"]["parse"] == [] for _, _, b in api.posted)


APPLICATION, TOKEN = "123456789012345678", "aW50ZXJhY3Rpb24:token-of/this+one"
"""The application and the interaction's token Discord sends with each interaction (a token
holds characters a URL's path must escape)."""


def parts(headers: dict, body: bytes) -> dict[str, tuple[dict, bytes]]:
    """A multipart/form-data body's parts by name: each part's headers (lower-cased) and
    bytes, read as RFC 7578 writes them, independently of the program's own writing."""
    kind = next(v for k, v in headers.items() if k.lower() == "content-type")
    assert kind.startswith("multipart/form-data; boundary="), kind
    boundary = kind.split("boundary=", 1)[1].strip('"').encode()
    found = {}
    for chunk in body.split(b"--" + boundary)[1:]:
        if chunk.startswith(b"--"):
            break
        head, _, data = chunk.removeprefix(b"\r\n").partition(b"\r\n\r\n")
        fields = dict(line.split(": ", 1) for line in head.decode().split("\r\n") if ": " in line)
        fields = {k.lower(): v for k, v in fields.items()}
        name = fields["content-disposition"].split('name="', 1)[1].split('"', 1)[0]
        found[name] = (fields, data.removesuffix(b"\r\n"))
    return found


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its signature and its first chunk, IHDR (PNG spec 5.2,
    11.2.2): the signature's 8 bytes, the chunk's length (13) and type, then two 4-byte
    big-endian numbers; the IHDR's CRC checked, so a file cut or garbled there fails."""
    import struct
    import zlib

    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
    length, kind = struct.unpack(">I4s", data[8:16])
    assert (length, kind) == (13, b"IHDR")
    (crc,) = struct.unpack(">I", data[16 + length : 20 + length])
    assert zlib.crc32(data[12 : 16 + length]) == crc
    width, height = struct.unpack(">II", data[16:24])
    assert data.endswith(b"IEND\xaeB`\x82")  # the last chunk: the file is whole
    return width, height


def edits(api: Api, count: int, within: float = 60.0) -> list[tuple[float, str, dict, bytes]]:
    """The first `count` edits the stand-in received, waited for (the map is drawn in a thread
    of the hub's own, after its answer)."""
    import time

    ends = time.monotonic() + within
    while len(api.edited) < count and time.monotonic() < ends:
        time.sleep(0.05)
    assert len(api.edited) >= count, api.edited
    return api.edited[:count]


def map_command(discord: Discord, user: str) -> dict:
    discord.sent += 1
    return discord.post(
        {
            "id": f"m{discord.sent}",
            "type": 2,
            "application_id": APPLICATION,
            "token": TOKEN,
            "channel_id": CHANNEL,
            "member": {"user": {"id": user}},
            "data": {"name": "campaign", "options": [{"name": "map", "type": 1}]},
        }
    ).json()


@pytest.mark.clock(NOW)
def test_49_the_map_is_deferred_then_edited_in_as_the_command_lines_png(
    played, monkeypatch, tmp_path
):
    """`/campaign map`: answered at once "deferred, in the channel" (type 5, not only to him);
    then the map, drawn in a thread, edited into that answer through Discord's REST API —
    `PATCH /webhooks/APPLICATION/TOKEN/messages/@original`, the token escaped in the path, no
    bot token sent — as multipart: `payload_json` pinging nobody and listing its file, and
    `files[0]` a whole PNG the size of the one `campaign map -o FILE.png` draws now. A 429 is
    waited out as its Retry-After says, and the same edit sent again."""
    import time
    from urllib.parse import quote

    shell, discord = played
    api = Api()
    monkeypatch.setenv("CAMPAIGN_DISCORD_API", api.url)
    monkeypatch.setenv("CAMPAIGN_DISCORD_TOKEN", "bot-token-secret")
    api.limits = [0.4]
    deferred = map_command(discord, BOB)
    assert deferred == {"type": 5}
    (first, path, headers, body), (again, path_again, headers_again, body_again) = edits(api, 2)
    assert again - first >= 0.4 and path_again == path  # the same edit, after the wait
    assert parts(headers_again, body_again) == parts(headers, body)
    assert path == f"/api/v10/webhooks/{APPLICATION}/{quote(TOKEN, safe='')}/messages/@original"
    assert "/" not in path.split("/webhooks/")[1].split("/")[1]  # the token one segment
    assert not any(k.lower() == "authorization" for k in headers)
    sent = parts(headers, body)
    assert set(sent) == {"payload_json", "files[0]"}
    payload = json.loads(sent["payload_json"][1])
    assert payload["allowed_mentions"] == {"parse": []}
    disposition = sent["files[0]"][0]["content-disposition"]
    filename = disposition.split('filename="', 1)[1].split('"', 1)[0]
    assert payload["attachments"] == [{"id": 0, "filename": filename}]
    assert filename.endswith(".png") and sent["files[0]"][0]["content-type"] == "image/png"
    assert "Spring 869" in payload["content"]
    width, height = png_size(sent["files[0]"][1])
    shell.ok("map", "-o", str(tmp_path / "now.png"))
    assert (width, height) == png_size((tmp_path / "now.png").read_bytes()) and width > 0 < height
    time.sleep(0.2)
    assert len(api.edited) == 2 and api.posted == []  # edited, nothing posted besides


@pytest.mark.clock(NOW)
def test_49_a_kind_without_a_map_says_so_at_once_and_defers_nothing(
    store_url, monkeypatch, tmp_path
):
    """Thunderbolt has no map of regions (`campaign map` refuses it): `/campaign map` answers at
    once, to the asker alone, the command line's one sentence, and edits nothing."""
    import time

    from helpers.shell import Script

    key = application_key(monkeypatch)
    script = Script("thunderbolt")
    shell = Shell(store_url)
    shell.play(script.through("new"))
    shell.ok("contact", "Fabius", "--discord", CID)
    shell.ok("discord", "bind", CHANNEL)
    refusal = shell("map", "-o", str(tmp_path / "none.png"))
    assert refusal.exit_code != 0
    api = Api()
    monkeypatch.setenv("CAMPAIGN_DISCORD_API", api.url)
    discord = Discord(TestClient(hub(str(store_url))), key)
    said = map_command(discord, CID)
    assert said["type"] == 4 and said["data"]["flags"] == 64
    assert said["data"]["content"].replace("\\", "") == refusal.stderr.strip().replace("\\", "")
    assert "\n" not in said["data"]["content"]
    time.sleep(0.3)
    assert api.edited == [] and api.posted == []


def act(discord: Discord, user: str, action: str, choice: str, ident: str) -> dict:
    """`/campaign act action:ACTION choice:CHOICE`, as interaction `ident`."""
    given = [
        {"name": "action", "type": 3, "value": action},
        {"name": "choice", "type": 3, "value": choice},
    ]
    return discord.post(
        {
            "id": ident,
            "type": 2,
            "channel_id": CHANNEL,
            "member": {"user": {"id": user}},
            "data": {"name": "campaign", "options": [{"name": "act", "type": 1, "options": given}]},
        }
    ).json()


@pytest.mark.clock(NOW)
def test_49_the_same_act_delivered_to_two_workers_records_once(played, store_url):
    """`/campaign act` is claimed by its interaction's id as a press is: the same `act` of
    Cid's delivered to two hubs over one store at once records his attack once, by him; the
    other delivery is answered to him alone."""
    import threading

    shell, discord = played
    other = Discord(TestClient(hub(str(store_url))), discord.key)
    listed = shell.ok("options", "--player", "Cid").stdout.splitlines()
    (line,) = [line.strip() for line in listed if line.strip().startswith("Essex → Kent (")]
    words = "from " + line.replace(" → ", " on ", 1)  # the choice's words, as typed in full
    before = len(shell.json("log"))
    answers: list[dict] = []
    sent = [
        threading.Thread(target=lambda d=d: answers.append(act(d, CID, "attack", words, "twice")))
        for d in (discord, other)
    ]
    for one in sent:
        one.start()
    for one in sent:
        one.join()
    log = shell.json("log")
    assert len(log) == before + 1 and (log[-1]["actor"], log[-1]["type"]) == (
        "Cid",
        "AttackDeclared",
    )
    assert sorted("flags" in a["data"] for a in answers) == [False, True], answers
    declared = log[-1]["data"]
    assert (declared["from_region"], declared["to_region"], declared["defender"]) == (
        "Essex",
        "Kent",
        "Dag",
    )


OLAF = "777777777777777777"


@pytest.mark.clock(NOW)
def test_49_an_act_delivered_again_is_claimed_once_even_where_the_rules_allow_it_twice(
    played, store_url
):
    """The organiser's console line typed in `/campaign act action:command choice:"note …"` (a
    form whose choice is typed: no modal needed) records his note, by him, in the channel. A
    note may be written twice by the rules, so only the interaction's claim keeps Discord's
    retry — to the same hub, or to another over the same store at once — from writing it
    twice: each delivery after the first is answered to him alone and records nothing."""
    import threading

    shell, discord = played
    assert "(organiser)" in shell.ok("invite", "Olaf", "--role", "organiser").stdout
    shell.ok("contact", "Olaf", "--discord", OLAF)
    before = len(shell.json("log"))
    line = 'note "Checked against the screenshots."'
    first = act(discord, OLAF, "command", line, "note-1")
    assert "flags" not in first["data"] and first["data"]["content"].startswith("Olaf: Note:")
    again = act(discord, OLAF, "command", line, "note-1")
    assert again["data"]["flags"] == 64
    other = Discord(TestClient(hub(str(store_url))), discord.key)
    answers: list[dict] = []
    sent = [
        threading.Thread(target=lambda d=d: answers.append(act(d, OLAF, "command", line, "note-2")))
        for d in (discord, other)
    ]
    for one in sent:
        one.start()
    for one in sent:
        one.join()
    assert sorted("flags" in a["data"] for a in answers) == [False, True], answers
    log = shell.json("log")[before:]
    assert [e["actor"] for e in log] == ["Olaf", "Olaf"]
    assert [e["data"].get("text") for e in log] == ["Checked against the screenshots."] * 2


HOSTILE = "@everyone **Kent** <@444444444444444444> `x` \x1b[31mred\x1b[0m"


@pytest.mark.clock(NOW)
@pytest.mark.parametrize("typed_as", ["action", "choice"])
def test_49_what_a_player_types_into_act_is_text_in_its_refusal(played, typed_as):
    """`/campaign act` is a new way in: what a player types (an action or a choice not offered)
    comes back in the refusal's sentence. It is text there: no Markdown, no mention that pings,
    no terminal escape code; and nothing is recorded."""
    shell, discord = played
    before = len(shell.json("log"))
    action, choice = (HOSTILE, "Kent") if typed_as == "action" else ("attack", HOSTILE)
    answer = act(discord, CID, action, choice, f"hostile-{typed_as}")
    said = answer["data"]["content"]
    assert answer["data"]["flags"] == 64 and answer["data"]["allowed_mentions"] == {"parse": []}
    assert "**Kent**" not in said and "`x`" not in said and "\x1b" not in said
    assert "closest" in said
    assert len(shell.json("log")) == before
