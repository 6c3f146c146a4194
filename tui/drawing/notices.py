"""Notices drawn over the screen, never mounted in it.

Textual shows each notification as widgets mounted on the screen on top (a toast in a rack), and every
toast that comes or goes lays the whole screen out again, three to five times over a toast's life. On a
server drawing dozens of tables in one process, with a notice for every auction won, trade answered or
key pressed out of turn, that was a third of the CPU spent on each key. Here the app keeps Textual's
notifications (what they say, their severity, how long they last) and draws them itself: a column of
boxes in the top right corner, written after every update of the screen that touches it; when one goes,
the screen repaints the rows under it. No widget is made, laid out or collected.

A screen may name a place of its own for them (`notice_area`): the table puts them over the oldest lines
of the log in the board's middle, where in the corner they covered the board's top row and the Holdings
title.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.control import Control
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual._compositor import ChopsUpdate, CompositorUpdate
from textual.app import ScreenStackError
from textual.color import Color
from textual.geometry import Region, Size
from textual.notifications import Notification
from textual.strip import Strip

from tui.drawing.repaint import repaint_regions

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen
    from textual.timer import Timer

WIDTH = 60  # columns a notice takes at most (and at most half the screen)
TOP = 1  # rows left free above the first notice (the title line)
GAP = 1  # rows between two notices
_STYLES: dict[tuple[str, bool | None], dict[str, Style]] = {}  # by theme (`Notices._styles`)
BAR = "▌"  # the left edge of a notice, in its severity's colour
SEVERITY = {"information": "success", "warning": "warning", "error": "error"}  # theme colour of the edge


@dataclass(frozen=True)
class Box:
    """The notification overlay as drawn for one screen size: its position and each row's text."""

    region: Region
    rows: tuple[tuple[int, Strip], ...]  # (y, the row from the box's left edge)

    def touched_by(self, update: CompositorUpdate) -> bool:
        """Whether writing `update` may draw over part of the overlay."""
        if isinstance(update, ChopsUpdate):
            top, bottom = self.region.y, self.region.bottom
            left, right = self.region.x, self.region.right
            return any(top <= y < bottom and x1 < right and x2 > left for y, x1, x2 in update.spans)
        return True

    def render_segments(self, console: Console) -> str:
        x = self.region.x
        return "".join(Control.move_to(x, y).segment.text + strip.render(console) for y, strip in self.rows)

    def lines(self) -> list[str]:
        """Return the overlay's rows as plain text."""
        return [strip.text for _, strip in self.rows]


class Covered(CompositorUpdate):
    """A screen update followed by the notifications redrawn over it, in the same write."""

    def __init__(self, under: CompositorUpdate, box: Box) -> None:
        self.under = under
        self.box = box

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        under: Any = self.under  # each kind of update is a renderable of its own
        yield under

    def render_segments(self, console: Console) -> str:
        return self.under.render_segments(console) + self.box.render_segments(console)


class Notices:
    """The app's notifications, drawn as boxes over whichever screen is on top."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.shown = True  # drawn at all (a test may ask for notifications kept but not drawn)
        self.edge = BAR
        self._box: Box | None = None
        self._key: tuple[object, ...] | None = None  # what the box was drawn for (`box`)
        self._painted: Box | None = None  # the box the screen was last drawn with, or asked to repaint for
        self._timer: Timer | None = None

    def current(self) -> list[Notification]:
        """Return the notifications still to be shown, oldest first (Textual drops the expired ones).

        Read by iterating once: `list()` would also ask their number, and Textual drops the notices
        expired since as it counts them, from under the iteration already begun. A notice expiring in
        between (a collector's pass of a busy server is long enough) ended the session."""
        return [note for note in self.app._notifications]  # noqa: C416

    def refresh(self) -> None:
        """Redraw the notifications after a possible change (Textual calls this on every notice and whenever a
        screen comes on top): draw the overlay again where it was and where it goes if it changed, and wake up
        when the next one is due to go."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        notes = self.current()
        old = self._painted
        new = self.box()
        try:
            screen: Screen[Any] | None = self.app.screen
        except ScreenStackError:  # no screen yet (or any more): the next update draws what is due
            screen = None
        if screen is not None and new is not old:
            # the rows under the box, drawn with whatever else changed on the screen meanwhile
            repaint_regions(screen, [b.region for b in (old, new) if b is not None])
            self._painted = new
        if notes:
            due = min(n.time_left for n in notes)
            self._timer = self.app.set_timer(max(due, 0.0) + 0.01, self.refresh, name="notices")

    def box(self) -> Box | None:
        """Return the overlay for the current notifications and screen size (None with nothing to show): drawn
        again only when the notices, the size or the look changed (a server asks for it on every dialog that
        opens or closes)."""
        notes = self.current() if self.shown else []
        if not notes:
            self._box, self._key = None, None
            return None
        app = self.app
        size = app.size
        area = self._area()
        key = (size, area, tuple(n.identity for n in notes), app.theme, app.ansi_color, self.edge)
        if key != self._key or self._box is None:
            self._box, self._key = self._draw(notes, size, area), key
        return self._box

    def _area(self) -> tuple[Region, int] | None:
        """Return the place the screen on top keeps for notices, and the row they start at, if it keeps one
        (`tui.widgets.centre.CentrePanel.notice_area`)."""
        try:
            screen = self.app.screen
        except ScreenStackError:
            return None
        place = getattr(screen, "notice_area", None)
        return place() if callable(place) else None

    def over(self, update: CompositorUpdate) -> CompositorUpdate:
        """Return `update`, followed by the notifications again if it draws where they are, or if they changed
        since the screen was drawn with them. A notice can expire between two updates, before the timer that
        redraws them is due (late on a busy machine): the box then changes here, first, and is drawn at once,
        and the rows the old one covered are repainted right after; left to the timer, it found the box
        already changed and repainted nothing, and the expired notice stayed on the terminal."""
        box = self.box()
        if box is not self._painted:
            old, self._painted = self._painted, box
            if old is not None:
                self.app.call_later(self._repaint_under, old.region)
            return update if box is None else Covered(update, box)
        if box is None or not box.touched_by(update):
            return update
        return Covered(update, box)

    def _repaint_under(self, region: Region) -> None:
        try:
            screen = self.app.screen
        except ScreenStackError:
            return
        repaint_regions(screen, [region])

    # --- drawing ---------------------------------------------------------------------------------

    def _draw(
        self, notes: Sequence[Notification], size: Size, area: tuple[Region, int] | None = None
    ) -> Box | None:
        if area is not None:
            place, start = area  # its whole width: no stray ends of the lines under it either side
            width, left, top, room = place.width, place.x, place.y, place.height
        else:  # the top right corner, under the title line and above the footer's row
            start = TOP
            width = min(WIDTH, size.width // 2)
            left, top, room = size.width - width, TOP, size.height - TOP - 1
        inner = width - 3  # the edge, and a column of padding each side
        if inner < 8 or room < 3:
            return None
        styles = self._styles()
        blocks = [self._block(n, inner, styles) for n in notes]
        # below the start, the newest that fit; if not even the newest does, as high as it must rise
        kept, used = _newest(blocks, top + room - start)
        if not kept:
            kept, used = _newest(blocks, room)
        if not kept:
            return None
        first = max(top, min(start, top + room - used))
        rows: list[tuple[int, Strip]] = []
        y = first
        for i, block in enumerate(kept):
            if i:
                y += GAP
            for strip in block:
                rows.append((y, strip))
                y += 1
        return Box(Region(left, first, width, y - first), tuple(rows))

    def _block(self, note: Notification, inner: int, styles: dict[str, Style]) -> list[Strip]:
        body, edge, bar = styles["body"], styles[note.severity], self.edge
        lines: list[tuple[str, Style]] = []
        console = self.app.console
        if note.title:
            lines += [(line.plain, styles["title"]) for line in Text(note.title).wrap(console, inner)]
        lines += [(line.plain, body) for line in Text(note.message).wrap(console, inner)]
        blank = Strip([Segment(bar, edge), Segment(" " * (inner + 2), body)])
        strips = [blank]
        for text, style in lines:
            text = text.rstrip()
            pad = max(0, inner - cell_len(text))
            strips.append(
                Strip(
                    [
                        Segment(bar, edge),
                        Segment(" ", body),
                        Segment(text, style),
                        Segment(" " * (pad + 1), body),
                    ]
                )
            )
        strips.append(blank)
        return strips

    def _styles(self) -> dict[str, Style]:
        """Return the notifications' styles under the app's theme: computed once per theme for the whole
        process (generating the theme's variables is slow, and a server draws notices often)."""
        app = self.app
        key = (app.theme, app.ansi_color)
        styles = _STYLES.get(key)
        if styles is None:
            styles = _STYLES[key] = self._theme_styles()
        return styles

    def _theme_styles(self) -> dict[str, Style]:
        colours = self.app.get_css_variables()

        def colour(name: str) -> Color | None:
            value = colours.get(name)
            if value is None:
                return None
            try:
                parsed = Color.parse(value)
            except Exception:  # a theme's value Textual's own parser refuses: leave that colour out
                return None
            return None if parsed.a == 0 else parsed

        back = colour("panel-lighten-1") or colour("ansi-background")
        fore = colour("foreground")
        bgcolor = back.rich_color if back is not None else None
        body = Style(color=fore.rich_color if fore is not None else None, bgcolor=bgcolor)
        styles = {"body": body, "title": body + Style(bold=True)}
        for severity, name in SEVERITY.items():
            edge = colour(name)
            styles[severity] = Style(color=edge.rich_color if edge is not None else None, bgcolor=bgcolor)
        return styles


def _newest(blocks: Sequence[list[Strip]], room: int) -> tuple[list[list[Strip]], int]:
    """Return the newest of the notices' blocks that fit in `room` rows (a gap between two), oldest first,
    and the rows they take."""
    kept: list[list[Strip]] = []
    used = 0
    for block in reversed(blocks):  # the newest first: they are kept when not all fit
        need = len(block) + (GAP if kept else 0)
        if used + need > room:
            break
        kept.insert(0, block)
        used += need
    return kept, used
