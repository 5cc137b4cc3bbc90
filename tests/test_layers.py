"""The package keeps its layers: the import contracts of pyproject.toml hold (import-linter), no
two modules import each other however indirectly, no module grows past 600 lines; and, checked
by what a fresh interpreter loads, the rules core and the models import none of the outer
layers, score/validate skip the app, the bulk audit of clean logs loads neither pydantic nor the
replay."""

import json
import os
import random
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).parents[1]
PACKAGE_DIR = ROOT / "scorekeeper"
MAX_LINES = 600
FORBIDDEN_IN_CORE = ("pydantic", "textual", "sqlite_utils", "sqlite3", "click")
RULES_DIR = PACKAGE_DIR / "rules"
# Every module of the core, found on disk so that a new one is covered too. The rules package
# loads its names lazily (PEP 562): importing it alone loads none of its modules.
RULES_MODULES = sorted(
    "scorekeeper.rules." + ".".join(p.relative_to(RULES_DIR).with_suffix("").parts)
    for p in RULES_DIR.rglob("*.py") if p.stem != "__init__")
CORE_MODULES = ["scorekeeper.rules", *RULES_MODULES]


def _modules_under(directory: Path) -> set[str]:
    """The dotted names of the modules (not the packages) in ``directory``, found on disk."""
    return {".".join(p.relative_to(ROOT).with_suffix("").parts)
            for p in directory.rglob("*.py") if p.stem != "__init__"}


def _contract(contract_id: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return next(c for c in config["contracts"] if c["id"] == contract_id)


# --- the import contracts (pyproject.toml, [tool.importlinter]) ------------------------------

def test_the_import_contracts_hold():
    # Run as `lint-imports` would be, by this interpreter, from the project's root (where it
    # reads pyproject.toml and finds the package), without writing a cache into the tree.
    run = subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command as c; c()",
         "--no-cache", "--no-logo"],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "COLUMNS": "120"})
    assert run.returncode == 0, f"import-linter says:\n{run.stdout}{run.stderr}"


def test_the_fast_path_contract_lists_every_reference_module():
    sources = set(_contract("fast-path-on-top")["source_modules"])
    reference = {m for m in _modules_under(RULES_DIR)
                 if not m.startswith(("scorekeeper.rules.bitplay.", "scorekeeper.rules.solver."))}
    assert sources == reference, (
        "a module of scorekeeper.rules is missing from (or gone but still in) the "
        f"fast-path-on-top contract in pyproject.toml: {sorted(sources ^ reference)}")


def test_the_pydantic_free_contract_lists_every_other_log_module():
    sources = set(_contract("trusted-reader-without-pydantic")["source_modules"])
    with_pydantic = {f"scorekeeper.logs.{m}" for m in ("models", "schema", "files",
                                                      "event_document", "compact_text")}
    rest = _modules_under(PACKAGE_DIR / "logs") - with_pydantic
    assert sources == rest, (
        "a module of scorekeeper.logs is missing from (or gone but still in) the "
        f"trusted-reader-without-pydantic contract in pyproject.toml: {sorted(sources ^ rest)}")


# --- no import cycles ------------------------------------------------------------------------

def _cycles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (or a module importing
    itself): Tarjan's algorithm, iterative so that a deep import chain cannot overflow."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(imports):
        if root in index:
            continue
        work = [(root, iter(sorted(imports[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(imports[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in imports[node]:
                        found.append(sorted(component))
    return found


def test_cycles_finds_each_strongly_connected_component():
    imports = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": {"d"}, "f": {"f"},
               "g": {"a"}}
    assert sorted(_cycles(imports)) == [["a", "b", "c"], ["d", "e"], ["f"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_between_the_modules():
    # Imports under `if TYPE_CHECKING:` count, and so do imports inside functions: either way
    # the importing module depends on the other's names, and the guard or the deferral only
    # hides the cycle from the interpreter. The modules must form a hierarchy that can be read
    # and tested from the bottom up.
    graph = grimp.build_graph("scorekeeper", exclude_type_checking_imports=False, cache_dir=None)
    imports = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    cycles = _cycles(imports)
    lines = []
    for component in cycles:
        lines.append("cycle: " + ", ".join(component))
        for importer in component:
            for imported in sorted(imports[importer] & set(component)):
                for d in graph.get_import_details(importer=importer, imported=imported):
                    lines.append(f"  {importer} -> {imported} (l.{d['line_number']}: "
                                 f"{d['line_contents']})")
    assert not cycles, "\n".join(lines)


# --- module size -------------------------------------------------------------------------------

def test_no_module_is_over_600_lines():
    sizes = {p.relative_to(ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in PACKAGE_DIR.rglob("*.py")}
    over = {path: n for path, n in sorted(sizes.items()) if n > MAX_LINES}
    assert not over, f"modules over {MAX_LINES} lines (split them along a seam): {over}"


# --- what a fresh interpreter loads -----------------------------------------------------------


def _modules_after(code: str, *args: str) -> set[str]:
    """The full names of the modules loaded in a fresh interpreter after ``code``."""
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sys.modules))", *args],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout
    return set(out.split())


def _loaded_after(code: str) -> set[str]:
    return {name.split(".")[0] for name in _modules_after(code)}


def test_the_core_modules_are_all_found():
    names = {m.removeprefix("scorekeeper.rules.") for m in RULES_MODULES}
    assert names >= {"cards", "seats", "errors", "hand", "record", "replay", "scoring",
                     "settings", "trick", "penalties", "bitplay.hand_check", "solver.search"}


@pytest.mark.parametrize("module", CORE_MODULES)
def test_rules_core_imports_no_outer_layer(module):
    loaded = _loaded_after(f"import {module}")
    pulled = loaded & set(FORBIDDEN_IN_CORE)
    assert not pulled, f"{module} pulls in {pulled}"


def test_every_name_of_the_lazy_rules_package_loads_no_outer_layer():
    code = ("import scorekeeper.rules as rules\n"
            "assert all(getattr(rules, name) is not None for name in rules.__all__)")
    loaded = _modules_after(code)
    assert {f"scorekeeper.rules.{m}" for m in ("errors", "hand", "record", "replay", "scoring",
                                               "settings", "trick")} <= loaded
    assert not {n.split(".")[0] for n in loaded} & set(FORBIDDEN_IN_CORE)


def test_models_import_no_ui_storage_or_cli():
    loaded = _loaded_after("import scorekeeper.logs.models")
    assert not loaded & {"textual", "sqlite_utils", "sqlite3", "click"}


def test_score_and_validate_do_not_import_the_app():
    code = ("from click.testing import CliRunner\nfrom scorekeeper.cli import main\n"
            "for cmd in ('validate', 'score'):\n"
            "    run = CliRunner().invoke(main, [cmd, 'examples/partnership-game.json'])\n"
            "    assert run.exit_code == 0, (cmd, run.output)")
    loaded = _loaded_after(code)
    assert "textual" not in loaded


def test_the_bulk_audit_of_clean_logs_loads_no_pydantic_record_or_replay(tmp_path):
    from scorekeeper.rules.seats import Variant
    from scorekeeper.logs.random_logs import random_game_log

    rng = random.Random(12)
    paths = []
    for i in range(2):
        path = tmp_path / f"clean {i}.json"
        path.write_text(json.dumps(random_game_log(rng, Variant.PARTNERSHIP, max_hands=6,
                                                   blind_rate=0)))
        paths.append(str(path))
    code = ("import json, sys\nfrom scorekeeper.audit.batch import audit_json\n"
            "run = audit_json(sys.argv[1:], workers=1)\n"
            "doc = json.loads(run.text)\n"
            "assert doc['findings'] == [] and len(doc['files']) == 2, doc\n"
            "assert doc['hands_audited'] > 0 and not run.errors")
    loaded = _modules_after(code, *paths)
    assert "scorekeeper.audit.plain_logs" in loaded
    # The full audit (and what it reads logs with) is loaded only for a log with a finding.
    heavy = {"pydantic", "scorekeeper.rules.replay", "scorekeeper.rules.record",
             "scorekeeper.rules.hand", "scorekeeper.rules.bitplay.hand_check",
             "scorekeeper.rules.solver.search",
             "scorekeeper.audit.engine", "scorekeeper.analysis.game", "scorekeeper.logs.models"}
    assert not loaded & heavy, f"the bulk audit loaded {sorted(loaded & heavy)}"
