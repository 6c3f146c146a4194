"""Why did that happen: the rule behind a line of the event log, or the rules of a space, with where each
comes from and how the other editions play it (`tui.text.why`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from translation import N_, _


class WhyScreen(ModalScreen[None]):
    """A Textual screen explaining a rule, or a space's rules; Esc (or the key that opened it) closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,y,enter,q", "close", N_("Close"))]
    DEFAULT_CSS = """
    WhyScreen {
        align: center middle;
        background: $background 60%;
    }
    WhyScreen > #dialog {
        width: 90;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        background: $surface;
    }
    WhyScreen #title {
        width: 1fr;
        text-style: bold;
        background: $primary 30%;
        padding: 0 1;
    }
    WhyScreen VerticalScroll {
        height: auto;
        max-height: 36;
        padding: 0 1;
    }
    """

    def __init__(self, title: str, lines: Sequence[Content]) -> None:
        super().__init__()
        self.heading = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(Content(_("{heading} (Esc to close)", heading=self.heading)), id="title")
            with VerticalScroll():
                yield Static(Content("\n").join(self.lines), id="why")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    @property
    def text(self) -> str:
        """Return the screen's text as plain text (for tests and the command palette)."""
        return "\n".join(line.plain for line in self.lines)

    def action_close(self) -> None:
        self.dismiss()
