"""Fixtures for the interface tests, which run the app as `landlords` does: with `tui.patches` installed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui import patches

patches.install()


@pytest.fixture
def saves_root(tmp_path: Path) -> Path:
    """A saves folder of its own, for the tests that save and resume."""
    return tmp_path / "saves"
