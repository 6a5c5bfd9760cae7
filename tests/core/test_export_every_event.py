"""Issue #24.4: every event of every kind goes through a file and back. An export holding a field
the reader had no decoder for (Thunderbolt's Legion losses, `dict[str, dict[str, int]]`) could be
written but neither imported nor forked."""

from __future__ import annotations

import json
import uuid
from datetime import datetime, timezone
from decimal import Decimal
from importlib import import_module

import pytest
from helpers.thunderbolt.detachments import in_operations

from campaign.domain import chain
from campaign.domain.registry import PACKAGES
from campaign.service import exchange
from events import ALLOWED_TOPICS, MODULES, fields

SAMPLES = {"str": "Kent", "int": 3, "bool": True, "Decimal": Decimal("12.5")}


def every_event_class() -> list[type]:
    for module in MODULES:  # each kind's events module
        import_module(f"events.{module}")
    return sorted(set(ALLOWED_TOPICS.values()), key=lambda cls: cls.TOPIC)


def sample(annotation: str, depth: int = 0) -> object:
    """A value of the field's annotation as written, nested as deep as it says."""
    if annotation.endswith(" | None"):
        return sample(annotation.removesuffix(" | None"), depth)
    if annotation.startswith("list["):
        return [sample(annotation[5:-1], depth + 1), sample(annotation[5:-1], depth + 1)]
    if annotation.startswith("dict[str, "):
        return {f"key {depth}": sample(annotation[10:-1], depth + 1)}
    return SAMPLES[annotation]


def own_fields(cls: type) -> dict[str, str]:
    return {n: a for n, a in fields(cls).items() if n not in chain.ENVELOPE}


def test_the_events_of_every_kind_are_all_found():
    modules = {
        cls.__module__.split(".")[1] for cls in every_event_class()
    }  # a kind's module or package
    assert modules == set(MODULES) and len(PACKAGES) == len(MODULES) - 1


@pytest.mark.parametrize("cls", every_event_class(), ids=lambda cls: cls.TOPIC)
def test_every_field_of_every_event_is_read_back_from_a_file(cls):
    for annotation in own_fields(cls).values():
        exchange.decoder(annotation)  # a KeyError where a field has no decoder
    given = {n: sample(a) for n, a in own_fields(cls).items()}
    event = cls(
        originator_id=uuid.uuid4(),
        originator_version=1,
        timestamp=datetime(2026, 12, 1, tzinfo=timezone.utc),
        actor="Ann",
        rules_version="1",
        chain="0" * 64,
        **given,
    )
    written = json.loads(json.dumps(exchange.records([event])[0]))
    assert exchange._fields(cls, written["data"], 2) == given


def test_a_thunderbolt_export_with_legion_losses_imports_and_forks(shell, shell_at, tmp_path):
    """TB-5.1, TB-11.10: `LegionsFought.losses` is Legion → class → SP."""
    in_operations(shell, tmp_path)
    shell.ok(
        "land-battle", "Apulia", "--winner", "carthage", "--legion", "II",
        "--legion-loss", "I:citizen-infantry=2", "--legion-loss", "III:ala-infantry=3",
    )  # fmt: skip
    exported = shell.ok("export").stdout
    assert '"losses": {"I": {"citizen-infantry": 2}' in exported
    path = tmp_path / "thunderbolt.jsonl"
    path.write_text(exported)
    other = shell_at(tmp_path / "other.sqlite")
    other.ok("import", str(path))
    assert other.ok("export").stdout == exported
    assert other.json("status") == shell.json("status")
    events = other.json("verify")["events"]
    other.ok("fork", "What if", "--as-of", str(events))
    forked, original = other.json("status", "-c", "What if"), shell.json("status")
    assert forked.pop("campaign") == "What if"
    assert forked == {k: v for k, v in original.items() if k != "campaign"}


@pytest.mark.parametrize(
    "rules, players, says",
    [
        ("thunderbolt", ["Fabius", "Hanno", "Philip"], "not 3 (TB-1.1)."),
        ("thunderbolt", ["Fabius"], "not 1 (TB-1.1)."),
        ("hadrians-wall", ["Ann", "Bob", "Cid", "Dee", "Eve"], "not 5 (HW-2.3)."),
        ("hadrians-wall", ["Ann", "Bob", "Cid"], "not 3 (HW-2.3)."),
        ("onus-under-the-eagle", ["Marcus", "Boudica", "Caratacus"], "(ON-1.1)."),
    ],
)
def test_a_crafted_start_with_the_wrong_number_of_players_is_refused(
    shell_at, tmp_path, rules, players, says
):
    """#24.4: Thunderbolt's start took its players by position and failed on three; Hadrian's
    Wall's dropped a fifth. One sentence naming the rule, nothing written."""
    from helpers.hostile import rechain

    demo = shell_at(tmp_path / "demo.sqlite")
    demo.ok("demo", "--rules", rules, "--quiet", "--into", str(demo.db))
    rows = [json.loads(line) for line in demo.ok("export").stdout.splitlines()[:3]]
    rows[1]["data"]["players"] = players
    path = tmp_path / "crafted.jsonl"
    path.write_text("\n".join(rechain(rows)) + "\n")
    other = shell_at(tmp_path / "other.sqlite")
    refused = other("import", str(path))
    assert refused.exit_code == 1 and len(refused.stderr.splitlines()) == 1
    assert refused.stderr.strip().endswith(says), refused.stderr
    assert other.json("list") == []
