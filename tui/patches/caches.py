"""A cache that is cleared lets go of what it held at once, not at the garbage collector's next pass.

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

from typing import Any

from textual.cache import LRUCache

_TEXTUAL_CLEAR = LRUCache.clear


def _clear(self: LRUCache[Any, Any]) -> None:
    for entry in self._cache.values():
        entry.clear()
    _TEXTUAL_CLEAR(self)


def install() -> None:
    """Clear every cache this way from now on (once per process)."""
    if LRUCache.clear is not _clear:
        LRUCache.clear = _clear  # type: ignore[method-assign]


def uninstall() -> None:
    """Textual's own clearing again (for the test that compares the two)."""
    LRUCache.clear = _TEXTUAL_CLEAR  # type: ignore[method-assign]
