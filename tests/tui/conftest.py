"""Fixtures for the interface tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def saves_root(tmp_path: Path) -> Path:
    """A saves folder of its own, for the tests that save and resume (they need the saves package)."""
    saves = pytest.importorskip("saves", reason="the saves package is not installed")
    if not hasattr(saves, "SaveStore"):
        pytest.skip("the saves package has no SaveStore yet: autosave and resume wait for it")
    return tmp_path / "saves"
