"""Patch: the compositor's widget maps are freed as soon as the next layout replaces them.

Textual's compositor lays a screen out by a function that places each widget and calls itself for its
children; being defined inside the layout and referring to itself, it forms a reference cycle, and that
cycle holds the map it fills (every widget's region, clip and size) and the set of widgets. So a screen's
map outlives its use: when the next layout replaces it, only the garbage collector's full pass can free
it. A map alive during a full pass (most are: a screen keeps its map until it is laid out again) is
then walked by every later full pass, and a server's worker that sets the survivors of full passes aside
(`room.heap`) keeps every replaced map until its next complete pass: a third of a worker's heap after two
minutes of play with 25 people, in maps of 50 widgets each.

`install` makes the layout hand back copies of the map and the set, which nothing in a cycle refers to,
and empty the originals: a replaced map is freed at once. The cycle itself is left holding nothing but
empty containers; it dies young and is reclaimed by the collector's cheapest pass, and even when a full
pass runs in the middle of a layout and sets the cycle aside, that is all it keeps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual._compositor import Compositor

_TEXTUAL_ARRANGE = Compositor._arrange_root

TEXTUAL_VERSIONS: tuple[str, ...] = ("8.2",)
"""The Textual versions (major.minor) this patch was written for."""
FINGERPRINTS: dict[Callable[..., Any], str] = {
    _TEXTUAL_ARRANGE: "e893dcd84bf247f80b560016dd8bd5259571fce7641b0d2e6642bf6fb766a27e",
}
"""The sha256 of the source of each Textual function this patch replaces or wraps, as written against."""
REMOVE_AT = "9.0"
"""The Textual version at which this patch is to be removed or checked again (docs/textual-upstream.md)."""


def _arrange_root(self: Compositor, *args: Any, **kwargs: Any) -> Any:
    placed, widgets = _TEXTUAL_ARRANGE(self, *args, **kwargs)
    kept = dict(placed), set(widgets)
    placed.clear()
    widgets.clear()
    return kept


def install() -> None:
    """Make every layout from now on hand back a map free of the cycle (once per process)."""
    if Compositor._arrange_root is not _arrange_root:
        Compositor._arrange_root = _arrange_root  # type: ignore[method-assign]


def uninstall() -> None:
    """Restore Textual's own layout (for the test that compares the two)."""
    Compositor._arrange_root = _TEXTUAL_ARRANGE  # type: ignore[method-assign]


def installed() -> bool:
    """Whether this patch is in place now."""
    return Compositor._arrange_root is _arrange_root
