"""Patch: the compositor cuts a widget's row into pieces only where some of it shows.

To draw a row of the screen Textual's compositor goes through the widgets from the front back, cuts each
widget's line at every widget edge across the row, and keeps each piece whose place nothing in front has
filled yet. A container behind its children (the table's columns, a dialog's box) is cut on every row
though its children cover the row whole, and each line keeps the pieces it was cut into (a line's cache),
with the text each piece was last written as: on a server, the largest part of what a session's screens
hold, and the change removes some two fifths of it (docs/textual-upstream.md has the measurements).

`install` leaves a widget's row uncut where the widgets in front have filled every place it would fill,
and where they fill some (the board's rows behind its centre), cuts out only the pieces that show, each
cut at the same edges as Textual cuts it: nothing drawn changes (`tests/tui/test_covered.py` draws the
same screens both ways, and the snapshots are Textual's), and a line keeps only what shows of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from typing import Any, cast

from rich.segment import Segment
from textual._compositor import Compositor
from textual.cache import FIFOCache
from textual.geometry import Region
from textual.strip import Strip

_TEXTUAL_RENDER_CHOPS = Compositor._render_chops

TEXTUAL_VERSIONS: tuple[str, ...] = ("8.2",)
"""The Textual versions (major.minor) this patch was written for."""
FINGERPRINTS: dict[Callable[..., Any], str] = {
    _TEXTUAL_RENDER_CHOPS: "ca8c3359d7afd0171bda158ab5b846fec5144539e438de5113d76f11eb357f0f",
}
"""The sha256 of the source of each Textual function this patch replaces or wraps, as written against."""
REMOVE_AT = "9.0"
"""The Textual version at which this patch is to be removed or checked again (docs/textual-upstream.md)."""


def _render_chops(
    self: Compositor, crop: Region, is_rendered_line: Callable[[int], bool]
) -> Sequence[Mapping[int, Strip]]:
    cuts = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(row[:-1]) for row in cuts]
    for region, clip, strips in self._get_renders(crop):
        shown = region.intersection(clip)
        left = shown.x
        first_cut, last_cut = shown.column_span
        for y, strip in zip(shown.line_range, strips, strict=False):
            if not is_rendered_line(y):
                continue
            row = chops[y]
            edges = [cut for cut in cuts[y] if first_cut <= cut <= last_cut]
            shows = {place - left: end - left for place, end in pairwise(edges) if row[place] is None}
            if len(shows) == len(edges) - 1:  # nothing in front of it: cut as Textual cuts
                for place, piece in zip(edges, strip.divide([cut - left for cut in edges[1:]]), strict=False):
                    row[place] = piece
            elif shows:
                for start, piece in _pieces_shown(strip, shows):
                    row[start + left] = piece
            # else covered whole by the widgets in front
    return chops  # type: ignore[return-value]  # every place is filled by the screen at the back


_SHOWN = "shown"  # keys the pieces of a line partly covered apart from Textual's own cuts of it


def _pieces_shown(strip: Strip, shows: dict[int, int]) -> list[tuple[int, Strip]]:
    """Return the pieces of a line that show (each place's start and end on the line), cut as Textual cuts and
    kept in the line's cache of cuts as Textual keeps its own, without the pieces covered."""
    key = (_SHOWN, *shows.items())
    cache = cast("FIFOCache[object, list[tuple[int, Strip]]]", strip._divide_cache)
    kept = cache.get(key)
    if kept is not None:
        return kept
    length = strip.cell_length
    cut_at = sorted(cut for cut in {*shows, *shows.values()} - {0} if cut <= length)
    pieces = []
    for start, end, segments in zip(
        [0, *cut_at], cut_at, Segment.divide(strip._segments, cut_at), strict=False
    ):
        if start in shows:
            pieces.append((start, Strip(segments, end - start)))
    cache[key] = pieces
    return pieces


def install() -> None:
    """Cut only the rows of which something shows, from now on (once per process)."""
    if Compositor._render_chops is not _render_chops:
        Compositor._render_chops = _render_chops  # type: ignore[method-assign]


def uninstall() -> None:
    """Restore Textual's own cutting (for the tests that compare the two)."""
    Compositor._render_chops = _TEXTUAL_RENDER_CHOPS  # type: ignore[method-assign]


def installed() -> bool:
    """Whether this patch is in place now."""
    return Compositor._render_chops is _render_chops
