"""The tests' shared helpers (`scenario`, `invariants`, `saved_games`, `playtable`, ...) live in `helpers/`,
which is put on the path: tests import them by name (`from scenario import play`).

The editions made for tests (`tests/editions/*.json`, such as a board of two rings) are registered with
the engine before any test runs, as a player's own edition would be.

Tests are marked `slow` by what they start (servers, ssh, tmux, PostgreSQL, HAProxy, a pty: marked in
their modules) and by what they cost: a test whose CPU time, as last measured and kept in `costs.json`,
reaches `SLOW_CPU` seconds is marked here, so that `pytest -m "not slow"` stays a quick loop. Measure
again with `pytest --store-costs` (the whole suite, as CI runs it): each test's CPU time, its own process's
and that of the child processes it waited for, replaces the one kept.
"""

from __future__ import annotations

import gc
import json
import os
import resource
import sys
import tempfile
from collections.abc import Generator, Iterator
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


COSTS = _HERE / "costs.json"
"""The CPU seconds of each test that took at least `KEPT_CPU`, by node id, as last measured."""
SLOW_CPU = 0.75
"""A test that took this many CPU seconds or more is `slow`."""
KEPT_CPU = 0.25
"""Cheaper tests are not kept in `COSTS`."""
_COSTS_DIR = "LANDLORDS_TEST_COSTS"  # where each process of a `--store-costs` run writes what it measured


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--store-costs",
        action="store_true",
        help=f"measure each test's CPU time and keep it in {COSTS.name} (of {SLOW_CPU:g} s or more: slow)",
    )


def pytest_configure(config: pytest.Config) -> None:
    if (
        config.getoption("store_costs") and _COSTS_DIR not in os.environ
    ):  # the first process: the workers inherit it
        os.environ[_COSTS_DIR] = tempfile.mkdtemp(prefix="landlords-costs-")


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by mark
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    try:
        costs: dict[str, float] = json.loads(COSTS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        costs = {}
    for item in items:
        if costs.get(item.nodeid, 0.0) >= SLOW_CPU:
            item.add_marker(pytest.mark.slow)


def _cpu_seconds() -> float:
    mine, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None]:
    folder = os.environ.get(_COSTS_DIR) if item.config.getoption("store_costs") else None
    start = _cpu_seconds()
    yield
    if folder is not None:
        with open(Path(folder) / f"{os.getpid()}.jsonl", "a", encoding="utf-8") as f:
            f.write(json.dumps([item.nodeid, _cpu_seconds() - start]) + "\n")


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In the first process of a `--store-costs` run (after its workers): keep what they measured."""
    folder = os.environ.get(_COSTS_DIR)
    if (
        not session.config.getoption("store_costs")
        or folder is None
        or hasattr(session.config, "workerinput")
    ):
        return
    try:
        costs: dict[str, float] = json.loads(COSTS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        costs = {}
    for part in Path(folder).glob("*.jsonl"):
        for line in part.read_text(encoding="utf-8").splitlines():
            nodeid, seconds = json.loads(line)
            costs.pop(nodeid, None)
            if seconds >= KEPT_CPU:
                costs[nodeid] = round(seconds, 2)
    COSTS.write_text(json.dumps(dict(sorted(costs.items())), indent=0) + "\n", encoding="utf-8")


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
