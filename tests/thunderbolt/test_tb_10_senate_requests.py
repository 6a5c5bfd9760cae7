"""Thunderbolt's Senate Permission requests in an Operations Phase, on the command line (TB-10.1
to TB-10.5), with the page's example: Proconsul C. Pulcher #417 (Campaign 6) asks leave, +3
entered, die 6: 9, denied; a second "leave" request in that phase is refused."""

from __future__ import annotations

from helpers.thunderbolt.senate import to_operations
from helpers.thunderbolt.start import NEW


def test_tb_10_1_and_10_3_the_pages_example(shell):
    to_operations(shell)
    shell.ok("ask-senate", "Pulcher", "leave", "--drm", "chart=+3", "--face", "6")
    asked = shell.json("log")[-1]["data"]
    assert (asked["face"], asked["granted"], asked["phase"]) == (6, False, 1)  # 9 > 6
    assert shell.refuses("ask-senate", "Pulcher", "leave", "--face", "0").endswith("(TB-10.3).")
    for side in ("rome", "carthage"):
        shell.ok("done", "D", "--side", side)
    shell.ok("initiative", "leader")  # a new Operations Phase: he may ask again
    shell.ok("ask-senate", "Pulcher", "leave", "--drm", "chart=+3", "--face", "3")
    assert shell.json("log")[-1]["data"]["granted"] is True  # 6: at most 6
    shell.ok("verify")


def test_tb_10_5_guile_spent_takes_1_off_each_up_to_the_printed_guile(shell):
    to_operations(shell)
    assert shell.refuses("ask-senate", "Pulcher", "--guile", "2", "--face", "7").endswith(
        "(TB-10.5)."
    )  # his printed Guile is 1
    shell.ok("ask-senate", "Pulcher", "--guile", "1", "--face", "7")
    assert shell.json("log")[-1]["data"]["granted"] is True  # 7 - 1 = 6


def test_tb_10_2_and_10_4_who_asks_for_what(shell):
    to_operations(shell)
    assert shell.refuses("ask-senate", "Fabius", "leave", "--face", "1").endswith("(TB-10.4).")
    assert shell.refuses("ask-senate", "Fabius", "pu-out", "--face", "1").endswith("(TB-10.2).")
    assert shell.refuses("ask-senate", "Pulcher", "pu-out", "--face", "1").endswith("(TB-10.2).")
    assert shell.refuses("ask-senate", "Albinus", "over-8", "--face", "1").endswith("(TB-10.2).")
    refusal = shell.refuses("ask-senate", "Albinus", "enter-rome", "--face", "1")
    assert refusal.endswith("(TB-10.2).")
    shell.ok("facts", "--enemy-near-rome", "--occupied", "2")  # and a Minor Emergency
    shell.ok("ask-senate", "Albinus", "enter-rome", "--face", "1")
    shell.ok("ask-senate", "Fabius", "pu-out", "--face", "1")
    assert shell.refuses("ask-senate", "Torquatus", "--face", "1").endswith("(TB-10.1).")


def test_tb_16_3_a_senate_roll_is_the_hmac_of_its_record_naming_the_leader_by_number(shell):
    """Committed dice: the face the program recorded is H mod 10 for
    `TB|{campaign}|GT{n}|#{k}|senate|{his number}`, computed here with Python's hmac from the
    store's secret (TB-16.6's worked check, run by the program)."""
    import hashlib
    import hmac

    from helpers.thunderbolt.start import into_b2, through_b

    from campaign.service.unit_of_work import Campaigns

    shell.ok(*NEW)
    into_b2(shell)
    through_b(shell)
    shell.ok("initiative", "leader")
    status = shell.json("status")
    asking = next(m for m in status["rome"]["magistrates"] if m["office"] == "Consul")
    number = status["rome"]["leaders"][asking["leader"]]["number"]
    shell.ok("ask-senate", asking["leader"])
    asked = shell.json("log")[-1]["data"]
    secret = Campaigns(str(shell.db)).secrets.unseal("Punic")["S1"]
    message = f"TB|Punic|GT1|#{asked['number']}|senate|{number}"
    digest = hmac.new(bytes.fromhex(secret), message.encode(), hashlib.sha256).digest()
    assert asked["face"] == int.from_bytes(digest, "big") % 10
    assert shell.json("status")["rolls"][-1]["subject"] == number
