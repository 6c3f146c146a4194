"""Cheap dimming of the screen under a dialog: drawn from the lines that screen has already composed, each
style dimmed once and remembered, and only the rows that changed drawn again (the table keeps its picture from
one dialog to the next: `tui.dialogs.overlay.Underlay`).

Textual draws a dialog's background by rendering the whole screen underneath into a stream of styled
text, dimming every piece, and cutting the stream into lines again, whenever anything under or on the
dialog changes. This draws the same picture from the underlying screen's own lines, and a style met
before costs a look-up (a table has few distinct styles, met thousands of times a frame).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.color import Color
from textual.css.styles import RulesMap
from textual.geometry import Region
from textual.renderables.background_screen import BackgroundScreen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

if TYPE_CHECKING:
    from textual._compositor import Compositor
    from textual.app import App
    from textual.screen import Screen

NULL_STYLE = RichStyle()

DIALOG_TINT = 0.6  # the dialogs' background: the theme's own at 60 % (`tui.dialogs.base`, Textual's modal)

_TINTS: dict[str, tuple[Color, RichStyle]] = {}
"""Per theme, the tint and base style the last dialog was drawn with (dialogs share them)."""


@lru_cache(maxsize=4096)
def dimmed(style: RichStyle | None, color: Color) -> RichStyle:
    """Return a style as it shows through a dialog's background `color` (as Textual's own dimming does)."""
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
    """Return a dimmed style over the dialog's own base style (as Textual lays a widget's style under its
    render)."""
    return base + dimmed(style, color)


class Underneath:
    """Cache of the dimmed lines of a screen under a dialog, kept from frame to frame and from one dialog to
    the next: the rows that changed since they were drawn are drawn again, the others are kept."""

    def __init__(self) -> None:
        self.lines: list[Strip] = []
        self.plain: list[Strip] = []  # the same rows undimmed: the screen as it shows once back on top
        self.theme = ""  # the app's theme as they were drawn
        self.key: tuple[object, ...] = ()  # what the kept lines were drawn for: size, tint, base style
        self.rows: set[int] | None = None  # rows to draw again; None: all of them
        self.widgets: set[object] = set()  # widgets repainted since, whose rows are looked up when drawn

    def touch(self, regions: Iterable[Region]) -> None:
        """Mark the rows of `regions` (screen coordinates) to be drawn again."""
        if self.rows is not None:
            for region in regions:
                self.rows.update(region.line_range)

    def repainted(self, widget: object) -> None:
        """Mark the rows `widget` covers, wherever it is when the lines are next drawn, to be drawn again."""
        if self.rows is not None:
            self.widgets.add(widget)

    def picture(self, screen: Screen[Any]) -> list[Strip] | None:
        """Return `screen`'s whole picture, undimmed, from the cached lines with the rows changed since
        redrawn; None when the cache cannot be used (none kept, another size or theme, all changed). The rows
        drawn again stay marked: the dimmed lines of those rows are still to be drawn. A widget repainted in
        the same moment, before the screen has heard of it, is drawn by the next update, as with Textual's own
        whole drawing."""
        self.fold(screen)
        size = screen._compositor.size
        if self.rows is None or not self.key or self.key[0] != size or self.theme != screen.app.theme:
            return None
        if len(self.plain) != size.height:
            return None
        return redrawn(screen._compositor, self.plain, self.rows)

    def forget(self) -> None:
        """Draw every row again next time."""
        self.rows = None
        self.widgets.clear()

    def fold(self, screen: Screen[object]) -> None:
        """Convert the repainted widgets into the rows they cover now on `screen` (the screen itself
        repainted: every row)."""
        if self.widgets and self.rows is not None:
            if screen in self.widgets:
                self.forget()
                return
            placed = screen._compositor.visible_widgets
            where = [placed.get(widget) for widget in self.widgets]  # type: ignore[call-overload]
            self.touch(region.intersection(clip) for region, clip in filter(None, where))
        self.widgets.clear()


class DimmedScreen(Visual):
    """A screen's picture under a dialog, as a renderable."""

    def __init__(self, screen: Screen[Any], color: Color, kept: Underneath | None = None) -> None:
        self.screen = screen
        self.color = color
        self.kept = kept if kept is not None else Underneath()

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        compositor = self.screen._compositor
        size = compositor.size
        base = style.rich_style
        kept = self.kept
        key = (size, self.color, base)
        _TINTS[self.screen.app.theme] = (self.color, base)
        kept.fold(self.screen)
        if kept.rows is None or kept.key != key:
            plain = compositor.render_strips()
            lines = [_dim(strip, base, self.color) for strip in plain]
        else:
            lines, plain = kept.lines, redrawn(compositor, kept.plain, kept.rows)
            for y in kept.rows:
                if 0 <= y < size.height:
                    lines[y] = _dim(plain[y], base, self.color)
        kept.lines, kept.plain, kept.key, kept.rows = lines, plain, key, set()
        kept.theme = self.screen.app.theme
        return lines[:height] if height is not None else list(lines)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.screen._compositor.size.height


def redrawn(compositor: Compositor, lines: list[Strip], rows: Iterable[int]) -> list[Strip]:
    """Redraw `rows` of `lines` (a screen's picture, undimmed) with `compositor`, in place.

    Each run of adjacent rows is drawn on its own: the compositor renders every widget that meets the
    region it is given, so the status line and the footer drawn together (a clock's tick and the keys it
    changed) made it render every widget of the table between them, a dozen milliseconds each time."""
    height = compositor.size.height
    width = compositor.size.width
    for first, last in runs(sorted({y for y in rows if 0 <= y < height})):
        crop = Region(0, first, width, last - first + 1)
        chops = compositor._render_chops(crop, range(first, last + 1).__contains__)
        for y in range(first, last + 1):
            lines[y] = Strip.join(chops[y].values())
    return lines


def runs(rows: list[int]) -> Iterator[tuple[int, int]]:
    """Return the runs of adjacent numbers in sorted `rows`, each as its first and last."""
    start = previous = None
    for y in rows:
        if previous is not None and y == previous + 1:
            previous = y
            continue
        if start is not None and previous is not None:
            yield start, previous
        start = previous = y
    if start is not None and previous is not None:
        yield start, previous


def _dim(strip: Strip, base: RichStyle, color: Color) -> Strip:
    """Dim a line of the screen under a dialog as it shows through the dialog's background."""
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
    return Strip(segments, strip.cell_length)


def tint_of(app: App[Any]) -> tuple[Color, RichStyle] | None:
    """Return the tint and base style a dialog will be drawn with under `app`'s theme: as the last one was, or
    before any, the theme's background at `DIALOG_TINT` over its foreground and background. None with the
    terminal's own colours until a dialog has been drawn (they are not worked out from the theme)."""
    learned = _TINTS.get(app.theme)
    if learned is not None:
        return learned
    if app.native_ansi_color:
        return None
    variables = app.get_css_variables()
    background, foreground = Color.parse(variables["background"]), Color.parse(variables["foreground"])
    return background.with_alpha(DIALOG_TINT), RichStyle(
        color=foreground.rich_color, bgcolor=background.rich_color
    )


def prepare(screen: Screen[Any], kept: Underneath) -> bool:
    """Dim `screen`'s picture into the cache `kept` before any dialog is shown over it, with the tint a dialog
    will have (`tint_of`): the first dialog then draws only the rows that changed since, where it drew the
    whole table (at a server's start, every person's first dialog comes at once). False if there is nothing to
    do, or dialogs do not dim."""
    tint = tint_of(screen.app)
    if tint is None or kept.rows is not None:
        return False
    color, base = tint
    compositor = screen._compositor
    kept.plain = compositor.render_strips()
    kept.lines = [_dim(strip, base, color) for strip in kept.plain]
    kept.key, kept.rows = (compositor.size, color, base), set()
    kept.theme = screen.app.theme
    kept.widgets.clear()
    return True


def dim_background(rendered: object, kept: Underneath | None = None) -> object:
    """Render a dialog screen (its `render()`), drawing Textual's dimmed background the cheaper way (`kept`:
    the cached lines drawn for this dialog before, and which of them have changed since)."""
    if isinstance(rendered, BackgroundScreen):
        return DimmedScreen(rendered.screen, rendered.color, kept)
    return rendered
