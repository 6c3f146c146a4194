"""A card a person drew: the deck and the text, until they have read it."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from translation import N_, _
from tui.dialogs.base import GameDialog, Table
from tui.text.announcements import Card
from tui.widgets.steady_footer import SteadyFooter


class CardDialog(GameDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,space", "close", N_("OK")),
    ]
    DEFAULT_CSS = """
    CardDialog > #dialog {
        width: 50;
        border: thick $accent;
    }
    CardDialog #text {
        padding: 1 2;
        text-align: center;
        text-style: bold;
    }
    """

    def __init__(self, table: Table, card: Card) -> None:
        super().__init__(table)
        self.card = card

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self._title(), id="title")
            yield Static(Content(self.card.text), id="text")
            with Horizontal(classes="buttons"):
                yield Button(_("OK (enter)"), id="ok", variant="primary", compact=True)
        yield SteadyFooter()

    def _title(self) -> Content:
        return Content(_("{name} drew {card}", name=self.card.player, card=self.card.deck))

    def read(self, card: Card) -> None:
        """Show another card in this dialog, reused between cards (`tui.dialog_router`)."""
        self.card = card
        if self.is_mounted:
            self.query_one("#title", Label).update(self._title())
            self.query_one("#text", Static).update(Content(card.text))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()
