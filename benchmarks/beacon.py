"""What checking a drand quicknet round costs (issue #52: at most 20 ms), with the library the
program uses (py-arkworks-bls12381, through `campaign.proof.beacon.verified`) beside the others
on PyPI that verify quicknet's min-sig BLS: pyblst (blst), blspy (Chia's) and py-ecc (pure
Python). Each verifies the same real rounds, side by side in one run, median of R runs; each
library's import is timed too, in a fresh interpreter (`-X importtime`), since every command is
a process of its own. A library that is not installed is said so and skipped.

    python -m venv /tmp/bls && /tmp/bls/bin/pip install py-arkworks-bls12381 pyblst blspy py-ecc
    PYTHONPATH=. /tmp/bls/bin/python benchmarks/beacon.py [--runs 30] [--slow-runs 3]
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from campaign.proof.beacon import QUICKNET, message, verified

ROUNDS = {
    # ideal-lab5/idn-sdk, pallets/randomness-beacon/src/aggregator.rs (PULSE1000, PULSE1001)
    1000: "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125"
    "e342b73a8dd2bacbe47e4b6b63ed5e39",
    1001: "b33bf3667cbd5a82de3a24b4e0e9fe5513cc1a0e840368c6e31f5fcfa79bea03"
    "f73896b25883abf2853d10337fb8fa41",
}
KEY = bytes.fromhex(QUICKNET.public_key)
DST = QUICKNET.dst
G2_GENERATOR = bytes.fromhex(
    "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d"
    "042b7e024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd480"
    "56c8c121bdb8"
)
Verify = Callable[[int, bytes], bool]


def program(number: int, signature: bytes) -> bool:
    """The program's own check (py-arkworks-bls12381 and what it reads first: the hex, the
    round's number): refuses by raising, so True if it returns."""
    return verified(number, signature.hex()).number == number


def with_arkworks(number: int, signature: bytes) -> bool:
    """The same library alone, as the others are timed."""
    from py_arkworks_bls12381 import GT, G1Point, G2Point

    sigma = G1Point.from_compressed_bytes(signature)
    hashed = G1Point.hash_to_curve(message(number), DST)
    return GT.pairing_check([sigma, -hashed], [G2Point(), G2Point.from_compressed_bytes(KEY)])


def with_blst(number: int, signature: bytes) -> bool:
    import pyblst

    sigma = pyblst.BlstP1Element.uncompress(signature)
    hashed = pyblst.BlstP1Element.hash_to_group(message(number), DST)
    key, g2 = pyblst.BlstP2Element.uncompress(KEY), pyblst.BlstP2Element.uncompress(G2_GENERATOR)
    return bool(pyblst.final_verify(pyblst.miller_loop(sigma, g2), pyblst.miller_loop(hashed, key)))


def with_blspy(number: int, signature: bytes) -> bool:
    import blspy

    sigma = blspy.G1Element.from_bytes(signature)
    hashed = blspy.G1Element.from_message(message(number), DST)
    key = blspy.G2Element.from_bytes(KEY)
    return bool(sigma.pair(blspy.G2Element.generator()) == hashed.pair(key))


def with_py_ecc(number: int, signature: bytes) -> bool:
    from py_ecc.bls.hash_to_curve import hash_to_G1
    from py_ecc.bls.point_compression import decompress_G1, decompress_G2
    from py_ecc.optimized_bls12_381 import (
        FQ12,
        G2,
        curve_order,
        final_exponentiate,
        is_inf,
        multiply,
        neg,
        pairing,
    )

    sigma = decompress_G1(int.from_bytes(signature, "big"))
    key = decompress_G2((int.from_bytes(KEY[:48], "big"), int.from_bytes(KEY[48:], "big")))
    if not is_inf(multiply(sigma, curve_order)):  # in the prime-order subgroup
        return False
    hashed = hash_to_G1(message(number), DST, hashlib.sha256)
    paired = pairing(G2, neg(sigma), final_exponentiate=False)
    paired *= pairing(key, hashed, final_exponentiate=False)
    return bool(final_exponentiate(paired) == FQ12.one())


LIBRARIES: list[tuple[str, str, Verify, bool]] = [
    ("the program (py-arkworks-bls12381)", "py_arkworks_bls12381", program, False),
    ("py-arkworks-bls12381 alone", "py_arkworks_bls12381", with_arkworks, False),
    ("pyblst", "pyblst", with_blst, False),
    ("blspy", "blspy", with_blspy, False),
    ("py-ecc (pure Python)", "py_ecc.optimized_bls12_381", with_py_ecc, True),
]


def checked(check: Verify) -> None:
    """The library verifies every round it is timed on, and refuses a round's signature given
    for the next round."""
    for number, signature in ROUNDS.items():
        raw = bytes.fromhex(signature)
        assert check(number, raw), f"round {number} did not verify"
        assert not _holds(check, number + 1, raw), f"round {number + 1} took round {number}'s"


def _holds(check: Verify, number: int, raw: bytes) -> bool:
    try:
        return check(number, raw)
    except Exception:  # noqa: BLE001 - the program refuses by raising
        return False


def medians(present: list[tuple[str, Verify, bool]], runs: int, slow_runs: int) -> dict[str, float]:
    """Each library's median time to check one round, the libraries taking turns run by run
    (side by side: a busy moment of the machine falls on all of them); a slow one for its first
    `slow_runs` runs alone."""
    times: dict[str, list[float]] = {name: [] for name, _, _ in present}
    for run in range(runs):
        for name, check, slow in present:
            if slow and run >= slow_runs:
                continue
            for number, signature in ROUNDS.items():
                raw = bytes.fromhex(signature)
                start = time.perf_counter()
                check(number, raw)
                times[name].append(time.perf_counter() - start)
    return {name: statistics.median(took) * 1000 for name, took in times.items()}


def import_ms(module: str) -> float:
    """The cumulative import time of `module` in a fresh interpreter."""
    found = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        capture_output=True,
        text=True,
        check=True,
    ).stderr.splitlines()
    return int(found[-1].split("|")[1]) / 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--slow-runs", type=int, default=3, help="Runs of a pure-Python library.")
    args = parser.parse_args()
    present = []
    for name, module, check, slow in LIBRARIES:
        try:
            __import__(module)
        except ImportError:
            print(f"{name}: not installed, skipped")
            continue
        checked(check)
        present.append((name, check, slow))
    found = medians(present, args.runs, args.slow_runs)
    print(f"{'library':36} {'verify (median)':>16} {'import':>10}")
    for name, module, _, _ in LIBRARIES:
        if name in found:
            over = "  over the issue's 20 ms" if found[name] > 20 else ""
            print(f"{name:36} {found[name]:13.2f} ms {import_ms(module):7.1f} ms{over}")


if __name__ == "__main__":
    main()
