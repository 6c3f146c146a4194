"""A scrolling view of lines of text, wrapped to its width and drawn line by line.

Replacing or adding lines repaints the view without laying the screen out again, which keeps a move's
repaint cheap: the panels and the log change after every move.

A line shown again is wrapped once for every view of the process that shows it at the same width
(`wrapped`): the panels wrap all their lines again after each move, most of them unchanged, and on a
server every screen at a table shows the same holdings. Lines added at the end (the log's newest) are
wrapped as they come, and not kept: each is wrapped once a screen anyway.

A view that follows its end (the event log) keeps following it until the person scrolls back (the mouse
wheel up, or a line chosen above the newest in the log), and again once they scroll down to the end. A
resize or a layout never stops it: where the end is depends on the size the layout settles on, so the view
goes back to it once the layout has settled.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Hashable, Iterable

from textual import events
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

WRAPPED = 2048
"""Lines kept wrapped for the process: the panels of some forty tables (a server's worker holds 25 at
100 people), each line a kilobyte or so."""

_wrapped: LRUCache[Hashable, list[Content]] = LRUCache(WRAPPED)


def wrapped(entry: Content, width: int) -> list[Content]:
    """Wrap `entry` to `width`, as `Content.wrap` does: cached by its text, styles and width (lines are
    equal by their text alone, so the styles are part of the key)."""
    key = (entry.plain, tuple(entry.spans), width)
    lines = _wrapped.get(key)
    if lines is None:
        lines = _wrapped[key] = entry.wrap(width)
    return lines


class LinesView(ScrollView):
    DEFAULT_CSS = """
    LinesView {
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
    }
    """

    def __init__(self, *, id: str | None = None, follow_end: bool = False) -> None:
        super().__init__(id=id)
        self._entries: list[Content] = []
        self._wrapped: list[Content] = []
        self._owners: list[int] = []  # the entry each wrapped line belongs to
        self._wrapped_at = 0
        self._follow_end = follow_end
        self.pinned = follow_end
        """Following the end: the newest line stays in view as lines come (unless scrolled back)."""

    @property
    def text_width(self) -> int:
        return max(self.scrollable_content_region.width, 10)

    @property
    def plain_lines(self) -> list[str]:
        return [e.plain for e in self._entries]

    def set_lines(self, entries: Iterable[Content]) -> None:
        """Show these lines instead of the ones shown."""
        self._entries = list(entries)
        self._rewrap()
        if self.pinned:
            self.scroll_end(animate=False, immediate=True)
        self.refresh()

    def add_lines(self, entries: Iterable[Content]) -> None:
        """Add lines at the end (following them, if the view was at the end)."""
        new = list(entries)
        if not new:
            return
        self._entries.extend(new)
        width = self.text_width
        if width != self._wrapped_at:
            self._rewrap()
        else:
            first = len(self._entries) - len(new)
            for i, entry in enumerate(new, start=first):
                lines = entry.wrap(width)
                self._wrapped.extend(lines)
                self._owners.extend([i] * len(lines))
            self._resize_virtually(Size(width, len(self._wrapped)))
        if self.pinned:
            self.scroll_end(animate=False, immediate=True)
        self.refresh()

    def keep_first(self, count: int) -> None:
        """Truncate to the first `count` lines (a replay stepping back), without wrapping any again."""
        if count >= len(self._entries):
            return
        self._entries = self._entries[:count]
        cut = bisect_left(self._owners, count)
        del self._wrapped[cut:]
        del self._owners[cut:]
        self._resize_virtually(Size(self._wrapped_at, len(self._wrapped)))
        if self.pinned:
            self.scroll_end(animate=False, immediate=True)
        self.refresh()

    def _rewrap(self) -> None:
        width = self.text_width
        self._wrapped_at = width
        self._wrapped = []
        self._owners = []
        for i, entry in enumerate(self._entries):
            lines = wrapped(entry, width)
            self._wrapped.extend(lines)
            self._owners.extend([i] * len(lines))
        self._resize_virtually(Size(width, len(self._wrapped)))

    def _resize_virtually(self, size: Size) -> None:
        """Set the scrollable size; when the scrollbar stays as it is, without laying the screen out."""
        if size == self.virtual_size:
            return
        always = self.styles.overflow_y == "scroll"
        needs_bar = size.height > self.scrollable_content_region.height
        if self.is_mounted and (always or needs_bar == self.show_vertical_scrollbar):
            self.set_reactive(Widget.virtual_size, size)
            self._scroll_update(size)
            self.refresh()
        else:
            self.virtual_size = size

    def on_resize(self, event: events.Resize) -> None:
        if self.text_width != self._wrapped_at:
            self._rewrap()
        if self.pinned:
            self.scroll_end(animate=False, immediate=True)
            self.call_after_refresh(self._back_to_the_end)

    def _back_to_the_end(self) -> None:
        """Scroll to the end once the layout is complete (its scrollbar shown or not)."""
        if self.pinned and self.is_mounted:
            self.scroll_end(animate=False, immediate=True)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        """Stop following new lines when the person scrolls back."""
        if self._follow_end and self.allow_vertical_scroll:
            self.pinned = False

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        """Follow new lines again when the person scrolls to the end."""
        if self._follow_end:
            self.call_after_refresh(self._follow_if_at_end)

    def _follow_if_at_end(self) -> None:
        if self.is_vertical_scroll_end:
            self.pinned = True

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        base = self.visual_style
        if index >= len(self._wrapped):
            return Strip.blank(width, base.rich_style)
        line = self._wrapped[index]
        if self.marked(self._owners[index]):
            line = line.stylize("reverse")
        segments = line.render_segments(base)
        return Strip(segments).crop_extend(0, width, base.rich_style)

    def marked(self, entry: int) -> bool:
        """Whether an entry is drawn as the one selected (none, in a plain view of lines)."""
        return False

    def lines_of(self, entry: int) -> tuple[int, int]:
        """Return the first wrapped line of an entry and the one after its last."""
        first = self._owners.index(entry) if entry in self._owners else len(self._owners)
        last = first
        while last < len(self._owners) and self._owners[last] == entry:
            last += 1
        return first, last
