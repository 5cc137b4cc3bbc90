"""Fixtures for the app tests: an in-memory season database and an app on it."""

from __future__ import annotations

import datetime

import pytest

from scorekeeper.season.storage import Store
from scorekeeper.tui.app import ScorekeeperApp

TODAY = datetime.date(2026, 11, 27)


@pytest.fixture
def store():
    s = Store.open(":memory:")
    yield s
    s.close()


@pytest.fixture
def make_app(store, tmp_path):
    def make(**kw) -> ScorekeeperApp:
        kw.setdefault("offer_resume", False)
        return ScorekeeperApp(store, export_dir=tmp_path, today=lambda: TODAY, **kw)
    return make
