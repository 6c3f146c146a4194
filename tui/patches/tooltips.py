"""Patch: a screen mounts its tooltip the first time a mouse moves over it, not when it is composed.

Textual composes a `Tooltip` widget into every screen, hidden until a mouse rests on a widget that has a
tooltip. A person at a server's table holds five or six screens (the lobby, the table, its kept dialogs, the
chat line) and most never move a mouse over them: each tooltip is a mounted widget with its own styles,
message queue and task, a noticeable share of a screen's memory before anything is shown (measured in
docs/developers.md, "Textual patches"). `install` leaves it out of the composition and mounts it, in the place
Textual gives it, as the first mouse move reaches the screen; Textual then shows it after its delay as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Tooltip

_TEXTUAL_EXTEND_COMPOSE = Screen._extend_compose
_TEXTUAL_HANDLE_MOUSE_MOVE = Screen._handle_mouse_move

TEXTUAL_VERSIONS: tuple[str, ...] = ("8.2",)
"""The Textual versions (major.minor) this patch was written for."""
FINGERPRINTS: dict[Callable[..., Any], str] = {
    _TEXTUAL_EXTEND_COMPOSE: "b80043bc2e09b8865a268dd48193596136ccd9104b11013403762ac1ccb52d06",
    _TEXTUAL_HANDLE_MOUSE_MOVE: "8a9ea05ce5640dd17e3879c6da29a1e1832669fe954c5b3aaedaa47d32720333",
}
"""The sha256 of the source of each Textual function this patch replaces or wraps, as written against."""
REMOVE_AT = "9.0"
"""The Textual version at which this patch is to be removed or checked again (docs/textual-upstream.md)."""


def _extend_compose(self: Screen[Any], widgets: list[Widget]) -> None:
    app = self.app
    wanted, app._disable_tooltips = app._disable_tooltips, True
    try:
        _TEXTUAL_EXTEND_COMPOSE(self, widgets)
    finally:
        app._disable_tooltips = wanted


def _handle_mouse_move(self: Screen[Any], event: events.MouseMove) -> None:
    if not self.app._disable_tooltips and self.is_mounted:
        try:
            self.get_child_by_type(Tooltip)
        except NoMatches:
            self.mount(Tooltip(id="textual-tooltip"), before=0 if self._nodes else None)
    _TEXTUAL_HANDLE_MOUSE_MOVE(self, event)


def install() -> None:
    """Mount each screen's tooltip at its first mouse move from now on (once per process)."""
    if Screen._extend_compose is not _extend_compose:
        Screen._extend_compose = _extend_compose  # type: ignore[method-assign]
        Screen._handle_mouse_move = _handle_mouse_move  # type: ignore[method-assign]


def uninstall() -> None:
    """Restore Textual's own tooltips (for the tests that compare the two)."""
    Screen._extend_compose = _TEXTUAL_EXTEND_COMPOSE  # type: ignore[method-assign]
    Screen._handle_mouse_move = _TEXTUAL_HANDLE_MOUSE_MOVE  # type: ignore[method-assign]


def installed() -> bool:
    """Whether this patch is in place now."""
    return Screen._extend_compose is _extend_compose
