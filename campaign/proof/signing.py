"""The organiser's signing key (issue #30): an Ed25519 key (the `cryptography` library) kept in
a file of the organiser's own, outside every store, encrypted under a passphrase; its public
half is announced in a campaign's log (`KeyAnnounced`) and signs the checkpoint every report
ends with (campaign.proof.checkpoint).

Where: `CAMPAIGN_KEY`, else `$XDG_CONFIG_HOME/campaign/signing-key` (`~/.config/...`). The
passphrase: `CAMPAIGN_KEY_PASSPHRASE`, else asked at the terminal; a key made with
`--no-passphrase` is kept unencrypted (its file readable by its owner alone)."""

from __future__ import annotations

import getpass
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from campaign.errors import CampaignError
from campaign.proof.checkpoint import KEY_NAME, Checkpoint, VerifierKey, verifier

HEADER = "campaign signing key "
"""The file's first line, before the key's PEM text: the key's name follows it."""
PASSPHRASE = "CAMPAIGN_KEY_PASSPHRASE"


def key_file() -> Path:
    """Where this user's signing key is kept."""
    chosen = os.environ.get("CAMPAIGN_KEY")
    if chosen:
        return Path(chosen)
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "campaign" / "signing-key"


@dataclass(frozen=True)
class Signer:
    """A private key under its name."""

    name: str
    private: Any

    @property
    def verifier(self) -> VerifierKey:
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        public = self.private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        return VerifierKey(self.name, public)

    def sign(self, point: Checkpoint) -> Checkpoint:
        signature = self.private.sign(point.body().encode())
        return point.signed(self.verifier.line(signature))


def new(name: str, passphrase: str | None, path: Path | None = None) -> Signer:
    """A new key called `name`, written to `path` (this user's key file by default), never over
    one that exists."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    if not KEY_NAME.fullmatch(name):
        raise CampaignError(
            "A key's name is 1 to 40 letters, digits, dots, dashes or underscores, starting with "
            f"a letter or digit: {name!r} is not."
        )
    path = path or key_file()
    if path.is_symlink() and not path.exists():  # O_EXCL would refuse it, saying "exists"
        raise CampaignError(
            f"{path} is a link to {os.readlink(path)}, which is not there: a key is not written "
            "through a link; remove it, or say where the key goes (CAMPAIGN_KEY)."
        )
    if path.exists():
        raise CampaignError(
            f"{path} already holds a key: campaign key show prints it; move it away first to "
            "make another."
        )
    private = Ed25519PrivateKey.generate()
    protection = (
        serialization.BestAvailableEncryption(passphrase.encode())
        if passphrase
        else serialization.NoEncryption()
    )
    pem = private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, protection
    ).decode()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as failure:
        raise CampaignError(
            f"The key could not be written to {path}: {failure.strerror or failure}."
        ) from None
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(f"{HEADER}{name}\n{pem}")
    signer = Signer(name, private)
    _public_file(path).write_text(signer.verifier.text() + "\n", encoding="ascii")
    return signer


def _public_file(path: Path) -> Path:
    return path.with_name(path.name + ".pub")


def public(path: Path | None = None) -> str | None:
    """The public half of this user's key (kept beside it: showing or announcing it asks no
    passphrase), or None where there is no key."""
    path = path or key_file()
    if not path.is_file():
        return None
    try:
        return verifier(_public_file(path).read_text(encoding="ascii")).text()
    except (OSError, UnicodeDecodeError, CampaignError):
        signer = read(path)
        if signer is None:
            raise CampaignError(
                f"The public half of the key in {path} is missing: give its passphrase "
                f"({PASSPHRASE}) to read it from the key."
            ) from None
        return signer.verifier.text()


def for_announced(announced: str | None) -> Signer | None:
    """This user's key, if it is the one a campaign announced (else None: nothing to sign
    with); its passphrase asked only then."""
    if announced is None or public() != announced:
        return None
    return read()


def read(path: Path | None = None, ask: bool = True) -> Signer | None:
    """This user's key, or None where there is none; its passphrase from `CAMPAIGN_KEY_PASSPHRASE`
    or, when `ask` and a terminal is there, asked."""
    from cryptography.hazmat.primitives import serialization

    path = path or key_file()
    if not path.is_file():
        return None
    try:
        header, pem = path.read_text(encoding="ascii").split("\n", 1)
    except (OSError, UnicodeDecodeError, ValueError):
        raise CampaignError(f"{path} is not a campaign signing key.") from None
    name = header.removeprefix(HEADER)
    if not header.startswith(HEADER) or not KEY_NAME.fullmatch(name):
        raise CampaignError(f"{path} is not a campaign signing key.")
    encrypted = "ENCRYPTED" in pem.split("\n", 1)[0]
    secret = _passphrase(path, ask) if encrypted else None
    if encrypted and secret is None:
        return None
    try:
        private = serialization.load_pem_private_key(pem.encode(), secret)
    except (ValueError, TypeError):
        raise CampaignError(
            f"The passphrase does not open the signing key in {path} (or the file was changed)."
        ) from None
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    if not isinstance(private, Ed25519PrivateKey):
        raise CampaignError(f"{path} holds a key of another kind than Ed25519.")
    return Signer(name, private)


def _passphrase(path: Path, ask: bool) -> bytes | None:
    given = os.environ.get(PASSPHRASE)
    if given is not None:
        return given.encode()
    if not ask or not sys.stdin.isatty():
        return None
    return getpass.getpass(f"Passphrase of the signing key in {path}: ").encode()


def for_report(data: dict[str, Any]) -> Signer | None:
    """The key to sign a report's checkpoint with (`for_announced` of the key its campaign
    announced)."""
    return for_announced((data.get("checkpoint") or {}).get("key"))
