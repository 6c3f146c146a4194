"""The event log: every event of the game in words, colour-coded by player, scrollable."""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual.content import Content
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip


class EventLog(ScrollView, can_focus=True):
    """A scrolling list of lines that wraps to its width and follows the newest line unless scrolled back."""

    DEFAULT_CSS = """
    EventLog {
        background: $surface;
        border: round $primary 50%;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
    }
    EventLog:focus {
        border: round $accent;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Events"
        self._entries: list[Content] = []
        self._wrapped: list[Content] = []
        self._wrapped_at = 0

    @property
    def entry_count(self) -> int:
        return len(self._entries)

    @property
    def plain_lines(self) -> list[str]:
        return [e.plain for e in self._entries]

    def _width(self) -> int:
        return max(self.scrollable_content_region.width, 10)

    def add(self, entries: Iterable[Content]) -> None:
        new = list(entries)
        if not new:
            return
        follow = self.is_vertical_scroll_end or not self._wrapped
        self._entries.extend(new)
        width = self._width()
        if width != self._wrapped_at:
            self._rewrap()
        else:
            for entry in new:
                self._wrapped.extend(entry.wrap(width))
            self.virtual_size = Size(width, len(self._wrapped))
        if follow:
            self.scroll_end(animate=False, immediate=True)
        self.refresh()

    def reset(self, entries: Iterable[Content]) -> None:
        self._entries = []
        self._wrapped = []
        self.add(entries)

    def _rewrap(self) -> None:
        width = self._width()
        self._wrapped_at = width
        self._wrapped = [line for entry in self._entries for line in entry.wrap(width)]
        self.virtual_size = Size(width, len(self._wrapped))

    def on_resize(self, event: events.Resize) -> None:
        if self._width() != self._wrapped_at:
            self._rewrap()
            self.scroll_end(animate=False, immediate=True)

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        base = self.visual_style
        if index >= len(self._wrapped):
            return Strip.blank(width, base.rich_style)
        segments = self._wrapped[index].render_segments(base)
        return Strip(segments).crop_extend(0, width, base.rich_style)
