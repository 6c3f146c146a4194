"""A line to the table's chat."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult, RenderResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tui.widgets.steady_input import SteadyInput
from tui.widgets.tinted import dim_background


class ChatDialog(ModalScreen[str | None]):
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

    def dismiss(self, result: str | None = None) -> AwaitComplete:
        """Close the line if it is still on top: an Escape read as it was closing closes nothing else."""
        if self.app.screen is not self:
            return AwaitComplete()
        return super().dismiss(result)

    def render(self) -> RenderResult:  # type: ignore[override]  # the table under it, dimmed more cheaply
        return dim_background(super().render())  # type: ignore[return-value]

    def on_mount(self) -> None:
        """Closed before its mount came round (`/` and Escape read in one moment), it has no line to focus."""
        for line in self.query(Input).results(Input):
            line.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
