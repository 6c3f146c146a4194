"""Textual's classes are changed only by the programs that run apps (`tui.patches`), never by an import."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
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
    environment = {k: v for k, v in os.environ.items() if k != patches.SWITCH}  # the patches on
    result = subprocess.run(
        [sys.executable, "-c", _IMPORT_EVERYTHING],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    before, once, twice = json.loads(result.stdout)
    assert set(before) == {p.__name__.rsplit(".", 1)[1] for p in patches.PATCHES}
    assert len(before) == 12
    assert not any(before.values())  # every tui, server and cli module imported: Textual as it comes
    assert all(once.values()) and twice == once


@pytest.fixture
def uninstalled(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Textual's own classes for the length of a test, with the patches wanted (`LANDLORDS_TEXTUAL_PATCHES`
    unset), then each patch as it was (as `conftest` installed it)."""
    monkeypatch.delenv(patches.SWITCH, raising=False)
    with textuals_own(*patches.PATCHES):
        yield


def test_every_patch_fits_the_textual_it_was_written_for() -> None:
    """A Textual of a version a patch was written for has the very code it replaces: a new patch release
    that changes that code fails here (and the patch is skipped, not installed, until it is looked at)."""
    version = patches.version_tuple(patches.textual_version())
    for patch in patches.PATCHES:
        assert patch.FINGERPRINTS, patches.name(patch)
        if any(version[:2] == patches.version_tuple(v)[:2] for v in patch.TEXTUAL_VERSIONS):
            assert patches.mismatch(patch) is None, patches.name(patch)


def test_no_patch_is_kept_past_the_textual_version_at_which_it_can_go() -> None:
    """Each patch names the Textual version at which it is removed or checked again
    (docs/textual-upstream.md): once the installed Textual reaches it, this fails until the patch goes or
    its version is moved on, with the reason."""
    version = patches.version_tuple(patches.textual_version())
    due = [patches.name(p) for p in patches.PATCHES if version >= patches.version_tuple(p.REMOVE_AT)]
    assert not due, f"Textual {patches.textual_version()} has reached the version at which {due} can go"


def test_a_patch_whose_textual_code_changed_is_skipped_with_one_line(
    uninstalled: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from tui.patches import crops

    (replaced,) = crops.FINGERPRINTS
    monkeypatch.setitem(crops.FINGERPRINTS, replaced, "0" * 64)  # as if Textual's code had changed
    with caplog.at_level(logging.INFO, logger="tui.patches"):
        patches.install()
    now = patches.installed()
    assert not now["crops"]
    assert all(installed for name, installed in now.items() if name != "crops")
    (line,) = caplog.records
    assert line.levelno == logging.WARNING
    assert "crops" in line.getMessage() and "Compositor._get_renders" in line.getMessage()


def test_a_patch_written_for_another_textual_is_skipped_with_one_line(
    uninstalled: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from tui.patches import strips

    monkeypatch.setattr(strips, "TEXTUAL_VERSIONS", ("7.5",))
    with caplog.at_level(logging.INFO, logger="tui.patches"):
        patches.install()
    assert patches.installed() == {name: name != "strips" for name in patches.installed()}
    (line,) = caplog.records
    assert line.levelno == logging.WARNING and "written for Textual 7.5" in line.getMessage()


def test_the_environment_turns_them_all_off(
    uninstalled: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(patches.SWITCH, "0")
    with caplog.at_level(logging.INFO, logger="tui.patches"):
        patches.install()
    assert not any(patches.installed().values())
    (line,) = caplog.records
    assert line.levelno == logging.INFO and patches.SWITCH in line.getMessage()


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


def test_every_private_module_of_textual_is_fenced_by_the_lint() -> None:
    """ruff's banned-api (pyproject.toml) lists every `textual._*` and `textual.widgets._*` module of the
    installed Textual, so that a file importing a new one fails the lint unless it is allowed by name."""
    import pkgutil
    import tomllib

    import textual
    import textual.widgets

    pyproject = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text("utf-8"))
    banned = set(pyproject["tool"]["ruff"]["lint"]["flake8-tidy-imports"]["banned-api"])
    private = {
        f"{package.__name__}.{module.name}"
        for package in (textual, textual.widgets)
        for module in pkgutil.iter_modules(package.__path__)
        if module.name.startswith("_") and not module.name.startswith("__")
    }
    assert private - banned == set()
