"""Issue #54: an export others can read. `campaign export --schema` prints the format
(`campaign-export/1`) as a JSON Schema (draft 2020-12); every kind's demo exports lines that fit
it, and a tool that knows only the documented recipe (docs/export-format.md: hashlib and json,
nothing of this program) finds the same chain of hashes and the header's chain head."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from helpers.shell import Shell

from campaign.domain.registry import PACKAGES

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema comes with the test extras")


@pytest.fixture(scope="module")
def described() -> dict:
    shell = Shell(Path("unused.sqlite"))  # the schema needs no store
    return json.loads(shell.ok("export", "--schema").stdout)


def lines_of(export: str) -> list[dict]:
    return [json.loads(line) for line in export.splitlines() if line.strip()]


def fits(described: dict, definition: str, line: dict) -> list[str]:
    """Why `line` does not fit `#/$defs/<definition>` (nothing: it fits)."""
    checker = jsonschema.Draft202012Validator(
        described | {"$ref": f"#/$defs/{definition}"},
        format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER,
    )
    return [error.message for error in checker.iter_errors(line)]


@pytest.mark.parametrize("rules", sorted(PACKAGES))
def test_54_every_kinds_demo_exports_lines_that_fit_the_schema(described, rules, tmp_path):
    shell = Shell(tmp_path / "demo.sqlite")
    shell.ok("demo", "--rules", rules, "--into", str(shell.db))
    header, *events = lines_of(shell.ok("export").stdout)
    assert fits(described, "header", header) == []
    assert {e["topic"] for e in events} <= set(described["$defs"]["topics"])
    assert [fits(described, "event", e) for e in events] == [[]] * len(events)


def test_54_a_line_that_breaks_the_format_does_not_fit(described, tmp_path):
    """The schema is no `{}`: a topic it does not know, a field of the wrong type or one too many,
    a hash that is no SHA-256, a header of another format — each refused."""
    shell = Shell(tmp_path / "demo.sqlite")
    shell.ok("demo", "--into", str(shell.db))
    header, started, allocated, *_ = lines_of(shell.ok("export").stdout)
    assert fits(described, "header", header | {"format": "campaign-export/2"})
    assert fits(described, "event", allocated | {"topic": "boiling-cauldron.Nonesuch"})
    assert fits(described, "event", allocated | {"hash": "not a hash"})
    assert fits(described, "event", started | {"data": started["data"] | {"players": "Ann"}})
    assert fits(described, "event", started | {"data": started["data"] | {"extra": 1}})


def canonical(line: dict) -> str:
    """The documented recipe: the JSON of [seq, topic, time, actor, rules_version, data], keys
    sorted, no spaces, characters as they are."""
    said = [line[k] for k in ("seq", "topic", "time", "actor", "rules_version", "data")]
    return json.dumps(said, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("rules", sorted(PACKAGES))
def test_54_a_reader_of_the_format_alone_finds_the_chain(rules, tmp_path):
    shell = Shell(tmp_path / "demo.sqlite")
    shell.ok("demo", "--rules", rules, "--into", str(shell.db))
    header, *events = lines_of(shell.ok("export").stdout)
    previous = "0" * 64
    for line in events:
        previous = hashlib.sha256((previous + canonical(line)).encode("utf-8")).hexdigest()
        assert line["hash"] == previous, f"event {line['seq']}"
    assert previous == header["chain_head"] and len(events) == header["events"]
