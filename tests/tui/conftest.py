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
    """A patch's own tests (`test_crops.py` for `tui.patches.crops`) run as they were written, with every
    patch in place that fits the installed Textual, the patches off or not (some lean on another: the
    lines `covered` cuts are the ones `filters` hands out as they are); they are skipped where their own
    patch does not fit (they compare it with Textual's own code, which it was not written against)."""
    patch = _PATCH_TESTED.get(request.module.__name__.rsplit(".", 1)[-1])
    if patch is None:
        yield
        return
    why = patches.mismatch(patch)
    if why is not None:
        pytest.skip(f"tui.patches.{patches.name(patch)}: {why}")
    with in_place(*[p for p in patches.PATCHES if patches.mismatch(p) is None]):
        yield


@pytest.fixture
def saves_root(tmp_path: Path) -> Path:
    """A saves folder of its own, for the tests that save and resume."""
    return tmp_path / "saves"
