"""Mortgaging and lifting mortgages: every deed you hold, what the bank lends on it and what lifting costs."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, DataTable, Label, Static

from engine import Mortgage, Unmortgage
from translation import N_, _, money
from tui.client import refusal
from tui.dialogs.base import PaletteEntry
from tui.dialogs.lots import LotsDialog
from tui.widgets.steady_footer import SteadyFooter


class MortgageDialog(LotsDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "mortgage", N_("Mortgage")),
        Binding("u,l", "lift", N_("Lift")),
        Binding("escape", "close", N_("Done")),
    ]
    LOT_HEADING = N_("Deed")
    COLUMNS = (N_("State"), N_("Mortgage"), N_("Lift"))

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Mortgages"), id="title")
            yield Static(id="cash")
            yield DataTable(id="deeds", cursor_type="row", zebra_stripes=True)
            yield Static(id="why", classes="note")
            with Horizontal(classes="buttons"):
                yield Button(_("Mortgage (m)"), id="mortgage", variant="warning", compact=True)
                yield Button(_("Lift (u)"), id="lift", variant="success", compact=True)
                yield Button(_("Done (esc)"), id="done", compact=True)
        yield SteadyFooter()

    def refresh_from_game(self) -> None:
        client = self.client
        view = self.view
        board = client.board
        self.query_one("#title", Label).update(
            Content(_("{name}: mortgages", name=client.names[self.player]))
        )
        self.query_one("#cash", Static).update(
            Content(
                _(
                    "Cash {cash}. The bank lends half the price; lifting "
                    "costs the loan plus 10%. Sell a group's buildings before mortgaging any of it.",
                    cash=money(view.players[self.player].cash),
                )
            )
        )
        rows = []
        for s in board.deeds:
            deed = view.deeds[s]
            if deed.owner != self.player:
                continue
            state = _("mortgaged") if deed.mortgaged else (_("built") if deed.level else "")
            loan = "" if deed.mortgaged else f"+{money(board.mortgage[s])}"  # the bank lends once on a deed
            rows.append((s, (state, loan, money(board.unmortgage_cost(s)))))
        self.fill(rows)
        if not self._spaces:
            self.query_one("#why", Static).update(Content(_("You hold no deeds.")))
        self.update_buttons()

    def update_buttons(self) -> None:
        space = self.selected()
        if space is None:
            self.enable("mortgage", False)
            self.enable("lift", False)
            return
        mortgage = refusal(self.client, Mortgage(player=self.player, space=space))
        lift = refusal(self.client, Unmortgage(player=self.player, space=space))
        self.enable("mortgage", mortgage is None)
        self.enable("lift", lift is None)
        why = self.query_one("#why", Static)
        if mortgage is not None and lift is not None:
            why.update(Content(mortgage if not self.view.deeds[space].mortgaged else lift))
        else:
            why.update("")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        space = self.selected()
        if space is not None and self.view.deeds[space].mortgaged:
            self.action_lift()
        else:
            self.action_mortgage()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        match event.button.id:
            case "mortgage":
                self.action_mortgage()
            case "lift":
                self.action_lift()
            case _:
                self.dismiss()

    def action_mortgage(self) -> None:
        space = self.selected()
        if space is not None:
            self.table.play(Mortgage(player=self.player, space=space))

    def action_lift(self) -> None:
        space = self.selected()
        if space is not None:
            self.table.play(Unmortgage(player=self.player, space=space))

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield (_("Mortgage the selected deed"), "", self.action_mortgage)
        yield (_("Lift the mortgage on the selected deed"), "", self.action_lift)
