"""The status line at the top of the game screen."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget


class StatusBar(Widget):
    """One line, drawn rather than laid out, so that changing it after every move costs little. A `tail`
    (a shared table's clocks) sits at its right end and is changed alone; the line gives way to it."""

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
        self._tail = Content("")

    def show(self, line: Content) -> None:
        if line != self._line:
            self._line = line
            self.refresh()

    def show_tail(self, tail: Content) -> None:
        if tail != self._tail:
            self._tail = tail
            self.refresh()

    def render(self) -> Content:
        tail = self._tail
        if not tail.cell_length:
            return self._line
        width = self.content_size.width or 80
        room = width - tail.cell_length - 2
        line = self._line
        if room < 12:
            return tail
        if line.cell_length > room:
            line = line.truncate(room)
        return Content.assemble(line, " " * (width - line.cell_length - tail.cell_length), tail)
