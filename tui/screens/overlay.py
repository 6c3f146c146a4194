"""A screen laid over the game: the table shows through it dimmed, and it closes only while on top."""

from __future__ import annotations

from textual.app import RenderResult
from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, ScreenResultType

from tui.widgets.tinted import dim_background


class Overlay(ModalScreen[ScreenResultType]):
    """The base of the game's dialogs and the server's chat line."""

    def dismiss(self, result: ScreenResultType | None = None) -> AwaitComplete:
        """Close this screen if it is still the one on top: a key read just after the game closed it (a
        stand-in or a bot settled what it asked, or `/` and Escape read in one moment) closes nothing else."""
        if self.app.screen is not self:
            return AwaitComplete()
        return super().dismiss(result)

    def render(self) -> RenderResult:  # type: ignore[override]  # the screen under it, dimmed more cheaply
        return dim_background(super().render())  # type: ignore[return-value]
