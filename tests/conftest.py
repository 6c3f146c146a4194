"""The tests' shared helpers (`scenario`, `invariants`, `saved_games`, `playtable`, ...) live in `helpers/`,
which is put on the path: tests import them by name (`from scenario import play`).

The editions made for tests (`tests/editions/*.json`, such as a board of two rings) are registered with
the engine before any test runs, as a player's own edition would be.
"""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import register_edition
from lines.settings import ENV_VAR as SETTINGS_FOLDER
from room.heap import Settling

_HERE = Path(__file__).parent
HELPERS = _HERE / "helpers"
if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

TEST_EDITIONS = sorted((_HERE / "editions").glob("*.json"))
for _path in TEST_EDITIONS:
    register_edition(json.loads(_path.read_text(encoding="utf-8")))


_THRESHOLDS = gc.get_threshold()


@pytest.fixture(autouse=True)
def _settings_kept_apart(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The line mode's settings file (`lines.settings`) of every test in a folder of its own, never the
    real one in the home folder: a test that chooses `verbose` changes no one's next game."""
    monkeypatch.setenv(SETTINGS_FOLDER, str(tmp_path_factory.mktemp("config")))


@pytest.fixture(autouse=True)
def _heap_unsettled() -> Iterator[None]:
    """A test that runs a command in this process may settle the heap (`room.heap`); the next test starts
    with everything collectable again and the collector as Python leaves it, as a fresh process would."""
    yield
    for policy in [c for c in gc.callbacks if isinstance(c, Settling)]:
        gc.callbacks.remove(policy)
    if gc.get_freeze_count():
        gc.unfreeze()
    gc.set_threshold(*_THRESHOLDS)
