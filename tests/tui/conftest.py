"""Fixtures for the interface tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def saves_root(tmp_path: Path) -> Path:
    """A saves folder of its own, for the tests that save and resume."""
    return tmp_path / "saves"
