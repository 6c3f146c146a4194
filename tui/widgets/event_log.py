"""The event log: every event of the game in words, colour-coded by player, scrollable."""

from __future__ import annotations

from tui.widgets.lines import LinesView


class EventLog(LinesView, can_focus=True):
    """Follows the newest event unless scrolled back."""

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

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, follow_end=True)
        self.border_title = "Events"

    @property
    def entry_count(self) -> int:
        return len(self._entries)
