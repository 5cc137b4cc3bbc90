"""The rules core and the models import none of the outer layers; score/validate skip the app."""

import subprocess
import sys

import pytest

FORBIDDEN_IN_CORE = ("pydantic", "textual", "sqlite_utils", "sqlite3", "click")


def _loaded_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sys.modules))"],
        capture_output=True, text=True, check=True,
    ).stdout
    return {name.split(".")[0] for name in out.split()}


@pytest.mark.parametrize("module", [
    "scorekeeper.cards", "scorekeeper.seats", "scorekeeper.rules",
    "scorekeeper.rules.replay", "scorekeeper.rules.scoring", "scorekeeper.rules.hand",
])
def test_rules_core_imports_no_outer_layer(module):
    loaded = _loaded_after(f"import {module}")
    assert not loaded & set(FORBIDDEN_IN_CORE), f"{module} pulls in {loaded & set(FORBIDDEN_IN_CORE)}"


def test_models_import_no_ui_storage_or_cli():
    loaded = _loaded_after("import scorekeeper.models")
    assert not loaded & {"textual", "sqlite_utils", "sqlite3", "click"}


def test_score_and_validate_do_not_import_the_app():
    code = ("from click.testing import CliRunner\nfrom scorekeeper.cli import main\n"
            "CliRunner().invoke(main, ['validate', 'examples/partnership-game.json'])\n"
            "CliRunner().invoke(main, ['score', 'examples/partnership-game.json'])")
    loaded = _loaded_after(code)
    assert "textual" not in loaded
