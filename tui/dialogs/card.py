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

    def __init__(self, table: Table, player: str, deck: str, text: str) -> None:
        super().__init__(table)
        self.player_name = player
        self.deck = deck
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(Content(_("{name} drew {card}", name=self.player_name, card=self.deck)), id="title")
            yield Static(Content(self.text), id="text")
            with Horizontal(classes="buttons"):
                yield Button(_("OK (enter)"), id="ok", variant="primary", compact=True)
        yield SteadyFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()
