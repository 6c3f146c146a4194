"""The chances panel over a dialog: `s` in an auction (or any dialog without an `s` of its own) shows each
player's chance to win from here, the table's own figure, without closing what the game asks; `s` or
Escape puts it away again."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from room.chances import Figure
from translation import N_, _
from tui.client import GameClient
from tui.dialogs.overlay import Overlay
from tui.styles.glyphs import UNICODE, Glyphs
from tui.widgets.chances import ChancesPanel


class ChancesScreen(Overlay[None]):
    """A Textual screen showing the table's chances over whatever dialog is open."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,s", "close", N_("Close"))]

    DEFAULT_CSS = """
    ChancesScreen {
        align: center middle;
        background: $background 40%;
    }
    ChancesScreen > ChancesPanel {
        width: 64;
        max-width: 100%;
        max-height: 100%;
    }
    ChancesScreen > #keys {
        width: 64;
        max-width: 100%;
        color: $text-muted;
        background: $surface;
        padding: 0 1;
    }
    """

    def __init__(self, client: GameClient, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self.client = client
        self.glyphs = glyphs
        self._stop: Callable[[], None] | None = None

    def compose(self) -> ComposeResult:
        yield ChancesPanel()
        yield Static(_("s or Esc: back to the game"), id="keys")

    def on_mount(self) -> None:
        self._stop = self.client.chances().watch(self._changed)

    def on_unmount(self) -> None:
        if self._stop is not None:
            stop, self._stop = self._stop, None
            stop()

    def _changed(self, figure: Figure) -> None:
        if self.is_mounted:
            self.query_one(ChancesPanel).show(figure, self.client.view(None), self.client.names, self.glyphs)

    def action_close(self) -> None:
        self.dismiss()
