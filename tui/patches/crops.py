"""Patch: the compositor renders only the rows of each widget that the update draws.

To draw part of a screen (a partial update: the clock's tick on the status line, a move's spaces and log),
Textual's compositor picks the widgets that meet the rows to be drawn and renders each of them whole,
every row, and then keeps only the rows wanted. The screen itself and every container meet every row,
so a one-row change rendered thirty rows of the screen's background and of each container round it, and a
dialog that redraws the rows changed under it (`tui.widgets.tinted.redrawn`) rendered the whole of every
widget those rows cross. Each row of a widget renders on its own (Textual renders a widget a few rows at a
time already where a scrolling container clips it), so `install` narrows what each widget is asked for
to the rows of the update: the same lines, drawn once.

Columns are left as Textual has them: a row's pieces are cut at every widget's edges across the row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import Strip

_TEXTUAL_GET_RENDERS = Compositor._get_renders

TEXTUAL_VERSIONS: tuple[str, ...] = ("8.2",)
"""The Textual versions (major.minor) this patch was written for."""
FINGERPRINTS: dict[Callable[..., Any], str] = {
    _TEXTUAL_GET_RENDERS: "8ac93299aa5d3bef43b3924a9d09741de8855d9c4823502bcf304fbd8fd40f17",
}
"""The sha256 of the source of each Textual function this patch replaces or wraps, as written against."""
REMOVE_AT = "9.0"
"""The Textual version at which this patch is to be removed or checked again (docs/textual-upstream.md)."""


Renders = Iterable[tuple[Region, Region, list[Strip]]]
"""Each widget's place, the part of it drawn, and its lines there."""


def _get_renders(self: Compositor, crop: Region | None = None) -> Renders:
    if not crop or crop.height >= self.size.height:
        yield from _TEXTUAL_GET_RENDERS(self, crop)
        return
    top, bottom = crop.y, crop.bottom
    crop_overlaps = crop.overlaps
    for widget, (region, clip) in list(self.visible_widgets.items()):
        if not crop_overlaps(clip):
            continue
        x, y, width, height = region.intersection(clip)
        first, last = max(y, top), min(y + height, bottom)
        if not width or last <= first:
            continue
        rows = Region(x, first, width, last - first)
        yield region, rows, widget.render_lines(Region(x - region.x, first - region.y, width, last - first))


def install() -> None:
    """Render only the rows an update draws from now on (once per process)."""
    if Compositor._get_renders is not _get_renders:
        Compositor._get_renders = _get_renders  # type: ignore[method-assign]


def uninstall() -> None:
    """Restore Textual's own rendering (for the tests that compare the two)."""
    Compositor._get_renders = _TEXTUAL_GET_RENDERS  # type: ignore[method-assign]


def installed() -> bool:
    """Whether this patch is in place now."""
    return Compositor._get_renders is _get_renders
