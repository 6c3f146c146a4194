"""The event log widget: every event of the game as text, colour-coded by player, scrollable.

With the keys on it, one line is selected (the newest to begin with) and moves with the arrows; `y`
asks the screen why that line happened (`EventLog.Explain`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message

from translation import N_, _
from tui.widgets.lines import LinesView


class EventLog(LinesView, can_focus=True):
    """Scrolling event log that follows the newest event unless scrolled back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "select(-1)", N_("Earlier"), show=False),
        Binding("down", "select(1)", N_("Later"), show=False),
        Binding("home", "select_end(0)", N_("First"), show=False),
        Binding("end", "select_end(1)", N_("Newest"), show=False),
        Binding("y", "explain", N_("Why?"), show=False),  # told on the border
    ]

    DEFAULT_CSS = """
    EventLog {
        overflow-y: scroll;
        background: $surface;
        border: round $primary 50%;
    }
    EventLog:focus {
        border: round $accent;
    }
    """

    class Explain(Message):
        """Message requesting an explanation of why the event of a log line happened (`entry`: its place in
        the log)."""

        def __init__(self, entry: int) -> None:
            super().__init__()
            self.entry = entry

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, follow_end=True)
        self.border_title = _("Events")
        self.border_subtitle = _("y: why?")
        self.selected: int | None = None  # None: the newest line

    @property
    def entry_count(self) -> int:
        return len(self._entries)

    @property
    def chosen(self) -> int | None:
        """Return the selected entry: the one chosen with the arrows, or the newest."""
        if not self._entries:
            return None
        return self.selected if self.selected is not None else len(self._entries) - 1

    def marked(self, entry: int) -> bool:
        return self.has_focus and entry == self.chosen

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_select(self, step: int) -> None:
        here = self.chosen
        if here is None:
            return
        self._choose(min(max(here + step, 0), len(self._entries) - 1))

    def action_select_end(self, newest: int) -> None:
        if self._entries:
            self._choose(len(self._entries) - 1 if newest else 0)

    def _choose(self, entry: int) -> None:
        self.selected = None if entry == len(self._entries) - 1 else entry
        self.pinned = self.selected is None  # a line chosen above the newest stays in view as lines come
        first, last = self.lines_of(entry)
        top, height = self.scroll_offset.y, self.scrollable_content_region.height
        if first < top:
            self.scroll_to(y=first, animate=False)
        elif last > top + height:
            self.scroll_to(y=last - height, animate=False)
        self.refresh()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enable the log's keys only while it shows lines (a log hidden by the layout leaves them to the
        screen: `y` then explains the selected space)."""
        if action in ("explain", "select", "select_end"):
            return self.display and bool(self._entries)
        return True

    def action_explain(self) -> None:
        if self.chosen is not None:
            self.post_message(self.Explain(self.chosen))

    def set_lines(self, entries: Iterable[Content]) -> None:
        """Replace the shown lines (the history rebuilt after a take-back): the newest is
        selected."""
        self.selected = None
        self.pinned = True
        super().set_lines(entries)
