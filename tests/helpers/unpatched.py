"""Textual's own behaviour for a while, in the tests that compare it with a patch's (`tui.patches`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class Patch(Protocol):
    """A patch module of `tui.patches`: it installs and uninstalls its change to Textual."""

    def install(self) -> None: ...

    def uninstall(self) -> None: ...


@contextmanager
def textuals_own(*patches: Patch) -> Iterator[None]:
    """These patches out while the block runs, and in again after it, however it ends."""
    for patch in patches:
        patch.uninstall()
    try:
        yield
    finally:
        for patch in patches:
            patch.install()
