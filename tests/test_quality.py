"""ruff and mypy (strict) are clean on the whole project."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    if shutil.which(cmd[0]) is None:
        pytest.fail(f"{cmd[0]} is not installed; install the test extra")
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)


def test_ruff_lint() -> None:
    result = _run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format() -> None:
    result = _run("ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict() -> None:
    result = _run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr
