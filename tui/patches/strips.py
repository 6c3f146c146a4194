"""Patch: Textual's lines of styled text (`Strip`) create their caches on first use, not in the constructor.

Every line Textual draws is a `Strip`, and each is made with seven small caches (for crops, divisions,
styles and the like), each an object with a dictionary of its own. Most lines are made, joined or cut
once and thrown away without ever using a cache; those that live on (the lines a widget keeps to draw
again) hold all seven. In one game's screens the caches are a large share of the objects the garbage
collector tracks (measured in docs/developers.md, "Textual patches"), and a server's worker holds dozens of
such screens:
every full pass of the collector walks them all, and every closed dialog leaves its lines' caches in the
garbage that only a full pass reclaims.

`install` gives `Strip` a constructor that leaves the cache slots empty, and a `__getattr__` that makes a
cache on the first look-up of its empty slot (Python asks `__getattr__` when a slot has no value). The
caches and their sizes are read from a line made by Textual's own constructor, so a cache added or
resized by a later Textual is still made, lazily; `tests/tui/test_strips.py` checks that a line made
either way holds the same values. The caches so made never keep the line itself (`LineCache`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rich.segment import Segment
from textual.cache import FIFOCache
from textual.strip import Strip

_TEXTUAL_INIT = Strip.__init__

TEXTUAL_VERSIONS: tuple[str, ...] = ("8.2",)
"""The Textual versions (major.minor) this patch was written for."""
FINGERPRINTS: dict[Callable[..., Any], str] = {
    _TEXTUAL_INIT: "ce1d8154dca8cfd78cd46aa14a40b23436c94696447efbe74eb17f0e0a4a550d",
}
"""The sha256 of the source of each Textual function this patch replaces or wraps, as written against."""
REMOVE_AT = "9.0"
"""The Textual version at which this patch is to be removed or checked again (docs/textual-upstream.md)."""


def _cache_sizes() -> dict[str, int]:
    """Return the cache slots of a `Strip` and their sizes, as Textual's own constructor makes them."""
    probe = Strip.__new__(Strip)
    _TEXTUAL_INIT(probe, [])
    return {
        name: getattr(probe, name)._maxsize
        for name in Strip.__slots__
        if isinstance(getattr(probe, name, None), FIFOCache)
    }


CACHE_SIZES = _cache_sizes()


def _init(self: Strip, segments: Iterable[Segment], cell_length: int | None = None) -> None:
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


class LineCache(FIFOCache[object, object]):
    """One of a line's caches, which never references the line itself.

    Some answers are the line itself: divided only at its own end, it is `[line]`; cropped or extended to
    its own length, it is `line`. Textual keeps those answers too, and a line whose cache refers to it is
    a reference cycle, freed only by a full pass of the collector. The compositor divides every line it
    draws at the edges of the widgets over it, so most lines drawn ended in such a cycle, and on a server
    that sets aside what survives each full pass (`room.heap`) they stayed until its next complete pass:
    most of the garbage such a pass found. Such an answer costs nothing to give again, so it is not kept.
    """

    __slots__ = ("_line",)

    def __init__(self, maxsize: int, line: int) -> None:
        super().__init__(maxsize)
        self._line = line  # the line's id: a reference to it would be the cycle again

    def set(self, key: object, value: object) -> None:
        line = self._line
        if id(value) == line or (type(value) is list and len(value) == 1 and id(value[0]) == line):
            return
        super().set(key, value)

    __setitem__ = set


def _make_cache(self: Strip, name: str) -> FIFOCache[object, object]:
    size = CACHE_SIZES.get(name)
    if size is None:
        raise AttributeError(name)
    cache = LineCache(size, id(self))
    setattr(self, name, cache)
    return cache


def install() -> None:
    """Make every `Strip` made from now on build its caches on first use (once per process)."""
    if Strip.__init__ is not _init:
        Strip.__init__ = _init  # type: ignore[method-assign]
        Strip.__getattr__ = _make_cache  # type: ignore[attr-defined]


def uninstall() -> None:
    """Restore Textual's own constructor (for the test that compares the two)."""
    Strip.__init__ = _TEXTUAL_INIT  # type: ignore[method-assign]
    if "__getattr__" in Strip.__dict__:
        del Strip.__getattr__  # type: ignore[attr-defined]


def installed() -> bool:
    """Whether this patch is in place now."""
    return Strip.__init__ is _init
