"""The middle of the board: the game, the dice, whose turn and what the game waits for, and the last
few events."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.widget import Widget


class CentrePanel(Widget):
    DEFAULT_CSS = """
    CentrePanel {
        background: $background;
        padding: 0 1;
    }
    """

    def __init__(self) -> None:
        super().__init__(id="centre")
        self._header_lines: list[Content] = []
        self._events: list[Content] = []
        self.rule = "─"

    def show(self, head: Sequence[Content], events: Sequence[Content]) -> None:
        self._header_lines = list(head)
        self._events = list(events)
        self.refresh()

    def render(self) -> Content:
        width = max(self.size.width - 2, 10)
        height = self.size.height or 9
        lines: list[Content] = []
        for item in self._header_lines:
            lines.extend(item.wrap(width))
        room = height - len(lines) - 1
        tail: list[Content] = []
        if room > 0 and self._events:
            for event in reversed(self._events):
                wrapped = event.wrap(width)
                if len(tail) + len(wrapped) > room:
                    break
                tail[0:0] = wrapped
            lines.append(Content.styled(self.rule * width, "$foreground 30%"))
            lines.extend(tail)
        return Content("\n").join(lines[:height])
