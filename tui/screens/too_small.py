"""Shown while the terminal is smaller than the game needs; it goes away when the window grows. However
narrow the window, the message wraps within it rather than being cut."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from translation import _
from tui.models.layout import MIN_HEIGHT, MIN_WIDTH


def message(width: int, height: int) -> Content:
    return Content(
        _(
            "The window is {width} x {height}.\nlandlords needs at least {least_width} x {least_height}:\n"
            "make it larger to go on playing.",
            width=width,
            height=height,
            least_width=MIN_WIDTH,
            least_height=MIN_HEIGHT,
        )
    )


class TooSmallScreen(ModalScreen[None]):
    lets_bots_play = False

    DEFAULT_CSS = """
    TooSmallScreen {
        background: $background;
    }
    TooSmallScreen Static {
        width: auto;
        max-width: 100%;
        text-align: center;
    }
    """

    def compose(self) -> ComposeResult:
        width, height = self.app.size
        with Middle(), Center():
            yield Static(message(width, height), id="message")

    def show_size(self, width: int, height: int) -> None:
        for static in self.query("#message").results(Static):
            static.update(message(width, height))
