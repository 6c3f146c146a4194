"""The status line at the top of the game screen."""

from __future__ import annotations

from textual.content import Content

from tui.widgets.shared_lines import SharedLines


class StatusBar(SharedLines):
    """A one-line status widget, rendered directly rather than laid out, so that changing it after every move
    is cheap. A `tail` (a shared table's clocks) sits at its right end and is changed alone; the line gives
    way to it, its last words dropped whole ("bot pace normal" goes, never "bot pa")."""

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
        width = self.content_size.width or 80
        line = self._line
        if not tail.cell_length:
            return shortened(line, width) if line.cell_length > width else line
        room = width - tail.cell_length - 2
        if room < 12:
            return tail
        if line.cell_length > room:
            line = shortened(line, room)
        return Content.assemble(line, " " * (width - line.cell_length - tail.cell_length), tail)


def shortened(line: Content, room: int) -> Content:
    """Shorten the line to `room` cells: its last items dropped whole, where items are set apart (" · " or
    " | "), else between two words; never a word in two (unless one is longer than the room)."""
    text = line.plain
    for separator in (" · ", " | ", " "):
        cut = text.rfind(separator, 0, room + 1)
        if cut > 0:
            return line[:cut]
    return line.truncate(room)
