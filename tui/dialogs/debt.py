"""Raising cash for a debt: what is owed and to whom, and every way to raise it; bankruptcy only when
nothing else can cover it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Footer, Label, Static

from engine import Mortgage, SellBuilding, SellLot
from engine.narration import money
from tui.dialogs.bankruptcy import BankruptcyDialog
from tui.dialogs.base import DecisionDialog, PaletteEntry
from tui.widgets.command_list import CommandList
from tui.words import charge_text, describe_command, raising


class DebtDialog(DecisionDialog):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "trade", "Trade"),
        Binding("x", "bankrupt", "Bankruptcy"),
    ]
    DEFAULT_CSS = """
    DebtDialog > #dialog {
        border: thick $error;
    }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("", id="title")
            yield Static(id="body")
            yield CommandList(id="ways")
            with Horizontal(classes="buttons"):
                yield Button("Trade (t)", id="trade", variant="primary", compact=True)
                yield Button("Declare bankruptcy (x)", id="bankrupt", variant="error", compact=True)
        yield Footer(compact=True, show_command_palette=False)

    def refresh_from_game(self) -> None:
        view = self.view
        charge = getattr(view.pending, "charge", None)
        if charge is None:
            return
        client = self.client
        names = client.names
        creditor = "the bank" if charge.payee is None else names[charge.payee]
        cash = view.players[self.player].cash
        raisable = client.facts().raisable[self.player]
        self.query_one("#title", Label).update(
            Content(f"{names[self.player]} owes {creditor} {money(charge.amount)}")
        )
        what = charge_text(charge.reason, charge.detail, charge.space, client.board)
        self.query_one("#body", Static).update(
            Content(
                f"{what[:1].upper()}{what[1:]}. Cash {money(cash)}: short by {money(charge.amount - cash)}.\n"
                f"To {raising(client.board)}: everything would raise {money(raisable)}. "
                "The debt is paid as soon as your cash covers it. You may also sell deeds in a trade."
            )
        )
        ways = [
            (c, describe_command(c, view, client.board))
            for c in self.legal(self.player)
            if isinstance(c, SellBuilding | SellLot | Mortgage)
        ]
        ways_list = self.query_one(CommandList)
        ways_list.set_commands(ways, "Nothing left to sell.")
        if ways:
            ways_list.focus()
        legal = {c.kind for c in self.legal(self.player)}
        self.enable("trade", client.can_trade(self.player))
        self.enable("bankrupt", "declare_bankruptcy" in legal)

    def on_command_list_chosen(self, event: CommandList.Chosen) -> None:
        self.table.play(event.command)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "trade":
            self.action_trade()
        else:
            self.action_bankrupt()

    def action_trade(self) -> None:
        if self.client.can_trade(self.player):
            self.table.open_trade(self.player)

    def action_bankrupt(self) -> None:
        legal = {c.kind for c in self.legal(self.player)}
        if "declare_bankruptcy" in legal:
            self.app.push_screen(BankruptcyDialog(self.table, self.player))
        else:
            self.notify(f"You can still raise the cash: {raising(self.client.board)} first.", timeout=3)

    def hint(self, action: str, description: str) -> str:
        if action == "bankrupt":
            return f"You can still raise the cash: {raising(self.client.board)} first."
        if action == "trade":
            return "Trades wait until the auction or the open offer is settled."
        return super().hint(action, description)

    def palette_commands(self) -> Iterable[PaletteEntry]:
        yield ("Trade to raise cash", "Open the trade negotiator", self.action_trade)
        yield ("Declare bankruptcy", "Only when nothing can cover the debt", self.action_bankrupt)
