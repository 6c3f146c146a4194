"""A process-wide cache of rendered lines, shared by every screen that shows the same content.

On a server, the people at one table see the same board: each space, the centre and the clocks are the
same words at the same size on every screen at the table, and Textual turned them into lines once per
screen. A widget that mixes in `SharedLines` keeps the lines it last drew in a cache of the process,
keyed by everything the lines depend on (the text and its styles, the size, the widget's own style
and the rules that place text, the theme), so the second screen to draw the same thing takes the first
one's lines.

It replaces `Widget._render_content`, Textual's private method that turns a widget's `render()` into
lines (`docs/textual-upstream.md`): the replacement is Textual's own, with the cache in between.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from textual.cache import LRUCache
from textual.content import Content
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget, _RenderCache

SHARED_LINES = 4096
"""Renders kept for the process: a board's spaces and centre at a few sizes for many tables."""

_shared: LRUCache[Hashable, list[Strip]] = LRUCache(SHARED_LINES)


class SharedLines(Widget):
    """A widget whose lines are shared with every widget of its class that draws the same content."""

    def _render_content(self) -> None:
        width, height = self.size
        visual = self._render()
        key = self._shared_key(visual, width, height)

        def draw() -> list[Strip]:
            return Visual.to_strips(self, visual, width, height, self.visual_style)

        strips = draw() if key is None else shared_strips(key, draw)
        self._render_cache = _RenderCache(self.size, strips)
        self._dirty_regions.clear()

    def _shared_key(self, visual: Visual, width: int, height: int) -> Hashable | None:
        """Return the cache key: what the lines depend on; None where they cannot be shared (not plain
        content, a selection)."""
        if not isinstance(visual, Content) or self.text_selection is not None:
            return None
        app, styles = self.app, self.styles
        return (
            type(self),
            visual.plain,
            tuple(visual.spans),
            width,
            height,
            self.visual_style,
            (styles.text_align, styles.text_overflow, styles.text_wrap),
            (styles.line_pad, styles.content_align),
            app.theme,
            app.ansi_color,
        )


def shared_strips(key: Hashable, draw: Callable[[], list[Strip]]) -> list[Strip]:
    """Return the lines cached under `key`, rendering (and caching) them where no screen drew them yet: for
    widgets that draw their own lines in pieces (the board's cells)."""
    strips = _shared.get(key)
    if strips is None:
        strips = _shared[key] = draw()
    return strips


def shared_renders() -> int:
    """Return how many renders the process caches (for the tests)."""
    return len(_shared)
