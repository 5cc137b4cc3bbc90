"""The rules core and the models import none of the outer layers; score/validate skip the app;
the bulk audit of clean logs loads neither pydantic nor the replay."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

FORBIDDEN_IN_CORE = ("pydantic", "textual", "sqlite_utils", "sqlite3", "click")
RULES_DIR = Path(__file__).parents[1] / "scorekeeper" / "rules"
# Every module of the core, found on disk so that a new one is covered too. The rules package
# loads its names lazily (PEP 562): importing it alone loads none of its modules.
RULES_MODULES = sorted(
    "scorekeeper.rules." + ".".join(p.relative_to(RULES_DIR).with_suffix("").parts)
    for p in RULES_DIR.rglob("*.py") if p.stem != "__init__")
CORE_MODULES = ["scorekeeper.rules", *RULES_MODULES]


def _modules_after(code: str, *args: str) -> set[str]:
    """The full names of the modules loaded in a fresh interpreter after ``code``."""
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sys.modules))", *args],
        capture_output=True, text=True, check=True,
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
    assert not loaded & set(FORBIDDEN_IN_CORE), f"{module} pulls in {loaded & set(FORBIDDEN_IN_CORE)}"


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
            "CliRunner().invoke(main, ['validate', 'examples/partnership-game.json'])\n"
            "CliRunner().invoke(main, ['score', 'examples/partnership-game.json'])")
    loaded = _loaded_after(code)
    assert "textual" not in loaded


def test_the_bulk_audit_of_clean_logs_loads_no_pydantic_record_or_replay(tmp_path):
    from scorekeeper.rules.seats import Variant
    from support.simulate import random_game_log

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
             "scorekeeper.rules.hand", "scorekeeper.rules.bitplay.hand_check", "scorekeeper.rules.solver.search",
             "scorekeeper.audit.engine", "scorekeeper.analysis.game", "scorekeeper.logs.models"}
    assert not loaded & heavy, f"the bulk audit loaded {sorted(loaded & heavy)}"
