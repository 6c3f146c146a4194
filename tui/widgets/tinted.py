"""The screen under a dialog, dimmed: drawn from the lines that screen has already composed, each style
dimmed once and remembered.

Textual draws a dialog's background by rendering the whole screen underneath into a stream of styled
text, dimming every piece, and cutting the stream into lines again, whenever anything under or on the
dialog changes. This draws the same picture from the underlying screen's own lines, and a style met
before costs a look-up (a table has few distinct styles, met thousands of times a frame).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.color import Color
from textual.css.styles import RulesMap
from textual.renderables.background_screen import BackgroundScreen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

if TYPE_CHECKING:
    from textual.screen import Screen

NULL_STYLE = RichStyle()


@lru_cache(maxsize=4096)
def dimmed(style: RichStyle | None, color: Color) -> RichStyle:
    """A style as it shows through a dialog's background `color` (as Textual's own dimming does)."""
    if style is None:
        return NULL_STYLE
    plain = style.clear_meta_and_links()
    if color.a == 0:
        return plain
    fg = (Color.from_rich_color(style.color) + color).rich_color if style.color is not None else None
    bg = (Color.from_rich_color(style.bgcolor) + color).rich_color if style.bgcolor is not None else None
    return plain + RichStyle.from_color(fg, bg)


@lru_cache(maxsize=4096)
def dimmed_on(base: RichStyle, style: RichStyle | None, color: Color) -> RichStyle:
    """A dimmed style over the dialog's own base style (as Textual lays a widget's style under its render)."""
    return base + dimmed(style, color)


class DimmedScreen(Visual):
    """A screen's picture under a dialog."""

    def __init__(self, screen: Screen[object], color: Color) -> None:
        self.screen = screen
        self.color = color

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        color = self.color
        base = style.rich_style
        lines = []
        for strip in self.screen._compositor.render_strips():
            if base:
                segments = [
                    Segment(text, base + seg_style if control else dimmed_on(base, seg_style, color))
                    for text, seg_style, control in strip
                ]
            else:
                segments = [
                    Segment(text, seg_style, control) if control else Segment(text, dimmed(seg_style, color))
                    for text, seg_style, control in strip
                ]
            lines.append(Strip(segments, strip.cell_length))
        return lines[:height] if height is not None else lines

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.screen._compositor.size.height


def dim_background(rendered: object) -> object:
    """A dialog screen's `render()`, with Textual's dimmed background drawn the cheaper way."""
    if isinstance(rendered, BackgroundScreen):
        return DimmedScreen(rendered.screen, rendered.color)
    return rendered
