"""A line to the table's chat."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, Static

from tui.screens.overlay import Overlay
from tui.widgets.steady_input import SteadyInput


class ChatDialog(Overlay[str | None]):
    """Type a line; Enter sends it to everyone at the table, Esc does not."""

    lets_bots_play = True
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    ChatDialog { align: center bottom; }
    ChatDialog Vertical { width: 70; height: auto; border: round $primary; background: $surface; }
    """

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Say to the table (Enter sends, Esc cancels):")
            yield SteadyInput(max_length=self.limit, id="line")

    def on_mount(self) -> None:
        """Closed before its mount came round (`/` and Escape read in one moment), it has no line to focus."""
        for line in self.query(Input).results(Input):
            line.focus()

    def clear(self) -> None:
        """Empty the line for its next use."""
        for line in self.query(Input).results(Input):
            line.value = ""

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
