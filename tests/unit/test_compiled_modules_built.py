"""Where a C compiler and Python's headers are found, ``pip install -e .`` builds the two
compiled fast paths (``setup.py``: optional, so a failed build installs silently). Their
tests skip where a module is absent, so this checks they were not silently left out."""

from __future__ import annotations

import os
import shlex
import shutil
import sysconfig

import pytest

from scorekeeper.audit import plain_play
from scorekeeper.rules.solver import compiled_search


def _can_build() -> bool:
    cc = sysconfig.get_config_var("CC") or "cc"
    headers = os.path.join(sysconfig.get_paths()["include"], "Python.h")
    return shutil.which(shlex.split(cc)[0]) is not None and os.path.exists(headers)


needs_compiler = pytest.mark.skipif(not _can_build(), reason="no C compiler or Python headers")


@needs_compiler
def test_the_claims_search_was_built(monkeypatch):
    monkeypatch.delenv(compiled_search.DISABLE_ENV, raising=False)
    from scorekeeper.rules.solver import _spades_dd  # type: ignore[attr-defined]  # noqa: F401


@needs_compiler
def test_the_audits_plain_hand_check_was_built_and_is_used():
    from scorekeeper.audit import _plain_play  # type: ignore[attr-defined]  # noqa: F401

    if not os.environ.get(plain_play.DISABLE_ENV):
        assert plain_play.play_plain is plain_play.play_plain_compiled is not None
