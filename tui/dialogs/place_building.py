"""A building won at a shortage auction: choose the lot it goes on."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Label, Static

from engine import Build
from translation import N_
from tui.dialogs.base import DecisionDialog
from tui.widgets.command_list import CommandList
from tui.widgets.steady_footer import SteadyFooter


class PlaceBuildingDialog(DecisionDialog):
    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Place your building", id="title")
            yield Static(id="body")
            yield CommandList(id="lots")
        yield SteadyFooter()

    def refresh_from_game(self) -> None:
        pend = self.view.pending
        building = getattr(pend, "building", "building")
        self.query_one("#body", Static).update(
            Content(f"You won a {building} at auction and have paid for it. Choose the lot it goes on:")
        )
        board = self.client.board
        items = [(c, board.name(c.space)) for c in self.legal(self.player) if isinstance(c, Build)]
        self.query_one(CommandList).set_commands(items, N_("No lot can take it."))
        self.query_one(CommandList).focus()

    def on_command_list_chosen(self, event: CommandList.Chosen) -> None:
        self.table.play(event.command)
