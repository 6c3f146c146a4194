"""The middle of the board: the game, the dice, whose turn and what the game waits for, and the last
few events."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.geometry import Region

from tui.widgets.shared_lines import SharedLines


class CentrePanel(SharedLines):
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
        self._wrapped: dict[tuple[int, int], list[Content]] = {}
        self.rule = "\u2500"
        self.log_top = 0
        """The row of the first line of the log, under the rule (0 while there is no log)."""

    def show(self, head: Sequence[Content], events: Sequence[Content]) -> None:
        head, events = list(head), list(events)
        if head == self._header_lines and [id(e) for e in events] == [id(e) for e in self._events]:
            return
        self._header_lines = head
        self._events = events
        live = {id(e) for e in events}
        self._wrapped = {k: v for k, v in self._wrapped.items() if k[0] in live}
        self.refresh()

    def _wrap(self, event: Content, width: int) -> list[Content]:
        """Return an event's lines wrapped at this width (each event is wrapped once, not on every
        repaint)."""
        key = (id(event), width)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = self._wrapped[key] = event.wrap(width)
        return lines

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
                wrapped = self._wrap(event, width)
                if len(tail) + len(wrapped) > room:
                    break
                tail[0:0] = wrapped
            lines.append(Content.styled(self.rule * width, "$foreground 30%"))
            self.log_top = len(lines)
            lines.extend(tail)
        else:
            self.log_top = 0
        return Content("\n").join(lines[:height])

    def notice_area(self) -> tuple[Region, int] | None:
        """Return where notices may be drawn over the board (`tui.drawing.notices`): the middle of the board,
        from the first line of its log down. Over the oldest lines of the log they hide nothing a player
        needs; a notice taller than the log rises over the lines above it, never beyond the middle (the
        board's spaces, Holdings and the Deed stay in view)."""
        region = self.content_region
        if not region or not self.log_top:
            return None
        return region, region.y + self.log_top
