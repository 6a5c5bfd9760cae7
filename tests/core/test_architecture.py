"""The shape of the code, checked (ARCHITECTURE.md): a kind is one package; the shared
core, the events and the maps never depend on a kind; kinds never depend on each other."""

from __future__ import annotations

import ast
import inspect
import re
import shutil
import subprocess
import tomllib
from importlib import import_module, resources
from pathlib import Path

import pytest
from helpers import ROOT

from campaign.domain.kind import Kind
from campaign.domain.registry import PACKAGES, cli_module, kind

SOURCES = [
    ROOT / "cli.py",
    *sorted((ROOT / "campaign").rglob("*.py")),
    *sorted((ROOT / "events").rglob("*.py")),
    *sorted((ROOT / "regions").rglob("*.py")),
]


def test_the_import_contracts_hold():
    """Kinds independent of each other; the core never imports a kind; events and maps import
    nothing of ours."""
    linter = shutil.which("lint-imports")
    if linter is None:
        pytest.skip("import-linter is not installed (pip install -e '.[test]')")
    run = subprocess.run([linter], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:]


TYPE_CHECKED = {
    "events",
    "campaign/domain",
    "campaign/input",
    "campaign/proof",
    "campaign/readmodel",
    "campaign/views",
    "campaign/notify",
    "campaign/store",
    "campaign/service",
}
"""What the type checker holds to its strictest, at least (issue #48): a ratchet, never less."""


def test_the_checked_set_type_checks_strictly_and_only_grows():
    """Issue #48: 97 % of functions carried annotations and none were checked. `mypy --strict`
    passes on the set pyproject.toml names, which holds at least `TYPE_CHECKED`."""
    checked = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert checked["strict"] and TYPE_CHECKED <= set(checked["files"])
    mypy = shutil.which("mypy")
    if mypy is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    run = subprocess.run([mypy], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:]


def test_every_module_of_the_core_is_under_the_contract():
    """A new core module must join the contract that keeps the core free of kinds."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"
    ]
    core = next(c for c in contracts if c.get("forbidden_modules") == ["campaign.kinds"])[
        "source_modules"
    ]
    modules = {
        f"campaign.{p.stem}"
        for p in (ROOT / "campaign").iterdir()
        if (p.suffix == ".py" or p.is_dir() and (p / "__init__.py").exists())
        and p.stem not in ("__init__", "kinds")
    }
    assert modules == set(core)


def test_the_core_is_in_folders_that_name_their_layer():
    """Issue #48: 34 loose modules at `campaign/`'s top level hid the layers. Every module of the
    core lives in a folder the layers contract names (`errors.py`, the refusals every layer
    raises, alone at the top), and each folder says what it holds in its `__init__.py`."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"
    ]
    layers = next(c for c in contracts if c["type"] == "layers" and c.get("containers"))
    named = {name.strip() for layer in layers["layers"] for name in layer.split(":")}
    top = sorted(p.name for p in (ROOT / "campaign").glob("*.py"))
    assert top == ["__init__.py", "errors.py"]
    folders = {p.name for p in (ROOT / "campaign").iterdir() if (p / "__init__.py").exists()}
    assert folders - {"kinds"} == named
    for folder in folders:
        doc = ast.get_docstring(ast.parse((ROOT / "campaign" / folder / "__init__.py").read_text()))
        assert doc and "\n\n" not in doc, f"campaign/{folder}/__init__.py says what it holds"


@pytest.mark.parametrize("rules", PACKAGES)
def test_no_module_outside_a_kind_names_it(rules):
    """Nothing outside the kind's package, its events module and the registry names the kind or
    cites one of its rules."""
    of = kind(rules)
    package = PACKAGES[rules]
    own = {
        ROOT / Path(*package.split(".")),
        ROOT / "events" / f"{package.rsplit('.', 1)[1]}.py",
        ROOT / "events" / package.rsplit(".", 1)[1],  # or its package of modules
        ROOT / "campaign" / "domain" / "registry.py",
    }
    words = [re.escape(n) for n in (rules, package.rsplit(".", 1)[1], of.title)]
    names = re.compile(r"\b(" + "|".join(words) + r")\b", re.IGNORECASE)
    rule_ids = re.compile(r"\b(" + "|".join(rule_prefixes(package)) + r")-\d")
    naming = [
        str(path.relative_to(ROOT))
        for path in SOURCES
        if not any(path == o or o in path.parents for o in own)
        and (names.search(joined(path)) or rule_ids.search(joined(path)))
    ]
    assert naming == []


def joined(path: Path) -> str:
    """A module's text with its line breaks and indents as single spaces: a name split across
    two lines of a docstring ("The\n    Boiling Cauldron") is still found."""
    return " ".join(path.read_text(encoding="utf-8").split())


SHARED = [p for p in SOURCES if "kinds" not in p.relative_to(ROOT).parts]


@pytest.mark.parametrize("rules", PACKAGES)
def test_no_shared_module_names_a_kinds_heading_or_command(rules):
    """Issue #25: the headings a player's report keeps whole were the Boiling Cauldron's, in
    views/reports.py; a docstring told `campaign result`. No shared module quotes a heading of
    a kind's report nor writes one of its commands as typed (`campaign <command>`)."""
    folder = ROOT / Path(*PACKAGES[rules].split("."))
    headings = {
        h.strip()
        for p in folder.glob("*.py")
        for h in re.findall(r'"heading":\s*f?"([^"({]+)', p.read_text(encoding="utf-8"))
    }
    own = {
        info.name or info.callback.__name__.replace("_", "-")
        for info in import_module(cli_module(rules)).commands.registered_commands
    }
    quoted = re.compile(r"""["'](""" + "|".join(map(re.escape, headings)) + r""")( \(|["'])""")
    typed = re.compile(r"\bcampaign (" + "|".join(map(re.escape, own)) + r")\b")
    found = [
        (path.relative_to(ROOT).as_posix(), m.group(0))
        for path in SHARED
        for m in [*quoted.finditer(joined(path)), *typed.finditer(joined(path))]
    ]
    assert headings and found == []


def rule_prefixes(package: str) -> set[str]:
    """The rule ids' prefixes a kind cites (`BC` of BC-4.2), read from its refusals."""
    folder = ROOT / Path(*package.split("."))
    cited = "\n".join(p.read_text() for p in folder.rglob("*.py"))  # its chapters' too
    return set(re.findall(r'RuleViolation\(\s*"([A-Z]+)-\d', cited))


@pytest.mark.parametrize("rules", PACKAGES)
def test_a_kind_is_its_package_its_events_its_example_and_its_commands(rules):
    of = kind(rules)
    assert isinstance(of, Kind) and of.rules == rules and of.rules_version.startswith(rules)
    assert resources.files("examples").joinpath(of.example).is_file()
    commands = import_module(cli_module(rules))
    assert commands.commands.registered_commands
    assert inspect.signature(commands.start_options).parameters


def test_every_event_has_words_of_its_own():
    """Every event the program can record is told in the campaign's language: by the shared
    narration (events.common) or by its kind's `narrate.describe` (a singledispatch function, or
    Thunderbolt's chapters' tables joined in `narrate.TOLD`), never by its class name."""
    import events
    from campaign.views.narrate import _common
    from events.common import ALLOWED_TOPICS

    for module in events.MODULES:
        import_module(f"events.{module}")
    told = set(_common.registry)
    for rules in PACKAGES:
        narrate = type(kind(rules)).narrate
        told |= set(getattr(narrate, "TOLD", None) or narrate.describe.registry)
    untold = sorted(c.__name__ for c in ALLOWED_TOPICS.values() if c not in told)
    assert untold == []


WALL_CLOCK = {
    ("datetime", "now"),
    ("datetime", "utcnow"),
    ("datetime", "today"),
    ("date", "today"),
    ("time", "time"),
    ("time", "time_ns"),
    ("time", "localtime"),
    ("time", "gmtime"),
}
"""The ways Python tells the date and time of day (`time.monotonic`, a stopwatch, tells neither)."""


def _wall_clock_readings(path: Path) -> list[str]:
    """Where `path` asks the system for the date or the time of day, or has eventsourcing stamp
    an event with it (`create_timestamp`)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        owner = node.func.value
        name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
        if (name, node.func.attr) in WALL_CLOCK or node.func.attr == "create_timestamp":
            found.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}")
    return found


def test_the_program_reads_one_clock():
    """Issue #58: every reading of the time, the events' recorded times included, goes through
    campaign.input.clock, which CAMPAIGN_NOW pins and CAMPAIGN_CLOCK_OFFSET moves: a command and the
    event it records never read two clocks."""
    readings = [where for path in SOURCES for where in _wall_clock_readings(path)]
    assert [where.split(":")[0] for where in readings] == ["campaign/input/clock.py"]


def test_no_test_reads_the_wall_clocks_date():
    """Issue #58: a test that read today's date passed on the day it was written and failed
    when the calendar moved on; tests read the program's clock, which they pin or move."""
    tests = sorted((ROOT / "tests").rglob("*.py")) + sorted((ROOT / "benchmarks").rglob("*.py"))
    assert [where for path in tests for where in _wall_clock_readings(path)] == []


TESTS = ROOT / "tests"


def _imported(tree: ast.AST) -> list[tuple[int, str]]:
    """The modules a module imports (line, name), those named in the code it runs in another
    process (a string of Python) too."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0:
            found.append((node.lineno, node.module or ""))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            said = re.findall(r"^\s*(?:from|import)\s+([\w.]+)", node.value, re.M)
            found += [(node.lineno, name) for name in said]
    return found


def test_no_test_module_imports_another():
    """Issue #48: what tests share is in tests/helpers (plain functions, constants, classes) or
    in a conftest.py (fixtures), never imported from another test module nor from a conftest.py
    (pytest finds fixtures; every folder's conftest.py is imported as `conftest`)."""
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        for line, name in _imported(ast.parse(path.read_text(encoding="utf-8"))):
            first = name.split(".")[0]
            if first.startswith("test_") or first == "conftest":
                found.append(f"{path.relative_to(ROOT).as_posix()}:{line}: {name}")
    assert found == []


def test_every_test_sits_in_a_folder_by_area():
    """Issue #48: tests/core, tests/store, tests/hub and one folder per kind; nothing directly in
    tests/ but conftest.py; no two test files of one name, as
    pytest's import mode asks (no test folder is a package)."""
    top = sorted(path.name for path in TESTS.glob("*.py"))
    assert top == ["conftest.py"]
    tests = [path for path in TESTS.rglob("test_*.py") if "helpers" not in path.parts]
    names = [path.name for path in tests]
    assert sorted(names) == sorted(set(names))
    folders = {path.parent for path in tests} - {TESTS}
    assert [f for f in folders if (f / "__init__.py").exists()] == []
    assert [path.name for path in (TESTS / "helpers").rglob("test_*.py")] == []


def test_what_is_kept_for_readers_after_a_write_is_kept_in_one_place():
    """Issue #25: the command line and the hub record through campaign.service.use_cases, which
    keeps the reports for the next readers; neither entry point keeps them itself."""
    callers = [
        path.relative_to(ROOT).as_posix()
        for path in SOURCES
        if "keep_after_append(" in path.read_text(encoding="utf-8")
    ]
    assert callers == ["campaign/service/reports.py", "campaign/service/use_cases.py"]


def test_views_draw_and_write_nothing():
    """Issue #48: `views/reports.py` kept reports beside the log (a view that wrote store rows,
    handed the store as `campaigns`). Views are given what they draw: no function of
    `campaign/views` takes the store; what is kept for readers is the use cases' (service)."""
    given_the_store = [
        f"{path.name}:{node.name}"
        for path in sorted((ROOT / "campaign" / "views").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef)
        and any(a.arg == "campaigns" for a in node.args.args + node.args.kwonlyargs)
    ]
    assert given_the_store == []


def test_the_hub_names_no_kinds_command():
    """Issue #25: the hub's console offered Boiling Cauldron commands by name (its arbiter's
    list, "e.g. result Kent 20 45"); each kind now says which of its commands are an arbiter's
    and what to show as an example (`Kind.arbiter_commands`, `Kind.console_example`)."""
    hub = ROOT / "campaign" / "web"
    texts = [p.read_text(encoding="utf-8") for p in sorted(hub.rglob("*.py"))]
    # Discord's own field of an interaction, read or written (issue #49): `data.get("options")`,
    # `"options": [...]`; not The Boiling Cauldron's command of that name
    texts = [re.sub(r'"options"(?=\)|:)', "…", t) for t in texts]
    for rules in PACKAGES:
        own = {
            info.name or info.callback.__name__.replace("_", "-")
            for info in import_module(cli_module(rules)).commands.registered_commands
        }
        quoted = re.compile(r"""["'](""" + "|".join(map(re.escape, own)) + r""")( [^"'\n]*)?["']""")
        found = [m.group(0) for text in texts for m in quoted.finditer(text)]
        assert found == [], (rules, found)
        of = kind(rules)
        assert set(of.arbiter_commands) <= own, rules
        assert not of.console_example or of.console_example.split()[0] in own, rules


def _functions(path: Path):
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node.end_lineno - node.lineno + 1


def test_no_module_runs_the_console_script():
    """Issue #25: the hub's console ran `cli.run` in-process, its standard output redirected
    under a global lock; it now parses the line with the same command declarations and records
    through the service. Nothing of the program imports the console script or redirects the
    process's output."""
    import ast

    importing, redirecting = [], []
    for path in SOURCES:
        if path.name == "cli.py" and path.parent == ROOT:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if "cli" in names:
                importing.append(path.relative_to(ROOT).as_posix())
        if re.search(r"redirect_std(out|err)", path.read_text(encoding="utf-8")):
            redirecting.append(path.relative_to(ROOT).as_posix())
    assert importing == [] and redirecting == []


def test_the_hubs_functions_are_short():
    """Issue #25: the hub was one 230-line function of route closures; each route and helper is
    now a function of the module, none over 40 lines."""
    long = [
        (path.name, name, lines)
        for path in sorted((ROOT / "campaign" / "web").glob("*.py"))
        for name, lines in _functions(path)
        if lines > 40
    ]
    assert long == []


def test_every_kinds_fold_applies_and_never_checks():
    """Issue #25: 37 of Thunderbolt's fold handlers called a move that could refuse (its checks
    ran again at every replay, an election's three times); each move is now a check the decision
    calls and an application the fold calls (godip's Validate and Execute). Read from the source:
    no fold handler reaches, through the functions it calls, a `raise` of a refusal."""
    package = ROOT / "campaign" / "kinds" / "thunderbolt"
    modules: dict[Path, tuple[dict, dict]] = {}

    def module_file(dotted: str) -> Path | None:
        path = ROOT / (dotted.replace(".", "/") + ".py")
        return path if path.exists() else None

    def read(path: Path) -> tuple[dict, dict]:
        if path not in modules:
            aliases, functions = {}, {}
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.ImportFrom) and node.module:
                    for a in node.names:
                        found = module_file(f"{node.module}.{a.name}")
                        if found:
                            aliases[a.asname or a.name] = (found, None)
                        elif module_file(node.module):
                            aliases[a.asname or a.name] = (module_file(node.module), a.name)
                elif isinstance(node, ast.FunctionDef):
                    functions[node.name] = node
                elif isinstance(node, ast.ClassDef):  # methods, by name (r.check_placed)
                    functions.update(
                        {m.name: m for m in node.body if isinstance(m, ast.FunctionDef)}
                    )
            modules[path] = (aliases, functions)
        return modules[path]

    refusing: dict[tuple[Path, str], bool] = {}

    def refuses(path: Path, name: str) -> bool:
        if (path, name) in refusing:
            return refusing[(path, name)]
        aliases, functions = read(path)
        refusing[(path, name)] = False  # a cycle refuses nothing by itself
        if name not in functions:
            target = aliases.get(name)
            found = bool(target and target[1] and refuses(target[0], target[1]))
        else:
            node = functions[name]
            raised = any(
                isinstance(n, ast.Raise)
                and n.exc is not None
                and re.search(r"RuleViolation|CampaignError", ast.unparse(n.exc))
                for n in ast.walk(node)
            )
            found = raised or any(
                calls_refusing(path, n) for n in ast.walk(node) if isinstance(n, ast.Call)
            )
        refusing[(path, name)] = found
        return found

    def calls_refusing(path: Path, call: ast.Call) -> bool:
        aliases, functions = read(path)
        f = call.func
        if isinstance(f, ast.Name):
            return refuses(path, f.id)
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
            target = aliases.get(f.value.id)
            if target and target[1] is None and "campaign" in target[0].parts:
                return refuses(target[0], f.attr)
            return f.attr.startswith("check")  # a method that checks: r.check_placed(...)
        return False

    folds = [  # Thunderbolt's chapters' folds; each other kind's handlers in its state.py
        (path, node)
        for path in sorted(package.glob("chapters/*/fold.py"))
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef)
    ] + [
        (path, node)
        for path in sorted((ROOT / "campaign" / "kinds").glob("*/state.py"))
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef) and node.decorator_list
    ]
    checking = [
        f"{path.parent.name}: {ast.unparse(node.args.args[0].annotation)}"
        for path, node in folds
        if any(calls_refusing(path, n) for n in ast.walk(node) if isinstance(n, ast.Call))
    ]
    assert len(folds) > 90 and checking == []  # 98 handlers and helpers read


def test_thunderbolts_chapters_are_listed_once_and_all():
    """Issue #48: the chapters were listed in four places (fold, decisions, narration, command
    line); `chapters.CHAPTERS` is now the one list the joins read, and it names every chapter's
    folder, each with its decide, fold, narrate and cli."""
    from campaign.kinds.thunderbolt import cli, decisions, fold, narrate
    from campaign.kinds.thunderbolt.chapters import CHAPTERS

    folder = ROOT / "campaign" / "kinds" / "thunderbolt" / "chapters"
    chapters = "campaign.kinds.thunderbolt.chapters"
    found = {p.parent.name for p in folder.glob("*/__init__.py")}
    assert sorted(CHAPTERS) == sorted(found) and len(CHAPTERS) == 12
    roles = {"decide.py", "fold.py", "narrate.py", "cli.py"}
    assert all(roles <= {p.name for p in (folder / c).glob("*.py")} for c in CHAPTERS)
    assert [m.__name__.split(".")[-2] for m in cli.CLI] == list(CHAPTERS)
    joins = {"fold": (fold.FOLD, "FOLD"), "decide": (decisions.REPLAY, "REPLAY")}
    joins["narrate"] = (narrate.TOLD, "TOLD")
    for role, (joined, name) in joins.items():
        each = [vars(import_module(f"{chapters}.{c}.{role}"))[name] for c in CHAPTERS]
        assert sum(map(len, each)) == len(joined), role  # every chapter's, none in two
