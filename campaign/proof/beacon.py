"""The public randomness beacon, entered and never trusted (issue #52): a round of the League of
Entropy's drand quicknet is a BLS signature that anyone checks offline against the network's
public key, so a value the organiser enters proves itself, and a value he made up does not.

quicknet is "unchained" (a round's message is the SHA-256 of the round number alone, 8 bytes
big-endian, not of the round before), signs on G1 (48-byte signatures) under a public key on G2
(96 bytes), "min-sig" BLS on BLS12-381, hashing the message to G1 by RFC 9380 with the DST below.
A round's randomness is the SHA-256 of its signature. Round 1 was signed at the genesis, and one
round every period after it.

The library: py-arkworks-bls12381 (the `beacon` extra), chosen by measuring the four on PyPI
here side by side (benchmarks/beacon.py; figures in benchmarks/README.md). All four verify
quicknet's rounds under its DST. py-ecc is pure Python: ~360 ms a round and ~340 ms to import,
far over the issue's 20 ms. blspy (Chia's), ~1.7 ms, has had no release since 2024-03. pyblst
(blst's bindings) is the fastest, ~1.4 ms a round, but a single maintainer's alpha, with neither
documentation nor type stubs. py-arkworks-bls12381, ~2.7 ms a round and under 1 ms to import, is
kept in the ethereum organisation's repository (released 2026-06), documents its RFC 9380
`hash_to_curve(msg, dst)`, ships type stubs (this folder is checked by mypy --strict) and reads
a point only in G1's prime-order subgroup unless asked not to; it reads any 48 bytes flagged
"infinity" as that point, so `_signed` holds a signature to its one canonical encoding. The
millisecond it costs over pyblst is paid once a round entered, and once a round `verify`
replays.
"""

from __future__ import annotations

import hashlib
import string
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from campaign.errors import CampaignError

LAST_ROUND = 2**64 - 1
"""The last round a message of 8 bytes names."""


@dataclass(frozen=True)
class Network:
    """A drand network as its `/info` publishes it: `chain_hash` is the SHA-256 of its period,
    genesis, public key, group hash and beacon id (drand's `chain.Info.Hash`), so the chain
    hash people quote names this public key and no other."""

    name: str
    chain_hash: str
    public_key: str
    genesis: int
    period: int
    group_hash: str
    beacon_id: str
    scheme: str
    dst: bytes


QUICKNET = Network(
    name="drand quicknet",
    chain_hash="52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
    public_key=(
        "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2"
        "d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76ea"
        "e8991ef5ece45a"
    ),
    genesis=1692803367,
    period=3,
    group_hash="f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e",
    beacon_id="quicknet",
    scheme="bls-unchained-g1-rfc9380",
    dst=b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_",
)

NETWORKS = {QUICKNET.chain_hash: QUICKNET}
"""The networks this program checks rounds of, by chain hash."""

SIGNATURE_BYTES = 48


@dataclass(frozen=True)
class Round:
    """A round whose signature verified against its network's public key."""

    number: int
    signature: str
    network: Network

    @property
    def randomness(self) -> str:
        """The beacon's value: the SHA-256 of the signature (hex)."""
        return hashlib.sha256(bytes.fromhex(self.signature)).hexdigest()

    @property
    def time(self) -> datetime:
        return round_time(self.number, self.network)

    def fields(self) -> dict[str, Any]:
        """What the log records of it, the network's chain hash and key with it: a later reader
        checks the signature against the key written beside it."""
        return {
            "beacon_round": self.number,
            "signature": self.signature,
            "randomness": self.randomness,
            "chain_hash": self.network.chain_hash,
            "public_key": self.network.public_key,
        }


def known(chain_hash: str) -> Network:
    """The network a log names by its chain hash, as this program knows it (its public key
    from here, never from the log)."""
    network = NETWORKS.get(chain_hash.strip().lower())
    if network is None:
        shown = chain_hash[:16] if chain_hash.isascii() and chain_hash.isalnum() else "?"
        raise CampaignError(
            f"The beacon network with chain hash {shown}… is not one this program checks "
            f"rounds of (it knows {QUICKNET.name}, {QUICKNET.chain_hash[:16]}…)."
        )
    return network


def message(number: int) -> bytes:
    """What round `number` of an unchained network signs: SHA-256 of the round, 8 bytes
    big-endian."""
    return hashlib.sha256(number.to_bytes(8, "big")).digest()


def verified(number: int, signature: str, network: Network = QUICKNET) -> Round:
    """Round `number` with `signature` (hex, as the network's HTTP API gives it), refused in one
    sentence unless the signature is the network's on that round."""
    _check_number(number)
    raw = _signature_bytes(number, signature, network)
    if not _signed(number, raw, network):
        raise CampaignError(
            f"Round {number}'s signature does not verify against {network.name}'s public key: "
            "it is not the beacon's."
        )
    return Round(number, raw.hex(), network)


def _check_number(number: int) -> None:
    if not 1 <= number <= LAST_ROUND:
        raise CampaignError(
            f"A beacon round is a whole number from 1 to {LAST_ROUND}, not {number}."
        )


def _signature_bytes(number: int, signature: str, network: Network) -> bytes:
    """The signature's bytes from its hex (spaces around it and a leading 0x allowed), refusing
    what is not hex or not one signature long."""
    digits = signature.strip().lower().removeprefix("0x")
    wanted = f"{network.name}'s signatures are {2 * SIGNATURE_BYTES} hexadecimal characters"
    if not digits or not set(digits) <= set(string.hexdigits):
        raise CampaignError(f"Round {number}'s signature is not hexadecimal: {wanted}.")
    if len(digits) != 2 * SIGNATURE_BYTES:
        raise CampaignError(
            f"Round {number}'s signature has {len(digits)} characters: {wanted} "
            f"({SIGNATURE_BYTES} bytes)."
        )
    return bytes.fromhex(digits)


def _signed(number: int, raw: bytes, network: Network) -> bool:
    """Whether `raw` is the network's BLS signature of the round: e(σ, g₂) = e(H(m), pk), checked
    as e(σ, g₂)·e(−H(m), pk) = 1 in one pairing check (`G2Point()` is g₂). A signature that is
    not a point of G1's prime-order subgroup, written in its one canonical encoding, is refused
    before: the randomness is the hash of the signature's bytes, so a point written two ways
    (arkworks reads any 48 bytes with the infinity flag set as the point at infinity) would give
    two values to choose from. The library is imported here alone (the `beacon` extra): no other
    command pays for it."""
    try:
        from py_arkworks_bls12381 import GT, G1Point, G2Point
    except ImportError:
        raise CampaignError(
            "Checking a beacon round needs the BLS12-381 library of the beacon extra: "
            "pip install 'campaign[beacon]'."
        ) from None
    try:
        sigma = G1Point.from_compressed_bytes(raw)
    except ValueError:
        sigma = None
    if sigma is None or sigma.to_compressed_bytes() != raw:  # one point, one way to write it
        raise CampaignError(
            f"Round {number}'s signature is not a point of the curve {network.name} signs on: "
            "it is not the beacon's."
        )
    key = G2Point.from_compressed_bytes(bytes.fromhex(network.public_key))
    hashed = G1Point.hash_to_curve(message(number), network.dst)
    return GT.pairing_check([sigma, -hashed], [G2Point(), key])


def round_time(number: int, network: Network = QUICKNET) -> datetime:
    """When round `number` is signed: the genesis, and one period a round after it (UTC)."""
    _check_number(number)
    since = timedelta(seconds=(number - 1) * network.period)
    return datetime.fromtimestamp(network.genesis, timezone.utc) + since


def first_round_after(instant: datetime, network: Network = QUICKNET) -> int:
    """The first round signed strictly after `instant` (an aware datetime): one that did not
    exist yet when something was recorded at `instant`."""
    if instant.tzinfo is None:
        raise ValueError("first_round_after needs an instant with its time zone")
    genesis = datetime.fromtimestamp(network.genesis, timezone.utc)
    if instant < genesis:
        return 1
    elapsed = (instant - genesis) // timedelta(microseconds=1)
    return elapsed // (network.period * 1_000_000) + 2
