"""Declaring bankruptcy: what is owed, what could be raised, and where everything goes. Asked twice."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label, Static

from engine import DeclareBankruptcy
from translation import N_, _, money
from tui.dialogs.base import GameDialog, Table
from tui.widgets.steady_footer import SteadyFooter


class BankruptcyDialog(GameDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "declare", N_("Declare bankruptcy")),
        Binding("escape", "close", N_("Back")),
    ]
    DEFAULT_CSS = """
    BankruptcyDialog > #dialog {
        border: thick $error;
    }
    """

    def __init__(self, table: Table, player: int) -> None:
        super().__init__(table)
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Declare bankruptcy?"), id="title")
            yield Static(id="body")
            with Horizontal(classes="buttons"):
                yield Button(_("Declare bankruptcy (x)"), id="declare", variant="error", compact=True)
                yield Button(_("Back (esc)"), id="back", compact=True)
        yield SteadyFooter()

    def refresh_from_game(self) -> None:
        view = self.view
        pend = view.pending
        charge = getattr(pend, "charge", None)
        names = self.client.names
        if charge is None:
            self.query_one("#body", Static).update(Content(_("There is no debt to answer for now.")))
            self.enable("declare", False)
            return
        creditor = _("the bank") if charge.payee is None else names[charge.payee]
        raisable = self.client.facts().raisable[self.player]
        cash = view.players[self.player].cash
        ed = self.client.board.edition
        if charge.payee is None:
            fate = _(
                "Your deeds go back to the bank, which auctions them; your buildings return to the bank."
            )
            if not (view.rules.auctions and ed.auction_returned_deeds):
                fate = _(
                    "Your lots and their houses go back to the bank, for sale again; your cash goes too."
                )
        elif ed.houses_with_lot:
            fate = _(
                "Everything you have goes to {creditor}: cash, and your lots with their houses on them "
                "(as many as {creditor} has ownership markers left; the rest the bank buys at half price).",
                creditor=creditor,
            )
        else:
            fate = _(
                "Your buildings are sold to the bank at half price and everything you have goes to "
                "{creditor}: cash, deeds (mortgaged ones stay mortgaged) and jail cards.",
                creditor=creditor,
            )
        owes = (
            _(
                "{name} owes the bank {amount}, has {cash} and could raise only {more} more.",
                name=names[self.player],
                amount=money(charge.amount),
                cash=money(cash),
                more=money(raisable),
            )
            if charge.payee is None
            else _(
                "{name} owes {creditor} {amount}, has {cash} and could raise only {more} more.",
                name=names[self.player],
                creditor=creditor,
                amount=money(charge.amount),
                cash=money(cash),
                more=money(raisable),
            )
        )
        self.query_one("#body", Static).update(Content(f"{owes}\n{fate}\n" + _("You leave the game.")))
        legal = {c.kind for c in self.legal(self.player)}
        self.enable("declare", "declare_bankruptcy" in legal)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "declare":
            self.action_declare()
        else:
            self.dismiss()

    def action_declare(self) -> None:
        if self.query_one("#declare", Button).disabled:
            return
        table, player = self.table, self.player
        self.dismiss()  # first: the game may end, and its last screen goes on top
        table.play(DeclareBankruptcy(player=player))
