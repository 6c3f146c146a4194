"""The status line at the top of the game screen."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget


class StatusBar(Widget):
    """One line, drawn rather than laid out, so that changing it after every move costs little."""

    DEFAULT_CSS = """
    StatusBar {
        dock: top;
        height: 1;
        background: $primary 25%;
        color: $text;
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._line = Content("")

    def show(self, line: Content) -> None:
        if line != self._line:
            self._line = line
            self.refresh()

    def render(self) -> Content:
        return self._line
