"""A building won at a shortage auction: choose the lot it goes on."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Label, Static

from engine import Build
from translation import N_, _
from tui.dialogs.base import DecisionDialog
from tui.widgets.command_list import CommandList
from tui.widgets.steady_footer import SteadyFooter


class PlaceBuildingDialog(DecisionDialog):
    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Place your building"), id="title")
            yield Static(id="body")
            yield CommandList(id="lots")
        yield SteadyFooter()

    def refresh_from_game(self) -> None:
        pend = self.view.pending
        building = getattr(pend, "building", "building")
        said = (
            _("You won a hotel at auction and have paid for it. Choose the lot it goes on:")
            if building == "hotel"
            else _("You won a house at auction and have paid for it. Choose the lot it goes on:")
            if building == "house"
            else _("You won a building at auction and have paid for it. Choose the lot it goes on:")
        )
        self.query_one("#body", Static).update(Content(said))
        board = self.client.board
        items = [(c, board.name(c.space)) for c in self.legal(self.player) if isinstance(c, Build)]
        self.query_one(CommandList).set_commands(items, N_("No lot can take it."))
        self.query_one(CommandList).focus()

    def on_command_list_chosen(self, event: CommandList.Chosen) -> None:
        self.table.play(event.command)
