"""Patch: a cleared `LRUCache` frees its entries at once, not at the garbage collector's next pass.

Textual's `LRUCache` keeps its entries in a ring, each entry a list that refers to the one before it and
the one after it. Clearing the cache drops the dictionary and the ring's head, but the ring still refers
to itself: every entry, with the lines, rows and styles it holds, waits for a pass of the collector. A
widget clears such caches whenever it changes as a whole (a table of rows or a list of options filled
again, a widget taken off the screen), so on a server's worker a ring is left behind many times a second,
and each pass of the collector walks it until it finds it dead; a ring of a screen set aside
(`room.heap`) waits for the next complete pass.

`install` makes `clear` undo the ring's links first, so the entries die as the last reference to them
goes; the cache is empty afterwards, as with Textual's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.cache import LRUCache

_TEXTUAL_CLEAR = LRUCache.clear

TEXTUAL_VERSIONS: tuple[str, ...] = ("8.2",)
"""The Textual versions (major.minor) this patch was written for."""
FINGERPRINTS: dict[Callable[..., Any], str] = {
    _TEXTUAL_CLEAR: "840350756f822f0dc709d3ed6295d527f636c81cd6cba29c7378c754eed60efc",
}
"""The sha256 of the source of each Textual function this patch replaces or wraps, as written against."""
REMOVE_AT = "9.0"
"""The Textual version at which this patch is to be removed or checked again (docs/textual-upstream.md)."""


def _clear(self: LRUCache[Any, Any]) -> None:
    for entry in self._cache.values():
        entry.clear()
    _TEXTUAL_CLEAR(self)


def install() -> None:
    """Clear every cache this way from now on (once per process)."""
    if LRUCache.clear is not _clear:
        LRUCache.clear = _clear  # type: ignore[method-assign]


def uninstall() -> None:
    """Restore Textual's own clearing (for the test that compares the two)."""
    LRUCache.clear = _TEXTUAL_CLEAR  # type: ignore[method-assign]


def installed() -> bool:
    """Whether this patch is in place now."""
    return LRUCache.clear is _clear
