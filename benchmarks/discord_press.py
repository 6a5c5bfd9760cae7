"""Playing from Discord at a long log (issue #49: an action through Discord costs at most 50 ms in
the hub at 1,000 events): Cid's `/campaign turn` and his pick of an attack (his menu's first
choice), then the same typed — the autocomplete of `/campaign act`'s choice as he types "from",
and `/campaign act action:attack choice:…` with its first suggestion — each a signed interaction
posted to the hub's interactions endpoint through Starlette's test client, in process; after
each attack the organiser's console takes it back (not timed), so that every run acts on the
same state. Stores built as `readmodel.py` builds them
(Spring 869's draw, then notes up to N events); medians of --runs.

    python benchmarks/discord_press.py [--sizes 1000 100000] [--runs 7]

Run from a checkout's root to measure that checkout.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))
sys.path.insert(1, str(Path(__file__).resolve().parent))

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey  # noqa: E402
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat  # noqa: E402
from hub_post import links, ready  # noqa: E402
from readmodel import built_logs, sizes_and_runs  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from campaign.input.clock import now  # noqa: E402
from campaign.notify.discord import BOUND  # noqa: E402
from campaign.notify.notices import CONTACT  # noqa: E402
from campaign.service.unit_of_work import Campaigns  # noqa: E402
from campaign.web.hub import hub  # noqa: E402

CHANNEL, CID = "555555555555555555", "111111111111111111"
KEY = Ed25519PrivateKey.generate()


def signed(client: TestClient, body: dict) -> dict:
    raw = json.dumps(body).encode()
    stamp = str(int(now().timestamp()))  # the program's one clock, as the hub reads it
    headers = {
        "X-Signature-Ed25519": KEY.sign(stamp.encode() + raw).hex(),
        "X-Signature-Timestamp": stamp,
    }
    answer = client.post("/discord/interactions", content=raw, headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


def interaction(kind: int, data: dict, ident: str) -> dict:
    return {
        "id": ident,
        "type": kind,
        "channel_id": CHANNEL,
        "member": {"user": {"id": CID}},
        "data": data,
    }


def first_choice(shown: dict) -> dict:
    """What pressing the answer's first choice sends: its first button, or its select menu's
    first option (a form of more choices than a row of buttons holds)."""
    part = shown["data"]["components"][0]["components"][0]
    if part["type"] == 3:
        return {"custom_id": part["custom_id"], "component_type": 3, "values": ["0"]}
    return {"custom_id": part["custom_id"], "component_type": 2}


def act(choice: str, focused: bool = False) -> dict:
    """`/campaign act action:attack choice:CHOICE` (an autocomplete's, `focused` on the choice)."""
    given = [
        {"name": "action", "type": 3, "value": "attack"},
        {"name": "choice", "type": 3, "value": choice, **({"focused": True} if focused else {})},
    ]
    return {"name": "campaign", "options": [{"name": "act", "type": 1, "options": given}]}


def bind(db: Path) -> None:
    """Bench played in a channel, Cid's contact his Discord id."""
    store = Campaigns(str(db))
    store.secrets.keep("Bench", BOUND, CHANNEL)
    store.secrets.keep("Bench", CONTACT + "cid", json.dumps({"discord": CID}))
    store.close()


def main() -> None:
    options = sizes_and_runs()
    public = KEY.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    os.environ["CAMPAIGN_DISCORD_PUBLIC_KEY"] = public
    print("| events | interaction | median |")
    print("|---|---|---|")
    for size, db in built_logs(options.sizes):
        bind(db)
        made = links(db)
        client = TestClient(hub(str(db)))
        turn = {"name": "campaign", "options": [{"name": "turn", "type": 1}]}
        times: dict[str, list[float]] = {
            "/campaign turn": [],
            "a press: the attack": [],
            "act's autocomplete": [],
            "/campaign act: the attack": [],
        }

        def timed(
            name: str, run: int, body: dict, client: TestClient = client, times: dict = times
        ) -> dict:
            start = time.perf_counter()
            answered = signed(client, body)
            if run:  # the first warms imports and templates
                times[name].append(time.perf_counter() - start)
            return answered

        for run in range(options.runs + 1):
            shown = timed("/campaign turn", run, interaction(2, turn, f"t{run}"))
            pressed = timed(
                "a press: the attack", run, interaction(3, first_choice(shown), f"p{run}")
            )
            assert pressed["data"]["content"].startswith("Cid: Recorded"), pressed
            ready(client, made["Olga"], "command", choice="undo --reason bench")()
            typing = act("from", focused=True)
            offered = timed("act's autocomplete", run, interaction(4, typing, f"s{run}"))
            chosen = offered["data"]["choices"][0]["value"]
            acted = timed("/campaign act: the attack", run, interaction(2, act(chosen), f"a{run}"))
            assert acted["data"]["content"].startswith("Cid: Recorded"), acted
            ready(client, made["Olga"], "command", choice="undo --reason bench")()
        for name, measured in times.items():
            median = statistics.median(measured) * 1000
            print(f"| {size:,} | {name} | {median:.1f} ms |", flush=True)


if __name__ == "__main__":
    main()
