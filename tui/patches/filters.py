"""Patch: a line that a line filter leaves unchanged is not copied.

Before a widget's line is drawn, Textual passes it through the app's line filters. One is always on where
the terminal's own sixteen colours are not used: the filter that turns those colours into exact ones
(`ANSIToTruecolor`). It makes a new line of new pieces for every line it is given, and the line keeps that
copy in a cache of its own to hand out again. The game's lines are drawn in exact colours, so the copy is
almost always the same as the line: every line a widget keeps to draw again was held twice. In a server's
worker with 50 people at tables, 11,600 of its 65,300 lines were such copies.

`install` gives `Strip.apply_filter` a first look at the filtered pieces: where they are the same as the
line's own, the line itself is handed out, and its cache keeps a mark that says so (never the line
itself, which would be a reference cycle: `tui.patches.strips`). A line the filter changes is copied
and cached as Textual does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.color import Color
from textual.filter import LineFilter
from textual.strip import Strip

_TEXTUAL_APPLY_FILTER = Strip.apply_filter

TEXTUAL_VERSIONS: tuple[str, ...] = ("8.2",)
"""The Textual versions (major.minor) this patch was written for."""
FINGERPRINTS: dict[Callable[..., Any], str] = {
    _TEXTUAL_APPLY_FILTER: "1417be1c9e66a916b2bcb6a80d74b295bcbfd99c00cdb838795af80ffe1babc0",
}
"""The sha256 of the source of each Textual function this patch replaces or wraps, as written against."""
REMOVE_AT = "9.0"
"""The Textual version at which this patch is to be removed or checked again (docs/textual-upstream.md)."""

UNCHANGED = Strip([])
"""What a line's filter cache keeps for a filter that leaves it as it was (a line of its own, so that the
cache holds lines only)."""


def _apply_filter(self: Strip, filter: LineFilter, background: Color) -> Strip:
    cache = self._filter_cache
    key = (filter, background)
    cached = cache.get(key)
    if cached is None:
        segments = self._segments
        filtered = filter.apply(segments, background)
        if filtered == segments:
            cache[key] = UNCHANGED
            return self
        cached = Strip(filtered, self._cell_length)
        cache[key] = cached
    return self if cached is UNCHANGED else cached


def install() -> None:
    """Hand out a line a filter leaves unchanged as itself from now on (once per process)."""
    if Strip.apply_filter is not _apply_filter:
        Strip.apply_filter = _apply_filter  # type: ignore[method-assign]


def uninstall() -> None:
    """Restore Textual's own filtering (for the tests that compare the two)."""
    Strip.apply_filter = _TEXTUAL_APPLY_FILTER  # type: ignore[method-assign]


def installed() -> bool:
    """Whether this patch is in place now."""
    return Strip.apply_filter is _apply_filter
