"""Issue #52, "The beacon's value entered, never trusted": a round of drand quicknet (the League
of Entropy's public randomness beacon) is checked offline against the network's public key
before the log records it, and `verify` checks it again. quicknet signs, for round n, the
SHA-256 of n as 8 bytes big-endian (unchained), with BLS on BLS12-381: signatures on G1 (48
bytes), the key on G2, the message hashed to G1 by RFC 9380 under the DST
"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_"; a round's randomness is the SHA-256 of its
signature; round 1 was signed at the genesis (1692803367) and one round every 3 seconds since.

Every signature below is a real quicknet round, copied from public code (the network is not
reachable from the machines that run these tests), each with where it comes from:

- round 123: noislabs/drand-verify, src/verify.rs (its quicknet test, commit 9a760444f198),
  fetched there from the network's HTTP API (`/public/123`);
- rounds 1000 to 1003: ideal-lab5/idn-sdk, pallets/randomness-beacon/src/aggregator.rs
  (PULSE1000 to PULSE1003, commit 04f68c37f148).
"""

from __future__ import annotations

import hashlib
import json
import struct
from datetime import datetime, timedelta, timezone

import pytest
from helpers.shell import Shell, export_rows, rechain
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.errors import CampaignError
from campaign.proof import beacon

CHAIN_HASH = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971"
PUBLIC_KEY = (
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1"
    "064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae899"
    "1ef5ece45a"
)
GENESIS, PERIOD = 1692803367, 3

ROUNDS = {
    # noislabs/drand-verify, src/verify.rs
    123: "b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482"
    "e26cd02df835d3546d23c4b13e0dfc92",
    # ideal-lab5/idn-sdk, pallets/randomness-beacon/src/aggregator.rs
    1000: "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125"
    "e342b73a8dd2bacbe47e4b6b63ed5e39",
    1001: "b33bf3667cbd5a82de3a24b4e0e9fe5513cc1a0e840368c6e31f5fcfa79bea03"
    "f73896b25883abf2853d10337fb8fa41",
    1002: "ab066f9c12dd6de1336fca0f925192fb0c72a771c3e4c82ede1fd362c1a770f9"
    "eb05843c6308ce2530b53a99c0281a6e",
    1003: "b104c82771698f45fd8dcfead083d482694c31ab519bcef077f126f3736fe98c"
    "8392fd5d45d88aeb76b56ccfcb0296d7",
}


def wrong(number: int) -> str:
    return (
        f"Round {number}'s signature does not verify against drand quicknet's public key: "
        "it is not the beacon's."
    )


def randomness(signature: str) -> str:
    """The beacon's value of a round: the SHA-256 of its signature's bytes."""
    return hashlib.sha256(bytes.fromhex(signature)).hexdigest()


def changed(signature: str, at: int) -> str:
    """`signature` with its byte number `at` changed (each of its bits flipped)."""
    raw = bytearray(bytes.fromhex(signature))
    raw[at] ^= 0xFF
    return raw.hex()


@pytest.mark.parametrize("number", ROUNDS)
def test_52_each_published_quicknet_round_verifies(number):
    """Issue #52: a real round verifies against quicknet's key, and its randomness is the SHA-256
    of its signature."""
    entered = beacon.verified(number, ROUNDS[number])
    assert entered.number == number and entered.signature == ROUNDS[number]
    assert entered.randomness == randomness(ROUNDS[number])
    assert entered.network.chain_hash == CHAIN_HASH and entered.network.public_key == PUBLIC_KEY


@pytest.mark.parametrize("number", ROUNDS)
@pytest.mark.parametrize("at", [0, 1, 17, 47])
def test_52_a_signature_changed_by_one_byte_is_refused(number, at):
    """Issue #52: one byte of a real signature changed, and it is not the beacon's (a point off
    the curve, or a point that does not verify), said in one sentence about that round."""
    with pytest.raises(CampaignError) as refused:
        beacon.verified(number, changed(ROUNDS[number], at))
    said = str(refused.value)
    assert said.startswith(f"Round {number}'s signature ") and said.endswith(
        "it is not the beacon's."
    )


@pytest.mark.parametrize("number", [1001, 1002, 1003])
def test_52_another_rounds_real_signature_does_not_verify(number):
    """Issue #52: round 1000's signature is a real one, a point of the curve, but not round N's:
    refused in the issue's sentence."""
    with pytest.raises(CampaignError) as refused:
        beacon.verified(number, ROUNDS[1000])
    assert str(refused.value) == wrong(number)


@pytest.mark.parametrize(
    "signature, said",
    [
        ("", "Round 1000's signature is not hexadecimal"),
        ("b44679b9 not hex at all", "Round 1000's signature is not hexadecimal"),
        (ROUNDS[1000][:-2], "Round 1000's signature has 94 characters"),
        (ROUNDS[1000] + "00", "Round 1000's signature has 98 characters"),
        ("00" * 48, "Round 1000's signature is not a point of the curve drand quicknet signs on"),
        ("ff" * 48, "Round 1000's signature is not a point of the curve drand quicknet signs on"),
        ("c0" + "00" * 46 + "01", "Round 1000's signature is not a point of the curve"),
        ("c0" + "00" * 47, wrong(1000)),
    ],
)
def test_52_a_malformed_signature_is_refused_in_one_sentence(signature, said):
    """Issue #52: what is not a quicknet signature at all (not hex, not 48 bytes, not a point of
    G1, or the point at infinity written otherwise than its one encoding, c0 and 47 zero bytes:
    the randomness is the hash of the bytes, so no point may be written two ways) is refused, in
    one sentence that says why; the point at infinity written right is no signature either."""
    with pytest.raises(CampaignError) as refused:
        beacon.verified(1000, signature)
    assert str(refused.value).startswith(said) and "\n" not in str(refused.value)


def test_52_a_signature_is_read_as_people_paste_it():
    """Issue #52: upper-case hex, a leading 0x and spaces around it are the same signature."""
    pasted = f"  0x{ROUNDS[1000].upper()}\n"
    assert beacon.verified(1000, pasted).signature == ROUNDS[1000]


@pytest.mark.parametrize("number", [0, -1, 2**64])
def test_52_a_round_the_beacon_cannot_have_is_refused(number):
    """Issue #52: rounds are numbered from 1, and a message names one in 8 bytes."""
    with pytest.raises(CampaignError) as refused:
        beacon.verified(number, ROUNDS[1000])
    assert str(refused.value).startswith("A beacon round is a whole number from 1")


def test_52_quicknets_chain_hash_is_the_hash_of_its_public_key_and_info():
    """Issue #52: the chain hash everybody quotes names this public key and no other: drand's
    chain hash is SHA-256(period as 4 bytes, genesis as 8 bytes, public key, group hash, beacon
    id) (drand/drand, chain.Info.Hash); quicknet's group hash as its /info publishes it (e.g.
    keep-starknet-strange/garaga, src/src/utils/drand.cairo)."""
    group_hash = "f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e"
    info = struct.pack(">Iq", PERIOD, GENESIS) + bytes.fromhex(PUBLIC_KEY)
    digest = hashlib.sha256(info + bytes.fromhex(group_hash) + b"quicknet").hexdigest()
    assert digest == CHAIN_HASH == beacon.QUICKNET.chain_hash
    assert beacon.QUICKNET.public_key == PUBLIC_KEY
    assert (beacon.QUICKNET.genesis, beacon.QUICKNET.period) == (GENESIS, PERIOD)


@pytest.mark.parametrize("number", [1, 2, 123, 1000])
def test_52_a_rounds_time_is_the_genesis_and_a_period_a_round(number):
    """Issue #52: round n is signed at genesis + (n − 1) · 3 s."""
    expected = datetime.fromtimestamp(GENESIS + (number - 1) * PERIOD, timezone.utc)
    assert beacon.round_time(number) == expected
    if number in ROUNDS:
        assert beacon.verified(number, ROUNDS[number]).time == expected


def test_52_the_first_round_after_an_instant_did_not_exist_at_it():
    """Issue #52: the first round after the genesis instant is round 2 (round 1 was signed at
    it), and the round after 2.999999 s is still round 2; before the genesis, round 1."""
    genesis = datetime.fromtimestamp(GENESIS, timezone.utc)
    assert beacon.first_round_after(genesis - timedelta(days=1)) == 1
    assert beacon.first_round_after(genesis) == 2
    assert beacon.first_round_after(genesis + timedelta(seconds=2, microseconds=999999)) == 2
    assert beacon.first_round_after(genesis + timedelta(seconds=3)) == 3
    assert beacon.first_round_after(genesis + timedelta(seconds=999 * PERIOD - 1)) == 1000


@settings(max_examples=300, deadline=None)
@given(
    st.datetimes(
        min_value=datetime(2023, 8, 24),
        max_value=datetime(2100, 1, 1),
        timezones=st.just(timezone.utc),
    )
)
def test_52_the_first_round_after_is_after_and_the_one_before_is_not(instant):
    """Issue #52: for any instant after the genesis, the round named was signed after it and
    the round before it no later than it: the earliest round that did not exist yet."""
    number = beacon.first_round_after(instant)
    assert beacon.round_time(number) > instant >= beacon.round_time(number - 1)


def test_52_beacon_records_a_verified_round(shell: Shell, spring):
    """Issue #52: `campaign beacon ROUND SIGNATURE` records the round, its signature, the
    randomness it gives and the network (chain hash and public key) in the campaign's log;
    `verify` checks it again and passes."""
    shell.ok(*spring.step("new"))
    said = shell.ok("beacon", "1000", ROUNDS[1000]).stdout
    value = randomness(ROUNDS[1000])
    assert "Round 1000 of drand quicknet" in said and value in said
    last = shell.json("log")[-1]
    assert last["type"] == "BeaconRoundEntered" and last["round"] is None
    assert last["data"] == {
        "beacon_round": 1000,
        "signature": ROUNDS[1000],
        "randomness": value,
        "chain_hash": CHAIN_HASH,
        "public_key": PUBLIC_KEY,
    }
    assert shell.ok("verify").exit_code == 0


def test_52_beacon_refuses_what_is_not_the_beacons_and_records_nothing(shell: Shell, spring):
    """Issue #52: a signature of another round, one changed by a byte, or not a signature at
    all: one sentence, a non-zero exit, nothing appended."""
    shell.ok(*spring.step("new"))
    assert shell.refuses("beacon", "1001", ROUNDS[1000]) == wrong(1001)
    assert shell.refuses("beacon", "1000", changed(ROUNDS[1000], 47)).startswith(
        "Round 1000's signature"
    )
    assert "is not hexadecimal" in shell.refuses("beacon", "1000", "not-a-signature")
    assert "from 1 to" in shell.refuses("beacon", "0", ROUNDS[1000])


@pytest.mark.parametrize(
    "forged, said",
    [
        ({"beacon_round": 1001}, "the beacon round entered would be refused: " + wrong(1001)),
        (
            {"signature": ROUNDS[1001], "randomness": randomness(ROUNDS[1001])},
            "the beacon round entered would be refused: " + wrong(1000),
        ),
        ({"randomness": "00" * 32}, "the beacon round entered is not what the command decides"),
        ({"public_key": "a" + PUBLIC_KEY[1:]}, "is not what the command decides"),
        ({"chain_hash": "ab" * 32}, "is not one this program checks rounds of"),
    ],
    ids=["another round", "another signature", "another randomness", "another key", "unknown"],
)
def test_52_a_forged_round_in_an_imported_log_is_refused(
    shell: Shell, spring, tmp_path, forged, said
):
    """Issue #52: a forger who knows the format edits the recorded round and rechains the log;
    importing it checks the round again (as `verify` does) against quicknet's key as the program
    knows it, not the key the log supplies, and refuses it naming the event."""
    shell.ok(*spring.step("new"))
    shell.ok("beacon", "1000", ROUNDS[1000])
    rows = export_rows(shell)
    entered = next(row for row in rows[1:] if row.get("type") == "BeaconRoundEntered")
    entered["data"] |= forged
    path = tmp_path / "forged.jsonl"
    path.write_text(rechain(rows))
    result = shell("import", str(path), "--as", "Forged")
    assert result.exit_code == 1, result.output
    assert f"Event {entered['seq']}: " in result.stderr and said in result.stderr
    assert "Forged" not in json.dumps(shell.json("list"))
