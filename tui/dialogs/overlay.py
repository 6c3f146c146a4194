"""A modal screen over the game: the table shows through it dimmed, and it closes only while on top."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from typing import Any, ClassVar, Self

from textual import events, messages
from textual._compositor import LayoutUpdate
from textual.app import App, RenderResult
from textual.await_complete import AwaitComplete
from textual.geometry import NULL_SIZE, Region, Size
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen, Screen, ScreenResultType
from textual.widget import _RenderCache

from room.lesson import Explanation
from tui.drawing.repaint import repaint_regions
from tui.widgets.lesson_note import LessonNote
from tui.widgets.steady_input import SteadyInput
from tui.widgets.tinted import Underneath, dim_background, prepare


class Overlay(ModalScreen[ScreenResultType]):
    """Base class of the game's dialogs and the server's chat line."""

    LESSON_INTO: ClassVar[str | None] = None
    """CSS selector of the container whose foot shows a tutorial explanation while this screen is open
    (`show_lesson`), if any."""

    _lesson: Explanation | None = None

    def show_lesson(self, explanation: Explanation) -> bool:
        """Show a lesson's explanation at the foot of this dialog, where a notice laid over it would hide
        part of it; False where this screen has no room for one."""
        if self.LESSON_INTO is None:
            return False
        self._lesson = explanation
        if self.is_mounted:
            self._place_lesson()
        return True

    def _place_lesson(self) -> None:
        explanation = self._lesson
        boxes = list(self.query(self.LESSON_INTO)) if self.LESSON_INTO is not None else []
        if explanation is None or not boxes:
            return
        for old in self.query(LessonNote):
            if old.explanation == explanation:
                return
            old.remove()
        boxes[0].mount(LessonNote(explanation))

    def on_mount(self) -> None:
        self._place_lesson()

    def dismiss(self, result: ScreenResultType | None = None) -> AwaitComplete:
        """Close this screen if it is still the one on top: a key read just after the game closed it (a
        stand-in bot or a bot answered what it asked, or `/` and Escape read in one moment) closes nothing
        else."""
        if self.app.screen is not self:
            return AwaitComplete()
        return super().dismiss(result)

    @cached_property
    def underneath(self) -> Underneath:
        """The cached dimmed lines of the screen under this one, as last drawn (a table has its own:
        `dimmed`)."""
        return Underneath()

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        """Repaint regions changed under the dialog (Textual passes them on from the screen under it), drawn
        with the dialog's own changes of the same moment, not instead of them (`tui.drawing.repaint`)."""
        if regions and repaint and not layout and not recompose and self.is_mounted:
            repaint_regions(self, regions)
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _set_dirty(self, *regions: Region) -> None:
        """Mark the dialog dirty: what changes under the dialog reaches it as regions of it; a repaint of the
        whole dialog (its focus moved, say) leaves the picture under it as it was."""
        self.underneath.touch(regions)
        super()._set_dirty(*regions)

    def make_ahead(self, app: App[object]) -> None:
        """Prebuild this screen: compose, style and lay it out, installed and not yet shown, at a quiet moment
        before it is first needed (`Underlay.ahead`). The cost of its first opening is then spent while the
        person waits for the game, not between their key and its screen. Nothing is drawn: it is laid out off
        the stack."""
        if self.is_running or self in app.screen_stack:
            return
        app._load_screen_css(self)
        app._register(app, self)
        self.call_later(self._lay_out_ahead)

    def _lay_out_ahead(self) -> None:
        app = self.app
        if self.is_attached and self not in app.screen_stack:
            self._refresh_layout(app.size)
            self._styled_for = self._styles_now()
            # A screen's update timer, never yet run, waits a whole period (a frame) from its first
            # resume to its first update: run it once now, with nothing to draw, so that the dialog is
            # drawn the moment it comes on top (prebuilt, it came a frame later than one built then).
            self._update_timer.resume()

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """Refresh on resume: the table may have changed under another screen laid over this one. Textual then
        calls `Screen._on_screen_resume` itself (a handler of each class in the line runs): calling it from
        here as well styled, laid out and drew the dialog twice each time it came on top."""
        self.underneath.forget()
        self._resuming = True
        if isinstance(self.focused, SteadyInput):
            self.focused.wake()  # stopped blinking while the screen was not on top
        if self._styled_for is None:  # first on top: its widgets were styled moments ago, as they mounted
            self._styled_for = self._styles_now()

    def _on_screen_suspend(self) -> None:
        """Free the dialog's rendered lines when it is closed and cached for reuse: the dimmed table under it,
        a whole screen of them. Coming back on top it draws them again in any case, from the table as it is
        then (Textual refreshes a screen as it resumes). Its widgets keep theirs, to come back as they
        were."""
        if self not in self.app.screen_stack:
            self._styles_cache.clear()
            self._render_cache = _RenderCache(NULL_SIZE, [])

    _resuming = False
    _styled_for: tuple[object, ...] | None = None

    def update_node_styles(self, animate: bool = True) -> None:
        """Restyle the dialog and everything in it, except when it comes on top with nothing that affects its
        styles changed since it was last styled: when it first comes on top, moments after its widgets were
        styled as they were mounted, or when a cached dialog comes back (each a large share of the time a
        dialog took to open). A class or pseudo-class of its own restyles its node as it changes, and what
        changes the whole app's styles (a theme, the app's focus) changes `_styles_now`."""
        resuming, self._resuming = self._resuming, False
        if resuming and not animate and self._styled_for == self._styles_now():
            return
        super().update_node_styles(animate)
        self._styled_for = self._styles_now()

    def _styles_now(self) -> tuple[object, ...]:
        """Return what, beyond the dialog's own nodes, its styles depend on: the app's stylesheet as last
        refreshed (each theme or CSS change counts one), its classes and its pseudo-classes."""
        app = self.app
        return (app._css_update_count, app.classes, app.pseudo_classes)

    def render(self) -> RenderResult:  # type: ignore[override]  # the screen under it, dimmed more cheaply
        rendered = super().render()
        below = rendered.screen if isinstance(rendered, BackgroundScreen) else None
        kept = below.dimmed if isinstance(below, Underlay) else self.underneath  # the table keeps its own
        return dim_background(rendered, kept)  # type: ignore[return-value]


class Underlay(Screen[ScreenResultType]):
    """Base class of a screen that dialogs are shown over (the table, the lobby).

    While a dialog is on top, Textual hands what changed on this screen to the dialog as regions, and also
    marks them to be repainted on this screen itself; the next change then hands on those regions again
    with its own, so that after the first change everything is handed on every time and the dialog draws
    the whole table again for each move made under it. This screen hands on only what changed: it is
    repainted whole anyway when it is back on top.

    It also keeps its dimmed picture from one dialog to the next (`dimmed`), and marks in it what changes
    while it is on top: the widgets repainted, and those moved, resized, shown or hidden by a layout. The
    next dialog then draws only those rows of the table again, where it drew all of them; a repaint of
    the whole screen because a dialog closed changes nothing in the picture and marks nothing.

    Before its first dialog (and after a resize), it dims its picture a moment after it is drawn
    (`PREPARE_AFTER`), so that the first dialog too draws only what changed; at that moment it also makes
    ahead the dialogs the first moves will open (`ahead`), once."""

    PREPARE_AFTER = 0.5  # seconds after it is drawn on top with no dimmed picture kept
    _prepared_for: Size | None = None  # the size a picture was last dimmed ahead for
    _preparing = False
    _made_ahead = False

    def ahead(self) -> Iterable[Overlay[Any]]:
        """Return the screens to prebuild for showing over this one (`make_ahead`): installed, cached between
        uses, and opened early and often."""
        return ()

    @cached_property
    def dimmed(self) -> Underneath:
        """This screen's dimmed lines as the last dialog over it drew them, and what changed since."""
        return Underneath()

    async def _on_update(self, message: messages.Update) -> None:
        """Record a widget repaint (Textual's own handler runs next: this one only records it)."""
        self.dimmed.repainted(message.widget)

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        kept = self.dimmed
        if kept.rows is None:
            super()._refresh_layout(size, scroll)
            return
        before = dict(self._compositor.visible_widgets)
        super()._refresh_layout(size, scroll)
        after = self._compositor.visible_widgets
        moved: list[Region] = []
        for widget in before.keys() | after.keys():
            old, new = before.get(widget), after.get(widget)
            if old != new:
                moved += [region.intersection(clip) for region, clip in filter(None, (old, new))]
        kept.touch(moved)

    def _screen_resized(self, size: Size) -> None:
        """Lay the screen out again for a new size; under another screen, not for the size it already has.
        Each screen laid out for the first time (a dialog opened, or one made ahead out of sight) resizes
        itself, and Textual passes that on to every screen under it: the table was laid out again whole,
        its scrollbars repainted, and the dialog over it drew their rows again, at a moment of no change."""
        if self is self.app.screen or size != self._compositor.size:
            super()._screen_resized(size)

    def _compositor_refresh(self) -> None:
        app = self.app
        regions = self._compositor._dirty_regions
        whole = self is app.screen and not app.is_inline and self._compositor.size.region in regions
        if whole and self._show_kept_picture():
            return
        if app.is_inline or self is app.screen or not regions or self not in app._background_screens:
            super()._compositor_refresh()
            if self is app.screen and self.dimmed.rows is None:
                self._plan_dimming()
            return
        repaint_regions(app.screen, regions)  # with the changes of the screen on top (`tui.drawing.repaint`)
        regions.clear()
        self._dirty_widgets.clear()
        app._update_mouse_over(self)

    def _show_kept_picture(self) -> bool:
        """Redraw the whole screen after a dialog over it closed: from the picture the last dialog cached of
        it, only the rows that changed since drawn again. Textual composes every row of every widget anew, for
        a picture that a dialog usually left as it was."""
        lines = self.dimmed.picture(self)
        if lines is None:
            return False
        compositor = self._compositor
        compositor._dirty_regions.clear()
        self.app._display(self, LayoutUpdate([[line] for line in lines], compositor.size.region))
        self._dirty_widgets.clear()
        self.app._update_mouse_over(self)
        return True

    def _plan_dimming(self) -> None:
        if self._preparing or self._prepared_for == self._compositor.size:
            return  # at most once a size: a table repainted whole again and again dims nothing ahead
        self._preparing = True
        self.set_timer(self.PREPARE_AFTER, self._prepare_dimmed)

    def _prepare_dimmed(self) -> None:
        """Dim the picture in advance, once no visible widget waits to be repainted (a scrollbar, say): dimmed
        before that repaint, the first dialog would draw its rows again."""
        self._preparing = False
        if any(widget._repaint_required for widget in self._compositor.visible_widgets):
            self._plan_dimming()
            return
        if self.is_current and self.dimmed.rows is None and prepare(self, self.dimmed):
            self._prepared_for = self._compositor.size
        if self.is_current and not self._made_ahead:
            self._made_ahead = True
            app = self.app
            for screen in self.ahead():
                screen.make_ahead(app)
