"""Patch: a widget's component styles are computed on the same placeholder nodes each time, not on new ones.

A widget that styles parts of itself by component classes (a list's highlighted line, a footer's keys,
the board's spaces) has its styles for each part worked out by Textual on a stand-in node, made anew and
attached to the widget every time the widget's styles are applied again: whenever its screen comes back
on top under a closed dialog, and as each widget of a dialog is mounted and focused. Each stand-in (its
styles, bindings, signals, caches: some twenty objects) is attached to the widget and the widget's styles
refer to it, so each one dropped is a reference cycle that only the collector's full pass reclaims: a
trade dialog opened and closed ten times left 1,380 of them.

`install` keeps the stand-ins of each widget on the widget and applies the styles to them again; the
part's styles changing still repaints the widget, as with Textual's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

_TEXTUAL_PROCESS = Stylesheet._process_component_classes

TEXTUAL_VERSIONS: tuple[str, ...] = ("8.2",)
"""The Textual versions (major.minor) this patch was written for."""
FINGERPRINTS: dict[Callable[..., Any], str] = {
    _TEXTUAL_PROCESS: "852b5e4b93c6fc25fa6f081923063399ddb6ac9d45f2365079cb825529926c02",
}
"""The sha256 of the source of each Textual function this patch replaces or wraps, as written against."""
REMOVE_AT = "9.0"
"""The Textual version at which this patch is to be removed or checked again (docs/textual-upstream.md)."""

_KEPT = "_landlords_component_nodes"
"""The attribute of a widget that holds its stand-ins, by component class."""


def _rules(node: DOMNode) -> tuple[object, object]:
    """Return what decides whether a part's styles changed (as Textual compares them)."""
    styles = node.styles
    return dict(styles._base_styles._rules), dict(styles._inline_styles._rules)


def _process_component_classes(self: Stylesheet, node: DOMNode) -> None:
    component_classes = node._get_component_classes()
    if not component_classes:
        return
    kept: dict[str, DOMNode] | None = node.__dict__.get(_KEPT)
    if kept is None:
        kept = {}
        setattr(node, _KEPT, kept)
    refresh_node = False
    styles = node._component_styles
    for component in sorted(component_classes):
        stand_in = kept.get(component)
        if stand_in is None:
            stand_in = kept[component] = DOMNode(classes=component)
            stand_in._attach(node)
            before = None
        else:
            before = _rules(stand_in) if styles.get(component) is stand_in.styles else None
        self.apply(stand_in, animate=False)
        if not refresh_node and (before is None or before != _rules(stand_in)):
            refresh_node = True
        styles[component] = stand_in.styles
    for gone in set(styles) - component_classes:
        del styles[gone]
    if refresh_node:
        node.refresh()


def install() -> None:
    """Reuse every widget's placeholder nodes from now on (once per process)."""
    if Stylesheet._process_component_classes is not _process_component_classes:
        Stylesheet._process_component_classes = _process_component_classes  # type: ignore[method-assign]


def uninstall() -> None:
    """Restore Textual's own placeholder nodes (for the test that compares the two)."""
    Stylesheet._process_component_classes = _TEXTUAL_PROCESS  # type: ignore[method-assign]


def installed() -> bool:
    """Whether this patch is in place now."""
    return Stylesheet._process_component_classes is _process_component_classes
