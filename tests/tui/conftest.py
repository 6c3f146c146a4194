"""Fixtures for the interface tests, which run the app as `landlords` does: with `tui.patches` installed
(those that fit the installed Textual), or with none where `LANDLORDS_TEXTUAL_PATCHES=0`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tui import patches

from unpatched import in_place

patches.install()

_PATCH_TESTED = {f"test_{patches.name(patch)}": patch for patch in patches.PATCHES}


@pytest.fixture(autouse=True)
def _patch_under_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """A patch's own tests (`test_crops.py` for `tui.patches.crops`) run with it in place, the patches off
    or not, and are skipped where it does not fit the installed Textual (they compare it with Textual's own
    code, which it was not written against)."""
    patch = _PATCH_TESTED.get(request.module.__name__.rsplit(".", 1)[-1])
    if patch is None:
        yield
        return
    why = patches.mismatch(patch)
    if why is not None:
        pytest.skip(f"tui.patches.{patches.name(patch)}: {why}")
    with in_place(patch):
        yield


@pytest.fixture
def saves_root(tmp_path: Path) -> Path:
    """A saves folder of its own, for the tests that save and resume."""
    return tmp_path / "saves"
