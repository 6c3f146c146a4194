"""Textual's classes are changed only by the programs that run apps (`tui.patches`), never by an import."""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import subprocess
import sys
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

from tui import patches

from unpatched import textuals_own

_IMPORT_EVERYTHING = """
import json, pkgutil, importlib
import tui
for module in pkgutil.walk_packages(tui.__path__, "tui."):
    importlib.import_module(module.name)
import server.session.app, server.network.worker, cli.launch, cli.main
from tui import patches
before = patches.installed()
patches.install()
once = patches.installed()
patches.install()
print(json.dumps([before, once, patches.installed()]))
"""


def test_importing_the_interface_changes_nothing_in_textual() -> None:
    result = subprocess.run(
        [sys.executable, "-c", _IMPORT_EVERYTHING], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-2000:]
    before, once, twice = json.loads(result.stdout)
    assert set(before) == {p.__name__.rsplit(".", 1)[1] for p in patches.PATCHES}
    assert len(before) == 12
    assert not any(before.values())  # every tui, server and cli module imported: Textual as it comes
    assert all(once.values()) and twice == once


@pytest.fixture
def uninstalled() -> Iterator[None]:
    """Textual's own classes for the length of a test, then the patches again (as `conftest` installs)."""
    with textuals_own(*patches.PATCHES):
        yield


def test_the_landlords_command_installs_them_before_its_app_runs(
    uninstalled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cli import launch
    from tui import terminal
    from tui.app import LandlordsApp

    seen: list[dict[str, bool]] = []

    def run(app: LandlordsApp) -> int:
        seen.append(patches.installed())
        return 0

    monkeypatch.setattr(terminal, "missing", lambda: False)
    monkeypatch.setattr(LandlordsApp, "run", run)
    assert not any(patches.installed().values())
    assert launch.run(argparse.Namespace()) == 0
    assert seen == [dict.fromkeys(seen[0], True)]


def test_a_server_worker_installs_them_before_its_apps_run(
    uninstalled: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import server.base.logs
    from server.base.config import ServerConfig, config_to_json
    from server.network import worker

    seen: list[dict[str, bool]] = []

    def run(work: Coroutine[Any, Any, int]) -> int:
        work.close()  # the worker itself is not started: what matters is the state it would start in
        seen.append(patches.installed())
        return 0

    monkeypatch.setattr(asyncio, "run", run)
    monkeypatch.setattr(signal, "signal", lambda *args: None)
    monkeypatch.setattr(server.base.logs, "configure_logging", lambda **kwargs: None)
    config = json.dumps(config_to_json(ServerConfig(data_dir=tmp_path, saves_dir=tmp_path / "saves")))
    assert worker.main(["0", str(tmp_path), config]) == 0
    assert seen == [dict.fromkeys(seen[0], True)]
