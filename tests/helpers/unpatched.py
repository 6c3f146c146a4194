"""Textual's own behaviour for a while, in the tests that compare it with a patch's (`tui.patches`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class Patch(Protocol):
    """A patch module of `tui.patches`: it installs and uninstalls its change to Textual."""

    def install(self) -> None: ...

    def uninstall(self) -> None: ...

    def installed(self) -> bool: ...


@contextmanager
def textuals_own(*patches: Patch) -> Iterator[None]:
    """These patches out while the block runs, and each as it was before the block after it (in, or out
    when the patches are off: `LANDLORDS_TEXTUAL_PATCHES=0`), however it ends."""
    before = [patch.installed() for patch in patches]
    for patch in patches:
        patch.uninstall()
    try:
        yield
    finally:
        for patch, was in zip(patches, before, strict=True):
            if was:
                patch.install()
            else:
                patch.uninstall()


@contextmanager
def in_place(*patches: Patch) -> Iterator[None]:
    """These patches in while the block runs (a patch's own tests need them, even with the patches off),
    and each as it was before the block after it."""
    before = [patch.installed() for patch in patches]
    for patch in patches:
        patch.install()
    try:
        yield
    finally:
        for patch, was in reversed(list(zip(patches, before, strict=True))):
            if not was:
                patch.uninstall()
