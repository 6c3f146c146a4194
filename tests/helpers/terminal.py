"""What an app run in a test would leave on a real terminal.

A test app is headless: Textual writes nothing, and the widgets can be right while the picture a person
sees is stale. `Terminal` keeps every update the app would write (the same escape sequences, the notices
drawn over them) in a terminal emulator (pyte), so that a test reads the screen as the person would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pyte
import pytest
from textual._compositor import CompositorUpdate
from textual.app import App
from textual.screen import Screen


class Terminal:
    """The picture the app's writes have left, from the moment it is made."""

    def __init__(self, width: int, height: int) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.Stream(self.screen)

    def lines(self) -> list[str]:
        return list(self.screen.display)

    def text(self) -> str:
        return "\n".join(self.lines())

    def written(self, app: App[Any], update: CompositorUpdate) -> None:
        self.stream.feed(update.render_segments(app.console))


def watch(
    monkeypatch: pytest.MonkeyPatch, width: int, height: int, after: Callable[[App[Any]], None] | None = None
) -> Terminal:
    """A terminal that every update written from now on (by any app) reaches, as a running app would
    write it; `after(app)` is called once each update has reached it."""
    terminal = Terminal(width, height)
    display = App._display

    def writing(self: App[Any], screen: Screen[Any], renderable: object) -> None:
        display(self, screen, renderable)  # type: ignore[arg-type]
        if isinstance(renderable, CompositorUpdate) and not self._batch_count:
            terminal.written(self, renderable)
            if after is not None:
                after(self)

    monkeypatch.setattr(App, "_display", writing)
    return terminal
